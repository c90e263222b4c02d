"""Frame-time benchmark of the table in a real window (run it under Xvfb):

    xvfb-run -a -s '-screen 0 1920x1080x24' python -m gouji.ui.tools.bench --size 1920x1080

prints one JSON line: frame time p50/p95 while animations run (work per
frame, without the frame-rate sleep), CPU per idle frame, and the time from
launching ``python -m gouji`` to its first frame. ``--expert N`` instead plays
N seconds of a real-time table of expert bots (normal speed, 60 fps) and
reports the frames drawn while a bot searched: work per frame and the gap
between frames (what a player sees as a stall), p50/p95/max.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def frame_times(deals: int = 1, size: tuple[int, int] | None = None) -> dict[str, float | str]:
    from .selftest import own_home
    with own_home():   # the player's settings and save are neither read nor written
        return _frame_times(deals, size)


def _frame_times(deals: int, size: tuple[int, int] | None) -> dict[str, float | str]:
    import pygame

    from ..scenes.table import TableScene
    from ..shell.app import App, Options
    app = App(Options(autoplay=True, seed=3, sound=False, speed="fast", size=size))
    busy: list[float] = []
    for deal in range(deals):
        app.deal_seed = 3 + deal
        app.new_match()
        scene = app.scenes.top
        assert isinstance(scene, TableScene)
        table = scene.table
        while not table.is_over:
            start = time.perf_counter()
            app.frame(1 / 60)
            if scene.director.busy:
                busy.append(time.perf_counter() - start)
    idle = idle_cpu(app)
    width, height = app.screen.get_size()
    pygame.quit()
    return {"window": f"{width}x{height}", "animation_frames": len(busy),
            "frame_ms_p50": round(percentile(busy, 0.5) * 1000, 2),
            "frame_ms_p95": round(percentile(busy, 0.95) * 1000, 2), "idle_cpu_ms_per_frame": idle}


def thinking_frames(seconds: float, size: tuple[int, int] | None = None) -> dict[str, float | str | int]:
    from .selftest import own_home
    with own_home():
        return _thinking_frames(seconds, size)


def _thinking_frames(seconds: float, size: tuple[int, int] | None) -> dict[str, float | str | int]:
    """A real-time table of expert bots: the frames drawn while one of them searches."""
    import pygame

    import bots

    from ..scenes.table import TableScene
    from ..shell.app import App, Options
    app = App(Options(autoplay=True, seed=5, sound=False, speed="normal", size=size, bots="expert"))
    app.new_match()
    clock = pygame.time.Clock()
    work: list[float] = []
    gaps: list[float] = []
    decisions, was_thinking = 0, None
    started = last = time.perf_counter()
    while time.perf_counter() - started < seconds:
        clock.tick(60)
        scene = app.scenes.top
        table = scene.table if isinstance(scene, TableScene) else None
        thinking = table.thinking if table is not None else None
        begin = time.perf_counter()
        app.frame(min(begin - last, 0.1))
        end = time.perf_counter()
        if thinking is not None:
            work.append(end - begin)
            gaps.append(begin - last)
            decisions += thinking != was_thinking
        was_thinking, last = thinking, begin
        if table is None or table.is_over:
            app.new_match()
    width, height = app.screen.get_size()
    if app.table is not None:
        app.table.close()
    bots.shutdown()
    pygame.quit()
    ms = [round(v * 1000, 2) for v in (percentile(work, 0.5), percentile(work, 0.95), percentile(gaps, 0.5),
                                        percentile(gaps, 0.95), max(gaps, default=0.0))]
    return {"window": f"{width}x{height}", "searches": decisions, "thinking_frames": len(work),
            "frame_ms_p50": ms[0], "frame_ms_p95": ms[1], "gap_ms_p50": ms[2], "gap_ms_p95": ms[3], "gap_ms_max": ms[4]}


def idle_cpu(app) -> float:
    """CPU per frame while the human thinks at the table (60 fps loop)."""
    import pygame
    app.options.autoplay = False
    app.deal_seed = 11
    app.new_match()
    scene = app.scenes.top
    for _ in range(20000):
        if scene.table.human_to_act() and not scene.director.busy:
            break
        app.frame(0.1)
    clock = pygame.time.Clock()
    frames = 180
    cpu = time.process_time()
    for _ in range(frames):
        clock.tick(60)
        app.frame(1 / 60)
    return round((time.process_time() - cpu) / frames * 1000, 3)


def first_frame(command: list[str], runs: int = 3) -> float:
    """Seconds from launch to the first drawn frame (median of ``runs``)."""
    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as home:
            trace = Path(home) / "trace.txt"
            env = {**os.environ, "GOUJI_TRACE": str(trace), "GOUJI_HOME": home}
            launched = time.time()
            process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            try:
                deadline = time.time() + 20
                while time.time() < deadline:
                    lines = trace.read_text().split() if trace.exists() else []
                    if "first_frame" in lines:
                        times.append(float(lines[lines.index("first_frame") + 1]) - launched)
                        break
                    time.sleep(0.01)
            finally:
                process.kill()
                process.wait()
    return round(percentile(times, 0.5), 3) if times else -1.0


def main(argv: list[str] | None = None) -> int:
    import argparse

    from ..model.layout import size_argument
    parser = argparse.ArgumentParser(prog="python -m gouji.ui.tools.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=size_argument, default=None, metavar="WxH", help="window size (default: fits)")
    parser.add_argument("--expert", type=float, default=0.0, metavar="SECONDS",
                        help="frames while expert bots search, over this many seconds of real-time play")
    parser.add_argument("command", nargs="*", help="the program whose first frame is timed (default: gouji)")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    if args.expert > 0:
        print(json.dumps({**thinking_frames(args.expert, args.size),
                          "display": os.environ.get("DISPLAY") or os.environ.get("SDL_VIDEODRIVER", "")}))
        return 0
    result = frame_times(size=args.size)
    command = args.command or [sys.executable, "-m", "gouji", "--no-sound"]
    result["first_frame_s"] = first_frame(command)
    result["display"] = os.environ.get("DISPLAY") or os.environ.get("SDL_VIDEODRIVER", "")
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
