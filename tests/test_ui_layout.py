"""Pure geometry of the table at the sizes players' screens have (no pygame):
everything inside the window, nothing overlapping, a hand of 36 (38 after
tribute) cards that fits with every rank readable."""

import math

import pygame
import pytest

from gouji.ui.model.layout import Layout, boxes_overlap, inside, window_size

SIZES = [(1024, 640), (1280, 800), (1366, 728), (1366, 700), (1600, 900), (1920, 1080), (2560, 1440),
         (1280, 1024)]


def angle_of(L: Layout, point):
    cx, cy = L.table_center
    return math.degrees(math.atan2(point[1] - cy, point[0] - cx))


def inside_hexagon(L: Layout, point) -> bool:
    corners = L.hexagon()
    x, y = point
    sign = None
    for (x1, y1), (x2, y2) in zip(corners, corners[1:] + corners[:1]):
        cross = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)
        if sign is None:
            sign = cross > 0
        elif (cross > 0) != sign:
            return False
    return True


@pytest.mark.parametrize("size", SIZES)
def test_seats_sit_where_rules_section_0_puts_them(size):
    L = Layout(*size)
    spot = {s: L.play_spot(s) for s in range(6)}
    cx, cy = L.table_center
    assert spot[0][1] == max(p[1] for p in spot.values())          # human at the bottom
    assert spot[3][1] == min(p[1] for p in spot.values())          # 对头 at the top
    assert spot[1][0] > cx and spot[1][1] > cy                     # 下家 lower-right
    assert spot[2][0] > cx and spot[2][1] < cy                     # upper-right
    assert spot[4][0] < cx and spot[4][1] < cy                     # upper-left
    assert spot[5][0] < cx and spot[5][1] > cy                     # 上家 lower-left


def test_turn_order_runs_counter_clockwise_on_screen():
    L = Layout()
    total = 0.0
    for seat in range(6):  # with y pointing down, counter-clockwise means the angle falls seat by seat
        step = (angle_of(L, L.play_spot(seat)) - angle_of(L, L.play_spot((seat + 1) % 6))) % 360
        assert 30 < step < 90
        total += step
    assert round(total) == 360


@pytest.mark.parametrize("size", SIZES)
def test_play_spots_are_on_the_felt_and_badges_are_not(size):
    L = Layout(*size)
    for seat in range(6):
        assert inside_hexagon(L, L.play_spot(seat))
        for x, y, w, h in L.spot_boxes(seat, 10):
            assert inside_hexagon(L, (x, y)) and inside_hexagon(L, (x + w, y + h))
        if seat:
            assert not inside_hexagon(L, L.badge_center(seat))


@pytest.mark.parametrize("size", SIZES)
def test_everything_lies_inside_the_window_and_nothing_overlaps(size):
    L = Layout(*size)
    w, h = size
    badges = [L.badge_box(s) for s in range(6)]
    backs = []
    for seat in range(1, 6):   # a row of up to 10 card backs under each other badge
        x, y = L.backs_origin(seat, 10)
        backs.append((x, y, L.back_card[0] + L.s(7) * 9, L.back_card[1]))
    buttons = L.button_boxes(4)
    sidebar = L.sidebar
    hand_area = (0, L.hand_top - L.rise, w, h - (L.hand_top - L.rise))
    for box in badges + backs + buttons + L.side_button_boxes(3):
        assert inside(box, w, h), f"{box} outside {size}"
    for i, a in enumerate(badges):
        for b in badges[i + 1:]:
            assert not boxes_overlap(a, b)
        assert not boxes_overlap(a, hand_area) and not boxes_overlap(a, sidebar)
        assert not any(boxes_overlap(a, b) for b in buttons)
    for box in backs + buttons:
        assert not boxes_overlap(box, hand_area) and not boxes_overlap(box, sidebar)
    spots = [L.spot_boxes(s, 8) for s in range(6)]
    for i in range(6):
        for j in range(i + 1, 6):
            assert not any(boxes_overlap(a, b) for a in spots[i] for b in spots[j])
    message_top = L.message_y - L.s(16)
    assert max(y + bh for _, y, _, bh in spots[0]) < message_top < L.button_y


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("count", [36, 38])
def test_a_full_hand_fits_and_every_rank_stays_readable(size, count):
    L = Layout(*size)
    boxes = L.hand_boxes(count)
    assert boxes[0][0] >= 0 and boxes[-1][0] + boxes[-1][2] <= size[0]
    steps = [b[0] - a[0] for a, b in zip(boxes, boxes[1:])]
    # the corner index must show on every card: it starts at 0.06 of the card's width and "10" in the
    # index font (0.30 of the width) is about 0.33 wide; tests/test_ui_fonts.py measures the real glyphs
    assert min(steps) >= 0.40 * L.hand_card[0]
    assert L.hand_card[1] >= 60   # cards big enough to read on the smallest window


