"""A seat's ``SeatView`` and the engine's ``Event`` as JSON, and back.

No model of its own: the fields are the engine's, read from the dataclasses'
type hints, so a field added to ``SeatView`` travels without a change here
(tests/test_net_protocol.py checks the round trip, field for field, over
whole matches). Frozensets go out sorted, moves as their action text, enums
as their value. The rules travel once (with the ``start`` message) and the
history as a delta (``history_from`` and the events after it), so a view
message stays small.

What a view holds is already only what its seat may see (the engine's
no-peeking rule); this module adds nothing and drops nothing but the two
fields sent apart. Reading is strict: the host's messages are input too.
The writer and reader of each field are made once, from its type hint
(views are many: six after every action).
"""

from __future__ import annotations

import types
from collections.abc import Callable
from dataclasses import fields
from enum import Enum
from functools import cache
from typing import Any, Union, get_args, get_origin, get_type_hints

from ..engine.actions import Move, parse_action
from ..engine.errors import IllegalAction
from ..engine.events import Event, EventKind
from ..engine.phases import Phase
from ..engine.rules import RuleSet
from ..engine.view import SeatView

APART = ("rules", "history")          # sent once, or as a delta
HINTS = get_type_hints(SeatView)
VIEW_FIELDS = tuple(f.name for f in fields(SeatView) if f.name not in APART)
MAX_ITEMS = 4096                     # the longest list a view or an event may hold (a deal has 216 cards)
MAX_TEXT = 1000
MAX_DEPTH = 4                        # an event's info nests at most two levels
Writer = Callable[[Any], Any]
Reader = Callable[[Any, str], Any]


class WireError(ValueError):
    """A view or event from the wire that is not one."""


# ----- out -------------------------------------------------------------------
def out(value: Any) -> Any:
    """Any value of a view or event as JSON data."""
    if isinstance(value, Move):
        return str(value)
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, frozenset):
        return sorted(out(v) for v in value)
    if isinstance(value, (tuple, list)):
        return [out(v) for v in value]
    return value


@cache
def writer(hint: Any) -> Writer:
    """How a value of type ``hint`` is written: a quick way for the common types, else ``out``."""
    origin, args = get_origin(hint), get_args(hint)
    if hint in (int, str, bool):
        return _same
    if origin in (Union, types.UnionType):
        inner = writer(next(arg for arg in args if arg is not type(None)))
        return lambda value: None if value is None else inner(value)
    if origin is frozenset and args[0] is int:
        return sorted
    if origin is tuple and args[1:] == (Ellipsis,) and args[0] in (int, int | None):
        return list
    if origin is tuple and args[1:] == (Ellipsis,) and args[0] is Move:
        return lambda value: [str(m) for m in value]
    return out


def _same(value: Any) -> Any:
    return value


VIEW_WRITERS = {name: writer(HINTS[name]) for name in VIEW_FIELDS}


def view_to_wire(view: SeatView) -> dict[str, Any]:
    """Every field of the view but its rules and history."""
    return {name: write(getattr(view, name)) for name, write in VIEW_WRITERS.items()}


def event_to_wire(event: Event) -> dict[str, Any]:
    data: dict[str, Any] = {"k": event.kind.value}
    if event.seat is not None:
        data["s"] = event.seat
    if event.cards:
        data["c"] = event.cards
    if event.info:
        data["i"] = out(event.info)
    if event.private_to is not None:
        data["p"] = event.private_to
    if event.card_ids:
        data["ids"] = list(event.card_ids)
    return data


def history_delta(old: tuple[Event, ...] | None, new: tuple[Event, ...]) -> tuple[int, tuple[Event, ...]]:
    """(how many of ``old`` the receiver keeps, the events to add): ``new`` is ``old[:k] + added``."""
    if old is not None and len(new) >= len(old) and new[:len(old)] == old:
        return len(old), new[len(old):]
    return 0, new


# ----- in --------------------------------------------------------------------
def view_from_wire(data: Any, rules: RuleSet, history: tuple[Event, ...]) -> SeatView:
    """The view a ``view_to_wire`` dict describes; WireError if it is not one."""
    if not isinstance(data, dict) or data.keys() != VIEW_READERS.keys():
        odd = sorted(set(VIEW_FIELDS) ^ set(data))[:3] if isinstance(data, dict) else ["all"]
        raise WireError(f"a view needs exactly its fields (missing or extra: {odd})")
    values = {name: read_field(data[name], name) for name, read_field in VIEW_READERS.items()}
    try:
        return SeatView(rules=rules, history=history, **values)
    except (TypeError, ValueError) as exc:
        raise WireError(f"not a view: {str(exc)[:100]}") from None


def event_from_wire(data: Any) -> Event:
    if not isinstance(data, dict) or not data.keys() <= {"k", "s", "c", "i", "p", "ids"}:
        raise WireError("an event is an object of k, s, c, i, p, ids")
    try:
        kind = EventKind(_str(data.get("k"), "k"))
    except ValueError:
        raise WireError(f"unknown event kind {str(data.get('k'))[:20]!r}") from None
    return Event(kind, _seat_or_none(data.get("s"), "s"), _str(data.get("c", ""), "c"), _info(data.get("i", []), 0),
                 _seat_or_none(data.get("p"), "p"), _ints(data.get("ids", []), "ids"))


def events_from_wire(data: Any) -> tuple[Event, ...]:
    return tuple(event_from_wire(item) for item in _list(data, "events"))


def read(hint: Any, value: Any, where: str) -> Any:
    """``value`` (JSON data) as the type ``hint`` names; WireError if it is not one."""
    return reader(hint)(value, where)


@cache
def reader(hint: Any) -> Reader:
    """How a value of type ``hint`` is read from JSON data, and checked."""
    origin, args = get_origin(hint), get_args(hint)
    if origin in (Union, types.UnionType):
        inner = reader(next(arg for arg in args if arg is not type(None)))
        return lambda value, where: None if value is None else inner(value, where)
    if origin is frozenset:
        item = reader(args[0])
        return lambda value, where: frozenset(item(v, where) for v in _list(value, where))
    if origin is tuple and args[1:] == (Ellipsis,):
        if args[0] is int:
            return _ints
        each = reader(args[0])
        return lambda value, where: tuple(each(v, where) for v in _list(value, where))
    if origin is tuple:
        items = [reader(arg) for arg in args]
        return lambda value, where: tuple(read_one(v, where)
                                          for read_one, v in zip(items, _list(value, where, len(items))))
    simple: dict[Any, Reader] = {bool: _bool, int: _int, str: _str, Phase: _phase, Move: _move, Event: _event}
    if hint in simple:
        return simple[hint]
    raise WireError(f"no reader for {hint}")   # a new field type in SeatView: add it here


def _list(value: Any, where: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list) or len(value) > MAX_ITEMS or (length is not None and len(value) != length):
        raise WireError(f"{where}: expected a list" + (f" of {length}" if length is not None else ""))
    return value


def _ints(value: Any, where: str) -> tuple[int, ...]:
    if not all(type(v) is int and abs(v) < 2 ** 63 for v in _list(value, where)):
        raise WireError(f"{where}: expected whole numbers")
    return tuple(value)


def _check(value: Any, ok: bool, where: str, what: str) -> Any:
    if not ok:
        raise WireError(f"{where}: expected {what}")
    return value


def _int(value: Any, where: str) -> int:
    return _check(value, type(value) is int and abs(value) < 2 ** 63, where, "a whole number")


def _seat_or_none(value: Any, where: str) -> int | None:
    return None if value is None else _int(value, where)


def _bool(value: Any, where: str) -> bool:
    return _check(value, isinstance(value, bool), where, "true or false")


def _str(value: Any, where: str) -> str:
    return _check(value, isinstance(value, str) and len(value) <= MAX_TEXT, where, "text")


def _phase(value: Any, where: str) -> Phase:
    try:
        return Phase(value)
    except ValueError:
        raise WireError(f"{where}: unknown phase {str(value)[:20]!r}") from None


def _move(value: Any, where: str) -> Move:
    try:
        return parse_action(_check(value, isinstance(value, str), where, "an action"))
    except IllegalAction as exc:
        raise WireError(f"{where}: {exc.en}") from None


def _event(value: Any, where: str) -> Event:
    return event_from_wire(value)


def _info(value: Any, depth: int) -> tuple:
    """An event's info: nested lists of whole numbers, texts and true/false, as tuples."""
    if not isinstance(value, list) or len(value) > MAX_ITEMS or depth > MAX_DEPTH:
        raise WireError("an event's info is a short list")
    items: list[Any] = []
    for item in value:
        if isinstance(item, list):
            items.append(_info(item, depth + 1))
        elif item is None or isinstance(item, (bool, int)) or (isinstance(item, str) and len(item) <= MAX_TEXT):
            items.append(item)
        else:
            raise WireError("an event's info holds numbers, texts and lists")
    return tuple(items)


VIEW_READERS = {name: reader(HINTS[name]) for name in VIEW_FIELDS}

__all__ = ["view_to_wire", "view_from_wire", "event_to_wire", "event_from_wire", "events_from_wire",
           "history_delta", "WireError", "VIEW_FIELDS"]
