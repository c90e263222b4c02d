"""``python -m gouji.net.bench``: how fast a host answers, and how many tables it holds.

    python -m gouji.net.bench --tables 1 --think 0 --seconds 10      # the action round trip
    python -m gouji.net.bench --tables 50 --think 0.5 --seconds 30   # a host on one core, 50 tables

A host runs in its own process (``--serve``), pinned to one core, and reports
its event loop's lag and how long each action takes to go out. This process,
pinned to another core, seats six bot clients at each table (every seat a
person's client: the host plays no bot) and measures each action's round trip
(the client sends it, the view after it arrives), the host's CPU time and its
own event-loop lag (if the clients lag, the round trips are theirs, not the
host's). ``--think`` paces the clients (seconds before each action; a person
takes several).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from typing import Any

from .botclient import play_seat
from .client import TableClient
from .gcpolicy import steady_collections
from .host import Host, HostConfig
from .room import RoomConfig


def percentiles(values: Sequence[float]) -> dict[str, float]:
    """p50, p90, p99 and the maximum, in milliseconds."""
    if not values:
        return {}
    ordered = sorted(values)
    pick = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))]   # noqa: E731
    return {"p50": round(pick(0.5) * 1000, 2), "p90": round(pick(0.9) * 1000, 2),
            "p99": round(pick(0.99) * 1000, 2), "max": round(ordered[-1] * 1000, 2)}


def start_host(tables: int, core: int | None) -> tuple[subprocess.Popen[str], dict[str, Any]]:
    """``--serve``: a host of ``tables`` tables in a process of its own, pinned to ``core``."""
    def pin() -> None:
        if core is not None:
            os.sched_setaffinity(0, {core})
    process = subprocess.Popen([sys.executable, "-m", "gouji.net.bench", "--serve", str(tables),
                                *(["--plain-gc"] if os.environ.get("GOUJI_BENCH_PLAIN_GC") else [])],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               preexec_fn=pin)
    assert process.stdout is not None
    line = process.stdout.readline()
    if not line:
        raise RuntimeError(f"the host did not start: {process.stderr.read() if process.stderr else ''}")
    return process, json.loads(line)


def mark_host(process: subprocess.Popen[str]) -> None:
    """The measuring begins: the host forgets what it saw while the tables were being set up."""
    assert process.stdin is not None
    process.stdin.write("mark\n")
    process.stdin.flush()


def stop_host(process: subprocess.Popen[str]) -> dict[str, Any]:
    """Ask the host for its own figures, and end it."""
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write("stop\n")
    process.stdin.flush()
    figures = json.loads(process.stdout.readline() or "{}")
    process.wait(10)
    return figures


async def serve(tables: int, steady: bool = True) -> None:
    """The host's side: the tables, its event loop's lag and the time each action takes to go out."""
    host = Host(HostConfig(autostart=6, idle_timeout=3600, max_connections=6 * tables + 16))
    for _ in range(tables):
        host.open_table(RoomConfig(deals=99))
    await host.start()
    lags: list[float] = []
    fanout: list[float] = []
    applied = host._applied

    async def timed(table: Any, events: Any) -> None:   # save, then every player's view queued
        start = time.perf_counter()
        await applied(table, events)
        fanout.append(time.perf_counter() - start)
    host._applied = timed   # type: ignore[method-assign]
    lagger = asyncio.create_task(loop_lag(lags))
    pauses = GcPauses()
    thaw = float(os.environ.get("GOUJI_BENCH_THAW", "600"))   # seconds between full walks (to watch one)
    keeper = asyncio.create_task(steady_collections(thaw_every=thaw)) if steady else None
    print(json.dumps({"port": host.port, "rooms": list(host.tables)}), flush=True)
    loop = asyncio.get_running_loop()
    marked_rss = 0.0
    if (await loop.run_in_executor(None, sys.stdin.readline)).strip() == "mark":   # the measuring begins
        marked_rss = rss_mb()
        lags.clear()
        fanout.clear()
        pauses.restart()
        await loop.run_in_executor(None, sys.stdin.readline)
    lagger.cancel()
    if keeper is not None:
        keeper.cancel()
    print(json.dumps({"host_loop_lag_ms": percentiles(lags), "host_fanout_ms": percentiles(fanout),
                      "host_rss_mb": {"at_mark": marked_rss, "at_end": rss_mb()},
                      "host_gc_ms": pauses.stop()}), flush=True)
    await host.close()


class GcPauses:
    """The time of each garbage collection while it listens, by generation (a long one stalls every table)."""

    def __init__(self) -> None:
        self.times: dict[int, list[float]] = {0: [], 1: [], 2: []}
        self._started = 0.0
        gc.callbacks.append(self._note)

    def _note(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self.times[info["generation"]].append(time.perf_counter() - self._started)

    def restart(self) -> None:
        for times in self.times.values():
            times.clear()

    def stop(self) -> dict[str, dict[str, float]]:
        gc.callbacks.remove(self._note)
        return {str(gen): percentiles(times) for gen, times in self.times.items()}


def rss_mb() -> float:
    """This process's resident memory (Linux; 0 elsewhere)."""
    try:
        pages = int(open("/proc/self/statm").read().split()[1])
    except (OSError, ValueError, IndexError):
        return 0.0
    return round(pages * os.sysconf("SC_PAGE_SIZE") / 2 ** 20, 1)


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process so far (Linux)."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def loop_lag(samples: list[float], every: float = 0.01) -> None:
    loop = asyncio.get_running_loop()
    while True:
        start = loop.time()
        await asyncio.sleep(every)
        samples.append(max(0.0, loop.time() - start - every))


