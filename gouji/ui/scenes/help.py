"""Rules help for learners, from assets/text/rules_<lang>.txt, scrollable."""

from __future__ import annotations

import pygame

from ...store.resources import read_text_asset
from .. import layout, theme
from ..i18n import t
from .base import Scene
from ..widgets import Button, ButtonBar

WIDTH = 900


class HelpScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.scroll = 0
        self.buttons = ButtonBar()
        self.lines: list[tuple[str, int, bool]] = []
        self.refresh_language()

    def refresh_language(self) -> None:
        lang = self.app.settings.language
        text = read_text_asset("text", f"rules_{lang}.txt")
        self.lines = []
        for raw in text.splitlines():
            if raw.startswith("# "):
                self.lines.append(("", 12, False))
                self.lines += [(line, 26, True) for line in self.app.fonts.wrap(raw[2:], 26, WIDTH, True)]
            elif raw.strip():
                indent = "    " if raw.startswith("- ") else ""
                body = ("• " + raw[2:]) if raw.startswith("- ") else raw
                wrapped = self.app.fonts.wrap(body, 19, WIDTH - 30)
                self.lines += [((indent if i else indent) + line, 19, False) for i, line in enumerate(wrapped)]
        back = pygame.Rect(layout.WIDTH - 180, 20, 150, 44)
        self.buttons.set([Button(back, t("btn_back", lang), self.app.scenes.pop, key="back")])

    def handle(self, event: pygame.event.Event) -> None:
        if self.buttons.handle(event):
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y * 40)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.scenes.pop()
            elif event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
                self.scroll += 40 if event.key == pygame.K_DOWN else 400
            elif event.key in (pygame.K_UP, pygame.K_PAGEUP):
                self.scroll = max(0, self.scroll - (40 if event.key == pygame.K_UP else 400))

    def draw(self, screen: pygame.Surface) -> None:
        lang = self.app.settings.language
        screen.fill((22, 28, 26))
        title = self.app.fonts.render(t("help_title", lang), 34, theme.GOLD, bold=True)
        screen.blit(title, (80, 22))
        hint = self.app.fonts.render(t("help_scroll", lang), 15, theme.TEXT_DIM)
        screen.blit(hint, (80, 70))
        total = sum(size + 12 for _, size, _ in self.lines)
        self.scroll = min(self.scroll, max(0, total - 640))
        y = 110 - self.scroll
        clip = screen.get_clip()
        screen.set_clip(pygame.Rect(0, 100, layout.WIDTH, layout.HEIGHT - 100))
        for line, size, bold in self.lines:
            if 60 < y < layout.HEIGHT:
                colour = theme.GOLD if bold else theme.TEXT
                screen.blit(self.app.fonts.render(line, size, colour, bold=bold), (110, y))
            y += size + 12
        screen.set_clip(clip)
        self.buttons.draw(screen, self.app.fonts)
