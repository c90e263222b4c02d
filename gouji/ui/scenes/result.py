"""Between deals: the deal's places and points, what is owed next deal, the
series scoreboard — and, after the last deal, the match's result at once."""

from __future__ import annotations

import pygame

from ...engine.rules import RuleSet
from ...engine.scoring import is_chuan_san_hu, raw_team_points
from ...engine.seats import team
from ...engine.tribute import KIND_NAMES, DealResult, obligations
from ..draw import theme
from ..draw.widgets import Button, ButtonBar
from ..i18n import t
from ..model.layout import Layout
from ..model.prompts import Line
from ..model.viewing import seat_name
from .base import Host, Scene

BOX = (170, 45, 940, 690)   # the panel, in design coordinates
BUTTON_Y = BOX[1] + BOX[3] - 46 - 18   # the buttons' row, inside the panel's border
SERIES_ROWS = 10            # deals listed on the scoreboard (the latest ones)


def seat_label(seat: int, lang: str, human: int = 0) -> str:
    return seat_name(human, seat, lang)


class ResultScene(Scene):
    """The summary of ``results[-1]`` over the table; ``final`` after the last deal."""

    overlay = True

    def __init__(self, app: Host, results: list[DealResult], rules: RuleSet, under: Scene | None = None,
                 final: bool = False, human: int = 0) -> None:
        super().__init__(app)
        self.results, self.rules, self.under, self.final = results, rules, under, final
        self.human, self.ours = human, team(human)   # the player's seat (any, in a practice game) and team
        self.waited = 0.0
        self.buttons = ButtonBar()
        self.note: Line | None = None   # after "copy code": copied, or why not
        self.refresh_language()

    def seat_name(self, seat: int, lang: str) -> str:
        """How the panel names a seat (a shared table names them as its host does)."""
        return seat_label(seat, lang, self.human)

    def refresh_language(self) -> None:
        lang, L = self.app.settings.language, self.app.layout
        left, right = pygame.Rect(L.box(415, BUTTON_Y, 210, 46)), pygame.Rect(L.box(655, BUTTON_Y, 210, 46))
        size = L.font(20)
        if self.final:
            again = self.app.open_practice if self._practice() else self.app.new_match
            first = Button(left, t("btn_new_match", lang), again, key="new", size=size,
                           hotkey=pygame.K_RETURN)
        else:
            first = Button(left, t("btn_next_deal", lang), self.close, key="next", size=size, hotkey=pygame.K_RETURN)
        title = Button(right, t("btn_title", lang), self.app.to_title, key="title", size=size, hotkey=pygame.K_q)
        autoplay = Button(pygame.Rect(L.box(930, BUTTON_Y, 150, 46)), t(self._autoplay_label(), lang), self._tuoguan,
                          key="tuoguan", size=L.font(16), hotkey=pygame.K_t)
        self.buttons.set([first, title] + ([] if self.final else [autoplay]) + self._record_buttons(L, lang))

    def _record_buttons(self, L: Layout, lang: str) -> list[Button]:
        """Review the deal just played (V) and copy its code (K)."""
        deal = len(self.results) - 1
        return [Button(pygame.Rect(L.box(190, BUTTON_Y, 100, 46)), t("btn_review", lang),
                       lambda: self.app.review_deal(deal), key="review", size=L.font(17), hotkey=pygame.K_v),
                Button(pygame.Rect(L.box(300, BUTTON_Y, 100, 46)), t("btn_copy_code", lang), self._copy, key="copy",
                       size=L.font(15), hotkey=pygame.K_k)]

    def _copy(self) -> None:
        self.note = self.app.copy_deal_code(len(self.results) - 1)

    def _practice(self) -> bool:
        """After a practice match, New match starts another practice match."""
        return self.under is not None and self.under.practice_on()

    def _autoplay_label(self) -> str:
        on = self.under is not None and self.under.autoplay_on()
        return "btn_tuoguan_on" if on else "btn_tuoguan"

    def _tuoguan(self) -> None:
        """托管 from the result panel: it carries into the next deal."""
        if self.under is not None:
            self.under.intent("tuoguan")
        self.refresh_language()

    def close(self) -> None:
        """Back to the table, which resumes with the next deal."""
        self.app.scenes.pop()

    def handle(self, event: pygame.event.Event) -> None:
        if self.buttons.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_KP_ENTER):
            self.buttons.buttons[0].on_click()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.open_menu()

    def update(self, dt: float) -> bool:
        self.waited += dt
        if self.app.options.autoplay and not self.final and self.waited >= 1.5 * self.app.anim_scale:
            self.close()  # a bot plays the human's seat: move on by itself
        return False

    def draw(self, screen: pygame.Surface) -> None:
        fonts, lang, L = self.app.fonts, self.app.settings.language, self.app.layout
        theme.shade(screen, 130)
        box = pygame.Rect(L.box(*BOX))
        screen.blit(theme.panel(box.size, (16, 18, 22, 238), L.s(16)), box)
        pygame.draw.rect(screen, theme.GOLD, box, 2, border_radius=L.s(16))
        title = t("match_over_title" if self.final else "result_title", lang)
        head = fonts.render(title, L.font(30), theme.GOLD, bold=True)
        screen.blit(head, head.get_rect(center=(box.centerx, box.top + L.s(34))))
        result = self.results[-1]
        self._draw_places(screen, L, result)
        self._draw_series(screen, L)
        self._draw_owed(screen, L, result)
        if not self.final and self.under is not None and self.under.autoplay_on():
            self._text(screen, L, t("autoplay_carries", lang), 540, 420, 16, theme.GOLD)
        self.buttons.draw(screen, fonts)
        if self.note is not None:
            text = fonts.render_fit(self.note.text(lang), L.font(15), theme.WARN if self.note.tone == "error"
                                    else theme.GOLD, L.s(900))
            screen.blit(text, text.get_rect(midbottom=L.pt(640, 700)))

    def _text(self, screen: pygame.Surface, L: Layout, text: str, x: float, y: float, size: int, colour,
              bold: bool = False) -> None:
        """Text at a point of the panel (design coordinates from its top-left)."""
        screen.blit(self.app.fonts.render(text, L.font(size), colour, bold=bold), L.pt(BOX[0] + x, BOX[1] + y))

    def _draw_places(self, screen: pygame.Surface, L: Layout, result: DealResult) -> None:
        lang = self.app.settings.language
        points = self.rules.place_points
        for i, seat in enumerate(result.places):
            y = 76 + i * 36
            colour = theme.TEAM_OURS if team(seat) == self.ours else theme.TEAM_THEIRS
            self._text(screen, L, t(f"place_{i}", lang), 36, y, 20, theme.TEXT, bold=True)
            name = self.app.fonts.render_fit(self.seat_name(seat, lang), L.font(20), colour,
                                             L.pt(BOX[0] + 340, 0)[0] - L.pt(BOX[0] + 150, 0)[0], may_cut=True)
            row = self.app.fonts.get(L.font(20), bold=True).get_height()   # the place's line, beside it
            left, top = L.pt(BOX[0] + 150, BOX[1] + y)   # a long name stops short of the points,
            screen.blit(name, (left, top + (row - name.get_height()) // 2))   # shrunk on the row's middle line
            self._text(screen, L, f"{points[i]:+d}", 350, y, 20, theme.TEXT)
            if self.rules.kai_dian:
                opened = result.opened[seat]
                key = "state_opened" if opened else "state_not_opened"
                self._text(screen, L, t(key, lang), 400, y + 3, 16, theme.TEXT_DIM if opened else theme.WARN)
        raw = raw_team_points(result.places, self.rules)
        for row, (side, key) in enumerate(((self.ours, "team_even"), (1 - self.ours, "team_odd"))):
            counted = t("result_points", lang, raw=f"{raw[side]:+d}", score=result.score[side])
            text = t("result_team", lang, team=t(key, lang), points=counted)
            colour = theme.TEAM_OURS if row == 0 else theme.TEAM_THEIRS
            self._text(screen, L, text, 36, 300 + row * 32, 20, colour, bold=True)
        note = t("result_recorded", lang) + ("   " + t("chuan_san_hu", lang) if is_chuan_san_hu(result.places) else "")
        self._text(screen, L, note, 36, 368, 15, theme.TEXT_DIM)

    def _draw_series(self, screen: pygame.Surface, L: Layout) -> None:
        lang = self.app.settings.language
        self._text(screen, L, t("series_title", lang), 540, 76, 20, theme.GOLD, bold=True)
        us, them = self.ours, 1 - self.ours
        totals = [sum(r.score[us] for r in self.results), sum(r.score[them] for r in self.results)]
        first = max(0, len(self.results) - SERIES_ROWS)
        for row, (n, result) in enumerate(list(enumerate(self.results))[first:]):
            line = f"{t('series_deal', lang, n=n + 1)}    {result.score[us]:>3} : {result.score[them]:<3}"
            self._text(screen, L, line, 540, 110 + row * 28, 18, theme.TEXT)
        y = 120 + min(len(self.results), SERIES_ROWS) * 28
        self._text(screen, L, f"{t('series_total', lang)}    {totals[0]:>3} : {totals[1]:<3}", 540, y, 20,
                   theme.GOLD, bold=True)
        if self.final:
            key = "match_win" if totals[0] > totals[1] else "match_lose" if totals[1] > totals[0] else "match_draw"
        else:
            raw = raw_team_points(self.results[-1].places, self.rules)
            key = "you_win" if raw[us] > raw[them] else "you_lose" if raw[them] > raw[us] else "draw"
        self._text(screen, L, t(key, lang), 540, y + 40, 24, theme.GOLD, bold=True)

    def _draw_owed(self, screen: pygame.Surface, L: Layout, result: DealResult) -> None:
        if self.final:
            return   # no next deal: nothing is owed
        lang = self.app.settings.language
        self._text(screen, L, t("owed_title", lang), 36, 420, 20, theme.GOLD, bold=True)
        owed = obligations(result, self.rules)
        if not owed:
            self._text(screen, L, t("owed_none", lang), 36, 454, 18, theme.TEXT_DIM)
        for i, p in enumerate(owed[:12]):
            column, row = divmod(i, 6)
            kind = KIND_NAMES[p.kind][0 if lang == "zh" else 1]
            line = t("owed_line", lang, giver=self.seat_name(p.giver, lang),
                     receiver=self.seat_name(p.receiver, lang),
                     kind=kind, count=p.count)
            self._text(screen, L, line, 36 + column * 440, 454 + row * 26, 16, theme.TEXT)
