"""Scenes and the small manager that stacks them (push / pop / replace)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..widgets import ButtonBar

if TYPE_CHECKING:
    from ..app import App


class Scene:
    """One screen. ``update`` gets dt in seconds so tests can drive time."""

    def __init__(self, app: "App") -> None:
        self.app = app

    def handle(self, event: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> bool:
        """Advance time; True when the screen changed and must be redrawn."""
        return False

    def draw(self, screen: pygame.Surface) -> None:
        pass

    def refresh_language(self) -> None:
        """Rebuild labels after the language changed."""


class ButtonScene(Scene):
    """A screen of buttons over the table or title; Esc goes back."""

    def __init__(self, app: "App") -> None:
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
        self.scenes.append(scene)

    def pop(self) -> None:
        if len(self.scenes) > 1:
            self.scenes.pop()

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop()
        self.scenes.append(scene)

    def reset(self, scene: Scene) -> None:
        self.scenes = [scene]
