"""The phase × key test and the monkey at every bot level.

1. Every key of the phase × key test (test_ui_phases.KEYS) pressed at each phase
   a human is asked in, on a fresh copy of the moment, with the table's bots at
   each level; after a key that did something the bots play on for a hundred
   frames at that level.
2. A seeded monkey (test_ui_monkey.random_event) over every mode at every
   level: the table, practice, a lesson, the quiz, and a review (with play from
   here), sent back to its mode when it wanders off.

Nothing may raise; whatever reaches the engine is legal, and so is every
bot's own choice (the table would quietly replace an illegal or failed one);
an expert hint or review analysis that fails is a failure too. The expert
searches with a tiny budget here (that it is asked at all is the point).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import pygame
import pytest
from learn_helpers import settle as settle_lesson
from match_helpers import bot_match
from test_ui_levels import LEVELS, app_at
from test_ui_monkey import random_event
from test_ui_phases import KEYS, SESSIONS, scene_at

import bots
import bots.hints
from bots.search import search
from gouji import Match, RuleSet
from gouji.engine.dealcode import DealRef
from gouji.table import Table
from gouji.ui.draw.widgets import ButtonBar
from gouji.ui.scenes import review as review_module
from gouji.ui.scenes.lesson_intro import LessonIntroScene
from gouji.ui.scenes.lesson_table import LessonStepScene
from gouji.ui.scenes.practice import PracticeScene
from gouji.ui.scenes.quiz import QuizScene
from gouji.ui.scenes.result import ResultScene
from gouji.ui.scenes.review import ReviewScene
from gouji.ui.scenes.table import TableScene
from gouji.ui.workers import hint_worker

from ui_helpers import key

pytestmark = pytest.mark.slow   # 4 levels × (phases + modes), a worker pool for expert: the full lane only

PHASE_NAMES = list(SESSIONS)    # every moment of test_ui_phases: lead, follow, answer, burn, rang, 还贡 ×2, 宣点 …
MOVE_ON_FRAMES = 100            # frames the bots play on after a key that did something
MODES = ("table", "practice", "lesson", "quiz", "review")
MONKEY_EVENTS = 300
FROM_HERE_EVENTS = 120          # then the review is opened again (else the monkey would stay at that table)


class Watch:
    """What reached the engine, and what went wrong out of sight (a bot's illegal or failed choice,
    a failed expert hint or analysis): the game hides those from the player, a test must not."""

    def __init__(self) -> None:
        self.applied: list[tuple[str, int, str]] = []    # (bot level, seat, action)
        self.problems: list[str] = []

    def check(self) -> None:
        assert not self.problems, "\n".join(self.problems)


@pytest.fixture(autouse=True)
def watch(monkeypatch, home):
    monkeypatch.setattr(search, "DEFAULT_THINK_MS", 20.0)     # the expert's moves and its review analysis
    monkeypatch.setattr(bots.hints, "HINT_THINK_MS", 20.0)    # … and its hints
    seen = Watch()
    step, queue_choice, suggest, analyse = Table.step, Table._queue_choice, hint_worker.suggest, review_module.analyse

    def checked_step(table: Table):
        item = table.queue[0] if table.queue else None
        if item is not None and item.seat == table.current_seat:
            refusal = table.game.check(item.action, item.cards)
            if refusal is not None:
                seen.problems.append(f"{item} reached the engine at {table.bot_level}: {refusal.en}")
            seen.applied.append((table.bot_level, item.seat, item.action))
        return step(table)

    def checked_choice(table: Table, seat: int, action: str | None) -> None:
        if action is None:
            seen.problems.append(f"the {table.bot_level} bot of seat {seat} failed to choose")
        else:
            refusal = table.game.check(action)
            if refusal is not None:
                seen.problems.append(f"the {table.bot_level} bot of seat {seat} chose {action!r}: {refusal.en}")
        queue_choice(table, seat, action)

    def checked_suggest(view, count=3, level="hard", **budget):
        try:
            return suggest(view, count, level=level, **budget)
        except Exception as exc:   # the hint worker would fall back to hard's hint without a word
            seen.problems.append(f"the {level} hint failed: {exc!r}")
            raise

    def checked_analyse(review, level=None, **more):
        try:
            return analyse(review, level, **more)
        except Exception as exc:   # the review would only say "no analysis"
            seen.problems.append(f"the {level} analysis failed: {exc!r}")
            raise

    monkeypatch.setattr(Table, "step", checked_step)
    monkeypatch.setattr(Table, "_queue_choice", checked_choice)
    monkeypatch.setattr(hint_worker, "suggest", checked_suggest)
    monkeypatch.setattr(review_module, "analyse", checked_analyse)
    yield seen


@pytest.fixture(autouse=True, scope="module")
def expert_pool():
    """The expert's worker processes serve every test here, then stop."""
    yield
    bots.shutdown()


