"""A host inside the player's own game (开房): the ``Host`` on an asyncio loop
in a worker thread, so the pygame loop never waits for it. It listens on
every interface (friends on the LAN join by one of ``addresses()``), on
``DEFAULT_PORT`` or, when that is taken, any free port; announcing the table
on the LAN is tried and its failure only reported.

    local = LocalHost.open(RoomConfig("qingdao", 2, "normal", title="小明的桌"))
    local.url, local.room, local.secret        # join it like anyone, with the secret
    local.close()
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import socket
import threading
from collections.abc import Coroutine
from typing import Any

from .host import Host, HostConfig
from .room import RoomConfig

DEFAULT_PORT = 47777
BOT_DELAY = 0.8   # seconds a bot waits before it plays: people follow the play (the offline table's normal pace)


class LocalHost:
    def __init__(self, host: Host, room: str, loop: asyncio.AbstractEventLoop, thread: threading.Thread,
                 announce_problem: str | None) -> None:
        self.host, self.room, self._loop, self._thread = host, room, loop, thread
        self.announce_problem = announce_problem   # why the LAN was not told (None: it was, or not asked)

    @classmethod
    def open(cls, config: RoomConfig, port: int = DEFAULT_PORT, announce: bool = True, bind: str = "0.0.0.0",
             bot_delay: float | None = None) -> "LocalHost":
        """Start hosting one table; OSError when no port can be had at all."""
        bot_delay = BOT_DELAY if bot_delay is None else bot_delay
        loop = asyncio.new_event_loop()
        thread = threading.Thread(target=loop.run_forever, name="gouji-host", daemon=True)
        thread.start()
        try:
            host = _call(loop, _serve(bind, port, secrets.token_urlsafe(16), bot_delay))
            room = _call(loop, _open_table(host, config))
            problem = _call(loop, host.start_announcing()) if announce else None
        except BaseException:
            loop.call_soon_threadsafe(loop.stop)
            thread.join(5.0)
            raise
        return cls(host, room.code, loop, thread, problem)

    @property
    def port(self) -> int:
        return self.host.port

    @property
    def secret(self) -> str:
        return self.host.config.host_secret or ""

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def addresses(self) -> list[str]:
        """Where friends reach this host: ``ip:port`` for each LAN address."""
        return [f"{ip}:{self.port}" for ip in lan_ips()]

    def close(self) -> None:
        """Stop hosting: every player is told the table is closed (in words); waits a few seconds at most.
        A second call does nothing."""
        if not self._loop.is_running():
            return
        with contextlib.suppress(Exception):
            _call(self._loop, self.host.close(tell=True), 5.0)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5.0)


async def _serve(bind: str, port: int, secret: str, bot_delay: float) -> Host:
    """The host on ``port``, or on a free one when that is taken."""
    for chosen in (port, 0) if port else (0,):
        host = Host(HostConfig(host=bind, port=chosen, host_secret=secret, bot_delay=bot_delay))
        try:
            await host.start()
            return host
        except OSError:
            if chosen == 0:
                raise
    raise OSError("no port")   # not reached: the loop returns or raises


async def _open_table(host: Host, config: RoomConfig) -> Any:
    return host.open_table(config)   # on the host's loop, like everything it does


def _call(loop: asyncio.AbstractEventLoop, work: Coroutine[Any, Any, Any], timeout: float = 15.0) -> Any:
    return asyncio.run_coroutine_threadsafe(work, loop).result(timeout)


def lan_ips() -> list[str]:
    """This machine's IPv4 addresses other than loopback (loopback alone when there is no network)."""
    try:
        import ifaddr  # zeroconf's own way of listing the interfaces
        found = [str(ip.ip) for adapter in ifaddr.get_adapters() for ip in adapter.ips
                 if ip.is_IPv4 and not str(ip.ip).startswith(("127.", "169.254."))]
    except Exception:   # no interfaces to read: ask the resolver instead
        try:
            found = [a for a in socket.gethostbyname_ex(socket.gethostname())[2] if not a.startswith("127.")]
        except OSError:
            found = []
    return sorted(set(found)) or ["127.0.0.1"]


__all__ = ["LocalHost", "DEFAULT_PORT", "lan_ips"]
