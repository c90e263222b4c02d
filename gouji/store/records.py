"""What the history keeps of a deal and a match, as plain values (the rows
of gouji/store/history.py; gouji/store/stats.py counts them)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.scoring import is_chuan_san_hu
from ..engine.seats import team

WIN, LOSS, DRAW = "win", "loss", "draw"


@dataclass(frozen=True)
class Seating:
    """What the app knows of a match besides the match itself.

    ``resumed``: the match was loaded from the save (the history then finds
    its row again instead of starting a new one). ``start``: the number of
    actions replayed before the player took over (a practice game from a
    review); deals that ended within them are not recorded again.
    """

    human: int = 0
    bot_level: str = "normal"
    practice: bool = False
    resumed: bool = False
    start: int = 0


@dataclass(frozen=True)
class DealRecord:
    id: int
    match_id: int
    index: int                       # 0 = the match's first deal
    ended: str                       # ISO date and time
    preset: str                      # qingdao, basic, app196 or custom
    bot_level: str
    practice: bool
    human: int                       # the human's seat
    places: tuple[int, ...]          # seats, 头科 … 大落
    score: tuple[int, int]           # recorded (even, odd) points
    opened: tuple[bool, ...]
    human_opened: bool | None        # None when the rules play without 开点
    chuan: int                       # 串三户: 1 by the human's team, -1 against it, 0 none
    first_action: int                # the deal's actions within the match's
    end_action: int

    @property
    def place(self) -> int:
        """The human's place: 0 头科 … 5 大落."""
        return self.places.index(self.human)

    @property
    def points(self) -> int:
        """The human team's recorded points minus the other team's."""
        return points_of(self.human, self.score)

    @property
    def outcome(self) -> str:
        return outcome_of(self.points)


@dataclass(frozen=True)
class MatchRecord:
    id: int
    started: str
    ended: str | None                # None while the match goes on (or was left)
    seed: int
    preset: str
    bot_level: str                   # "mixed" if the level changed during the match
    practice: bool
    human: int
    series_length: int
    deals: int                       # deals recorded
    totals: tuple[int, int]          # (even, odd)

    @property
    def points(self) -> int:
        return points_of(self.human, self.totals)

    @property
    def outcome(self) -> str | None:
        return None if self.ended is None else outcome_of(self.points)


def points_of(human: int, pair: tuple[int, int]) -> int:
    """The human team's share of an (even, odd) pair minus the other team's."""
    ours = team(human)
    return pair[ours] - pair[1 - ours]


def outcome_of(points: int) -> str:
    return WIN if points > 0 else LOSS if points < 0 else DRAW


def chuan_for(places: Sequence[int], human: int) -> int:
    """1 when the human's team swept 头科–三科 (串三户), -1 when the other did, else 0."""
    if not is_chuan_san_hu(places):
        return 0
    return 1 if team(places[0]) == team(human) else -1
