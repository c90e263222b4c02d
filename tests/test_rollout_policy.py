"""The rollout policy follows like the hard bot, cheaply: its inline move count
is ``moves_needed`` exactly, and the choices hard's weights imply hold."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bots
from bots.handplan import after, moves_needed
from bots.search.rollout import _policy, _Shape, policy
from gouji import Game, RuleSet
from gouji.engine.cards import N_RANKS
from gouji.engine.movegen import beating_plays
from gouji.engine.phases import ANSWER
from gouji.engine.plays import Play
from gouji.engine.seats import SEATS, team

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


def act(hands: list[str], leader: int, actions: list[str], rules: RuleSet) -> str:
    game = Game.from_hands(hands, leader=leader, rules=rules)
    for action in actions:
        game.apply(action)
    return str(policy(game, random.Random(0)))


def test_under_bie_san_the_chong_pai_carries_the_twos_and_jokers():
    # 33 TT 2 x: TT alone would leave 2 and x to go before the 3s; xTT2 leaves only the 3s
    assert act(["33TT2x", "44", "55", "66", "77", "88"], 0, [], RuleSet.preset("qingdao")) == "play x2TT"


def test_the_play_before_the_last_is_the_one_that_stands():
    # 55 and KK: the opponents hold QQ, not AA, so KK stands and 55 goes out after it;
    # leading 55 first (the lowest group) would let them take the lead
    basic = RuleSet.preset("basic")
    assert act(["55KK", "QQ9", "4", "QQ8", "7", "QQ6"], 0, [], basic) == "play KK"
    assert act(["55KK", "AA9", "4", "QQ8", "7", "QQ6"], 0, [], basic) == "play 55"   # KK would be beaten


def test_rang_rather_than_pass_while_the_partner_is_in():
    # seat 3's 对头 (seat 0) leads 66; seats 1 and 2 pass; seat 3 cannot beat it: he hands it to 4 and 5
    rules = RuleSet.preset("qingdao")
    assert act(["66KKK", "3344", "3355", "3345", "3399", "33AA"], 0, ["play 66", "pass", "pass"], rules) == "rang"


def test_a_short_hand_finishes_over_a_partner():
    # seat 2 could wait for his partner's 55 to stand, but 77 then A goes out (A stands): he plays
    basic = RuleSet.preset("basic")
    assert act(["55KK", "4", "77A", "3", "8", "9"], 0, ["play 55", "pass"], basic) == "play 77"


@pytest.mark.slow
def test_the_sensed_team_plays_as_the_expert_judges_when_no_deal_follows():
    """``sensed`` (the searching seat's team in a deal no deal follows) leaves
    out the 开点 terms for that team only: answers to the 对头's 够级 are no longer
    made to deny his open, and the other team plays exactly as hard."""
    rules = RuleSet.preset("qingdao")
    changed = same = 0
    for seed in range(30):
        game = Game.new_deal(seed, rules)
        players = [bots.make("hard", s) for s in SEATS]
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.current_seat
            view = game.view(seat)
            if view.phase.in_play:
                for sensed in (0, 1):
                    plain, judged = _policy(game.flow), _policy(game.flow, sensed)
                    if team(seat) != sensed:
                        assert judged == plain
                    elif judged != plain:
                        changed += 1
                        if game.flow.phase == ANSWER:   # a denial dropped: a pass or a cheaper answer
                            assert judged.kind == "pass" or judged.play < plain.play
                    else:
                        same += 1
            game.apply(players[seat].choose(view, rng))
    assert changed > 0 and same > 10 * changed
