"""Quiz topics about single plays: does this beat that (§1.3), is it 够级 (§1.4).
The answers come from the engine's ``can_beat`` and ``is_gouji``; the
reasons are written from the same position rule and thresholds.

The questions use the default rules (``RULES``, with 憋3), so every play they
show is one those rules allow: 3s never carry 2s or jokers (``22333`` and
``xx3`` are refused under 憋3), and only a standing play (a player's last
cards) is ever made of 3s — under 憋3 no 3 can beat anything."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ..engine.cards import ACE, TEN, THREE, TWO
from ..engine.plays import GOUJI_MINIMUM, NO_RANK, Play, can_beat, is_dead, is_gouji
from .draft import Draft, shuffled
from .lessons import Text
from .words import BIG_JOKER, SMALL_JOKER, be, cap, count, counted_as, join, one_of, play_words, rank, rank_plural

RULES = "qingdao"        # the preset these questions follow (the quiz screen names it)
MAX_TRIES = 500
Wanted = Callable[[Play], bool]
ZH_COUNTS = ("零", "一", "两", "三", "四", "五")


@dataclass(frozen=True)
class CardsDraft(Draft):
    """A draft whose options may be plays: each option's cards in notation ("" for words), drawn beside it."""

    cards: tuple[str, ...] = ()


def card_options(rng: random.Random, right: tuple[Text, str], wrong: list[tuple[Text, str]]
                 ) -> tuple[tuple[Text, ...], int, tuple[str, ...]]:
    """``shuffled`` for options that carry cards: (options, answer, each option's cards)."""
    cards = dict([right, *wrong])
    options, answer = shuffled(rng, right[0], [text for text, _ in wrong])
    return options, answer, tuple(cards[o] for o in options)


def _option(p: Play) -> tuple[Text, str]:
    return play_words(p), str(p)


def random_play(rng: random.Random, size: int, near: int, jokers: bool = True) -> Play:
    """A play of ``size`` cards around rank ``near``, sometimes with 2s and jokers;
    3s come alone (憋3 allows no 2 or joker with them)."""
    big = rng.choices((0, 1, 2), (8, 2, 1))[0] if jokers else 0
    small = rng.choices((0, 1, 2), (6, 3, 1))[0] if jokers else 0
    big = min(big, size)
    small = min(small, size - big)
    body = size - big - small
    if body == 0:
        return Play(NO_RANK, 0, 0, small, big)
    r = TWO if rng.random() < 0.08 else max(0, min(ACE, near + rng.randint(-2, 2)))
    if r == TWO:
        return Play(TWO, 0, body, small, big)
    if r == THREE:
        return Play(THREE, size, 0, 0, 0)
    twos = rng.randint(0, min(body - 1, 2))
    return Play(r, body - twos, twos, small, big)


def compare_reason(a: Play, b: Play) -> tuple[bool, Text]:
    """Whether ``b`` beats ``a`` by the position rule, and why (agrees with ``can_beat``)."""
    mine, theirs = play_words(b), play_words(a)
    if a.size != b.size:
        return False, Text(f"{mine.zh}是 {b.size} 张，{theirs.zh}是 {a.size} 张：张数不一样，管不了。",
                           f"{cap(mine.en)} {be(mine.en)} {cards(b.size)} and {theirs.en} {be(theirs.en)} "
                           f"{count(a.size)}: a beat needs the same number of cards.")
    if a.big:
        return False, _dead(a)
    if b.big < a.small:
        return False, _jokers_reason(a, b)
    theirs, mine = _counted(a), _counted(b)
    if b.body and b.rank <= a.rank:
        if b.rank < a.rank:
            why = Text(f"{_rank_zh(b.rank)} 比 {_rank_zh(a.rank)} 小", f"{rank_plural(b.rank)} are lower than "
                       f"{rank_plural(a.rank)}")
        else:
            why = Text(f"{_rank_zh(a.rank)} 和 {_rank_zh(a.rank)} 一样大，要每张都更大才管得上",
                       f"{one_of(a.rank)} only ties with {one_of(a.rank)}, and a beat needs every card higher")
        joker = Text("，王也补不了", "; a joker does not make up for it") if b.jokers else Text("", "")
        return False, Text(f"{mine.zh}管不了{theirs.zh}：{why.zh}{joker.zh}。",
                           f"{cap(mine.en)} {_does(mine.en)} not beat {theirs.en}: {why.en}{joker.en}.")
    extra = Text("", "")
    if a.small:
        covers = f"the {BIG_JOKER}s cover" if b.big > 1 else f"the {BIG_JOKER} covers"
        extra = Text("，大王压住了小王", f"; {covers} the {SMALL_JOKER}{'s' * (a.small > 1)}")
    return True, Text(f"{mine.zh}管得上{theirs.zh}：张数一样，一张对一张都更大{extra.zh}。",
                      f"{cap(mine.en)} {_does(mine.en, 'beats', 'beat')} {theirs.en}: the same number of cards, "
                      f"each higher than the one it faces{extra.en}.")


