"""Small helpers for scenario tests written in the notation."""

from __future__ import annotations

from gouji import Game, RuleSet

BASIC = RuleSet.preset("basic")


def scenario(hands: list[str], leader: int = 0, rules: RuleSet = BASIC, **changes) -> Game:
    return Game.from_hands(hands, leader=leader, rules=rules.replace(**changes) if changes else rules)


def run(game: Game, steps: list[tuple[int, str]]) -> None:
    """Apply (seat, action) steps, checking each seat really has the turn."""
    for seat, action in steps:
        assert game.current_seat == seat, (
            f"expected seat {seat} to act for {action!r}, but seat {game.current_seat} "
            f"has the turn ({game.phase}); legal: {game.legal_actions()}")
        game.apply(action)


def kinds(game: Game) -> list[str]:
    return [e.kind for e in game.events]