def thinking(scene, seconds: float) -> None:
    """Give a bot searching on a thread (expert) up to ``seconds`` to finish its move."""
    table = getattr(scene, "table", None)
    if table is not None:
        table.thought_done(seconds)


def close(app) -> None:
    """The test is over: every scene leaves (bots and hints stop thinking), the history is written."""
    while app.scenes.scenes:
        app.scenes.scenes.pop().leave()
    app.recorder.close()
    app.reviews.close()


# ----- 1. the phase × key test at every level ------------------------------------------------------
def fresh_moment(screen, name: str, level: str) -> TableScene:
    """test_ui_phases' moment (reached with its normal bots, its phase checked), then the table's
    bots (and 托管, and the hint) at ``level``; cards of the hint selected, as a player would have."""
    scene = scene_at(screen, name)
    app = scene.app
    app.update_settings(bot_level=level)
    assert scene.table.bot_level == level
    if isinstance(scene.table.game, Match):   # sat down as the app does: a deal's end opens its panel
        app.match, app.table = scene.table.game, scene.table
    else:   # a bare deal, which the app never plays (it plays matches): its end is only shown
        scene.director.on_deal_end = lambda final: None
    scene.intent("hint")
    for _ in range(2000):   # the expert's hint comes from a thread
        if not scene.hinter.pending(len(scene.table.stream)):
            break
        time.sleep(0.005)
    assert not scene.hinter.pending(len(scene.table.stream)), "the hint never came"
    scene.update(0.0)       # a hint that came from the thread selects its cards
    return scene


def play_on(scene: TableScene) -> None:
    """Close what the key opened over the table, if it is still there, and let the bots play on."""
    app = scene.app
    while app.scenes.top is not scene and scene in app.scenes.scenes:
        app.scenes.pop()
    for _ in range(MOVE_ON_FRAMES):
        top = app.scenes.top
        top.update(0.2)
        thinking(top, 5.0)
    app.draw()


@pytest.mark.parametrize("name", PHASE_NAMES)
@pytest.mark.parametrize("level", [lv for lv in LEVELS if lv != "normal"])   # normal: test_ui_phases
def test_every_key_in_every_phase_at_every_level(screen, watch, level, name):
    scene = None
    moved_keys, played_on = [], []
    for index, code in enumerate(KEYS):
        if scene is None:
            scene = fresh_moment(screen, name, level)
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))
        for item in scene.table.queue:
            assert item.action in scene.view.legal_actions, (name, level, pygame.key.name(code), item.action)
        moved = bool(scene.table.queue) or scene.app.scenes.top is not scene or scene.table.autoplay
        if moved:
            before = len(watch.applied)
            play_on(scene)
            moved_keys.append(pygame.key.name(code))
            played_on += watch.applied[before:]
            close(scene.app)
            scene = None
        else:
            scene.update(0.05)
            if code == pygame.K_h or index % 4 == 0:   # every key's drawing is test_ui_phases' (at normal)
                scene.app.draw()
        watch.check()
    if scene is not None:
        close(scene.app)
    assert moved_keys, f"{name}: no key did anything"
    assert any(lvl == level and seat != 0 for lvl, seat, _ in played_on), f"no bot played on after {moved_keys}"


# ----- 2. a monkey over every mode at every level -----------------------------------------------------
REVIEWED: list[Match] = []


def reviewed_match() -> Match:
    if not REVIEWED:
        REVIEWED.append(bot_match(6, RuleSet(), deals=1))
    return REVIEWED[0]


def open_table(app) -> None:
    app.new_match()


def open_practice(app) -> None:
    app.open_practice()


def open_lesson(app) -> None:
    app.open_lesson("tribute", first_step=True)
    settle_lesson(app)


def open_quiz(app) -> None:
    app.open_learn()
    key(app.scenes.top, pygame.K_t)   # the Learn menu's quiz button


def open_review(app) -> None:
    match = reviewed_match()
    app.open_review(DealRef(match.rules, match.seed, tuple(match.actions[:match.results[0].end_action])))
    app.settle_review()


OPENERS: dict[str, Callable] = {"table": open_table, "practice": open_practice, "lesson": open_lesson,
                                "quiz": open_quiz, "review": open_review}


def from_here(top) -> bool:
    """The practice table a review's "play from here" opened."""
    return type(top) is TableScene and top.table.practice