async def measure(tables: int, think: float, seconds: float, level: str, host_core: int | None,
                  jitter: float = 0.0) -> dict[str, Any]:
    process, started = start_host(tables, host_core)
    url = f"ws://127.0.0.1:{started['port']}"
    clients: list[TableClient] = []
    try:
        for room in started["rooms"]:
            for i in range(6):
                client = TableClient(url, room, f"b{i}", ping_every=30)
                await client.connect()
                clients.append(client)
        readers = [asyncio.create_task(c.run()) for c in clients]
        await asyncio.gather(*(c.wait_until(lambda c=c: c.view is not None, 30)   # type: ignore[misc]
                               for c in clients))
        timings: list[float] = []
        lags: list[float] = []
        lagger = asyncio.create_task(loop_lag(lags))
        # 300 players' views in one process make its full collections long; a player's own process holds one
        keeper = asyncio.create_task(steady_collections())
        pauses = GcPauses()
        mark_host(process)
        cpu0, wall0, mine0 = cpu_seconds(process.pid), time.perf_counter(), time.process_time()
        players = [asyncio.create_task(play_seat(c, level, i, think, timings, jitter=jitter))
                   for i, c in enumerate(clients)]
        await asyncio.sleep(seconds)
        cpu1, wall1, mine1 = cpu_seconds(process.pid), time.perf_counter(), time.process_time()
        host_figures = await asyncio.get_running_loop().run_in_executor(None, stop_host, process)
        for task in [*players, lagger, keeper]:
            task.cancel()
        for client in clients:
            await client.close()
        await asyncio.gather(*players, *readers, lagger, keeper, return_exceptions=True)
        return {"tables": tables, "clients": len(clients), "think_s": think, "jitter": jitter,
                "seconds": round(wall1 - wall0, 1),
                "actions": len(timings), "actions_per_s": round(len(timings) / (wall1 - wall0), 1),
                "round_trip_ms": percentiles(timings),
                "over_50ms": round(sum(t > 0.05 for t in timings) / max(1, len(timings)), 4),
                "host_cpu_share": round((cpu1 - cpu0) / (wall1 - wall0), 3),
                "client_cpu_share": round((mine1 - mine0) / (wall1 - wall0), 3),
                "client_loop_lag_ms": percentiles(lags),
                "client_gc_ms": pauses.stop(),
                "problems": sum(len(c.problems) for c in clients),
                "mean_ms": round(statistics.fmean(timings) * 1000, 2) if timings else None, **host_figures}
    finally:
        if process.poll() is None:
            process.terminate()
            process.wait(10)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gouji.net.bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[1], help="tables (several: one run each)")
    parser.add_argument("--think", type=float, default=0.0, help="seconds each client waits before acting")
    parser.add_argument("--jitter", type=float, default=0.0,
                        help="each wait drawn from think × (1 ± jitter): tables do not act in step (0 to 1)")
    parser.add_argument("--seconds", type=float, default=10.0, help="how long each run measures")
    parser.add_argument("--level", default="normal", choices=("random", "easy", "normal", "hard"))
    parser.add_argument("--no-pin", action="store_true", help="do not pin the host and the clients to cores")
    parser.add_argument("--serve", type=int, metavar="TABLES", help=argparse.SUPPRESS)   # the host's process
    parser.add_argument("--plain-gc", action="store_true", help=argparse.SUPPRESS)     # ... without steady_collections
    args = parser.parse_args(argv)
    if args.serve:
        asyncio.run(serve(args.serve, steady=not args.plain_gc))
        return 0
    pin = not args.no_pin and hasattr(os, "sched_setaffinity") and (os.cpu_count() or 1) >= 2
    if pin:
        os.sched_setaffinity(0, {1})
    for tables in args.tables:
        result = asyncio.run(measure(tables, args.think, args.seconds, args.level, 0 if pin else None,
                                     min(1.0, max(0.0, args.jitter))))
        print(json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