def test_hand_hit_testing_picks_the_visible_card():
    L = Layout(1366, 700)
    boxes = L.hand_boxes(36)
    for i, (x, y, w, h) in enumerate(boxes):
        assert L.hand_index_at(36, set(), (x + 5, y + h - 5)) == i
    assert L.hand_index_at(36, set(), (5, 5)) is None


def test_selected_cards_rise():
    L = Layout()
    plain, raised = L.hand_boxes(10), L.hand_boxes(10, {3})
    assert raised[3][1] == plain[3][1] - L.rise and raised[2] == plain[2]
    x, y, w, h = raised[3]
    assert L.hand_index_at(10, {3}, (x + 5, y + 2)) == 3


def test_the_window_fits_the_screen_with_its_title_bar_and_taskbar():
    assert window_size((1366, 768)) == (1326, 678)     # a laptop: the whole hand stays on screen
    assert window_size((1920, 1080)) == (1440, 900)
    assert window_size(None) == (1280, 800)
    w, h = window_size((1024, 600))                     # never below the minimum
    assert (w, h) == (984, 600)


def test_design_coordinates_scale_and_centre():
    L = Layout(2560, 1440)
    assert L.k == pytest.approx(1.8)
    assert L.pt(640, 400) == (1280, 720)               # the design's centre is the window's
    assert L.font(20) == 36 and L.s(100) == 180


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080), (1280, 720)])
def test_every_open_hand_card_shows_its_corner_and_count_on_screen(size):
    """Open hands (review, 明牌): one face per rank, overlapped by no more than leaves
    its rank-and-suit corner (cardart draws it within the left 48%) and its count
    readable; the row stays on screen and clear of the sidebar, for any hand."""
    L = Layout(*size)
    w, h = L.back_card
    corner = 0.06 * w + 0.42 * w
    digits = 2 * 0.55 * L.font(13)   # "16": two digits of a bold face at that size
    for seat in range(1, 6):
        for groups in range(1, 16):
            boxes = L.open_hand_boxes(seat, groups)
            assert len(boxes) == groups
            for (x, _, _, _), (following, _, _, _) in zip(boxes, boxes[1:]):
                assert following - x >= corner and following - x >= digits
            left, top = boxes[0][0], boxes[0][1]
            right = boxes[-1][0] + w
            assert left >= 0 and right <= L.sidebar[0] and top + h + L.font(13) <= L.hand_top - L.rise
            row = pygame.Rect(left, top, right - left, h + L.font(13) + L.s(4))   # the faces and their counts
            for spot in range(6):   # no play lies over them (the 对头's KK hid the counts once)
                for box in L.spot_boxes(spot, 6):
                    assert not row.colliderect(pygame.Rect(box)), (size, seat, spot)


@pytest.mark.parametrize("size", SIZES)
def test_the_duel_line_between_opposite_plays_crosses_no_other_seat(size):
    """The 对头 duel's line runs from one play spot to the other across the felt: it
    touches no other seat's badge or cards (it once cut through 上家's badge)."""
    L = Layout(*size)
    for place in range(3):
        start, end = L.play_spot(place), L.play_spot(place + 3)
        for other in range(6):
            if other in (place, place + 3):
                continue
            assert not pygame.Rect(L.badge_box(other)).clipline(start, end), (size, place, other)
            left, top = L.backs_origin(other, 1)
            backs = pygame.Rect(left, top, *L.back_card)
            assert not backs.clipline(start, end), (size, place, other)
