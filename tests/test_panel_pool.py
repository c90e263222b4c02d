"""Pooling panel runs by seed (``python -m gouji.cli.panelpool``): two runs on
neighbouring seeds pool to exactly the one run over both, and runs that would
count a seed twice, measured something else, or are not panel figures are
refused in words."""

from __future__ import annotations

import json

import pytest

from gouji import RuleSet
from gouji.cli.arena import Thinking
from gouji.cli.panel import TIMING, run_panel
from gouji.cli.panelpool import PoolError, main, pool

RULES = RuleSet.preset("qingdao")


def panel(seed: int, games: int, opponents: tuple[str, ...] = ("easy", "passive")) -> dict:
    # normal as the tested bot keeps it fast: pooling does not care who searched
    return run_panel(games, seed, opponents, RULES, Thinking(), tested="normal", progress=False)


def test_two_runs_pool_to_the_one_run_over_both_seed_ranges():
    pooled = pool([panel(5, 1), panel(6, 1)])
    whole = panel(5, 2)
    assert pooled["opponents"] == whole["opponents"] and pooled["overall"] == whole["overall"]
    assert pooled["panel"]["seeds"] == [5, 6] and pooled["panel"]["runs"] == 2
    assert pooled["decisions"] == whole["decisions"] and pooled["illegal"] == 0


def test_opponents_played_on_different_seeds_keep_their_own_deal_counts(capsys, tmp_path):
    files = []
    for i, run in enumerate((panel(5, 2, ("easy",)), panel(7, 1, ("easy", "passive")))):
        files.append(tmp_path / f"run{i}.json")
        files[-1].write_text(json.dumps(run), encoding="utf-8")
    assert main([str(f) for f in files]) == 0
    out = capsys.readouterr().out
    rows = {line.split()[0]: line for line in out.splitlines() if line.split()[:1] in (["easy"], ["passive"])}
    assert rows["easy"].endswith("/6") and rows["passive"].endswith("/2")
    assert "seeds 5-7" in out and "2-6 deals per opponent" in out


def test_a_seed_in_two_runs_or_runs_that_measured_other_things_are_refused():
    run = panel(5, 1, ("easy",))
    with pytest.raises(PoolError, match="seed 5 against easy is in two runs"):
        pool([run, run])
    other = {**run, "panel": {**run["panel"], "rules": "basic"}}
    with pytest.raises(PoolError, match="differ in what they measured"):
        pool([run, other])
    old = json.loads(json.dumps(run))
    old["opponents"][0]["per_seed"] = [entry[:3] for entry in old["opponents"][0]["per_seed"]]
    with pytest.raises(PoolError, match="run it again"):
        pool([old])


@pytest.mark.parametrize("text,message", [
    (None, "could not be read"),
    ("{not json", "not figures written by gouji.sim --panel --json"),
    ('{"panel": {}}', "not figures written by gouji.sim --panel --json"),
    ("[1, 2]", "not figures written by gouji.sim --panel --json"),
])
def test_bad_files_are_refused_in_words_without_a_traceback(capsys, tmp_path, text, message):
    path = tmp_path / "run.json"
    if text is not None:
        path.write_text(text, encoding="utf-8")
    assert main([str(path)]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_the_pooled_figures_are_written_with_json(capsys, tmp_path):
    source, target = tmp_path / "a.json", tmp_path / "all.json"
    run = panel(5, 1, ("easy",))
    source.write_text(json.dumps(run), encoding="utf-8")
    assert main([str(source), "--json", str(target)]) == 0
    written = json.loads(target.read_text(encoding="utf-8"))
    for key in TIMING:
        written.pop(key, None), run.pop(key, None)
    assert written["opponents"] == run["opponents"]
