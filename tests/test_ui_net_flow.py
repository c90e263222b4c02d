"""Play with friends through the real scenes: a host opens a table from the
title screen, a second app joins by address and code, the lobby shows both,
the host swaps a seat and starts, both play a whole 1-deal match (托管 on
each side: the local bot sends the seat's actions to the host) and the
results agree; a phrase one sends appears at the other's sender seat."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest
from net_ui_helpers import (
    host_from_title,
    join_by_code,
    next_deal_or_none,
    open_setup,
    quick_local_host,
    type_into,
    wait_for,
)

from gouji.ui.scenes.lobby import LobbyScene
from gouji.ui.scenes.title import TitleScene

from ui_helpers import click, make_app


@pytest.fixture
def quick_host(monkeypatch):
    quick_local_host(monkeypatch)


def test_the_offline_start_loads_no_network_code():
    code = textwrap.dedent("""
        import os, sys, tempfile
        os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
        os.environ["GOUJI_HOME"] = tempfile.mkdtemp()
        import pygame
        pygame.init()
        from gouji.ui.shell.app import App, Options
        app = App(Options(sound=False), screen=pygame.display.set_mode((1280, 800)))
        app.frame(0.02)
        assert type(app.scenes.top).__name__ == "TitleScene"
        print(sorted(m for m in sys.modules if m.split(".")[0] in ("websockets", "zeroconf")
                     or m.startswith("gouji.net")))
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "[]"


def test_the_title_offers_host_and_join_by_click_and_key(screen):
    import pygame
    app = make_app(screen)
    title = app.scenes.top
    assert isinstance(title, TitleScene)
    host, join = title.buttons.by_key("host"), title.buttons.by_key("join")
    assert host.label == "开房" and join.label == "加入" and host.rect.bottom <= join.rect.bottom
    keys = [b.hotkey for b in title.buttons.buttons if b.hotkey is not None]
    assert len(keys) == len(set(keys))   # no key presses two buttons
    title.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_j, mod=0, unicode="j"))
    assert type(app.scenes.top).__name__ == "NetSetupScene" and app.scenes.top.mode == "join"
    app.scenes.top.back()
    assert app.scenes.top is title


@pytest.mark.parametrize("address, code, words", [
    ("127.0.0.1:1", "K7M2Q", "Cannot reach ws://127.0.0.1:1"),
    ("not an address!", "K7M2Q", "Write the address as IP:port"),
    ("127.0.0.1:47777", "K0OL1", "A room code is 5 letters or digits"),
])
def test_bad_addresses_and_codes_are_told_in_words(screen, address, code, words):
    app, setup = join_by_code(screen, address, code)
    assert setup.problem is not None and words in setup.problem[1]
    assert setup.problem[0] and app.scenes.top is setup


def test_a_wrong_room_code_and_a_bad_name_are_refused_in_both_languages(screen, quick_host):
    host_app, lobby = host_from_title(screen)
    try:
        port = lobby.session.local.port
        code = "22222" if lobby.session.room != "22222" else "33333"
        _, setup = join_by_code(screen, f"127.0.0.1:{port}", code)
        assert setup.problem == ("没有这个房间号的桌子", "there is no table with this room code")
        type_into(setup, "name", "\x07")
        setup.submit()
        assert setup.problem is not None and "printable" in setup.problem[1] and setup.job is None
    finally:
        host_app.scenes.reset(TitleScene(host_app))


@pytest.mark.slow
def test_host_join_swap_start_and_play_a_match_through_the_scenes(screen, quick_host):
    from gouji.ui.scenes.net_table import NetResultScene, NetTableScene
    a, lobby_a = host_from_title(screen, "房主")
    assert a.settings.player_name == "房主"
    b, _ = join_by_code(screen, f"127.0.0.1:{lobby_a.session.local.port}", lobby_a.session.room.lower(), "朋友")
    lobby_b = b.scenes.top
    assert isinstance(lobby_b, LobbyScene) and not lobby_b.admin and lobby_a.admin
    assert lobby_b.buttons.by_key("start") is None and lobby_b.buttons.by_key("leave") is not None
    wait_for(lambda: [s.get("name") for s in lobby_a.seats[:2]] == ["房主", "朋友"], a, b, what="both seated")
    wait_for(lambda: lobby_b.seats[:2] == lobby_a.seats[:2], a, b, what="the guest's lobby")
    lobby_a.session.seat.configure(deals=1)
    click(lobby_a, lobby_a.seat_rect(1).center)   # the guest's seat, then an empty one: swapped
    click(lobby_a, lobby_a.seat_rect(2).center)
    wait_for(lambda: lobby_b.me == 2 and lobby_b.config.get("deals") == 1, a, b, what="the swap")
    a.draw(), b.draw()
    click(lobby_a, lobby_a.buttons.by_key("start").rect.center)
    wait_for(lambda: isinstance(a.scenes.scenes[0], NetTableScene) and isinstance(b.scenes.scenes[0],
                                                                                   NetTableScene), a, b)
    table_a, table_b = a.scenes.scenes[0], b.scenes.scenes[0]
    assert (table_a.human, table_b.human) == (0, 2)
    assert table_a.badge_name(2)[0] == "朋友" and table_b.badge_name(0)[0] == "房主"
    kept_a, kept_b = table_a.shared_table(), table_b.shared_table()   # what each history keeps of the table
    assert kept_a.names == kept_b.names == ("房主", None, "朋友", None, None, None)
    assert kept_a.bots == kept_b.bots and kept_a.bots[0] is None and kept_a.bots[2] is None
    for seat in (1, 3, 4, 5):   # a bot's name is the host's, the same at both ends, in both languages
        assert kept_a.bots[seat] is not None and table_b.badge_name(seat)[0] == kept_a.bots[seat][0]
    table_b.say("hello")
    wait_for(lambda: table_a.bubbles.get(2, ("",))[0] == "hello", a, b, what="the phrase")
    a.draw()
    for scene in (table_a, table_b):
        scene.intent("tuoguan")
    wait_for(lambda: table_a.table.is_over and table_b.table.is_over, a, b, seconds=60, what="the match's end")
    wait_for(lambda: all(isinstance(app.scenes.top, NetResultScene) for app in (a, b)), a, b,
             what="the match's result")
    assert table_a.table.totals == table_b.table.totals
    assert [r.places for r in table_a.table.results] == [r.places for r in table_b.table.results]
    match = table_a.table.record.replay()
    assert match.totals == table_a.table.totals and [r.places for r in match.results] == \
        [r.places for r in table_a.table.results]
    a.draw(), b.draw()
    next_deal_or_none(a)
    for app in (a, b):
        app.scenes.reset(TitleScene(app))


