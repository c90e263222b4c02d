"""Drawing of the statistics: the figures, bars of how often the player
finished 头科 … 大落, the win shares per bot level and rules preset, and a
chart of the last matches' points (drawn, one bar per match)."""

from __future__ import annotations

import pygame

from ...store.records import LOSS, WIN
from ...store.stats import Recent, Share, Stats
from ..i18n import STRINGS, t
from ..model.layout import Layout
from . import theme
from .fonts import Fonts

WIN_COLOUR, LOSS_COLOUR, DRAW_COLOUR = (96, 190, 120), (226, 100, 80), (170, 170, 170)


def percent(value: float | None) -> str:
    return "—" if value is None else f"{round(100 * value)}%"


def share_text(share: Share, lang: str) -> str:
    return t("st_share", lang, won=share.won, played=share.played, rate=percent(share.rate))


def named(prefix: str, name: str, lang: str) -> str:
    """A bot level or preset in words ("level_hard" → 困难), else as stored ("mixed" has its own key)."""
    key = f"{prefix}_{name}"
    return t(key, lang) if key in STRINGS else name


def level_name(level: str, lang: str) -> str:
    return named("level", level, lang)


def preset_name(preset: str, lang: str) -> str:
    return named("preset", preset, lang)


class StatsDrawer:
    def __init__(self, fonts: Fonts, L: Layout, lang: str) -> None:
        self.fonts, self.L, self.lang = fonts, L, lang

    def text(self, screen: pygame.Surface, text: str, x: float, y: float, size: int, colour=theme.TEXT,
             bold: bool = False, width: float | None = None) -> None:
        L = self.L
        surface = self.fonts.render_fit(text, L.font(size), colour, L.s(width), bold=bold) if width else \
            self.fonts.render(text, L.font(size), colour, bold=bold)
        screen.blit(surface, L.pt(x, y))

    def figures(self, screen: pygame.Surface, stats: Stats, x: float, y: float) -> None:
        """The headline numbers, one per line."""
        lang = self.lang
        chuan = t("st_chuan_value", lang, ours=stats.chuan_for, theirs=stats.chuan_against)
        avg = "—" if stats.avg_points is None else f"{stats.avg_points:+.2f}"
        rows = ((t("st_played", lang), t("st_played_value", lang, deals=stats.deals, matches=stats.matches)),
                (t("st_deal_wins", lang), share_text(stats.deal_wins, lang)),
                (t("st_match_wins", lang), share_text(stats.match_wins, lang)),
                (t("st_avg_points", lang), avg),
                (t("st_opened", lang), share_text(stats.opened, lang)),
                (t("st_chuan", lang), chuan))
        for i, (label, value) in enumerate(rows):
            self.text(screen, label, x, y + i * 32, 18, theme.TEXT_DIM, width=190)
            self.text(screen, value, x + 200, y + i * 32, 18, theme.TEXT, bold=True, width=330)

    def places(self, screen: pygame.Surface, stats: Stats, x: float, y: float, width: float) -> None:
        """Bars: how often the player finished in each place."""
        L, lang = self.L, self.lang
        self.text(screen, t("st_places", lang), x, y, 18, theme.GOLD, bold=True)
        most = max(stats.places) if stats.deals else 0
        for place, count in enumerate(stats.places):
            top = y + 34 + place * 30
            self.text(screen, t(f"place_{place}", lang), x, top, 16, theme.TEXT, width=110)
            full = width - 230
            length = full * count / most if most else 0
            colour = theme.TEAM_OURS if place < 3 else theme.TEAM_THEIRS
            pygame.draw.rect(screen, (40, 44, 50), L.box(x + 120, top + 3, full, 18), border_radius=L.s(4))
            if length:
                pygame.draw.rect(screen, colour, L.box(x + 120, top + 3, max(2, length), 18), border_radius=L.s(4))
            share = stats.place_share(place)
            self.text(screen, f"{count}  {percent(share)}", x + 130 + full, top, 16, theme.TEXT_DIM)

    def splits(self, screen: pygame.Surface, title: str, split: dict[str, tuple[Share, Share]], names,
               x: float, y: float, rows: int = 4) -> None:
        """Win shares of deals and matches, one line per bot level (or preset)."""
        lang = self.lang
        self.text(screen, title, x, y, 18, theme.GOLD, bold=True)
        if not split:
            self.text(screen, t("st_none", lang), x, y + 30, 16, theme.TEXT_DIM)
        for i, (name, (deals, matches)) in enumerate(list(split.items())[:rows]):
            line = t("st_split", lang, deals=share_text(deals, lang), matches=share_text(matches, lang))
            self.text(screen, names(name, lang), x, y + 30 + i * 26, 16, theme.TEXT, bold=True, width=150)
            self.text(screen, line, x + 155, y + 30 + i * 26, 16, theme.TEXT_DIM, width=400)

    def chart(self, screen: pygame.Surface, recent: tuple[Recent, ...], box: tuple[float, float, float, float]) -> None:
        """The last matches' points as bars around a zero line, oldest at the left."""
        L, lang = self.L, self.lang
        x, y, w, h = box
        frame = pygame.Rect(L.box(x, y, w, h))
        screen.blit(theme.panel(frame.size, (12, 14, 18, 200), L.s(10)), frame)
        self.text(screen, t("st_chart", lang, n=len(recent)), x + 14, y + 8, 18, theme.GOLD, bold=True)
        if not recent:
            self.text(screen, t("st_chart_none", lang), x + 14, y + h / 2, 16, theme.TEXT_DIM)
            return
        top, bottom = y + 44, y + h - 34
        biggest = max(1, max(abs(r.points) for r in recent))
        zero = (top + bottom) / 2
        half = (bottom - top) / 2
        pygame.draw.line(screen, theme.TEXT_DIM, L.pt(x + 40, zero), L.pt(x + w - 14, zero), 1)
        self.text(screen, f"+{biggest}", x + 8, top - 8, 13, theme.TEXT_DIM)
        self.text(screen, "0", x + 24, zero - 8, 13, theme.TEXT_DIM)
        self.text(screen, f"-{biggest}", x + 8, bottom - 8, 13, theme.TEXT_DIM)
        step = (w - 60) / max(len(recent), 20)   # a few matches stay slim bars
        for i, match in enumerate(recent):
            colour = WIN_COLOUR if match.outcome == WIN else LOSS_COLOUR if match.outcome == LOSS else DRAW_COLOUR
            length = half * abs(match.points) / biggest
            left = x + 44 + i * step
            bar = (left, zero - length if match.points > 0 else zero, max(step * 0.7, 1), max(length, 1.5))
            pygame.draw.rect(screen, colour, L.box(*bar))
        wins = sum(r.outcome == WIN for r in recent)
        legend = t("st_chart_legend", lang, wins=wins, losses=sum(r.outcome == LOSS for r in recent),
                   draws=len(recent) - wins - sum(r.outcome == LOSS for r in recent))
        self.text(screen, legend, x + 14, y + h - 26, 15, theme.TEXT_DIM, width=w - 28)


__all__ = ["StatsDrawer", "percent", "level_name", "preset_name"]
