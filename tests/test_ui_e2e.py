"""End to end: the real program in a real X window (Xvfb), driven by xdotool
clicks like a person: New game, then a legal action on the human's first turn."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gouji.ui.model.layout import Layout
from gouji.ui.scenes.title import COLUMN_TOP

NEEDED = ("Xvfb", "xdotool")
pytestmark = [pytest.mark.slow,   # a real window: the full lane only
              pytest.mark.skipif(any(shutil.which(tool) is None for tool in NEEDED),
                                 reason="needs Xvfb and xdotool (.ci/run installs them)")]
SIDE_KEYS = {"menu", "tuoguan", "counter"}


def start_xvfb() -> tuple[subprocess.Popen, str]:
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1366x768x24",
                               "-nolisten", "tcp"], pass_fds=(write,), stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    return server, f":{number}"


def xdotool(display: str, *args: str) -> str:
    result = subprocess.run(["xdotool", *args], capture_output=True, text=True, timeout=30,
                            env={**os.environ, "DISPLAY": display})
    return result.stdout.strip()


def wait_for(predicate, timeout: float, what: str):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def _alive(game: subprocess.Popen) -> bool:
    """The program still runs: a crash fails the wait at once, with what it said."""
    if game.poll() is not None:
        raise AssertionError(f"the program ended (exit {game.returncode}) before its window showed")
    return True


def trace_lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines() if path.exists() else []


def test_clicking_the_real_window(tmp_path):
    server, display = start_xvfb()
    trace = tmp_path / "trace.txt"
    env = {**os.environ, "DISPLAY": display, "SDL_AUDIODRIVER": "dummy", "GOUJI_TRACE": str(trace),
           "GOUJI_HOME": str(tmp_path / "home"), "SDL_VIDEO_X11_WMCLASS": "gouji"}
    env.pop("SDL_VIDEODRIVER", None)
    said = tmp_path / "said.txt"   # a file, not a pipe nobody reads until the end: a full pipe would stall the game
    with open(said, "w", encoding="utf-8") as out:
        game = subprocess.Popen([sys.executable, "-m", "gouji", "--seed", "5", "--rules", "basic",
                                 "--speed", "fast", "--lang", "en", "--no-sound"], env=env,
                                stdout=out, stderr=subprocess.STDOUT)
    try:
        window = wait_for(lambda: _alive(game) and xdotool(display, "search", "--class", "gouji").split("\n")[-1],
                          30, "the gouji window")
        geometry = xdotool(display, "getwindowgeometry", "--shell", window)
        pos = dict(line.split("=") for line in geometry.splitlines())
        ox, oy = int(pos["X"]), int(pos["Y"])
        L = Layout(int(pos["WIDTH"]), int(pos["HEIGHT"]))   # the game lays out at the window's real size

        def click(x: float, y: float) -> None:
            xdotool(display, "mousemove", str(int(ox + x)), str(int(oy + y)))
            xdotool(display, "mousedown", "1")
            xdotool(display, "mouseup", "1")

        time.sleep(0.5)
        click(*L.pt(640, COLUMN_TOP))  # 新游戏 / New game
        turn = wait_for(lambda: next((line for line in trace_lines(trace) if line.startswith("turn 0 ")), None),
                        60, "the human's first turn")
        _, _, phase, keys = turn.split(" ")
        row = [k for k in keys.split(",") if k not in SIDE_KEYS]
        boxes = L.button_boxes(len(row))
        if phase == "lead":
            x, y, w, h = L.hand_boxes(36)[-1]
            click(x + w / 2, y + h / 2)              # the rightmost (highest) card
            target = "play"
        else:
            target = "noburn" if "noburn" in row else "pass"
        bx, by, bw, bh = boxes[row.index(target)]
        time.sleep(0.2)
        click(bx + bw / 2, by + bh / 2)
        applied = wait_for(lambda: next((line for line in trace_lines(trace) if line.startswith("apply 0 ")), None),
                           20, "the human's action")
        assert applied.split(" ", 2)[2].startswith("play" if target == "play" else target)
        # leave through the menu: Menu, then Quit — the program exits cleanly
        mx, my, mw, mh = L.side_button_boxes(3)[0]
        click(mx + mw / 2, my + mh / 2)
        time.sleep(0.3)
        click(*L.pt(640, 260 + 4 * 62))
        assert game.wait(timeout=20) == 0
    except AssertionError as failed:   # say what the program said: a failure here is otherwise blind
        if game.poll() is None:
            game.kill()
        game.wait(timeout=10)
        err = said.read_text(encoding="utf-8", errors="replace")
        raise AssertionError(f"{failed}; the program (exit {game.returncode}) said: {err[-2000:]}") from None
    finally:
        if game.poll() is None:
            game.kill()
        server.terminate()
        server.wait(timeout=10)
