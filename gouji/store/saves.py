"""Saves that lose nothing: the match as (rules, seed, actions), written
atomically after every action; a broken save is kept aside, never fatal."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.errors import IllegalAction
from ..engine.match import Match
from ..engine.rules import RuleSet
from .rules_file import atomic_write
from .settings import data_dir, read_or_keep_aside

SAVE_VERSION = 1


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
        if not isinstance(entry, list) or not entry or not isinstance(entry[0], str) \
                or (len(entry) > 1 and not isinstance(entry[1], list)):
            raise ValueError(f"action {i + 1} of the save is damaged")
        actions.append(entry[0])
        cards.append(tuple(entry[1]) if len(entry) > 1 else None)
    return actions, cards


def dump(match: Match) -> str:
    return json.dumps({
        "version": SAVE_VERSION, "seed": match.seed, "rules": match.rules.to_dict(),
        "actions": pack_actions(match.actions, match.card_choices),
    }, ensure_ascii=False, separators=(",", ":"))


def save_match(match: Match, path: Path | None = None) -> str | None:
    """Write the save; an error message instead of an exception if the disk refuses."""
    try:
        atomic_write(path or save_path(), dump(match))
    except OSError as exc:
        return str(exc)
    return None


def delete_save(path: Path | None = None) -> None:
    (path or save_path()).unlink(missing_ok=True)


@dataclass(frozen=True)
class Loaded:
    match: Match | None
    problem: str | None = None  # why the save could not be used (it was kept aside)


def parse_save(text: str) -> Match:
    """Rebuild the match by replaying the saved actions; ValueError names the fault."""
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"the save is damaged or cut short ({exc.msg} at character {exc.pos})") from None
    if not isinstance(data, dict):
        raise ValueError("the save is not a match record")
    version = data.get("version")
    if not isinstance(version, int) or version > SAVE_VERSION:
        raise ValueError(f"the save was written by a newer version of the game (format {version!r})")
    seed, entries = data.get("seed"), data.get("actions")
    if not isinstance(seed, int) or not isinstance(entries, list):
        raise ValueError("the save is missing its seed or its actions")
    rules = RuleSet.from_dict(data.get("rules") or {})
    actions, choices = unpack_actions(entries)
    match = Match.new(seed, rules)
    for i, (action, cards) in enumerate(zip(actions, choices)):
        try:
            match.apply(action, cards)
        except (IllegalAction, ValueError, TypeError) as exc:
            raise ValueError(f"action {i + 1} ({action!r}) does not replay: {exc}") from None
    return match


def load_save(path: Path | None = None) -> Loaded:
    """The saved match, or None and a message (the bad file is renamed aside)."""
    match, problem = read_or_keep_aside(path or save_path(), parse_save)
    return Loaded(match, problem)


def has_save(path: Path | None = None) -> bool:
    return (path or save_path()).exists()
