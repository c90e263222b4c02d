"""Screenshots of the 联机 screens (for ``python -m gouji.ui.tools.shots``): the host's setup, the join
screen with tables listed and an address typed (and a refusal), the lobby as its host and as a guest
(named seats, the move timer), and the shared table with a phrase bubble, the phrase menu open, a seat
played by the host's bot (托管) and the host's move timer.

Everything runs on loopback inside the tour's process: a ``LocalHost`` bound to 127.0.0.1 on a free
port, not announced on the LAN, and two friends who are ``RemoteSeat`` links of this process (one is
played by a quick bot as the frames go by, the other leaves once the match has begun)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

FRIENDS = ("小明", "Alexandra Fitzgerald")   # two people besides the player: one short name, one long one
ADDRESSES = ("192.168.1.23:47777", "10.0.0.7:47777")   # shown as the host's LAN addresses (the same in every shot)
MOVE_SECONDS = 30
WAIT = 20.0   # seconds any one step may take before the tour gives up on it (a loaded machine)


@dataclass
class Friends:
    """The other people at the tour's table: the links, and the bot that plays the one who stays."""

    seats: list[Any]      # gouji.net.seat.RemoteSeat
    staying: Any = None   # gouji.net.remote_table.RemoteTable of the friend who stays and plays

    def play(self) -> None:
        """One frame of the staying friend: read the host's news, and act when it is his turn."""
        table = self.staying
        if table is not None:
            table.pump()
            if table.bot_to_act():
                table.ask_bot()

    def close(self) -> None:
        for seat in self.seats:
            seat.close()


def shoot_net(app: Any, shot: Callable[[str], None]) -> None:
    """The 联机 screens in turn (``shot`` after each is drawn); the app is back on the title at the end."""
    from ...net.hosting import LocalHost
    from ...net.room import RoomConfig
    from ..i18n import t
    from ..scenes.net_session import NetSession, join
    from ..scenes.net_setup import first_name
    name = first_name(app.settings.player_name, app.settings.language)
    app.scenes.reset(_title(app))   # from wherever the tour was (a question over the statistics)
    title = t("net_table_title", app.settings.language, host=name)
    local = LocalHost.open(RoomConfig("qingdao", 2, app.settings.bot_level, title=title), port=0, announce=False,
                           bind="127.0.0.1", bot_delay=0.0)
    friends, session = Friends([]), None
    try:
        shoot_setup(app, shot, local, title)
        seat = join(local.url, local.room, name, local.secret, remember=False)
        session = NetSession(seat, name, local.url, local.room, local, ADDRESSES)
        # several people from one process: none may take another's seat by a kept token
        friends.seats = [join(local.url, local.room, friend, remember=False) for friend in FRIENDS]
        shoot_lobby(app, shot, session, friends)
        shoot_table(app, shot, session, friends)
    finally:   # whatever failed: no link or host left running (the scenes' own leave() closes on a thread)
        friends.close()
        if session is not None:
            session.close_now()
        local.close()
        app.scenes.reset(_title(app))


def _title(app: Any) -> Any:
    from ..scenes.title import TitleScene
    return TitleScene(app)


def frames(app: Any, until: Callable[[], bool], what: str, friends: Friends | None = None,
           dt: float = 0.05) -> None:
    """Let real time pass (the links' threads work) a frame at a time, until ``until()``; RuntimeError after
    ``WAIT`` seconds, naming ``what``."""
    deadline = time.monotonic() + WAIT
    while not until():
        if time.monotonic() > deadline:
            raise RuntimeError(f"the screenshot tour timed out waiting for {what}")
        if friends is not None:
            friends.play()
        app.frame(dt)
        time.sleep(0.005)


def shoot_setup(app: Any, shot: Callable[[str], None], local: Any, title: str) -> None:
    """开房's screen; 加入's with two tables listed (the tour's own host among them) and its fields
    filled in; then a wrong room code refused in words."""
    from ...net.discovery import Found
    from ...net.protocol import PROTOCOL_VERSION
    from ...version import version
    from ..scenes.net_setup import NetSetupScene
    host = NetSetupScene(app, "host")
    app.scenes.push(host)
    app.frame(0.05)
    shot("net-host")
    app.scenes.pop()
    join = NetSetupScene(app, "join")
    join.since_browse = float("-inf")   # no look at the real LAN: the list is the tour's
    join.found = [Found(local.room, title, 4, PROTOCOL_VERSION, version(), ("127.0.0.1",), local.port),
                  Found("K7M2Q", "Alexandra Fitzgerald's table", 1, PROTOCOL_VERSION + 1, "9.9.9",
                        ("192.168.1.40",), 47777)]
    app.scenes.push(join)
    join.fields["address"].set_text(f"127.0.0.1:{local.port}")
    join.fields["code"].set_text(local.room)
    app.frame(0.05)
    shot("net-join")
    join.fields["code"].set_text("22222" if local.room != "22222" else "33333")
    join.submit()
    frames(app, lambda: join.job is None and join.problem is not None, "the refusal of a wrong room code")
    shot("net-join-refused")
    app.scenes.pop()


def shoot_lobby(app: Any, shot: Callable[[str], None], session: Any, friends: Friends) -> None:
    """The lobby as its host (three people seated, the move timer on, a seat chosen to swap) and as a guest."""
    from ..scenes.lobby import LobbyScene
    from ..scenes.net_session import NetSession
    lobby = LobbyScene(app, session)
    app.scenes.push(lobby)
    session.seat.configure(move_seconds=MOVE_SECONDS)
    frames(app, lambda: sum(bool(s.get("person")) for s in lobby.seats) == 1 + len(FRIENDS)
           and lobby.config.get("move_seconds") == MOVE_SECONDS, "the friends seated and the timer set")
    lobby.click_seat(3)
    app.frame(0.05)
    shot("lobby")
    lobby.click_seat(3)   # chosen again: no swap
    guest_session = NetSession(friends.seats[0], FRIENDS[0], session.url, session.room, None, ())
    guest = LobbyScene(app, guest_session)
    guest.handed_on = True   # leaving this picture must not close the friend's link
    app.scenes.push(guest)
    frames(app, lambda: guest.config.get("move_seconds") == MOVE_SECONDS, "the guest's lobby")
    shot("lobby-guest")
    app.scenes.pop()


def shoot_table(app: Any, shot: Callable[[str], None], session: Any, friends: Friends) -> None:
    """The shared table at the player's turn: the host's clock on his badge, a friend's phrase bubble, the
    other friend gone (托管 on his badge), and the phrase menu open."""
    import bots

    from ...net.remote_table import RemoteTable
    from ..scenes.net_table import NetTableScene
    friends.staying = RemoteTable(friends.seats[0], bots.make, "normal")
    friends.staying.autoplay = True
    session.seat.start()
    frames(app, lambda: isinstance(app.scenes.top, NetTableScene), "the match's start", friends)
    scene = app.scenes.top
    scene.table.set_autoplay(False)
    leaving = friends.seats.pop()
    gone = leaving.seat
    leaving.close()
    frames(app, lambda: scene.human_turn() and scene.away(gone) and scene.seat_timer(scene.human) is not None,
           "the player's turn, the friend away", friends)
    friends.seats[0].say("well_played")
    speaker = friends.seats[0].seat
    frames(app, lambda: speaker in scene.bubbles, "the friend's phrase", friends, dt=0.01)
    scene.open_phrases()
    app.draw()
    shot("net-table")
