"""kill -9 at random moments: a running autoplay match is killed at
least 20 times, each time resumed from its save; every save left behind is
whole, loads and replays, and at most the action in flight is lost."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gouji import Match, RuleSet
from gouji.store.files import sweep_stale_temps
from gouji.store.saves import parse_save

pytestmark = pytest.mark.slow   # builds, kills, monkeys and real windows: the full lane only

KILLS = 20
DRIVER = Path(__file__).with_name("crash_driver.py")


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the driver forks (POSIX); CI runs on Linux")
def test_kill_9_at_random_moments_leaves_saves_that_load_and_replay(tmp_path):
    home, out = tmp_path / "home", tmp_path / "out"
    started = time.perf_counter()
    subprocess.run([sys.executable, str(DRIVER), str(home), str(out), str(KILLS), "11"], check=True, timeout=300,
                   cwd=Path(__file__).parents[1])
    elapsed = time.perf_counter() - started
    saves = sorted(out.glob("save-*.json"), key=lambda p: int(p.stem.split("-")[1]))
    assert len(saves) >= KILLS - 2, "most kills should find a match in progress"
    lengths = []
    for save in saves:
        text = save.read_text(encoding="utf-8")
        data = json.loads(text)                                   # whole, never half written
        loaded = parse_save(text)                                 # loads (ValueError otherwise)
        replay = Match.replay(RuleSet.from_dict(data["rules"]), data["seed"], [a[0] for a in data["actions"]],
                              [a[1] if len(a) > 1 else None for a in data["actions"]])
        assert loaded.actions == replay.actions and loaded.totals == replay.totals
        assert [loaded.hand_cards(s) for s in range(6)] == [replay.hand_cards(s) for s in range(6)]
        kill = save.stem.split("-")[1]
        trace = out / f"trace-{kill}.txt"   # absent when the kill came before the first action
        traced = [int(line.split()[1]) for line in (trace.read_text().splitlines() if trace.exists() else [])
                  if line.startswith("saved ")]
        if traced:                                                # at most the action in flight is lost
            assert traced[-1] <= len(data["actions"]) <= traced[-1] + 1
        lengths.append(len(data["actions"]))
    assert max(lengths) > 20 and sum(n > 0 for n in lengths) > KILLS // 2, "kills should come in the middle of play"
    leftovers = {name for p in out.glob("tmp-*.txt") for name in p.read_text().split()}
    for path in (home / "data").glob("*.tmp"):
        os.utime(path, (0, 0))                                    # as if the next start came much later
    sweep_stale_temps([home / "data", home / "config"])
    assert not list((home / "data").glob("*.tmp")), "the start-up sweep removes what the kills left"
    print(f"{KILLS} kills in {elapsed:.1f} s; saves of {min(lengths)}..{max(lengths)} actions; "
          f"{len(leftovers)} temporary files left by kills")
