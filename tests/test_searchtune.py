"""The pick's offline tuner: replays the expert's two-phase search on logged
rollouts and judges each pick on held-out deals; a bad log is a message."""

from __future__ import annotations

import json
import random

import pytest

from bots.expert import MARGIN, Z
from gouji.cli.searchtune import main, replay, replayed_pick


def decision(edge: float, seed: int = 0, deals: int = 200, k: int = 3) -> dict:
    """A lone deal's decision whose second candidate scores ``edge`` more points
    than hard's choice on every guessed deal (the others as hard's, plus noise)."""
    rng = random.Random(seed)
    rows = []
    for _ in range(deals):
        base = rng.choice([-4, -2, 0, 2, 4])
        rows.append([base, base + edge, *[base + rng.choice([-2, 0, 2]) for _ in range(k - 2)]])
    return {"seed": seed, "step": 10, "candidates": ["play 5", "play 6", "pass"][:k], "points": rows,
            "match_win": 4.0, "lead": 0}


def test_a_clearly_better_candidate_is_picked_and_a_tie_keeps_hard_s_choice():
    better = decision(2.0)
    assert replayed_pick(better["points"], better["candidates"], 80, Z, MARGIN) == 1
    tied = decision(0.0, k=2)
    assert replayed_pick(tied["points"], tied["candidates"], 80, Z, MARGIN) == 0   # no gain at all: hard's stays


def test_a_replay_reports_each_bar_against_a_perfect_pick():
    report = replay([decision(2.0, s) for s in range(3)] + [decision(0.0, s, k=2) for s in range(3)], 60, 5)
    assert report["decisions"] == 6 and len(report["bars"]) == 9
    assert sum(bar["current"] for bar in report["bars"]) == 1   # the expert's own bar is in the grid
    for bar in report["bars"]:
        assert 0 < bar["value_gain"] <= report["perfect"]["value_gain"] + 1e-9
        assert 0 <= bar["overridden"] <= 1


def test_the_truth_judges_a_pick_the_guessed_deals_liked():
    """Guessed deals that favour the challenger while the real hands punish it:
    the held-out guesses call the override a gain, the truth a loss."""
    fooled = [{**decision(2.0, s, k=2), "truth": [4.0, -4.0]} for s in range(4)]
    report = replay(fooled, 60, 3)
    assert report["truth"] == 4
    current = next(bar for bar in report["bars"] if bar["current"])
    assert current["overridden"] == 1.0 and current["value_gain"] > 1.5
    # 8 points and the win bonus, both ways
    assert current["true_value_gain"] == -16.0 and current["true_won_gain"] == -1.0
    assert current["true_value_gain_se"] == 0.0
    assert report["perfect"]["true_value_gain"] == 0.0   # hard's choice was the best on the real hands


def test_varied_continuations_on_the_real_hands_are_averaged():
    """Two playouts of the real hands disagree: the truth is their average, not the first."""
    split = [{**decision(2.0, s, k=2), "truth": [4.0, -4.0], "truths": [[4.0, -4.0], [0.0, 4.0]]} for s in range(3)]
    current = next(bar for bar in replay(split, 60, 3)["bars"] if bar["current"])
    assert current["overridden"] == 1.0
    assert current["true_value_gain"] == -4.0   # (-16 + 8) / 2: points and the win bonus
    assert current["true_won_gain"] == 0.0      # lost one, won one


def test_a_log_is_written_and_replayed(tmp_path, capsys):
    out = tmp_path / "tune.json"
    assert main(["log", "--deals", "1", "--rollouts", "8", "--share", "0.05", "--workers", "1",
                 "--truth-playouts", "3", "--out", str(out)]) == 0
    logged = json.loads(out.read_text())["decisions"]
    assert logged and all(len(row) == len(d["candidates"]) for d in logged for row in d["points"])
    assert all(len(d["truth"]) == len(d["candidates"]) for d in logged)   # each candidate on the real hands
    assert all(len(d["truths"]) == 3 and all(len(r) == len(d["candidates"]) for r in d["truths"]) for d in logged)
    capsys.readouterr()
    assert main(["replay", str(out), "--budget", "20", "--repeats", "2"]) == 0
    assert json.loads(capsys.readouterr().out)["decisions"] == len(logged)


@pytest.mark.parametrize("text", ["not json", "{}", '{"decisions": [{"points": []}]}', '{"decisions": []}'])
def test_a_broken_log_is_a_message_not_a_traceback(tmp_path, capsys, text):
    bad = tmp_path / "bad.json"
    bad.write_text(text)
    assert main(["replay", str(bad)]) == 2
    assert "cannot replay" in capsys.readouterr().err


def test_bad_flags_are_a_usage_error():
    with pytest.raises(SystemExit) as exit_info:
        main(["replay", "x.json", "--budget", "0"])
    assert exit_info.value.code == 2
