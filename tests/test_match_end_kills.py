"""No finished deal is ever lost: the game is killed (SIGKILL) 24 times 0–60 ms
after a match's last deal ends, and sent SIGHUP (the terminal closed) and
SIGTERM twice each; after the next start every match's deal is in the
history exactly once, no save is left behind and the database is whole. A
clean quit (SIGHUP, SIGTERM) writes the deal before the program ends."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow   # builds, kills, monkeys and real windows: the full lane only

DRIVER = Path(__file__).with_name("end_kill_driver.py")
SIGNALS = ["SIGKILL"] * 24 + ["SIGHUP", "SIGTERM"] * 2


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the driver forks (POSIX); CI runs on Linux")
def test_a_kill_as_a_match_ends_loses_no_deal(tmp_path):
    home, out = tmp_path / "home", tmp_path / "out"
    subprocess.run([sys.executable, str(DRIVER), str(home), str(out), "700", ",".join(SIGNALS)], check=True,
                   timeout=600, cwd=Path(__file__).parents[1])
    rounds = [json.loads((out / f"round-{n}.json").read_text()) for n in range(len(SIGNALS))]
    assert all(r["ended"] for r in rounds), "every round reached the end of its match"
    assert [r["recorded"] for r in rounds] == [1] * len(rounds), "each match's one deal is recorded once"
    assert not any(r["save_after_restart"] for r in rounds), "the finished match's save goes once recorded"
    clean = [r for r in rounds if r["signal"] != "SIGKILL"]
    assert all(r["exit"] == 0 and r["recorded_before_restart"] == 1 and not r["save_before_restart"] for r in clean)
    killed_early = sum(r["recorded_before_restart"] == 0 for r in rounds if r["signal"] == "SIGKILL")
    assert killed_early >= 1, "some kills must come before the deal was written, or the test tests nothing"
    db = sqlite3.connect(home / "data" / "history.sqlite3")
    try:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert db.execute("SELECT count(*), count(ended) FROM matches").fetchone() == (len(SIGNALS), len(SIGNALS))
    finally:
        db.close()
    print(f"{len(SIGNALS)} signals at the end of a match: {killed_early} kills before the deal was written, "
          f"0 deals lost")
