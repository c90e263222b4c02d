"""What the history keeps of a deal and a match, as plain values (the rows
of gouji/store/history.py; gouji/store/stats.py counts them)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.match import DEAL_SEED_LIMIT, Match
from ..engine.rules import MAX_SERIES
from ..engine.scoring import is_chuan_san_hu
from ..engine.seats import SEATS, team

WIN, LOSS, DRAW = "win", "loss", "draw"
SHARED = "shared"         # the statistics' "level" of a match at a shared table (联机), whatever its bots
NAME_MOST, TITLE_MOST, ROOM_MOST = 40, 40, 12


BotName = tuple[str, str]   # (zh, en)


@dataclass(frozen=True)
class SharedTable:
    """A match played at a shared table (联机): its room code, its title and who sat where
    (``names``: six entries, a person's name or None for a bot's seat; ``bots``: the name (zh, en)
    the host gave each bot's seat, the same at every end of the table — None for a person's seat,
    or every seat of a row kept before the names were, or of an older host)."""

    room: str
    title: str = ""
    names: tuple[str | None, ...] = (None,) * 6
    bots: tuple[BotName | None, ...] = (None,) * 6

    def others(self, human: int) -> list[str]:
        """The people the player sat with, in seat order."""
        return [name for seat, name in enumerate(self.names) if name and seat != human]

    def to_json(self) -> str:
        return json.dumps({"room": self.room, "title": self.title, "names": list(self.names),
                           "bots": [None if b is None else list(b) for b in self.bots]}, ensure_ascii=False,
                          separators=(",", ":"))

    @classmethod
    def from_data(cls, data: Any) -> "SharedTable":
        """From ``to_json``'s object; ValueError when it is not one (a damaged row)."""
        if not isinstance(data, dict):
            raise ValueError("not an object")
        room, title, names = data.get("room"), data.get("title", ""), data.get("names")
        if not _short(room, ROOM_MOST) or not room or not _short(title, TITLE_MOST) \
                or not isinstance(names, list) or len(names) != 6 \
                or not all(n is None or (_short(n, NAME_MOST) and n) for n in names):
            raise ValueError("not a shared table's room, title and six seats")
        return cls(room, title, tuple(names), _bot_names(data.get("bots")))


def _bot_names(value: Any) -> tuple[BotName | None, ...]:
    """The bots' names of a kept table: missing (a row kept before them) is six Nones."""
    if value is None:
        return (None,) * 6
    if not isinstance(value, list) or len(value) != 6 or not all(
            b is None or (isinstance(b, list) and len(b) == 2 and all(_short(n, NAME_MOST) and n for n in b))
            for b in value):
        raise ValueError("not six bots' names")
    return tuple(None if b is None else (b[0], b[1]) for b in value)


@dataclass(frozen=True)
class DealSeeds:
    """How a shared table's match was dealt (``Match.from_deal_seeds``): the first deal's first drawer
    and the seeds of its deals recorded so far — never of a deal still to come."""

    first_drawer: int
    seeds: tuple[int, ...]

    @classmethod
    def of(cls, match: Match) -> "DealSeeds | None":
        """The finished deals' seeds of a match built from them; None for a match dealt by one seed."""
        seeds = match.finished_deal_seeds()
        return None if seeds is None or match.first_drawer is None else cls(match.first_drawer, seeds)

    def to_json(self) -> str:
        return json.dumps({"first_drawer": self.first_drawer, "seeds": list(self.seeds)}, separators=(",", ":"))

    @classmethod
    def from_data(cls, data: Any) -> "DealSeeds":
        """From ``to_json``'s object; ValueError when it is not one (a damaged row)."""
        if not isinstance(data, dict):
            raise ValueError("not an object")
        first, seeds = data.get("first_drawer"), data.get("seeds")
        if type(first) is not int or first not in SEATS or not isinstance(seeds, list) \
                or not 1 <= len(seeds) <= MAX_SERIES or not all(type(s) is int and 0 <= s < DEAL_SEED_LIMIT
                                                                 for s in seeds):
            raise ValueError("not a first drawer and 1 to 99 deal seeds")
        return cls(first, tuple(seeds))


def _short(value: Any, most: int) -> bool:
    return isinstance(value, str) and len(value) <= most and value.isprintable()


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
    table: SharedTable | None = None   # played at a shared table (联机): the history marks it


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
    shared: SharedTable | None = None  # played at a shared table (联机)
    deal_seeds: DealSeeds | None = None  # a match dealt by its deals' seeds (a shared table's)

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
    shared: SharedTable | None = None
    deal_seeds: DealSeeds | None = None

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


def level_key(row: "DealRecord | MatchRecord") -> str:
    """What the statistics count a row under: its bots' level, or ``SHARED`` for a match with friends
    (people sat there too: its results say little about the bots' level)."""
    return SHARED if row.shared is not None else row.bot_level
