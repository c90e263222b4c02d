"""Between deals: the deal's places and points, what is owed next deal, the
series scoreboard — and, after the last deal, the match's end."""

from __future__ import annotations

import pygame

from ...engine.scoring import is_chuan_san_hu, raw_team_points
from ...engine.seats import team
from ...engine.tribute import KIND_NAMES, DealResult, obligations
from .. import layout, theme
from ..i18n import t
from .base import Scene
from ..widgets import Button, ButtonBar


def seat_label(seat: int, lang: str) -> str:
    if seat == 0:
        return t("you", lang)
    return t("log_name", lang, role=t(f"role_{seat}", lang), name=t(f"name_{seat}", lang))


class ResultScene(Scene):
    """The summary of ``results[-1]`` over the table; ``final`` after the last deal."""

    overlay = True

    def __init__(self, app, results: list[DealResult], rules, under: Scene | None = None,
                 final: bool = False) -> None:
        super().__init__(app)
        self.results, self.rules, self.under, self.final = results, rules, under, final
        self.waited = 0.0
        self.buttons = ButtonBar()
        self.refresh_language()

    def refresh_language(self) -> None:
        lang = self.app.settings.language
        first = pygame.Rect(0, 0, 210, 46)
        first.center = (layout.WIDTH // 2 - 120, 728)
        second = pygame.Rect(0, 0, 210, 46)
        second.center = (layout.WIDTH // 2 + 120, 728)
        if self.final:
            buttons = [Button(first, t("btn_new_match", lang), self.app.new_match, key="new"),
                       Button(second, t("btn_title", lang), self.app.to_title, key="title")]
        else:
            buttons = [Button(first, t("btn_next_deal", lang), self.close, key="next"),
                       Button(second, t("btn_title", lang), self.app.to_title, key="title")]
        self.buttons.set(buttons)

    def close(self) -> None:
        """Back to the table, which resumes with the next deal."""
        self.app.scenes.pop()

    def handle(self, event: pygame.event.Event) -> None:
        if self.buttons.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE):
            self.buttons.buttons[0].on_click()

    def update(self, dt: float) -> bool:
        self.waited += dt
        if self.app.options.autoplay and not self.final and self.waited >= 1.5 * self.app.anim_scale:
            self.close()  # a bot plays the human's seat: move on by itself
        return False

    def draw(self, screen: pygame.Surface) -> None:
        fonts, lang = self.app.fonts, self.app.settings.language
        theme.shade(screen, 130)
        box = pygame.Rect(0, 0, 940, 690)
        box.center = (layout.WIDTH // 2, 390)
        screen.blit(theme.panel(box.size, (16, 18, 22, 238), 16), box)
        pygame.draw.rect(screen, theme.GOLD, box, 2, border_radius=16)
        title = t("match_over_title" if self.final else "result_title", lang)
        head = fonts.render(title, 30, theme.GOLD, bold=True)
        screen.blit(head, head.get_rect(center=(box.centerx, box.top + 34)))
        result = self.results[-1]
        self._draw_places(screen, box, result)
        self._draw_series(screen, box)
        self._draw_owed(screen, box, result)
        self.buttons.draw(screen, fonts)

    def _draw_places(self, screen, box: pygame.Rect, result: DealResult) -> None:
        fonts, lang = self.app.fonts, self.app.settings.language
        points = self.rules.place_points
        for i, seat in enumerate(result.places):
            y = box.top + 76 + i * 36
            colour = theme.TEAM_OURS if team(seat) == 0 else theme.TEAM_THEIRS
            for x, text, c, bold in ((box.left + 36, t(f"place_{i}", lang), theme.TEXT, True),
                                     (box.left + 130, seat_label(seat, lang), colour, False),
                                     (box.left + 330, f"{points[i]:+d}", theme.TEXT, False)):
                screen.blit(fonts.render(text, 20, c, bold=bold), (x, y))
            if self.rules.kai_dian:
                key = "state_opened" if result.opened[seat] else "state_not_opened"
                mark = fonts.render(t(key, lang), 16, theme.TEXT_DIM if result.opened[seat] else theme.WARN)
                screen.blit(mark, (box.left + 390, y + 3))
        raw = raw_team_points(result.places, self.rules)
        y = box.top + 300
        for side, key in ((0, "team_even"), (1, "team_odd")):
            text = t("result_team", lang, team=t(key, lang), points=f"{raw[side]:+d} → {result.score[side]}")
            colour = theme.TEAM_OURS if side == 0 else theme.TEAM_THEIRS
            screen.blit(fonts.render(text, 20, colour, bold=True), (box.left + 36, y + side * 32))
        note = t("result_recorded", lang) + ("   " + t("chuan_san_hu", lang) if is_chuan_san_hu(result.places) else "")
        screen.blit(fonts.render(note, 15, theme.TEXT_DIM), (box.left + 36, y + 68))

    def _draw_series(self, screen, box: pygame.Rect) -> None:
        fonts, lang = self.app.fonts, self.app.settings.language
        x, y = box.left + 520, box.top + 76
        screen.blit(fonts.render(t("series_title", lang), 20, theme.GOLD, bold=True), (x, y))
        totals = [0, 0]
        for n, result in enumerate(self.results):
            totals[0] += result.score[0]
            totals[1] += result.score[1]
            row = f"{t('series_deal', lang, n=n + 1)}    {result.score[0]:>3} : {result.score[1]:<3}"
            screen.blit(fonts.render(row, 18, theme.TEXT), (x, y + 34 + n * 28))
        row = f"{t('series_total', lang)}    {totals[0]:>3} : {totals[1]:<3}"
        yy = y + 44 + len(self.results) * 28
        screen.blit(fonts.render(row, 20, theme.GOLD, bold=True), (x, yy))
        if self.final:
            key = "match_win" if totals[0] > totals[1] else "match_lose" if totals[1] > totals[0] else "match_draw"
        else:
            raw = raw_team_points(self.results[-1].places, self.rules)
            key = "you_win" if raw[0] > raw[1] else "you_lose" if raw[1] > raw[0] else "draw"
        screen.blit(fonts.render(t(key, lang), 24, theme.GOLD, bold=True), (x, yy + 40))

    def _draw_owed(self, screen, box: pygame.Rect, result: DealResult) -> None:
        if self.final:
            return
        fonts, lang = self.app.fonts, self.app.settings.language
        x, y = box.left + 36, box.top + 420
        screen.blit(fonts.render(t("owed_title", lang), 20, theme.GOLD, bold=True), (x, y))
        owed = obligations(result, self.rules)
        if not owed:
            screen.blit(fonts.render(t("owed_none", lang), 18, theme.TEXT_DIM), (x, y + 34))
        for i, p in enumerate(owed[:12]):
            column, row = divmod(i, 6)
            kind = KIND_NAMES[p.kind][0 if lang == "zh" else 1]
            line = t("owed_line", lang, giver=seat_label(p.giver, lang), receiver=seat_label(p.receiver, lang),
                     kind=kind, count=p.count)
            screen.blit(fonts.render(line, 16, theme.TEXT), (x + column * 440, y + 34 + row * 26))
