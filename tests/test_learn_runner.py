"""The lesson runner the Learn screen drives: a whole lesson answered right,
wrong and illegally; every bundled lesson played through; the command line."""

from __future__ import annotations

import json

import pytest

from gouji.engine import EventKind, Game
from gouji.learn import LessonRunner, Verdict, load_lesson, load_lessons
from gouji.learn.__main__ import main


def test_a_whole_lesson_with_right_wrong_and_illegal_answers():
    runner = LessonRunner(load_lesson("burn-feasibility"))
    start = runner.start_step()
    assert (start.index, start.count, start.seat) == (0, 2, 0)
    table = start.table
    assert isinstance(table, Game) and table.current_seat == 0
    before = table.position()

    illegal = runner.submit("burn 2AA")          # beats KKK, but A 99 J could not go out
    assert illegal.verdict == Verdict.ILLEGAL and not illegal.events
    assert "出不完" in illegal.text.zh and "could not go out" in illegal.text.en
    assert table.position() == before

    wrong = runner.submit("noburn")              # legal, but not what the lesson teaches
    assert wrong.verdict == Verdict.WRONG and wrong.text == runner.step.feedback
    assert [e.kind for e in wrong.events] == [EventKind.NOBURN]   # what would have happened
    assert table.position() == before            # ... but the table is as it was
    assert not runner.answered and runner.mistakes == 2

    right = runner.submit("burn AAA")
    assert right.verdict == Verdict.ACCEPTED and right.text == runner.step.explain
    kinds = [e.kind for e in right.events]
    assert kinds[0] == EventKind.BURN and EventKind.ROUND_END in kinds   # the replies played on
    assert table.current_seat == 0 and table.burning == {0}
    with pytest.raises(RuntimeError):
        runner.submit("play 2")

    second = runner.next_step()
    assert second is not None and second.index == 1 and second.table is not table
    done = runner.submit("burn AAA")
    assert done.verdict == Verdict.ACCEPTED
    assert EventKind.BURN_WON in [e.kind for e in done.events]      # 烧成功, shown by the replies
    assert runner.finished and runner.next_step() is None


def test_every_lesson_plays_through_with_its_first_answers():
    for lesson in load_lessons():
        runner = LessonRunner(lesson)
        start = runner.start_step()
        while start is not None:
            assert start.table.current_seat == start.seat, lesson.id
            outcome = runner.submit(runner.step.accept[0])
            assert outcome.verdict == Verdict.ACCEPTED, (lesson.id, outcome)
            start = runner.next_step()
        assert runner.finished and runner.mistakes == 0, lesson.id


def test_a_particular_wrong_answer_gets_its_own_feedback():
    runner = LessonRunner(load_lesson("kai-dian"))
    runner.start_step()
    joker = runner.submit("play xAA")
    low = runner.submit("play 5")
    assert joker.verdict == low.verdict == Verdict.WRONG
    assert "joker" in joker.text.en and "带王" in joker.text.zh and low.text == runner.step.feedback != joker.text


def test_a_continuing_step_starts_from_the_learners_own_answer():
    runner = LessonRunner(load_lesson("tribute"))
    runner.start_step()
    given_back = runner.step.accept[-1]              # not the first accepted answer
    assert runner.submit(given_back).verdict == Verdict.ACCEPTED
    second = runner.next_step()
    assert second is not None and second.seat == 1
    assert second.table.actions[-1] == given_back


def test_a_match_step_refuses_an_action_of_the_wrong_phase():
    runner = LessonRunner(load_lesson("revolution"))
    runner.start_step()
    outcome = runner.submit("play 3")
    assert outcome.verdict == Verdict.ILLEGAL and "revolt" in outcome.text.en and "革命" in outcome.text.zh


def test_the_runner_is_driven_in_order():
    runner = LessonRunner(load_lesson("rounds"))
    with pytest.raises(RuntimeError):
        runner.submit("pass")
    runner.start_step()
    with pytest.raises(RuntimeError):
        runner.next_step()
    assert runner.submit("nonsense").verdict == Verdict.ILLEGAL


def test_list_prints_the_lessons_as_json(capsys):
    assert main(["--list"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert listed[0] == {"id": "cards-and-plays", "section": "1.2–1.3", "title_en": "Card order and plays",
                         "steps": 3}
    assert len(listed) == len(load_lessons()) and all(set(row) == {"id", "section", "title_en", "steps"}
                                                      for row in listed)


def test_walk_and_check_from_the_command_line(capsys):
    assert main(["--check"]) == 0
    assert "no problems" in capsys.readouterr().out
    assert main(["--walk", "yield", "--lang", "zh"]) == 0
    out = capsys.readouterr().out
    assert "让牌" in out and "accepted" in out and "wrong" in out and "illegal" in out
    assert main(["--walk", "nope"]) == 1
