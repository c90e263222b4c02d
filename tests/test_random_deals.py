"""Random simulation: 1,200 seeded deals under several rule sets, with the
invariants of RULES §1–§4 checked as they are played."""

from __future__ import annotations

import random

import pytest

from gouji import Game, RuleSet, score_deal
from gouji.engine.seats import team

RULESETS = [
    RuleSet.preset("basic"),
    RuleSet.preset("qingdao"),
    RuleSet.preset("app196"),
    RuleSet.preset("basic").replace(mixed_jokers="as_small", chaos_rules="tcy"),
    RuleSet.preset("basic").replace(pass_exception="opposite_gouji_only", burn_by_teammates=False,
                                    deck=198, scoring="2_1", positives_only=False),
    RuleSet.preset("qingdao").replace(kai_dian_eligibility="dagang"),
]
DEALS_PER_RULESET = 200
MAX_DECISIONS = 4000


def expected_score(places: list[int], rules: RuleSet) -> tuple[int, int]:
    """§4 computed independently of gouji.scoring."""
    points = [4, 2, 0, 0, -2, -4] if rules.scoring == "4_2" else [2, 1, 0, 0, -1, -2]
    totals = [0, 0]
    for place, seat in enumerate(places):
        totals[seat % 2] += points[place]
    if places[0] % 2 == places[1] % 2 == places[2] % 2:  # 串三户: the sweepers double
        totals[places[0] % 2] *= 2
    if rules.positives_only:
        totals = [max(t, 0) for t in totals]
    return totals[0], totals[1]


def check_cards(game: Game, deck: int) -> None:
    held = [c for s in range(6) for c in game.hand_cards(s)]
    everything = held + game.played_cards
    assert len(everything) == deck and len(set(everything)) == deck


def play_checked(seed: int, rules: RuleSet) -> Game:
    game = Game.new_deal(seed, rules)
    rng = random.Random(seed)
    check_cards(game, rules.deck)
    for step in range(MAX_DECISIONS):
        if game.is_over:
            break
        actions = game.legal_actions()
        assert actions, f"seed {seed}: no legal action in phase {game.phase}"
        assert actions == sorted(set(actions))
        game.apply(rng.choice(actions))
        if step % 25 == 0:
            check_cards(game, rules.deck)
    assert game.is_over, f"seed {seed}: deal did not end within {MAX_DECISIONS} decisions"
    check_cards(game, rules.deck)
    return game


@pytest.mark.parametrize("rules_index", range(len(RULESETS)))
@pytest.mark.slow
def test_random_deals_keep_every_invariant(rules_index):
    rules = RULESETS[rules_index]
    for seed in range(rules_index * 10_000, rules_index * 10_000 + DEALS_PER_RULESET):
        game = play_checked(seed, rules)
        assert game.current_seat is None and game.legal_actions() == []
        assert sorted(game.places) == list(range(6))
        assert game.places[:len(game.finish_order)] == game.finish_order
        rest = game.places[len(game.finish_order):]
        assert len({team(s) for s in rest}) <= 1, "the deal ended while both teams held cards"
        assert game.score() == expected_score(game.places, rules) == score_deal(game.places, rules)
        replayed = Game.replay(game.setup, game.actions)
        assert replayed.places == game.places and replayed.finish_order == game.finish_order
        assert [replayed.hand(s) for s in range(6)] == [game.hand(s) for s in range(6)]
        assert replayed.events == game.events


@pytest.mark.parametrize("rules_index", range(len(RULESETS)))
@pytest.mark.slow
def test_clones_and_positions_follow_the_original_step_by_step(rules_index):
    """After every action: a clone (full or light), a game restored from the
    position and one rebuilt from each seat's view with the real hands equal
    the original, stay equal under the same action, and a clone changed
    differently leaves the original untouched."""
    rules = RULESETS[rules_index]
    for seed in range(rules_index * 10_000 + 500, rules_index * 10_000 + 506):
        game = Game.new_deal(seed, rules)
        rng = random.Random(seed)
        while not game.is_over:
            position = game.position()
            clone, light = game.clone(), game.clone(light=True)
            restored = Game.from_position(position, rules)
            assert clone.position() == light.position() == restored.position() == position
            hands = [game.hand_counts(s) for s in range(6)]
            assert all(Game.from_view(game.view(s), hands).position() == position for s in range(6))
            assert clone.legal_moves() == light.legal_moves() == restored.legal_moves() == game.legal_moves()
            seat = game.current_seat
            assert clone.events == game.events and clone.view(seat) == game.view(seat)
            stray = game.clone()
            stray.apply_move(rng.choice(stray.legal_moves()))
            assert game.position() == position
            move = rng.choice(game.legal_moves())
            for copy in (clone, light, restored):
                copy.apply_move(move, validate=copy is not light)
            game.apply_move(move)
            assert clone.position() == light.position() == restored.position() == game.position()
            assert clone.events == game.events and clone.hand_cards(seat) == game.hand_cards(seat)
        assert clone.places == game.places and clone.score() == game.score()
