"""学规则 / Learn for the application: the Learn menu, lessons, the practice
table and the player's Learn progress (saved like his other files)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ...engine.match import Match
from ...store.progress import Progress, save_progress
from ..scenes.base import Host

if TYPE_CHECKING:
    from ...table import Table
    from ..model.practice_memory import Switches
    from ..scenes.base import Scene
    from .notices import Notices


class _App(Host, Protocol):
    """What the Learn part uses of the App: the scenes' Host and a few of its own parts."""

    notices: "Notices"
    deal_seed: int

    def _written(self, key: str, problem: str | None) -> None: ...
    def _record_progress(self, progress: Progress) -> None: ...
    def _table_for(self, match: Match, practice: bool = False) -> "Table": ...
    def _sit_down(self, table: "Table", scene: "Scene") -> None: ...


class LearnMixin:
    def open_learn(self: _App) -> None:
        """The Learn menu, over the title screen."""
        from ..scenes.learn_menu import LearnScene
        self.to_title()
        self.scenes.push(LearnScene(self))

    def open_lesson(self: _App, lesson_id: str, first_step: bool = False) -> None:
        """A lesson's first page (or its first step on the table), over the Learn menu."""
        from ..scenes.learn_menu import LearnScene
        self.open_learn()
        learn = self.scenes.top
        if isinstance(learn, LearnScene) and not learn.open_lesson(lesson_id, first_step):
            self.notices.post("lesson_unknown", 10.0, id=lesson_id)

    def open_practice(self: _App, match: Match | None = None, switches: "Switches | None" = None) -> None:
        """A practice match (new with the current rules, or one replayed to an earlier decision)."""
        from ..scenes.practice import PracticeScene
        if match is None:
            match = Match.new(self.deal_seed, self.rules)
            self.deal_seed += 1
        table = self._table_for(match, practice=True)
        self._sit_down(table, PracticeScene(self, table, switches))

    def lesson_finished(self: _App, lesson_id: str) -> None:
        self._record_progress(self.progress.with_lesson(lesson_id))

    def quiz_answered(self: _App, topic: str, correct: bool, streak: int) -> None:
        self._record_progress(self.progress.with_answer(topic, correct, streak))

    def _record_progress(self: _App, progress: Progress) -> None:
        self.progress = progress
        if self.options.persist:
            self._written("progress_save_failed", save_progress(progress))
