"""Statistics of the player's recorded deals and matches (practice games
left out): filtered by bot level and rules preset, with a chart of the last
50 matches; the history list from here, and a reset that asks first.

The rows are read on the history's worker thread; the screen says
"loading" until they are there."""

from __future__ import annotations

from concurrent.futures import Future

import pygame

from ...store.history import History
from ...store.records import DealRecord, MatchRecord
from ...store.stats import Stats, choices, statistics
from ..draw import theme
from ..draw.stats import StatsDrawer, level_name, preset_name
from ..draw.widgets import Button, ButtonBar
from ..i18n import t
from .base import Host, Scene
from .confirm import ConfirmScene

Rows = tuple[list[DealRecord], list[MatchRecord]]


def read_rows(history: History) -> Rows:
    return history.deals(practice=None), history.matches(practice=None)


class StatsScene(Scene):
    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.buttons = ButtonBar()
        self.level: str | None = None     # None: every level
        self.preset: str | None = None
        self.rows: Rows | None = None
        self._stats: Stats | None = None
        self._loading: Future | None = None
        self.load()
        self.refresh_language()

    # ----- data -----------------------------------------------------------------
    def load(self) -> None:
        self._loading = self.app.recorder.ask(read_rows)

    def update(self, dt: float) -> bool:
        loading = self._loading
        if loading is not None and loading.done():
            self.rows, self._loading, self._stats = loading.result() or ([], []), None, None
            self.refresh_language()
            return True
        return False

    @property
    def stats(self) -> Stats | None:
        if self._stats is None and self.rows is not None:
            self._stats = statistics(*self.rows, level=self.level, preset=self.preset)
        return self._stats

    def options(self) -> tuple[list[str | None], list[str | None]]:
        """The filters' values: every level and preset that occurs, after "all"."""
        levels, presets = choices(self.rows[0] if self.rows else [])
        return [None, *levels], [None, *presets]

    def cycle(self, which: str) -> None:
        levels, presets = self.options()
        values, now = (levels, self.level) if which == "level" else (presets, self.preset)
        following = values[(values.index(now) + 1) % len(values)] if now in values else None
        if which == "level":
            self.level = following
        else:
            self.preset = following
        self._stats = None
        self.refresh_language()

    def ask_reset(self) -> None:
        self.app.scenes.push(ConfirmScene(self.app, "st_reset_question", "st_reset_yes", self.reset))

    def reset(self) -> None:
        self.app.recorder.ask(lambda history: history.reset(), None)
        self.rows, self._stats, self.level, self.preset = None, None, None, None
        self.load()

    # ----- screen ---------------------------------------------------------------
    def refresh_language(self) -> None:
        L, lang = self.app.layout, self.app.settings.language
        level = level_name(self.level, lang) if self.level else t("st_all", lang)
        preset = preset_name(self.preset, lang) if self.preset else t("st_all", lang)
        specs = (("level", t("st_filter_level", lang, name=level), pygame.K_l, lambda: self.cycle("level")),
                 ("preset", t("st_filter_preset", lang, name=preset), pygame.K_r, lambda: self.cycle("preset")),
                 ("history", t("st_history", lang), pygame.K_d, self.app.open_history),
                 ("reset", t("st_reset", lang), pygame.K_x, self.ask_reset),
                 ("back", t("btn_back", lang), pygame.K_ESCAPE, self.app.scenes.pop))
        widths = (230, 230, 200, 170, 150)
        lefts = [60 + sum(widths[:i]) + 20 * i for i in range(len(widths))]
        self.buttons.set([Button(pygame.Rect(L.box(left, 728, width, 46)), label, action, key=key, size=L.font(17),
                                 hotkey=hotkey)
                          for (key, label, hotkey, action), left, width in zip(specs, lefts, widths)])

    def handle(self, event: pygame.event.Event) -> None:
        self.buttons.handle(event)

    def draw(self, screen: pygame.Surface) -> None:
        L, fonts, lang = self.app.layout, self.app.fonts, self.app.settings.language
        screen.fill(theme.BG_TOP)
        pen = StatsDrawer(fonts, L, lang)
        pen.text(screen, t("st_title", lang), 60, 24, 30, theme.GOLD, bold=True)
        pen.text(screen, t("st_practice_left_out", lang), 60, 68, 15, theme.TEXT_DIM, width=1160)
        stats = self.stats
        if stats is None:
            pen.text(screen, t("st_loading", lang), 60, 120, 20, theme.TEXT)
        else:
            pen.figures(screen, stats, 60, 104)
            pen.places(screen, stats, 60, 310, 600)
            pen.chart(screen, stats.recent, (680, 104, 540, 330))
            pen.splits(screen, t("st_by_level", lang), stats.by_level, level_name, 680, 452)
            pen.splits(screen, t("st_by_preset", lang), stats.by_preset, preset_name, 680, 586)
            if not stats.deals:
                pen.text(screen, t("st_empty", lang), 60, 540, 17, theme.TEXT_DIM, width=600)
        self.buttons.draw(screen, fonts)


__all__ = ["StatsScene"]
