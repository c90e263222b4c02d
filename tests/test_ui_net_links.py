"""A shared table's links through the real scenes: every seat has the same
name at both ends (badges, log, result panel); a guest whose link is cut
mid-deal is told, the host sees 托管 on his seat, and F5 takes the seat back
with its cards; a host who quits with a friend seated is asked first, and
the friend is told in words that the table is closed, and goes back to the
title without a traceback."""

from __future__ import annotations

import os

import pygame
import pytest
from net_ui_helpers import host_from_title, join_by_code, press, quick_local_host, step, wait_for

from gouji.engine.events import NOBURN, PASS, PLAY
from gouji.net.remote_table import deal_result
from gouji.ui.scenes.confirm import ConfirmScene
from gouji.ui.scenes.table import TableScene
from gouji.ui.scenes.title import TitleScene

from ui_helpers import click

SHOTS = os.environ.get("GOUJI_SHOTS")   # a folder: the tests save what they look at there


@pytest.fixture
def quick_host(monkeypatch):
    quick_local_host(monkeypatch)


def shot(app, name: str) -> None:
    if SHOTS:
        app.draw()
        pygame.image.save(app.screen, os.path.join(SHOTS, name))


def two_at_a_table(screen, move_seconds: int = 0):
    """A host and a guest at a started two-deal table (neither on 托管: the match waits for them, or
    for the host's move timer)."""
    from gouji.ui.scenes.net_table import NetTableScene
    a, lobby_a = host_from_title(screen, "房主")
    b, _ = join_by_code(screen, f"127.0.0.1:{lobby_a.session.local.port}", lobby_a.session.room, "朋友")
    wait_for(lambda: sum(bool(s.get("person")) for s in lobby_a.seats) == 2, a, b, what="both seated")
    lobby_a.session.seat.configure(deals=2, move_seconds=move_seconds)
    wait_for(lambda: lobby_a.config.get("deals") == 2 and lobby_a.config.get("move_seconds") == move_seconds, a, b,
             what="the settings")
    click(lobby_a, lobby_a.buttons.by_key("start").rect.center)
    wait_for(lambda: all(isinstance(app.scenes.scenes[0], NetTableScene) for app in (a, b)), a, b, what="the start")
    room = lobby_a.session.local.host.tables[lobby_a.session.room].room
    return a, b, a.scenes.scenes[0], b.scenes.scenes[0], room


def test_every_seat_has_the_hosts_name_at_every_end(screen, quick_host, monkeypatch):
    from gouji.ui.scenes import result
    from gouji.ui.scenes.net_table import NetResultScene
    a, b, table_a, table_b, _ = two_at_a_table(screen)
    try:
        wait_for(lambda: table_a.table.seats and table_b.table.seats, a, b)
        names = [table_a.shown(s) for s in range(6)]
        assert names == [table_b.shown(s) for s in range(6)] and names[:2] == ["房主", "朋友"]
        assert names[2:] == ["老王", "大张", "阿梅", "小赵"]   # the host's own table names these seats so
        for seat in range(2, 6):
            assert table_a.badge_name(seat)[0] == table_b.badge_name(seat)[0] == names[seat]
            assert names[seat] in table_a.seat_name(seat) and names[seat] in table_b.seat_name(seat)
        drawn: list[str] = []
        monkeypatch.setattr(result.ResultScene, "_text", lambda self, screen, L, text, *rest, **kw: drawn.append(text))
        deal = deal_result({"places": [1, 2, 3, 4, 5, 0], "opened": [True] * 6, "score": [0, 2]})
        NetResultScene(a, [deal], table_a.view.rules, table_a, human=0).draw(screen)
        assert any("朋友" in text for text in drawn) and any("老王" in text for text in drawn)
        assert not any("小李" in text for text in drawn)   # the offline default for the guest's seat
        assert result.seat_label(1, "zh", 0) == "下家小李"   # the offline panel is as it was
        monkeypatch.undo()
        for autoplay in (False, True):   # on 托管 the panel moves on by itself: he may be away from the table
            monkeypatch.setattr(table_a.table, "autoplay", autoplay)
            panel = NetResultScene(a, [deal], table_a.view.rules, table_a, human=0)
            a.scenes.push(panel)
            for _ in range(10):
                panel.update(1.0)
            assert (a.scenes.top is table_a) == autoplay
            if not autoplay:
                a.scenes.pop()
        final = NetResultScene(a, [deal], table_a.view.rules, table_a, final=True, human=0)
        [only] = final.buttons.buttons   # no new match at a shared table: one button, in the panel's middle
        assert only.key == "title" and abs(only.rect.centerx - a.layout.box(640, 0, 0, 0)[0]) <= 1
    finally:
        for app in (a, b):
            app.scenes.reset(TitleScene(app))


