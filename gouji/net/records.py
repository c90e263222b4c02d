"""What a player keeps of a shared table's match: the host's record (rules,
how the match was dealt, actions, where each deal ended), replayed here by
the engine — so the player's history holds exactly what the host played,
and a deal code for any deal can be made from it.

A shared table's match is dealt by its deals' own seeds, drawn at random by
the host (``Match.from_deal_seeds``): the record sent at the end of deal k
(``deal_end``) carries the seeds of deals 0..k only, which deal nothing of
the deals still to come — so the player keeps each deal as it ends, even if
he leaves before the match's end. An older host's record (``match_end``
only) carries the match's seed instead (docs/network.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine.dealcode import DealRef, encode
from ..engine.errors import IllegalAction, NotationError
from ..engine.match import Match
from ..engine.rules import RuleSet
from ..store.history import History
from ..store.records import Seating, SharedTable
from ..store.saves import unpack_actions
from .protocol import Refusal, check_record


class RecordError(ValueError):
    """A record from the host that is not one, or does not replay."""


@dataclass(frozen=True)
class NetRecord:
    rules: RuleSet
    seed: int                      # 0 for a match dealt by its deals' seeds
    actions: tuple[str, ...]
    card_choices: tuple[tuple[int, ...] | None, ...]
    ends: tuple[int, ...]          # the action count at each deal's end
    deal_seeds: tuple[int, ...] | None = None   # the seeds of the deals it ended (one for each end)
    first_drawer: int = 0
    _match: list[Match] = field(default_factory=list, compare=False, repr=False)   # the replay, once made

    @classmethod
    def from_message(cls, data: Any) -> "NetRecord":
        """From a ``deal_end`` or ``match_end`` message's ``record``; RecordError says what is wrong."""
        try:
            fields = check_record(data)
            rules = RuleSet.from_dict(fields["rules"])
            actions, choices = unpack_actions(fields["actions"])
        except Refusal as exc:
            raise RecordError(f"the record is damaged: {exc.en[:100]}") from None
        except (ValueError, TypeError) as exc:
            raise RecordError(f"the record is damaged: {str(exc)[:100]}") from None
        seeds = fields.get("deal_seeds")
        return cls(rules, fields.get("seed", 0), tuple(actions), tuple(choices), tuple(fields["ends"]),
                   None if seeds is None else tuple(seeds), fields.get("first_drawer", 0))

    def replay(self, previous: "NetRecord | None" = None) -> Match:
        """The match, replayed by the engine (a copy: the replay is kept for the next call); RecordError if it
        does not replay to the deal ends it claims. Given the ``previous`` record of the same match, only what
        this one adds is replayed."""
        if not self._match:
            self._match.append(self._replayed(previous))
        return self._match[0].clone()

    def _replayed(self, previous: "NetRecord | None") -> Match:
        try:
            match = self._go_on(previous) if previous is not None and self.extends(previous) else self._fresh()
            for index in range(len(match.actions), len(self.actions)):
                match.apply(self.actions[index], self.card_choices[index])
        except (IllegalAction, NotationError, ValueError, TypeError) as exc:
            raise RecordError(f"the record does not replay: {str(exc)[:100]}") from None
        if tuple(r.end_action for r in match.results) != self.ends:
            raise RecordError("the record's deals do not end where it says")
        return match

    def _fresh(self) -> Match:
        if self.deal_seeds is None:
            return Match(self.rules, self.seed)
        return Match.from_deal_seeds(self.rules, self.first_drawer, self.deal_seeds)

    def _go_on(self, previous: "NetRecord") -> Match:
        """The previous record's replay, given this record's further deal seeds."""
        match = previous.replay()
        if self.deal_seeds is not None and match.deal_seeds is not None:
            match.extend_deal_seeds(self.deal_seeds[len(match.deal_seeds):])
        return match

    def extends(self, previous: "NetRecord") -> bool:
        """This record is ``previous`` with more deals: the same match, a step further."""
        seeds, before = self.deal_seeds, previous.deal_seeds
        return (self.rules == previous.rules and self.seed == previous.seed
                and self.first_drawer == previous.first_drawer
                and (seeds is None) == (before is None) and (seeds is None or seeds[:len(before or ())] == before)
                and self.actions[:len(previous.actions)] == previous.actions
                and self.card_choices[:len(previous.card_choices)] == previous.card_choices
                and self.ends[:len(previous.ends)] == previous.ends and bool(previous._match))

    def deal_ref(self, deal: int, seat: int) -> DealRef:
        """One deal of the record, seen from ``seat`` (with only its own and earlier deals' seeds)."""
        seeds = None if self.deal_seeds is None else self.deal_seeds[:deal + 1]
        return DealRef(self.rules, self.seed, self.actions[:self.ends[deal]], deal, seat, seeds, self.first_drawer)

    def deal_code(self, deal: int, seat: int) -> str:
        """The deal code (``GJ2:…``, or ``GJ1:…`` for an older host's match) of one deal, seen from ``seat``:
        paste it into the app to review it."""
        return encode(self.deal_ref(deal, seat))

    def write_history(self, path: Path | None, seat: int, bot_level: str,
                      table: SharedTable | None = None, since: int = 0) -> tuple[History, str | None]:
        """Every deal of the record into the player's history (``path``: its database; None: the usual one),
        marked as played at the shared ``table`` (its room, title and people) when it is given. A later
        record of the same match completes the same rows (the history finds them by the deal seeds).
        ``since``: the actions before the seat became the player's (a late comer): deals over by then are not his."""
        history = History(path)
        problem = history.record(self.replay(), Seating(human=seat, bot_level=bot_level, table=table, start=since))
        return history, problem


__all__ = ["NetRecord", "RecordError"]
