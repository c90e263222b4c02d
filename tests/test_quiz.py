"""Quizzes: every topic gives reproducible multiple-choice questions whose
right answer is the engine's, with an explanation in both languages, for
every seed; each follows a named preset and shows only plays it allows; a
session keeps the streak and per-topic counts. Options are words (seats by
the table's names, plays in card words) and an option that is a play carries
its cards (``Question.cards``) to be drawn; that the words are players' words
is tests/test_quiz_words.py."""

from __future__ import annotations

import random
import re

import pytest

from gouji.engine import Game, RuleSet, can_beat, is_gouji, score_deal
from gouji.engine.cards import THREE
from gouji.engine.errors import NotationError
from gouji.engine.plays import Play
from gouji.engine.rules import PRESETS
from gouji.engine.tribute import KIND_NAMES, DealResult, obligations
from gouji.learn.quiz import TOPICS, QuizSession, make_question, topic_rules, topic_title
from gouji.learn.quiz_plays import compare_reason, gouji_reason, random_play
from gouji.learn.words import NAMES, play_words, seat

SEEDS = range(120)
# seeds whose "beat" question once had a single option (a lone 3 standing: nothing of its size loses to it)
ONCE_BROKEN = (590, 607, 767, 769, 846, 1020, 1163, 1570, 1716, 1922, 2237, 2319, 2480, 2542, 2860, 2963, 2964)


@pytest.mark.parametrize("topic", TOPICS)
def test_every_topic_makes_sound_reproducible_questions(topic):
    for seed in SEEDS:
        q = make_question(seed, topic)
        assert q == make_question(seed, topic)
        assert 2 <= len(q.options) <= 4 and 0 <= q.answer < len(q.options)
        assert len({o.en for o in q.options}) == len(q.options) and len({o.zh for o in q.options}) == len(q.options)
        for text in (q.prompt, q.explanation, *q.options):
            assert text.zh.strip() and text.en.strip()
    assert topic_title(topic).zh and topic_title(topic).en


def _sound(q, topic: str, seed: int) -> None:
    assert q.topic == topic and q.seed == seed and q.rules == topic_rules(topic) in PRESETS
    assert 2 <= len(q.options) <= 4 and 0 <= q.answer < len(q.options), (topic, seed)
    assert len({o.en for o in q.options}) == len(q.options) and len({o.zh for o in q.options}) == len(q.options)


@pytest.mark.parametrize("seed", ONCE_BROKEN)
def test_beat_questions_that_once_failed_now_have_a_wrong_option(seed):
    q = make_question(seed, "beat")
    _sound(q, "beat", seed)
    assert sum(bool(c) and can_beat(q.show[0], c) for c in q.cards) == 1


@pytest.mark.parametrize("topic", TOPICS)
def test_every_seed_makes_a_question_short_sweep(topic):
    """Endless means every seed works: a quick sweep for the fast lane (the full one, every
    seed 0..3000 checked for soundness and words at once, is in test_quiz_words.py)."""
    for seed in range(0, 3001, 25):
        _sound(make_question(seed, topic), topic, seed)


def _plays(q) -> list[Play]:
    """Every play a question shows or offers (a hand shown is not one play)."""
    out = []
    for text in (*q.show, *q.cards):
        try:
            out.append(Play.parse(text))
        except NotationError:
            pass
    return out


@pytest.mark.parametrize("topic", TOPICS)
def test_an_option_that_is_a_play_carries_its_cards_and_its_words(topic):
    for seed in range(0, 300, 3):
        q = make_question(seed, topic)
        assert len(q.cards) == len(q.options)
        for option, cards in zip(q.options, q.cards):
            if cards:
                assert option == play_words(cards), (seed, cards, option)
        if topic in ("beat", "gouji"):
            assert sum(bool(c) for c in q.cards) >= len(q.options) - 1
        elif topic != "burn":
            assert not any(q.cards)


@pytest.mark.parametrize("topic", ["beat", "gouji"])
def test_plays_are_legal_under_the_rules_the_question_names(topic):
    """Under 憋3 (the default rules the play topics follow) 3s never carry 2s or jokers —
    no 22333, no xx3 — and no 3 ever answers a play."""
    assert RuleSet.preset(topic_rules(topic)).bie_san
    for seed in range(400):
        q = make_question(seed, topic)
        for play in _plays(q):
            assert play.rank != THREE or not (play.twos or play.jokers), (seed, str(play))
        if topic == "beat":
            assert all("3" not in c for c in q.cards), (seed, q.cards)


