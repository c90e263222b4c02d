"""Pure geometry of the table (no pygame)."""

import math

from gouji.ui import layout


def angle_of(point):
    cx, cy = layout.TABLE_CENTER
    return math.degrees(math.atan2(point[1] - cy, point[0] - cx))


def inside_hexagon(point) -> bool:
    corners = layout.hexagon()
    x, y = point
    sign = None
    for (x1, y1), (x2, y2) in zip(corners, corners[1:] + corners[:1]):
        cross = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)
        if sign is None:
            sign = cross > 0
        elif (cross > 0) != sign:
            return False
    return True


def test_seats_sit_where_rules_section_0_puts_them():
    spot = {s: layout.play_spot(s) for s in range(6)}
    cx, cy = layout.TABLE_CENTER
    assert spot[0][1] == max(p[1] for p in spot.values())          # human at the bottom
    assert spot[3][1] == min(p[1] for p in spot.values())          # 对头 at the top
    assert spot[1][0] > cx and spot[1][1] > cy                     # 下家 lower-right
    assert spot[2][0] > cx and spot[2][1] < cy                     # upper-right
    assert spot[4][0] < cx and spot[4][1] < cy                     # upper-left
    assert spot[5][0] < cx and spot[5][1] > cy                     # 上家 lower-left


def test_turn_order_runs_counter_clockwise_on_screen():
    # with y pointing down, counter-clockwise on screen means the angle falls seat by seat
    total = 0.0
    for seat in range(6):
        a, b = angle_of(layout.play_spot(seat)), angle_of(layout.play_spot((seat + 1) % 6))
        step = (a - b) % 360
        assert 30 < step < 90
        total += step
    assert round(total) == 360


def test_play_spots_are_on_the_felt_and_badges_are_not():
    for seat in range(6):
        assert inside_hexagon(layout.play_spot(seat))
        for box in layout.spot_boxes(seat, 10):
            x, y, w, h = box
            assert inside_hexagon((x, y)) and inside_hexagon((x + w, y + h))
        if seat:
            assert not inside_hexagon(layout.badge_center(seat))


def test_nothing_overlaps_that_should_not():
    badges = [layout.badge_box(s) for s in range(6)]
    for i, a in enumerate(badges):
        for b in badges[i + 1:]:
            assert not layout.boxes_overlap(a, b)
        x, y, w, h = a
        assert 0 <= x and x + w <= layout.SIDEBAR_X and 0 <= y and y + h <= layout.HAND_TOP - layout.RISE
    spots = [layout.spot_boxes(s, 8) for s in range(6)]
    for i in range(6):
        for j in range(i + 1, 6):
            assert not any(layout.boxes_overlap(a, b) for a in spots[i] for b in spots[j])
    for box in layout.button_boxes(4):
        assert box[1] + box[3] < layout.HAND_TOP - layout.RISE


def test_36_cards_fit_and_every_rank_stays_visible():
    boxes = layout.hand_boxes(36)
    assert boxes[0][0] >= 0 and boxes[-1][0] + boxes[-1][2] <= layout.WIDTH
    steps = [b[0] - a[0] for a, b in zip(boxes, boxes[1:])]
    assert min(steps) >= 30  # the rank index in each card's corner stays readable and clickable


def test_hand_hit_testing_picks_the_visible_card():
    boxes = layout.hand_boxes(36)
    for i, (x, y, w, h) in enumerate(boxes):
        assert layout.hand_index_at(36, set(), (x + 5, y + h - 5)) == i
    assert layout.hand_index_at(36, set(), (5, 5)) is None


def test_selected_cards_rise():
    plain, raised = layout.hand_boxes(10), layout.hand_boxes(10, {3})
    assert raised[3][1] == plain[3][1] - layout.RISE and raised[2] == plain[2]
    x, y, w, h = raised[3]
    assert layout.hand_index_at(10, {3}, (x + 5, y + 2)) == 3
