#!/usr/bin/env python3
"""Cut the bundled CJK font: Noto Sans CJK SC (OFL-1.1), subset to the
characters the game can show, renamed (the OFL reserves the original name).

    apt-get install fonts-noto-cjk && pip install fonttools
    python build/make_font.py

Characters: the 3,755 common characters of GB2312 level 1 (so new texts and
lessons rarely need a new cut), every character in the gouji/ and bots/
sources and in the text assets (help texts, lessons), printable ASCII and a
little punctuation.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = Path("/usr/share/fonts/opentype/noto")
FACES = {"Regular": "NotoSansCJK-Regular.ttc", "Bold": "NotoSansCJK-Bold.ttc"}
SC_FACE_INDEX = 2  # Simplified Chinese inside the .ttc
FAMILY = "Gouji Sans SC"
EXTRA = "♠♥♣♦★☆●○·•×÷±→←↑↓…—–，。：；！？、（）《》“”‘’「」【】％＋－／０１２３４５６７８９"


def gb2312_level1() -> set[str]:
    """The 3,755 most common hanzi: GB2312 rows 16–55."""
    chars = set()
    for row in range(0xB0, 0xD8):
        for cell in range(0xA1, 0xFF):
            try:
                chars.add(bytes([row, cell]).decode("gb2312"))
            except UnicodeDecodeError:
                pass   # the few unassigned cells at the end of row 55
    return chars


def wanted_characters() -> str:
    chars = {chr(c) for c in range(0x20, 0x7F)} | set(EXTRA) | gb2312_level1()
    files = list((ROOT / "gouji").rglob("*.py")) + list((ROOT / "bots").rglob("*.py"))
    files += [f for f in (ROOT / "assets").rglob("*") if f.suffix in (".txt", ".toml")]
    for path in files:
        chars |= {ch for ch in path.read_text(encoding="utf-8") if ord(ch) > 0x7F}
    return "".join(sorted(ch for ch in chars if ch.isprintable()))


def subset(face: str, text: str, out: Path) -> None:
    from fontTools import subset as ftsubset
    from fontTools.ttLib import TTFont

    options = ftsubset.Options()
    options.font_number = SC_FACE_INDEX
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    font = ftsubset.load_font(str(SOURCE / FACES[face]), options)
    sub = ftsubset.Subsetter(options)
    sub.populate(text=text)
    sub.subset(font)
    rename(font, face)
    font.save(str(out))
    TTFont(str(out))  # reopen: fails loudly if the file is broken


def rename(font, face: str) -> None:
    """A Modified Version may not use the Reserved Font Name."""
    names = font["name"]
    for record in names.names:
        if record.nameID in (1, 16):
            record.string = FAMILY
        elif record.nameID in (3, 4):
            record.string = f"{FAMILY} {face}"
        elif record.nameID == 6:
            record.string = re.sub(r"\W", "", FAMILY) + "-" + face


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "assets" / "fonts")
    args = parser.parse_args()
    text = wanted_characters()
    args.out.mkdir(parents=True, exist_ok=True)
    for face in FACES:
        target = args.out / f"GoujiSansSC-{face}.otf"
        subset(face, text, target)
        print(f"{target.name}: {len(text)} characters, {target.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
