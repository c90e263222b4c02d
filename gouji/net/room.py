"""A table on the host, without any networking: the lobby (who sits where,
the rules, the bots for the empty seats), then the match — authoritative.

Every action is checked here: the seat must be the one to act, the action
must be meant for the current moment (``turn``, the number of actions so
far: a late or repeated action is refused, never applied twice) and the
engine must allow it. Who plays a seat is decided here too: its person, or a
bot when the seat is empty, when its person is away (托管, after the grace a
restarted host gives everyone to come back) or when the move timer ran out.

The match is dealt by its deals' own seeds, drawn with ``secrets`` when it
starts (``Match.from_deal_seeds``), so the record published at a deal's end
(the seeds of the deals so far) says nothing of the deals to come. It stays a
pure function of (rules, deal seeds, actions): a bot's choice uses an rng
seeded by the room's seed (never published) and the turn, so a host
restarted from its save goes on exactly as it would have.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import asdict, dataclass, field
from typing import Any

import bots
from bots import Bot

from ..engine.actions import parse_action
from ..engine.checks import SEED_LIMIT
from ..engine.errors import IllegalAction
from ..engine.events import Event
from ..engine.match import DEAL_SEED_LIMIT, Match
from ..engine.rules import MAX_SERIES, PRESETS, RuleSet
from ..engine.seats import SEATS, order_from
from ..engine.tribute import DealResult
from ..engine.view import SeatView
from ..store.saves import pack_actions
from .codes import new_token, same_secret, token_hash
from .protocol import BOT_LEVELS, MAX_MOVE_SECONDS, MAX_NAME, RECORD_VERSION, Refusal

META_VERSION = 1
BOT, AUTO, TIMEOUT = "bot", "auto", "timeout"   # why a bot plays a seat
# The bots' names (zh, en) by their place after the host's seat: the names the offline table gives
# those seats from the host's chair (gouji/ui/i18n/table.py name_1..name_5); the first only when no
# person hosts (a server's table) and seat 0 is a bot.
BOT_NAMES = (("老孙", "Sun"), ("小李", "Li"), ("老王", "Wang"), ("大张", "Zhang"), ("阿梅", "Mei"), ("小赵", "Zhao"))


@dataclass
class Holder:
    """A person's claim on a seat (the token itself is never kept, only its hash)."""

    name: str
    token_hash: str
    admin: bool = False
    since: int = 0       # the match's actions before he sat down (a late comer took a bot's seat then)


@dataclass
class RoomConfig:
    preset: str = "qingdao"
    deals: int = 5
    bots: str = "normal"
    move_seconds: int = 0          # 0: no move timer
    title: str = ""                # the table's name, as discovery shows it

    def __post_init__(self) -> None:
        check_config(self)

    def rules(self) -> RuleSet:
        return RuleSet.preset(self.preset).replace(series_length=self.deals)


def public_facts(result: DealResult) -> dict[str, Any]:
    """What the next deal's tribute depends on, all of it announced at the table (a result panel shows it)."""
    return {"burn_wins": [list(p) for p in result.burn_wins], "men": [list(p) for p in result.men],
            "revolted": sorted(result.revolted), "declared": [list(p) for p in result.declared],
            "pre_declared": [list(p) for p in result.pre_declared]}


def check_config(config: RoomConfig) -> None:
    """ValueError naming the first bad setting."""
    if config.preset not in PRESETS:
        raise ValueError(f"unknown rules preset {config.preset!r} (use one of {', '.join(PRESETS)})")
    if config.bots not in BOT_LEVELS:
        raise ValueError(f"unknown bot level {config.bots!r} (use one of {', '.join(BOT_LEVELS)})")
    for name, value, high in (("deals", config.deals, MAX_SERIES), ("move_seconds", config.move_seconds,
                                                                     MAX_MOVE_SECONDS)):
        if not isinstance(value, int) or isinstance(value, bool) or not (0 if name == "move_seconds" else 1) \
                <= value <= high:
            raise ValueError(f"{name} must be a whole number up to {high}, got {value!r}")
    if not isinstance(config.title, str) or len(config.title) > 40 or not config.title.isprintable():
        raise ValueError("the table's title must be printable text of at most 40 characters")


@dataclass(frozen=True)
class Joined:
    seat: int
    token: str | None        # the new seat token; None when a token took its seat back
    back: bool               # a seat taken back (its person had left)


