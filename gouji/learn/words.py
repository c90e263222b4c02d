"""Small bilingual phrases the quizzes build their texts from: cards named as
players say them (一对 A, 三个 8, 大王带一张 9; a pair of aces, three 8s, a big
joker with a 9) and seats named as the table names them (你, 下家小李, 对头大张;
you, your 下家 Li, your 对头 Zhang) — never the engine's notation.

The English names of terms are the glossary's (gouji/ui/i18n/glossary.py) and
the players' names are the table's (gouji/ui/i18n/table.py); a quiz may not
import the UI, so the few it needs are repeated here and tests check they agree
(tests/test_glossary.py, tests/test_quiz_words.py)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from ..engine.cards import ACE, BIG, N_RANKS, RANK_NAMES_EN, RANK_NAMES_ZH, SMALL, TWO
from ..engine.plays import Play
from ..engine.scoring import PLACE_NAMES_ZH
from ..engine.tribute import KIND_NAMES
from .lessons import Text

TEAMMATE, SMALL_JOKER, BIG_JOKER = "teammate", "small joker", "big joker"
EIGHT = 5                # the rank 8 ("an 8")
NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
ZH_NUMBERS = ("零", "一", "两", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二")
PLACES_EN = ("头科 (1st)", "二科 (2nd)", "三科 (3rd)", "四科 (4th)", "二落 (5th)", "大落 (last)")

# The table's players, seen from the human at seat 0 (gouji/ui/i18n/table.py: "you", name_1..name_5)
NAMES = (Text("你", "you"), Text("小李", "Li"), Text("老王", "Wang"), Text("大张", "Zhang"), Text("阿梅", "Mei"),
         Text("小赵", "Zhao"))
# what each seat is to you (the table's roles: 下家, 联邦, 对头, 联邦, 上家)
ROLES = (Text("", ""), Text("下家", "下家"), Text("联邦", TEAMMATE), Text("对头", "对头"), Text("联邦", TEAMMATE),
         Text("上家", "上家"))


# ----- seats --------------------------------------------------------------
def name(n: int) -> Text:
    """A seat by the table's name: 小李 / Li; seat 0 is 你 / you."""
    return NAMES[n]


def seat(n: int) -> Text:
    """A seat with what it is to you: 下家小李 / your 下家 Li; seat 0 is 你 / you."""
    if n == 0:
        return NAMES[0]
    return Text(f"{ROLES[n].zh}{NAMES[n].zh}", f"your {ROLES[n].en} {NAMES[n].en}")


def possessive(n: int) -> Text:
    """你的 / your for seat 0, 小李的 / Li's for the others."""
    return Text("你的", "your") if n == 0 else Text(f"{NAMES[n].zh}的", f"{NAMES[n].en}'s")


def verb(n: int, third: str, second: str) -> str:
    """The English verb for a seat: ``verb(0, "passes", "pass")`` is "pass" (you pass)."""
    return second if n == 0 else third


def names(seats: Sequence[int]) -> Text:
    """Several seats by name: 小李和阿梅 / Li and Mei."""
    return Text(and_list([name(s).zh for s in seats], "zh"), and_list([name(s).en for s in seats], "en"))


