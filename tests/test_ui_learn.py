"""学规则 / Learn through its screens, headless: a lesson from the title screen
to its end (a wrong, an illegal and a right answer at each step, the replies
played on the table, the progress saved and the check mark shown), every
lesson played through, the command line's --lesson, and the quiz (a right and
a wrong answer, saved). About 15 s."""

from __future__ import annotations

import pygame
import pytest
from learn_helpers import answer, settle, try_illegal, wrong_answer

from gouji.engine.cards import counts_of_cards
from gouji.learn import Verdict, load_lessons
from gouji.store.progress import load_progress, progress_path
from gouji.ui.scenes.learn_menu import LearnScene
from gouji.ui.scenes.lesson_intro import LessonIntroScene
from gouji.ui.scenes.lesson_table import LessonStepScene, panel_rect
from gouji.ui.scenes.quiz import QuizScene
from gouji.ui.scenes.title import TitleScene

from ui_helpers import click, key, make_app

LESSONS = load_lessons()


def test_a_lesson_from_the_title_screen_to_its_end(screen, home):
    app = make_app(screen, lang="en", save=True)
    assert isinstance(app.scenes.top, TitleScene)
    key(app.scenes.top, pygame.K_x)                        # the title's Learn button
    learn = app.scenes.top
    assert isinstance(learn, LearnScene)
    assert not learn.buttons.by_key("lesson:rounds").done
    key(learn, pygame.K_c)                                 # the third lesson: rounds
    intro = app.scenes.top
    assert isinstance(intro, LessonIntroScene) and intro.lesson.id == "rounds"
    app.draw()
    key(intro, pygame.K_RETURN)
    for number in range(2):
        scene = settle(app)
        assert scene.state.runner.index == number and scene.human_turn()
        step = scene.state.runner.step
        hand, stream = scene.hand, len(scene.table.stream)
        # a legal but wrong answer is taken back, with the lesson's feedback
        wrong = wrong_answer(scene)
        assert wrong is not None
        answer(scene, wrong)
        scene = settle(app)
        assert scene.outcome.verdict == Verdict.WRONG and scene.outcome.text == step.feedback_for(wrong)
        assert scene.hand == hand and len(scene.table.stream) == stream and scene.human_turn()
        # an illegal one gets the engine's reason
        assert try_illegal(scene)
        assert scene.outcome.verdict == Verdict.ILLEGAL
        assert scene.outcome.text.en == scene.message[1]          # the table says the same reason
        assert scene.hand == hand and not scene.table.queue
        # the right one plays on: the learner's play and the step's replies reach the board
        answer(scene, step.accept[0])
        scene = settle(app, "ready")
        assert scene.outcome.verdict == Verdict.ACCEPTED and scene.outcome.text == step.explain
        assert len(scene.table.stream) > stream + len(step.then)
        assert scene.director.shown == len(scene.table.stream)   # every reply was shown
        assert counts_of_cards(scene.hand) != counts_of_cards(hand)
        app.draw()
        assert scene.panel_buttons.by_key("next") is not None
        key(scene, pygame.K_RETURN)
    assert scene.finished and app.scenes.top is scene
    assert load_progress(progress_path())[0].finished("rounds")   # saved at once
    app.frame(0.1)
    button = scene.panel_buttons.by_key("next_lesson")
    assert button is not None
    key(scene, pygame.K_ESCAPE)                             # back to the Learn menu: the check mark is there
    assert app.scenes.top is learn and learn.buttons.by_key("lesson:rounds").done
    app.draw()


@pytest.mark.parametrize("lesson", [lesson.id for lesson in LESSONS])
def test_every_lesson_plays_through_on_screen(screen, home, lesson):
    app = make_app(screen, lang="zh", save=True)
    app.open_lesson(lesson, first_step=True)
    scene = app.scenes.top
    assert isinstance(scene, LessonStepScene)
    steps = len(scene.state.lesson.steps)
    for number in range(steps):
        scene = settle(app)
        wrong = wrong_answer(scene)
        if wrong is not None:
            answer(scene, wrong)
            scene = settle(app)
            assert scene.outcome.verdict == Verdict.WRONG, (number, wrong)
        answer(scene, scene.state.runner.step.accept[0])
        scene = settle(app, "ready")
        assert scene.outcome.verdict == Verdict.ACCEPTED
        app.draw()
        key(scene, pygame.K_RETURN)
    assert scene.finished and app.progress.finished(lesson)
    assert set(app.progress.lessons) == {lesson}