def test_the_lobby_leave_button_closes_the_link(screen, quick_host):
    a, lobby_a = host_from_title(screen)
    b, _ = join_by_code(screen, f"127.0.0.1:{lobby_a.session.local.port}", lobby_a.session.room)
    wait_for(lambda: sum(bool(s.get("person")) for s in lobby_a.seats) == 2, a, b)
    lobby_b = b.scenes.top
    wait_for(lambda: "autostart" in lobby_b.config, a, b, what="the table's settings")
    assert lobby_b._wait_words(2) == "等房主开始…"           # a player's own table: the host starts it
    lobby_b.config = {**lobby_b.config, "autostart": 4}       # a server started with --autostart 4
    assert lobby_b._wait_words(2) == "满 4 人自动开始，还差 2 人…"
    click(lobby_b, lobby_b.buttons.by_key("leave").rect.center)
    assert isinstance(b.scenes.top, TitleScene)
    wait_for(lambda: not lobby_a.seats[1].get("present"), a, what="the guest gone")
    a.scenes.reset(TitleScene(a))


def test_the_host_s_timer_button_cycles_and_the_guest_sees_it_at_every_size(display, screen, quick_host):
    a, lobby_a = host_from_title(screen)
    b, _ = join_by_code(screen, f"127.0.0.1:{lobby_a.session.local.port}", lobby_a.session.room)
    lobby_b = b.scenes.top
    assert isinstance(lobby_b, LobbyScene)
    try:
        wait_for(lambda: lobby_b.config and sum(bool(s.get("person")) for s in lobby_a.seats) == 2, a, b,
                 what="both seated")
        room = lobby_a.session.local.host.tables[lobby_a.session.room].room
        assert lobby_b.buttons.by_key("timer") is None                  # the guest only reads it
        assert room.config.move_seconds == 0 and lobby_a.buttons.by_key("timer").label == "计时：无"
        for seconds, label in ((15, "计时：15 秒"), (30, "计时：30 秒"), (60, "计时：60 秒"), (0, "计时：无")):
            click(lobby_a, lobby_a.buttons.by_key("timer").rect.center)
            wait_for(lambda: lobby_b.config.get("move_seconds") == seconds == lobby_a.config.get("move_seconds"),
                     a, b, what=f"the timer at {seconds}")
            assert room.config.move_seconds == seconds
            assert lobby_a.buttons.by_key("timer").label == label and ("timer", label) in lobby_b.setting_labels()
        lobby_a.session.seat.configure(move_seconds=60)   # the widest label, at every size and in both languages
        wait_for(lambda: lobby_b.config.get("move_seconds") == 60 == lobby_a.config.get("move_seconds"), a, b)
        for size in ((1280, 720), (1366, 768), (1920, 1080)):
            for lang, words in (("zh", "计时：60 秒"), ("en", "Timer: 60 s")):
                for app, lobby in ((a, lobby_a), (b, lobby_b)):
                    app.screen = display.set_mode(size)
                    app.update_settings(language=lang)
                    lobby.refresh_language()
                    app.fonts.cuts = []
                    app.draw()
                    assert ("timer", words) in lobby.setting_labels() and not app.fonts.cuts, (size, lang)
                rects = [button.rect for button in lobby_a.buttons.buttons]
                assert len(rects) == 6 and lobby_a.buttons.by_key("timer").label == words
                assert all(app.screen.get_rect().contains(r) for r in rects), (size, lang)
                assert all(not r.colliderect(o) for i, r in enumerate(rects) for o in rects[i + 1:]), (size, lang)
    finally:
        for app in (a, b):
            app.scenes.reset(TitleScene(app))


def test_the_player_name_is_checked_and_kept(screen):
    from gouji.store.settings import DEFAULT_NAME, Settings, load_settings
    assert Settings().player_name == DEFAULT_NAME
    for bad in ("", " x", "x" * 25, "a\nb", 7):
        with pytest.raises(ValueError):
            Settings().replace(player_name=bad)
    app = make_app(screen, save=True)
    setup = open_setup(app, "host")
    assert setup.fields["name"].text == DEFAULT_NAME
    app.update_settings(player_name="小明")
    assert load_settings()[0].player_name == "小明"
