"""Match.clone follows the original step by step through whole matches (tribute,
憋3 and 买3, 革命, voided deals, the deal in play): a clone has every attribute of
the original, equals it after every action, stays equal under the same action,
and a clone changed differently leaves the original untouched."""

from __future__ import annotations

import random

import pytest

from gouji import Match, RuleSet
from gouji.engine.seats import SEATS

RULES = [RuleSet(series_length=3), RuleSet.preset("basic").replace(series_length=3),
         RuleSet.preset("app196").replace(series_length=2), RuleSet(bie_san=False, hui_san=True, series_length=2)]


def state(match: Match, full: bool) -> tuple:
    """What a player or the app can see of a match (``full``: every seat's view too)."""
    seen = (tuple(match.actions), len(match.events), match.totals, tuple(match.results), match.legal_actions(),
            match.is_over, match.phase, match.current_seat, tuple(tuple(match.hand_cards(s)) for s in SEATS))
    if not full:
        return seen
    return seen + (tuple(match.card_choices), tuple(str(e) for e in match.events), tuple(match.view(s) for s in SEATS))


@pytest.mark.parametrize("rules", RULES, ids=["qingdao", "basic", "app196", "hui_san"])
@pytest.mark.slow
def test_a_clone_follows_the_match_and_never_touches_it(rules):
    match, rng = Match.new(40, rules), random.Random(40)
    steps = 0
    while not match.is_over:
        clone, full = match.clone(), steps % 6 == 0
        assert vars(clone).keys() == vars(match).keys(), "clone() misses an attribute"
        before = state(match, full)
        assert state(clone, full) == before
        if steps % 30 == 0:                      # a clone sent elsewhere changes nothing here
            stray = match.clone()
            while not stray.is_over and len(stray.results) == len(match.results) and len(stray.actions) < steps + 40:
                stray.apply(rng.choice(stray.legal_actions()))
            assert state(match, full) == before
        action = rng.choice(match.legal_actions())
        clone.apply(action)
        match.apply(action)
        assert state(clone, full) == state(match, full)
        steps += 1
    assert len(match.results) == rules.series_length
