"""The deal's result: places, points, team totals; next deal or title."""

from __future__ import annotations

import pygame

from ..game import Game
from ..scoring import is_chuan_san_hu, raw_team_points, score_deal
from ..seats import team
from . import layout, theme
from .i18n import t
from .scene import Scene
from .widgets import Button, ButtonBar


class ResultScene(Scene):
    overlay = True

    def __init__(self, app, game: Game, overlay_of: Scene | None = None) -> None:
        super().__init__(app)
        self.game = game
        self.under = overlay_of
        self.buttons = ButtonBar()
        self.refresh_language()

    def refresh_language(self) -> None:
        lang = self.app.settings.language
        y = 640
        next_rect = pygame.Rect(0, 0, 200, 48)
        next_rect.center = (layout.WIDTH // 2 - 115, y)
        title_rect = pygame.Rect(0, 0, 200, 48)
        title_rect.center = (layout.WIDTH // 2 + 115, y)
        self.buttons.set([Button(next_rect, t("btn_next_deal", lang), self.app.next_deal, key="next"),
                          Button(title_rect, t("btn_title", lang), self.app.to_title, key="title")])

    def handle(self, event: pygame.event.Event) -> None:
        if self.buttons.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE):
            self.app.next_deal()

    def draw(self, screen: pygame.Surface) -> None:
        fonts, lang = self.app.fonts, self.app.settings.language
        shade = pygame.Surface((layout.WIDTH, layout.HEIGHT), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 120))
        screen.blit(shade, (0, 0))
        box = pygame.Rect(0, 0, 560, 560)
        box.center = (layout.WIDTH // 2, 380)
        screen.blit(theme.panel(box.size, (16, 18, 22, 235), 16), box)
        pygame.draw.rect(screen, theme.GOLD, box, 2, border_radius=16)
        title = fonts.render(t("result_title", lang), 30, theme.GOLD, bold=True)
        screen.blit(title, title.get_rect(center=(box.centerx, box.top + 38)))
        places = self.game.places
        points = self.game.rules.place_points
        for i, seat in enumerate(places):
            y = box.top + 88 + i * 40
            colour = theme.TEAM_OURS if team(seat) == 0 else theme.TEAM_THEIRS
            name = t("you", lang) if seat == 0 else \
                t("log_name", lang, role=t(f"role_{seat}", lang), name=t(f"name_{seat}", lang))
            for x, text, c in ((box.left + 40, t(f"place_{i}", lang), theme.TEXT),
                               (box.left + 170, name, colour),
                               (box.right - 90, f"{points[i]:+d}", theme.TEXT)):
                screen.blit(fonts.render(text, 21, c, bold=x == box.left + 40), (x, y))
        self._draw_totals(screen, box, places)
        self.buttons.draw(screen, fonts)

    def _draw_totals(self, screen: pygame.Surface, box: pygame.Rect, places: list[int]) -> None:
        fonts, lang = self.app.fonts, self.app.settings.language
        raw = raw_team_points(places, self.game.rules)
        recorded = score_deal(places, self.game.rules)
        y = box.top + 350
        for side, key in ((0, "team_even"), (1, "team_odd")):
            text = t("result_team", lang, team=t(key, lang), points=f"{raw[side]:+d} → {recorded[side]}")
            colour = theme.TEAM_OURS if side == 0 else theme.TEAM_THEIRS
            screen.blit(fonts.render(text, 21, colour, bold=True), (box.left + 40, y + side * 34))
        note = fonts.render(t("result_recorded", lang), 15, theme.TEXT_DIM)
        screen.blit(note, (box.left + 40, y + 72))
        verdict = "you_win" if raw[0] > raw[1] else "you_lose" if raw[1] > raw[0] else "draw"
        line = t(verdict, lang) + ("  " + t("chuan_san_hu", lang) if is_chuan_san_hu(places) else "")
        surface = fonts.render(line, 24, theme.GOLD, bold=True)
        screen.blit(surface, surface.get_rect(center=(box.centerx, y + 122)))
