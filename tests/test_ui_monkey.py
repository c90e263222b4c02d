"""A monkey over a running deal: thousands of random clicks, keys and resizes.
Nothing may raise, and the deal must still finish."""

from __future__ import annotations

import random

import pygame

from gouji.ui.scenes.table import TableScene

from ui_helpers import make_app

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
