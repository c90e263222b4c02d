"""Pure geometry of the table on the 1280×800 logical canvas (no pygame).

Seats sit on the edges of a flat-topped hexagon, as RULES §0 places them:
the human (0) at the bottom, 下家 (1) lower-right, 2 upper-right, 对头 (3)
at the top, 4 upper-left and 上家 (5) lower-left — turn order runs
counter-clockwise on screen.
"""

from __future__ import annotations

import math

WIDTH, HEIGHT = 1280, 800
SIDEBAR_X = 1064
TABLE_CENTER = (530.0, 305.0)
TABLE_RADII = (390.0, 235.0)
HAND_CARD = (78, 108)
TABLE_CARD = (52, 72)
BACK_CARD = (30, 42)
HAND_TOP = HEIGHT - 12 - HAND_CARD[1]
HAND_MARGIN = 20
RISE = 24
BUTTON_Y = 606
BUTTON_SIZE = (112, 42)
MESSAGE_Y = 568
BADGE_SIZE = (196, 66)
SPOT_WIDTH = 164
# Screen angle (degrees, y down) of the edge each seat sits on.
SEAT_ANGLES = {0: 90.0, 1: 30.0, 2: -30.0, 3: -90.0, 4: -150.0, 5: 150.0}

Point = tuple[float, float]
Box = tuple[int, int, int, int]  # x, y, w, h


def hexagon() -> list[Point]:
    """Corners of the table, flat top and bottom."""
    cx, cy = TABLE_CENTER
    rx, ry = TABLE_RADII
    return [(cx + rx * math.cos(math.radians(a)), cy + ry * math.sin(math.radians(a)))
            for a in range(0, 360, 60)]


def edge_midpoint(seat: int) -> Point:
    """Middle of the table edge in front of ``seat``."""
    corners = hexagon()
    angle = SEAT_ANGLES[seat] % 360
    i = int(((angle - 30) % 360) // 60)  # the edge between corners i and i+1
    (x1, y1), (x2, y2) = corners[i], corners[(i + 1) % 6]
    return (x1 + x2) / 2, (y1 + y2) / 2


def play_spot(seat: int) -> Point:
    """Where the seat's latest play of the round lies (toward the centre)."""
    mx, my = edge_midpoint(seat)
    cx, cy = TABLE_CENTER
    return mx + 0.42 * (cx - mx), my + 0.42 * (cy - my)


def badge_center(seat: int) -> Point:
    """Centre of the seat's name badge, outside the table edge."""
    if seat == 0:
        return 118.0, 586.0
    mx, my = edge_midpoint(seat)
    angle = math.radians(SEAT_ANGLES[seat])
    push = 44.0 if seat == 3 else 112.0
    return mx + push * math.cos(angle), my + push * math.sin(angle) * (0.9 if seat == 3 else 0.7)


def badge_box(seat: int) -> Box:
    cx, cy = badge_center(seat)
    w, h = BADGE_SIZE
    return int(cx - w / 2), int(cy - h / 2), w, h


def row_positions(count: int, center_x: float, max_width: float, card_width: int,
                  step_limit: float) -> list[float]:
    """Left x of ``count`` overlapping cards centred on ``center_x``."""
    if count <= 0:
        return []
    step = step_limit if count == 1 else min(step_limit, (max_width - card_width) / (count - 1))
    total = card_width + step * (count - 1)
    left = center_x - total / 2
    return [left + i * step for i in range(count)]


def hand_boxes(count: int, selected: set[int] | None = None) -> list[Box]:
    """Card rectangles of the human's hand, left to right; selected cards rise."""
    selected = selected or set()
    w, h = HAND_CARD
    xs = row_positions(count, WIDTH / 2, WIDTH - 2 * HAND_MARGIN, w, 46)
    return [(int(x), HAND_TOP - (RISE if i in selected else 0), w, h) for i, x in enumerate(xs)]


def hand_index_at(count: int, selected: set[int], point: Point) -> int | None:
    """Which hand card is under ``point`` (the topmost: later cards overlap earlier)."""
    px, py = point
    boxes = hand_boxes(count, selected)
    for i in range(len(boxes) - 1, -1, -1):
        x, y, w, h = boxes[i]
        if x <= px < x + w and y <= py < y + h:
            return i
    return None


def spot_boxes(seat: int, count: int) -> list[Box]:
    w, h = TABLE_CARD
    sx, sy = play_spot(seat)
    xs = row_positions(count, sx, SPOT_WIDTH, w, 17)
    return [(int(x), int(sy - h / 2), w, h) for x in xs]


def button_boxes(count: int) -> list[Box]:
    """A centred row of ``count`` buttons above the hand."""
    w, h = BUTTON_SIZE
    gap = 14
    total = count * w + (count - 1) * gap
    left = TABLE_CENTER[0] - total / 2
    return [(int(left + i * (w + gap)), BUTTON_Y, w, h) for i in range(count)]


def boxes_overlap(a: Box, b: Box) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah
