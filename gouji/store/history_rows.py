"""Rows of the history database read back into records, checked value by
value: SQLite keeps whatever a row was given (text in an INTEGER column, JSON
cut short), so a row another program, a disk error or an older bug damaged
raises ``BadRow`` — naming the column — and the reader skips it and counts it,
instead of crashing the statistics or setting the whole history aside."""

from __future__ import annotations

import json
from typing import Any

from ..engine.checks import SEED_LIMIT
from ..engine.rules import MAX_SERIES
from ..engine.seats import SEATS
from .records import DealRecord, DealSeeds, MatchRecord, SharedTable

TEXT_LIMIT = 200      # dates, presets, bot levels: short texts
JSON_LIMIT = 1000     # places and opened: a few dozen characters
SEEDS_LIMIT = 2000    # deal seeds: 99 numbers of up to 10 digits


class BadRow(ValueError):
    """A row whose value in one column cannot be what the game wrote."""


def deal_from_row(row: tuple) -> DealRecord:
    (id_, match_id, idx, ended, preset, level, practice, human, places, even, odd, opened, human_opened,
     chuan, first, end, shared, seeds) = row
    first, end = _whole(first, "first_action", 0), _whole(end, "end_action", 0)
    if end < first:
        raise BadRow("end_action is before first_action")
    return DealRecord(_whole(id_, "id", 1), _whole(match_id, "match_id", 1), _whole(idx, "idx", 0, MAX_SERIES - 1),
                      _text(ended, "ended"), _text(preset, "preset"), _text(level, "bot_level"),
                      _flag(practice, "practice"), _seat(human, "human"), _places(places),
                      (_whole(even, "score_even"), _whole(odd, "score_odd")), _opened(opened),
                      None if human_opened is None else _flag(human_opened, "human_opened"),
                      _whole(chuan, "chuan", -1, 1), first, end, _shared(shared), _deal_seeds(seeds))


def match_from_row(row: tuple) -> MatchRecord:
    id_, started, ended, seed, preset, level, practice, human, length, deals, even, odd, shared, seeds = row
    return MatchRecord(_whole(id_, "id", 1), _text(started, "started"),
                       None if ended is None else _text(ended, "ended"), _whole(seed, "seed", 0, SEED_LIMIT - 1),
                       _text(preset, "preset"), _text(level, "bot_level"), _flag(practice, "practice"),
                       _seat(human, "human"), _whole(length, "series_length", 1, MAX_SERIES),
                       _whole(deals, "deals", 0), (_whole(even, "total_even"), _whole(odd, "total_odd")),
                       _shared(shared), _deal_seeds(seeds))


def _whole(value: Any, column: str, low: int | None = None, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise BadRow(f"{column} is not a whole number")
    if (low is not None and value < low) or (high is not None and value > high):
        raise BadRow(f"{column} is out of range")
    return value


def _seat(value: Any, column: str) -> int:
    return _whole(value, column, SEATS[0], SEATS[-1])


def _flag(value: Any, column: str) -> bool:
    if value not in (0, 1) or isinstance(value, float):
        raise BadRow(f"{column} is not 0 or 1")
    return bool(value)


def _text(value: Any, column: str) -> str:
    if not isinstance(value, str) or not value or len(value) > TEXT_LIMIT:
        raise BadRow(f"{column} is not a short text")
    return value


def _json(value: Any, column: str, limit: int = JSON_LIMIT) -> Any:
    if not isinstance(value, str) or len(value) > limit:
        raise BadRow(f"{column} is not short JSON text")
    try:
        return json.loads(value)
    except (ValueError, RecursionError):
        raise BadRow(f"{column} is not valid JSON") from None


def _shared(value: Any) -> SharedTable | None:
    """NULL: a match against bots; else the shared table's JSON (damaged: the row is skipped)."""
    if value is None:
        return None
    try:
        return SharedTable.from_data(_json(value, "shared_table"))
    except ValueError as exc:
        raise BadRow(f"shared_table: {exc}") from None


def _deal_seeds(value: Any) -> DealSeeds | None:
    """NULL: a match dealt by one seed; else a shared match's first drawer and deal seeds (damaged: skipped)."""
    if value is None:
        return None
    try:
        return DealSeeds.from_data(_json(value, "deal_seeds", SEEDS_LIMIT))
    except ValueError as exc:
        raise BadRow(f"deal_seeds: {exc}") from None


def _places(value: Any) -> tuple[int, ...]:
    places = _json(value, "places")
    if not isinstance(places, list) or sorted(p for p in places if type(p) is int) != list(SEATS) \
            or len(places) != len(SEATS):
        raise BadRow("places is not the six seats in order of going out")
    return tuple(places)


def _opened(value: Any) -> tuple[bool, ...]:
    opened = _json(value, "opened")
    if not isinstance(opened, list) or len(opened) != len(SEATS) or not all(o in (True, False) and
                                                                             type(o) is bool for o in opened):
        raise BadRow("opened is not six true/false values")
    return tuple(opened)


__all__ = ["BadRow", "deal_from_row", "match_from_row"]
