#!/usr/bin/env python3
"""Draw the game's icon: a fan of three cards on the table's green felt, the front
card bearing 够 in the game's own font.

    python build/make_icon.py            # writes assets/icon/gouji.{png,ico,icns}
    python build/make_icon.py --check    # exit 1 if the committed files are not what this draws

Needs Pillow (a build-time dependency: ``pip install -e '.[build]'``). Nothing is
random and nothing reads the clock, so the output is the same on every run with
the same Pillow; ``--check`` compares the pictures, not the bytes, so a newer
Pillow or FreeType that rounds an edge pixel or compresses differently still
passes while any change of drawing fails.

Outputs: ``gouji.png`` (256 px: the window icon and the Linux desktop icon),
``gouji.ico`` (16-256 px, Windows) and ``gouji.icns`` (16-512 px, macOS). The
sizes up to 32 px are drawn apart: one upright card, big enough to read.
"""

from __future__ import annotations

import argparse
import io
import struct
import sys
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFont, ImageStat

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "icon"
FONT = ROOT / "assets" / "fonts" / "GoujiSansSC-Bold.otf"
MASTER = 1024               # every size is scaled down from a drawing this big, which smooths its edges
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
SMALL = 32                  # this size and below: the simple drawing
PNG_SIZE = 256
# Apple's PNG-based icon types (one file holds each size macOS may ask for; @2x types repeat a size).
ICNS_TYPES = ((b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256), (b"ic09", 512),
              (b"ic11", 32), (b"ic12", 64), (b"ic13", 256), (b"ic14", 512))
TOLERANCE = 1.0             # --check: mean difference per channel (of 255) a size may show

# the table's colours (gouji/ui/draw/theme.py, cardart.py)
FELT_LIGHT = (36, 132, 86)
FELT_DARK = (13, 68, 44)
RIM = (112, 72, 38)
GOLD = (242, 196, 88)
PAPER = (252, 250, 243)
EDGE = (150, 146, 136)
RED = (196, 30, 42)
BLACK = (28, 28, 34)

Box = tuple[float, float, float, float]


def scaled(box: Box, n: int) -> tuple[int, int, int, int]:
    """A box given in fractions of the canvas, in pixels of an ``n``-pixel canvas."""
    x0, y0, x1, y1 = box
    return round(x0 * n), round(y0 * n), round(x1 * n), round(y1 * n)


def felt_tile(n: int, small: bool) -> Image.Image:
    """The rounded square of felt: lighter in the middle, as under a lamp, in a wooden rim
    with a thin gold line inside it."""
    inset = 0.02 if small else 0.05
    box = scaled((inset, inset, 1 - inset, 1 - inset), n)
    radius = round(n * (0.16 if small else 0.2))
    shade = Image.radial_gradient("L").resize((n, n), Image.Resampling.BICUBIC)   # 0 in the middle
    shade = shade.point(lambda v: min(255, int(v * 1.15)))
    felt = Image.composite(Image.new("RGBA", (n, n), FELT_DARK), Image.new("RGBA", (n, n), FELT_LIGHT), shade)
    mask = Image.new("L", (n, n), 0)
    ImageDraw.Draw(mask).rounded_rectangle(box, radius, fill=255)
    tile = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    tile.paste(felt, (0, 0), mask)
    draw = ImageDraw.Draw(tile)
    rim = round(n * (0.05 if small else 0.035))
    draw.rounded_rectangle(box, radius, outline=RIM, width=rim)
    if not small:
        inner = round(n * inset) + rim
        draw.rounded_rectangle((inner, inner, n - inner, n - inner), radius - rim, outline=GOLD,
                               width=round(n * 0.008))
    return tile


Colour = tuple[int, int, int]


def card(n: int, box: Box, mark: str, colour: Colour, at: tuple[float, float], size: float) -> Image.Image:
    """One card on a clear canvas: paper with a grey edge and a soft shadow, ``mark`` (a suit
    or 够) centred at ``at`` (fractions of the canvas), ``size`` of the canvas high."""
    layer = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    x0, y0, x1, y1 = scaled(box, n)
    radius = round((x1 - x0) * 0.12)
    shadow = round(n * 0.012)
    draw.rounded_rectangle((x0 + shadow, y0 + shadow, x1 + shadow, y1 + shadow), radius, fill=(0, 0, 0, 70))
    draw.rounded_rectangle((x0, y0, x1, y1), radius, fill=PAPER, outline=EDGE, width=max(1, round(n * 0.006)))
    font = ImageFont.truetype(str(FONT), round(n * size))
    draw.text((at[0] * n, at[1] * n), mark, font=font, fill=colour, anchor="mm")
    return layer


