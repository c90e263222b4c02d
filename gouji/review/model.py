"""A review of one deal: every position from its start to its end, with all
six hands open, the plays lying in front of the seats and the log so far.

The UI drives a ``Review`` like a tape: ``forward``/``back`` one action,
``next_round``/``previous_round``, ``go(step)``; ``frame`` is what to draw.
``play_from_here`` gives what a practice game needs to continue from the
position shown. Nothing here draws or touches files.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..engine import events as ev
from ..engine.actions import parse_action
from ..engine.dealcode import DealCodeError, DealRef, decode
from ..engine.events import Event
from ..engine.game import Game
from ..engine.match import DEAL_SEED_LIMIT, Match
from ..engine.phases import Phase
from ..engine.rules import RuleSet
from ..engine.seats import SEATS
from ..engine.view import SeatView

Choices = Sequence[Sequence[int] | None]
STOP_EVERY = 256   # actions replayed between two looks at ``stop``


@dataclass(frozen=True)
class Spot:
    """What lies in front of a seat this round: a play, a burn, a pass, a 让, or the 亮3 cards."""

    kind: str
    cards: str = ""
    card_ids: tuple[int, ...] = ()
    gouji: bool = False


@dataclass(frozen=True)
class Frame:
    step: int                              # actions of the deal done so far
    phase: Phase
    to_act: int | None                     # who acts next (None once the deal is over)
    action: str | None                     # … and what he did
    hands: tuple[tuple[int, ...], ...]     # every seat's cards, all open
    spots: tuple[Spot | None, ...]         # per seat
    standing: str | None                   # the play to beat, and its owner
    standing_owner: int | None
    finish_order: tuple[int, ...]
    round: int                             # 0 before the first lead, then 1, 2, …
    log: tuple[Event, ...]                 # the deal's events so far, as an open-handed onlooker sees them
    totals: tuple[int, int]                # the match's running (even, odd) totals
    opened: frozenset[int]
    burning: frozenset[int]
    wutou: frozenset[int]
    revolted: frozenset[int]
    chaos: bool


@dataclass(frozen=True)
class Decision:
    """One of the reviewed seat's choices: the view he had and what he did."""

    step: int
    view: SeatView
    action: str


@dataclass(frozen=True)
class Start:
    """Where "play from here" begins: replay these actions, then play on as practice.
    ``base`` (optional) is the same match after its first actions, to go on from instead of
    replaying a long match from its first deal. ``deal_seeds`` and ``first_drawer``: a match
    built from its deals' seeds (a shared table's); practice goes on past the deals they cover
    with seeds of its own."""

    rules: RuleSet
    seed: int
    actions: tuple[str, ...]
    card_choices: tuple[tuple[int, ...] | None, ...]
    base: Match | None = field(default=None, compare=False, repr=False)
    deal_seeds: tuple[int, ...] | None = None
    first_drawer: int = 0

    def match(self) -> Match:
        if self.base is None or len(self.base.actions) > len(self.actions):
            match = Match.replay(self.rules, self.seed, self.actions, self.card_choices, deal_seeds=self.deal_seeds,
                                 first_drawer=self.first_drawer)
        else:
            match = self.base.clone()
            for index in range(len(match.actions), len(self.actions)):
                match.apply(self.actions[index], self.card_choices[index])
        _practice_seeds(match)
        return match


def _practice_seeds(match: Match) -> None:
    """The deals a shared table's record has no seeds for get seeds of their own (from those it has:
    the same practice each time), so practice plays on to the match's end."""
    seeds = match.deal_seeds
    if seeds is not None and len(seeds) < match.rules.series_length:
        stream = random.Random(",".join(map(str, seeds)))
        match.extend_deal_seeds([stream.randrange(DEAL_SEED_LIMIT)
                                 for _ in range(match.rules.series_length - len(seeds))])


