"""Statistics of the human's play: pure functions over the history's records.

A match at a shared table (联机) counts in the totals, but apart from the bot
levels: ``by_level`` and the level filter put it under ``SHARED`` ("with
friends"), since people sat at that table, not only bots of its level.

>>> from gouji.store.records import DealRecord
>>> deal = DealRecord(1, 1, 0, "2026-01-01T10:00:00", "qingdao", "hard", False, 0, (0, 1, 2, 3, 4, 5),
...                   (2, 0), (True,) * 6, True, 0, 0, 150)
>>> s = statistics([deal], [])
>>> s.deals, s.deal_wins.rate, s.places[0], s.opened.rate, s.avg_points
(1, 1.0, 1, 1.0, 2.0)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from .records import DRAW, WIN, DealRecord, MatchRecord, level_key

RECENT = 50
Row = TypeVar("Row", DealRecord, MatchRecord)


@dataclass(frozen=True)
class Share:
    """``won`` of ``played`` (``drawn`` neither won nor lost)."""

    won: int = 0
    played: int = 0
    drawn: int = 0

    @property
    def rate(self) -> float | None:
        return self.won / self.played if self.played else None


@dataclass(frozen=True)
class Recent:
    """One finished match for the chart."""

    match_id: int
    ended: str
    outcome: str          # win, loss, draw
    points: int           # the human team's total minus the other team's


@dataclass(frozen=True)
class Stats:
    deals: int
    matches: int                                   # finished matches
    deal_wins: Share
    match_wins: Share
    by_level: dict[str, tuple[Share, Share]]       # bot level (or SHARED: with friends) -> (deals, matches)
    by_preset: dict[str, tuple[Share, Share]]      # rules preset -> (deals, matches)
    places: tuple[int, ...]                        # deals the human ended 头科 … 大落
    opened: Share                                  # 开点: deals with 开点 in the rules, and opened
    chuan_for: int                                 # 串三户 by the human's team
    chuan_against: int
    avg_points: float | None                       # per deal: the human team's points minus the other's
    recent: tuple[Recent, ...]                     # the last finished matches, oldest first

    def place_share(self, place: int) -> float | None:
        return self.places[place] / self.deals if self.deals else None


def select(rows: Iterable[Row], level: str | None = None, preset: str | None = None,
           practice: bool | None = False) -> list[Row]:
    """The rows of one bot level (or ``SHARED``) and preset (None: any); practice games are left out
    unless asked for."""
    return [r for r in rows if (level is None or level_key(r) == level) and (preset is None or r.preset == preset)
            and (practice is None or r.practice == practice)]


def share(outcomes: Iterable[str | None]) -> Share:
    done = [o for o in outcomes if o is not None]
    return Share(sum(o == WIN for o in done), len(done), sum(o == DRAW for o in done))


def statistics(deals: Sequence[DealRecord], matches: Sequence[MatchRecord], level: str | None = None,
               preset: str | None = None, practice: bool | None = False, recent: int = RECENT) -> Stats:
    deals = select(deals, level, preset, practice)
    matches = [m for m in select(matches, level, preset, practice) if m.ended is not None]
    with_points = [d for d in deals if d.human_opened is not None]
    finished = sorted(matches, key=lambda m: m.id)[-recent:] if recent else []
    return Stats(
        deals=len(deals), matches=len(matches),
        deal_wins=share(d.outcome for d in deals), match_wins=share(m.outcome for m in matches),
        by_level=_split(deals, matches, level_key), by_preset=_split(deals, matches, _preset),
        places=tuple(sum(d.place == p for d in deals) for p in range(6)),
        opened=Share(sum(bool(d.human_opened) for d in with_points), len(with_points)),
        chuan_for=sum(d.chuan > 0 for d in deals), chuan_against=sum(d.chuan < 0 for d in deals),
        avg_points=sum(d.points for d in deals) / len(deals) if deals else None,
        recent=tuple(Recent(m.id, m.ended or "", m.outcome or DRAW, m.points) for m in finished),
    )


def _preset(row: DealRecord | MatchRecord) -> str:
    return row.preset


def _split(deals: Sequence[DealRecord], matches: Sequence[MatchRecord],
           key: Callable[[DealRecord | MatchRecord], str]) -> dict[str, tuple[Share, Share]]:
    rows: list[DealRecord | MatchRecord] = [*deals, *matches]
    names = sorted({key(r) for r in rows})
    return {name: (share(d.outcome for d in deals if key(d) == name),
                   share(m.outcome for m in matches if key(m) == name)) for name in names}


def choices(deals: Iterable[DealRecord]) -> tuple[list[str], list[str]]:
    """The bot levels (and ``SHARED``) and presets that occur, for the filters."""
    rows = list(deals)
    return sorted({level_key(d) for d in rows}), sorted({d.preset for d in rows})
