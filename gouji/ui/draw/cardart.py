"""Card faces and backs drawn in code, cached per size."""

from __future__ import annotations

import pygame

from ...engine.cards import BIG, SMALL, card_rank, card_suit
from .fonts import Fonts

RANK_TEXT = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
SUIT_TEXT = "♠♥♣♦"
RED = (196, 30, 42)
BLACK = (28, 28, 34)
PAPER = (252, 250, 243)
EDGE = (120, 120, 120)


class CardArt:
    """Card surfaces per (card face, size); draw once, blit many times."""

    def __init__(self, fonts: Fonts) -> None:
        self.fonts = fonts
        self._cache: dict[tuple, pygame.Surface] = {}

    def face(self, card: int, size: tuple[int, int]) -> pygame.Surface:
        rank, suit = card_rank(card), card_suit(card)
        key = (rank, suit, size)
        surface = self._cache.get(key)
        if surface is None:
            surface = self._draw_face(rank, suit, size)
            self._cache[key] = surface
        return surface

    def back(self, size: tuple[int, int]) -> pygame.Surface:
        key = ("back", size)
        surface = self._cache.get(key)
        if surface is None:
            surface = self._draw_back(size)
            self._cache[key] = surface
        return surface

    def highlight(self, size: tuple[int, int], colour: tuple[int, int, int]) -> pygame.Surface:
        key = ("glow", size, colour)
        surface = self._cache.get(key)
        if surface is None:
            w, h = size
            surface = pygame.Surface((w + 8, h + 8), pygame.SRCALPHA)
            pygame.draw.rect(surface, (*colour, 170), surface.get_rect(), border_radius=_radius(w) + 3)
            self._cache[key] = surface
        return surface

    def _blank(self, size: tuple[int, int], fill=PAPER) -> pygame.Surface:
        w, h = size
        surface = pygame.Surface(size, pygame.SRCALPHA)
        rect = surface.get_rect()
        pygame.draw.rect(surface, (0, 0, 0, 60), rect.move(1, 1), border_radius=_radius(w))
        pygame.draw.rect(surface, fill, rect.inflate(-1, -1), border_radius=_radius(w))
        pygame.draw.rect(surface, EDGE, rect.inflate(-1, -1), 1, border_radius=_radius(w))
        return surface

    def _draw_face(self, rank: int, suit: int, size: tuple[int, int]) -> pygame.Surface:
        if rank >= SMALL:
            return self._draw_joker(rank == BIG, size)
        w, h = size
        surface = self._blank(size)
        colour = RED if suit in (1, 3) else BLACK
        index_size = max(12, int(w * 0.30))
        label = self.fonts.render(RANK_TEXT[rank], index_size, colour, bold=True)
        if label.get_width() > w * 0.42:
            label = pygame.transform.smoothscale(label, (int(w * 0.42), label.get_height()))
        pip = self.fonts.render(SUIT_TEXT[suit], int(index_size * 0.8), colour)
        x0 = max(3, int(w * 0.06))
        surface.blit(label, (x0, 1))
        surface.blit(pip, (x0 + (label.get_width() - pip.get_width()) // 2, label.get_height() - 4))
        big = self.fonts.render(SUIT_TEXT[suit], int(h * 0.40), colour)
        surface.blit(big, big.get_rect(center=(w * 0.58, h * 0.62)))
        corner = pygame.transform.rotate(label, 180)
        surface.blit(corner, (w - corner.get_width() - x0, h - corner.get_height() - 1))
        return surface

    def _draw_joker(self, big: bool, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        surface = self._blank(size, (255, 246, 214) if big else PAPER)
        colour = RED if big else BLACK
        if big:  # a colourful 大王: gold sun behind red text
            pygame.draw.circle(surface, (250, 200, 60), (w * 0.58, h * 0.6), w * 0.32)
            pygame.draw.circle(surface, (235, 120, 40), (w * 0.58, h * 0.6), w * 0.32, 3)
        glyph = self.fonts.render("王", int(w * 0.5), colour, bold=True)
        surface.blit(glyph, glyph.get_rect(center=(w * 0.58, h * 0.6)))
        small_size = max(10, int(w * 0.24))
        y = 2
        for ch in ("大" if big else "小") + "王":
            letter = self.fonts.render(ch, small_size, colour, bold=True)
            surface.blit(letter, (max(3, int(w * 0.06)), y))
            y += letter.get_height() - 3
        return surface

    def _draw_back(self, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        surface = self._blank(size, (255, 255, 255))
        inner = surface.get_rect().inflate(-max(4, w // 10), -max(4, w // 10))
        pygame.draw.rect(surface, (150, 28, 40), inner, border_radius=max(2, _radius(w) - 2))
        step = max(5, w // 7)
        lattice = pygame.Surface(inner.size, pygame.SRCALPHA)
        for x in range(-inner.height, inner.width, step):
            pygame.draw.line(lattice, (220, 170, 90, 150), (x, 0), (x + inner.height, inner.height), 1)
            pygame.draw.line(lattice, (220, 170, 90, 150), (x + inner.height, 0), (x, inner.height), 1)
        surface.blit(lattice, inner.topleft)
        pygame.draw.rect(surface, (235, 200, 120), inner, 2, border_radius=max(2, _radius(w) - 2))
        return surface


def _radius(width: int) -> int:
    return max(3, width // 10)