def test_the_lesson_panel_fits_beside_the_right_seats(screen):
    from gouji.ui.model.layout import Layout, boxes_overlap, inside
    for size in ((1366, 700), (1920, 1080), (1280, 800), (960, 600)):
        L = Layout(*size)
        box = panel_rect(L)
        assert inside(tuple(box), *size) and box.width >= L.sidebar[2] - L.s(6)
        for place in range(6):
            assert not boxes_overlap(tuple(box), L.badge_box(place)), (size, place)


@pytest.mark.slow
def test_lesson_from_the_command_line_writes_its_first_step_and_exits(tmp_path):
    from test_cli import ENV, run_gouji
    shot = tmp_path / "lesson.png"
    result = run_gouji("--lesson", "burn-feasibility", "--size", "1366x700", "--lang", "en", "--screenshot",
                       str(shot), "--max-seconds", "60", timeout=90)
    assert result.returncode == 0, result.stderr
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1366, 700)
    colours = {tuple(image.get_at((x, y)))[:3] for x in range(0, 1366, 16) for y in range(0, 700, 16)}
    assert len(colours) > 60   # the table and the lesson's panel, not a blank window
    assert ENV["SDL_VIDEODRIVER"] == "dummy"


def test_an_unknown_lesson_is_refused_with_the_list_of_lessons(capsys):
    from gouji.cli.main import main
    assert main(["--lesson", "no-such-lesson"]) == 2
    err = capsys.readouterr().err
    assert "no-such-lesson" in err and all(lesson.id in err for lesson in LESSONS)


def test_a_quiz_answer_right_then_wrong_is_shown_and_saved(screen, home):
    app = make_app(screen, lang="en", save=True)
    app.open_learn()
    key(app.scenes.top, pygame.K_t)
    quiz = app.scenes.top
    assert isinstance(quiz, QuizScene)
    first = quiz.question
    assert 2 <= len(first.options) <= 4 and all(quiz.buttons.by_key(f"option:{i}") for i in range(len(first.options)))
    key(quiz, pygame.K_1 + first.answer)
    assert quiz.answer is not None and quiz.answer.correct and quiz.session.streak == 1
    assert quiz.buttons.by_key(f"option:{first.answer}").mark == "right"
    app.draw()
    key(quiz, pygame.K_1 + first.answer)                   # a second press changes nothing
    assert quiz.session.streak == 1
    key(quiz, pygame.K_RETURN)
    second = quiz.question
    assert quiz.answer is None and quiz.number == 2
    wrong = (second.answer + 1) % len(second.options)
    click(quiz, quiz.buttons.by_key(f"option:{wrong}").rect.center)
    assert quiz.answer is not None and not quiz.answer.correct and quiz.session.streak == 0
    assert quiz.buttons.by_key(f"option:{wrong}").mark == "wrong"
    assert quiz.buttons.by_key(f"option:{second.answer}").mark == "right"
    app.draw()
    saved = load_progress(progress_path())[0]
    assert saved.best_streak == 1
    counts = [saved.topics[topic] for topic in {first.topic, second.topic}]
    assert sum(right for right, _ in counts) == 1 and sum(asked for _, asked in counts) == 2
    key(quiz, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, LearnScene)
    app.draw()


def test_the_quiz_draws_every_topic_in_both_languages(screen):
    from gouji.learn import TOPICS
    app = make_app(screen)
    for lang in ("zh", "en"):
        app.update_settings(language=lang)
        for topic in TOPICS:
            quiz = QuizScene(app, seed=3)
            quiz.session.topics = (topic,)
            quiz.question = quiz._draw_question()
            quiz.refresh_language()
            app.scenes.push(quiz)
            app.draw()
            assert quiz.question.topic == topic and len(quiz.question.options) >= 2
            quiz.choose(0)
            assert quiz.answer is not None and quiz.chosen == 0   # the answer was taken and is shown
            app.draw()
            app.scenes.pop()


def test_a_broken_progress_file_is_kept_aside_and_reported(screen, home):
    path = progress_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json", encoding="utf-8")
    app = make_app(screen, lang="en", save=True)
    assert any("progress" in text.lower() for text in app.notices.texts("en"))
    assert not app.progress.lessons and path.with_name("progress.json.broken").exists()
    app.open_learn()
    app.draw()
