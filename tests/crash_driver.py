"""Helper of test_crash_safety.py: play an autoplay match and kill -9 it again and
again. Each round forks a child that resumes the saved match (or starts one) and
plays at full speed until the parent kills it at a random moment after its first
action (so a loaded machine still gets its kills in the middle of play);
after each kill the save left behind is copied aside for the test to check.

    python tests/crash_driver.py HOME OUT KILLS SEED
"""

from __future__ import annotations

import os
import random
import select
import shutil
import signal
import sys
import time
from pathlib import Path


def child(home: Path, trace: Path, seed: int, ready: int) -> None:
    os.environ.update(GOUJI_HOME=str(home), GOUJI_TRACE=str(trace))
    from gouji.store.saves import has_save
    from gouji.ui.shell.app import App, Options
    app = App(Options(seed=seed, speed="instant", sound=False, save=True))
    app.options.autoplay = True           # a bot plays the human's seat too, from here on
    app.continue_match() if has_save() else app.new_match()
    start = len(app.playing.actions)
    while len(app.playing.actions) == start and not app.playing.is_over:   # the first frames draw the cards
        app.frame(1 / 60)
    os.write(ready, b"1")
    app.run()


def main(home: Path, out: Path, kills: int, seed: int) -> None:
    os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    import pygame  # noqa: F401  (imported once, before the forks: each child starts fast)

    import gouji.ui.shell.app  # noqa: F401
    rng = random.Random(seed)
    out.mkdir(parents=True, exist_ok=True)
    for kill in range(kills):
        trace = out / f"trace-{kill}.txt"
        ready, told = os.pipe()
        pid = os.fork()
        if pid == 0:
            try:
                child(home, trace, seed, told)
            finally:
                os._exit(0)
        select.select([ready], [], [], 60)    # it is playing (or gave up)
        os.close(ready)
        os.close(told)
        time.sleep(rng.uniform(0.03, 0.3))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        save = home / "data" / "match.json"
        if save.exists():
            shutil.copyfile(save, out / f"save-{kill}.json")
        leftovers = [p.name for p in (home / "data").glob("*.tmp")] if (home / "data").exists() else []
        (out / f"tmp-{kill}.txt").write_text("\n".join(leftovers))


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]))
