"""Turns engine events into what lies on the table and the animations that
get it there. The director never decides anything about the rules; it only
shows events, one after another, and tells the scene when it is idle."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Callable

from ..engine import events as ev
from ..engine.events import Event, EventKind
from ..engine.seats import opposite
from . import layout
from .tween import Tween, ease_in_out, ease_out_cubic

Point = tuple[float, float]


@dataclass
class SpotItem:
    """What lies in front of a seat this round: cards, or a word like 过."""

    kind: str                      # play, burn, pass, kou, rang, noburn, liang
    cards: tuple[int, ...] = ()
    gouji: bool = False


@dataclass
class Flight:
    """Cards moving from somewhere to a seat's spot (or away when swept)."""

    cards: tuple[int, ...]
    starts: list[Point]
    ends: list[Point]
    tween: Tween
    face_up: bool = True
    on_done: Callable[[], None] | None = None

    def positions(self) -> list[Point]:
        k = self.tween.ease(self.tween.progress)
        return [(a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k)
                for a, b in zip(self.starts, self.ends)]


@dataclass
class Director:
    """Event queue -> table display; ``scale`` stretches or shrinks every animation."""

    human: int = 0
    scale: float = 1.0
    source_of: Callable[[int, tuple[int, ...]], list[Point]] | None = None
    sound: Callable[[str], None] = lambda name: None
    notify: Callable[[Event], None] = lambda event: None   # the scene reacts (hand, log, overlays)
    spots: dict[int, SpotItem | None] = field(default_factory=lambda: {s: None for s in range(6)})
    standing_seat: int | None = None
    places: dict[int, int] = field(default_factory=dict)
    flights: list[Flight] = field(default_factory=list)
    pending: deque = field(default_factory=deque)
    pause: float = 0.0
    answering: bool = False   # the current standing 够级 is being answered (扣 wording)
    hold: bool = False        # stopped until the scene resumes (a deal summary is showing)
    labels: dict[int, str] = field(default_factory=dict)   # pre-play words at a seat (革命, 宣点)

    @property
    def busy(self) -> bool:
        return bool(self.hold or self.flights or self.pending or self.pause > 0)

    def push(self, events: list[Event]) -> None:
        self.pending.extend(events)

    def reset_round(self) -> None:
        self.spots = {s: None for s in range(6)}
        self.standing_seat = None

    def update(self, dt: float) -> None:
        if self.hold:
            return
        if self.pause > 0:
            self.pause = max(0.0, self.pause - dt)
        for flight in self.flights:
            flight.tween.update(dt)
        for flight in [f for f in self.flights if f.tween.done]:
            self.flights.remove(flight)
            if flight.on_done:
                flight.on_done()
        while self.pending and not self.flights and self.pause <= 0 and not self.hold:
            self._show(self.pending.popleft())

    # ----- one event -----------------------------------------------------
    def _show(self, event: Event) -> None:
        self.notify(event)
        handler = HANDLERS.get(event.kind)
        if handler is not None:
            handler(self, event)

    def _wait(self, seconds: float) -> None:
        self.pause = max(self.pause, seconds * self.scale)

    def _on_play(self, event: Event, burn: bool = False) -> None:
        seat = event.seat
        assert seat is not None
        cards = event.card_ids
        gouji = event.gouji
        kind = "burn" if burn else "play"
        starts = (self.source_of(seat, cards) if self.source_of else None) or \
            [layout.badge_center(seat)] * len(cards)
        ends = [(x + layout.TABLE_CARD[0] / 2, y + layout.TABLE_CARD[1] / 2)
                for x, y, _, _ in layout.spot_boxes(seat, len(cards))]
        self.spots[seat] = None
        self.standing_seat = seat

        def land() -> None:
            self.spots[seat] = SpotItem(kind, cards, gouji)

        self.flights.append(Flight(cards, starts, ends, Tween((0.0,), (1.0,), 0.28 * self.scale,
                                                               ease_out_cubic), on_done=land))
        self.sound("burn" if burn else "gouji" if gouji else "play")
        self.answering = gouji

    def _on_burn(self, event: Event) -> None:
        self._on_play(event, burn=True)

    def _on_pass(self, event: Event) -> None:
        seat = event.seat
        assert seat is not None
        kou = self.answering and self.standing_seat is not None and opposite(self.standing_seat) == seat
        self.spots[seat] = SpotItem("kou" if kou else "pass")
        self.sound("pass")
        self._wait(0.12)

    def _on_noburn(self, event: Event) -> None:
        assert event.seat is not None
        if self.spots.get(event.seat) is None:
            self.spots[event.seat] = SpotItem("noburn")
        self._wait(0.08)

    def _on_rang(self, event: Event) -> None:
        assert event.seat is not None
        self.spots[event.seat] = SpotItem("rang")
        self._wait(0.15)

    def _on_out(self, event: Event) -> None:
        assert event.seat is not None
        self.places[event.seat] = event.place
        self.sound("out")
        self._wait(0.35)

    def _on_round_end(self, event: Event) -> None:
        winner = event.seat
        target = layout.badge_center(winner) if winner is not None else layout.TABLE_CENTER
        swept = [(seat, item) for seat, item in self.spots.items() if item and item.cards]
        for seat, item in swept:
            starts = [(x + layout.TABLE_CARD[0] / 2, y + layout.TABLE_CARD[1] / 2)
                      for x, y, _, _ in layout.spot_boxes(seat, len(item.cards))]
            self.flights.append(Flight(item.cards, starts, [target] * len(starts),
                                       Tween((0.0,), (1.0,), 0.3 * self.scale, ease_in_out,
                                             delay=0.45 * self.scale), face_up=False))
        self.reset_round()
        self.answering = False

    def _on_over(self, event: Event) -> None:
        self.places = {seat: i for i, seat in enumerate(event.places)}
        self._wait(0.6)

    def _on_liang(self, event: Event) -> None:
        """亮3: the leader's shown 3s (4s under 憋3) lie at his spot until he leads."""
        seat = event.seat
        if seat is None or not event.card_ids:
            return
        cards = event.card_ids
        ends = [(x + layout.TABLE_CARD[0] / 2, y + layout.TABLE_CARD[1] / 2)
                for x, y, _, _ in layout.spot_boxes(seat, len(cards))]

        def land() -> None:
            self.spots[seat] = SpotItem("liang", cards)

        self.flights.append(Flight(cards, [layout.badge_center(seat)] * len(cards), ends,
                                   Tween((0.0,), (1.0,), 0.35 * self.scale, ease_out_cubic), on_done=land))
        self.sound("play")
        self._wait(1.1)

    # ----- the match around the deals ---------------------------------------------
    def _on_deal_start(self, event: Event) -> None:
        self.reset_round()
        self.places, self.labels = {}, {}
        self._wait(0.3)

    def _transfer(self, event: Event) -> None:
        """Tribute, returns, 买3: cards fly between two seats; faces only for those two."""
        giver, receiver, count = event.seat, event.other, event.count
        involved = event.private_to is not None
        if giver is None or receiver is None:
            return
        if not count or (not involved and self.human in (giver, receiver)):
            return  # the human's own transfer flies face up from its private event
        cards = event.card_ids if involved else (-1,) * count
        start, end = layout.badge_center(giver), layout.badge_center(receiver)
        self.flights.append(Flight(cards, [start] * len(cards), [end] * len(cards),
                                   Tween((0.0,), (1.0,), 0.5 * self.scale, ease_in_out), face_up=involved))
        self.sound("play")

    def _word(self, event: Event, word: str) -> None:
        assert event.seat is not None
        self.labels[event.seat] = word
        self._wait(0.35)

    def _on_revolt(self, event: Event) -> None:
        self._word(event, "revolt")
        self.sound("gouji")

    def _on_yaotou(self, event: Event) -> None:
        self._word(event, "yaotou")

    def _on_choose_wutou(self, event: Event) -> None:
        self._word(event, "wutou")

    def _on_declare(self, event: Event) -> None:
        self._word(event, "declare")

    def _on_void(self, event: Event) -> None:
        self.labels = {}
        self._wait(0.8)

    def _on_lead(self, event: Event) -> None:
        self.labels = {}

    def _on_deal_end(self, event: Event) -> None:
        self.hold = True   # the scene shows the deal summary and resumes us


# What the director does for each kind of event (kinds not listed only reach the scene).
HANDLERS: dict[EventKind, Callable[[Director, Event], None]] = {
    ev.PLAY: Director._on_play, ev.BURN: Director._on_burn, ev.PASS: Director._on_pass,
    ev.NOBURN: Director._on_noburn, ev.RANG: Director._on_rang, ev.OUT: Director._on_out,
    ev.ROUND_END: Director._on_round_end, ev.DEAL_OVER: Director._on_over, ev.LIANG: Director._on_liang,
    ev.DEAL_START: Director._on_deal_start, ev.TRIBUTE: Director._transfer, ev.RETURN: Director._transfer,
    ev.BUY3: Director._transfer, ev.REVOLT: Director._on_revolt, ev.YAOTOU: Director._on_yaotou,
    ev.CHOOSE_WUTOU: Director._on_choose_wutou, ev.DECLARE: Director._on_declare, ev.VOID: Director._on_void,
    ev.LEAD_TURN: Director._on_lead, ev.DEAL_END: Director._on_deal_end,
}

__all__ = ["Director", "SpotItem", "Flight"]
