"""What a player keeps of a shared table's match: the host's record at the
match's end (rules, seed, actions, where each deal ended), replayed here by
the engine — so the player's history holds exactly what the host played,
and a deal code for any deal can be made from it.

The host sends the record only once the match is over: the seed deals every
deal of the match, so a record given out at the first deal's end would show
every hand of the deals still to come (docs/network.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.dealcode import MAX_ACTIONS_PER_DEAL, DealRef, encode
from ..engine.errors import IllegalAction, NotationError
from ..engine.match import Match
from ..engine.rules import MAX_SERIES, RuleSet
from ..store.history import History
from ..store.records import Seating, SharedTable
from ..store.saves import unpack_actions


class RecordError(ValueError):
    """A record from the host that is not one, or does not replay."""


@dataclass(frozen=True)
class NetRecord:
    rules: RuleSet
    seed: int
    actions: tuple[str, ...]
    card_choices: tuple[tuple[int, ...] | None, ...]
    ends: tuple[int, ...]          # the action count at each deal's end

    @classmethod
    def from_message(cls, data: Any) -> "NetRecord":
        """From a ``match_end`` message's ``record``; RecordError says what is wrong."""
        if not isinstance(data, dict):
            raise RecordError("the record is not an object")
        try:
            rules = RuleSet.from_dict(data.get("rules"))   # type: ignore[arg-type]   # from_dict checks the type
            entries = data.get("actions")
            if not isinstance(entries, list) or len(entries) > MAX_SERIES * MAX_ACTIONS_PER_DEAL:
                raise RecordError("the record's actions are not a list of a match's size")
            actions, choices = unpack_actions(entries)
        except ValueError as exc:
            raise RecordError(f"the record is damaged: {str(exc)[:100]}") from None
        seed, ends = data.get("seed"), data.get("ends")
        if not isinstance(seed, int) or isinstance(seed, bool) or not isinstance(ends, list) \
                or not all(isinstance(e, int) and not isinstance(e, bool) for e in ends) or len(ends) > MAX_SERIES:
            raise RecordError("the record's seed or deal ends are damaged")
        return cls(rules, seed, tuple(actions), tuple(choices), tuple(ends))

    def replay(self) -> Match:
        """The match, replayed by the engine; RecordError if it does not replay to the deal ends it claims."""
        try:
            match = Match.replay(self.rules, self.seed, self.actions, self.card_choices)
        except (IllegalAction, NotationError, ValueError, TypeError) as exc:
            raise RecordError(f"the record does not replay: {str(exc)[:100]}") from None
        if tuple(r.end_action for r in match.results) != self.ends:
            raise RecordError("the record's deals do not end where it says")
        return match

    def deal_code(self, deal: int, seat: int) -> str:
        """The deal code (``GJ1:…``) of one deal, seen from ``seat``: paste it into the app to review it."""
        return encode(DealRef(self.rules, self.seed, self.actions[:self.ends[deal]], deal, seat))

    def write_history(self, path: Path | None, seat: int, bot_level: str,
                      table: SharedTable | None = None) -> tuple[History, str | None]:
        """Every deal of the match into the player's history (``path``: its database; None: the usual one),
        marked as played at the shared ``table`` (its room, title and people) when it is given."""
        history = History(path)
        problem = history.record(self.replay(), Seating(human=seat, bot_level=bot_level, table=table))
        return history, problem


__all__ = ["NetRecord", "RecordError"]
