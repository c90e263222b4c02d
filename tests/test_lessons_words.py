"""Every lesson speaks a player's words (both languages): cards named as players
say them (三个 8, 一对 A, 大王; three 8s, a pair of aces, big joker), seats
as the table names them (对头大张, 下家小李), never the engine's notation
("xx888", "X2J", "桌上是 x"), seat numbers ("3 号位", "seat 3") or formulas
("j ≥ d − 1"). The scanner is shown to catch each of those and to let real
sentences through; and what a lesson shows as one play is a legal play under
the rules its learner plays."""

from __future__ import annotations

import re

import pytest

from gouji.engine import NotationError
from gouji.engine.cards import BIG, SMALL, THREE, TWO
from gouji.engine.plays import parse_play
from gouji.learn import load_lessons

# A run of two or more card letters standing alone ("88", "xQQ", "2TTTT", "56688AAA22x").
CARD_RUN = re.compile(r"(?<![0-9A-Za-z])[2-9TJQKAxX]{2,}(?![0-9A-Za-z])")
# A lone x, X or T is a card in notation (players say 小王, 大王, 10).
LONE_LETTER = re.compile(r"(?<![A-Za-z])[xXT](?![A-Za-z])")
SEAT_NUMBER = re.compile(r"号位|\bseats? \d")
FORMULA = re.compile(r"[≥≤]|(?<![A-Za-z])[a-zA-Z] ?[−+=<>] ?(?:\d|[a-zA-Z](?![A-Za-z]))")


def is_notation_run(run: str) -> bool:
    """A run of card letters is notation unless it is an ordinary number such as
    36 (cards) or 45: digits only, two of them, different. Letters, jokers, a
    repeated rank ("99", "266") or three digits and more are plays."""
    return not (run.isdigit() and len(run) == 2 and run[0] != run[1])


def faults(text: str) -> list[str]:
    """What in ``text`` is engine talk rather than a player's words."""
    found = [f"notation {m.group()!r}" for m in CARD_RUN.finditer(text) if is_notation_run(m.group())]
    found += [f"card letter {m.group()!r}" for m in LONE_LETTER.finditer(text)]
    found += [f"seat number {m.group()!r}" for m in SEAT_NUMBER.finditer(text)]
    found += [f"formula {m.group()!r}" for m in FORMULA.finditer(text)]
    return found


LESSONS = load_lessons()


# ----- the scanner itself -------------------------------------------------
@pytest.mark.parametrize("bad", [
    "两个小王带三个 8（xx888）", "X2J", "桌上是 x，你出什么？", "手里是 56688AAA22x", "他出了 xQQ",
    "22333 就是五个 3", "266 是三个 6", "你的对头出了 88。", "Your 对头 played KK.", "burn with 2AA",
    "用 AA 管上", "3 号位出了 66", "seat 3 played 66", "seats 4 and 5 pass", "要 j ≥ d − 1",
    "you need j ≥ d − 1", "x above K", "the small joker (x)", "a big joker (X)", "出 T", "x99 挂王",
    "his 333 waits", "2TTTT 是五个 10",
])
def test_the_scanner_catches_engine_notation(bad):
    assert faults(bad), bad


@pytest.mark.parametrize("good", [
    "三个 8", "一对 A", "两个小王带三个 8", "大王带一对 9", "一张 2 贴四个 10", "每人 36 张牌",
    "头科 +4，大落 −4", "(4 + 2 + 0) × 2 = 12", "牌从小到大：3 4 5 6 7 8 9 10 J Q K A 2 小王 大王",
    "A pair of aces beats a pair of kings.", "A play with a big joker", "three 8s", "four 10s and a 2",
    "你的对头大张", "下家小李", "Your 对头 Zhang", "Li, your 下家", "第 2 局", "5 局", "a K, an A",
])
def test_the_scanner_lets_players_words_through(good):
    assert faults(good) == [], good


# ----- every lesson -------------------------------------------------------
@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_every_lesson_text_is_in_players_words(lesson):
    problems = [f"{lang}: {fault} in {text.get(lang)[:60]!r}"
                for text in lesson.texts() for lang in ("zh", "en") for fault in faults(text.get(lang))]
    assert problems == []


def test_the_scan_really_reads_every_text():
    texts = [text.get(lang) for lesson in LESSONS for text in lesson.texts() for lang in ("zh", "en")]
    assert len(texts) > 200 and sum(len(t) for t in texts) > 20000
    assert any("对头大张" in t for t in texts) and any("一对 A" in t for t in texts)


def _single_plays(cards: tuple[str, ...]) -> list[str]:
    plays = []
    for text in cards:
        try:
            parse_play(text)
        except NotationError:
            continue   # not one play: a hand or a remainder, drawn as cards
        plays.append(text)
    return plays


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_a_play_a_lesson_shows_is_legal_under_its_rules(lesson):
    """Under 憋3 (the default) 3s are played alone: a shown play of 3s with 2s
    or jokers (such as 22333) would teach a play the learner can never make."""
    shown = [(lesson.show, lesson.steps[0].ruleset())] + [(step.show, step.ruleset()) for step in lesson.steps]
    bad = [(play, rules.bie_san) for cards, rules in shown for play in _single_plays(cards)
           if rules.bie_san and parse_play(play).counts()[THREE]
           and any(parse_play(play).counts()[r] for r in (TWO, SMALL, BIG))]
    assert bad == []
