"""The table: the event queue between the seats and the engine.

Seats (the human's UI, bots) submit actions; only the engine decides what is
legal; at most one queued action is applied per ``step``; the events each
seat may see go out. The table never waits for the UI — pacing is the UI's.

A bot that searches (``expert``) may need a second: ``think_ahead()`` or
``ask_bot()`` lets it think in a worker thread (its rollouts run in the process
pool), and ``ask_bot()`` or ``poll()`` queues its action once it is ready, so
the UI keeps drawing; ``thinking`` names the seat that is thinking;
``cancel()`` or ``close()`` drops a thought at once. The quick bots answer
within ``ask_bot`` either way.
"""

from __future__ import annotations

import random
import threading
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from .engine.errors import IllegalAction
from .engine.events import PASS, RANG, ROUND_END, Event
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
    """A bot: chooses an action from a seat's view (the ``bots`` package makes them).

    A bot with a true ``thinks`` attribute may take long: it is asked in a
    worker thread as ``choose(view, rng, cancel=event)``, and the table sets
    ``event`` to cut that one decision short."""

    def choose(self, view: SeatView, rng: random.Random) -> str: ...


# (level, seat, seed) -> a bot for that seat; the UI passes ``bots.make``.
PlayerFactory = Callable[[str, int, int], Player]
HUMAN = 0


