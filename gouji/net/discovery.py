"""Finding tables on the LAN with zeroconf (mDNS/DNS-SD), optional: a table
is always joined by address and room code; discovery only saves typing them.

A host announces each table as ``<ROOM>._gouji._tcp.local.`` with a TXT
record: ``v`` (protocol version), ``room``, ``name`` (the table's title),
``free`` (seats still free) and ``app`` (the game's version). What a browser
reads is another machine's word: ``read_txt`` checks every field and drops a
record that is not a table's.
"""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from zeroconf import IPVersion, ServiceInfo, ServiceStateChange, Zeroconf, get_all_addresses
from zeroconf.asyncio import AsyncServiceBrowser, AsyncZeroconf

from ..version import version
from .codes import is_room_code

SERVICE_TYPE = "_gouji._tcp.local."
PROTOCOL_KEY = "v"
MAX_TITLE = 40


def txt_record(room: str, title: str, free: int, protocol: int) -> dict[str, str]:
    return {PROTOCOL_KEY: str(protocol), "room": room, "name": title[:MAX_TITLE], "free": str(free),
            "app": version()[:20]}


@dataclass(frozen=True)
class Found:
    """A table seen on the LAN."""

    room: str
    title: str
    free: int
    protocol: int
    app: str
    addresses: tuple[str, ...] = ()
    port: int = 0

    @property
    def url(self) -> str:
        return f"ws://{self.addresses[0]}:{self.port}" if self.addresses else ""


def read_txt(properties: Mapping[bytes, bytes | None]) -> Found | None:
    """A table's TXT record read back; None when it is not one (another program's, or damaged)."""
    try:
        text = {key.decode("utf-8"): (value or b"").decode("utf-8") for key, value in properties.items()}
    except (UnicodeDecodeError, AttributeError):
        return None
    room, free, protocol = text.get("room", ""), text.get("free", ""), text.get(PROTOCOL_KEY, "")
    if not is_room_code(room) or not (free.isdigit() and len(free) == 1) or not (protocol.isdigit()
                                                                                 and len(protocol) < 4):
        return None
    title = text.get("name", "")[:MAX_TITLE]
    return Found(room, title if title.isprintable() else room, int(free), int(protocol), text.get("app", "")[:20])


def _local_addresses(interfaces: Sequence[str] | None) -> list[bytes]:
    chosen = list(interfaces) if interfaces else [a for a in get_all_addresses() if not a.startswith("127.")]
    return [socket.inet_aton(a) for a in chosen or ["127.0.0.1"]]


def _zeroconf(interfaces: Sequence[str] | None) -> AsyncZeroconf:
    if interfaces:
        return AsyncZeroconf(interfaces=list(interfaces), ip_version=IPVersion.V4Only)
    return AsyncZeroconf(ip_version=IPVersion.V4Only)


class Announcer:
    """Announces a host's tables; ``interfaces`` (e.g. ``["127.0.0.1"]``) limits where."""

    def __init__(self, port: int, interfaces: Sequence[str] | None = None, protocol: int | None = None) -> None:
        from .protocol import PROTOCOL_VERSION
        self.port, self.protocol = port, PROTOCOL_VERSION if protocol is None else protocol
        self._interfaces = list(interfaces) if interfaces else None
        self._zc = _zeroconf(self._interfaces)
        self._infos: dict[str, ServiceInfo] = {}
        self._lock = asyncio.Lock()   # registrations of one table one after another

    async def publish(self, room: str, title: str, free: int) -> None:
        """Announce the table, or update what its record says."""
        async with self._lock:
            info = ServiceInfo(SERVICE_TYPE, f"{room}.{SERVICE_TYPE}", port=self.port,
                               addresses=_local_addresses(self._interfaces),
                               properties=txt_record(room, title, free, self.protocol),
                               server=f"gouji-{room.lower()}.local.")
            if room in self._infos:
                await (await self._zc.async_update_service(info))
            else:
                await (await self._zc.async_register_service(info))
            self._infos[room] = info

    async def withdraw(self, room: str) -> None:
        async with self._lock:
            info = self._infos.pop(room, None)
            if info is not None:
                await (await self._zc.async_unregister_service(info))

    async def close(self) -> None:
        async with self._lock:
            await self._zc.async_unregister_all_services()
            self._infos.clear()
        await self._zc.async_close()


async def browse(seconds: float = 2.0, interfaces: Sequence[str] | None = None) -> list[Found]:
    """The tables announced on the LAN within ``seconds``, by room code."""
    azc = _zeroconf(interfaces)
    names: list[str] = []

    def seen(zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange) -> None:
        if state_change is not ServiceStateChange.Removed and name not in names and len(names) < 256:
            names.append(name)

    browser = AsyncServiceBrowser(azc.zeroconf, [SERVICE_TYPE], handlers=[seen])
    found: dict[str, Found] = {}
    try:
        await asyncio.sleep(seconds)
        for name in names:
            info = await azc.async_get_service_info(SERVICE_TYPE, name, 1000)
            table = read_txt(info.properties) if info is not None else None
            if table is not None and info is not None and info.port:
                found[table.room] = Found(table.room, table.title, table.free, table.protocol, table.app,
                                          tuple(info.parsed_addresses(IPVersion.V4Only)), info.port)
    finally:
        await browser.async_cancel()
        await azc.async_close()
    return sorted(found.values(), key=lambda f: f.room)


__all__ = ["SERVICE_TYPE", "Announcer", "Found", "browse", "read_txt", "txt_record"]