@dataclass
class Room:
    code: str
    config: RoomConfig = field(default_factory=RoomConfig)
    seed: int = field(default_factory=lambda: secrets.randbelow(SEED_LIMIT))
    holders: list[Holder | None] = field(default_factory=lambda: [None] * len(SEATS))
    match: Match | None = None
    present: set[int] = field(default_factory=set)   # seats whose person is connected
    grace_until: float = 0.0       # a restarted host waits until then for its people before 托管
    turn_began: float = 0.0        # when the seat to act was asked (the move timer runs from it)
    alone_grace: float = 120.0     # seconds the match waits with every person away, before bots finish it
    empty_since: float | None = None   # when the last person left (None: someone is here)
    deal_seeds: tuple[int, ...] | None = None   # the match's deals' seeds (secret until each deal ends)
    first_drawer: int | None = None
    replayable: bool = False       # the seed was given (tests, benchmarks, --seed): the deals follow from it
    _bots: list[Bot] = field(default_factory=list)

    # ----- the lobby ---------------------------------------------------------
    @property
    def started(self) -> bool:
        return self.match is not None

    @property
    def over(self) -> bool:
        return self.match is not None and self.match.is_over

    @property
    def turn(self) -> int:
        """Actions so far: the moment a player's action must be meant for."""
        return len(self.match.actions) if self.match is not None else 0

    def people(self) -> int:
        return sum(holder is not None for holder in self.holders)

    def free_seats(self) -> int:
        """Seats a newcomer may take: empty (a bot plays it, in a match under way), or, in the lobby, kept for
        someone who left it."""
        if self.started:
            return sum(h is None for h in self.holders)
        return sum(h is None or s not in self.present for s, h in enumerate(self.holders))

    def seat_of(self, token: str) -> int | None:
        return next((s for s, h in enumerate(self.holders) if h is not None and same_secret(token, h.token_hash)),
                    None)

    def join(self, name: str, token: str | None = None, admin: bool = False) -> Joined:
        """Sit a person down, or give a seat back to its token; Refusal says why not."""
        name = name[:MAX_NAME]
        if token is not None:
            seat = self.seat_of(token)
            if seat is None:
                raise Refusal("bad_token", "这个座位令牌不属于这张桌子", "this seat token is not one of this table's")
            holder = self.holders[seat]
            assert holder is not None
            holder.name, holder.admin = name, holder.admin or admin
            return Joined(seat, None, True)
        free = next((s for s, h in enumerate(self.holders) if h is None), None)   # a bot's seat
        if free is None and not self.started:   # a seat kept for someone who left the lobby goes to one who is here
            free = next((s for s in SEATS if s not in self.present), None)
        if free is None and self.started:
            raise Refusal("started", "比赛已经开始，每个座位都有人：只有原来的玩家能凭座位令牌回来",
                          "the match has started and every seat is a person's: only they can come back, "
                          "with their seat tokens")
        if free is None:
            raise Refusal("full", "六个座位都有人了", "all six seats are taken")
        token = new_token()
        self.holders[free] = Holder(name, token_hash(token), admin, self.turn)   # late: from this action on
        return Joined(free, token, False)

    def shown_names(self) -> list[tuple[str, str]]:
        """Every seat's name (zh, en) as every player sees it: a person's own, a bot's from ``BOT_NAMES``
        counted from the host's seat — the same at every end of the table."""
        host = next((s for s, h in enumerate(self.holders) if h is not None and h.admin), 0)
        return [(h.name, h.name) if h is not None else BOT_NAMES[order_from(host, s)]
                for s, h in enumerate(self.holders)]

    def is_admin(self, seat: int) -> bool:
        holder = self.holders[seat]
        return holder is not None and holder.admin

    def configure(self, preset: str | None = None, bots: str | None = None, deals: int | None = None,
                  move_seconds: int | None = None) -> None:
        self._in_lobby()
        changed = {key: value for key, value in (("preset", preset), ("bots", bots), ("deals", deals),
                                                 ("move_seconds", move_seconds)) if value is not None}
        try:
            self.config = RoomConfig(**{**asdict(self.config), **changed})
        except (ValueError, TypeError) as exc:
            raise Refusal("bad_config", f"设置有误：{exc}", f"bad setting: {exc}") from None

    def swap(self, a: int, b: int) -> None:
        """Seats ``a`` and ``b`` change places (teams alternate: 0, 2, 4 against 1, 3, 5)."""
        self._in_lobby()
        self.holders[a], self.holders[b] = self.holders[b], self.holders[a]
        was = set(self.present)
        self.present = {b if s == a else a if s == b else s for s in was}

    def start(self) -> None:
        """The match begins, dealt by seeds drawn now (or given to the room beforehand: tests)."""
        self._in_lobby()
        rules = self.config.rules()
        if self.deal_seeds is None or len(self.deal_seeds) != rules.series_length or self.first_drawer is None:
            self.first_drawer, self.deal_seeds = draw_deal_seeds(rules.series_length,
                                                                 self.seed if self.replayable else None)
        self.match = Match.from_deal_seeds(rules, self.first_drawer, self.deal_seeds)
        self._make_bots()

    def _make_bots(self) -> None:
        self._bots = [bots.make(self.config.bots, seat, self.seed) for seat in SEATS]

    def _in_lobby(self) -> None:
        if self.started:
            raise Refusal("started", "比赛已经开始，不能再改", "the match has started: this can no longer change")

    # ----- the match -----------------------------------------------------------
    def submit(self, seat: int, turn: int, action: str, cards: list[int] | None = None) -> list[Event]:
        """A person's action, checked and applied; Refusal (with the engine's reason) leaves the match as it was."""
        match = self._playing()
        if seat != match.current_seat:
            raise Refusal("not_your_turn", "还没轮到你", "it is not your turn")
        if turn != self.turn:
            raise Refusal("stale", f"这个动作是给第 {turn} 步的，现在已经是第 {self.turn} 步了",
                          f"this action was meant for turn {turn}, but the table is at turn {self.turn}")
        try:
            return match.apply(action, cards)
        except IllegalAction as exc:
            raise Refusal("illegal", exc.zh, exc.en) from None

    def bot_action(self, seat: int, view: SeatView | None = None) -> str:
        """What the bot of ``seat`` plays now (seeded by the match and the turn: a replay makes the same).
        Given the seat's ``view``, it reads nothing else (so it may run in another thread)."""
        match = self._playing()
        rng = random.Random(f"{self.seed}:{self.turn}")
        view = match.view(seat) if view is None else view
        try:
            action = str(parse_action(self._bots[seat].choose(view, rng)))
        except Exception:   # a bot's bug must not stop a table of people: play something legal
            action = ""
        return action if action in view.legal_actions else rng.choice(view.legal_actions)

    def thinks(self, seat: int) -> bool:
        """The bot of ``seat`` searches (the expert): it may take a while."""
        return bool(getattr(self._bots[seat], "thinks", False))

    def who_plays(self, now: float) -> tuple[str | None, float | None]:
        """(why a bot plays the seat to act now, or None; when to look again if nobody plays yet, None = when
        something happens)."""
        match = self._playing()
        seat = match.current_seat
        if seat is None:
            return None, None
        if self.people() and not self.present:   # every person is away: wait a while for one to come back,
            since = now if self.empty_since is None else self.empty_since   # then the bots play it out
            if now < since + self.alone_grace:
                return None, since + self.alone_grace
        if self.holders[seat] is None:
            return BOT, None
        if seat not in self.present:
            return (AUTO, None) if now >= self.grace_until else (None, self.grace_until)
        if self.config.move_seconds:
            deadline = self.turn_began + self.config.move_seconds
            return (TIMEOUT, None) if now >= deadline else (None, deadline)
        return None, None

    def _playing(self) -> Match:
        if self.match is None:
            raise Refusal("not_started", "比赛还没开始", "the match has not started")
        if self.match.is_over:
            raise Refusal("over", "比赛已经结束", "the match is over")
        return self.match

    # ----- what the table learns at a deal's end -----------------------------------
    def deal_result(self, index: int) -> dict[str, Any]:
        """A finished deal as its players record it: places (头科 first), points, running totals."""
        assert self.match is not None
        results = self.match.results
        result = results[index]
        totals = [sum(r.score[side] for r in results[:index + 1]) for side in (0, 1)]
        return {"deal": index, "places": list(result.places), "score": list(result.score), "totals": totals,
                "opened": list(result.opened), "end_action": result.end_action, **public_facts(result)}

    def record(self) -> dict[str, Any]:
        """The whole match, to replay and record, at its end."""
        match = self.match
        assert match is not None and match.is_over
        if match.deal_seeds is None:   # an older host's match, dealt by its seed: only once it is over
            return {"rules": match.rules.to_dict(), "seed": match.seed,
                    "actions": pack_actions(match.actions, match.card_choices),
                    "ends": [r.end_action for r in match.results]}
        record = self.deal_record(len(match.results) - 1)
        assert record is not None
        return record

    def deal_record(self, index: int) -> dict[str, Any] | None:
        """The match through the end of deal ``index``: its actions and the seeds of deals 0..index — nothing
        that deals a later deal. None for a match dealt by one seed (its seed deals them all)."""
        match = self.match
        assert match is not None and index < len(match.results)
        if match.deal_seeds is None or match.first_drawer is None:
            return None
        end = match.results[index].end_action
        return {"v": RECORD_VERSION, "rules": match.rules.to_dict(), "first_drawer": match.first_drawer,
                "deal_seeds": list(match.deal_seeds[:index + 1]),
                "actions": pack_actions(match.actions[:end], match.card_choices[:end]),
                "ends": [r.end_action for r in match.results[:index + 1]]}

    # ----- what the host keeps in its state folder ------------------------------------
    def to_meta(self) -> dict[str, Any]:
        return {"version": META_VERSION, "code": self.code, "config": asdict(self.config), "seed": self.seed,
                "started": self.started, "deal_seeds": None if self.deal_seeds is None else list(self.deal_seeds),
                "first_drawer": self.first_drawer, "replayable": self.replayable,
                "holders": [None if h is None else asdict(h) for h in self.holders]}

    @classmethod
    def from_meta(cls, data: Any, match: Match | None) -> "Room":
        """The room a ``to_meta`` dict describes (ValueError in words), with its match from the save."""
        if not isinstance(data, dict) or data.get("version") != META_VERSION:
            raise ValueError("not a table file of this version")
        try:
            config = RoomConfig(**data["config"])
            holders = [None if h is None else Holder(str(h["name"]), str(h["token_hash"]), bool(h["admin"]),
                                                     _count(h.get("since", 0)))
                       for h in data["holders"]]
            seed, code = data["seed"], data["code"]
        except (KeyError, TypeError) as exc:
            raise ValueError(f"the table file is damaged ({str(exc)[:80]})") from None
        if len(holders) != len(SEATS) or not isinstance(seed, int) or not isinstance(code, str):
            raise ValueError("the table file is damaged (seats, seed or code)")
        if data.get("started") and match is None:
            raise ValueError("the table's match was started but its save is missing")
        seeds, first = _dealt_by(data, config)
        if match is not None and (match.seed != (0 if seeds else seed) or match.rules != config.rules()
                                  or match.deal_seeds != seeds or match.first_drawer != first):
            raise ValueError("the saved match is not this table's (another seed or other rules)")
        room = cls(code, config, seed, holders, match, deal_seeds=seeds, first_drawer=first,
                   replayable=data.get("replayable") is True)
        if match is not None:
            room._make_bots()
        return room


