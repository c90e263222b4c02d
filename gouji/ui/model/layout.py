"""Pure geometry of every screen at the window's real size (no pygame).

The screens are designed on a 1280×800 canvas. ``Layout(width, height)``
scales that design by ``k`` (the largest factor that fits) so text and card
faces are drawn at the size they are shown — crisp at any size — and the table
uses the window's extra width: the sidebar keeps to the right edge, the hand
spans the whole width, the felt is centred in what is left.

Seats sit on the edges of a flat-topped hexagon, as RULES §0 places them:
the human (0) at the bottom, 下家 (1) lower-right, 2 upper-right, 对头 (3)
at the top, 4 upper-left and 上家 (5) lower-left — turn order runs
counter-clockwise on screen.
"""

from __future__ import annotations

import argparse
import math
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

WIDTH, HEIGHT = 1280, 800          # the design canvas
MIN_SIZE = (960, 600)              # smaller windows are allowed, but look cramped
SEAT_ANGLES = {0: 90.0, 1: 30.0, 2: -30.0, 3: -90.0, 4: -150.0, 5: 150.0}  # edge of each seat (y down)

Point = tuple[float, float]
Box = tuple[int, int, int, int]  # x, y, w, h


@dataclass(frozen=True)
class Layout:
    """Immutable: every derived size and box is computed once per window size (cached)."""
    width: int = WIDTH
    height: int = HEIGHT
    k: float = field(init=False)
    ox: float = field(init=False)   # where the design canvas starts in the window (centred)
    oy: float = field(init=False)

    def __post_init__(self) -> None:
        k = max(0.4, min(self.width / WIDTH, self.height / HEIGHT))
        object.__setattr__(self, "k", k)
        object.__setattr__(self, "ox", (self.width - WIDTH * k) / 2)
        object.__setattr__(self, "oy", (self.height - HEIGHT * k) / 2)

    # ----- the design canvas, for the screens other than the table --------
    def s(self, length: float) -> int:
        """A design length in window pixels."""
        return max(1, round(length * self.k))

    def font(self, size: float) -> int:
        """A design font size at this scale (never unreadably small)."""
        return max(10, round(size * self.k))

    def pt(self, x: float, y: float) -> tuple[int, int]:
        return round(self.ox + x * self.k), round(self.oy + y * self.k)

    def box(self, x: float, y: float, w: float, h: float) -> Box:
        left, top = self.pt(x, y)
        return left, top, self.s(w), self.s(h)

    @cached_property
    def center_x(self) -> int:
        return self.width // 2

    # ----- the table: regions ----------------------------------------------
    @cached_property
    def sidebar(self) -> Box:
        """Log, score and card counter, against the right edge."""
        w = round(216 * self.k)
        return self.width - w, 0, w, self.height

    @cached_property
    def hand_card(self) -> tuple[int, int]:
        return self.s(74), self.s(106)

    @cached_property
    def table_card(self) -> tuple[int, int]:
        return self.s(52), self.s(72)

    @cached_property
    def back_card(self) -> tuple[int, int]:
        return self.s(30), self.s(42)

    @cached_property
    def rise(self) -> int:
        """How far a selected card rises out of the hand."""
        return self.s(24)

    @cached_property
    def hand_top(self) -> int:
        return self.height - self.s(12) - self.hand_card[1]

    @cached_property
    def table_center(self) -> Point:
        """The felt's centre: in the middle of the space left of the sidebar."""
        top_space = self.hand_top - self.s(106)   # buttons and the prompt sit above the hand
        cy = self.s(305) + max(0.0, (top_space - self.s(574)) / 2)
        return (self.width - self.sidebar[2]) / 2, cy

    @cached_property
    def table_radii(self) -> Point:
        return 390 * self.k, 235 * self.k

    @cached_property
    def button_y(self) -> int:
        return self.hand_top - self.s(74)

    @cached_property
    def message_y(self) -> int:
        """The centre line of the prompt or refusal above the buttons."""
        return self.hand_top - self.s(112)

    @cached_property
    def button_size(self) -> tuple[int, int]:
        return self.s(112), self.s(42)

    @cached_property
    def badge_size(self) -> tuple[int, int]:
        return self.s(196), self.s(66)

    # ----- the table: seats and plays --------------------------------------
    @lru_cache(maxsize=512)
    def hexagon(self) -> list[Point]:
        """Corners of the table, flat top and bottom."""
        cx, cy = self.table_center
        rx, ry = self.table_radii
        return [(cx + rx * math.cos(math.radians(a)), cy + ry * math.sin(math.radians(a)))
                for a in range(0, 360, 60)]

    @lru_cache(maxsize=512)
    def edge_midpoint(self, seat: int) -> Point:
        """Middle of the table edge in front of ``seat``."""
        corners = self.hexagon()
        angle = SEAT_ANGLES[seat] % 360
        i = int(((angle - 30) % 360) // 60)  # the edge between corners i and i+1
        (x1, y1), (x2, y2) = corners[i], corners[(i + 1) % 6]
        return (x1 + x2) / 2, (y1 + y2) / 2

    @lru_cache(maxsize=512)
    def play_spot(self, seat: int) -> Point:
        """Where the seat's latest play of the round lies (toward the centre)."""
        mx, my = self.edge_midpoint(seat)
        cx, cy = self.table_center
        inward = 0.5 if seat == 3 else 0.42   # the top seat's open hand hangs over the felt: its play lies lower
        return mx + inward * (cx - mx), my + inward * (cy - my)

    @lru_cache(maxsize=512)
    def badge_center(self, seat: int) -> Point:
        """Centre of the seat's name badge, outside the table edge."""
        cx, _ = self.table_center
        if seat == 0:
            return cx - 412 * self.k, self.hand_top - 94 * self.k
        mx, my = self.edge_midpoint(seat)
        angle = math.radians(SEAT_ANGLES[seat])
        push = (44.0 if seat == 3 else 112.0) * self.k
        return mx + push * math.cos(angle), my + push * math.sin(angle) * (0.9 if seat == 3 else 0.7)

    @lru_cache(maxsize=512)
    def badge_box(self, seat: int) -> Box:
        cx, cy = self.badge_center(seat)
        w, h = self.badge_size
        return int(cx - w / 2), int(cy - h / 2), w, h

    @lru_cache(maxsize=512)
    def spot_boxes(self, seat: int, count: int) -> list[Box]:
        w, h = self.table_card
        sx, sy = self.play_spot(seat)
        xs = row_positions(count, sx, 164 * self.k, w, 17 * self.k)
        return [(int(x), int(sy - h / 2), w, h) for x in xs]

    @lru_cache(maxsize=512)
    def spot_centers(self, seat: int, count: int) -> list[Point]:
        return [(x + w / 2, y + h / 2) for x, y, w, h in self.spot_boxes(seat, count)]

    @lru_cache(maxsize=512)
    def backs_origin(self, seat: int, shown: int) -> tuple[int, int]:
        """Top-left of the row of card backs under a seat's badge."""
        w, _ = self.back_card
        bx, by, bw, bh = self.badge_box(seat)
        return bx + bw // 2 - (w + self.s(7) * (shown - 1)) // 2, by + bh + self.s(3)

    @property
    def open_corner(self) -> int:
        """How much of each small face an open hand leaves visible: its rank and suit
        corner (cardart draws it within the left 48% of the card) and a little air."""
        return math.ceil(0.5 * self.back_card[0]) + self.s(2)

    @lru_cache(maxsize=512)
    def open_hand_boxes(self, seat: int, groups: int) -> list[Box]:
        """Another seat's open hand under its badge, one small face per rank held (its
        count under it), each overlapping the next by all but its corner; kept on
        screen and clear of the sidebar."""
        w, h = self.back_card
        bx, by, bw, bh = self.badge_box(seat)
        step = self.open_corner
        width = w + step * max(0, groups - 1)
        left = min(max(self.s(4), bx + bw // 2 - width // 2), self.sidebar[0] - self.s(6) - width)
        top = by + bh + self.s(3)
        return [(left + i * step, top, w, h) for i in range(groups)]

    # ----- the human's hand and the buttons ---------------------------------
    def hand_boxes(self, count: int, selected: set[int] | None = None) -> list[Box]:
        """Card rectangles of the human's hand, left to right; selected cards rise."""
        return self._hand_boxes(count, frozenset(selected or ()))

    @lru_cache(maxsize=256)
    def _hand_boxes(self, count: int, selected: frozenset[int]) -> list[Box]:
        w, h = self.hand_card
        margin = self.s(14)
        xs = row_positions(count, self.width / 2, self.width - 2 * margin, w, 46 * self.k)
        return [(int(x), self.hand_top - (self.rise if i in selected else 0), w, h) for i, x in enumerate(xs)]

    def hand_index_at(self, count: int, selected: set[int], point: Point) -> int | None:
        """Which hand card is under ``point`` (the topmost: later cards overlap earlier)."""
        px, py = point
        boxes = self.hand_boxes(count, selected)
        for i in range(len(boxes) - 1, -1, -1):
            x, y, w, h = boxes[i]
            if x <= px < x + w and y <= py < y + h:
                return i
        return None

    @lru_cache(maxsize=512)
    def button_boxes(self, count: int) -> list[Box]:
        """A centred row of ``count`` buttons above the hand, under the felt's centre."""
        w, h = self.button_size
        gap = self.s(14)
        total = count * w + (count - 1) * gap
        left = self.table_center[0] - total / 2
        return [(int(left + i * (w + gap)), self.button_y, w, h) for i in range(count)]

    @lru_cache(maxsize=512)
    def side_button_boxes(self, count: int, weights: tuple[float, ...] = ()) -> list[Box]:
        """The small buttons at the top of the sidebar (menu, 托管, counter), sharing its width
        in proportion to ``weights`` (e.g. their labels' widths), else equally."""
        x0, _, w, _ = self.sidebar
        weights = weights if len(weights) == count else (1.0,) * count
        room, gap = w - self.s(8), self.s(4)
        boxes, x = [], float(x0 + self.s(4))
        for weight in weights:
            width = room * weight / sum(weights)
            boxes.append((int(x), self.s(10), int(width) - gap, self.s(34)))
            x += width
        return boxes


def row_positions(count: int, center_x: float, max_width: float, card_width: int,
                  step_limit: float) -> list[float]:
    """Left x of ``count`` overlapping cards centred on ``center_x``."""
    if count <= 0:
        return []
    step = step_limit if count == 1 else min(step_limit, (max_width - card_width) / (count - 1))
    total = card_width + step * (count - 1)
    left = center_x - total / 2
    return [left + i * step for i in range(count)]


def boxes_overlap(a: Box, b: Box) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah


def inside(box: Box, width: int, height: int) -> bool:
    x, y, w, h = box
    return 0 <= x and 0 <= y and x + w <= width and y + h <= height


def window_size(desktop: tuple[int, int] | None) -> tuple[int, int]:
    """A window that fits the screen with its title bar and taskbar (a 1366×768
    laptop leaves about 1366×700), never larger than 1440×900 to start with."""
    if desktop is None or min(desktop) <= 0:
        return WIDTH, HEIGHT
    dw, dh = desktop
    return max(MIN_SIZE[0], min(1440, dw - 40)), max(MIN_SIZE[1], min(900, dh - 90))


def size_argument(text: str) -> tuple[int, int]:
    """A ``--size`` argument: ``1366x700`` -> (1366, 700), within sensible bounds."""
    width, sep, height = text.lower().partition("x")
    if not (sep and width.isdigit() and height.isdigit()):
        raise argparse.ArgumentTypeError(f"{text!r:.40} is not a size like 1366x700")
    size = int(width), int(height)
    if not (320 <= size[0] <= 7680 and 240 <= size[1] <= 4320):
        raise argparse.ArgumentTypeError(f"{text!r:.40}: the width must be 320–7680 and the height 240–4320")
    return size
