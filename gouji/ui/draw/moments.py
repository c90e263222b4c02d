"""Drawing the big moments: the banner across the felt, the glow on the seats
it names, and the 进贡/还贡 panel with the cards that change hands."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...engine.tribute import KIND_NAMES
from ..i18n import t
from ..model.layout import Layout
from ..model.moments import Banner, Transfer
from . import theme
from .cardart import CardArt
from .fonts import Fonts

TONE_COLOURS = {"gold": theme.GOLD, "fire": (255, 140, 70), "red": (255, 110, 110)}
SeatName = Callable[[int], str]


def banner_text(banner: Banner, name: SeatName, lang: str) -> str:
    fields = {"name": "" if banner.seat is None else name(banner.seat),
              "place": t(f"place_{banner.place}", lang)}
    return t(banner.key, lang, **fields)


def draw_banner(screen: pygame.Surface, fonts: Fonts, L: Layout, text: str, tone: str, left: float,
                total: float) -> None:
    """A ribbon across the middle of the felt, fading in and out."""
    cx, cy = L.table_center
    colour = TONE_COLOURS.get(tone, theme.GOLD)
    label = fonts.render_fit(text, L.font(26), colour, int(L.table_radii[0] * 1.5), bold=True)
    box = label.get_rect(center=(int(cx), int(cy))).inflate(L.s(48), L.s(18))
    fade = min(1.0, left / 0.25, (total - left) / 0.15 if total > left else 1.0)
    ribbon = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(ribbon, (10, 12, 16, int(235 * fade)), ribbon.get_rect(), border_radius=L.s(12))
    pygame.draw.rect(ribbon, (*colour, int(255 * fade)), ribbon.get_rect(), max(2, L.s(3)), border_radius=L.s(12))
    screen.blit(ribbon, box)
    if fade < 1.0:
        label = label.copy()   # the rendered text is cached and shared: fade a copy
        label.set_alpha(int(255 * fade))
    screen.blit(label, label.get_rect(center=box.center))


def draw_seat_glow(screen: pygame.Surface, L: Layout, box: tuple[int, int, int, int], tone: str) -> None:
    rect = pygame.Rect(box).inflate(L.s(10), L.s(10))
    pygame.draw.rect(screen, TONE_COLOURS.get(tone, theme.GOLD), rect, max(2, L.s(4)), border_radius=L.s(14))


def draw_duel(screen: pygame.Surface, fonts: Fonts, L: Layout, boxes: tuple[tuple[int, int, int, int], ...],
              plays: int, lang: str, count: bool = True,
              ends: tuple[tuple[float, float], tuple[float, float]] | None = None) -> None:
    """The 对头 duel: both badges lit, a line across the felt between the two (from
    ``ends``, their play spots, so it crosses no other seat), and how many plays the
    duel has seen at its middle (``count`` False while a banner holds the middle)."""
    a, b = (pygame.Rect(box) for box in boxes)
    for rect in (a, b):
        pygame.draw.rect(screen, (255, 120, 90), rect.inflate(L.s(10), L.s(10)), max(2, L.s(3)), border_radius=L.s(14))
    start, end = ends if ends is not None else (a.center, b.center)
    pygame.draw.line(screen, (255, 120, 90), start, end, max(2, L.s(3)))
    if not count:
        return
    label = fonts.render(t("duel_count", lang, n=plays), L.font(15), (30, 14, 8), bold=True)
    middle = (int(start[0] + end[0]) // 2, int(start[1] + end[1]) // 2)
    pill = label.get_rect(center=middle).inflate(L.s(14), L.s(6))
    pygame.draw.rect(screen, (255, 150, 110), pill, border_radius=L.s(10))
    screen.blit(label, label.get_rect(center=pill.center))


def transfer_label(row: Transfer, lang: str) -> str:
    if row.kind == "return":
        return t("panel_return", lang)
    if row.kind == "buy3":
        return t("panel_buy3", lang)
    return KIND_NAMES.get(row.kind, (row.kind, row.kind))[0 if lang == "zh" else 1]


def draw_panel(screen: pygame.Surface, fonts: Fonts, art: CardArt, L: Layout, rows: list[Transfer],
               name: SeatName, lang: str) -> None:
    """Who gives which cards to whom, tribute and returns both ways; the viewer's own
    cards face up, the others' as backs."""
    shown = rows[-9:]
    card = L.back_card[0] + L.s(6), L.back_card[1] + L.s(8)
    row_h = card[1] + L.s(8)
    width = L.s(620)
    height = L.s(96) + row_h * len(shown)
    cx, cy = L.table_center
    box = pygame.Rect(0, 0, width, height)
    box.center = (int(cx), int(cy))
    screen.blit(theme.panel(box.size, (14, 16, 20, 235), L.s(14)), box)
    pygame.draw.rect(screen, theme.GOLD, box, 2, border_radius=L.s(14))
    title = fonts.render(t("panel_title", lang), L.font(22), theme.GOLD, bold=True)
    screen.blit(title, title.get_rect(midtop=(box.centerx, box.top + L.s(12))))
    y = box.top + L.s(50)
    for row in shown:
        if row.kind == "buy3":   # the buyer (giver of the price) gets a 3 from the seller
            line = t("log_buy3" if row.count > 1 else "log_buy3_free",   # a free take (§7) moves the 3 alone
                     lang, name=name(row.giver), other=name(row.receiver))
        else:
            who = t("panel_row", lang, giver=name(row.giver), receiver=name(row.receiver))
            line = f"{who}  {transfer_label(row, lang)}"
        text = fonts.render_fit(line, L.font(17), theme.TEXT, L.s(330))
        screen.blit(text, (box.left + L.s(20), y + (card[1] - text.get_height()) // 2))
        if row.count == 0 and row.kind not in ("return", "buy3"):   # owed, but none of the cards it takes
            why = fonts.render_fit(t("panel_nothing", lang), L.font(15), theme.TEXT_DIM, width - L.s(390))
            screen.blit(why, (box.left + L.s(370), y + (card[1] - why.get_height()) // 2))
        faces = [art.face(c, card) for c in row.cards] if row.cards else [art.back(card)] * row.count
        for i, image in enumerate(faces[:6]):
            screen.blit(image, (box.left + L.s(370) + i * (card[0] + L.s(4)), y))
        y += row_h
    hint = fonts.render(t("panel_hint", lang), L.font(14), theme.TEXT_DIM)
    screen.blit(hint, hint.get_rect(midbottom=(box.centerx, box.bottom - L.s(10))))


def draw_received_tag(screen: pygame.Surface, fonts: Fonts, L: Layout, box: tuple[int, int, int, int],
                      lang: str) -> None:
    """A gold edge and a small 贡 tag on the visible strip of a card that came in as tribute."""
    x, y, w, h = box
    pygame.draw.rect(screen, theme.GOLD, box, max(2, L.s(3)), border_radius=L.s(8))
    tag = fonts.render(t("received_tag", lang), L.font(13), (30, 20, 8), bold=True)
    cap = tag.get_rect(bottomleft=(x + L.s(5), y + h - L.s(5))).inflate(L.s(6), L.s(2))
    pygame.draw.rect(screen, theme.GOLD, cap, border_radius=L.s(4))
    screen.blit(tag, tag.get_rect(center=cap.center))
