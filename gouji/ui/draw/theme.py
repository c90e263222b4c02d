"""Colours and a few drawing helpers shared by the scenes."""

from __future__ import annotations

import pygame

BG_TOP = (34, 24, 20)
BG_BOTTOM = (58, 38, 28)
FELT = (22, 98, 64)
FELT_DARK = (15, 74, 48)
RIM = (112, 72, 38)
RIM_LIGHT = (170, 120, 70)
TEXT = (240, 236, 222)
TEXT_DIM = (190, 184, 166)
GOLD = (242, 196, 88)
WARN = (255, 140, 110)
PANEL = (20, 22, 26, 200)
TEAM_OURS = (70, 160, 230)
TEAM_THEIRS = (230, 110, 70)
OPPOSITE = (236, 64, 72)
BUTTON = (196, 144, 60)
BUTTON_HOVER = (226, 174, 84)
BUTTON_PRESSED = (170, 120, 46)
CHOICE = (120, 104, 80)     # a choice not taken
BUTTON_TEXT = (32, 22, 10)
DISABLED = (110, 104, 96)


def vertical_gradient(size: tuple[int, int], top: tuple[int, int, int],
                      bottom: tuple[int, int, int]) -> pygame.Surface:
    w, h = size
    surface = pygame.Surface(size)
    for y in range(h):
        k = y / max(1, h - 1)
        colour = tuple(int(a + (b - a) * k) for a, b in zip(top, bottom))
        pygame.draw.line(surface, colour, (0, y), (w, y))
    return surface


_PANELS: dict[tuple, pygame.Surface] = {}


def panel(size: tuple[int, int], colour=PANEL, radius: int = 10) -> pygame.Surface:
    """A rounded, translucent panel; made once per size and colour (the table draws dozens a frame).
    The surface is shared: blit it, never draw on it."""
    key = (size, colour, radius)
    surface = _PANELS.get(key)
    if surface is None:
        if len(_PANELS) > 400:
            _PANELS.clear()
        surface = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(surface, colour, surface.get_rect(), border_radius=radius)
        _PANELS[key] = surface
    return surface


def shade(screen: pygame.Surface, alpha: int) -> None:
    """Darken everything drawn so far (under an overlay)."""
    veil = pygame.Surface(screen.get_size(), pygame.SRCALPHA)
    veil.fill((0, 0, 0, alpha))
    screen.blit(veil, (0, 0))


def dialog(screen: pygame.Surface, rect: pygame.Rect, radius: int, fill=(16, 18, 22, 240), edge=GOLD,
           veil: int = 140) -> None:
    """A panel over a darkened screen, with a coloured edge (questions, the paste box)."""
    shade(screen, veil)
    screen.blit(panel(rect.size, fill, radius), rect)
    pygame.draw.rect(screen, edge, rect, 2, border_radius=radius)
