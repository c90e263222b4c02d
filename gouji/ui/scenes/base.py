"""Scenes and the small manager that stacks them (push / pop / replace).

A scene has a lifecycle the stack drives: ``enter`` when it arrives,
``pause`` when another scene covers it, ``resume`` when it is on top again,
``leave`` when it goes. An ``overlay`` scene is drawn over the one below.

Scenes see the application only as a ``Host``, made of small role protocols:
``Services`` (what it looks like and holds), ``Navigation`` (where it goes),
``Records`` and ``Learning``; a helper that needs one role takes that role.
The shell's own types appear only as the narrow protocols the scenes use
(``SoundPlayer``, ``NoticeBoard``): the app imports the scenes, no scene
imports the app.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

import pygame

from ..draw.widgets import ButtonBar

if TYPE_CHECKING:
    from ...engine.dealcode import DealRef
    from ...engine.match import Match
    from ...engine.rules import RuleSet
    from ...review import Review, Start
    from ...store.progress import Progress
    from ...store.records import SharedTable
    from ...store.settings import Settings
    from ..draw.cardart import CardArt
    from ..draw.fonts import Fonts
    from ..model.layout import Layout
    from ..model.practice_memory import Switches
    from ..model.prompts import Line
    from ..workers.recorder import Recorder
    from ..workers.review_loader import ReviewLoader


class HostOptions(Protocol):
    """What a scene may read of the command-line options (the app's own are shell.app.Options)."""

    autoplay: bool
    quit_after_deal: bool
    speed: str | None

    @property
    def persist(self) -> bool: ...


class SoundPlayer(Protocol):
    def play(self, name: str) -> None: ...


class NoticeBoard(Protocol):
    def post(self, key: str, seconds: float = 10.0, **fields: object) -> None: ...


class Services(Protocol):
    """What the app looks like and holds: fonts, art, sound, settings, rules, the stack."""

    settings: "Settings"
    fonts: "Fonts"
    art: "CardArt"
    scenes: "SceneStack"
    settings_problem: str | None
    rules_problem: str | None
    save_problem: str | None

    @property
    def sounds(self) -> SoundPlayer: ...
    @property
    def options(self) -> HostOptions: ...
    @property
    def layout(self) -> "Layout": ...
    @property
    def anim_scale(self) -> float: ...
    @property
    def bot_delay(self) -> float: ...
    @property
    def rules(self) -> "RuleSet": ...

    def update_settings(self, **changes: object) -> None: ...
    def set_rules(self, rules: "RuleSet") -> None: ...
    def rules_note(self) -> str: ...
    def trace(self, line: str) -> None: ...


class Navigation(Protocol):
    """Where a scene can send the player."""

    def new_match(self) -> None: ...
    def continue_match(self) -> None: ...
    def can_continue(self) -> bool: ...
    def to_title(self) -> None: ...
    def open_menu(self) -> None: ...
    def open_help(self) -> None: ...
    def open_settings(self) -> None: ...
    def open_rules(self) -> None: ...
    def show_deal_summary(self, scene: "Scene") -> None: ...
    def show_match_end(self, scene: "Scene") -> None: ...
    def quit(self) -> None: ...


class Records(Protocol):
    """The history, statistics, reviews and deal codes."""

    recorder: "Recorder"
    reviews: "ReviewLoader"
    match: "Match | None"

    @property
    def notices(self) -> NoticeBoard: ...

    def open_stats(self) -> None: ...
    def open_history(self) -> None: ...
    def open_paste(self, text: str = "") -> None: ...
    def open_review(self, ref: "DealRef", choices: Sequence[Sequence[int] | None] | None = None,
                    table: "SharedTable | None" = None) -> bool: ...
    def show_review(self, review: "Review", table: "SharedTable | None" = None) -> None: ...
    def review_deal(self, index: int) -> None: ...
    def copy_deal_code(self, index: int) -> "Line": ...
    def copy_text(self, text: str) -> "Line": ...
    def play_practice(self, start: "Start", seat: int) -> None: ...


class Learning(Protocol):
    """学规则 / Learn: lessons, the quiz, the practice table and the learner's progress."""

    progress: "Progress"

    def open_learn(self) -> None: ...
    def open_lesson(self, lesson_id: str, first_step: bool = False) -> None: ...
    def open_practice(self, match: "Match | None" = None, switches: "Switches | None" = None) -> None: ...
    def lesson_finished(self, lesson_id: str) -> None: ...
    def quiz_answered(self, topic: str, correct: bool, streak: int) -> None: ...
    def screen_ready(self) -> None: ...


class Host(Services, Navigation, Records, Learning, Protocol):
    """Everything a scene may ask of the application."""


class Scene:
    """One screen. ``update`` gets dt in seconds so tests can drive time."""

    overlay = False   # drawn over the scene below it (menus, result panels)

    def __init__(self, app: Host) -> None:
        self.app = app

    # ----- lifecycle (called by SceneStack) --------------------------------
    def enter(self) -> None:
        """The scene arrived on the stack."""

    def pause(self) -> None:
        """Another scene was pushed over this one."""

    def resume(self) -> None:
        """The scene over this one went away: this one is on top again."""

    def leave(self) -> None:
        """The scene is leaving the stack for good."""

    # ----- every frame -------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> bool:
        """Advance time; True when the screen changed and must be redrawn."""
        return False

    def draw(self, screen: pygame.Surface) -> None:
        pass

    def refresh_language(self) -> None:
        """Rebuild labels after the language changed."""

    def settings_changed(self) -> None:
        """A setting changed (language, bot level, …): follow it."""
        self.refresh_language()

    def resized(self) -> None:
        """The window changed size: lay the screen out again (labels and buttons)."""
        self.refresh_language()

    # ----- what a panel over the table may ask of it ------------------------------
    def intent(self, name: str) -> None:
        """A named action from a panel over this scene (e.g. 托管 from the result panel)."""

    def autoplay_on(self) -> bool:
        return False

    def practice_on(self) -> bool:
        """This is a practice table (its result panel's New match starts another)."""
        return False

    def notice_area(self) -> pygame.Rect | None:
        """Where the app's notices may go over this scene; None: across the top."""
        return None


class ButtonScene(Scene):
    """A screen of buttons over the table or title; Esc goes back."""

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.buttons = ButtonBar()

    def handle(self, event: pygame.event.Event) -> None:
        if self.buttons.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.top is not None:
            self.top.pause()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> None:
        """Close the top scene (the bottom one stays)."""
        if len(self.scenes) > 1:
            self.scenes.pop().leave()
            self.scenes[-1].resume()

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().leave()
        self.scenes.append(scene)
        scene.enter()

    def reset(self, scene: Scene) -> None:
        while self.scenes:
            self.scenes.pop().leave()
        self.scenes.append(scene)
        scene.enter()

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: the top one and what its overlays cover."""
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].overlay:
            start -= 1
        return self.scenes[max(start, 0):]
