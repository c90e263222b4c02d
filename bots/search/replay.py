"""What a seat's history says about the deal in play, and the deal as a position.

``read_history`` walks the public events once and keeps what a position needs
beyond the view (plays so far, the 底牌 deadlines, which special protection a
play used, burners and their victims, 烧成功, 闷) and what the guessing needs
(each seat's plays in order, the burn windows and who was skipped in them).
``position_of`` writes the deal as position notation with guessed hands in
place of the hidden ones, so ``Game.from_position`` can play it on.
Only the seat's own view is read: the result is the same in every deal the
seat cannot tell apart (tests/test_search_replay.py checks it against the
real position).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from gouji.engine import events as ev
from gouji.engine.cards import THREE, format_counts
from gouji.engine.events import Event
from gouji.engine.phases import BURN, FOLLOW, LEAD
from gouji.engine.plays import Play, parse_play
from gouji.engine.seats import SEATS, next_seat, opposite, others_from, teammates
from gouji.engine.view import SeatView

Hand = Sequence[int]


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
    deadline: list[int] = field(default_factory=list)
    special_kind: str = ""
    yaotou_left: dict[int, int] = field(default_factory=dict)
    stood: dict[int, int] = field(default_factory=dict)
    burning: dict[int, int] = field(default_factory=dict)
    won: list[tuple[int, int]] = field(default_factory=list)
    men: dict[int, int] = field(default_factory=dict)
    plays: list[tuple[int, int, Play]] = field(default_factory=list)   # (seq, seat, play)
    leads: list[tuple[int, int, Play]] = field(default_factory=list)   # the plays that began a round
    windows: list[Window] = field(default_factory=list)
    passes: list[Pass] = field(default_factory=list)
    follows: list[Follow] = field(default_factory=list)

    def played_since(self, seat: int, seq: int) -> list[Play]:
        """The plays ``seat`` made after the ``seq``-th play of the deal."""
        return [play for at, who, play in self.plays if who == seat and at > seq]


class _Walk:
    """One pass over the history; the state the flow had at each event."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        self.facts = Facts(yaotou_left={s: 3 for s in view.yaotou}, stood={s: 0 for s in view.yaotou})
        self.out: set[int] = set()
        self.passed: set[int] = set()
        self.wutou: set[int] = first_wutou(view)
        self.gousiji: set[int] = set()
        self.owner: int | None = None
        self.standing: Play | None = None
        self.chaos = False
        self.window: Window | None = None

    def in_deal(self, seat: int) -> bool:
        return seat not in self.out and seat not in self.view.revolted

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
        facts = self.facts
        facts.seq += 1
        if event.kind == ev.BURN and seat not in facts.burning and self.owner is not None:
            facts.burning[seat] = self.owner
        facts.special_kind = self._special_kind(seat) if event.special else ""
        facts.plays.append((facts.seq, seat, play))
        if self.standing is None:
            facts.leads.append((facts.seq, seat, play))
        elif self.owner is not None:
            burning = event.kind == ev.BURN or seat in facts.burning
            facts.follows.append(Follow(facts.seq, seat, play, self.standing, self.owner, burning))
        self.owner, self.standing = seat, play
        if event.protected and not play.big:   # a dead play ends the round: no window
            rules = self.view.rules
            order = list(teammates(seat)) if rules.burn_by_teammates else []
            order += [next_seat(seat), next_seat(seat, 5)]
            order = [s for s in order if self.in_deal(s) and s not in self.passed]
            self.window = Window(facts.seq, play, seat, order, burning=frozenset(facts.burning))

    def _special_kind(self, seat: int) -> str:
        if seat in self.gousiji:
            self.gousiji.discard(seat)
            return "gousiji"
        self.facts.yaotou_left[seat] = self.facts.yaotou_left.get(seat, 0) - 1
        return "yaotou"

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
            self.facts.passes.append(Pass(self.facts.seq, seat, self.standing, self.owner,
                                          seat in self.facts.burning))

    def on_round_end(self, event: Event) -> None:
        self._close_window(None)
        facts = self.facts
        owner = event.seat
        if owner in self.view.yaotou and facts.special_kind == "yaotou" \
                and (len(facts.deadline) < 2 or facts.seq <= facts.deadline[1]):
            facts.stood[owner] += 1
        self.passed.clear()
        self.owner = self.standing = None

    def on_out(self, event: Event) -> None:
        seat = event.seat
        assert seat is not None
        self.out.add(seat)
        if event.place <= 1:
            self.facts.deadline.append(self.facts.seq)

    def on_wutou(self, event: Event) -> None:
        if event.seat is not None:
            self.wutou.add(event.seat)

    def on_gousiji(self, event: Event) -> None:
        if event.seat is not None:
            self.gousiji.add(event.seat)

    def on_burn_end(self, event: Event) -> None:
        self.facts.burning.pop(event.seat, None)  # type: ignore[arg-type]

    def on_burn_won(self, event: Event) -> None:
        assert event.seat is not None and event.other is not None
        self.facts.burning.pop(event.seat, None)
        self.facts.won.append((event.seat, event.other))

    def on_men(self, event: Event) -> None:
        assert event.seat is not None and event.other is not None
        self.facts.men[event.seat] = event.other

    def on_chaos(self, event: Event) -> None:
        self.chaos = True
        self.gousiji.clear()
        self.facts.yaotou_left = {s: 0 for s in self.facts.yaotou_left}


