"""The pure parts behind the Learn screens: the lesson step's session (what the
table drives), the practice table's memory (timeline, undo, "why?") and the
card and text helpers. Under 2 s."""

from __future__ import annotations

import random

import bots
from gouji import Match, RuleSet
from gouji.engine.cards import counts_of_cards, parse_counts
from gouji.learn import LessonRunner, Verdict, load_lesson
from gouji.ui.model.lesson_session import LessonSession
from gouji.ui.model.practice_memory import explain, replay_to, timeline, undo_target


def session_at(lesson_id: str) -> LessonSession:
    runner = LessonRunner(load_lesson(lesson_id))
    runner.start_step()
    return LessonSession(runner)


def test_a_wrong_answer_leaves_the_shown_table_as_it_was():
    session = session_at("rounds")
    before = list(session.events)
    assert session.check("pass") is None
    assert session.apply("pass") == []
    assert session.outcomes[-1].verdict == Verdict.WRONG
    assert session.events == before and not session.answered and not session.is_over


def test_a_right_answer_plays_on_with_the_steps_replies_one_by_one():
    session = session_at("rounds")
    step = session.runner.step
    events = session.apply(step.accept[0])
    assert session.outcomes[-1].verdict == Verdict.ACCEPTED and events
    replies = list(step.then)
    assert replies and not session.is_over
    while session.next_reply() is not None:
        assert session.next_reply() == replies.pop(0)
        session.apply(session.next_reply())
    assert session.is_over and not replies
    assert session.shown.actions == session.runner.table.actions   # the shown table caught up with the runner's
    assert session.check("pass") is not None                       # nothing more to do in this step


def test_the_practice_timeline_agrees_with_the_match_and_undo_finds_the_players_decisions():
    match = Match.new(3, RuleSet.preset("basic"))
    players = [bots.make("normal", seat, 3) for seat in range(6)]
    rng = random.Random(3)
    for _ in range(60):
        seat = match.current_seat
        match.apply(players[seat].choose(match.view(seat), rng))
    turns = timeline(match, 0)
    assert [turn.action for turn in turns] == match.actions
    assert [turn.index for turn in turns] == list(range(60))
    assert turns[-1].shown_at == sum(event.visible_to(0) for event in match.events)
    mine = [turn for turn in turns if turn.seat == 0]
    target = undo_target(turns, 0, len(match.actions))
    assert target is not None and target[0] == mine[-1] and target[1:] == (len(mine), len(mine))
    assert undo_target(turns, 0, mine[0].index) is None
    back = replay_to(match, mine[-1].index)
    assert back.current_seat == 0 and back.actions == match.actions[:mine[-1].index]
    bot_turn = next(turn for turn in reversed(turns) if turn.seat != 0)
    why = explain(match, bot_turn, "normal")
    assert why is not None and why.turn == bot_turn and why.zh and why.en
    assert why.best is None or why.best != bot_turn.action


def test_cards_in_notation_and_chinese_line_breaks():
    from gouji.ui.draw.learn import cards_of, is_cards, no_leading_punctuation
    for text in ("xx888", "22333", "X", "33334444466677778888899TTTTJJJQQKAxX"):
        assert counts_of_cards(cards_of(text)) == parse_counts(text)
        assert len(set(cards_of(text))) == len(text)       # distinct physical cards
    assert is_cards("XAA") and not is_cards("he may not burn") and not is_cards("12") and not is_cards("")
    assert no_leading_punctuation(["这一轮归你", "，你先出。"]) == ["这一轮归", "你，你先出。"]
    assert no_leading_punctuation(["a b", "c"]) == ["a b", "c"]


def test_every_move_a_bot_can_make_has_words_in_both_languages():
    from gouji.engine.match import WORDS as DECISIONS
    from gouji.ui.scenes.practice import action_words
    words = {word for pair in DECISIONS.values() for word in pair} | {"pass", "noburn", "rang"}
    for lang in ("zh", "en"):
        for word in words:
            assert action_words(word, lang) != word, (lang, word)
        assert action_words("play 88", lang).endswith("8 8") and "8 8" in action_words("return 88", lang)
    assert action_words("nodeclare", "en") == "does not declare"
