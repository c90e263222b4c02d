"""gouji.sim --json in the arena, and gouji.cli.arenapair: two runs compared seed by seed."""

import json

import pytest

from gouji.cli import arenapair, sim
from gouji.cli.arena import run_match, run_matches
from gouji.engine.rules import RuleSet

QINGDAO = RuleSet.preset("qingdao")


@pytest.fixture(scope="module")
def runs():
    return {"hard": run_match(3, 5, "hard", "easy", QINGDAO), "normal": run_match(4, 5, "normal", "easy", QINGDAO)}


def test_each_seed_s_row_adds_up_to_the_run_s_figures(runs):
    run = runs["hard"]
    assert [row[0] for row in run["per_seed"]] == [5, 6, 7]
    deals = run["team_a"]["deals"]
    assert sum(row[1] for row in run["per_seed"]) / deals == pytest.approx(run["team_a"]["avg_points"], abs=1e-3)
    assert sum(row[2] for row in run["per_seed"]) / deals == pytest.approx(run["team_b"]["avg_points"], abs=1e-3)
    assert sum(row[3] for row in run["per_seed"]) / deals == pytest.approx(run["team_a"]["win_share"], abs=1e-3)


def test_two_versions_are_compared_on_the_seeds_both_played(runs):
    result = arenapair.pair([runs["hard"]], [runs["normal"]])
    assert result["seeds"] == 3 and result["only_new"] == 1 and result["only_base"] == 0
    rows = {name: {r[0]: r for r in runs[name]["per_seed"]} for name in runs}
    by_hand = [((rows["normal"][s][1] - rows["normal"][s][2]) - (rows["hard"][s][1] - rows["hard"][s][2])) / 2
               for s in (5, 6, 7)]
    assert result["margin_difference"]["mean"] == pytest.approx(sum(by_hand) / 3, abs=1e-4)
    assert result["base"]["team_a"] == "hard" and result["new"]["team_a"] == "normal"
    same = arenapair.pair([runs["hard"]], [runs["hard"]])
    assert same["margin_difference"] == {"mean": 0.0, "se": 0.0}
    assert "new - base: margin" in arenapair.table(result)


def test_runs_that_cannot_be_paired_are_refused_in_words(runs):
    other_b = {**runs["hard"], "team_b": {**runs["hard"]["team_b"], "bot": "normal"}}
    with pytest.raises(arenapair.PairError, match="team_b"):
        arenapair.pair([runs["hard"]], [other_b])
    with pytest.raises(arenapair.PairError, match="two runs of one side"):
        arenapair.pair([runs["hard"], runs["hard"]], [runs["normal"]])
    with pytest.raises(arenapair.PairError, match="each seed's row"):
        arenapair.pair([{k: v for k, v in runs["hard"].items() if k != "per_seed"}], [runs["normal"]])
    one_seed = {**runs["hard"], "per_seed": runs["hard"]["per_seed"][:1]}
    with pytest.raises(arenapair.PairError, match="needs two"):
        arenapair.pair([one_seed], [runs["normal"]])


def test_matches_pair_by_their_totals():
    first = run_matches(2, 77, "hard", "easy", QINGDAO)
    second = run_matches(2, 77, "normal", "easy", QINGDAO)
    assert [row[0] for row in first["per_seed"]] == [77, 78]
    assert sum(row[3] for row in first["per_seed"]) / 4 == pytest.approx(first["team_a"]["match_win_share"], abs=1e-3)
    result = arenapair.pair([first], [second])
    assert result["kind"] == "matches" and result["seeds"] == 2
    deals = run_match(2, 77, "normal", "easy", QINGDAO)
    with pytest.raises(arenapair.PairError, match="kind"):
        arenapair.pair([first], [deals])


def test_the_arena_writes_its_seeds_to_json_and_the_command_reads_them(tmp_path, capsys):
    base, new = tmp_path / "base.json", tmp_path / "new.json"
    for path, bot in ((base, "hard"), (new, "normal")):
        assert sim.main(["--games", "2", "--seed", "9", "--team-a", bot, "--team-b", "easy", "--rules", "qingdao",
                         "--json", str(path)]) == 0
    printed = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert "per_seed" not in printed and len(json.loads(new.read_text())["per_seed"]) == 2
    assert arenapair.main([str(base), "--new", str(new)]) == 0
    assert "2 seeds (9-10)" in capsys.readouterr().out
    assert arenapair.main([str(tmp_path / "missing.json"), "--new", str(new)]) == 2
    (tmp_path / "bad.json").write_text("[1, 2]")
    assert arenapair.main([str(tmp_path / "bad.json"), "--new", str(new)]) == 2
    err = capsys.readouterr().err
    assert "读不了" in err and "not figures written by gouji.sim --team-a" in err
    with pytest.raises(SystemExit):
        sim.main(["--games", "2", "--json", str(base)])   # no arena, no panel: refused