def _jokers_reason(a: Play, b: Play) -> Text:
    """Why ``b`` has too few big jokers for the small jokers of ``a``."""
    theirs, mine = play_words(a), play_words(b)
    if a.size == 1:
        return Text(f"小王只有大王管得上，{mine.zh}不是大王。",
                    f"Only a {BIG_JOKER} beats a {SMALL_JOKER}, and {mine.en} is not one.")
    has = Text(f"只有{ZH_COUNTS[b.big]}个大王", f"has only {count(b.big)}") if b.big else \
        Text("一个大王也没有", "has none")
    each = Text("小王要一个大王来压", f"the {SMALL_JOKER} needs a {BIG_JOKER} over it") if a.small == 1 else \
        Text("每个小王都要一个大王来压", f"each {SMALL_JOKER} needs a {BIG_JOKER} over it")
    if a.small == a.size:       # only small jokers
        each = Text(f"{ZH_COUNTS[a.small]}个小王每个都要一个大王来压",
                    f"each of the {count(a.small)} {SMALL_JOKER}s needs a {BIG_JOKER} over it")
    where = Text("", "") if a.small == a.size else Text(f"{theirs.zh}：", f"In {theirs.en}, ")
    return Text(f"{where.zh}{each.zh}，{mine.zh}{has.zh}。", f"{cap(where.en + each.en)}, and {mine.en} {has.en}.")


def _counted(p: Play) -> Text:
    """A play in words, with what its attached 2s make it in brackets: 一张 2 贴一张 5（算两个 5）."""
    words, counted = play_words(p), counted_as(p)
    if not counted.en:
        return words
    return Text(f"{words.zh}（{counted.zh}）", f"{words.en} ({counted.en})")


def _rank_zh(r: int) -> str:
    return rank(r).zh


def _does(words_en: str, third: str = "does", plural: str = "do") -> str:
    return plural if be(words_en) == "are" else third


def cards(n: int) -> str:
    return "one card" if n == 1 else f"{count(n)} cards"


def _follows(p: Play) -> bool:
    """A play that may answer another under 憋3: it holds no 3."""
    return p.rank != THREE


def beat_question(rng: random.Random) -> Draft:
    """Which of these beats the standing play: one that does, one to three that do not."""
    while True:
        size = rng.randint(1, 5)
        a = random_play(rng, size, rng.randint(0, ACE - 1))
        if is_dead(a):
            return _dead_question(rng, a)
        beater = _find(rng, lambda p: can_beat(a, p) and _follows(p), size, a.rank + 1)
        if beater is not None:
            break
    wrong: list[Play] = []
    for _ in range(6 if a.rank != THREE else 0):   # every play of its size without 3s beats a play of 3s
        loser = _find(rng, lambda p: not can_beat(a, p) and p != a and _follows(p), size, a.rank)
        if loser is None:
            break
        wrong.append(loser)
    wrong = list(dict.fromkeys(wrong))[:2]
    if size > 1 and (rng.random() < 0.3 or not wrong):
        shorter = _find(rng, _follows, size - 1, a.rank + 1)
        wrong += [shorter] if shorter else []
    if not wrong:    # nothing of the same size fails to beat it (a lone 3): a play of the wrong size does
        longer = _find(rng, lambda p: _follows(p) and p != beater, size + 1, a.rank + 1)
        wrong += [longer] if longer else []
    plays = [beater, *[p for p in dict.fromkeys(wrong) if p != beater]]
    options, answer, shown = card_options(rng, _option(beater), [_option(p) for p in plays[1:]])
    reasons = join((compare_reason(a, p)[1] for p in plays), "\n", "\n")
    return CardsDraft(_beat_prompt(a), options, answer, reasons, show=(str(a),), cards=shown)


