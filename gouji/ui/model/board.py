"""What lies on the table after the events the human has been shown so far.

The table scene never keeps its own copies of the game: what it draws is
the current ``SeatView`` plus a ``Board`` — a pure fold over the human's
event stream up to the event being shown — plus the flights in the air.
``Board.fold(events)`` rebuilds it from scratch at any time (a resumed match,
a test), ``apply`` moves it on by one event as the director shows it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from ...engine import events as ev
from ...engine.cards import TWO, card_rank, card_suit, counts_of_cards
from ...engine.events import Event
from ...engine.plays import Play, is_gouji
from ...engine.seats import opposite


def display_key(card: int) -> tuple[int, int, int]:
    """Hand order: low to high, 2s and jokers at the right, suits grouped."""
    return card_rank(card), card_suit(card), card


def in_hand_order(cards) -> tuple[int, ...]:
    return tuple(sorted(cards, key=display_key))


def sorted_hand(cards: Sequence[int], order: str = "rank") -> tuple[int, ...]:
    """The hand as the player chose to see it: ``rank`` low to high; ``groups`` the
    biggest groups of one rank first; ``gouji`` the ranks that make a 够级 play on
    their own first (§1.4), each part low to high. Asked every frame: made once per hand."""
    return _sorted_hand(tuple(cards), order)


@lru_cache(maxsize=64)
def _sorted_hand(cards: tuple[int, ...], order: str) -> tuple[int, ...]:
    counts = counts_of_cards(cards)
    if order == "groups":
        return tuple(sorted(cards, key=lambda c: (-counts[card_rank(c)], *display_key(c))))
    if order == "gouji":
        def gouji_first(card: int) -> tuple[int, int, int, int]:
            rank = card_rank(card)
            whole = Play(rank, counts[rank], 0, 0, 0) if rank < TWO else None
            return (0 if whole is not None and is_gouji(whole) else 1, *display_key(card))
        return tuple(sorted(cards, key=gouji_first))
    return in_hand_order(cards)


@dataclass(frozen=True)
class Spot:
    """What lies in front of a seat this round: cards, or a word like 过."""

    kind: str                      # play, burn, pass, kou, rang, noburn, liang
    cards: tuple[int, ...] = ()
    gouji: bool = False


@dataclass
class Board:
    human: int = 0
    spots: dict[int, Spot] = field(default_factory=dict)
    standing_seat: int | None = None
    answering: bool = False        # the standing 够级 is being answered (扣 wording)
    places: dict[int, int] = field(default_factory=dict)  # seat -> 0 (头科) … 5 (大落)
    labels: dict[int, str] = field(default_factory=dict)  # pre-play words at a seat (革命, 宣点)
    hand: tuple[int, ...] = ()     # the human's cards, in hand order
    received: tuple[int, ...] = ()  # tribute paid to him this deal (进贡), marked until the first play
    deal_events: list[Event] = field(default_factory=list)   # this deal's events shown so far (the log)
    deal_index: int = 0
    deal_over: bool = False        # the deal's last event was shown (its result is up)
    match_over: bool = False

    @classmethod
    def fold(cls, events: Iterable[Event], human: int = 0) -> "Board":
        board = cls(human=human)
        for event in events:
            board.apply(event)
        return board

    def apply(self, event: Event) -> None:
        self.deal_events.append(event)
        handler = _HANDLERS.get(event.kind)
        if handler is not None:
            handler(self, event)

    # ----- one kind of event each ------------------------------------------
    def _deal_start(self, event: Event) -> None:
        """A new deal: a clean table (the human's cards come with the deal)."""
        self.spots, self.standing_seat, self.answering = {}, None, False
        self.places, self.labels, self.hand, self.received = {}, {}, (), ()
        self.deal_events = [event]
        self.deal_index, self.deal_over = event.deal_index, False

    def _dealt(self, event: Event) -> None:
        if event.private_to == self.human:
            self.hand = in_hand_order(event.card_ids)

    def _transfer(self, event: Event) -> None:
        """Tribute, returns, 买3: the human's own private events move his cards."""
        if event.private_to != self.human or not event.card_ids:
            return
        if event.kind == ev.BUY3:  # the 3 goes to the buyer; a 2 or joker back, if paid
            three, paid = event.card_ids[:1], event.card_ids[1:]
            mine, theirs = (three, paid) if event.seat == self.human else (paid, three)
        else:
            gave = event.seat == self.human
            mine, theirs = (() if gave else event.card_ids), (event.card_ids if gave else ())
        self.hand = in_hand_order([c for c in self.hand if c not in theirs] + list(mine))
        self.received = tuple(c for c in self.received if c not in theirs)
        if event.kind == ev.TRIBUTE:
            self.received += tuple(mine)

    def _play(self, event: Event) -> None:
        seat = event.seat
        assert seat is not None
        self.received = ()
        if seat == self.human:
            gone = set(event.card_ids)
            self.hand = tuple(c for c in self.hand if c not in gone)
        self.spots[seat] = Spot(event.kind, event.card_ids, event.gouji)
        self.standing_seat = seat
        self.answering = event.gouji
        self.labels.pop(seat, None)

    def _pass(self, event: Event) -> None:
        seat = event.seat
        assert seat is not None
        kou = self.answering and self.standing_seat is not None and opposite(self.standing_seat) == seat
        self.spots[seat] = Spot("kou" if kou else "pass")

    def _noburn(self, event: Event) -> None:
        assert event.seat is not None
        self.spots.setdefault(event.seat, Spot("noburn"))

    def _rang(self, event: Event) -> None:
        assert event.seat is not None
        self.spots[event.seat] = Spot("rang")

    def _out(self, event: Event) -> None:
        assert event.seat is not None
        self.places[event.seat] = event.place

    def _round_end(self, event: Event) -> None:
        self.spots, self.standing_seat, self.answering = {}, None, False

    def _deal_over(self, event: Event) -> None:
        self.places = {seat: i for i, seat in enumerate(event.places)}

    def _liang(self, event: Event) -> None:
        """亮3: the leader's shown 3s (4s under 憋3) lie at his spot until he leads."""
        if event.seat is not None and event.card_ids:
            self.spots[event.seat] = Spot("liang", event.card_ids)

    def _word(self, event: Event) -> None:
        words = {ev.REVOLT: "revolt", ev.YAOTOU: "yaotou", ev.CHOOSE_WUTOU: "wutou", ev.DECLARE: "declare"}
        assert event.seat is not None
        self.labels[event.seat] = words[event.kind]

    def _void(self, event: Event) -> None:
        self.labels = {}

    def _lead(self, event: Event) -> None:
        self.labels = {}   # the 亮3 cards stay: the leader's first play replaces them

    def _deal_end(self, event: Event) -> None:
        self.deal_over = True

    def _match_over(self, event: Event) -> None:
        self.deal_over = self.match_over = True


_HANDLERS = {
    ev.DEAL_START: Board._deal_start, ev.DEAL: Board._dealt, ev.TRIBUTE: Board._transfer,
    ev.RETURN: Board._transfer, ev.BUY3: Board._transfer, ev.PLAY: Board._play, ev.BURN: Board._play,
    ev.PASS: Board._pass, ev.NOBURN: Board._noburn, ev.RANG: Board._rang, ev.OUT: Board._out,
    ev.ROUND_END: Board._round_end, ev.DEAL_OVER: Board._deal_over, ev.LIANG: Board._liang,
    ev.REVOLT: Board._word, ev.YAOTOU: Board._word, ev.CHOOSE_WUTOU: Board._word, ev.DECLARE: Board._word,
    ev.VOID: Board._void, ev.LEAD_TURN: Board._lead, ev.DEAL_END: Board._deal_end,
    ev.MATCH_OVER: Board._match_over,
}

__all__ = ["Board", "Spot", "display_key", "in_hand_order", "sorted_hand"]
