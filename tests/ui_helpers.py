"""Helpers for headless UI tests (SDL dummy driver, set up in conftest)."""

from __future__ import annotations

import pygame

from gouji.ui.shell.app import App, Options


def make_app(screen: pygame.Surface, **options) -> App:
    options.setdefault("sound", False)
    options.setdefault("speed", "instant")
    return App(Options(**options), screen=screen)


def click(scene, pos, button: int = 1) -> None:
    pos = (int(pos[0]), int(pos[1]))
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def key(scene, code: int) -> None:
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))


def hand_card_center(scene, index: int) -> tuple[int, int]:
    x, y, w, h = scene.layout.hand_boxes(len(scene.hand), scene.selected_indexes())[index]
    return x + min(w, 30) // 2, y + h // 2


def until_human_turn(app: App, limit: int = 5000) -> None:
    scene = app.scenes.top
    for _ in range(limit):
        if scene.human_turn() and not scene.table.queue:
            scene.update(0.0)
            return
        scene.update(0.5)
    raise AssertionError("the human never got the turn")
