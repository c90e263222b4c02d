"""The engine's public boundary: a value of the wrong kind gets a ``TypeError``
that names the argument, at once (not an AttributeError from deep inside), a
value out of range a ``ValueError``; messages quote at most a short prefix.

>>> need_seat("2", "leader")
Traceback (most recent call last):
...
TypeError: leader must be a seat number 0..5, got str
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .cards import N_PACKS
from .errors import IllegalAction
from .rules import RuleSet
from .seats import SEATS


def kind(value: object) -> str:
    return type(value).__name__


def need_text(value: object, name: str, example: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{name} must be text such as {example!r}, got {kind(value)}")
    return value


def need_whole(value: object, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} must be a whole number, got {kind(value)}")
    return value


SEED_LIMIT = 2 ** 63   # seeds are 0 <= seed < 2**63: they fit a signed 64-bit column and any code


def need_seed(value: object, name: str = "seed") -> int:
    """A seed of a deal or match: a whole number from 0 to 2**63 - 1.

    >>> need_seed(2 ** 64)
    Traceback (most recent call last):
    ...
    ValueError: seed must be from 0 to 9223372036854775807, got 18446744073709551616
    """
    seed = need_whole(value, name)
    if not 0 <= seed < SEED_LIMIT:
        raise ValueError(f"{name} must be from 0 to {SEED_LIMIT - 1}, got {number_text(seed)}")
    return seed


def number_text(value: int) -> str:
    """A whole number as a message quotes it: one of hundreds of digits is only measured
    (``str`` of a number over 4,300 digits even raises)."""
    if abs(value) < 10 ** 30:
        return str(value)
    return f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"


def need_seat(value: object, name: str = "seat") -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} must be a seat number 0..5, got {kind(value)}")
    if value not in SEATS:
        raise ValueError(f"unknown seat {value!r:.40} for {name} (seats are 0..5)")
    return value


def need_seats(value: object, name: str) -> list[int]:
    """A collection of seat numbers (a set, list or tuple)."""
    if isinstance(value, (str, bytes, Mapping)) or not hasattr(value, "__iter__"):
        raise TypeError(f"{name} must be a collection of seat numbers 0..5, got {kind(value)}")
    return [need_seat(seat, f"a seat in {name}") for seat in value]


def need_seat_map(value: object, name: str) -> dict[int, int]:
    """A mapping of seat -> seat (who declared against whom)."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise TypeError(f"{name} must map a seat to a seat, got {kind(value)}")
    return {need_seat(k, f"a seat in {name}"): need_seat(v, f"a seat in {name}") for k, v in value.items()}


def need_rules(value: object, name: str = "rules") -> RuleSet:
    """A RuleSet; None means the default rules (qingdao)."""
    if value is None:
        return RuleSet()
    if not isinstance(value, RuleSet):
        raise TypeError(f"{name} must be a RuleSet (e.g. RuleSet.preset('basic')), got {kind(value)}")
    return value


def need_list(value: object, name: str, of: str) -> list[Any]:
    """A list or tuple (not text, not a mapping) of ``of``."""
    if not isinstance(value, (list, tuple)):
        raise TypeError(f"{name} must be a list of {of}, got {kind(value)}")
    return list(value)


def replay_lists(actions: object, card_choices: object) -> tuple[list[str], list]:
    """The actions of a replay and their chosen cards (or Nones), checked to be lists."""
    actions = need_list(actions, "actions", "action texts such as 'play KK'")
    if card_choices is None:
        return actions, [None] * len(actions)
    choices = need_list(card_choices, "card_choices", "card-number lists (or None)")
    if len(choices) != len(actions):
        raise ValueError(f"card_choices has {len(choices)} entries for {len(actions)} actions")
    return actions, choices


def card_ids(cards: Sequence[int]) -> list[int]:
    """The physical cards a caller named: whole numbers 0..215, or IllegalAction."""
    if isinstance(cards, (str, bytes)) or not hasattr(cards, "__iter__"):
        raise IllegalAction("选的牌要是牌号列表", "the chosen cards must be a list of card numbers")
    chosen = list(cards)
    if not all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c < N_PACKS * 54 for c in chosen):
        raise IllegalAction("选的牌里有不是牌号的东西", "the chosen cards must be card numbers 0..215")
    return chosen


__all__ = ["kind", "need_text", "need_whole", "need_seed", "number_text", "SEED_LIMIT", "need_seat", "need_seats",
           "need_seat_map", "need_rules", "need_list",
           "replay_lists", "card_ids"]
