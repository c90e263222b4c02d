"""``python -m gouji.server``: a headless host for tables on the LAN.

    python -m gouji.server --port 8765 --rules qingdao --bots normal --deals 5 --state-dir ~/gouji-host

It prints one line of JSON (the port, the room codes, the host secret),
then serves until stopped (Ctrl-C, SIGTERM). The host secret is read from
``GOUJI_HOST_SECRET``, or made up and printed: whoever joins with it may
configure, swap seats and start. With ``--state-dir`` every table is kept
after every action, and a host started again on the same folder goes on
where it stopped (a kept table keeps its settings; the flags shape new
tables only). A wrong flag gets a message and exit code 2.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import secrets
import signal
import sys
from collections.abc import Sequence
from pathlib import Path

from ..engine.checks import SEED_LIMIT
from ..engine.rules import MAX_SERIES, PRESETS
from .codes import ROOM_ALPHABET, ROOM_LENGTH, is_room_code
from .gcpolicy import steady_collections
from .host import Host, HostConfig
from .protocol import BOT_LEVELS, MAX_MOVE_SECONDS
from .room import RoomConfig

SECRET_VARIABLE = "GOUJI_HOST_SECRET"
MAX_TABLES = 500


def _whole(low: int, high: int, what: str):
    def read(text: str) -> int:
        if not text.isascii() or not text.strip().isdigit() or not low <= int(text) <= high:
            raise argparse.ArgumentTypeError(f"{what} must be a whole number from {low} to {high}, not {text[:20]!r}")
        return int(text)
    return read


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or not 0 <= value <= 86_400:
        raise argparse.ArgumentTypeError(f"expected a number of seconds from 0 to 86400, not {text[:20]!r}")
    return value


def _room(text: str) -> str:
    code = text.upper().replace("-", "")
    if not is_room_code(code):
        raise argparse.ArgumentTypeError(f"a room code is {ROOM_LENGTH} characters from {ROOM_ALPHABET}, "
                                         f"not {text[:20]!r}")
    return code


def _title(text: str) -> str:
    if len(text) > 40 or not text.isprintable():
        raise argparse.ArgumentTypeError("the title is printable text of at most 40 characters")
    return text


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m gouji.server", description="A host for Gouji tables on the LAN.")
    p.add_argument("--port", type=_whole(0, 65535, "the port"), default=8765, help="0: any free port")
    p.add_argument("--host", default="0.0.0.0", help="the address to listen on (default: every interface)")
    p.add_argument("--rules", choices=tuple(PRESETS), default="qingdao", help="the rules preset")
    p.add_argument("--deals", type=_whole(1, MAX_SERIES, "--deals"), default=5, help="deals in the match")
    p.add_argument("--bots", choices=BOT_LEVELS, default="normal", help="the level of the bots in empty seats")
    p.add_argument("--room", type=_room, help="the room code (default: made up)")
    p.add_argument("--tables", type=_whole(1, MAX_TABLES, "--tables"), default=1, help="tables to open")
    p.add_argument("--title", type=_title, default="", help="the table's name on the LAN")
    p.add_argument("--state-dir", type=Path, help="keep the tables here, and go on from them at the next start")
    p.add_argument("--move-seconds", type=_whole(0, MAX_MOVE_SECONDS, "--move-seconds"), default=0,
                   help="the move timer (0: none); on timeout the bot plays for the seat")
    p.add_argument("--autostart", type=_whole(0, 6, "--autostart"), default=0,
                   help="start a table when this many people sit at it (0: the host starts it)")
    p.add_argument("--bot-delay", type=_seconds, default=0.6, help="seconds a bot waits before it plays")
    p.add_argument("--rejoin-grace", type=_seconds, default=30.0,
                   help="after a restart, seconds to wait for the players before bots take their seats")
    p.add_argument("--idle-timeout", type=_seconds, default=60.0, help="close a connection silent this long")
    p.add_argument("--max-connections", type=_whole(1, 100_000, "--max-connections"), default=512,
                   help="connections the host accepts at once")
    p.add_argument("--seed", type=_whole(0, SEED_LIMIT - 1, "--seed"), help="the first table's seed (for replays)")
    p.add_argument("--announce", action="store_true", help="announce the tables on the LAN (zeroconf)")
    return p


def config_of(args: argparse.Namespace, secret: str) -> HostConfig:
    return HostConfig(host=args.host, port=args.port, state_dir=args.state_dir, host_secret=secret,
                      autostart=args.autostart, bot_delay=args.bot_delay, rejoin_grace=args.rejoin_grace,
                      idle_timeout=max(args.idle_timeout, 1.0), announce=args.announce,
                      max_connections=args.max_connections)


def open_tables(host: Host, args: argparse.Namespace) -> list[str]:
    """The tables of the command line: the kept ones as they were, new ones up to ``--tables``."""
    room_config = RoomConfig(args.rules, args.deals, args.bots, args.move_seconds, args.title)
    codes = list(host.tables)
    if args.room is not None and args.room not in codes:
        host.open_table(room_config, args.room, args.seed)
        codes.append(args.room)
    while len(codes) < args.tables:
        codes.append(host.open_table(room_config, seed=args.seed if not codes else None).code)
    return codes


async def serve(args: argparse.Namespace, secret: str) -> int:
    host = Host(config_of(args, secret))
    codes = open_tables(host, args)
    try:
        await host.start()
    except OSError as exc:
        print(f"无法在端口 {args.port} 上监听 / cannot listen on port {args.port}: {exc.strerror or exc}",
              file=sys.stderr)
        return 1
    print(json.dumps({"port": host.port, "rooms": codes, "host_secret": secret, "problems": host.problems},
                     ensure_ascii=False), flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    keeper = loop.create_task(steady_collections())   # many tables: no long collector pauses
    await stop.wait()
    keeper.cancel()
    await host.close()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.state_dir is not None and args.state_dir.exists() and not args.state_dir.is_dir():
        parser().error(f"--state-dir {str(args.state_dir)[:80]!r} is not a folder")
    secret = os.environ.get(SECRET_VARIABLE) or secrets.token_urlsafe(12)
    try:
        return asyncio.run(serve(args, secret))
    except KeyboardInterrupt:
        return 130