def and_list(items: Sequence[str], lang: str) -> str:
    """a, b and c / a、b 和 c."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    if lang == "zh":
        return "、".join(items[:-1]) + "和" + items[-1]
    return ", ".join(items[:-1]) + " and " + items[-1]


# ----- cards --------------------------------------------------------------
def rank_plural(r: int) -> str:
    """8s, 10s, Js, aces, 2s — a rank counted in English."""
    return "aces" if r == ACE else RANK_NAMES_EN[r] + "s"


def one_of(r: int) -> str:
    """a 9, an 8, an ace, a J."""
    if r == ACE:
        return "an ace"
    return ("an " if r == EIGHT else "a ") + RANK_NAMES_EN[r]


def of_rank(n: int, r: int) -> Text:
    """``n`` cards of a rank 3..2 as players count them: 一张 9, 一对 9, 三个 9 / a 9, a pair of 9s, three 9s."""
    zh = RANK_NAMES_ZH[r]
    if n == 1:
        return Text(f"一张 {zh}", one_of(r))
    if n == 2:
        return Text(f"一对 {zh}", f"a pair of {rank_plural(r)}")
    return Text(f"{_zh_number(n)}个 {zh}", f"{count(n)} {rank_plural(r)}")


def jokers(small: int, big: int) -> Text:
    """大王, 两个小王, 大王和小王 / a big joker, two small jokers, a big joker and a small joker."""
    parts = []
    for n, zh, en in ((big, "大王", BIG_JOKER), (small, "小王", SMALL_JOKER)):
        if n:
            parts.append(Text(zh if n == 1 else f"{_zh_number(n)}个{zh}", some(n, en, article=True)))
    return Text("和".join(p.zh for p in parts), " and ".join(p.en for p in parts))


def play_words(play: Play | str) -> Text:
    """One play in words: 一张 2 贴一对 9, 两个小王带三个 8 / a 2 with a pair of 9s, two small jokers with three 8s."""
    p = Play.parse(play) if isinstance(play, str) else play
    joker = jokers(p.small, p.big)
    if p.naturals:
        natural = of_rank(p.naturals, p.rank)
        if p.twos:
            twos = Text("一张 2" if p.twos == 1 else f"{_zh_number(p.twos)}张 2", "a 2" if p.twos == 1 else
                        f"{count(p.twos)} 2s")
            core = Text(f"{twos.zh}贴{natural.zh}", f"{twos.en} with {natural.en}")
            joined = Text(f"{twos.zh}贴{natural.zh}", f"{twos.en} and {natural.en}")
        else:
            core = joined = natural
    elif p.twos:
        core = joined = of_rank(p.twos, TWO)
    else:
        return Text(joker.zh if p.jokers > 1 else f"一个{joker.zh}", joker.en)
    if not p.jokers:
        return Text(spaced(core.zh), core.en)
    return Text(spaced(f"{joker.zh}带{joined.zh}"), f"{joker.en} with {joined.en}")


def counted_as(p: Play) -> Text:
    """What a play with attached 2s counts as (§1.2): 算三个 9 / three 9s; empty without them."""
    if not (p.twos and p.naturals):
        return Text("", "")
    whole = of_rank(p.body, p.rank)
    return Text(f"算{whole.zh.replace('一对', '两个')}", whole.en.replace("a pair of", "two"))


def hand_words(counts: Sequence[int]) -> Text:
    """A hand or what is left of it, highest first: 大王、三个 A 和一对 6 / a big joker, three aces and a pair of 6s."""
    parts = []
    for r in reversed(range(N_RANKS)):
        n = counts[r]
        if not n:
            continue
        if r in (SMALL, BIG):
            word = "大王" if r == BIG else "小王"
            parts.append(Text(f"{_zh_number(n) if n > 1 else '一'}个{word}",
                              some(n, BIG_JOKER if r == BIG else SMALL_JOKER, article=True)))
        else:
            parts.append(of_rank(n, r))
    if not parts:
        return Text("什么都不剩", "nothing")
    return Text(spaced(and_list([p.zh for p in parts], "zh")), and_list([p.en for p in parts], "en"))


def is_plural(words_en: str) -> bool:
    """Whether an English card phrase takes "are" ("three 8s") rather than "is" ("a pair of 8s")."""
    return words_en.split(" ", 1)[0].lower() in NUMBERS[2:]


def be(words_en: str) -> str:
    return "are" if is_plural(words_en) else "is"


def cap(text: str) -> str:
    """The first letter upper case (a sentence's start)."""
    return text[:1].upper() + text[1:]


def count(n: int) -> str:
    return NUMBERS[n] if 0 <= n < len(NUMBERS) else str(n)


def _zh_number(n: int) -> str:
    return ZH_NUMBERS[n] if 0 <= n < len(ZH_NUMBERS) else str(n)


def some(n: int, noun: str, article: bool = False) -> str:
    """``some(1, "small joker")`` is "one small joker" ("a small joker" with ``article``),
    ``some(2, …)`` "two small jokers"."""
    number = "a" if article and n == 1 else count(n)
    return f"{number} {noun}{'' if n == 1 else 's'}"


# ----- the rest -----------------------------------------------------------
def tribute(kind: str) -> Text:
    """A tribute's name: 点贡 / point tribute."""
    zh, en = KIND_NAMES[kind]
    return Text(zh, en)


def place(index: int) -> Text:
    return Text(PLACE_NAMES_ZH[index], PLACES_EN[index])


def rank(r: int, plural: bool = True) -> Text:
    return Text(RANK_NAMES_ZH[r], rank_plural(r) if plural else RANK_NAMES_EN[r])


def join(parts: Iterable[Text], zh_sep: str = "；", en_sep: str = "; ") -> Text:
    items = list(parts)
    return Text(zh_sep.join(p.zh for p in items), en_sep.join(p.en for p in items))


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else "−" + str(-n) if n < 0 else "0"


# a digit or a Latin letter beside a Chinese character gets a space (一对 9 管得上), except in the terms
# 憋3, 亮3, 亮4, 买3 and 会3 that write them together
_LATIN_THEN_HAN = re.compile(r"([0-9A-Za-z+−])(?=[\u4e00-\u9fff])")
_HAN_THEN_LATIN = re.compile(r"((?![憋亮买会])[\u4e00-\u9fff])(?=[0-9A-Za-z+−])")


def spaced(zh: str) -> str:
    """Chinese text with a space between a card or number and the characters beside it."""
    return _HAN_THEN_LATIN.sub(r"\1 ", _LATIN_THEN_HAN.sub(r"\1 ", zh))