class Thought:
    """A bot choosing in a worker thread for one turn of the table."""

    def __init__(self, seat: int, turn: int, bot: Player, view: SeatView, rng: random.Random) -> None:
        self.seat, self.turn, self.bot = seat, turn, bot
        self.action: str | None = None
        self.failed = False
        self.done = threading.Event()
        self.stop = threading.Event()   # this turn's own stop: it cannot be lost or reach a later turn
        self.thread = threading.Thread(target=self._run, args=(view, rng), name=f"gouji-bot-{seat}", daemon=True)
        self.thread.start()

    def _run(self, view: SeatView, rng: random.Random) -> None:
        try:
            self.action = self.bot.choose(view, rng, cancel=self.stop)  # type: ignore[call-arg]  # a thinking bot
        except Exception:   # a bot bug must not stop the game: the table plays a legal action instead
            self.failed = True
        finally:
            self.done.set()

    def cancel(self) -> None:
        self.stop.set()


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
        self.turn = 0                    # actions applied through this table
        self._thought: Thought | None = None
        self.set_bot_level(bot_level)
        self.rngs = {seat: random.Random(seed * 101 + seat) for seat in range(6)}
        # every event the viewer (the human, or seat 0 at an all-bot table) may see, in order
        self.viewer = human if human is not None else HUMAN
        self.stream: list[Event] = [e for e in game.events if e.visible_to(self.viewer)]

    def set_autoplay(self, on: bool) -> None:
        """托管 on or off. Off hands the seat back at once: a bot still searching
        for the human's turn is stopped (its workers go quiet; he plays himself)."""
        self.autoplay = on
        thought = self._thought
        if not on and thought is not None and thought.seat == self.human:
            self.cancel()

    def set_bot_level(self, level: str) -> None:
        """Every bot (and 托管 for the human) plays at ``level`` from the next decision on."""
        self.cancel()
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

    def _not_your_turn(self, seat: int) -> IllegalAction:
        """A player who passed in this round is told why he waits (§3.2), not only that he does."""
        if self.is_over:
            return IllegalAction("牌局已经结束了", "the game is over")
        view = self.view(seat)
        if seat not in view.passed:
            return IllegalAction("还没轮到你", "it is not your turn")
        if view.chaos and view.rules.chaos_dagang:   # §3.9: no lockout in 四人乱缠
            return IllegalAction("还没轮到你（四人乱缠：过牌后有人再出牌还会轮到你）",
                                 "not your turn yet (四人乱缠: after a pass you get another turn once someone plays)")
        gouji_only = view.rules.pass_exception == "opposite_gouji_only"
        why_zh, why_en = ("你这一轮已经过牌了", "you passed in this round")
        if _yielded_last(view.history, seat):
            why_zh = "你让过牌，后面有人出了牌，算你过牌"
            why_en = "your 让 counts as a pass now that someone played"
        return IllegalAction(f"{why_zh}：要等下一轮（对头出{'够级' * gouji_only}牌时除外）",
                             f"{why_en}: wait for the next round (unless your 对头 plays"
                             f"{' a 够级' * gouji_only})")

    def submit(self, seat: int, action: str,
               cards: tuple[int, ...] | None = None) -> IllegalAction | None:
        """Queue an action; a refusal comes back with its reason and nothing is queued."""
        if seat != self.current_seat:
            return self._not_your_turn(seat)
        if self.queue:
            return IllegalAction("上一个动作还在处理", "the previous action is still being handled")
        refusal = self.game.check(action, cards)
        if refusal is None:
            if self._thought is not None and self._thought.seat == seat:
                self.cancel()   # the player acted himself while 托管 was still thinking
            self.queue.append(Submitted(seat, action, cards))
        return refusal

    @property
    def thinking(self) -> int | None:
        """The seat whose bot is thinking in the background right now, if any."""
        thought = self._thought
        return thought.seat if thought is not None and not thought.done.is_set() else None

    def ask_bot(self, wait: bool = False) -> bool:
        """Let the bot of the seat to act choose (also the human's seat under 托管).

        A searching bot starts thinking in a worker and this returns at once;
        call again (or ``poll()``) each frame and its action is queued when it
        is ready. ``wait=True`` answers now instead (a thought already under way
        is waited for). Quick bots answer at once either way. True when an
        action was queued."""
        seat = self.current_seat
        if seat is None or self.queue or self.is_over:
            return False
        thought = self._thought
        if thought is not None and (thought.seat, thought.turn) != (seat, self.turn):
            self.cancel()
            thought = None
        bot = self.bots[seat]
        if thought is None:
            if wait or not getattr(bot, "thinks", False):
                self._queue_choice(seat, self._choose(bot, seat))
                return True
            self.think_ahead()
            return False
        if wait:
            thought.done.wait()
        return self.poll()

    def think_ahead(self) -> None:
        """Start the searching bot of the seat to act thinking now, so that its
        thinking overlaps the pacing delay; ``ask_bot()`` later queues its action.
        Quick bots, and the human's own turn, are left alone."""
        seat = self.current_seat
        if seat is None or self.queue or self.is_over or self.human_to_act():
            return
        thought = self._thought
        if thought is not None and (thought.seat, thought.turn) == (seat, self.turn):
            return
        self.cancel()
        bot = self.bots[seat]
        if getattr(bot, "thinks", False):
            self._thought = Thought(seat, self.turn, bot, self.game.view(seat), self.rngs[seat])

    def thought_done(self, timeout: float | None = None) -> bool:
        """Wait up to ``timeout`` seconds for the thought under way to finish
        (tests and headless tools); True when none is left running."""
        thought = self._thought
        return thought is None or thought.done.wait(timeout)

    def poll(self) -> bool:
        """Queue the action of a finished thought; True when one was queued."""
        thought = self._thought
        if thought is None or not thought.done.is_set():
            return False
        self._thought = None
        if (thought.seat, thought.turn) != (self.current_seat, self.turn) or self.queue:
            return False
        self._queue_choice(thought.seat, None if thought.failed else thought.action)
        return True

    def cancel(self) -> None:
        """Drop the thought under way, if any (its bot is told to stop)."""
        thought, self._thought = self._thought, None
        if thought is not None:
            thought.cancel()

    def close(self) -> None:
        """The table is being dropped (back to the menu, quitting): stop thinking."""
        self.cancel()

    def __del__(self) -> None:
        try:
            self.cancel()   # a table dropped without close(): its thought need not run on
        except Exception:
            pass

    def _choose(self, bot: Player, seat: int) -> str | None:
        try:
            return bot.choose(self.game.view(seat), self.rngs[seat])
        except Exception:
            if not getattr(bot, "thinks", False):
                raise   # the quick bots have no excuse: let tests see it
            return None

    def _queue_choice(self, seat: int, action: str | None) -> None:
        if action is None or self.submit(seat, action) is not None:  # a bot bug must not stop the game
            self.submit(seat, self.rngs[seat].choice(self.game.legal_actions()))

    def step(self) -> list[Event]:
        """Apply at most one queued action; returns the events the human may see."""
        if not self.queue:
            return []
        item = self.queue.popleft()
        if item.seat != self.current_seat:
            return []
        events = self.game.apply(item.action, item.cards)
        self.turn += 1
        if self.on_applied is not None:
            self.on_applied(item)
        visible = [e for e in events if e.visible_to(self.viewer)]
        self.stream.extend(visible)
        return visible


def _yielded_last(history: Sequence[Event], seat: int) -> bool:
    """Whether the seat's last word in this round was 让 (§3.6: it became a pass once someone played)."""
    for event in reversed(history):
        if event.kind == ROUND_END:
            return False
        if event.seat == seat and event.kind in (PASS, RANG):
            return event.kind == RANG
    return False
