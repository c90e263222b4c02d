"""Helper of test_match_end_kills.py: end a match and kill the game right then.

Each round forks a child that sits down at a one-deal match a few actions
from its end (replayed from a random game of that seed), lets the bots play
it out at full speed, and tells the parent the moment the match is over; the
parent waits 0–60 ms and sends the round's signal (SIGKILL, or SIGHUP and
SIGTERM for a clean quit). A second child then starts the game on the same
folder, as the player would, and quits. What each round left is written to
``OUT/round-N.json`` for the test to check.

    python tests/end_kill_driver.py HOME OUT SEED SIGNAL[,SIGNAL…]
"""

from __future__ import annotations

import json
import os
import random
import select
import signal
import sqlite3
import sys
import time
from pathlib import Path

LEFT = 4   # actions the bots play before the match ends


def rules():
    from gouji import RuleSet
    return RuleSet.preset("basic").replace(series_length=1)


def actions_of(seed: int) -> list[str]:
    from match_helpers import random_match
    return random_match(seed, rules()).actions


def play(home: Path, seed: int, actions: list[str], told: int) -> None:
    """The child: the last actions of a match, then the table goes on showing its end."""
    os.environ["GOUJI_HOME"] = str(home)
    from gouji import Match
    from gouji.ui.shell.app import App, Options
    from gouji.ui.shell.startup import quit_on_signals
    app = App(Options(seed=seed, speed="instant", sound=False, save=True, max_seconds=30))
    app.options.autoplay = True
    applied = app._applied

    def watched(item) -> None:
        applied(item)
        if app.playing.is_over:
            os.write(told, b"1")
    app._applied = watched
    app.play_match(Match.replay(rules(), seed, actions[:-LEFT]))
    with quit_on_signals(app):   # as the game runs: SIGTERM and SIGHUP quit it cleanly
        app.run()


def restart(home: Path) -> None:
    """The next start on the folder: it records what the killed game left, then quits."""
    os.environ["GOUJI_HOME"] = str(home)
    from gouji.ui.shell.app import App, Options
    app = App(Options(speed="instant", sound=False, save=True))
    app.recorder.close()


def history_has(home: Path, seed: int) -> int:
    path = home / "data" / "history.sqlite3"
    if not path.exists():
        return 0
    db = sqlite3.connect(path)
    try:
        return db.execute("SELECT count(*) FROM deals d JOIN matches m ON m.id = d.match_id WHERE m.seed = ?",
                          (seed,)).fetchone()[0]
    except sqlite3.OperationalError:   # killed while the first start was making its tables
        return 0
    finally:
        db.close()


def fork(work, *args) -> int:
    pid = os.fork()
    if pid == 0:
        try:
            work(*args)
        finally:
            os._exit(0)
    return pid


def round_(home: Path, seed: int, kind: int, rng: random.Random) -> dict:
    ready, told = os.pipe()
    pid = fork(play, home, seed, actions_of(seed), told)
    ended = bool(select.select([ready], [], [], 60)[0])
    os.close(ready)
    os.close(told)
    delay = rng.uniform(0.0, 0.06)
    time.sleep(delay)
    os.kill(pid, kind)
    status = os.waitpid(pid, 0)[1]
    save = home / "data" / "match.json"
    left = {"seed": seed, "signal": signal.Signals(kind).name, "ended": ended, "delay_ms": round(delay * 1000, 1),
            "exit": os.waitstatus_to_exitcode(status), "recorded_before_restart": history_has(home, seed),
            "save_before_restart": save.exists()}
    os.waitpid(fork(restart, home), 0)
    left.update(recorded=history_has(home, seed), save_after_restart=save.exists())
    return left


def main(home: Path, out: Path, seed: int, kinds: list[int]) -> None:
    os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    import pygame  # noqa: F401  (imported once, before the forks: each child starts fast)

    import gouji.ui.shell.app  # noqa: F401
    out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    for n, kind in enumerate(kinds):
        left = round_(home, seed + n, kind, rng)
        (out / f"round-{n}.json").write_text(json.dumps(left))


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3]),
         [getattr(signal, name) for name in sys.argv[4].split(",")])
