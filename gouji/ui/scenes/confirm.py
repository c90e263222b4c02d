"""A question over the screen that needs a clear yes: Y (or its button)
does it; N, Esc or Enter (the key a player presses without reading) leaves
everything as it was."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..draw import theme
from ..draw.widgets import Button, ButtonBar
from ..i18n import t
from .base import Host, Scene

BOX = (340, 280, 600, 240)


class ConfirmScene(Scene):
    overlay = True

    def __init__(self, app: Host, question: str, yes_label: str, on_yes: Callable[[], None]) -> None:
        super().__init__(app)
        self.question, self.yes_label, self.on_yes = question, yes_label, on_yes   # i18n keys, action
        self.buttons = ButtonBar()
        self.refresh_language()

    def refresh_language(self) -> None:
        L, lang = self.app.layout, self.app.settings.language
        x, y, w, h = BOX
        self.buttons.set([
            Button(pygame.Rect(L.box(x + 60, y + h - 70, 220, 46)), t(self.yes_label, lang), self.yes, key="yes",
                   size=L.font(18), hotkey=pygame.K_y),
            Button(pygame.Rect(L.box(x + w - 280, y + h - 70, 220, 46)), t("confirm_no", lang), self.app.scenes.pop,
                   key="no", size=L.font(18), hotkey=pygame.K_n)])

    def yes(self) -> None:
        self.app.scenes.pop()
        self.on_yes()

    def handle(self, event: pygame.event.Event) -> None:
        if self.buttons.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.app.scenes.pop()

    def draw(self, screen: pygame.Surface) -> None:
        L, fonts, lang = self.app.layout, self.app.fonts, self.app.settings.language
        panel = pygame.Rect(L.box(*BOX))
        theme.dialog(screen, panel, L.s(16), (30, 16, 14, 245), theme.WARN, veil=150)
        for i, line in enumerate(fonts.lines(t(self.question, lang), L.font(20), panel.width - L.s(60), 4)):
            text = fonts.render(line, L.font(20), theme.TEXT, bold=i == 0)
            screen.blit(text, (panel.x + L.s(30), panel.y + L.s(28) + i * L.s(30)))
        self.buttons.draw(screen, fonts)


__all__ = ["ConfirmScene"]
