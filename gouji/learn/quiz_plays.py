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

from ..engine.cards import ACE, TEN, THREE, TWO
from ..engine.plays import GOUJI_MINIMUM, NO_RANK, Play, can_beat, is_dead, is_gouji
from .draft import Draft, shuffled
from .lessons import Text
from .words import BIG_JOKER, NUMBERS, SMALL_JOKER, join, rank, some

RULES = "qingdao"        # the preset these questions follow (the quiz screen names it)
MAX_TRIES = 500
Wanted = Callable[[Play], bool]


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
    if a.size != b.size:
        return False, Text(f"{b} 是 {b.size} 张，{a} 是 {a.size} 张：张数不一样，管不了。",
                           f"{b} has {cards(b.size)} and {a} has {a.size}: a beat needs the same number of cards.")
    if a.big:
        return False, _dead(a)
    if b.big < a.small:
        has = Text(f"只有 {b.big} 个", f"has only {b.big}") if b.big else Text("一个也没有", "has none")
        return False, Text(f"{a} 有 {a.small} 个小王，每个小王要一个大王来压，{b} {has.zh}。",
                           f"{a} has {some(a.small, SMALL_JOKER)}, each needing a {BIG_JOKER} over it, and {b} "
                           f"{has.en}.")
    if b.body and b.rank <= a.rank:
        theirs, mine = rank(a.rank, a.body > 1), rank(b.rank, b.body > 1)
        attached = Text("（贴的 2 算同样的点数）", " (attached 2s count as that rank)")
        note = attached if a.twos or b.twos else Text("", "")
        joker = Text("", "")
        if b.jokers:
            joker = Text("，王也补不了", ", and its jokers do not make up for it") if b.jokers > 1 else \
                Text("，王也补不了", ", and its joker does not make up for it")
        verb = "are" if b.body > 1 else "is"
        return False, Text(f"{b} 的 {mine.zh} 不比 {a} 的 {theirs.zh} 大{note.zh}{joker.zh}。",
                           f"In {b} the {mine.en} {verb} not above the {theirs.en} of {a}{note.en}{joker.en}.")
    extra = Text("", "")
    if a.small:
        extra = Text("，大王压住了小王", f"; its {BIG_JOKER}s cover the {SMALL_JOKER}s") if a.small > 1 else \
            Text("，大王压住了小王", f"; its {BIG_JOKER} covers the {SMALL_JOKER}")
    return True, Text(f"{b} 管得上 {a}：张数一样，一张对一张都更大{extra.zh}。",
                      f"{b} beats {a}: the same number of cards, each stronger than the one it faces{extra.en}.")


def cards(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


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
    options, answer = shuffled(rng, Text(str(beater), str(beater)), [Text(str(p), str(p)) for p in plays[1:]])
    reasons = join((compare_reason(a, p)[1] for p in plays), "\n", "\n")
    return Draft(Text(f"桌上是 {a}。下面哪一手管得上它？", f"The standing play is {a}. Which of these beats it?"),
                 options, answer, reasons, show=(str(a),))


def _dead_question(rng: random.Random, a: Play) -> Draft:
    plays = list(dict.fromkeys(random_play(rng, a.size, rng.randint(0, ACE), jokers=i == 0) for i in range(3)))
    plays = [p for p in plays if p != a and _follows(p)]
    while not plays:
        candidate = random_play(rng, a.size, rng.randint(1, ACE))
        plays = [candidate] if candidate != a and _follows(candidate) else []
    none = Text("哪个都管不了", "none of them")
    options, answer = shuffled(rng, none, [Text(str(p), str(p)) for p in plays])
    return Draft(Text(f"桌上是 {a}。下面哪一手管得上它？", f"The standing play is {a}. Which of these beats it?"),
                 options, answer, _dead(a), show=(str(a),))


def _dead(a: Play) -> Text:
    return Text(f"{a} 带大王，是死牌，什么牌都管不了它。", f"{a} holds a {BIG_JOKER}: a dead play, nothing beats it.")


def _find(rng: random.Random, wanted: Wanted, size: int, near: int) -> Play | None:
    for _ in range(MAX_TRIES):
        candidate = random_play(rng, size, near)
        if wanted(candidate):
            return candidate
    return None


def gouji_reason(p: Play) -> Text:
    """Why a play is or is not 够级 (agrees with ``is_gouji``)."""
    if p.jokers:
        return Text(f"{p} 带王：带王的牌都够级。", f"{p} carries a joker: every play with a joker is 够级.")
    if p.rank == TWO:
        return Text(f"{p} 全是 2：只有 2 的牌都够级。", f"{p} is only 2s: a play of 2s is always 够级.")
    name = rank(p.rank, p.body > 1)
    if p.rank < TEN:
        return Text(f"{p} 是 {p.body} 个 {name.zh}：3 到 9 多少张都不够级。",
                    f"{p} is {count(p.body)} {name.en}: 3 to 9 are never 够级, however many.")
    need = GOUJI_MINIMUM[p.rank]
    verdict = Text("够级", "够级") if p.body >= need else Text("不够级", "not 够级")
    counted = Text("（贴的 2 也算）", " (attached 2s included)") if p.twos else Text("", "")
    return Text(f"{p} 是 {p.body} 个 {name.zh}{counted.zh}，{name.zh} 要 {need} 个起算：{verdict.zh}。",
                f"{p} is {count(p.body)} {name.en}{counted.en}; {rank(p.rank).en} count from {count(need)}: "
                f"{verdict.en}.")


def count(n: int) -> str:
    return NUMBERS[n] if n < len(NUMBERS) else str(n)


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
    options, answer = shuffled(rng, Text(str(right), str(right)), [Text(str(p), str(p)) for p in wrong])
    prompt = Text("下面哪一手是够级牌？", "Which of these plays is 够级?") if want else \
        Text("下面哪一手不是够级牌？", "Which of these plays is not 够级?")
    return Draft(prompt, options, answer, join((gouji_reason(p) for p in [right, *wrong]), "\n", "\n"))


def _pick(rng: random.Random, wanted: Wanted) -> Play:
    while True:
        p = _near_threshold(rng)
        if wanted(p):
            return p
