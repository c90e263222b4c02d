"""Quizzes: every topic gives reproducible multiple-choice questions whose
right answer is the engine's, with an explanation in both languages; a
session keeps the streak and per-topic counts."""

from __future__ import annotations

import random
import re

import pytest

from gouji.engine import Game, RuleSet, can_beat, is_gouji, score_deal
from gouji.engine.plays import Play
from gouji.engine.tribute import DealResult, obligations
from gouji.learn.quiz import TOPICS, QuizSession, make_question, topic_title
from gouji.learn.quiz_plays import compare_reason, gouji_reason, random_play

SEEDS = range(120)


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


def test_the_topic_comes_from_the_seed_unless_given():
    drawn = {make_question(seed).topic for seed in range(60)}
    assert drawn == set(TOPICS)
    with pytest.raises(ValueError, match="unknown quiz topic"):
        make_question(1, "poker")


def test_beat_answers_are_the_engines():
    for seed in SEEDS:
        q = make_question(seed, "beat")
        standing = q.show[0]
        for i, option in enumerate(q.options):
            if option.en == "none of them":
                assert (i == q.answer) == all(not can_beat(standing, o.en) for o in q.options if o != option)
            else:
                assert can_beat(standing, option.en) == (i == q.answer), (seed, standing, option.en)


def test_gouji_answers_are_the_engines():
    for seed in SEEDS:
        q = make_question(seed, "gouji")
        want = "not" not in q.prompt.en
        assert [is_gouji(o.en) == want for o in q.options].count(True) == 1
        assert is_gouji(q.options[q.answer].en) == want


def test_the_written_reasons_agree_with_the_engine():
    rng = random.Random(5)
    for _ in range(3000):
        size = rng.randint(1, 5)
        a, b = random_play(rng, size, rng.randint(0, 11)), random_play(rng, rng.choice((size, size, size - 1)) or 1,
                                                                       rng.randint(0, 11))
        assert compare_reason(a, b)[0] == can_beat(a, b), (a, b)
        assert ("not 够级" in gouji_reason(a).en or "never" in gouji_reason(a).en) == (not is_gouji(a)), a


def _seat(option_en: str) -> int:
    return int(re.match(r"seat (\d)", option_en).group(1))


def test_turn_answers_are_the_seat_the_engine_asks():
    for seed in SEEDS:
        q = make_question(seed, "turn")
        game = Game.from_position(q.position, RuleSet.preset("basic"))
        assert _seat(q.options[q.answer].en) == game.current_seat
        assert f"eat {game.current_seat}" in q.explanation.en.splitlines()[-1]


def test_burn_answers_are_the_engines_legal_burns():
    for seed in SEEDS:
        q = make_question(seed, "burn")
        game = Game.from_position(q.position, RuleSet.preset("basic"))
        burns = {a.split(" ", 1)[1] for a in game.legal_actions() if a.startswith("burn ")}
        for i, option in enumerate(q.options):
            if option.en == "he may not burn":
                assert (i == q.answer) == (not burns & {o.en for o in q.options})
            else:
                assert (option.en in burns) == (i == q.answer), (seed, option.en, burns)


def test_lead_answers_follow_the_rules_of_the_last_play():
    for seed in SEEDS:
        q = make_question(seed, "lead")
        leader = _seat(q.options[q.answer].en)
        assert f"seat {leader}" in q.explanation.en
        if "接风" not in q.explanation.en:
            assert is_gouji(q.show[0])


def test_score_answers_are_score_deal():
    for seed in SEEDS:
        q = make_question(seed, "score")
        order = [int(s) for s in re.findall(r"seat (\d)", q.prompt.en)]
        side = 0 if "seats 0, 2 and 4" in q.prompt.en else 1
        expected = score_deal(order, RuleSet.preset("basic"))[side]
        assert q.options[q.answer].en == str(expected)


def test_tribute_answers_are_the_obligations():
    for seed in SEEDS:
        q = make_question(seed, "tribute")
        order = tuple(int(s) for s in re.findall(r"seat (\d)", q.prompt.en.split(".")[0]))
        giver = int(re.search(r"does seat (\d) pay", q.prompt.en).group(1))
        opened_text = re.search(r"Opened: ([^.]*)\.", q.prompt.en)
        rules = RuleSet.preset("qingdao" if opened_text else "basic")
        opened = {int(s) for s in re.findall(r"seat (\d)", opened_text.group(1))} if opened_text else set()
        result = DealResult(places=order, opened=tuple(s in opened for s in range(6)))
        paid = sorted((p.receiver, p.count) for p in obligations(result, rules) if p.giver == giver)
        answer = q.options[q.answer].en
        shown = sorted((int(r), int(n)) for n, r in re.findall(r"(\d) cards? of \S+ to seat (\d)", answer))
        assert shown == paid, (seed, answer, paid)


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
