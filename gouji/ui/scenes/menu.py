"""In-game menu over the table: resume, rules help, settings, title screen."""

from __future__ import annotations

import pygame

from ..draw import theme
from ..draw.widgets import column
from ..i18n import t
from .base import ButtonScene, Host, Scene

HOTKEYS = {"resume": pygame.K_ESCAPE, "help": pygame.K_h, "settings": pygame.K_s, "title": pygame.K_m,
           "quit": pygame.K_q}


class MenuScene(ButtonScene):
    overlay = True

    def __init__(self, app: Host, under: Scene | None) -> None:
        super().__init__(app)
        self.under = under
        self.refresh_language()

    def refresh_language(self) -> None:
        lang = self.app.settings.language
        entries = [("resume", t("btn_back", lang)), ("help", t("rules_help", lang)),
                   ("settings", t("settings", lang)), ("title", t("btn_title", lang)),
                   ("quit", t("quit", lang))]
        actions = {"resume": self.app.scenes.pop, "help": self.app.open_help, "settings": self.app.open_settings,
                   "title": self.app.to_title, "quit": self.app.quit}
        self.buttons.set(column(self.app.layout, entries, actions, 260, hotkeys=HOTKEYS))

    def draw(self, screen: pygame.Surface) -> None:
        L = self.app.layout
        theme.shade(screen, 150)
        box = pygame.Rect(L.box(450, 190, 380, 380))
        screen.blit(theme.panel(box.size, (16, 18, 22, 230), L.s(16)), box)
        self.buttons.draw(screen, self.app.fonts)
