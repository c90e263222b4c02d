"""Helpers for the shared-table UI tests: two apps in one process (one host,
one guest), driven scene by scene with real time passing for the network
threads (each app's top scene is updated; pygame's event queue is not used,
so the two apps never take each other's input)."""

from __future__ import annotations

import time

import pygame

from gouji.ui.scenes.lobby import LobbyScene
from gouji.ui.scenes.net_setup import NetSetupScene
from gouji.ui.scenes.title import TitleScene

from ui_helpers import click, make_app


def quick_local_host(monkeypatch) -> None:
    """(For a test's ``quick_host`` fixture.) The host's bots play at once, and the table is not
    announced on the LAN (tests stay local)."""
    import gouji.net.hosting as hosting
    monkeypatch.setattr(hosting, "BOT_DELAY", 0.0)
    real = hosting.LocalHost.open.__func__

    def local_only(cls, config, port=0, announce=False, bind="127.0.0.1", bot_delay=None):
        return real(cls, config, port=port, announce=announce, bind=bind, bot_delay=bot_delay)

    monkeypatch.setattr(hosting.LocalHost, "open", classmethod(local_only))


def step(*apps, dt: float = 0.05, pause: float = 0.005) -> None:
    for app in apps:
        top = app.scenes.top
        if top is not None:
            top.update(dt)
        app.notices.update(dt)
    time.sleep(pause)


def wait_for(condition, *apps, seconds: float = 10.0, what: str = "the condition") -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        step(*apps)


def type_into(scene: NetSetupScene, field: str, text: str) -> None:
    scene.fields[field].set_text(text)


def open_setup(app, mode: str) -> NetSetupScene:
    title = app.scenes.top
    assert isinstance(title, TitleScene)
    click(title, title.buttons.by_key(mode).rect.center)
    setup = app.scenes.top
    assert isinstance(setup, NetSetupScene) and setup.mode == mode
    return setup


def host_from_title(screen, name: str = "房主") -> tuple[object, LobbyScene]:
    app = make_app(screen)
    setup = open_setup(app, "host")
    type_into(setup, "name", name)
    click(setup, setup.buttons.by_key("open").rect.center)
    wait_for(lambda: isinstance(app.scenes.top, LobbyScene), app, seconds=20, what="the host's lobby")
    return app, app.scenes.top


def join_by_code(screen, address: str, code: str, name: str = "朋友"):
    """A second app joins from its title screen by typing the address and the code; returns (app, setup)."""
    app = make_app(screen)
    setup = open_setup(app, "join")
    type_into(setup, "name", name)
    type_into(setup, "address", address)
    type_into(setup, "code", code)
    click(setup, setup.buttons.by_key("join").rect.center)
    wait_for(lambda: setup.job is None and setup.waiting is None, app, seconds=15, what="the join's answer")
    return app, setup


def next_deal_or_none(app) -> None:
    """Close a deal's result panel (the next deal goes on)."""
    from gouji.ui.scenes.net_table import NetResultScene
    top = app.scenes.top
    if isinstance(top, NetResultScene) and not top.final:
        click(top, top.buttons.by_key("next").rect.center)


def press(scene, key: int) -> None:
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
