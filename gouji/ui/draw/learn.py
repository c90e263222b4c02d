"""Drawing helpers of the Learn screens: cards written in notation drawn as
faces, and blocks of wrapped text fitted into a box."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...engine.cards import BIG, N_PACKS, RANK_LETTERS, SMALL, make_card, parse_counts
from ...engine.errors import NotationError
from .cardart import CardArt
from .fonts import Fonts

Colour = tuple[int, int, int]


def is_cards(text: str) -> bool:
    """Whether ``text`` is cards in notation (``xx888``), not words."""
    stripped = text.replace(" ", "")
    if not stripped or any(ch not in RANK_LETTERS for ch in stripped):
        return False
    try:
        parse_counts(stripped)
    except NotationError:
        return False
    return True


def cards_of(text: str) -> list[int]:
    """Physical cards for a play or hand in notation, strongest first, suits varied."""
    counts = parse_counts(text.replace(" ", ""))
    cards: list[int] = []
    for rank in range(len(counts) - 1, -1, -1):
        for i in range(counts[rank]):
            if rank in (SMALL, BIG):
                cards.append(make_card(rank, 0, i % N_PACKS))
            else:
                cards.append(make_card(rank, i % 4, (i // 4) % N_PACKS))
    return cards


def cards_width(count: int, size: tuple[int, int], step: int) -> int:
    return size[0] + step * (count - 1) if count else 0


def draw_cards(screen: pygame.Surface, art: CardArt, text: str, topleft: tuple[int, int], size: tuple[int, int],
               step: int) -> int:
    """One play or hand drawn as overlapping faces; returns the width it took."""
    cards = cards_of(text)
    x, y = topleft
    for i, card in enumerate(cards):
        screen.blit(art.face(card, size), (x + i * step, y))
    return cards_width(len(cards), size, step)


def draw_groups(screen: pygame.Surface, art: CardArt, groups: tuple[str, ...] | list[str], topleft: tuple[int, int],
                size: tuple[int, int], width: int) -> int:
    """Several plays side by side (a new row when one does not fit; a long hand takes rows of its own);
    returns the height taken."""
    if not groups:
        return 0
    x0, y = topleft
    x, gap = x0, size[0] // 3
    step, tight = max(6, size[0] * 2 // 5), max(4, size[0] // 4)
    for text in groups:
        cards = cards_of(text)
        per_row = max(1, (width - size[0]) // tight + 1)
        if len(cards) > per_row:   # a hand: rows of tightly packed cards
            if x > x0:
                x, y = x0, y + size[1] + gap
            for start in range(0, len(cards), per_row):
                row = cards[start:start + per_row]
                for i, card in enumerate(row):
                    screen.blit(art.face(card, size), (x0 + i * tight, y))
                y += size[1] // 2 if start + per_row < len(cards) else 0
            x = x0 + cards_width(min(len(cards), per_row), size, tight) + gap
            continue
        here = step if cards_width(len(cards), size, step) <= width else \
            max(tight, (width - size[0]) // max(1, len(cards) - 1))
        needed = cards_width(len(cards), size, here)
        if x > x0 and x + needed > x0 + width:
            x, y = x0, y + size[1] + gap
        x += draw_cards(screen, art, text, (x, y), size, here) + gap
    return y + size[1] - topleft[1]


@dataclass(frozen=True)
class Para:
    """A paragraph to wrap: its text, colour and weight; ``gap`` before it (in lines)."""

    text: str
    colour: Colour
    bold: bool = False
    gap: float = 0.0
    scale: float = 1.0   # relative size (a heading is larger)


@dataclass(frozen=True)
class Block:
    """Paragraphs wrapped at one font size: (line, size, colour, bold, y offset)."""

    lines: tuple[tuple[str, int, Colour, bool, int], ...]
    height: int


def fit_blocks(fonts: Fonts, groups: list[list[Para]], width: int, height: int, size: int,
               smallest: int = 11) -> list[Block]:
    """Wrap groups of paragraphs at the largest common size (from ``size`` down) whose lines fit ``height``."""
    while True:
        blocks = [layout_block(fonts, paras, width, size) for paras in groups]
        if sum(b.height for b in blocks) <= height or size <= smallest:
            return blocks
        size -= 1


def layout_block(fonts: Fonts, paras: list[Para], width: int, size: int) -> Block:
    lines = []
    y = 0
    for para in paras:
        here = max(10, round(size * para.scale))
        step = round(here * 1.4)
        y += round(para.gap * step)
        for number, raw in enumerate(para.text.strip().splitlines() or [""]):
            y += round(0.35 * step) if number else 0   # a little air between the text's paragraphs
            for line in no_leading_punctuation(fonts.wrap(raw.strip(), here, width, para.bold)) or [""]:
                lines.append((line, here, para.colour, para.bold, y))
                y += step
    return Block(tuple(lines), y)


CLOSING = "，。、；：！？）」”’》…,.;:!?)"


def no_leading_punctuation(lines: list[str]) -> list[str]:
    """No line may start with closing punctuation (Chinese typesetting): the character before it
    moves down with it."""
    out = list(lines)
    for i in range(1, len(out)):
        if out[i] and out[i][0] in CLOSING and len(out[i - 1]) > 1:
            out[i - 1], out[i] = out[i - 1][:-1], out[i - 1][-1] + out[i]
    return out


def draw_block(screen: pygame.Surface, fonts: Fonts, block: Block, topleft: tuple[int, int]) -> None:
    x, y = topleft
    for line, size, colour, bold, dy in block.lines:
        if line:
            screen.blit(fonts.render(line, size, colour, bold=bold), (x, y + dy))


def draw_check(screen: pygame.Surface, box: pygame.Rect, colour: Colour) -> None:
    """A check mark drawn in ``box`` (the bundled font has no check-mark glyph)."""
    w, h = box.size
    points = [(box.x + w * 0.15, box.y + h * 0.55), (box.x + w * 0.42, box.y + h * 0.82),
              (box.x + w * 0.88, box.y + h * 0.18)]
    pygame.draw.lines(screen, colour, False, points, max(2, w // 6))
