"""Play with friends 联机: what the network scenes share — the player's seat
at a shared table (and his own host, when he opened it), a job run off the
loop (connecting can take seconds), and reading what a player types.

``gouji.net`` (websockets, zeroconf) is imported only here, inside functions:
an offline game never loads it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from ...store.seat_tokens import keep_seat_token, seat_token
from ...store.settings import NAME_MOST, name_problem
from ..i18n import t

if TYPE_CHECKING:
    from ...net.hosting import LocalHost
    from ...net.seat import RemoteSeat
    from .base import Host

T = TypeVar("T")
Words = tuple[str, str]   # (zh, en)
RECONNECT_FOR = 20.0      # seconds the client keeps trying when its link drops
DEFAULT_PORT = 47777      # gouji.net.hosting.DEFAULT_PORT (not imported: that would load websockets)
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"   # gouji.net.codes.ROOM_ALPHABET


@dataclass
class NetSession:
    """The player at a shared table: his seat's link, and his own host if he opened the table."""

    seat: "RemoteSeat"
    name: str
    url: str
    room: str
    local: "LocalHost | None" = None
    addresses: tuple[str, ...] = ()
    closing: threading.Thread | None = None

    @property
    def hosting(self) -> bool:
        return self.local is not None

    def friends_seated(self) -> bool:
        """Someone besides this player sits at the table this game hosts, and its match is not over."""
        me, client = self.seat.seat, self.seat.client
        return self.hosting and not client.over and any(s.get("person") and s.get("seat") != me for s in client.seats)

    def close_now(self) -> None:
        """Close at once, on this thread (the game is about to end: a closing thread would die with it);
        every friend is told the table is closed. A few seconds at most."""
        self._close()

    def close(self) -> None:
        """Leave the table, and stop hosting (the others are told the link closed) — on a thread of its
        own: a link that is down may take seconds to give up, and the screen must not wait for it."""
        self.closing = threading.Thread(target=self._close, name="gouji-net-close", daemon=True)
        self.closing.start()

    def _close(self) -> None:
        try:
            self.seat.close()
        except Exception:   # the link was already gone
            pass
        if self.local is not None:
            self.local.close()


class Job(Generic[T]):
    """Work on a daemon thread; the scene polls ``done`` each frame, then reads ``result`` or ``error``."""

    def __init__(self, work: Callable[[], T]) -> None:
        self.result: T | None = None
        self.error: BaseException | None = None
        self._done = threading.Event()
        threading.Thread(target=self._run, args=(work,), name="gouji-net-job", daemon=True).start()

    def _run(self, work: Callable[[], T]) -> None:
        try:
            self.result = work()
        except BaseException as exc:   # handed to the scene, which says what went wrong
            self.error = exc
        finally:
            self._done.set()

    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        return self._done.wait(timeout)


def shown_name(info: dict[str, Any], lang: str) -> str | None:
    """A seat's name as the host gives it to everyone (``seats[…]["shown"]``: zh, en); None when the
    host said none (an older host) or sent something that is not one."""
    shown = info.get("shown")
    if isinstance(shown, list) and len(shown) == 2 and all(isinstance(n, str) and 0 < len(n) <= NAME_MOST
                                                          and n.isprintable() for n in shown):
        return str(shown[0 if lang == "zh" else 1])
    return None


def confirm_close(app: "Host", session: NetSession, go: Callable[[], None]) -> bool:
    """Quitting or leaving for the title while this game hosts friends asks first; on yes every friend is
    told the table is closed, then ``go``. True when it asked (the app waits for the answer). A second
    request while the question is up (the window's close button again) means it: no second question."""
    from .confirm import ConfirmScene
    if not session.friends_seated() or isinstance(app.scenes.top, ConfirmScene):
        return False

    def close_then_go() -> None:
        session.close_now()
        go()
    app.scenes.push(ConfirmScene(app, "net_quit_hosting_question", "net_quit_hosting_yes", close_then_go))
    return True


