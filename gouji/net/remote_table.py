"""A shared table seen from one seat, with the face of ``gouji.table.Table``
as far as the table scene uses it — so the same scene draws a match played
on a host: the seat's ``SeatView`` and its event stream come from the host,
the player's actions go to it, and the host alone applies them.

What the offline table does and a shared one does not: nothing is ever
queued or stepped here (``queue`` stays empty: the host applies actions and
the next view answers them), no bot of this end thinks for another seat.
托管 is this end's own: a quick bot chooses from the seat's view and sends
its choice as the player would (the host never sees the player's hand any
other way). ``pump()`` reads what arrived since the last frame.
"""

from __future__ import annotations

import random
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from ..engine.errors import IllegalAction
from ..engine.events import Event
from ..engine.phases import Phase
from ..engine.tribute import DealResult
from ..engine.view import SeatView
from .records import NetRecord
from .seat import News, RemoteSeat

Bot = Any   # what ``bots.make`` returns: ``choose(view, rng) -> str``
MakeBot = Callable[[str, int, int], Bot]
QUICK = {"expert": "hard"}   # 托管 answers at once: the expert's search is left to the host's own bots
NOT_YOUR_TURN = IllegalAction("还没轮到你", "it is not your turn")
SENT = IllegalAction("上一个动作还在发往主机", "the previous action is still on its way to the host")