def fan(n: int) -> Image.Image:
    """Three cards fanned from a point below the middle: ♠ and ♥ behind, 够 in front."""
    pivot = (n * 0.5, n * 1.05)
    width, height = 0.35, 0.49
    box = (0.5 - width / 2, 0.25, 0.5 + width / 2, 0.25 + height)
    picture = felt_tile(n, small=False)
    # the back cards' marks sit in their outer top corners, the part the front card leaves in view
    for angle, mark, colour, at in ((19, "♠", BLACK, (0.395, 0.34)), (-19, "♥", RED, (0.605, 0.34))):
        layer = card(n, box, mark, colour, at, 0.12)
        picture.alpha_composite(layer.rotate(angle, Image.Resampling.BICUBIC, center=pivot))
    picture.alpha_composite(card(n, box, "够", RED, (0.5, 0.495), 0.265))
    return picture


def single(n: int) -> Image.Image:
    """For 32 px and below: one upright card filling most of the felt, 够 as big as it goes."""
    picture = felt_tile(n, small=True)
    picture.alpha_composite(card(n, (0.2, 0.11, 0.8, 0.89), "够", RED, (0.5, 0.49), 0.5))
    return picture


def images() -> dict[int, Image.Image]:
    """Every size any of the files holds, each drawn once."""
    big = fan(MASTER)
    small = single(MASTER)
    sizes = sorted({*ICO_SIZES, *(size for _, size in ICNS_TYPES), PNG_SIZE})
    return {size: (small if size <= SMALL else big).resize((size, size), Image.Resampling.LANCZOS)
            for size in sizes}


def png_bytes(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()


def ico_bytes(by_size: dict[int, Image.Image]) -> bytes:
    out = io.BytesIO()
    frames = [by_size[size] for size in ICO_SIZES]
    frames[-1].save(out, "ICO", sizes=[(s, s) for s in ICO_SIZES], append_images=frames[:-1])
    return out.getvalue()


def icns_bytes(by_size: dict[int, Image.Image]) -> bytes:
    """An .icns written here, not by Pillow: Pillow always adds a 1024 px picture, which would
    double the file for a size no one sees."""
    pngs = {size: png_bytes(by_size[size]) for size in {size for _, size in ICNS_TYPES}}
    body = b"".join(kind + struct.pack(">I", 8 + len(pngs[size])) + pngs[size] for kind, size in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def files() -> dict[str, bytes]:
    by_size = images()
    return {"gouji.png": png_bytes(by_size[PNG_SIZE]), "gouji.ico": ico_bytes(by_size),
            "gouji.icns": icns_bytes(by_size)}


def frames(data: bytes) -> dict[int, Image.Image]:
    """The pictures of an icon file by size, as RGBA."""
    if data[:4] == b"icns":
        found, at = {}, 8
        while at < len(data):
            length = struct.unpack(">I", data[at + 4:at + 8])[0]
            picture = Image.open(io.BytesIO(data[at + 8:at + length]))
            found[picture.width] = picture.convert("RGBA")
            at += length
        return found
    image = Image.open(io.BytesIO(data))
    if image.format == "ICO":
        return {size[0]: image.ico.getimage(size).convert("RGBA") for size in image.ico.sizes()}  # type: ignore[attr-defined]
    return {image.width: image.convert("RGBA")}


def difference(a: Image.Image, b: Image.Image) -> float:
    """The mean difference per channel, 0-255."""
    return max(ImageStat.Stat(ImageChops.difference(a, b)).mean)


def check(folder: Path) -> list[str]:
    """What differs between ``folder`` and a fresh drawing: a line per missing, extra or
    changed file (a different set of sizes, or a size further off than ``TOLERANCE``)."""
    fresh = files()
    problems = []
    for name in sorted(fresh.keys() | {path.name for path in folder.glob("gouji.*")}):
        path = folder / name
        if name not in fresh or not path.is_file():
            problems.append(f"{name}: {'not made by this script' if name not in fresh else 'missing'}")
            continue
        want, have = frames(fresh[name]), frames(path.read_bytes())
        if sorted(want) != sorted(have):
            problems.append(f"{name}: sizes {sorted(have)}, should be {sorted(want)}")
            continue
        off = {size: difference(want[size], have[size]) for size in want}
        problems += [f"{name}: the {size} px picture differs by {value:.2f} on average"
                     for size, value in off.items() if value > TOLERANCE]
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help=f"folder for the icon files (default {OUT})")
    parser.add_argument("--check", action="store_true", help="draw them in memory and exit 1 if the files in "
                        "--out show something else")
    args = parser.parse_args(argv)
    if args.check:
        problems = check(args.out)
        for line in problems:
            print(f"differs from what build/make_icon.py draws: {line}", file=sys.stderr)
        if not problems:
            print("icon files match")
        return 1 if problems else 0
    args.out.mkdir(parents=True, exist_ok=True)
    for name, data in files().items():
        (args.out / name).write_bytes(data)
        print(f"{name:11} {len(data) / 1024:6.1f} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
