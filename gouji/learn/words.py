"""Small bilingual phrases the quizzes build their texts from.

The English names of terms are the glossary's (gouji/ui/i18n/glossary.py; a
quiz may not import the UI, so the few it needs are repeated here and
tests/test_glossary.py checks they agree)."""

from __future__ import annotations

from collections.abc import Iterable

from ..engine.cards import RANK_NAMES_EN, RANK_NAMES_ZH
from ..engine.scoring import PLACE_NAMES_ZH
from ..engine.seats import next_seat, opposite, same_team
from ..engine.tribute import KIND_NAMES
from .lessons import Text

TEAMMATE, SMALL_JOKER, BIG_JOKER = "teammate", "small joker", "big joker"
NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
PLACES_EN = ("头科 (1st)", "二科 (2nd)", "三科 (3rd)", "四科 (4th)", "二落 (5th)", "大落 (last)")


def seat(n: int) -> Text:
    return Text(f"{n} 号位", f"seat {n}")


def seat_of(n: int, to: int) -> Text:
    """``seat 3 (seat 0's 对头)`` — a seat named with what it is to seat ``to``."""
    if n == next_seat(to):
        return Text(f"{n} 号位（{to} 号位的下家）", f"seat {n} (next after seat {to})")
    if n == opposite(to):
        return Text(f"{n} 号位（{to} 号位的对头）", f"seat {n} (seat {to}'s 对头)")
    if n == next_seat(to, 5):
        return Text(f"{n} 号位（{to} 号位的上家）", f"seat {n} (just before seat {to})")
    if same_team(n, to):
        return Text(f"{n} 号位（{to} 号位的联邦）", f"seat {n} (seat {to}'s {TEAMMATE})")
    return seat(n)


def some(n: int, noun: str) -> str:
    """``some(1, "small joker")`` is "one small joker", ``some(2, …)`` "two small jokers"."""
    number = NUMBERS[n] if 0 <= n < len(NUMBERS) else str(n)
    return f"{number} {noun}{'' if n == 1 else 's'}"


def tribute(kind: str) -> Text:
    """A tribute's name: 点贡 / point tribute."""
    zh, en = KIND_NAMES[kind]
    return Text(zh, en)


def place(index: int) -> Text:
    return Text(PLACE_NAMES_ZH[index], PLACES_EN[index])


def rank(r: int, plural: bool = True) -> Text:
    return Text(RANK_NAMES_ZH[r], RANK_NAMES_EN[r] + ("s" if plural else ""))


def join(parts: Iterable[Text], zh_sep: str = "；", en_sep: str = "; ") -> Text:
    items = list(parts)
    return Text(zh_sep.join(p.zh for p in items), en_sep.join(p.en for p in items))


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else "−" + str(-n) if n < 0 else "0"
