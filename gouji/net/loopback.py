"""A host and its players in one process, on loopback: what the tests and
the benchmark build tables from."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Sequence
from typing import Any

from .botclient import play_seat
from .client import TableClient
from .host import Host, HostConfig
from .room import Room, RoomConfig

SECRET = "loopback-secret"


@contextlib.asynccontextmanager
async def running_host(config: HostConfig | None = None) -> AsyncIterator[Host]:
    host = Host(config or HostConfig(host_secret=SECRET))
    await host.start()
    try:
        yield host
    finally:
        await host.close()


def url_of(host: Host) -> str:
    return f"ws://127.0.0.1:{host.port}"


class Players:
    """Clients at one table, each with its reader task."""

    def __init__(self, clients: Sequence[TableClient]) -> None:
        self.clients = list(clients)
        self.readers = [asyncio.get_running_loop().create_task(c.run()) for c in self.clients]

    async def close(self) -> None:
        for client in self.clients:
            await client.close()
        await asyncio.gather(*self.readers, return_exceptions=True)


async def sit(host: Host, room: Room, people: int, secret: str | None = SECRET, **options: Any) -> Players:
    """``people`` clients join ``room`` (the first with the host secret)."""
    clients = []
    for i in range(people):
        client = TableClient(url_of(host), room.code, f"p{i}", host_secret=secret if i == 0 else None,
                             **options)
        await client.connect()
        clients.append(client)
    return Players(clients)


async def play_to_the_end(players: Players, level: str = "normal", seed: int = 0, think: float = 0.0,
                          timings: list[float] | None = None, timeout: float = 60.0) -> None:
    """Each client's seat played by a bot until the match is over."""
    async with asyncio.timeout(timeout):
        await asyncio.gather(*(play_seat(c, level, seed, think, timings) for c in players.clients))
        for client in players.clients:
            await client.wait_until(lambda c=client: c.over)   # type: ignore[misc]


async def table_of(host: Host, people: int, deals: int = 2, seed: int | None = None, preset: str = "qingdao",
                   **options: Any) -> tuple[Room, Players]:
    """A new table with ``people`` clients seated, started (bots in the other seats)."""
    room = host.open_table(RoomConfig(preset, deals), seed=seed)
    players = await sit(host, room, people, **options)
    await players.clients[0].start()
    await players.clients[0].wait_until(lambda: players.clients[0].view is not None, 5)
    return room, players


__all__ = ["running_host", "url_of", "Players", "sit", "play_to_the_end", "table_of", "SECRET"]