def _count(value: Any) -> int:
    """A whole number of actions from the table file (ValueError otherwise)."""
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError("the table file is damaged (a seat's start)")
    return value


def draw_deal_seeds(deals: int, seed: int | None = None) -> tuple[int, tuple[int, ...]]:
    """A match's first drawer and its deals' seeds: at random (``secrets``: no seed published at a deal's
    end says anything of another's), or, given a ``seed``, following from it (a replayable table)."""
    if seed is None:
        return secrets.randbelow(len(SEATS)), tuple(secrets.randbelow(DEAL_SEED_LIMIT) for _ in range(deals))
    stream = random.Random(f"{seed}:deals")
    return stream.randrange(len(SEATS)), tuple(stream.randrange(DEAL_SEED_LIMIT) for _ in range(deals))


def _dealt_by(data: dict[str, Any], config: RoomConfig) -> tuple[tuple[int, ...] | None, int | None]:
    """A table file's deal seeds and first drawer (None, None: not drawn yet, or an older file's match dealt
    by its seed); ValueError when they are not a match's."""
    seeds, first = data.get("deal_seeds"), data.get("first_drawer")
    if seeds is None and first is None:
        return None, None
    if not isinstance(seeds, list) or not 1 <= len(seeds) <= config.deals \
            or not all(type(s) is int and 0 <= s < DEAL_SEED_LIMIT for s in seeds) \
            or type(first) is not int or first not in SEATS:
        raise ValueError("the table file is damaged (deal seeds)")
    return tuple(seeds), first


__all__ = ["draw_deal_seeds", "Room", "RoomConfig", "Holder", "Joined", "BOT", "AUTO", "TIMEOUT", "check_config"]
