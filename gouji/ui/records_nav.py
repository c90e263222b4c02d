"""The app's ways into the records: statistics, the history list, the paste
box, reviews (from a deal code, the history or the deal just played),
copying a deal's code, and "play from here" as a practice game.

A mixin of ``App`` (kept apart so the app loop stays small); it imports the
scenes lazily, as the app does.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

import pygame

from ..engine.dealcode import DealCodeError, DealRef, decode, encode
from ..engine.match import Match
from ..review import Review, Start
from ..store.records import Seating
from .prompts import Line, said

if TYPE_CHECKING:
    from .notices import Notices
    from .recorder import Recorder
    from .scenes.base import Host, SceneStack

Choices = Sequence[Sequence[int] | None] | None


class RecordsNav:
    scenes: "SceneStack"
    notices: "Notices"
    recorder: "Recorder"
    match: Match | None
    seating: Seating

    @property
    def host(self) -> "Host":
        """This app as the scenes see it."""
        return cast("Host", self)

    options: Any
    exit_code: int
    running: bool

    def report(self, key: str, why: str, seconds: float = 20.0) -> None: ...
    def draw(self) -> None: ...
    def write_screenshot(self) -> None: ...
    def play_match(self, match: Match, human: int = 0, practice: bool = False, start: int = 0,
                   resumed: bool = False) -> None: ...

    # ----- screens ----------------------------------------------------------------
    def open_stats(self) -> None:
        from .scenes.stats import StatsScene
        self.scenes.push(StatsScene(self.host))

    def open_history(self) -> None:
        from .scenes.history_list import HistoryScene
        self.scenes.push(HistoryScene(self.host))

    def open_paste(self, text: str = "") -> None:
        from .scenes.paste import PasteScene
        self.scenes.push(PasteScene(self.host, text))

    # ----- reviews ------------------------------------------------------------------
    def open_review(self, ref: DealRef, choices: Choices = None) -> bool:
        """The review of ``ref`` over the current screen; False (and a notice) if it cannot be made."""
        from .scenes.review import ReviewScene
        try:
            review = Review(ref, choices)
        except ValueError as exc:   # DealCodeError, IllegalAction: a record that does not replay
            why = f"{exc.zh} / {exc.en}" if isinstance(exc, DealCodeError) else str(exc)
            self.report("review_failed", why, seconds=10.0)
            return False
        self.scenes.push(ReviewScene(self.host, review))
        return True

    def open_review_code(self, code: str) -> str | None:
        """The review of a pasted code; the reason (zh / en) if the code is refused."""
        try:
            ref = decode(code)
        except DealCodeError as exc:
            return f"{exc.zh}\n{exc.en}"
        self.open_review(ref)
        return None

    def start_review(self, code: str) -> None:
        """``--review CODE``: its review over the title; with ``--screenshot`` a PNG of its first position."""
        problem = self.open_review_code(code)
        if problem is not None:
            self.report("review_failed", problem.replace("\n", " / "))
            self.exit_code = 2
        if self.options.screenshot:
            from .scenes.review import ReviewScene
            if isinstance(self.scenes.top, ReviewScene):
                self.scenes.top.analyser.wait()   # the picture shows the analysis' summary
            self.draw()
            self.write_screenshot()
            self.running = False

    def deal_of_match(self, index: int) -> tuple[DealRef, list] | None:
        """Deal ``index`` of the match being played (ended), with the cards the players picked."""
        match = self.match
        if match is None or not 0 <= index < len(match.results):
            return None
        end = match.results[index].end_action
        human = self.seating.human
        return (DealRef(match.rules, match.seed, tuple(match.actions[:end]), index, human),
                list(match.card_choices[:end]))

    def review_deal(self, index: int) -> None:
        found = self.deal_of_match(index)
        if found is not None:
            self.open_review(*found)

    def copy_deal_code(self, index: int) -> Line:
        found = self.deal_of_match(index)
        if found is None:
            return said("code_none", "error")
        try:
            return self.copy_text(encode(found[0]))
        except DealCodeError as exc:
            return Line(exc.zh, exc.en, "error")

    def copy_text(self, text: str) -> Line:
        """Onto the system clipboard; what to tell the player."""
        try:
            pygame.scrap.put_text(text)
        except pygame.error as exc:
            print(f"gouji: the clipboard could not be used: {exc}\n{text}", file=sys.stderr)
            return said("copy_failed", "error", why=str(exc))
        return said("copied", "done", code=text if len(text) <= 40 else text[:37] + "…")

    def play_practice(self, start: Start, seat: int) -> None:
        """Play on from a review's position as practice (not saved, not counted in the statistics)."""
        try:
            match = start.match()
        except ValueError as exc:
            self.report("review_failed", str(exc), seconds=10.0)
            return
        self.play_match(match, human=seat, practice=True, start=len(start.actions))
        self.notices.post("practice_started", 6.0)


__all__ = ["RecordsNav"]