def in_mode(mode: str, top) -> bool:
    """The monkey is still in ``mode``: its screens, the table's result panels included."""
    if mode == "table":
        return type(top) is TableScene and not top.table.practice or isinstance(top, ResultScene)
    if mode == "practice":
        return isinstance(top, (PracticeScene, ResultScene))
    if mode == "lesson":
        return isinstance(top, (LessonStepScene, LessonIntroScene))
    if mode == "quiz":
        return isinstance(top, QuizScene)
    return isinstance(top, (ReviewScene, ResultScene)) or from_here(top)


def back_to(mode: str, app) -> None:
    """Close what the monkey opened over the mode's screen; if that screen is gone, open the mode again."""
    while not in_mode(mode, app.scenes.top) and any(in_mode(mode, s) for s in app.scenes.scenes[:-1]):
        app.scenes.pop()
    if not in_mode(mode, app.scenes.top):
        OPENERS[mode](app)
    assert in_mode(mode, app.scenes.top), (mode, app.scenes.scenes)


def monkey(rng: random.Random, app) -> list[pygame.event.Event]:
    """test_ui_monkey's random event, mostly; else a real click (press and release at one spot, which
    its independent presses and releases almost never make), on the screen or on one of its buttons,
    or any key of the phase × key test (the quiz's 1–4, a lesson's letters …)."""
    roll = rng.random()
    if roll < 0.7:
        return [random_event(rng)]
    if roll < 0.9:
        top = app.scenes.top
        buttons = [b for bar in vars(top).values() if isinstance(bar, ButtonBar) for b in bar.buttons]
        if roll < 0.8 and buttons:
            pos = rng.choice(buttons).rect.center
        else:
            pos = (rng.randrange(0, app.screen.get_width()), rng.randrange(0, app.screen.get_height()))
        return [pygame.event.Event(kind, pos=pos, button=1) for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)]
    return [pygame.event.Event(pygame.KEYDOWN, key=rng.choice(KEYS), mod=0, unicode="")]


def check_level(mode: str, app, level: str) -> None:
    top = app.scenes.top
    table = getattr(top, "table", None)
    if table is not None:
        assert table.bot_level == level, (mode, type(top).__name__, table.bot_level)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("level", LEVELS)
def test_a_monkey_in_every_mode_at_every_level(screen, monkeypatch, watch, level, mode):
    seed = LEVELS.index(level) * 100 + MODES.index(mode)
    monkeypatch.setattr("gouji.ui.scenes.quiz.random", random.Random(seed))   # the quiz's questions, seeded
    app = app_at(screen, level)
    app.deal_seed = seed
    OPENERS[mode](app)
    assert in_mode(mode, app.scenes.top), (mode, app.scenes.top)
    check_level(mode, app, level)
    rng = random.Random(seed)
    at_home = in_review = from_here_events = streak = 0
    for i in range(MONKEY_EVENTS):
        for event in monkey(rng, app):
            app.handle(event)
        if not app.running:              # the monkey found 退出: start again where it was
            app.running = True
        if app.settings.bot_level != level:   # it changed the level in the settings: this test's level again
            app.update_settings(bot_level=level)
        top = app.scenes.top
        if in_mode(mode, top):
            at_home += 1
            in_review += isinstance(top, ReviewScene)
            from_here_events += from_here(top)
            streak = streak + 1 if from_here(top) else 0
            if streak >= FROM_HERE_EVENTS:   # long enough at the table it opened: the review again
                open_review(app)
                streak = 0
        elif rng.random() < 0.3:         # it wandered into menus or other screens: back to the mode
            back_to(mode, app)
        if i % 3 == 0:
            app.scenes.top.update(0.1)
            thinking(app.scenes.top, 0.05)   # a little real time for the expert, whose moves race the monkey
        if i % 8 == 0:
            app.draw()
            check_level(mode, app, level)
            watch.check()
    back_to(mode, app)
    for _ in range(20):
        app.frame(0.1)
    app.draw()
    assert app.running and in_mode(mode, app.scenes.top), (mode, app.scenes.scenes)
    check_level(mode, app, level)
    watch.check()
    assert at_home >= MONKEY_EVENTS // 2, f"the monkey spent only {at_home} of its events in the {mode} mode"
    # what the monkey did in the mode, so that a monkey that only ever saw a menu cannot pass
    if mode in ("table", "practice"):
        assert any(lvl == level and seat != 0 for lvl, seat, _ in watch.applied), "no bot played"
    if mode == "lesson":
        assert watch.applied, "nothing was played in the lesson"
    if mode == "quiz":
        assert app.progress.topics, "no question was answered"
    if mode == "review":
        assert from_here_events and in_review >= 50, f"{in_review} events in the review, {from_here_events} after it"
    close(app)
