"""What the play so far says about the hidden hands, for the guessing (inference.py).

``read_history`` walks a seat's public events once and lists each seat's plays,
the leads, every follow and pass with the play it answered, and the burn
windows with who was skipped in them (a seat skipped had no burn, or when 无头
no beat, of that play then). The deal's state itself is not rebuilt here: the
view carries it, and ``Game.from_view`` plays it on with guessed hands.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from gouji.engine import events as ev
from gouji.engine.events import Event
from gouji.engine.phases import BURN
from gouji.engine.plays import Play, parse_play
from gouji.engine.seats import SEATS, burn_order, first_wutou
from gouji.engine.view import SeatView


@dataclass
class Window:
    """A burn window (§3.4.1) that ran: who was asked, who was skipped for having
    no burn (or, when 无头, no beat) of ``play`` at that moment."""

    seq: int
    play: Play
    owner: int
    order: list[int]
    asked: list[int] = field(default_factory=list)
    skipped: list[int] = field(default_factory=list)
    wutou: frozenset[int] = frozenset()
    burning: frozenset[int] = frozenset()


class Follow(NamedTuple):
    """A seat beat ``standing`` (of ``owner``) with ``play``, the ``seq``-th play."""

    seq: int
    seat: int
    play: Play
    standing: Play
    owner: int
    burning: bool   # a burn, or a follow in burn mode: it had to keep the hand feasible


class Pass(NamedTuple):
    """A seat passed on ``standing`` (of ``owner``) after the ``seq``-th play."""

    seq: int
    seat: int
    standing: Play
    owner: int
    burning: bool   # the passer was in burn mode: his beats had to keep him feasible


@dataclass
class Facts:
    seq: int = 0
    plays: list[tuple[int, int, Play]] = field(default_factory=list)   # (seq, seat, play)
    leads: list[tuple[int, int, Play]] = field(default_factory=list)   # the plays that began a round
    windows: list[Window] = field(default_factory=list)
    passes: list[Pass] = field(default_factory=list)
    follows: list[Follow] = field(default_factory=list)

    def played_since(self, seat: int, seq: int) -> list[Play]:
        """The plays ``seat`` made after the ``seq``-th play of the deal."""
        return [play for at, who, play in self.plays if who == seat and at > seq]


class _Walk:
    """One pass over the history, keeping only what the reading needs at each
    event (who is out, passed, 无头 or burning, and the standing play)."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        self.facts = Facts()
        self.out: set[int] = set()
        self.passed: set[int] = set()
        self.wutou = first_wutou(view.revolted, view.yaotou)
        self.burning: set[int] = set()
        self.owner: int | None = None
        self.standing: Play | None = None
        self.window: Window | None = None
        self.rang: int | None = None   # who said 让 this round, until someone else plays

    def run(self) -> Facts:
        for event in self.view.history:
            handler = _HANDLERS.get(event.kind)
            if handler is not None:
                handler(self, event)
        self._close_window(None, at_end=True)
        return self.facts

    def on_play(self, event: Event) -> None:
        seat = event.seat
        assert seat is not None
        play = parse_play(event.cards)
        self._close_window(seat)
        if self.rang is not None and self.rang != seat:
            self.passed.add(self.rang)   # someone played after a 让: it counts as a pass (as in the engine)
        self.rang = None
        facts = self.facts
        facts.seq += 1
        if event.kind == ev.BURN and self.owner is not None:
            self.burning.add(seat)
        facts.plays.append((facts.seq, seat, play))
        if self.standing is None:
            facts.leads.append((facts.seq, seat, play))
        elif self.owner is not None:
            burning = event.kind == ev.BURN or seat in self.burning
            facts.follows.append(Follow(facts.seq, seat, play, self.standing, self.owner, burning))
        self.owner, self.standing = seat, play
        if event.protected and not play.big:   # a dead play ends the round: no window
            in_deal = [s not in self.out and s not in self.view.revolted for s in SEATS]
            order = burn_order(seat, self.view.rules.burn_by_teammates, in_deal, self.passed)
            self.window = Window(facts.seq, play, seat, order, burning=frozenset(self.burning))

    def _close_window(self, actor: int | None, at_end: bool = False) -> None:
        """The window ends with ``actor``'s move (None: the round ended). Seats
        before a window seat that took the play were skipped; all seats not
        asked were, when nobody in the window took it. At the end of the history
        a window still asking stops at the seat being asked now."""
        window = self.window
        if window is None:
            return
        self.window = None
        order, current = window.order, self.view.current_seat
        if actor in order:
            considered = order[:order.index(actor)]
        elif at_end and self.view.phase == BURN and current in order:
            considered = order[:order.index(current)]
        else:
            considered = order
        window.skipped = [s for s in considered if s not in window.asked]
        window.wutou = frozenset(self.wutou)
        self.facts.windows.append(window)

    def on_noburn(self, event: Event) -> None:
        if self.window is not None and event.seat is not None:
            self.window.asked.append(event.seat)

    def on_pass(self, event: Event) -> None:
        seat = event.seat
        assert seat is not None
        self._close_window(seat)
        self.passed.add(seat)
        if self.standing is not None and self.owner is not None:
            self.facts.passes.append(Pass(self.facts.seq, seat, self.standing, self.owner, seat in self.burning))

    def on_rang(self, event: Event) -> None:
        self._close_window(event.seat)
        self.rang = event.seat

    def on_round_end(self, event: Event) -> None:
        self._close_window(None)
        self.passed.clear()
        self.rang = None
        self.owner = self.standing = None

    def on_out(self, event: Event) -> None:
        if event.seat is not None:
            self.out.add(event.seat)

    def on_wutou(self, event: Event) -> None:
        if event.seat is not None:
            self.wutou.add(event.seat)

    def on_burn_end(self, event: Event) -> None:
        self.burning.discard(event.seat)


_HANDLERS = {ev.PLAY: _Walk.on_play, ev.BURN: _Walk.on_play, ev.NOBURN: _Walk.on_noburn, ev.PASS: _Walk.on_pass,
             ev.RANG: _Walk.on_rang, ev.ROUND_END: _Walk.on_round_end,
             ev.OUT: _Walk.on_out, ev.WUTOU: _Walk.on_wutou, ev.BURN_END: _Walk.on_burn_end,
             ev.BURN_WON: _Walk.on_burn_end}


def read_history(view: SeatView) -> Facts:
    return _Walk(view).run()


__all__ = ["Facts", "Follow", "Pass", "Window", "read_history"]
