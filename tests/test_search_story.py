"""The story check: the play so far, replayed from the first lead on a deal's
hands, reaches the real position, and the rollout policy explains the real
hands' play far better than guessed hands'."""

from __future__ import annotations

import random
import statistics
from collections import Counter

import pytest
from test_search_reading import match_views

import bots
from bots.search.inference import build_guess, sample_hands
from bots.search.reading import read_history
from bots.search.story import story_of
from gouji import Match, RuleSet
from gouji.engine.position import format_position
from gouji.engine.seats import SEATS


@pytest.mark.parametrize("preset", ["qingdao", "basic", "app196"])
@pytest.mark.slow
def test_the_play_so_far_replayed_on_the_real_hands_reaches_the_real_position(preset):
    """Tribute, 革命, 宣点, burns and 无头 included: two bot-played matches per preset."""
    checked = 0
    for match, view in match_views(preset, range(2), every=9):
        game = match.game
        story = story_of(view)
        assert story is not None
        replayed = story.replay([game.hand_counts(s) for s in SEATS])
        assert replayed is not None
        end = replayed[1]
        assert format_position(end) == game.position()
        checked += 1
    assert checked > 100


def test_no_story_before_the_first_lead_and_an_empty_one_at_it():
    """宣点 and the other steps before the first lead are no part of the play."""
    match = Match.new(2, RuleSet.preset("qingdao"))
    players = [bots.make("hard", s) for s in SEATS]
    rng = random.Random(2)
    before = 0
    while True:
        view = match.view(match.current_seat)
        story = story_of(view)
        if view.phase.in_play:
            break
        assert story is None
        before += 1
        match.apply(players[view.seat].choose(view, rng))
    assert before > 0
    assert story is not None and story.steps == ()
    assert story.misfits([match.game.hand_counts(s) for s in SEATS]) == 0


@pytest.mark.slow
def test_the_policy_explains_the_real_hands_far_better_than_guessed_ones():
    """Hard bots' deals: the real hands miss few of the other players' moves
    (the policy is hard's own judgement), a guessed deal many; and the
    count stops at ``limit``."""
    real, guessed, steps = [], [], []
    every_kind: Counter[str] = Counter()
    rng = random.Random(2)
    for match, view in match_views("qingdao", range(2), every=30, levels=("hard",)):
        facts = read_history(view)
        story = story_of(view)
        game = match.game
        real.append(story.misfits([game.hand_counts(s) for s in SEATS]))
        steps.append(sum(seat != view.seat for seat, _ in story.steps))
        guess = build_guess(view, facts)
        for _ in range(3):
            hands = sample_hands(guess, rng)
            kinds: Counter[str] = Counter()
            full = story.misfits(hands, kinds=kinds)
            guessed.append(full)
            assert sum(kinds.values()) == full   # every misfit counted once, by its kind
            assert story.misfits(hands, 2) == min(full, 2)
            every_kind.update(kinds)
    assert len(real) > 10
    assert sum(real) <= 0.05 * sum(steps)            # hard's own move at least 95% of the time
    assert statistics.fmean(guessed) > 4 * max(statistics.fmean(real), 0.5)
    # most misfits are an opponent's long-hand follow (a play where the guess plays another)
    top, _ = every_kind.most_common(1)[0]
    assert top.startswith("follow opponent long: play -> play"), every_kind.most_common(3)