def test_the_quiz_names_the_rules_of_each_topic():
    assert {topic: topic_rules(topic) for topic in TOPICS} == {
        "beat": "qingdao", "gouji": "qingdao", "score": "qingdao", "tribute": "qingdao",   # the default rules
        "turn": "basic", "burn": "basic", "lead": "basic"}   # 憋3 would make every 底牌 3s and change burns


def test_the_topic_comes_from_the_seed_unless_given():
    drawn = {make_question(seed).topic for seed in range(60)}
    assert drawn == set(TOPICS)
    with pytest.raises(ValueError, match="unknown quiz topic"):
        make_question(1, "poker")


def test_beat_answers_are_the_engines():
    for seed in SEEDS:
        q = make_question(seed, "beat")
        standing, rules = q.show[0], RuleSet.preset(q.rules)
        for i, (option, cards) in enumerate(zip(q.options, q.cards)):
            if option.en == "none of them":
                assert (i == q.answer) == all(not can_beat(standing, c, rules) for c in q.cards if c)
            else:
                assert can_beat(standing, cards, rules) == (i == q.answer), (seed, standing, cards)


def test_gouji_answers_are_the_engines():
    for seed in SEEDS:
        q = make_question(seed, "gouji")
        want = "not" not in q.prompt.en
        assert [is_gouji(c) == want for c in q.cards].count(True) == 1
        assert is_gouji(q.cards[q.answer]) == want


def test_the_written_reasons_agree_with_the_engine():
    rng = random.Random(5)
    for _ in range(3000):
        size = rng.randint(1, 5)
        a, b = random_play(rng, size, rng.randint(0, 11)), random_play(rng, rng.choice((size, size, size - 1)) or 1,
                                                                       rng.randint(0, 11))
        assert compare_reason(a, b)[0] == can_beat(a, b), (a, b)
        assert ("not 够级" in gouji_reason(a).en or "never" in gouji_reason(a).en) == (not is_gouji(a)), a


def _why(a: str, b: str) -> str:
    return compare_reason(Play.parse(a), Play.parse(b))[1].en


def test_the_reasons_count_in_good_english():
    """"one card", "a small joker", "an ace does not beat a 2" — never "1 cards" or "9's 9s"."""
    assert _why("9", "TT") == "A pair of 10s is two cards and a 9 is one: a beat needs the same number of cards."
    assert _why("9", "9") == "A 9 does not beat a 9: a 9 only ties with a 9, and a beat needs every card higher."
    assert _why("TT", "99") == "A pair of 9s does not beat a pair of 10s: 9s are lower than 10s."
    assert _why("2", "A") == "An ace does not beat a 2: aces are lower than 2s."     # no word of attached 2s
    assert _why("x2", "XA") == ("A big joker with an ace does not beat a small joker with a 2: aces are lower than "
                                "2s; a joker does not make up for it.")
    assert _why("25", "X5") == ("A big joker with a 5 does not beat a 2 with a 5 (two 5s): a 5 only ties with a 5, "
                                "and a beat needs every card higher; a joker does not make up for it.")
    assert _why("x8", "29") == ("In a small joker with an 8, the small joker needs a big joker over it, and a 2 with "
                                "a 9 has none.")
    assert _why("xx", "X2") == "Each of the two small jokers needs a big joker over it, and a big joker with a 2 has " \
                               "only one."
    assert _why("x", "2") == "Only a big joker beats a small joker, and a 2 is not one."
    assert _why("888", "299") == ("A 2 with a pair of 9s (three 9s) beats three 8s: the same number of cards, each "
                                  "higher than the one it faces.")
    rng = random.Random(8)
    for _ in range(2000):
        size = rng.randint(1, 5)
        a, b = random_play(rng, size, rng.randint(0, 11)), random_play(rng, size, rng.randint(0, 11))
        text = compare_reason(a, b)[1].en + gouji_reason(a).en
        assert not re.search(r"\b1 cards\b|'s \w+s\b|小王|大王", text), text


SEAT_OF = {seat(n).en: n for n in range(6)}
NAME_OF = {NAMES[n].en: n for n in range(6)} | {"You": 0}
NAMES_RE = "|".join(NAME_OF)


def _seat(option_en: str) -> int:
    return SEAT_OF[option_en]


def _named(text: str) -> list[int]:
    """The seats a text names, in order (by the table's names)."""
    return [NAME_OF[n] for n in re.findall(rf"\b({NAMES_RE})\b", text)]


def test_turn_answers_are_the_seat_the_engine_asks():
    for seed in SEEDS:
        q = make_question(seed, "turn")
        game = Game.from_position(q.position, RuleSet.preset("basic"))
        assert _seat(q.options[q.answer].en) == game.current_seat
        assert game.current_seat in _named(q.explanation.en.splitlines()[-1])


