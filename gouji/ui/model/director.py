"""Shows the human's event stream one event after another: what lies on the
table is a ``Board`` folded over the events shown so far; the director adds
only the time between them — cards in flight, short pauses, sounds — and
holds at the end of a deal until the result panel is closed. It decides
nothing about the rules."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ...engine import events as ev
from ...engine.events import Event, EventKind
from ...engine.plays import is_dead, parse_play
from ...engine.rules import RuleSet
from ...engine.seats import opposite, order_from
from .board import Board, Spot
from .layout import Layout, Point
from .moments import Banner, Transfer, banner_for, transfers
from .tween import Tween, ease_in_out, ease_out_cubic

LINGER = 1.5   # seconds a return that joins the 进贡 panel stays on show before the play begins
DEAL_SECONDS = 1.6   # the cards dealt round the table at a deal's start (normal speed)
DEAL_PACKETS = 6     # packets each seat receives in the animation (the hand grows with each)

Anchor = Callable[[Layout], list[Point]]   # where cards are, at the window's current size


@dataclass(frozen=True)
class Before:
    """The board just before an event: what its animation starts from."""

    hand: tuple[int, ...]
    spots: dict[int, Spot]


@dataclass
class Flight:
    """Cards moving from one place to another (a play to its spot, a swept round, a tribute)."""

    cards: tuple[int, ...]
    start: Anchor
    end: Anchor
    tween: Tween
    face_up: bool = True
    lands_at: int | None = None   # the seat whose spot shows these cards once they land

    def positions(self, layout: Layout) -> list[Point]:
        k = self.tween.ease(self.tween.progress)
        return [(a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k)
                for a, b in zip(self.start(layout), self.end(layout))]


def at_spot(place: int, count: int) -> Anchor:
    return lambda layout: layout.spot_centers(place, count)


def at_deck(depth: int) -> Anchor:
    """A card of the deck in the middle: the higher ``depth``, the higher in the pile."""
    return lambda layout: [(layout.table_center[0] - depth * layout.k * 0.5, layout.table_center[1] - depth * layout.k)]


def at_hand() -> Anchor:
    return lambda layout: [(layout.center_x, layout.hand_top + layout.hand_card[1] / 2)]


def at_backs(place: int) -> Anchor:
    """The stack of a seat's cards under its badge."""
    def anchor(layout: Layout) -> list[Point]:
        left, top = layout.backs_origin(place, 1)
        w, h = layout.back_card
        return [(left + w / 2, top + layout.s(14) + h / 2)]
    return anchor


def at_badge(place: int, count: int) -> Anchor:
    return lambda layout: [layout.badge_center(place)] * count


def in_hand(hand: tuple[int, ...], cards: tuple[int, ...]) -> Anchor:
    """Where ``cards`` lay, raised, in a hand that still held them."""
    indexes = [hand.index(c) for c in cards if c in hand]

    def anchor(layout: Layout) -> list[Point]:
        boxes = layout.hand_boxes(len(hand), set(indexes))
        return [(boxes[i][0] + boxes[i][2] / 2, boxes[i][1] + boxes[i][3] / 2) for i in indexes]
    return anchor


