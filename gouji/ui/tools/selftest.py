"""``gouji --selftest``: load every asset, draw one frame of every scene, play
one deal with bots at full speed. Exit 0, or non-zero with the reason."""

from __future__ import annotations

import os
import sys
import tempfile
import time
import traceback
from collections.abc import Iterator
from contextlib import contextmanager


def run_selftest() -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    started = time.perf_counter()
    try:
        with own_home():
            steps = _steps()
    except Exception as exc:  # report, never a bare traceback
        print(f"selftest FAILED: {type(exc).__name__}: {exc}", file=sys.stderr)
        traceback.print_exc(limit=4, file=sys.stderr)
        return 1
    for line in steps:
        print(line)
    print(f"selftest ok in {time.perf_counter() - started:.2f} s")
    return 0


@contextmanager
def own_home() -> Iterator[None]:
    """Settings and saves of the selftest go to a folder of its own, removed afterwards:
    the player's files are never read or written."""
    before = os.environ.get("GOUJI_HOME")
    with tempfile.TemporaryDirectory(prefix="gouji-selftest-") as home:
        os.environ["GOUJI_HOME"] = home
        try:
            yield
        finally:
            if before is None:
                os.environ.pop("GOUJI_HOME", None)
            else:
                os.environ["GOUJI_HOME"] = before


def _steps() -> list[str]:
    import pygame

    from ...store.resources import asset_path, read_text_asset
    from ..scenes.help import HelpScene
    from ..scenes.menu import MenuScene
    from ..scenes.result import ResultScene
    from ..scenes.settings import SettingsScene
    from ..scenes.table import TableScene
    from ..shell.app import App, Options

    done = []
    for parts in (("fonts", "GoujiSansSC-Regular.otf"), ("fonts", "GoujiSansSC-Bold.otf"),
                  ("fonts", "OFL.txt"), ("text", "rules_zh.txt"), ("text", "rules_en.txt")):
        path = asset_path(*parts)
        if path.stat().st_size == 0:
            raise RuntimeError(f"asset {path} is empty")
    read_text_asset("text", "rules_zh.txt")
    done.append("assets: found and readable")
    app = App(Options(autoplay=True, quit_after_deal=True, seed=7, sound=True, save=True))
    try:
        for lang in ("zh", "en"):
            app.update_settings(language=lang)
            app.to_title()
            app.draw()
            for make in (SettingsScene, HelpScene):
                app.scenes.push(make(app))
                app.draw()
                app.scenes.pop()
        done.append("scenes: title, settings, help drawn in zh and en")
        done.append(_learn(app))
        app.new_match()
        table_scene = app.scenes.top
        assert isinstance(table_scene, TableScene)
        app.scenes.push(MenuScene(app, table_scene))
        app.draw()
        app.scenes.pop()
        frames = 0
        match = app.playing
        while not match.results and frames < 100_000:
            app.frame(1 / 60)
            frames += 1
        if not match.results:
            raise RuntimeError("the bots did not finish the deal")
        app.scenes.push(ResultScene(app, match.results, match.rules, table_scene, final=True))
        app.draw()
        done.append(f"deal: {len(match.actions)} actions in {frames} frames, places {list(match.results[0].places)}")
        done.append(_records(app))
        done.append(f"sound: {'on' if app.sounds.available else 'no audio device, silent'}")
    finally:
        pygame.quit()
    done.append(_search_step())
    return done


def _records(app) -> str:
    """The deal's review with its analysis, the statistics and the history list (SQLite in the build)."""
    from ..scenes.review import ReviewScene
    app.review_deal(0)
    app.settle_review()
    review = app.scenes.top
    if not isinstance(review, ReviewScene):
        raise RuntimeError("the deal's review did not open")
    review.analyser.wait()
    review.go("end")
    app.draw()
    app.recorder.wait()
    deals = app.recorder.history.counts()[0]
    for opener in (app.open_stats, app.open_history, app.open_paste):
        opener()
        app.recorder.wait()
        app.frame(0.01)
        app.draw()
    if deals != 1:
        raise RuntimeError(f"the history holds {deals} deals, not 1")
    return f"records: deal recorded, review ({review.summary('en')}), statistics and past deals drawn"


def _learn(app) -> str:
    """学规则 / Learn: the bundled lessons load and pass their checks; the Learn menu, a lesson's
    first step, a quiz question and the practice table are drawn."""
    from ...learn import check_all, load_lessons
    from ..scenes.quiz import QuizScene
    lessons = load_lessons()
    problems = check_all(lessons)
    if problems:
        raise RuntimeError(f"lesson check: {problems[0]}")
    app.open_learn()
    app.draw()
    app.open_lesson(lessons[0].id, first_step=True)
    app.draw()
    app.scenes.push(QuizScene(app, seed=1))
    app.draw()
    app.open_practice()
    app.draw()
    app.to_title()
    return f"learn: {len(lessons)} lessons checked; Learn, a lesson, the quiz and the practice table drawn"


def _search_step() -> str:
    """The expert's worker processes start (a frozen build needs freeze_support)
    and play rollouts exactly as they are played here."""
    import random

    import bots
    from bots.search import pool
    from bots.search.deals import Batch, DealSource, run_batch
    from bots.search.rollout import Job, Stakes

    from ...engine.game import Game
    from ...engine.rules import RuleSet
    game = Game.new_deal(7, RuleSet.preset("qingdao"))
    rng = random.Random(7)
    for _ in range(60):
        seat = game.current_seat
        assert seat is not None
        game.apply(bots.make("hard", seat).choose(game.view(seat), rng))
    seat = game.current_seat or 0
    view = game.view(seat)
    job = Job(game.rules, seat, view.legal_actions[:3], Stakes())
    batch = Batch(DealSource.of(view, 7, True), (0, 1, 2, 3), job)
    try:
        workers = pool.get_pool(2)
        assert workers is not None
        pooled = workers.submit(run_batch, batch).result(timeout=120)
    finally:
        pool.shutdown()
    if not pooled or pooled != run_batch(batch):
        raise RuntimeError("the worker processes play rollouts differently")
    return f"search: {len(pooled) * len(job.candidates)} rollouts in a worker process, as here"
