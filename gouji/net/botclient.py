"""Headless players: a ``TableClient`` whose seat a bot plays — for tests,
benchmarks and filling a LAN table from another machine.

    python -m gouji.net.botclient ws://192.168.1.5:8765 K7M2Q --level normal

The bot sees only what the client received (the seat's ``SeatView``), like
any player; its rng is seeded by ``seed`` and the turn.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import sys
import time
from collections.abc import Sequence

from websockets.exceptions import ConnectionClosed

import bots

from .client import TableClient
from .protocol import BOT_LEVELS, Refusal


async def play_seat(client: TableClient, level: str = "normal", seed: int = 0, think: float = 0.0,
                    timings: list[float] | None = None, answer_within: float = 1.0, jitter: float = 0.0) -> None:
    """Play the client's seat until the match is over or the table closes.

    ``think``: seconds to wait before each action (a person's pace), each time drawn from
    ``think * (1 ± jitter)`` — people at different tables do not act in step. ``timings``: if given, each
    action's round trip (sent → the view after it arrived), in seconds, is appended to it.
    An action is sent again when no view follows it within ``answer_within`` seconds (the host may
    have dropped it, rate-limited, or refused it): the turn it names keeps it from counting twice."""
    made: dict[int, bots.Bot] = {}
    done_turn, tries, illegal = -1, 0, False
    while not client.over and client.closed is None:
        await client.wait_until(lambda: client.over or client.closed is not None
                                or (client.my_turn and client.turn != done_turn))
        if client.over or client.closed is not None:
            return
        view, turn = client.view, client.turn
        assert view is not None and client.seat is not None
        if think and not tries:
            await asyncio.sleep(think * random.Random(f"{seed}:{turn}:think").uniform(1 - jitter, 1 + jitter))
            if client.turn != turn:
                continue
        bot = made.setdefault(client.seat, bots.make(level, client.seat, seed))
        rng = random.Random(f"{seed}:{turn}")
        action = rng.choice(view.legal_actions) if illegal else bot.choose(view, rng)   # a bot's bug: anything legal
        refused = client.tally["errors"]
        sent = time.perf_counter()
        try:
            await client.act(action)
        except (ConnectionError, OSError, ConnectionClosed):   # the link dropped: run() brings it back
            await asyncio.sleep(0.05)
            continue
        done_turn = turn
        with contextlib.suppress(TimeoutError):
            await client.wait_until(lambda: client.turn != turn or client.tally["errors"] > refused
                                    or client.over or client.closed is not None, answer_within)
        if client.turn != turn:
            tries, illegal = 0, False
            if timings is not None:
                timings.append(time.perf_counter() - sent)
        elif client.my_turn:   # no answer (dropped, rate-limited) or a refusal: again, a little later each time
            tries += 1
            illegal = client.tally["errors"] > refused and client.errors[-1].code == "illegal"
            done_turn = -1
            await asyncio.sleep(min(1.0, 0.05 * tries))


async def join_and_play(url: str, room: str, name: str, level: str = "normal", seed: int = 0,
                        token: str | None = None, host_secret: str | None = None, start: bool = False,
                        reconnect_for: float = 30.0) -> TableClient:
    client = TableClient(url, room, name, token=token, host_secret=host_secret, reconnect_for=reconnect_for)
    await client.connect()
    reader = asyncio.get_running_loop().create_task(client.run())
    if start:
        await client.start()
    try:
        await play_seat(client, level, seed)
        await client.wait_until(lambda: client.over or client.closed is not None)
    finally:
        await client.close()
        await reader
    return client


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gouji.net.botclient", description="A bot plays one seat.")
    parser.add_argument("url", help="the host, e.g. ws://192.168.1.5:8765")
    parser.add_argument("room", help="the table's room code")
    parser.add_argument("--name", default="bot")
    parser.add_argument("--level", default="normal", choices=[b for b in BOT_LEVELS if b != "expert"])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--token", help="take back a seat with its token")
    parser.add_argument("--host-secret", help="join as the host (and start the match)")
    parser.add_argument("--start", action="store_true", help="start the match (with --host-secret)")
    args = parser.parse_args(argv)
    try:
        client = asyncio.run(join_and_play(args.url, args.room, args.name, args.level, args.seed, args.token,
                                           args.host_secret, args.start))
    except Refusal as refusal:
        print(f"{refusal.zh}\n{refusal.en}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"无法连接 / cannot connect: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    print(f"seat {client.seat} token {client.token} totals {client.totals}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