def _beat_prompt(a: Play) -> Text:
    words = play_words(a)
    return Text(f"桌上是{words.zh}。下面哪一手管得上它？", f"The standing play is {words.en}. Which of these beats it?")


def _dead_question(rng: random.Random, a: Play) -> Draft:
    plays = list(dict.fromkeys(random_play(rng, a.size, rng.randint(0, ACE), jokers=i == 0) for i in range(3)))
    plays = [p for p in plays if p != a and _follows(p)]
    while not plays:
        candidate = random_play(rng, a.size, rng.randint(1, ACE))
        plays = [candidate] if candidate != a and _follows(candidate) else []
    none = Text("哪个都管不了", "none of them")
    options, answer, shown = card_options(rng, (none, ""), [_option(p) for p in plays])
    return CardsDraft(_beat_prompt(a), options, answer, _dead(a), show=(str(a),), cards=shown)


def _dead(a: Play) -> Text:
    words = play_words(a)
    return Text(f"带大王的牌是死牌，什么牌都管不了{words.zh}。",
                f"Nothing beats {words.en}: a play with a {BIG_JOKER} is dead (死牌).")


def _find(rng: random.Random, wanted: Wanted, size: int, near: int) -> Play | None:
    for _ in range(MAX_TRIES):
        candidate = random_play(rng, size, near)
        if wanted(candidate):
            return candidate
    return None


def gouji_reason(p: Play) -> Text:
    """Why a play is or is not 够级 (agrees with ``is_gouji``)."""
    words = _counted(p)
    if p.jokers:
        return Text(f"{words.zh}够级：带王的牌都够级。", f"{cap(words.en)} {be(words.en)} 够级: every play with a "
                    "joker is.")
    if p.rank == TWO:
        return Text(f"{words.zh}够级：只有 2 的牌都够级。", f"{cap(words.en)} {be(words.en)} 够级: a play of only 2s "
                    "always is.")
    if p.rank < TEN:
        return Text(f"{words.zh}不够级：3 到 9 多少张都不够级。",
                    f"{cap(words.en)} {be(words.en)} not 够级: 3s to 9s never are, however many.")
    need = GOUJI_MINIMUM[p.rank]
    verdict = Text("够级", "够级") if p.body >= need else Text("不够级", "not 够级")
    return Text(f"{words.zh}{verdict.zh}：{rank(p.rank).zh} 要{ZH_COUNTS[need]}张起。",
                f"{cap(words.en)} {be(words.en)} {verdict.en}: {rank_plural(p.rank)} need {count(need)} or more.")


def _near_threshold(rng: random.Random) -> Play:
    kind = rng.random()
    if kind < 0.6:
        r = rng.randint(TEN, ACE)
        body = max(1, GOUJI_MINIMUM[r] + rng.choice((-1, -1, 0, 1)))
        twos = rng.randint(0, min(body - 1, 1))
        return Play(r, body - twos, twos, 0, 0)
    if kind < 0.75:
        return Play(rng.randint(0, TEN - 1), rng.randint(4, 8), 0, 0, 0)
    if kind < 0.88:
        return Play(TWO, 0, rng.randint(1, 3), 0, 0)
    return random_play(rng, rng.randint(2, 4), rng.randint(0, ACE))


def gouji_question(rng: random.Random) -> Draft:
    want = rng.random() < 0.7          # ask for the one that is 够级, else the one that is not
    right = _pick(rng, lambda p: is_gouji(p) == want)
    wrong: list[Play] = []
    while len(wrong) < 3:
        p = _pick(rng, lambda p: is_gouji(p) != want)
        if p not in wrong and p != right:
            wrong.append(p)
    options, answer, shown = card_options(rng, _option(right), [_option(p) for p in wrong])
    prompt = Text("下面哪一手是够级牌？", "Which of these plays is 够级?") if want else \
        Text("下面哪一手不是够级牌？", "Which of these plays is not 够级?")
    return CardsDraft(prompt, options, answer, join((gouji_reason(p) for p in [right, *wrong]), "\n", "\n"),
                      cards=shown)


def _pick(rng: random.Random, wanted: Wanted) -> Play:
    while True:
        p = _near_threshold(rng)
        if wanted(p):
            return p
