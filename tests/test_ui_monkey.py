"""A monkey over a running deal and over whole matches (tribute, 宣点, 还贡 and
the result panels included): thousands of random clicks, keys and resizes.
Nothing may raise, and the deal or match must still finish."""

from __future__ import annotations

import random

import pygame
import pytest

from gouji import Match, RuleSet
from gouji.ui.scenes.result import ResultScene
from gouji.ui.scenes.table import TableScene

from ui_helpers import make_app

pytestmark = pytest.mark.slow   # builds, kills, monkeys and real windows: the full lane only

KEYS = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_SPACE, pygame.K_RETURN, pygame.K_p, pygame.K_h,
        pygame.K_y, pygame.K_c, pygame.K_t, pygame.K_a, pygame.K_ESCAPE, pygame.K_F11, pygame.K_UP,
        pygame.K_DOWN, pygame.K_PAGEDOWN]


def random_event(rng: random.Random) -> pygame.event.Event:
    pos = (rng.randrange(-20, 1300), rng.randrange(-20, 820))
    roll = rng.random()
    if roll < 0.45:
        kind = pygame.MOUSEBUTTONDOWN if rng.random() < 0.5 else pygame.MOUSEBUTTONUP
        return pygame.event.Event(kind, pos=pos, button=rng.choice([1, 1, 1, 2, 3, 4, 5]))
    if roll < 0.65:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(3, 0), buttons=(1, 0, 0))
    if roll < 0.88:
        return pygame.event.Event(pygame.KEYDOWN, key=rng.choice(KEYS), mod=0, unicode="")
    if roll < 0.94:
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1]), flipped=False)
    size = (rng.randrange(300, 2000), rng.randrange(200, 1400))
    return pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])


def test_monkey_over_a_running_deal(screen):
    app = make_app(screen, seed=21, rules="basic")
    app.new_match()
    table_scene = app.scenes.top
    assert isinstance(table_scene, TableScene)
    rng = random.Random(7)
    for i in range(4000):
        app.handle(random_event(rng))
        if not app.running:                 # the monkey found 退出: start again where we were
            app.running = True
        if app.scenes.top is not table_scene and rng.random() < 0.3:
            app.scenes.reset(table_scene)   # leave menus and screens it wandered into
        if i % 4 == 0:
            app.scenes.top.update(0.1)
            app.draw()
    app.scenes.reset(table_scene)
    table_scene.director.hold = False
    table_scene.table.autoplay = True
    match = table_scene.table.game
    for _ in range(30000):
        app.frame(0.2)
        if match.results:
            break
    assert match.results, "the first deal never finished"
    assert sorted(match.results[0].places) == list(range(6))


def test_closing_the_window_at_any_moment_exits_cleanly(screen):
    for moment in (0, 3, 40):
        app = make_app(screen, seed=moment, rules="basic")
        app.new_match()
        for _ in range(moment):
            app.frame(0.1)
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        app.frame(0.1)
        assert app.running is False and app.exit_code == 0


def test_monkey_over_whole_matches(screen):
    """The human decides everything himself (no 托管): the monkey's noise, and now and
    then a hint played with Enter so the match goes on; panels are clicked through."""
    from test_ui_phases import SESSIONS
    seen: set[str] = set()
    starts = [(0, Match.new(0, RuleSet.preset("qingdao").replace(series_length=2))),
              (29, Match.new(29, RuleSet.preset("basic").replace(series_length=2))),
              (14, SESSIONS["return2"].clone())]   # seat 0 about to give back 2 cards
    for seed, match in starts:
        deals_to_go = match.rules.series_length - len(match.results) if seed != 14 else 1
        goal = len(match.results) + deals_to_go
        app = make_app(screen)
        app.play_match(match)
        table_scene = app.scenes.top
        table = table_scene.table
        rng = random.Random(seed)
        phases = set()
        for step in range(60000):
            top = app.scenes.top
            if len(match.results) >= goal and isinstance(top, ResultScene):
                break
            if top is not table_scene and not isinstance(top, ResultScene):
                app.scenes.reset(table_scene)     # back from menus, help and settings
            app.handle(random_event(rng))
            app.running = True
            table.autoplay = False
            if table_scene.human_turn():
                phases.add(str(table_scene.view.phase))
                if rng.random() < 0.08:             # a player who means it: the hint, then its button
                    table_scene.intent("hint")
                    first = table_scene.buttons.buttons[0]
                    first.on_click()
            if isinstance(app.scenes.top, ResultScene) and rng.random() < 0.05:
                app.scenes.top.buttons.buttons[0].on_click()
            app.scenes.top.update(0.2)
            if step % 25 == 0:
                app.draw()
        assert len(match.results) >= goal, f"seed {seed}: the match did not get through its deals"
        seen |= phases
    assert {"lead", "follow", "answer", "declare", "return"} <= seen, seen
