"""Golden transcripts (test layer 4): a few seeded deals and a short match,
stored as (rules, seed, actions) with every event they produced and, as
OpenSpiel's playthroughs do, the legal actions before every step. Replaying
the actions must give the same legal sets, events, places and totals. After
a deliberate rules change, regenerate with ``pytest tests/test_golden.py
--update-golden`` and review the diff."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from gouji import Game, RuleSet
from gouji.engine.match import Match

GOLDEN = Path(__file__).parent / "golden"
DEALS = [("qingdao", 7), ("basic", 8), ("app196", 9)]
MATCH = ("qingdao", 10, 2)  # preset, seed, series length


def _write(path: Path, data: dict) -> None:
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def _play_randomly(game: Game | Match, seed: int) -> tuple[list[str], list[str]]:
    """Random play; the actions and, before each, the legal set ("|"-joined)."""
    rng, actions, legal = random.Random(seed), [], []
    while not game.is_over:
        options = game.legal_actions()
        legal.append("|".join(options))
        actions.append(rng.choice(options))
        game.apply(actions[-1])
    return actions, legal


def _replay(game: Game | Match, golden: dict) -> Game | Match:
    """Apply the golden actions; legal sets and events must match step by step."""
    assert len(golden["legal"]) == len(golden["actions"])
    for step, (action, legal) in enumerate(zip(golden["actions"], golden["legal"])):
        assert "|".join(game.legal_actions()) == legal, f"step {step}: the legal actions changed"
        game.apply(action)
    events = [str(e) for e in game.events]
    assert events == golden["events"], _first_difference(events, golden["events"])
    assert game.is_over
    return game


def _first_difference(got: list[str], want: list[str]) -> str:
    for i, (a, b) in enumerate(zip(got, want)):
        if a != b:
            return f"event {i}: got {a!r}, golden has {b!r}"
    return f"got {len(got)} events, golden has {len(want)}"


@pytest.mark.parametrize("preset,seed", DEALS)
def test_a_seeded_deal_replays_its_golden_transcript(preset, seed, update_golden):
    path = GOLDEN / f"deal_{preset}_{seed}.json"
    if update_golden:
        game = Game.new_deal(seed, RuleSet.preset(preset))
        actions, legal = _play_randomly(game, seed)
        _write(path, {"rules": preset, "seed": seed, "actions": actions, "legal": legal,
                      "events": [str(e) for e in game.events], "places": game.places})
    golden = json.loads(path.read_text(encoding="utf-8"))
    game = _replay(Game.new_deal(golden["seed"], RuleSet.preset(golden["rules"])), golden)
    assert isinstance(game, Game) and game.places == golden["places"]


def test_a_seeded_match_replays_its_golden_transcript(update_golden):
    preset, seed, length = MATCH
    path = GOLDEN / f"match_{preset}_{seed}.json"
    if update_golden:
        rules = RuleSet.preset(preset).replace(series_length=length)
        match = Match.new(seed, rules)
        actions, legal = _play_randomly(match, seed)
        _write(path, {"rules": rules.to_dict(), "seed": seed, "actions": actions, "legal": legal,
                      "events": [str(e) for e in match.events], "totals": list(match.totals)})
    golden = json.loads(path.read_text(encoding="utf-8"))
    match = _replay(Match.new(golden["seed"], RuleSet.from_dict(golden["rules"])), golden)
    assert isinstance(match, Match) and list(match.totals) == golden["totals"]