class Review:
    def __init__(self, ref: DealRef, card_choices: Choices | None = None,
                 stop: Callable[[], bool] | None = None) -> None:
        """IllegalAction if the actions do not replay (a ``DealRef`` from a code or the history always does).
        ``stop`` is asked now and then while the match is replayed; True ends it with a DealCodeError."""
        if not isinstance(ref, DealRef):
            raise TypeError(f"ref must be a DealRef (e.g. from decode(code)), got {type(ref).__name__}")
        if card_choices is not None and not isinstance(card_choices, (list, tuple)):
            raise TypeError(f"card_choices must be a list of card-number tuples or None, got "
                            f"{type(card_choices).__name__}")
        self.ref = ref
        self.seat = ref.seat
        choices = list(card_choices) if card_choices is not None else [None] * len(ref.actions)
        self._choices: tuple[tuple[int, ...] | None, ...] = tuple(
            tuple(c) if c is not None else None for c in choices)
        self.actions = tuple(str(parse_action(a)) for a in ref.actions)
        match = ref.new_match()
        while len(match.results) < ref.deal:    # on to the start of the deal
            index = len(match.actions)
            if index == len(self.actions):
                raise DealCodeError(f"这些动作只打到第 {len(match.results) + 1} 局",
                                    f"these actions reach only deal {len(match.results) + 1}")
            if stop is not None and index % STOP_EVERY == 0 and stop():
                raise DealCodeError("已取消", "cancelled")
            match.apply(self.actions[index], self._choices[index])
        self.first_action = len(match.actions)
        self._deal_start = match.clone()        # where "play from here" and the tape begin
        self.frames: list[Frame] = []
        self.decisions: list[Decision] = []
        self._record(match)
        self.step = 0

    @classmethod
    def from_code(cls, code: str) -> "Review":
        """DealCodeError (zh/en) for a damaged or foreign code."""
        return cls(decode(code))

    def _record(self, match: Match) -> None:
        """Step through the deal once, keeping every frame and the reviewed seat's decisions."""
        log = _DealLog(match, self.ref.deal)
        for index in range(self.first_action, len(self.actions) + 1):
            step, seat, game = index - self.first_action, match.current_seat, match.game
            action = self.actions[index] if index < len(self.actions) else None
            self.frames.append(_frame(match, game, log.update(), step, seat, action))
            if action is None:
                return
            if seat == self.seat and len(match.legal_actions()) > 1:
                self.decisions.append(Decision(step, match.view(seat), action))
            match.apply(action, self._choices[index])
            if len(match.results) > self.ref.deal:   # the deal just ended: its last position
                self.frames.append(_frame(match, game, log.update(), step + 1, None, None))
                return

    # ----- moving --------------------------------------------------------
    def __len__(self) -> int:
        """The number of actions in the deal (frames: one more)."""
        return len(self.frames) - 1

    @property
    def frame(self) -> Frame:
        return self.frames[self.step]

    def go(self, step: int) -> Frame:
        self.step = max(0, min(step, len(self)))
        return self.frame

    def forward(self) -> Frame:
        return self.go(self.step + 1)

    def back(self) -> Frame:
        return self.go(self.step - 1)

    def round_starts(self) -> list[int]:
        """The steps at which each round begins (the deal's start first)."""
        starts = [0]
        for frame in self.frames[1:]:
            if frame.round != self.frames[frame.step - 1].round:
                starts.append(frame.step)
        return starts

    def next_round(self) -> Frame:
        return self.go(next((s for s in self.round_starts() if s > self.step), len(self)))

    def previous_round(self) -> Frame:
        return self.go(max((s for s in self.round_starts() if s < self.step), default=0))

    def play_from_here(self, step: int | None = None) -> Start:
        """The actions up to ``step`` (default: the step shown), for a practice game."""
        end = self.first_action + (self.step if step is None else max(0, min(step, len(self))))
        ref = self.ref
        return Start(ref.rules, ref.seed, self.actions[:end], self._choices[:end], self._deal_start, ref.deal_seeds,
                     ref.first_drawer)


class _DealLog:
    """The deal's events as an onlooker with open hands sees them (no dealt hands: they lie open)."""

    def __init__(self, match: Match, deal: int) -> None:
        self.match = match
        starts = [i for i, e in enumerate(match.events) if e.kind == ev.DEAL_START and e.deal_index == deal]
        self.read = starts[0] if starts else len(match.events)
        self.events: list[Event] = []
        self.ended = False

    def update(self) -> tuple[Event, ...]:
        for event in self.match.events[self.read:]:
            if self.ended:
                break
            if _shown(event):
                self.events.append(event)
            self.ended = event.kind == ev.DEAL_END
        self.read = len(self.match.events)
        return tuple(self.events)


def _shown(event: Event) -> bool:
    if event.kind == ev.DEAL:
        return False
    if event.kind in ev.TRANSFERS:   # the giver's private copy: it names the cards
        return event.private_to is not None and event.private_to == event.seat
    return event.private_to is None


def _frame(match: Match, game: Game | None, log: tuple[Event, ...], step: int, to_act: int | None,
           action: str | None) -> Frame:
    """The position: from the deal's game once play has begun (also after it ended), else from the match."""
    observer = to_act if to_act is not None else 0
    view = game.view(observer) if game is not None else match.view(observer)
    hands = tuple(tuple(game.hand_cards(s) if game is not None else match.hand_cards(s)) for s in SEATS)
    return Frame(
        step=step, phase=view.phase, to_act=to_act, action=action, hands=hands, spots=_spots(view, log),
        standing=view.standing, standing_owner=view.standing_owner, finish_order=view.finish_order,
        round=sum(e.kind == ev.LEAD_TURN for e in log), log=log, totals=match.totals, opened=view.opened,
        burning=view.burning, wutou=view.wutou, revolted=view.revolted, chaos=view.chaos)


def _spots(view: SeatView, log: tuple[Event, ...]) -> tuple[Spot | None, ...]:
    spots: list[Spot | None] = [None] * len(SEATS)
    if not view.round_log:   # before the first lead the 亮3 cards lie at the leader's place
        for event in reversed(log):
            if event.kind in (ev.PLAY, ev.BURN, ev.LEAD_TURN):
                break
            if event.kind == ev.LIANG and event.seat is not None:
                spots[event.seat] = Spot("liang", event.cards, event.card_ids)
                break
    plays = [e for e in log if e.kind in (ev.PLAY, ev.BURN)]
    for seat, kind, cards in view.round_log:
        if kind in (ev.PLAY, ev.BURN):
            last = next((e for e in reversed(plays) if e.seat == seat), None)
            spots[seat] = Spot(str(kind), cards, last.card_ids if last else (), bool(last and last.gouji))
        else:
            spots[seat] = Spot(str(kind))
    return tuple(spots)
