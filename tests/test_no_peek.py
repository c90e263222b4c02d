"""No peeking (ARCHITECTURE "No peeking"): a bot's view, and its choice with
the same rng, do not change when the hidden cards of the other seats are dealt
anew. The import boundaries are tested in test_boundaries.py."""

from __future__ import annotations

import random

import pytest
from no_peek import resampled

import bots
from gouji import Game, RuleSet
from gouji.engine.seats import SEATS

LEVELS = ("random", "easy", "normal", "hard", "expert")


def make(level: str, seat: int, seed: int) -> bots.Bot:
    """The bot; the expert with a rollout budget, so its choice replays exactly."""
    return bots.make(level, seat, seed, think_nodes=16, workers=1)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.slow
def test_no_peeking_view_and_choice_ignore_hidden_hands(level):
    rng = random.Random(level)
    checked = changed = 0
    for seed in range(8):
        game = Game.new_deal(seed, RuleSet.preset("qingdao"))
        players = [bots.make("normal", s) for s in SEATS]
        stop = rng.randrange(20, 200)
        for _ in range(stop):
            if game.is_over:
                break
            seat = game.current_seat
            game.apply(players[seat].choose(game.view(seat), random.Random(0)))
        if game.is_over:
            continue
        seat = game.current_seat
        bot = make(level, seat, seed)
        view = game.view(seat)
        choice = bot.choose(view, random.Random(seed))
        for trial in range(3):
            other = resampled(game, seat, random.Random(trial))
            if other is None:
                continue
            assert other.hand(seat) == game.hand(seat)
            changed += [other.hand(s) for s in SEATS] != [game.hand(s) for s in SEATS]
            other_view = other.view(seat)
            assert other_view == view
            assert make(level, seat, seed).choose(other_view, random.Random(seed)) == choice
            checked += 1
    assert checked >= 9 and changed >= checked // 2  # most accepted worlds really differ


def test_resampling_keeps_what_the_seat_saw_and_changes_what_it_did_not():
    game = Game.new_deal(3, RuleSet.preset("basic"))
    for _ in range(40):
        game.apply(game.legal_actions()[0])
    seat = game.current_seat
    other = resampled(game, seat, random.Random(1))
    assert other is not None
    assert other.view(seat) == game.view(seat)
    assert other.hand(seat) == game.hand(seat)
    assert [other.hand(s) for s in SEATS if s != seat] != [game.hand(s) for s in SEATS if s != seat]
