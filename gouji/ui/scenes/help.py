"""Rules help for learners, from assets/text/rules_<lang>.txt, scrollable
under a fixed header."""

from __future__ import annotations

import pygame

from ...store.resources import read_text_asset
from ..draw import theme
from ..draw.scrollbar import Scrollbar
from ..draw.widgets import Button, ButtonBar
from ..i18n import t
from .base import Host, Scene

TEXT_WIDTH = 980   # design width of the text column
HEADER, GAP = 100, 12   # design heights: the fixed header, the space between lines


class HelpScene(Scene):
    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.scroll = 0
        self.buttons = ButtonBar()
        self.lines: list[tuple[str, int, bool]] = []   # (text, font size in pixels, heading)
        self.bar = Scrollbar(pygame.Rect(0, 0, 0, 0))
        self.refresh_language()

    def refresh_language(self) -> None:
        lang, L, fonts = self.app.settings.language, self.app.layout, self.app.fonts
        text = read_text_asset("text", f"rules_{lang}.txt")
        width = L.s(TEXT_WIDTH)
        heading, body = L.font(26), L.font(19)
        self.lines = []
        for raw in text.splitlines():
            if raw.startswith("# "):
                self.lines.append(("", L.font(12), False))
                self.lines += [(line, heading, True) for line in fonts.wrap(raw[2:], heading, width, True)]
            elif raw.strip():
                bullet = raw.startswith("- ")
                wrapped = fonts.wrap(("• " + raw[2:]) if bullet else raw, body, width - L.s(30))
                self.lines += [(("    " if bullet and i else "") + line, body, False) for i, line in enumerate(wrapped)]
        self.bar.track = pygame.Rect(L.width - L.s(22), L.s(HEADER + 10), L.s(10), L.height - L.s(HEADER + 30))
        back = pygame.Rect(L.width - L.s(190), L.s(20), L.s(160), L.s(44))
        self.buttons.set([Button(back, t("btn_back", lang), self.app.scenes.pop, key="back", size=L.font(20),
                                 hotkey=pygame.K_ESCAPE)])

    def extent(self) -> tuple[int, int]:
        """The text's height and the height shown, in window pixels."""
        L = self.app.layout
        return sum(size + L.s(GAP) for _, size, _ in self.lines), L.height - L.s(HEADER + 20)

    def handle(self, event: pygame.event.Event) -> None:
        if self.buttons.handle(event):
            return
        scrolled = self.bar.handle(event, *self.extent(), self.scroll)
        if scrolled is not None:
            self.scroll = scrolled
            return
        step = self.app.layout.s(40)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y * step)
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN, pygame.K_SPACE):
                self.scroll += step if event.key == pygame.K_DOWN else step * 10
            elif event.key in (pygame.K_UP, pygame.K_PAGEUP):
                self.scroll = max(0, self.scroll - (step if event.key == pygame.K_UP else step * 10))
            elif event.key == pygame.K_HOME:
                self.scroll = 0

    def draw(self, screen: pygame.Surface) -> None:
        lang, L, fonts = self.app.settings.language, self.app.layout, self.app.fonts
        screen.fill((22, 28, 26))
        header = L.s(HEADER)
        left = max(L.s(40), (L.width - L.s(TEXT_WIDTH)) // 2)
        gap = L.s(GAP)
        total, shown = self.extent()
        self.scroll = min(self.scroll, max(0, total - shown))
        clip = screen.get_clip()
        screen.set_clip(pygame.Rect(0, header, L.width, L.height - header))
        y = header + L.s(10) - self.scroll
        for line, size, bold in self.lines:
            if header - size < y < L.height:
                colour = theme.GOLD if bold else theme.TEXT
                screen.blit(fonts.render(line, size, colour, bold=bold), (left, y))
            y += size + gap
        screen.set_clip(clip)
        self.bar.draw(screen, total, shown, self.scroll)
        title = fonts.render(t("help_title", lang), L.font(34), theme.GOLD, bold=True)
        screen.blit(title, (left, L.s(22)))
        hint = fonts.render(t("help_scroll", lang), L.font(15), theme.TEXT_DIM)
        screen.blit(hint, (left, L.s(70)))
        pygame.draw.line(screen, theme.RIM_LIGHT, (0, header - 2), (L.width, header - 2), 1)
        self.buttons.draw(screen, fonts)