def test_burn_answers_are_the_engines_legal_burns():
    for seed in SEEDS:
        q = make_question(seed, "burn")
        game = Game.from_position(q.position, RuleSet.preset("basic"))
        burns = {a.split(" ", 1)[1] for a in game.legal_actions() if a.startswith("burn ")}
        for i, (option, cards) in enumerate(zip(q.options, q.cards)):
            if option.en == "you may not burn":
                assert (i == q.answer) == (not burns & set(q.cards))
            else:
                assert (cards in burns) == (i == q.answer), (seed, cards, burns)


def test_lead_answers_follow_the_rules_of_the_last_play():
    for seed in SEEDS:
        q = make_question(seed, "lead")
        leader = _seat(q.options[q.answer].en)
        assert leader in _named(q.explanation.en)
        if "接风" not in q.explanation.en:
            assert is_gouji(q.show[0])


def test_score_answers_are_score_deal():
    for seed in SEEDS:
        q = make_question(seed, "score")
        order = _named(q.prompt.en.split(".")[0])
        side = 0 if "your team (you, Wang and Mei)" in q.prompt.en else 1
        assert sorted(order) == list(range(6)) and (side == 1) == ("the other team (Li, Zhang and Zhao)" in q.prompt.en)
        expected = score_deal(order, RuleSet.preset("basic"))[side]
        assert q.options[q.answer].en == str(expected)


def test_tribute_answers_are_the_obligations():
    names = "|".join(en for _, en in KIND_NAMES.values())
    for seed in SEEDS:
        q = make_question(seed, "tribute")
        order = tuple(_named(q.prompt.en.split(".")[0]))
        giver = NAME_OF[re.search(rf"What tribute do(?:es)? ({NAMES_RE}) pay", q.prompt.en).group(1)]
        opened_text = re.search(r"Opened: ([^.]*)\.", q.prompt.en).group(1)
        rules = RuleSet.preset(q.rules)
        opened = set(range(6)) if opened_text == "everyone" else set(_named(opened_text))
        result = DealResult(places=order, opened=tuple(s in opened for s in range(6)))
        paid = sorted((p.kind, p.receiver, p.count) for p in obligations(result, rules) if p.giver == giver)
        answer = q.options[q.answer].en
        shown = sorted((next(k for k, (_, en) in KIND_NAMES.items() if en == kind), NAME_OF[r], int(n))
                       for kind, n, r in re.findall(rf"({names}): (\d) cards? to ({NAMES_RE})", answer))
        assert shown == paid, (seed, answer, paid)


def test_tribute_questions_say_what_did_not_happen_and_name_tributes_in_english():
    """Only 落贡 and 点贡 are worked out, so the prompt rules out 烧贡, 闷贡 and 宣点; English
    answers and reasons use the English names of the tributes."""
    for seed in range(60):
        q = make_question(seed, "tribute")
        assert "no burn succeeded, nobody was stuck (闷), nobody declared (宣点)" in q.prompt.en
        assert "没有烧成功，没有人被闷，没有人宣点" in q.prompt.zh
        for option in q.options:
            assert "贡" not in option.en, option.en
        assert not re.search(r"(?<!\()[点落烧闷]贡", q.explanation.en), q.explanation.en


def test_a_session_counts_the_streak_and_the_accuracy_per_topic():
    session = QuizSession(seed=11)
    first = [session.next() for _ in range(3)]
    again = QuizSession(seed=11)
    assert [again.next() for _ in range(3)] == first     # the same seed, the same questions
    with pytest.raises(RuntimeError):
        QuizSession(seed=11).answer(0)              # nothing asked yet
    q = session.next()
    right = session.answer(q.answer)
    assert right.correct and right.explanation == q.explanation and session.streak == 1
    q = session.next()
    assert session.answer(q.answer).correct and session.streak == 2
    q = session.next()
    wrong = session.answer((q.answer + 1) % len(q.options))
    assert not wrong.correct and wrong.right == q.answer and wrong.explanation.en
    assert session.streak == 0 and session.best_streak == 2
    assert sum(session.asked.values()) == 3 and sum(session.right.values()) == 2
    assert session.accuracy(q.topic) is not None and session.accuracy("nope") is None


def test_a_session_on_one_topic_asks_only_that():
    session = QuizSession(seed=3, topics=("burn",))
    assert {session.next().topic for _ in range(5)} == {"burn"}
    with pytest.raises(ValueError):
        QuizSession(seed=3, topics=("poker",))
    q = session.next()
    with pytest.raises(ValueError):
        session.answer(7)
    assert isinstance(Play.parse(q.show[0]), Play)
