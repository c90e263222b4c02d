"""The benchmark command: one JSON line per run; bad flags are a usage error, not a traceback."""

from __future__ import annotations

import json

import pytest

from gouji import RuleSet
from gouji.cli.sim import main


def run(capsys, *args: str) -> dict:
    assert main(list(args)) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.slow
def test_random_deals_deals_and_matches_report_their_figures(capsys):
    engine = run(capsys, "--games", "3", "--seed", "1", "--bots", "random")
    assert engine["games"] == 3 and engine["illegal"] == 0 and engine["decisions"] > 0
    deals = run(capsys, "--games", "2", "--seed", "1", "--team-a", "normal", "--team-b", "random")
    assert deals["games"] == 4 and deals["team_a"]["win_share"] > deals["team_b"]["win_share"]
    assert set(deals["decision_ms"]) == {"normal", "random"}
    matches = run(capsys, "--matches", "1", "--seed", "1", "--team-a", "normal", "--team-b", "random")
    assert matches["matches"] == 2 and matches["deals_per_match"] == 5 and matches["illegal"] == 0
    assert matches["team_a"]["match_win_share"] == 1.0


@pytest.mark.slow
def test_the_expert_arena_takes_a_search_budget_and_reports_its_decision_times(capsys):
    deals = run(capsys, "--games", "1", "--seed", "2", "--team-a", "expert", "--team-b", "hard", "--rules", "qingdao",
                "--think-nodes", "4", "--workers", "1", "--think-ms", "50")
    assert deals["games"] == 2 and deals["illegal"] == 0 and deals["think_nodes"] == 4
    assert set(deals["decision_ms"]) == {"expert", "expert searched", "hard"}   # the searched ones apart
    times = deals["decision_ms"]
    assert times["expert"]["max"] >= times["expert"]["p50"] > 0
    assert times["expert searched"]["p50"] >= times["expert"]["p50"]


@pytest.mark.slow
def test_the_arena_can_switch_the_expert_s_inference_off(capsys):
    deals = run(capsys, "--games", "1", "--seed", "2", "--team-a", "expert", "--team-b", "hard", "--rules", "qingdao",
                "--think-nodes", "4", "--workers", "1", "--no-inference")
    assert deals["inference"] is False and deals["illegal"] == 0 and deals["games"] == 2


@pytest.mark.parametrize("args,message", [
    (["--games", "0"], "--games must be at least 1"),
    (["--team-a", "hard"], "give both --team-a and --team-b"),
    (["--matches", "3"], "--matches needs"),
    (["--team-a", "genius", "--team-b", "normal"], "invalid choice"),
    (["--team-a", "expert", "--team-b", "hard", "--think-nodes", "0"], "--think-nodes and --workers"),
    (["--team-a", "expert", "--team-b", "hard", "--think-ms", "-5"], "--think-ms must be positive"),
])
def test_bad_flags_are_usage_errors(capsys, args, message):
    with pytest.raises(SystemExit) as stop:
        main(args)
    assert stop.value.code == 2 and message in capsys.readouterr().err


@pytest.mark.slow
def test_searchbench_reports_speed_and_how_well_the_guesses_place_the_cards(capsys):
    from gouji.cli.searchbench import main as searchbench
    assert searchbench(["--positions", "2", "--seconds", "0.05"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["positions"] >= 1 and out["rollouts_per_s"] > 0 and out["rollouts_per_s_without_fast_paths"] > 0
    for key in ("guess_right", "guess_right_uniform"):
        assert len(out[key]) == 2 and all(0.0 <= share <= 1.0 for share in out[key])
    story = out["story_misfits"]
    assert 0.0 <= story["real"] < story["guessed"] <= 1.0 and story["uniform"] <= 1.0
    kinds = story["guessed_by_kind"]   # the guessed deals' misfits, the most common kinds first
    # each share is rounded to 3 decimals: their sum may pass 1 by half a thousandth each
    assert kinds and 0.0 < sum(kinds.values()) <= 1.0 + 0.0005 * len(kinds)
    assert list(kinds.values()) == sorted(kinds.values(), reverse=True)
    assert all(":" in kind and "->" in kind for kind in kinds)
    assert out["rollouts_per_s_endgame"] > 0 and out["endgame_speedup"] > 0
    with pytest.raises(SystemExit):
        searchbench(["--positions", "0"])


def test_searchbench_s_endgame_positions_are_in_the_expert_s_last_stage():
    from bots.expert import ENDGAME_CARDS
    from gouji.cli.searchbench import end_deal
    # a deal may end before it gets there (a team out with many cards left): those are left out
    live = [g for g in (end_deal(seed, RuleSet.preset("qingdao")) for seed in range(4)) if not g.is_over]
    assert live and all(0 < sum(g.view(0).counts) <= ENDGAME_CARDS for g in live)


@pytest.mark.slow
def test_searchbench_times_the_expert_s_searched_decisions(capsys):
    from gouji.cli.searchbench import main as searchbench
    assert searchbench(["--positions", "1", "--seconds", "0.02", "--decisions", "2", "--think-ms", "30",
                        "--workers", "1"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["searched_decisions"] == 2 and out["think_ms"] == 30
    assert out["rollouts_per_decision"]["median"] >= 2   # at least two deals for two candidates
    assert 0 < out["decision_ms_p50"] < 1000 and out["deciding_process_cpu_ms"] > 0
    with pytest.raises(SystemExit):
        searchbench(["--decisions", "1", "--think-ms", "0"])


def test_rollouts_of_counts_both_phases_of_a_search():
    from bots.search.search import Outcome, rollouts_of
    two = [Outcome("pass", 0.0, 12), Outcome("play 5", 0.5, 12)]
    assert rollouts_of(two) == 24
    # 6 deals for all three, then the pair on 9 fresh ones, counted with the first 6
    three = [Outcome("pass", 0.0, 15), Outcome("play 5", 0.5, 15), Outcome("play 7", 0.1, 6, tested=False)]
    assert rollouts_of(three) == 6 * 3 + 9 * 2


def test_searchbench_plays_the_rollout_policy_against_hard(capsys):
    from gouji.cli.searchbench import main as searchbench
    assert searchbench(["--positions", "1", "--seconds", "0.02", "--policy-seeds", "3"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["policy_vs_hard_deals"] == 6
    assert 0.0 <= out["policy_won"] <= 1.0 and 0.0 <= out["hard_won"] <= 1.0
    assert out["policy_won"] + out["hard_won"] <= 1.0   # a deal is won by one team or drawn
