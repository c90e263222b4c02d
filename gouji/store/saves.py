"""Saves that lose nothing: the match as (rules, seed, actions), written
atomically after every action; a broken save is kept aside, never fatal.
A match built from its deals' seeds (a shared table's host keeps its match
this way) is saved with them instead of the seed (format 2).

A finished match stays saved until its last deal is in the history: the
history's worker drops it with ``delete_save_if`` (only if the file still
holds that match — a new one may have been saved meanwhile; one lock orders
the two threads' writes)."""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.errors import IllegalAction, quote
from ..engine.match import Match
from ..engine.rules import RuleSet
from .files import SAVE_LIMIT, atomic_write, load_file
from .settings import data_dir

SAVE_VERSION = 2   # 2: a match from deal seeds (format 1, a match from one seed, is still written as 1)
KEYS = ("version", "seed", "rules", "actions", "deal_seeds", "first_drawer")
_WRITING = threading.Lock()   # the loop saves, the history's worker drops a finished match's save


def save_path() -> Path:
    return data_dir() / "match.json"


def pack_actions(actions: Sequence[str], card_choices: Sequence[Sequence[int] | None]) -> list[list[Any]]:
    """Actions as the save writes them: ``[action]``, or ``[action, [card ids]]`` when cards were picked."""
    return [[a, list(c)] if c is not None else [a] for a, c in zip(actions, card_choices)]


def unpack_actions(entries: Any) -> tuple[list[str], list[tuple[int, ...] | None]]:
    """``pack_actions`` read back; ValueError names the first damaged entry."""
    if not isinstance(entries, list):
        raise ValueError("the actions are not a list")
    actions: list[str] = []
    cards: list[tuple[int, ...] | None] = []
    for i, entry in enumerate(entries):
        action, chosen = _entry(i, entry)
        actions.append(action)
        cards.append(tuple(chosen) if chosen is not None else None)
    return actions, cards


def dump(match: Match) -> str:
    dealt: dict[str, Any] = {"version": 1, "seed": match.seed} if match.deal_seeds is None else \
        {"version": 2, "seed": match.seed, "deal_seeds": list(match.deal_seeds), "first_drawer": match.first_drawer}
    return json.dumps({
        **dealt, "rules": match.rules.to_dict(), "actions": pack_actions(match.actions, match.card_choices),
    }, ensure_ascii=False, separators=(",", ":"))


def save_match(match: Match, path: Path | None = None) -> str | None:
    """Write the save; an error message instead of an exception if the disk refuses (the same
    message for the same trouble: it names the folder, not the temporary file)."""
    target = path or save_path()
    try:
        with _WRITING:
            atomic_write(target, dump(match))
    except OSError as exc:
        return f"{exc.strerror or type(exc).__name__} ({target.parent})"
    return None


def delete_save(path: Path | None = None) -> str | None:
    """Forget the save; an error message if the disk refuses."""
    target = path or save_path()
    try:
        with _WRITING:
            target.unlink(missing_ok=True)
    except OSError as exc:
        return f"{exc.strerror or type(exc).__name__} ({target})"
    return None


def delete_save_if(match: Match, path: Path | None = None) -> str | None:
    """Forget the save only if it holds ``match`` (same seed, rules and actions): a new match
    may have been saved since. An error message if the disk refuses."""
    target = path or save_path()
    try:
        with _WRITING:
            if _holds(target, match):
                target.unlink()
    except OSError as exc:
        return f"{exc.strerror or type(exc).__name__} ({target})"
    return None


def _holds(path: Path, match: Match) -> bool:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        actions, _ = unpack_actions(data.get("actions"))
    except (OSError, ValueError, AttributeError, RecursionError):
        return False
    seeds = data.get("deal_seeds")
    return data.get("seed") == match.seed and data.get("rules") == match.rules.to_dict() \
        and actions == match.actions and (None if seeds is None else tuple(seeds)) == match.deal_seeds


@dataclass(frozen=True)
class Loaded:
    match: Match | None
    problem: str | None = None  # why the save could not be used (it was kept aside)


def parse_save(text: str) -> Match:
    """Rebuild the match by replaying the saved actions; ValueError says in words what is wrong."""
    data = _record(text)
    try:
        rules = RuleSet.from_dict(data.get("rules", {}))
    except ValueError as exc:
        raise ValueError(f"its rules are wrong: {exc}") from None
    match = _new_match(data, rules)
    for i, entry in enumerate(data["actions"]):
        action, cards = _entry(i, entry)
        try:
            match.apply(action, cards)
        except (IllegalAction, ValueError, TypeError) as exc:
            raise ValueError(f"action {i + 1} ({quote(action)}) does not replay: {exc}") from None
    return match


def _new_match(data: dict[str, Any], rules: RuleSet) -> Match:
    """The saved match before its first action: by its seed, or by its deals' seeds (format 2)."""
    if "deal_seeds" not in data:
        return Match.new(data["seed"], rules)
    try:
        return Match.from_deal_seeds(rules, data.get("first_drawer"), data["deal_seeds"])  # type: ignore[arg-type]
    except (ValueError, TypeError) as exc:   # checked there: seeds and the first drawer of any type
        raise ValueError(f"its deal seeds are wrong: {str(exc)[:100]}") from None


def _record(text: str) -> dict[str, Any]:
    """The save's top level, checked: a mapping of the known keys with values of the right type."""
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"the save is damaged or cut short ({exc.msg} at character {exc.pos})") from None
    except RecursionError:
        raise ValueError("the save is damaged: it is nested too deeply to be read") from None
    except ValueError as exc:   # e.g. a number of thousands of digits
        raise ValueError(f"the save is damaged ({str(exc)[:100]})") from None
    if not isinstance(data, dict):
        raise ValueError("the save is not a match record")
    unknown = [key for key in data if key not in KEYS]
    if unknown:
        raise ValueError(f"the save has an unknown entry {quote(unknown[0])}")
    version: Any = data.get("version")
    if not _whole(version) or version < 1:
        raise ValueError(f"the save has no valid format number ('version': {quote(version)})")
    if version > SAVE_VERSION:
        raise ValueError(f"the save was written by a newer version of the game (format {version})")
    if not _whole(data.get("seed")) or not isinstance(data.get("actions"), list):
        raise ValueError("the save is missing its seed or its actions")
    return data


def _entry(i: int, entry: Any) -> tuple[str, list[int] | None]:
    """One saved action: [action] or [action, [card numbers]]."""
    if not isinstance(entry, list) or not 1 <= len(entry) <= 2 or not isinstance(entry[0], str):
        raise ValueError(f"action {i + 1} of the save is damaged (it is not [action] or [action, cards])")
    cards = entry[1] if len(entry) > 1 else None
    if cards is not None and not (isinstance(cards, list) and all(_whole(c) for c in cards)):
        raise ValueError(f"action {i + 1} ({quote(entry[0])}) of the save is damaged: "
                         "its cards are not a list of card numbers")
    return entry[0], cards


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def load_save(path: Path | None = None) -> Loaded:
    """The saved match, or None and a message naming the file (the bad file is kept aside)."""
    match, problem = load_file(path or save_path(), SAVE_LIMIT, parse_save)
    return Loaded(match, problem)


def has_save(path: Path | None = None) -> bool:
    return (path or save_path()).exists()