class RemoteTable:
    practice = False          # a shared match is a real one
    thinking: int | None = None

    def __init__(self, seat: RemoteSeat, make_bot: MakeBot, bot_level: str = "normal") -> None:
        assert seat.seat is not None, "join the table first"
        self.seat = seat
        self.make_bot, self.bot_level = make_bot, bot_level
        self.queue: deque[Any] = deque()      # always empty: the host applies the actions
        self.stream: list[Event] = []
        self.autoplay = False
        self.results: list[DealResult] = []
        self.totals: tuple[int, int] | None = None
        self.record: NetRecord | None = None
        self.seats: list[dict[str, Any]] = []
        self.connected = True
        self.config: dict[str, Any] = {}      # the table's settings, as the host gives them
        self.clock: tuple[int, float] | None = None   # the host's move timer (seat, its end on time.monotonic())
        self._view: SeatView | None = None
        self._turn = 0
        self._sent: int | None = None         # the turn our last action was meant for, until the host answers
        self._deal_views: dict[int, SeatView] = {}
        self._rng = random.Random()

    @property
    def human(self) -> int:
        """The seat this end plays (the host may move it in the lobby: it swaps seats)."""
        seat = self.seat.seat
        assert seat is not None
        return seat

    @property
    def viewer(self) -> int:
        return self.human

    # ----- what arrived --------------------------------------------------------------
    def pump(self) -> News:
        """Read the host's news since the last call (a frame's worth), and keep what the table shows.
        Never waits: the link's thread has queued it (``RemoteSeat.poll``)."""
        news = self.seat.poll()
        self.absorb(news)
        return news

    def absorb(self, news: News) -> None:
        if news.view is not None:
            self._view = news.view
            self._deal_views[news.view.deal_index] = news.view
        self.stream.extend(news.events)
        if news.turn != self._turn or news.errors:   # answered: applied (the turn moved) or refused
            self._sent = None
        self._turn = news.turn
        self.results.extend(deal_result(r) for r in news.results)
        self.seats = news.seats or self.seats
        self.config = news.config or self.config
        self.clock = news.clock
        self.connected = news.connected
        if news.record is not None:   # the match through the last deal that ended (each deal's end brings one)
            self.record = news.record
        if news.over and self.record is not None and self.totals is None:
            self.totals = self._scored()

    @property
    def ready(self) -> bool:
        """The match has begun and the seat's first view is here (the scene can be made)."""
        return self._view is not None

    # ----- the face of Table ---------------------------------------------------------------
    @property
    def current_seat(self) -> int | None:
        return None if self._view is None else self._view.current_seat

    @property
    def is_over(self) -> bool:
        return self.totals is not None

    def view(self, seat: int | None = None) -> SeatView:
        if self._view is None or seat not in (None, self.human):
            raise ValueError("a shared table shows only its own seat, once the match has begun")
        return self._view

    def finished_view(self) -> SeatView | None:
        """The last finished deal as this seat saw it at its end: its last view, with the places."""
        if not self.results:
            return None
        deal = len(self.results) - 1
        view = self._deal_views.get(deal)
        if view is None or view.places:
            return view   # the match's last view is the host's own finished one
        result = self.results[deal]
        return replace(view, places=result.places, finish_order=result.places, current_seat=None, legal_moves=(),
                       phase=Phase.OVER, totals=self._scored())   # the score beside the result counts this deal

    def _scored(self) -> tuple[int, int]:
        """Each side's points over the deals that ended."""
        return sum(r.score[0] for r in self.results), sum(r.score[1] for r in self.results)

    def clock_left(self, seat: int, now: float | None = None) -> tuple[float, float] | None:
        """(seconds left, of how many) on the host's move timer of ``seat``, while it is his turn and the
        timer runs; None otherwise (no timer at this table, or a seat the host's bot plays)."""
        clock, full = self.clock, self.config.get("move_seconds")
        if clock is None or clock[0] != seat or seat != self.current_seat or self.is_over \
                or not isinstance(full, int) or isinstance(full, bool) or full <= 0:
            return None
        left = clock[1] - (time.monotonic() if now is None else now)
        return max(0.0, min(float(full), left)), float(full)

    def _may_act(self) -> bool:
        view = self._view
        return view is not None and view.my_turn and self._sent != self._turn and not self.is_over

    def human_to_act(self) -> bool:
        return self._may_act() and not self.autoplay

    def bot_to_act(self) -> bool:
        """托管 is on and it is his turn: ``ask_bot`` plays it."""
        return self._may_act() and self.autoplay

    def submit(self, seat: int, action: str, cards: Sequence[int] | None = None) -> IllegalAction | None:
        """Send the action; the host's refusal (the engine's reason) comes back in a later ``pump``."""
        if seat != self.human or self._view is None or not self._view.my_turn:
            return NOT_YOUR_TURN
        if self._sent == self._turn:
            return SENT
        self.seat.act(action, list(cards) if cards is not None else None, turn=self._turn)
        self._sent = self._turn
        return None

    def ask_bot(self, wait: bool = False) -> bool:
        if not self.bot_to_act() or self._view is None:
            return False
        bot = self.make_bot(QUICK.get(self.bot_level, self.bot_level), self.human, 0)
        return self.submit(self.human, bot.choose(self._view, self._rng)) is None

    def set_autoplay(self, on: bool) -> None:
        self.autoplay = on

    def set_bot_level(self, level: str) -> None:
        self.bot_level = level   # this end's 托管; the host's bots keep the table's level

    def think_ahead(self) -> None:
        """The host's bots think on the host."""

    def poll(self) -> bool:
        return False

    def cancel(self) -> None:
        pass

    def step(self) -> list[Event]:
        return []

    def close(self) -> None:
        """Leave the table (the host's bot takes the seat: 托管)."""
        try:
            self.seat.close()
        except Exception:   # a link already gone: nothing left to close
            pass


def deal_result(data: dict[str, Any]) -> DealResult:
    """A deal's end as the host told it (``deal_end``), as the engine's own result."""
    pairs = lambda key: tuple(tuple(int(x) for x in p) for p in data.get(key, ()))   # noqa: E731
    return DealResult(places=tuple(int(s) for s in data["places"]), opened=tuple(bool(o) for o in data["opened"]),
                      burn_wins=pairs("burn_wins"), men=pairs("men"),  # type: ignore[arg-type]
                      revolted=frozenset(int(s) for s in data.get("revolted", ())),
                      declared=pairs("declared"), pre_declared=pairs("pre_declared"),  # type: ignore[arg-type]
                      score=(int(data["score"][0]), int(data["score"][1])))


__all__ = ["RemoteTable", "deal_result"]
