"""The rollout policy follows like the hard bot, cheaply: its inline move count
is ``moves_needed`` exactly, and the choices hard's weights imply hold."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bots.handplan import after, moves_needed
from bots.search.rollout import _Shape, policy
from gouji import Game, RuleSet
from gouji.engine.cards import N_RANKS
from gouji.engine.movegen import beating_plays
from gouji.engine.plays import Play

hands = st.lists(st.integers(0, 4), min_size=N_RANKS, max_size=N_RANKS).filter(any)


@settings(max_examples=300, deadline=None)
@given(hand=hands, standing=st.sampled_from(["3", "55", "888", "TTTT", "K", "AA", "2", "x"]),
       bie_san=st.booleans())
def test_the_inline_move_count_is_moves_needed(hand, standing, bie_san):
    shape = _Shape(hand, bie_san)
    assert shape.moves == moves_needed(hand, bie_san) and shape.total == sum(hand)
    for play in beating_plays(hand, Play.parse(standing), False):
        assert shape.moves_after(play) == moves_needed(after(hand, play), bie_san), play


def follow(hands: list[str], leader: int, lead: str) -> str:
    game = Game.from_hands(hands, leader=leader, rules=RuleSet.preset("basic"))
    game.apply(f"play {lead}")
    return str(policy(game, random.Random(0)))


def test_an_opponent_is_beaten_with_the_group_that_saves_a_play():
    # seat 1 (an opponent of seat 0) holds 66, 99 and 999: the exact pair 66 goes, not a broken 999
    assert follow(["55KKK", "6699QQQ", "3", "4", "7", "8"], 0, "55") == "play 66"


def test_a_partner_s_play_is_left_alone():
    assert follow(["55KKK", "3", "6699QQQ", "4", "7", "8"], 0, "55") == "pass"


def test_jokers_stop_an_opponent_about_to_go_out_but_are_kept_otherwise():
    long_hand = "x55667788"   # four plays to go: a joker costs its full weight
    assert follow(["K4", long_hand, "3", "4", "7", "8"], 0, "K") == "play x"       # he keeps one card: stop him
    assert follow(["K4444", long_hand, "3", "4", "7", "8"], 0, "K") == "pass"      # four cards left: keep the joker
    assert follow(["K4444", "x55", "3", "4", "7", "8"], 0, "K") == "play x"   # a short hand: half weight
