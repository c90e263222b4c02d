"""What the table's drawing reads from its scene: the live table, a review, a
lesson and the practice table each provide these facts."""

from __future__ import annotations

from typing import Protocol

from ...engine.view import SeatView
from ...store.settings import Settings
from ..model.board import Board
from ..model.director import Director
from ..model.layout import Layout
from ..model.prompts import Line
from .cardart import CardArt
from .fonts import Fonts
from .widgets import ButtonBar


class Look(Protocol):
    """What drawing reads of the application: its fonts, card art and settings."""

    @property
    def fonts(self) -> Fonts: ...
    @property
    def art(self) -> CardArt: ...
    @property
    def settings(self) -> Settings: ...


class TableFacts(Protocol):
    """What the drawing reads from the table scene."""

    @property
    def app(self) -> Look: ...
    director: Director
    buttons: ButtonBar
    focus: int

    @property
    def layout(self) -> Layout: ...
    @property
    def view(self) -> SeatView: ...
    @property
    def board(self) -> Board: ...
    @property
    def hand(self) -> tuple[int, ...]:
        """The viewer's cards in the order drawn (the player's sort setting)."""
        ...
    @property
    def lang(self) -> str: ...
    def seat_name(self, seat: int) -> str: ...
    def badge_name(self, seat: int) -> tuple[str, str]: ...
    def unseen(self) -> list[int]: ...
    def human_turn(self) -> bool: ...
    def returnable_ranks(self) -> set[int]: ...
    def selected_indexes(self) -> set[int]: ...
    def line(self) -> Line | None: ...
    def thinking(self, seat: int) -> bool: ...
    def seat_timer(self, seat: int) -> tuple[float, float] | None:
        """(seconds left, of how many) on the move timer of ``seat``, or None when none runs for it."""
        ...
    def notes_for_log(self) -> list[tuple[int, Line]]: ...
    def autoplay_overlay(self) -> bool: ...
    @property
    def time(self) -> float: ...
    def open_hands(self) -> dict[int, tuple[int, ...]]:
        """Other seats whose cards are shown face up (practice, review, lessons): seat -> cards."""
        ...
    def counts_always(self) -> bool:
        """Every seat's hand size is shown (else only those of 10 or fewer)."""
        ...


class Painter:
    """A part of the table's picture: it reads the scene's facts, and draws with
    the app's fonts and card art at the scene's layout."""

    def __init__(self, scene: TableFacts) -> None:
        self.scene = scene

    @property
    def fonts(self) -> Fonts:
        return self.scene.app.fonts

    @property
    def art(self) -> CardArt:
        return self.scene.app.art

    @property
    def L(self) -> Layout:
        return self.scene.layout
