"""The table: the event queue between the seats and the engine.

Seats (the human's UI, bots) submit actions; only the engine decides what is
legal; at most one queued action is applied per ``step``; the events each
seat may see go out. The table never waits for the UI — pacing is the UI's.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from .engine.errors import IllegalAction
from .engine.events import Event
from .engine.match import Match
from .engine.view import SeatView


class Session(Protocol):
    """A Game or a Match: whatever the table drives."""

    @property
    def current_seat(self) -> int | None: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def events(self) -> list[Event]: ...
    def legal_actions(self) -> list[str]: ...
    def view(self, seat: int) -> SeatView: ...
    def check(self, action: str, cards: Sequence[int] | None = None) -> IllegalAction | None: ...
    def apply(self, action: str, cards: Sequence[int] | None = None) -> list[Event]: ...

class Player(Protocol):
    """A bot: chooses an action from a seat's view (the ``bots`` package makes them)."""

    def choose(self, view: SeatView, rng: random.Random) -> str: ...


# (level, seat, seed) -> a bot for that seat; the UI passes ``bots.make``.
PlayerFactory = Callable[[str, int, int], Player]
HUMAN = 0


@dataclass(frozen=True)
class Submitted:
    seat: int
    action: str
    cards: tuple[int, ...] | None = None  # the physical cards the player picked


class Table:
    def __init__(self, game: Session, make_bot: PlayerFactory, human: int | None = HUMAN,
                 bot_level: str = "normal", seed: int = 0,
                 on_applied: Callable[[Submitted], None] | None = None, practice: bool = False) -> None:
        self.game = game
        self.practice = practice  # a practice match: never saved, counted in no statistics
        self.make_bot = make_bot
        self.on_applied = on_applied
        self.human = human
        self.queue: deque[Submitted] = deque()
        self.autoplay = human is None  # 托管: a bot plays the human's seat
        self.seed = seed
        self.set_bot_level(bot_level)
        self.rngs = {seat: random.Random(seed * 101 + seat) for seat in range(6)}
        # every event the viewer (the human, or seat 0 at an all-bot table) may see, in order
        self.viewer = human if human is not None else HUMAN
        self.stream: list[Event] = [e for e in game.events if e.visible_to(self.viewer)]

    def set_bot_level(self, level: str) -> None:
        """Every bot (and 托管 for the human) plays at ``level`` from the next decision on."""
        self.bot_level = level
        self.bots = {seat: self.make_bot(level, seat, self.seed) for seat in range(6)}

    @property
    def current_seat(self) -> int | None:
        return self.game.current_seat

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    def view(self, seat: int | None = None) -> SeatView:
        seat = self.human if seat is None else seat
        if seat is None:
            raise ValueError("a table without a human seat needs a seat for its view")
        return self.game.view(seat)

    def finished_view(self) -> SeatView | None:
        """The last finished deal of a match as the viewer saw it at its end."""
        return self.game.finished_view(self.viewer) if isinstance(self.game, Match) else None

    def human_to_act(self) -> bool:
        return (not self.is_over and self.human is not None and not self.autoplay
                and self.current_seat == self.human)

    def bot_to_act(self) -> bool:
        return not self.is_over and not self.human_to_act() and not self.queue

    def submit(self, seat: int, action: str,
               cards: tuple[int, ...] | None = None) -> IllegalAction | None:
        """Queue an action; a refusal comes back with its reason and nothing is queued."""
        if seat != self.current_seat:
            return IllegalAction("还没轮到你", "it is not your turn")
        if self.queue:
            return IllegalAction("上一个动作还在处理", "the previous action is still being handled")
        refusal = self.game.check(action, cards)
        if refusal is None:
            self.queue.append(Submitted(seat, action, cards))
        return refusal

    def ask_bot(self) -> None:
        """Let the bot of the seat to act choose (also the human's seat under 托管)."""
        seat = self.current_seat
        if seat is None or self.queue:
            return
        action = self.bots[seat].choose(self.game.view(seat), self.rngs[seat])
        refusal = self.submit(seat, action)
        if refusal is not None:  # a bot bug must not stop the game
            self.submit(seat, self.rngs[seat].choice(self.game.legal_actions()))

    def step(self) -> list[Event]:
        """Apply at most one queued action; returns the events the human may see."""
        if not self.queue:
            return []
        item = self.queue.popleft()
        if item.seat != self.current_seat:
            return []
        events = self.game.apply(item.action, item.cards)
        if self.on_applied is not None:
            self.on_applied(item)
        visible = [e for e in events if e.visible_to(self.viewer)]
        self.stream.extend(visible)
        return visible