_HANDLERS = {ev.PLAY: _Walk.on_play, ev.BURN: _Walk.on_play, ev.NOBURN: _Walk.on_noburn, ev.PASS: _Walk.on_pass,
             ev.RANG: lambda walk, event: walk._close_window(event.seat), ev.ROUND_END: _Walk.on_round_end,
             ev.OUT: _Walk.on_out, ev.WUTOU: _Walk.on_wutou, ev.GOU_SI_JI: _Walk.on_gousiji,
             ev.BURN_END: _Walk.on_burn_end, ev.BURN_WON: _Walk.on_burn_won, ev.MEN: _Walk.on_men,
             ev.CHAOS: _Walk.on_chaos}


def first_wutou(view: SeatView) -> set[int]:
    """The 无头 seats at the first lead: a revolutionary's 对头 unless he chose 要头 (§3.7)."""
    return {opposite(s) for s in view.revolted if opposite(s) not in view.yaotou}


def read_history(view: SeatView) -> Facts:
    return _Walk(view).run()


def position_of(view: SeatView, facts: Facts, hands: Sequence[Hand]) -> str:
    """The deal as position notation, with ``hands`` (rank counts per seat; the
    view's own hand for its seat) in place of the real ones."""
    fields: dict[str, str] = {}
    current = view.current_seat
    if view.round_leader != current:
        fields["leader"] = str(view.round_leader)
    if view.first_leader != view.round_leader:
        fields["first"] = str(view.first_leader)
    owner, standing = view.standing_owner, view.standing_play
    if standing is not None and owner is not None:
        fields["play"] = f"{owner}:{standing}"
    if facts.seq:
        fields["seq"] = f"{facts.seq}:{facts.seq}"
    if view.standing_protected_only_burn:
        fields["special"] = facts.special_kind
    if owner is not None and view.rules.bie_san and hands[owner][THREE] and sum(hands[owner]) == hands[owner][THREE]:
        fields["chong"] = "1"
    live = [s for s in SEATS if view.counts[s] > 0 and s not in view.revolted]
    sets = {"passed": sorted(view.passed), "queue": _queue(view, live), "wutou": sorted(view.wutou),
            "gousiji": sorted(view.gou_si_ji), "revolted": sorted(view.revolted), "out": view.finish_order,
            "places": view.places, "deadline": facts.deadline, "opened": sorted(view.opened)}
    fields.update({key: ",".join(map(str, values)) for key, values in sets.items() if values})
    if view.rang is not None:
        fields["rang"] = str(view.rang)
    pairs = {"burning": sorted(facts.burning.items()), "yaotou": sorted(facts.yaotou_left.items()),
             "stood": sorted(facts.stood.items()), "won": facts.won, "men": sorted(facts.men.items())}
    fields.update({key: ",".join(f"{a}:{b}" for a, b in values) for key, values in pairs.items() if values})
    if view.chaos or len(live) <= 4:
        fields["chaos"] = "1" if view.chaos else "pending"
    if view.round_log:
        fields["round"] = ",".join(f"{seat}.{kind}" + (f".{cards}" if cards else "")
                                   for seat, kind, cards in view.round_log)
    text = "/".join(format_counts(list(hand)) or "-" for hand in hands)
    extras = [f"{key}={fields[key]}" for key in _ORDER if key in fields]
    return " ".join([text, str(view.phase), "-" if current is None else str(current), *extras])


_ORDER = ("leader", "first", "play", "seq", "special", "chong", "passed", "queue", "rang", "burning", "wutou",
          "gousiji", "yaotou", "stood", "revolted", "chaos", "out", "places", "deadline", "opened", "won", "men",
          "round")


def _queue(view: SeatView, live: list[int]) -> list[int]:
    """Who is still to be asked about the standing play, in order (flow.py's queue)."""
    owner, current = view.standing_owner, view.current_seat
    if view.phase == LEAD or owner is None or current is None:
        return []
    if view.phase == FOLLOW:
        rang = view.rang
        order = [next_seat(rang), next_seat(rang, 2), rang] if rang is not None else list(others_from(owner))
    elif view.phase == BURN:
        order = list(teammates(owner)) if view.rules.burn_by_teammates else []
        order += [next_seat(owner), next_seat(owner, 5)]
        order = [s for s in order if s in live and s not in view.passed]
    else:
        return []
    return order[order.index(current) + 1:] if current in order else []


__all__ = ["Facts", "Pass", "Window", "first_wutou", "read_history", "position_of"]