class Director:
    """``scale`` stretches or shrinks every animation (0 at instant speed)."""

    BANNER_SECONDS = 1.4
    HURRY_SECONDS = 0.7   # a banner with others waiting behind it

    def __init__(self, human: int = 0, scale: float = 1.0, sound: Callable[[str], None] = lambda name: None,
                 on_deal_end: Callable[[bool], None] = lambda final: None, rules: RuleSet | None = None) -> None:
        self.human, self.scale, self.sound, self.on_deal_end = human, scale, sound, on_deal_end
        self.rules = rules             # for what the banners call a dead play (§1.3)
        self._previous: Event | None = None   # the event shown last (a 解烧 comes before its play)
        self.board = Board(human=human)
        self.shown = 0                 # events of the stream already shown
        self.flights: list[Flight] = []
        self.pause = 0.0
        self.hold = False              # stopped until the scene resumes (a deal's result is up)
        self.moments = True            # banners and the tribute panel (the scene turns them off when fast)
        self.panel_seconds = 4.0       # how long the 进贡/还贡 panel stays unless dismissed
        self.banner: Banner | None = None
        self.banner_left = 0.0
        self.banners_next: list[Banner] = []   # moments that came while a banner was up: each gets its turn
        self.panel: list[Transfer] | None = None
        self.panel_left = 0.0
        self.panel_live = False        # read: the table moves on under it, later returns join it
        self._panel_rows = 0           # transfer rows already shown this deal
        self._last_winner: int | None = None
        self._rival_lead: int | None = None   # the 对头 of a finisher whose 够级 底牌 stood
        self._standing: Event | None = None   # the round's last play
        self._chaos = False
        self.dealing: Tween | None = None   # the deal's cards going round (the hand grows with it)

    @property
    def busy(self) -> bool:
        """Something is still being shown: wait before the next action."""
        return bool(self.hold or self.flights or self.pause > 0 or self.dealing is not None or self.banners_next
                    or (self.panel is not None and not self.panel_live))

    def deal_in(self) -> None:
        """Deal the hands round the table (slow and normal speed): packets fly from the
        middle to every seat in turn and the player's hand grows as his arrive."""
        if not self.moments or self.scale <= 0 or not self.board.hand:
            return
        seconds = DEAL_SECONDS * self.scale
        self.dealing = Tween((0.0,), (1.0,), seconds, lambda k: k)
        packets = DEAL_PACKETS * 6
        step = DEAL_SECONDS / packets
        for n in range(packets):
            place = n % 6
            end = at_hand() if place == 0 else at_backs(place)
            self._fly((-1,), at_deck(packets - n), end, step * 2.5, delay=n * step, face_up=False)
        self.sound("deal")

    def dealt(self, count: int) -> int:
        """How many of the player's ``count`` cards are in his hand yet (all, unless dealing)."""
        if self.dealing is None:
            return count
        return min(count, round(count * self.dealing.progress / 0.9))

    def skip_dealing(self) -> bool:
        """A key or click during the deal ends it at once; True when it was dealing."""
        if self.dealing is None:
            return False
        self.dealing, self.flights = None, []
        return True

    def dismiss(self) -> bool:
        """A click or a key closes the tribute panel; True when it was holding the table
        (the key was for the panel). A panel already read closes and lets the key through."""
        holding = self.panel is not None and not self.panel_live
        self.panel = None
        return holding

    def idle(self, stream: Sequence[Event]) -> bool:
        return not self.busy and self.shown >= len(stream)

    def catch_up(self, stream: Sequence[Event], upto: int | None = None) -> None:
        """Show the present (or the first ``upto`` events) at once, without replaying old
        animations (a new or resumed table); the rest is shown as it comes."""
        self.board = Board.fold(stream[:upto], self.human)
        self.shown = len(stream) if upto is None else upto
        self._panel_rows = len(transfers(self.board.deal_events, self.human))   # already seen

    def finish(self, stream: Sequence[Event]) -> None:
        """Show everything up to the present at once (cards land, pauses end, the
        tribute panel closes): the player is acting, and his key must not wait
        for an animation. A deal's end that holds the table is left as it is."""
        for _ in range(len(stream) - self.shown + 1):
            if self.hold:
                return
            self.flights, self.pause, self.panel, self.dealing, self.banners_next = [], 0.0, None, None, []
            if self.shown >= len(stream):
                return
            self.update(0.0, stream)

    def place(self, seat: int) -> int:
        """Where a seat sits on screen: 0 at the bottom (the human), then counter-clockwise."""
        return order_from(self.human, seat)

    def landing(self, seat: int) -> bool:
        """Cards are still flying to ``seat``'s spot (it shows them once they land)."""
        return any(f.lands_at == seat for f in self.flights)

    def update(self, dt: float, stream: Sequence[Event]) -> None:
        if self.hold:
            return
        self.pause = max(0.0, self.pause - dt)
        self.banner_left = max(0.0, self.banner_left - dt)
        if self.banner_left <= 0:
            self.banner = None
            if self.banners_next:
                self._raise(self.banners_next.pop(0))
        if self.panel is not None:
            self.panel_left -= dt
            if self.panel_left <= 0:   # read: it stays while returns may still come, and they join it
                self.panel_live = True
                if self._transfers_over():
                    self.panel = None
        if self.dealing is not None:
            self.dealing.update(dt)
            if self.dealing.done:
                self.dealing = None
        for flight in self.flights:
            flight.tween.update(dt)
        self.flights = [f for f in self.flights if not f.tween.done]
        while not self.busy and self.shown < len(stream):
            event = stream[self.shown]
            if event.kind not in ev.TRANSFERS and self._open_panel():
                return   # the tribute just paid is on show first
            if event.kind == ev.LEAD_TURN and self.panel is not None:
                if self.panel_left > 0:
                    return   # the last return stays on show a moment before the play begins
                self.panel = None
            self.shown += 1
            self._show(event, stream[self.shown:self.shown + 1])
        if not self.busy and self.shown >= len(stream):
            self._open_panel()   # e.g. the human must give back now: show what he got first

    def _open_panel(self) -> bool:
        """Show the 进贡/还贡 panel when this deal's transfers grew since it was last shown."""
        rows = transfers(self.board.deal_events, self.human)
        if len(rows) <= self._panel_rows:
            return False
        self._panel_rows = len(rows)
        if not self.moments:
            return False
        if self.panel is not None and self.panel_live:   # a return joins the panel on show
            self.panel, self.panel_left = rows, min(self.panel_seconds, LINGER)
            return False
        self.panel, self.panel_left, self.panel_live = rows, self.panel_seconds, False
        return True

    def _transfers_over(self) -> bool:
        """This deal's play has begun: no more tribute or returns will come."""
        return any(event.kind == ev.LEAD_TURN for event in self.board.deal_events)

    def _banner(self, event: Event) -> None:
        winner = self._last_winner
        if event.kind == ev.LEAD_TURN and event.seat == self._rival_lead:
            winner = None   # his 够级 底牌 stood: his 对头 leads, which is no 接风 (§3.8)
        banner, self._previous = banner_for(event, winner, self._previous, self.rules), event
        self._follow_round(event)
        if banner is None or not self.moments:
            return
        if self.banner is not None and self.banner_left > 0:
            self.banners_next.append(banner)   # 烧牌 then its 开点: every one is read, the earlier ones cut short,
            # and the table waits for them (busy), so a banner never trails the plays it names
            self.banner_left = min(self.banner_left, self.HURRY_SECONDS * max(self.scale, 0.5))
        else:
            self._raise(banner)

    def _follow_round(self, event: Event) -> None:
        """Who won the last round and whether his 对头 takes the lead from a 够级 底牌."""
        if event.kind in (ev.PLAY, ev.BURN):
            self._standing = event
        elif event.kind == ev.CHAOS:
            self._chaos = True
        elif event.kind == ev.ROUND_END:
            self._last_winner, play = event.seat, self._standing
            handed = play is not None and not self._chaos and (
                play.gouji or is_dead(parse_play(play.cards), self.rules))
            self._rival_lead = opposite(event.seat) if handed and event.seat is not None else None
        elif event.kind in (ev.LEAD_TURN, ev.DEAL_START):
            self._last_winner = self._rival_lead = self._standing = None
            if event.kind == ev.DEAL_START:
                self._chaos = False

    def _raise(self, banner: Banner) -> None:
        seconds = self.HURRY_SECONDS if self.banners_next else self.BANNER_SECONDS
        self.banner, self.banner_left = banner, seconds * max(self.scale, 0.5)
        if banner.sound:
            self.sound(banner.sound)

    # ----- one event -----------------------------------------------------
    def _show(self, event: Event, after: Sequence[Event]) -> None:
        before = Before(self.board.hand, dict(self.board.spots))
        if event.kind == ev.DEAL_START:
            self._panel_rows = 0
        self.board.apply(event)
        self._banner(event)
        handler = _HANDLERS.get(event.kind)
        if handler is not None:
            handler(self, event, before)
        if event.kind == ev.DEAL_END:
            final = bool(after) and after[0].kind == ev.MATCH_OVER
            if final:   # the last deal: straight to the match's result
                self.board.apply(after[0])
                self.shown += 1
            self.hold = True
            self.on_deal_end(final)

    def _wait(self, seconds: float) -> None:
        self.pause = max(self.pause, seconds * self.scale)

    def _fly(self, cards: tuple[int, ...], start: Anchor, end: Anchor, seconds: float, ease=ease_out_cubic,
             delay: float = 0.0, face_up: bool = True, lands_at: int | None = None) -> None:
        tween = Tween((0.0,), (1.0,), seconds * self.scale, ease, delay=delay * self.scale)
        self.flights.append(Flight(cards, start, end, tween, face_up, lands_at))

    def _play(self, event: Event, before: Before) -> None:
        seat = event.seat
        assert seat is not None
        cards = event.card_ids
        start = in_hand(before.hand, cards) if seat == self.human else at_badge(self.place(seat), len(cards))
        self._fly(cards, start, at_spot(self.place(seat), len(cards)), 0.28, lands_at=seat)
        self.sound("burn" if event.kind == ev.BURN else "gouji" if event.gouji else "play")

    def _pass(self, event: Event, _: Before) -> None:
        self.sound("pass")
        self._wait(0.12)

    def _noburn(self, event: Event, _: Before) -> None:
        self._wait(0.08)

    def _rang(self, event: Event, _: Before) -> None:
        self._wait(0.15)

    def _out(self, event: Event, _: Before) -> None:
        self.sound("out")
        self._wait(0.35)

    def _round_end(self, event: Event, before: Before) -> None:
        """The round's cards lie a moment, then are swept to the winner."""
        winner = event.seat if event.seat is not None else self.human
        for seat, spot in before.spots.items():
            if spot.cards:
                n = len(spot.cards)
                self._fly(spot.cards, at_spot(self.place(seat), n), at_badge(self.place(winner), n), 0.3,
                          ease_in_out, delay=0.45, face_up=False)

    def _over(self, event: Event, _: Before) -> None:
        self._wait(0.6)

    def _liang(self, event: Event, _: Before) -> None:
        seat = event.seat
        if seat is None or not event.card_ids:
            return
        cards = event.card_ids
        n, place = len(cards), self.place(seat)
        self._fly(cards, at_badge(place, n), at_spot(place, n), 0.35, lands_at=seat)
        self.sound("play")
        self._wait(1.1)

    def _deal_start(self, event: Event, _: Before) -> None:
        self._wait(0.3)

    def _dealt(self, event: Event, _: Before) -> None:
        if event.private_to == self.human:
            self.deal_in()

    def _transfer(self, event: Event, _: Before) -> None:
        """Tribute, returns, 买3: cards fly between two seats; faces only for those two."""
        giver, receiver = event.seat, event.other
        if giver is None or receiver is None or not event.count:
            return
        involved = event.private_to is not None
        if not involved and self.human in (giver, receiver):
            return  # the human's own transfer flies face up from its private event
        cards = event.card_ids if involved else (-1,) * event.count
        self._fly(cards, at_badge(self.place(giver), len(cards)), at_badge(self.place(receiver), len(cards)), 0.5,
                  ease_in_out,
                  face_up=involved)
        self.sound("play")

    def _word(self, event: Event, _: Before) -> None:
        if event.kind == ev.REVOLT:
            self.sound("gouji")
        self._wait(0.35)

    def _void(self, event: Event, _: Before) -> None:
        self._wait(0.8)


_HANDLERS: dict[EventKind, Callable[[Director, Event, Before], None]] = {
    ev.PLAY: Director._play, ev.BURN: Director._play, ev.PASS: Director._pass, ev.NOBURN: Director._noburn,
    ev.RANG: Director._rang, ev.OUT: Director._out, ev.ROUND_END: Director._round_end, ev.DEAL_OVER: Director._over,
    ev.LIANG: Director._liang, ev.DEAL_START: Director._deal_start, ev.DEAL: Director._dealt,
    ev.TRIBUTE: Director._transfer, ev.RETURN: Director._transfer, ev.BUY3: Director._transfer,
    ev.REVOLT: Director._word, ev.YAOTOU: Director._word, ev.CHOOSE_WUTOU: Director._word, ev.DECLARE: Director._word,
    ev.VOID: Director._void,
}

__all__ = ["Director", "Flight"]
