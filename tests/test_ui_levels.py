"""Every mode at every bot level: the table (with a hint and 托管), the practice
table (with "why?" on a bot's move, by key and by a click on its seat), a
lesson step, the quiz, a review (its analysis) and play-from-here. None may
raise; the expert searches with a small budget here (its speed is not the
point, that it is asked at all is)."""

from __future__ import annotations

import time

import pygame
import pytest
from learn_helpers import settle
from match_helpers import bot_match

import bots
from bots.search import search
from gouji import RuleSet
from gouji.engine.dealcode import DealRef
from gouji.ui.scenes.practice import PracticeScene
from gouji.ui.scenes.quiz import QuizScene
from gouji.ui.scenes.review import ReviewScene
from gouji.ui.scenes.table import TableScene

from ui_helpers import click, key, make_app

LEVELS = ("easy", "normal", "hard", "expert")
pytestmark = pytest.mark.slow   # 16 cases with a worker pool: CI runs them, the fast lane does not


@pytest.fixture(autouse=True)
def quick_expert(monkeypatch, home):
    monkeypatch.setattr(search, "DEFAULT_THINK_MS", 20.0)
    yield
    bots.shutdown()


def run_until_human(app, scene, frames: int = 3000) -> None:
    """Frames until the player is to act (a searching bot thinks on a thread, in real time)."""
    for _ in range(frames):
        if scene.human_turn() and not scene.table.queue:
            return
        frame(app)
    raise AssertionError("the player never got the turn")


def frame(app, dt: float = 0.25) -> None:
    app.frame(dt)
    time.sleep(0.005)


def app_at(screen, level: str):
    app = make_app(screen, lang="en")
    app.update_settings(bot_level=level, auto_pass=False, move_timer=False)
    return app


@pytest.mark.parametrize("level", LEVELS)
def test_the_table_with_a_hint_and_autoplay(screen, level):
    app = app_at(screen, level)
    app.new_match()
    scene = app.scenes.top
    assert isinstance(scene, TableScene) and scene.table.bot_level == level
    run_until_human(app, scene)
    for _ in range(200):
        key(scene, pygame.K_h)
        if scene.hints:
            break
        frame(app, 0.05)
    assert scene.hints, "the hint never came"
    key(scene, pygame.K_t)                              # 托管 on: the bots play the player's seat too
    assert scene.table.autoplay
    for _ in range(40):
        frame(app)
    key(scene, pygame.K_t)
    assert not scene.table.autoplay and app.running
    app.draw()


@pytest.mark.parametrize("level", LEVELS)
def test_practice_says_why_a_bot_played_by_key_and_by_its_seat(screen, level):
    app = app_at(screen, level)
    app.open_practice()
    scene = app.scenes.top
    assert isinstance(scene, PracticeScene)
    run_until_human(app, scene)
    if not scene.bot_turns():                           # the player leads first: let the bots answer once
        scene.table.autoplay = True
        for _ in range(400):
            frame(app)
            if scene.bot_turns():
                break
        scene.table.autoplay = False
        run_until_human(app, scene)
    assert scene.bot_turns()
    key(scene, pygame.K_e)
    assert scene.why is not None and scene.message is not None
    seat = scene.bot_turns()[0].seat
    click(scene, pygame.Rect(scene.layout.badge_box(scene.drawer.place(seat))).center)
    assert scene.why is not None and scene.why.turn.seat == seat
    app.draw()


@pytest.mark.parametrize("level", LEVELS)
def test_a_lesson_step_and_the_quiz(screen, level):
    app = app_at(screen, level)
    app.open_lesson("tribute", first_step=True)
    scene = settle(app)
    key(scene, pygame.K_h)
    app.frame(0.1)
    app.draw()
    app.open_learn()
    app.scenes.top.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t, mod=0, unicode="t"))   # 测验
    quiz = app.scenes.top
    assert isinstance(quiz, QuizScene)
    key(quiz, pygame.K_1)
    assert quiz.chosen == 0   # the first option was answered
    for code in (pygame.K_RETURN, pygame.K_h):
        key(quiz, code)
        app.frame(0.1)
    app.draw()
    assert app.running


@pytest.mark.parametrize("level", LEVELS)
def test_a_review_and_play_from_here(screen, level):
    match = bot_match(6, RuleSet(), deals=1)
    app = app_at(screen, level)
    assert app.open_review(DealRef(match.rules, match.seed, tuple(match.actions[:match.results[0].end_action])))
    app.settle_review()
    review = app.scenes.top
    assert isinstance(review, ReviewScene)
    review.analyser.wait()
    key(review, pygame.K_n)
    for _ in range(12):
        key(review, pygame.K_RIGHT)
    key(review, pygame.K_p)
    table = app.scenes.top
    assert isinstance(table, TableScene) and table.table.bot_level == level
    run_until_human(app, table)
    app.draw()
