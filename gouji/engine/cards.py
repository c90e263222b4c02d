"""Ranks, physical cards and hand notation (RULES §0, §1.1).

A rank is an int 0..14 in the order ``3 4 5 6 7 8 9 T J Q K A 2 x X``.
A physical card is an int 0..215: ``pack * 54 + index``; indexes 0..51 are
``rank * 4 + suit`` for the ranks 3..2, 52 is 小王 and 53 is 大王.
Hands inside the engine are rank counts (a list of 15 ints).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .errors import NotationError

RANK_LETTERS = "3456789TJQKA2xX"
N_RANKS = len(RANK_LETTERS)
THREE, FOUR, TEN, JACK, QUEEN, KING, ACE = 0, 1, 7, 8, 9, 10, 11
TWO, SMALL, BIG = 12, 13, 14
NATURALS = range(TWO)  # 3..A: ranks that never change
RANK_OF_LETTER = {letter: rank for rank, letter in enumerate(RANK_LETTERS)}
RANK_NAMES_ZH = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "小王", "大王")
RANK_NAMES_EN = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "small joker", "big joker")

SUITS = "♠♥♣♦"
N_PACKS = 4
PACK_SIZE = 54
DECK_SIZE = N_PACKS * PACK_SIZE  # 216

Counts = list[int]


def card_rank(card: int) -> int:
    index = card % PACK_SIZE
    if index == 52:
        return SMALL
    if index == 53:
        return BIG
    return index // 4


# The rank of every physical card, for the hot paths that look up thousands.
RANK_OF_CARD = tuple(card_rank(card) for card in range(DECK_SIZE))


def card_suit(card: int) -> int:
    """0..3 for ♠♥♣♦, or -1 for a joker."""
    index = card % PACK_SIZE
    return -1 if index >= 52 else index % 4


def make_card(rank: int, suit: int, pack: int) -> int:
    if rank == SMALL:
        return pack * PACK_SIZE + 52
    if rank == BIG:
        return pack * PACK_SIZE + 53
    return pack * PACK_SIZE + rank * 4 + suit


def parse_counts(text: str) -> Counts:
    """Rank counts of a string of rank letters; spaces are ignored.

    >>> parse_counts("xx888")[5], parse_counts("xx888")[13]
    (3, 2)
    """
    counts = [0] * N_RANKS
    for char in text:
        if char.isspace():
            continue
        rank = RANK_OF_LETTER.get(char)
        if rank is None:
            raise NotationError(
                f"未知的牌 {char!r}（可用：{RANK_LETTERS}）",
                f"unknown card letter {char!r} (use {RANK_LETTERS})",
            )
        counts[rank] += 1
    return counts


def format_counts(counts: Sequence[int]) -> str:
    """Hand notation, low to high: ``45AA22xX``."""
    return "".join(RANK_LETTERS[rank] * n for rank, n in enumerate(counts) if n)


def spoken(counts: Sequence[int], lang: str = "zh") -> str:
    """Cards as players name them (10, not T; 小王/大王 — "small/big joker" in English),
    highest first: ``spoken(parse_counts("x996"), "en")`` is ``"small joker 9 9 6"``.

    >>> spoken(parse_counts("X2TT"))
    '大王 2 10 10'
    """
    names = RANK_NAMES_ZH if lang == "zh" else RANK_NAMES_EN
    return " ".join(names[rank] for rank in reversed(range(N_RANKS)) for _ in range(counts[rank]))


def rank_name(rank: int, lang: str = "zh") -> str:
    return (RANK_NAMES_ZH if lang == "zh" else RANK_NAMES_EN)[rank]


def counts_of_cards(cards: Iterable[int]) -> Counts:
    counts = [0] * N_RANKS
    for card in cards:
        counts[card_rank(card)] += 1
    return counts


def deck_counts(deck: int = 216) -> Counts:
    """How many cards of each rank a deck of 216, 196 or 198 holds (§1.1)."""
    counts = [4 * N_PACKS] * TWO + [4 * N_PACKS, N_PACKS, N_PACKS]
    if deck in (196, 198):
        counts[THREE] = 6
        counts[FOUR] = 6 if deck == 196 else 8
    return counts
