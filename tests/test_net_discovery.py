"""Finding tables on the LAN (zeroconf): the TXT record written and read back
(another machine's record is untrusted), and a host announcing its table on
loopback, found by a browser there and joined at the address it gives."""

from __future__ import annotations

import asyncio

import pytest

from gouji.net.client import TableClient
from gouji.net.discovery import browse, read_txt, txt_record
from gouji.net.host import HostConfig
from gouji.net.loopback import SECRET, running_host
from gouji.net.protocol import PROTOCOL_VERSION
from gouji.net.room import RoomConfig


def as_bytes(record: dict[str, str]) -> dict[bytes, bytes | None]:
    return {k.encode(): v.encode() for k, v in record.items()}


def test_the_txt_record_reads_back():
    found = read_txt(as_bytes(txt_record("K7M2Q", "老王的桌子", 4, PROTOCOL_VERSION)))
    assert found is not None
    assert (found.room, found.title, found.free, found.protocol) == ("K7M2Q", "老王的桌子", 4, PROTOCOL_VERSION)


@pytest.mark.parametrize("change", [{"room": "OOOOO"}, {"room": ""}, {"free": "x"}, {"free": "12"}, {"v": "v1"},
                                    {"v": "99999"}])
def test_a_record_that_is_not_a_tables_is_dropped(change):
    record = {**txt_record("K7M2Q", "t", 4, PROTOCOL_VERSION), **change}
    assert read_txt(as_bytes(record)) is None
    assert read_txt({b"room": b"\xff\xfe"}) is None


@pytest.mark.slow
def test_a_table_announced_on_loopback_is_found_and_joined():
    async def scenario():
        config = HostConfig(host_secret=SECRET, announce=True, announce_interfaces=("127.0.0.1",))
        try:
            host_context = running_host(config)
            host = await host_context.__aenter__()
        except OSError as exc:   # no multicast socket at all on this machine: the unit tests above still hold
            pytest.skip(f"no multicast here: {exc}")
        try:
            room = host.open_table(RoomConfig(title="老王的桌子"))
            async with asyncio.timeout(10):
                while True:
                    tables = [t for t in await browse(0.5, ["127.0.0.1"]) if t.room == room.code]
                    if tables and tables[0].free == 6:
                        break
            table = tables[0]
            assert table.title == "老王的桌子" and table.protocol == PROTOCOL_VERSION and table.port == host.port
            player = TableClient(table.url, table.room, "found it")
            await player.connect()
            assert player.seat == 0
            await player.close()
        finally:
            await host_context.__aexit__(None, None, None)
    asyncio.run(scenario())


def test_a_closing_host_announces_nothing_more():
    """At shutdown the links' last leavings used to announce again on a closed announcer, and the log
    said "could not keep a table: discovery: NotRunningException"."""
    published: list[str] = []

    class Announcer:
        async def publish(self, room: str, title: str, free: int) -> None:
            if closed:
                raise RuntimeError("NotRunningException")
            published.append(room)

        async def close(self) -> None:
            nonlocal closed
            closed = True

    closed = False

    async def scenario():
        async with running_host() as host:
            host._announcer = Announcer()
            room = host.open_table(RoomConfig(title="t"))
            table = host.tables[room.code]
            await host._announce(table)
            assert published == [room.code]
            await host.close()
            host._schedule_announce(table)
            await host._announce(table)
            await asyncio.sleep(0.05)
            return host.problems
    assert asyncio.run(scenario()) == [] and len(published) == 1
