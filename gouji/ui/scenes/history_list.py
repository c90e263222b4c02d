"""The history list: past deals, newest first (practice games and matches
with friends marked: 联机 and who sat there), each
opening its review (click it, or ↑/↓ and Enter); a deal code can be pasted
from here too. Rows are read on the history's worker thread."""

from __future__ import annotations

from concurrent.futures import Future

import pygame

from ...store.records import DealRecord, SharedTable, level_key
from ..draw import theme
from ..draw.scrollbar import Scrollbar
from ..draw.stats import StatsDrawer, level_name, preset_name
from ..draw.widgets import Button, ButtonBar
from ..i18n import t
from .base import Host, Scene

SHOWN = 500          # the newest deals listed
TOP, ROW = 120, 34   # design y of the first row, row height
ROWS = 17            # rows on screen


class HistoryScene(Scene):
    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.buttons = ButtonBar()
        self.deals: list[DealRecord] | None = None
        self.selected = 0
        self.first = 0                  # the top row shown
        self.pressed: int | None = None  # the row the mouse went down on
        self.bar = Scrollbar(pygame.Rect(0, 0, 0, 0))   # placed by refresh_language, with the buttons
        self.opening: Future | None = None
        self.opening_table: SharedTable | None = None   # the shared table of the deal opened (its seats' names)
        self._loading: Future | None = self.app.recorder.ask(
            lambda history: history.deals(practice=None, limit=SHOWN))
        self.refresh_language()

    def update(self, dt: float) -> bool:
        if self._loading is not None and self._loading.done():
            self.deals, self._loading = self._loading.result() or [], None
            return True
        if self.opening is not None and self.opening.done():
            found, self.opening = self.opening.result(), None
            if found is None:
                self.app.notices.post("review_failed", 10.0, why=t("hl_unreadable", "zh") + " / "
                                      + t("hl_unreadable", "en"))
            else:
                ref, choices = found
                self.app.open_review(ref, choices, table=self.opening_table)
            return True
        return False

    # ----- choosing ---------------------------------------------------------------
    def move(self, by: int) -> None:
        if not self.deals:
            return
        self.selected = max(0, min(len(self.deals) - 1, self.selected + by))
        if self.selected < self.first:
            self.first = self.selected
        elif self.selected >= self.first + ROWS:
            self.first = self.selected - ROWS + 1

    def open_selected(self) -> None:
        if not self.deals or self.opening is not None:
            return
        deal = self.deals[self.selected]
        self.opening_table = deal.shared
        self.opening = self.app.recorder.ask(lambda history: history.deal_ref(deal), None)

    def row_at(self, pos: tuple[int, int]) -> int | None:
        L = self.app.layout
        x, y = pos
        left, top = L.pt(40, TOP)
        if not self.deals or not left <= x <= L.pt(1240, 0)[0] or y < top:
            return None
        row = self.first + (y - top) // L.s(ROW)
        return row if row < min(len(self.deals), self.first + ROWS) else None

    # ----- input --------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.buttons.handle(event):
            return
        scrolled = self.bar.handle(event, len(self.deals or ()), ROWS, self.first)
        if scrolled is not None:
            self.first = scrolled
            return
        keys = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -ROWS, pygame.K_PAGEDOWN: ROWS,
                pygame.K_HOME: -10 ** 6, pygame.K_END: 10 ** 6}
        if event.type == pygame.KEYDOWN and event.key in keys:
            self.move(keys[event.key])
        elif event.type == pygame.MOUSEWHEEL:
            self.move(-3 * event.y)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = self.row_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            row = self.row_at(event.pos)
            if row is not None and row == self.pressed:
                self.selected = row
                self.open_selected()
            self.pressed = None

    def refresh_language(self) -> None:
        L, lang = self.app.layout, self.app.settings.language
        self.bar.track = pygame.Rect(L.box(1250, TOP - 3, 10, ROWS * ROW))
        specs = (("open", "hl_open", pygame.K_RETURN, self.open_selected, 60),
                 ("paste", "hl_paste", pygame.K_v, self.app.open_paste, 300),
                 ("stats", "hl_stats", pygame.K_t, self.app.open_stats, 540),
                 ("back", "btn_back", pygame.K_ESCAPE, self.app.scenes.pop, 1030))
        self.buttons.set([Button(pygame.Rect(L.box(left, 728, 220 if key != "back" else 190, 46)), t(label, lang),
                                 action, key=key, size=L.font(17), hotkey=hotkey)
                          for key, label, hotkey, action, left in specs])

    # ----- drawing --------------------------------------------------------------------
    def draw(self, screen: pygame.Surface) -> None:
        L, fonts, lang = self.app.layout, self.app.fonts, self.app.settings.language
        screen.fill(theme.BG_TOP)
        pen = StatsDrawer(fonts, L, lang)
        pen.text(screen, t("hl_title", lang), 60, 24, 30, theme.GOLD, bold=True)
        if self.deals is None:
            pen.text(screen, t("st_loading", lang), 60, TOP, 20)
        elif not self.deals:
            pen.text(screen, t("hl_empty", lang), 60, TOP, 18, theme.TEXT_DIM, width=1160)
        else:
            pen.text(screen, t("hl_count", lang, n=len(self.deals)), 60, 72, 15, theme.TEXT_DIM, width=1160)
            for i, deal in enumerate(self.deals[self.first:self.first + ROWS]):
                self._draw_row(screen, pen, deal, TOP + i * ROW, self.first + i == self.selected)
            self.bar.draw(screen, len(self.deals), ROWS, self.first)
        if self.opening is not None:
            pen.text(screen, t("hl_opening", lang), 60, 690, 16, theme.GOLD)
        self.buttons.draw(screen, fonts)

    def _draw_row(self, screen: pygame.Surface, pen: StatsDrawer, deal: DealRecord, y: float, chosen: bool) -> None:
        L, lang = self.app.layout, self.app.settings.language
        if chosen:
            pygame.draw.rect(screen, (70, 56, 34), L.box(40, y - 3, 1200, ROW - 2), border_radius=L.s(6))
        points = deal.points
        colour = theme.TEAM_OURS if points > 0 else theme.WARN if points < 0 else theme.TEXT_DIM
        cells = ((deal.ended.replace("T", " ")[:16], 60, 170, theme.TEXT_DIM),
                 (t("hl_deal", lang, n=deal.index + 1), 240, 110, theme.TEXT),
                 (preset_name(deal.preset, lang), 360, 150, theme.TEXT),
                 (level_name(level_key(deal), lang), 520, 110, theme.GOLD if deal.shared else theme.TEXT),
                 (t(f"place_{deal.place}", lang), 640, 150, theme.GOLD),
                 (f"{points:+d}", 800, 80, colour),
                 (t("hl_chuan_for" if deal.chuan > 0 else "hl_chuan_against", lang) if deal.chuan else "", 890,
                  110, theme.GOLD),
                 (self._mark(deal), 1010, 230, theme.TEXT_DIM))
        for text, x, width, colour_ in cells:
            if text:
                pen.text(screen, text, x, y, 17, colour_, bold=chosen, width=width)

    def _mark(self, deal: DealRecord) -> str:
        """练习, or who the player sat with at a shared table (its room when only bots did)."""
        lang = self.app.settings.language
        if deal.shared is not None:
            others = deal.shared.others(deal.human)
            return t("hl_with", lang, names="、".join(others) if lang == "zh" else ", ".join(others)) if others \
                else t("hl_room", lang, room=deal.shared.room)
        return t("hl_practice", lang) if deal.practice else ""


__all__ = ["HistoryScene"]
