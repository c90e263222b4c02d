"""The host process dies (SIGKILL, mid-match) and is started again on the
same state folder: the match goes on from its last saved action, the players
come back with their tokens, and the match ends exactly as one that was
never interrupted (every seat's choice is a function of its view and the turn)."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from gouji.net.botclient import play_seat
from gouji.net.client import TableClient
from gouji.net.loopback import Players
from gouji.net.room import Room, RoomConfig
from gouji.store.saves import load_save

ROOT = Path(__file__).resolve().parent.parent
SEED, ROOM, SECRET = 5, "R3STA", "restart-secret"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_host(port: int, state: Path) -> tuple[subprocess.Popen, dict]:
    command = [sys.executable, "-m", "gouji.server", "--host", "127.0.0.1", "--port", str(port), "--room", ROOM,
               "--deals", "2", "--seed", str(SEED), "--bot-delay", "0", "--rejoin-grace", "20",
               "--state-dir", str(state)]
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "GOUJI_HOST_SECRET": SECRET})
    line = process.stdout.readline()
    assert line, process.stderr.read()
    return process, json.loads(line)


def uninterrupted() -> list[str]:
    """The same match with every seat played by the same bots, in one process, never stopped."""
    room = Room(ROOM, RoomConfig(deals=2), seed=SEED, replayable=True)   # as the host given --seed
    room.start()
    while not room.over:
        room.match.apply(room.bot_action(room.match.current_seat))
    return room.match.actions


@pytest.mark.slow
def test_a_killed_host_resumes_its_match_and_its_players_come_back(tmp_path):
    port = free_port()
    process, started = start_host(port, tmp_path)
    assert started["rooms"] == [ROOM] and started["port"] == port

    async def scenario() -> tuple[list[str], list[TableClient], int]:
        url = f"ws://127.0.0.1:{port}"
        clients = [TableClient(url, ROOM, f"p{i}", host_secret=SECRET if i == 0 else None, reconnect_for=30)
                   for i in range(3)]
        for client in clients:
            await client.connect()
        players = Players(clients)
        await clients[0].start()
        tasks = [asyncio.create_task(play_seat(c, "normal", SEED)) for c in clients]
        await clients[0].wait_until(lambda: clients[0].turn >= 100, 30)
        os.kill(process.pid, signal.SIGKILL)                 # mid-match, without a word
        process.wait()
        seen = max(c.turn for c in clients)
        saved = load_save(tmp_path / ROOM / "match.json").match
        again, restarted = start_host(port, tmp_path)
        try:
            assert restarted["rooms"] == [ROOM] and restarted["problems"] == []
            async with asyncio.timeout(40):
                await asyncio.gather(*tasks)
                for client in clients:
                    await client.wait_until(lambda c=client: c.over)
        finally:
            await players.close()
            again.send_signal(signal.SIGTERM)
            assert again.wait(10) == 0
        assert saved is not None and len(saved.actions) >= seen   # nobody was told of an action not yet kept
        return saved.actions, clients, seen

    try:
        kept, clients, seen = asyncio.run(scenario())
    finally:
        if process.poll() is None:
            process.kill()
    reference = uninterrupted()
    assert kept == reference[:len(kept)] and 100 <= len(kept) < len(reference)
    for client in clients:
        assert client.connects == 2 and client.seat == clients.index(client)   # back in his own seat
        assert client.record.actions == tuple(reference)    # the match went on from where it stopped
        assert client.problems == []