def test_the_host_s_move_timer_shows_at_the_seat_to_act_at_both_ends(screen, quick_host):
    a, b, table_a, table_b, room = two_at_a_table(screen, move_seconds=30)
    try:
        a.update_settings(move_timer=True)   # this end's own timer: never plays for him at a shared table
        people = (table_a.human, table_b.human)
        wait_for(lambda: table_a.table.current_seat in people and table_a.seat_timer(table_a.table.current_seat)
                 and table_b.seat_timer(table_a.table.current_seat), a, b, what="a person's timed turn")
        seat = table_a.table.current_seat
        for scene in (table_a, table_b):
            left, full = scene.seat_timer(seat)
            assert full == 30.0 and 25.0 < left <= 30.0 and not scene.thinking(seat)   # the ring, not the dots
            assert all(scene.seat_timer(other) is None for other in range(6) if other != seat)
            assert scene.timer_left() is None
        before = table_b.seat_timer(seat)[0]
        step(a, b, pause=0.3)
        assert table_b.seat_timer(seat)[0] < before and room.config.move_seconds == 30   # it runs down
        a.draw(), b.draw()
        shot(b, "host_timer.png")
    finally:
        for app in (a, b):
            app.scenes.reset(TitleScene(app))


ACTED = (PLAY, PASS, NOBURN)


def cut(table_scene, come_back: bool) -> None:
    """Abort the guest's link as a pulled cable would; without coming back by itself."""
    seat = table_scene.session.seat
    if not come_back:
        seat.client.reconnect_for = 0.0
    seat._loop.call_soon_threadsafe(seat.client.drop)


def test_a_guest_cut_off_mid_deal_is_told_and_takes_his_seat_back_with_f5(screen, quick_host, monkeypatch):
    a, b, table_a, table_b, room = two_at_a_table(screen)
    try:
        me = table_b.human
        wait_for(lambda: table_b.table.ready and table_b.table.connected, a, b, what="the deal under way")
        cut(table_b, come_back=True)               # the usual drop: the client comes back by itself
        # the link is down only for a moment (~50 ms): wait for what stays, the notice that he is back
        wait_for(lambda: any("已重新连上主机" in text for text in b.notices.texts("zh")), a, b, what="back by itself")
        wait_for(lambda: not table_b.link_down and table_b.table.connected, a, b, what="connected again")
        cut(table_b, come_back=False)              # this time it stays down: the Reconnect button
        wait_for(lambda: table_b.gone is not None, a, b, what="the link given up")
        assert any("和主机的连接断了" in text for text in b.notices.texts("zh"))
        wait_for(lambda: table_a.away(me), a, b, what="托管 on the guest's seat")
        assert any("朋友" in text and "托管" in text for text in a.notices.texts("zh"))
        b.draw()
        assert table_b.buttons.by_key("retry") is not None and table_b.buttons.by_key("title") is not None
        with monkeypatch.context() as m:   # even on his turn: no action row, no "your turn", with nobody to hear
            m.setattr(table_b.table, "human_to_act", lambda: True)
            table_b.director.finish(table_b.table.stream)
            assert TableScene.human_turn(table_b) and not table_b.human_turn() and not table_b.seize_turn()
            line = table_b.line()   # not "your turn": the link is down
            assert line is not None and line.tone == "error" and "轮到" not in line.zh and line.zh == table_b.gone[0]
        shot(b, "reconnect_notice.png")
        shot(a, "host_sees_tuoguan.png")
        press(table_b, pygame.K_F5)
        wait_for(lambda: table_b.gone is None and table_b.table.connected, a, b, seconds=10, what="F5")
        wait_for(lambda: not table_a.away(me), a, b, what="the host sees him back")
        assert table_b.human == me
        wait_for(lambda: table_b.table._turn == room.turn, a, b, what="the whole view again")
        assert table_b.table.view().hand_cards == room.match.view(me).hand_cards   # his own cards
        back_at = len(room.match.events)
        for scene in (table_a, table_b):
            scene.intent("tuoguan")                # plays on: his own end sends his seat's actions
        wait_for(lambda: any(e.seat == me and e.kind in ACTED for e in room.match.events[back_at:]), a, b,
                 seconds=15, what="the guest playing on")
        assert me in room.present
    finally:
        for app in (a, b):
            app.scenes.reset(TitleScene(app))


def test_a_host_who_quits_is_asked_and_the_friend_is_told_the_table_closed(screen, quick_host):
    a, b, table_a, table_b, room = two_at_a_table(screen)
    try:
        a.quit()                                   # the window's close button does the same (App.handle)
        assert isinstance(a.scenes.top, ConfirmScene) and a.running
        press(a.scenes.top, pygame.K_n)            # no: nothing changes
        assert a.scenes.top is table_a and a.running
        a.handle(pygame.event.Event(pygame.QUIT))
        confirm = a.scenes.top
        assert isinstance(confirm, ConfirmScene)
        click(confirm, confirm.buttons.by_key("yes").rect.center)
        assert not a.running
        wait_for(lambda: table_b.gone is not None, b, what="the guest told")
        assert table_b.gone == ("房主关闭了这张桌子", "the host closed the table")
        assert any(text == "房主已离开：房主关闭了这张桌子" for text in b.notices.texts("zh"))
        b.draw()
        assert table_b.buttons.by_key("retry") is None   # a closed table cannot be rejoined
        click(table_b, table_b.buttons.by_key("title").rect.center)
        assert isinstance(b.scenes.top, TitleScene)
        step(b)
        b.draw()
    finally:
        for app in (a, b):
            app.scenes.reset(TitleScene(app))


def test_a_host_alone_at_his_table_quits_without_a_question(screen, quick_host):
    a, lobby = host_from_title(screen)
    a.quit()
    assert not a.running and a.scenes.top is lobby
    a.scenes.reset(TitleScene(a))
