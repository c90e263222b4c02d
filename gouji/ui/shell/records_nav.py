"""The app's ways into the records: statistics, the history list, the paste
box, reviews (from a deal code, the history or the deal just played),
copying a deal's code, and "play from here" as a practice game.

A mixin of ``App`` (kept apart so the app loop stays small); it imports the
scenes lazily, as the app does.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

import pygame

from ...engine.dealcode import DealCodeError, DealRef, decode, encode
from ...engine.match import Match
from ...review import Review, Start
from ...store.records import Seating, SharedTable
from ..model.prompts import Line, said
from ..workers.review_loader import Job, ReviewLoader

if TYPE_CHECKING:
    from ..scenes.base import Host, SceneStack
    from ..workers.recorder import Recorder
    from .notices import Notices

Choices = Sequence[Sequence[int] | None] | None


class RecordsNav:
    scenes: "SceneStack"
    notices: "Notices"
    recorder: "Recorder"
    reviews: ReviewLoader
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
        from ..scenes.stats import StatsScene
        self.scenes.push(StatsScene(self.host))

    def open_history(self) -> None:
        from ..scenes.history_list import HistoryScene
        self.scenes.push(HistoryScene(self.host))

    def open_paste(self, text: str = "") -> None:
        from ..scenes.paste import PasteScene
        self.scenes.push(PasteScene(self.host, text))

    # ----- reviews ------------------------------------------------------------------
    def open_review(self, ref: DealRef, choices: Choices = None, table: SharedTable | None = None) -> bool:
        """Start making the review of ``ref`` off the frame loop; a panel says so until it opens
        over the current screen (or a notice says why it cannot be made). ``table``: the shared
        table the deal was played at (the review names its seats as the table did)."""
        self._load_review(self.reviews.start(lambda stopped: Review(ref, choices, stop=stopped)), table=table)
        return True

    def _load_review(self, job: Job[Review], failed: Callable[[str, str], None] | None = None,
                     table: SharedTable | None = None) -> None:
        from ..scenes.loading import LoadingScene
        self.scenes.push(LoadingScene(self.host, job, lambda review: self.show_review(review, table),
                                      failed or self._review_failed))

    def show_review(self, review: Review, table: SharedTable | None = None) -> None:
        from ..scenes.review import ReviewScene
        self.scenes.push(ReviewScene(self.host, review, table=table))

    def _review_failed(self, zh: str, en: str) -> None:
        self.report("review_failed", zh if zh == en else f"{zh} / {en}", seconds=10.0)

    def settle_review(self, timeout: float = 60.0) -> None:
        """Tests and screenshot runs: finish the review being made now, if any."""
        from ..scenes.loading import LoadingScene
        top = self.scenes.top
        if isinstance(top, LoadingScene):
            top.job.wait(timeout)
            top.finish()

    def start_review(self, code: str, ref: DealRef | None = None) -> None:
        """``--review CODE`` (``ref``: the code, already decoded): its review over the title;
        with ``--screenshot`` a PNG of its first position. A code that fails: exit status 2."""
        def make(stopped: Callable[[], bool]) -> Review:
            return Review(ref if ref is not None else decode(code, stopped), stop=stopped)

        def failed(zh: str, en: str) -> None:
            self._review_failed(zh, en)
            self.exit_code = 2
        self._load_review(self.reviews.start(make), failed)
        if self.options.screenshot:
            from ..scenes.review import ReviewScene
            self.settle_review()
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
