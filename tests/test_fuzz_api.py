"""Every public function of ``from gouji import …`` called with arbitrary Python
values: it works, or it refuses with a TypeError that names
the argument or a ValueError (IllegalAction, NotationError) — short, in words.
Never an AttributeError, KeyError, IndexError or RecursionError from inside."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gouji
from gouji import Game, Match, Move, Phase, Play, RuleSet, can_beat, is_gouji, parse_action, point_tribute, score_deal

pytestmark = pytest.mark.slow   # fuzzing: CI runs it, the fast lane does not

MESSAGE_LIMIT = 400


@cache
def a_game() -> Game:
    return Game.new_deal(3, RuleSet.preset("basic"))


@cache
def a_match() -> Match:
    match = Match.new(4)
    for _ in range(3):
        match.apply(match.legal_actions()[0])
    return match


def method(cls: type, make: Callable[[], Any], name: str) -> Callable[..., Any]:
    """``name`` called on a fresh copy of ``make()``; its signature without ``self``."""
    def call(*args: Any) -> Any:
        return getattr(make().clone(), name)(*args)
    signature = inspect.signature(getattr(cls, name))
    call.__signature__ = signature.replace(  # type: ignore[attr-defined]
        parameters=list(signature.parameters.values())[1:])
    return call


def game_method(name: str) -> Callable[..., Any]:
    return method(Game, a_game, name)


def match_method(name: str) -> Callable[..., Any]:
    return method(Match, a_match, name)


def first_action() -> str:
    return a_game().legal_actions()[0]


# name -> (callable, good arguments in order); each argument in turn, and all at once, gets arbitrary values
CALLS: dict[str, tuple[Callable[..., Any], tuple[Any, ...]]] = {
    "is_gouji": (is_gouji, ("KK",)),
    "can_beat": (can_beat, ("KK", "AA", RuleSet())),
    "score_deal": (score_deal, ([0, 1, 2, 3, 4, 5], RuleSet())),
    "point_tribute": (point_tribute, ({0, 1}, {1: 4}, RuleSet(), {}, ())),
    "parse_action": (parse_action, ("play KK",)),
    "Move.parse": (Move.parse, ("play KK",)),
    "Play.parse": (Play.parse, ("KK",)),
    "Play.from_counts": (Play.from_counts, ([0] * 10 + [2, 0, 0, 0, 0],)),
    "Phase": (Phase, ("lead",)),
    "RuleSet": (lambda key, value: RuleSet(**{key: value}), ("deck", 216)),
    "RuleSet.preset": (RuleSet.preset, ("basic",)),
    "RuleSet.replace": (lambda key, value: RuleSet().replace(**{key: value}), ("deck", 198)),
    "RuleSet.from_dict": (RuleSet.from_dict, ({"deck": 198}, RuleSet())),
    "RuleSet.from_toml": (RuleSet.from_toml, ("[rules]\ndeck = 198\n",)),
    "Game.new_deal": (Game.new_deal, (1, RuleSet(), 0, 0)),
    "Game.from_hands": (Game.from_hands, (["KK3", "AA45", "55", "66", "77", "88"], 0, RuleSet())),
    "Game.from_position": (Game.from_position, ("3/AA45/55/66/77/88 lead 1", RuleSet())),
    "Game.replay": (Game.replay, (a_game().setup, [first_action()], None)),
    "game.apply": (game_method("apply"), ("pass", None)),
    "game.check": (game_method("check"), ("pass", None)),
    "game.apply_move": (game_method("apply_move"), (Move.parse("pass"), None)),
    "game.is_legal": (game_method("is_legal"), (Move.parse("pass"),)),
    "game.hand": (game_method("hand"), (1,)),
    "game.hand_counts": (game_method("hand_counts"), (1,)),
    "game.hand_cards": (game_method("hand_cards"), (1,)),
    "game.hand_size": (game_method("hand_size"), (1,)),
    "game.history": (game_method("history"), (1,)),
    "game.view": (game_method("view"), (1,)),
    "Match.new": (Match.new, (1, RuleSet())),
    "Match.replay": (Match.replay, (RuleSet(), 4, ["pass"], None)),
    "match.apply": (match_method("apply"), ("pass", None)),
    "match.check": (match_method("check"), ("pass", None)),
    "match.apply_move": (match_method("apply_move"), (Move.parse("pass"), None)),
    "match.view": (match_method("view"), (1,)),
    "match.hand_cards": (match_method("hand_cards"), (1,)),
}
NAMES = {"RuleSet": ("key", "value"), "RuleSet.replace": ("key", "value")}

scalars = (st.none() | st.booleans() | st.integers() | st.integers(-2, 8) | st.floats() | st.text(max_size=30)
           | st.binary(max_size=10) | st.sampled_from(["KK", "play KK", "pass", "lead", "deck", "", "\x00", "3" * 300])
           | st.builds(object) | st.sampled_from([RuleSet(), RuleSet.preset("app196"), Play.parse("KK"),
                                                   Move.parse("pass"), Phase.LEAD, 10**30, -(10**30)]))
anything = st.recursive(scalars, lambda inner: st.lists(inner, max_size=8) | st.tuples(inner, inner)
                        | st.dictionaries(st.integers(-1, 7) | st.text(max_size=8), inner, max_size=4)
                        | st.frozensets(st.integers(-2, 8), max_size=7), max_leaves=8)
# a keyword argument's name is always text: any text, or one of the real keys
key_names = st.text(max_size=20) | st.sampled_from(["deck", "series_length", "tribute_order", "bie_san", "scoring"])
STRATEGIES = {("RuleSet", 0): key_names, ("RuleSet.replace", 0): key_names}


def parameter_names(name: str) -> tuple[str, ...]:
    if name in NAMES:
        return NAMES[name]
    function = CALLS[name][0]
    try:
        return tuple(inspect.signature(function).parameters)
    except ValueError:          # an Enum's call
        return ("value",)


def test_every_public_function_of_the_package_is_in_the_table():
    covered = {name.split(".")[0] for name in CALLS} | {"Game", "Match"}
    values = {"IllegalAction", "NotationError", "SeatView", "DealSetup", "Event", "EventKind"}  # exceptions, records
    assert set(gouji.__all__) - values <= covered | {n.capitalize() for n in covered}


@pytest.mark.parametrize("name", CALLS)
@settings(max_examples=50, deadline=None)
@given(data=st.data())
def test_any_value_is_refused_clearly_or_used(name, data):
    function, good = CALLS[name]
    names = parameter_names(name)[: len(good)]
    which = data.draw(st.sets(st.sampled_from(range(len(good))), min_size=1), label="arguments replaced")
    args = [data.draw(STRATEGIES.get((name, i), anything), label=names[i]) if i in which else good[i]
            for i in range(len(good))]
    try:
        function(*args)
    except (TypeError, ValueError) as exc:      # IllegalAction and NotationError are ValueErrors
        message = str(exc)
        assert message and len(message) < MESSAGE_LIMIT, message[:MESSAGE_LIMIT]
        if isinstance(exc, TypeError):
            named = [names[i] for i in which]
            assert any(n.lower().rstrip("s") in message.lower() for n in named), (named, message)
