"""What the table shows, all derived from the Table, the director's Board and the
settings, so nothing drawn can go stale: the view, the hand and the selection,
names, the card counter, the move timer, who is thinking, the line under the felt.
TableScene inherits it; TableDrawer reads it through the TableFacts protocol."""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.view import SeatView
from ..model.board import Board, sorted_hand
from ..model.director import Director
from ..model.layout import Layout
from ..model.prompts import MOVE_SECONDS, Line, status
from ..model.viewing import badge_name, seat_name, unseen_counts
from .base import Host
from .table_driver import TableDriver

NOTE_SECONDS = 1.2   # a note about an action just taken stays at least this long


@dataclass(frozen=True)
class Note:
    """A refusal, a hint or an automatic pass: shown until the game moves on."""

    line: Line
    stamp: int          # the length of the event stream when it was said
    until: float = 0.0  # ... or at least until this time of the scene's clock


class TableState:
    """The derived facts of a table scene (a mixin: the scene owns the fields below)."""

    app: Host
    table: TableDriver
    human: int
    director: Director
    chosen: set[int]
    note: Note | None
    time: float
    log_notes: list[tuple[int, int, Line]]
    _views: tuple[int, SeatView] | None
    _unseen: tuple[int, list[int]] | None
    _turn: tuple[int, float] | None

    @property
    def layout(self) -> Layout:
        return self.app.layout

    @property
    def lang(self) -> str:
        return self.app.settings.language

    @property
    def board(self) -> Board:
        return self.director.board

    @property
    def view(self) -> SeatView:
        """The state shown: the current view, or — while a finished deal is still on
        show (its last events or its result panel) — that deal's final view."""
        stamp = len(self.table.stream)
        if self._views is None or self._views[0] != stamp:
            self._views = (stamp, self.table.view(self.human))
        live = self._views[1]
        if self.board.deal_over or self.board.deal_index < live.deal_index:
            return self.table.finished_view() or live
        return live

    @property
    def hand(self) -> tuple[int, ...]:
        """The player's cards in the order he chose in the settings (hand_sort)."""
        return sorted_hand(self.board.hand, self.app.settings.hand_sort)

    @property
    def selected(self) -> set[int]:
        return self.chosen & set(self.board.hand)

    def selected_indexes(self) -> set[int]:
        chosen = self.chosen
        return {i for i, card in enumerate(self.hand) if card in chosen}

    def seat_name(self, seat: int) -> str:
        """Name for the log: role and name (对头大张 / Zhang)."""
        return seat_name(self.human, seat, self.lang)

    def badge_name(self, seat: int) -> tuple[str, str]:
        return badge_name(self.human, seat, self.lang)

    def unseen(self) -> list[int]:
        """记牌器: per rank, cards the human has not seen (deck − hand − played so far)."""
        stamp = self.director.shown
        if self._unseen is None or self._unseen[0] != stamp:
            self._unseen = (stamp, unseen_counts(self.board, self.view.rules.deck))
        return self._unseen[1]

    def open_hands(self) -> dict[int, tuple[int, ...]]:
        """Other seats shown face up: none at a real table (practice and review show them)."""
        return {}

    def counts_always(self) -> bool:
        """Every seat's hand size is shown, not only those of 10 or fewer (a setting; practice may switch it)."""
        return self.app.settings.show_counts == "always"

    def human_turn(self) -> bool:
        return self.table.human_to_act() and self.director.idle(self.table.stream)

    def seize_turn(self) -> bool:
        """Whether the player may act now. When the engine already asks him and only
        the animations lag behind, they are finished at once: a key he presses as a
        card lands is never lost."""
        if self.table.human_to_act() and not self.table.queue and not self.director.idle(self.table.stream):
            self.director.finish(self.table.stream)
        return self.human_turn()

    def timed(self) -> bool:
        """The move timer runs at this table (the setting; Learn's tables have their own say)."""
        return self.app.settings.move_timer

    def timer_left(self) -> float | None:
        """Seconds left on the move timer, or None when it is off or not his turn."""
        if not self.timed() or not self.human_turn() or self._turn is None:
            return None
        return max(0.0, MOVE_SECONDS - (self.time - self._turn[1]))

    def seat_timer(self, seat: int) -> tuple[float, float] | None:
        """(seconds left, of how many) on the move timer at ``seat``'s badge: his own, at his turn."""
        left = self.timer_left() if seat == self.view.seat else None
        return None if left is None else (left, MOVE_SECONDS)

    def notes_for_log(self) -> list[tuple[int, Line]]:
        """This deal's notes, each at its place among the events shown."""
        return [(shown, line) for deal, shown, line in self.log_notes if deal == self.board.deal_index]

    def thinking(self, seat: int) -> bool:
        """A bot is choosing for ``seat``: a search under way, or the table is still and it is his turn."""
        table = self.table
        if table.thinking == seat:
            return True
        return (table.current_seat == seat and not table.queue and self.director.idle(table.stream)
                and not table.human_to_act() and not table.is_over)

    def line(self) -> Line | None:
        """The line under the felt: a note about the last thing done, else the state."""
        note = self.note
        if note is not None and (note.stamp == len(self.table.stream) or self.time < note.until):
            return note.line
        busy = not self.director.idle(self.table.stream)
        return status(self.view, self.seat_name, self.table.human_to_act(), self.table.autoplay, busy)

    @property
    def message(self) -> tuple[str, str] | None:
        line = self.line()
        return None if line is None else (line.zh, line.en)

    @property
    def message_is_error(self) -> bool:
        line = self.line()
        return line is not None and line.tone == "error"


__all__ = ["TableState", "Note", "NOTE_SECONDS"]
