"""The table while a bot searches: frames go on, the seat says it is thinking,
and leaving the table stops the search at once. A bot that thinks
until it is told to stop stands in for the expert, so nothing here depends on
how fast the machine is."""

from __future__ import annotations

import threading

import pytest

import bots
from gouji.ui.scenes.table import TableScene
from gouji.ui.scenes.title import TitleScene

from ui_helpers import make_app


class Pondering:
    """Thinks (for the seats it is asked to) until cancelled, then answers hard's choice."""

    thinks = True

    def __init__(self, seat: int, slow: bool) -> None:
        self.hard = bots.ScriptedBot(seat, "hard")
        self.slow = slow
        self.stop = threading.Event()
        self.started = threading.Event()

    def choose(self, view, rng, cancel=None):
        if cancel is not None:
            self.stop = cancel   # the table's stop for this turn
        if self.slow:
            self.started.set()
            self.stop.wait(60)
        return self.hard.choose(view, rng)

    def cancel(self) -> None:
        self.stop.set()


@pytest.fixture
def pondering(monkeypatch):
    made: dict[int, Pondering] = {}

    def make(level, seat, seed=0, **_):
        made[seat] = Pondering(seat, slow=seat != 0)
        return made[seat]
    monkeypatch.setattr(bots, "make", make)
    return made


def thinking_table(screen, pondering):
    app = make_app(screen, seed=5, speed="normal")
    app.new_match()
    scene = app.scenes.top
    assert isinstance(scene, TableScene)
    for _ in range(400):
        if scene.table.thinking not in (None, scene.human):
            return app, scene, scene.table.thinking
        if scene.table.human_to_act():
            legal = scene.table.view().legal_actions
            scene.table.submit(scene.human, "pass" if "pass" in legal else legal[0])
        app.frame(0.1)
    raise AssertionError("no bot ever started thinking")


def test_frames_go_on_and_the_seat_says_it_is_thinking(screen, pondering):
    app, scene, seat = thinking_table(screen, pondering)
    assert pondering[seat].started.wait(10)
    for _ in range(30):   # a second of frames past the pacing delay: none waits for the bot
        app.frame(1 / 30)
        app.draw()
    assert scene.table.thinking == seat and not pondering[seat].stop.is_set()
    assert scene.thinking(seat)
    state = scene.drawer.seats.state_text(seat, scene.view)
    assert "思考中" in state or "thinking" in state


def test_leaving_the_table_stops_the_search(screen, pondering):
    app, scene, seat = thinking_table(screen, pondering)
    thought = scene.table._thought
    assert thought is not None and not thought.done.is_set()
    app.to_title()
    assert isinstance(app.scenes.top, TitleScene)
    assert pondering[seat].stop.is_set()            # told to stop when the table went
    assert thought.done.wait(10)                    # and it did
    assert scene.table.thinking is None


def test_the_human_acting_under_autoplay_drops_the_thought(screen, pondering):
    """托管 switched off while its bot searches: the player's own action wins."""
    app = make_app(screen, seed=5, speed="normal")
    app.new_match()
    scene = app.scenes.top
    table = scene.table
    pondering.clear()
    table.set_bot_level("normal")   # the factory is asked again: only seat 0 (托管) ponders now
    for seat, bot in pondering.items():
        bot.slow = seat == scene.human
    table.autoplay = True
    for _ in range(2000):
        if table.thinking == scene.human:
            break
        app.frame(0.1)
    assert table.thinking == scene.human
    table.autoplay = False
    legal = table.view().legal_actions
    assert table.submit(scene.human, legal[0]) is None
    assert pondering[0].stop.is_set() and table.thinking is None


def test_an_expert_hint_is_worked_out_while_the_table_draws(screen):
    """At expert level H asks the expert: the table says it is thinking, then shows the hint."""
    import time

    import pygame

    from gouji.ui.model.prompts import hint_head

    from ui_helpers import key, until_human_turn
    app = make_app(screen, seed=5, bots="normal")
    app.new_match()
    app.settings = app.settings.replace(bot_level="expert")   # hints at expert, the bots stay quick
    scene = app.scenes.top
    expert = bots.ExpertBot(scene.human)
    for _ in range(200):   # on to a turn where the expert searches (its choice is close)
        until_human_turn(app)
        view = scene.view
        if view.phase.in_play and len(expert.candidates(view, expert.hard.rank_actions(view))) > 1:
            break
        scene.table.submit(scene.human, expert.hard.choose(view, None))
    key(scene, pygame.K_h)
    assert scene.note is not None and scene.hinter.pending(len(scene.table.stream))
    assert "推演" in scene.note.line.zh
    deadline = time.monotonic() + 60
    while not scene.hinter.ready(len(scene.table.stream)) and time.monotonic() < deadline:
        app.frame(1 / 60)
        time.sleep(0.01)
    scene.update(0.0)
    assert scene.hints and scene.hints_for == len(scene.table.stream)
    assert scene.note is not None and scene.note.line.zh.startswith(hint_head(scene.hints[0].action, "zh"))
    assert scene.hints[0].action in scene.view.legal_actions
