"""The hand sorted as the player chose in the settings: by rank, by group size,
or 够级 groups first; a click picks the card drawn where he clicked."""

from __future__ import annotations

import pygame

from gouji.engine.cards import card_rank, make_card
from gouji.ui.model.board import sorted_hand

from ui_helpers import hand_card_center, make_app, until_human_turn

THREE, FOUR, TEN, KING = 0, 1, 7, 10


def cards(*groups: tuple[int, int]) -> list[int]:
    return [make_card(rank, i % 4, i // 4) for rank, n in groups for i in range(n)]


def test_each_order_of_the_hand():
    hand = cards((THREE, 1), (FOUR, 3), (TEN, 5), (KING, 2))
    ranks = {order: [card_rank(c) for c in sorted_hand(hand, order)] for order in ("rank", "groups", "gouji")}
    assert ranks["rank"] == [THREE] + [FOUR] * 3 + [TEN] * 5 + [KING] * 2
    assert ranks["groups"] == [TEN] * 5 + [FOUR] * 3 + [KING] * 2 + [THREE]
    assert ranks["gouji"] == [TEN] * 5 + [KING] * 2 + [THREE] + [FOUR] * 3   # TTTTT and KK are 够级 (§1.4)
    for order in ranks:
        assert sorted(sorted_hand(hand, order)) == sorted(hand)


def test_the_table_draws_the_chosen_order_and_a_click_takes_the_card_under_it(screen, home):
    app = make_app(screen, lang="en")
    app.update_settings(auto_pass=False, move_timer=False, hand_sort="groups")
    app.new_match()
    until_human_turn(app)
    scene = app.scenes.top
    assert scene.hand == sorted_hand(scene.board.hand, "groups") != sorted_hand(scene.board.hand, "rank")
    x, y = hand_card_center(scene, 0)
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
    assert scene.selected == {scene.hand[0]} and scene.selected_indexes() == {0}