# ----- what the player types ------------------------------------------------------------
def check_name(text: str) -> str | Words:
    """The name to use, or why not (zh, en)."""
    name = text.strip()
    if name_problem(name) is None:
        return name
    return t("net_bad_name", "zh", most=NAME_MOST), t("net_bad_name", "en", most=NAME_MOST)


def read_address(text: str) -> str | None:
    """``host[:port]`` (or a ``ws://`` URL) as a URL; None when it is not one."""
    text = text.strip()
    if text.startswith("ws://"):
        text = text[5:]
    text = text.rstrip("/")
    host, sep, port = text.rpartition(":") if text.count(":") == 1 else (text, "", "")
    if not sep:
        host, port = text, str(DEFAULT_PORT)
    if not host or len(host) > 253 or not port.isdigit() or not 0 < int(port) < 65536:
        return None
    if not all(c.isalnum() or c in ".-_" for c in host):
        return None
    return f"ws://{host}:{int(port)}"


def read_code(text: str) -> str | None:
    """A room code as typed (lower case and spaces are forgiven); None if it is not one."""
    code = text.strip().upper().replace(" ", "")
    if len(code) == 5 and all(c in CODE_ALPHABET for c in code):
        return code
    return None


def refusal_words(exc: BaseException, url: str) -> Words:
    """What a failed join or hosting says, in both languages — never a traceback."""
    from ...net.protocol import Refusal
    if isinstance(exc, Refusal):
        return exc.zh, exc.en
    if isinstance(exc, (OSError, TimeoutError)) or type(exc).__name__ in ("InvalidHandshake", "InvalidURI",
                                                                              "InvalidStatus", "InvalidMessage"):
        return t("net_unreachable", "zh", url=url), t("net_unreachable", "en", url=url)
    return f"出了问题：{type(exc).__name__}", f"Something went wrong: {type(exc).__name__}"


# ----- joining and hosting (on a Job's thread) ------------------------------------------------
def join(url: str, room: str, name: str, secret: str | None = None, remember: bool = True) -> "RemoteSeat":
    """Sit down at the table; a game that was closed or crashed mid-match takes its own seat back with
    the token it kept (``store.seat_tokens``), and keeps the token it is given (``remember``: not at the
    player's own host, which ends with his game)."""
    from ...net.protocol import Refusal
    if not remember:
        return _sit(url, room, name, secret, None)
    kept = seat_token(url, room)
    try:
        seat = _sit(url, room, name, secret, kept)
    except Refusal as refusal:
        if kept is None or refusal.code != "bad_token":
            raise
        seat = _sit(url, room, name, secret, None)   # another table now has that code: sit down anew
    keep_seat_token(url, room, seat.token)
    return seat


def _sit(url: str, room: str, name: str, secret: str | None, token: str | None) -> "RemoteSeat":
    from ...net.seat import RemoteSeat
    seat = RemoteSeat(url, room, name, host_secret=secret, token=token, reconnect_for=RECONNECT_FOR,
                      open_timeout=4.0)
    try:
        seat.join()
    except BaseException:
        seat.close()
        raise
    return seat


def host(name: str, preset: str, bots: str, deals: int, title: str) -> NetSession:
    """Open the player's own host and sit down at its table as its host."""
    from ...net.hosting import LocalHost
    from ...net.room import RoomConfig
    local = LocalHost.open(RoomConfig(preset, deals, bots, title=title))
    try:
        seat = join(local.url, local.room, name, local.secret, remember=False)
    except BaseException:
        local.close()
        raise
    return NetSession(seat, name, local.url, local.room, local, tuple(local.addresses()))


__all__ = ["NetSession", "Job", "check_name", "shown_name", "read_address", "read_code", "refusal_words", "join",
           "host", "RECONNECT_FOR", "confirm_close"]
