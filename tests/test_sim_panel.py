"""The arena's evaluation panel (``python -m gouji.sim --panel``) and its
opponent styles (bots/styles.py): the styles play only legal actions and
really have the habits they are named for, the panel's figures replay
exactly with a rollout budget, its standard error is the paired one, and bad
flags are refused in words."""

from __future__ import annotations

import json
import math
import random

import pytest

import bots
from bots.styles import NOISE_SHARE, STYLES, NoisyBot, goes_out, make_style, spends_big
from gouji import Game, RuleSet
from gouji.cli.panel import BASELINE, TIMING, SeedResult, mean_and_se, paired, summarize, table
from gouji.cli.sim import main
from gouji.engine.actions import parse_action
from gouji.engine.match import Match
from gouji.engine.seats import SEATS, team


def play_out(game, players, seed: int, on_decision=None) -> int:
    """Play ``game`` to its end; every answer must be one of the seat's legal actions."""
    rngs = [random.Random(seed * 7919 + seat) for seat in SEATS]
    decisions = 0
    while not game.is_over:
        seat = game.current_seat
        view = game.view(seat)
        action = players[seat].choose(view, rngs[seat])
        assert action in view.legal_actions, (players[seat].name, view.phase, action)
        if on_decision is not None:
            on_decision(seat, view, action)
        game.apply(action)
        decisions += 1
    return decisions


@pytest.mark.parametrize("rules", ["basic", "qingdao"])
def test_every_style_plays_only_legal_actions_over_whole_deals(rules):
    preset = RuleSet.preset(rules)
    for seed in range(3):
        for shift in (0, 1):   # every style on an even seat and on an odd one
            names = [STYLES[(seat + shift + seed) % len(STYLES)] for seat in SEATS]
            players = [make_style(name, seat, seed) for seat, name in enumerate(names)]
            assert [p.name for p in players] == names
            game = Game.new_deal(seed, preset)
            assert play_out(game, players, seed) > 20
            assert sorted(game.places) == list(SEATS)


def test_the_styles_play_legal_actions_through_a_match_s_tribute_and_declarations():
    names = ["hoarder", "noisy", "spender", "passive", "easy", "hard"]
    match = Match.new(5, RuleSet.preset("qingdao"))
    phases: set[str] = set()
    play_out(match, [make_style(name, seat, 5) for seat, name in enumerate(names)], 5,
             lambda seat, view, action: phases.add(str(view.phase)))
    assert match.is_over and "lead" in phases and len(phases) > 4   # phases before the first lead too


@pytest.mark.slow
@pytest.mark.parametrize("style", ["noisy", "hoarder", "spender", "passive"])
def test_a_style_s_choice_ignores_the_hidden_hands(style):
    """As tests/test_no_peek.py for the levels: the same view and rng, the same choice."""
    from no_peek import resampled
    checked = 0
    for seed in range(3):
        game = Game.new_deal(seed, RuleSet.preset("qingdao"))
        players = [bots.make("normal", s) for s in SEATS]
        for _ in range(60 + 30 * seed):
            seat = game.current_seat
            game.apply(players[seat].choose(game.view(seat), random.Random(0)))
        seat = game.current_seat
        choice = make_style(style, seat, seed).choose(game.view(seat), random.Random(seed))
        for trial in range(2):
            other = resampled(game, seat, random.Random(trial))
            if other is not None:
                assert make_style(style, seat, seed).choose(other.view(seat), random.Random(seed)) == choice
                checked += 1
    assert checked >= 3


def test_styles_are_yardsticks_not_levels_a_player_is_offered():
    assert {"noisy", "hoarder", "spender", "passive"}.isdisjoint(bots.NAMES)
    with pytest.raises(ValueError, match="unknown style"):
        make_style("genius", 0)
    with pytest.raises(ValueError, match="unknown seat"):
        make_style("hoarder", 6)


def big_plays_before_the_last(style: str, seeds: range) -> tuple[int, int]:
    """2-or-joker plays (and burns) the ``style`` seats made before their last
    play, at tables of ``style`` against hard (both seatings), and what hard's
    seats made on the same seats and cards at all-hard tables."""
    rules = RuleSet.preset("qingdao")
    counts = []
    for who in (style, "hard"):
        total = 0
        for seed in seeds:
            for side in (0, 1):
                names = [who if team(seat) == side else "hard" for seat in SEATS]
                players = [make_style(name, seat, seed) for seat, name in enumerate(names)]
                plays: dict[int, list[str]] = {seat: [] for seat in SEATS if team(seat) == side}

                def record(seat, view, action):
                    if seat in plays and parse_action(action).play is not None:
                        plays[seat].append(action)
                play_out(Game.new_deal(seed, rules), players, seed, record)
                total += sum(spends_big(a) for made in plays.values() for a in made[:-1])
        counts.append(total)
    return counts[0], counts[1]


def test_the_hoarder_keeps_its_2s_and_jokers_far_longer_than_hard():
    hoarder, hard = big_plays_before_the_last("hoarder", range(3))
    assert hard >= 20 and hoarder * 3 <= hard, (hoarder, hard)   # 6 deals: 5 against 54; 40 deals: 54 against 362


def test_the_hoarder_spends_a_2_or_joker_only_to_go_out_or_when_nothing_else_may_be_played():
    rules = RuleSet.preset("basic")
    checked = 0
    for seed in range(3):
        players = [make_style("hoarder" if team(seat) == 0 else "hard", seat, seed) for seat in SEATS]

        def check(seat, view, action):
            nonlocal checked
            if team(seat) == 0 and view.phase.in_play and spends_big(action):
                checked += 1
                assert goes_out(view, action) or all(spends_big(a) for a in view.legal_actions), action
        play_out(Game.new_deal(seed, rules), players, seed, check)
    assert checked > 0   # it does spend them, when it must


def habits(style: str, seeds: range) -> tuple[float, float]:
    """At tables of ``style`` against hard (both seatings), the ``style`` seats':
    share of passes where a pass and a play were both on offer, and share of
    their 2-or-joker plays made in the first half of their plays."""
    rules = RuleSet.preset("qingdao")
    passed = chances = early = spent = 0
    for seed in seeds:
        for side in (0, 1):
            names = [style if team(seat) == side else "hard" for seat in SEATS]
            plays: dict[int, list[str]] = {seat: [] for seat in SEATS if team(seat) == side}

            def record(seat, view, action):
                nonlocal passed, chances
                if seat not in plays or not view.phase.in_play:
                    return
                kinds = {parse_action(a).kind for a in view.legal_actions}
                if kinds & {"pass", "noburn"} and kinds & {"play", "burn"}:
                    chances += 1
                    passed += parse_action(action).kind in ("pass", "noburn")
                if parse_action(action).play is not None:
                    plays[seat].append(action)
            play_out(Game.new_deal(seed, rules), [make_style(n, s, seed) for s, n in enumerate(names)], seed, record)
            for made in plays.values():
                early += sum(spends_big(a) for a in made[:len(made) // 2])
                spent += sum(spends_big(a) for a in made)
    return passed / chances, early / spent


def test_the_spender_spends_its_big_cards_early_and_the_passive_player_passes_more():
    hard_passes, hard_early = habits("hard", range(2))
    spender_passes, spender_early = habits("spender", range(2))
    passive_passes, _ = habits("passive", range(2))
    assert spender_early > hard_early + 0.25 and spender_passes < hard_passes   # 40 deals: 100% vs 46%; 12% vs 28%
    assert passive_passes > hard_passes + 0.15                                   # 40 deals: 57% vs 28%


def test_the_noisy_bot_leaves_hard_s_choice_at_about_its_share_of_decisions():
    rules = RuleSet.preset("qingdao")
    hard = {seat: bots.make("hard", seat) for seat in SEATS}
    choices = deviations = 0
    for seed in range(8):
        names = ["noisy" if team(seat) == seed % 2 else "hard" for seat in SEATS]
        players = [make_style(name, seat, seed) for seat, name in enumerate(names)]

        def compare(seat, view, action):
            nonlocal choices, deviations
            if names[seat] == "noisy" and len(view.legal_actions) > 1:
                choices += 1
                deviations += action != hard[seat].choose(view, random.Random(0))
        play_out(Game.new_deal(seed, rules), players, seed, compare)
    share = deviations / choices
    assert choices > 300
    assert abs(share - NOISE_SHARE) < 4 * math.sqrt(NOISE_SHARE * (1 - NOISE_SHARE) / choices), (share, choices)


def test_the_noisy_bot_at_share_0_is_hard_and_at_share_1_never_is():
    game = Game.new_deal(11, RuleSet.preset("basic"))
    hard = bots.make("hard", 0)
    for _ in range(60):
        seat = game.current_seat
        view = game.view(seat)
        best = hard.choose(view, random.Random(0)) if seat == 0 else None
        if seat == 0:
            rng = random.Random(seat)
            assert NoisyBot(0, share=0.0).choose(view, rng) == best
            other = NoisyBot(0, share=1.0).choose(view, rng)
            assert other in view.legal_actions and (other != best or len(view.legal_actions) == 1)
        game.apply(bots.make("hard", seat).choose(view, random.Random(0)))
    with pytest.raises(ValueError):
        NoisyBot(0, share=1.5)


def test_the_standard_error_of_a_mean_and_of_a_paired_difference():
    mean, se = mean_and_se([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5 and se == pytest.approx(math.sqrt(5 / 3) / 2)   # sample sd sqrt(5/3), over sqrt(4)
    assert mean_and_se([7.0]) == (7.0, None)
    # paired: the differences 1, -6, 3, -7, 3 (mean -1.2, sample variance 24.2)
    diff, se = paired([3, 1, 4, 1, 5], [2, 7, 1, 8, 2])
    assert diff == pytest.approx(-1.2) and se == pytest.approx(math.sqrt(24.2 / 5))
    # the same shift on every deal has no error at all, however spread the deals are
    assert paired([10, -5, 3], [9, -6, 2]) == (pytest.approx(1.0), 0.0)
    with pytest.raises(ValueError):
        paired([1.0], [1.0, 2.0])


def test_the_summary_pairs_by_deal_and_averages_the_panel_over_opponents_per_seed():
    def result(opponent, seed, tested, base, won=(1, 1)):
        return SeedResult(opponent, seed, {"expert": tested, BASELINE: base}, {"expert": won[0], BASELINE: won[1]},
                          0, 0, 0, {})
    results = [result("a", 1, 4.0, 1.0), result("a", 2, 0.0, 1.0), result("b", 1, 2.0, 2.0),
               result("b", 2, 6.0, 2.0, (2, 0))]
    figures = summarize(results, ["a", "b"], "expert")
    a, b = figures["opponents"]
    assert a["difference"] == {"mean": 1.0, "se": 2.0}   # diffs 3, -1
    assert b["difference"] == {"mean": 2.0, "se": 2.0}   # diffs 0, 4
    assert a["expert"]["margin"] == 2.0 and b[BASELINE]["won"] == 1 and b["expert"]["won_share"] == 0.75
    overall = figures["overall"]   # per seed, averaged over opponents: 1.5 and 1.5
    assert overall["difference"] == {"mean": 1.5, "se": 0.0} and overall["worst_opponent"] == "a"


def run_panel_cli(capsys, tmp_path, *args: str) -> tuple[str, dict]:
    path = tmp_path / "panel.json"
    assert main(["--panel", *args, "--json", str(path)]) == 0
    return capsys.readouterr().out, json.loads(path.read_text(encoding="utf-8"))


def test_a_small_panel_has_a_line_for_every_opponent_and_hard_against_hard_is_even(capsys, tmp_path):
    # normal as the tested bot keeps this fast; the expert's panel is the next test and the slow one
    out, figures = run_panel_cli(capsys, tmp_path, "--team-a", "normal", "--games", "1", "--seed", "3",
                                 "--rules", "qingdao", "--workers", "1")
    rows = {row["opponent"]: row for row in figures["opponents"]}
    assert list(rows) == list(STYLES) and figures["illegal"] == 0
    for name in STYLES:
        assert any(line.split()[:1] == [name] for line in out.splitlines())
    assert "normal margin" in out and "hard margin" in out and "difference" in out
    # the same cards with the teams swapped: hard against hard comes out even, deal for deal
    assert rows["hard"][BASELINE]["margin"] == 0.0 and rows["hard"][BASELINE]["won"] <= 1
    for row in rows.values():
        assert row["deals"] == 2
        assert row["difference"]["mean"] == pytest.approx(row["normal"]["margin"] - row[BASELINE]["margin"])


def test_the_expert_s_panel_replays_exactly_with_a_rollout_budget(capsys, tmp_path):
    args = ("--opponents", "noisy", "--games", "1", "--seed", "4", "--rules", "qingdao", "--think-nodes", "4",
            "--workers", "1")
    out, first = run_panel_cli(capsys, tmp_path, *args)
    _, second = run_panel_cli(capsys, tmp_path, *args)
    assert first["panel"]["tested"] == "expert" and first["panel"]["think_nodes"] == 4
    assert first["illegal"] == 0 and first["search_errors"] == 0 and "expert searched" in first["decision_ms"]
    for key in TIMING:
        first.pop(key), second.pop(key)
    assert first == second
    assert "noisy" in out and "expert margin" in out


def test_a_timed_panel_plays_its_seeds_in_one_process_and_gives_each_search_the_workers(capsys, tmp_path):
    # a time budget is the issue's: every search gets the pool (--workers), not one core of a process each
    out, figures = run_panel_cli(capsys, tmp_path, "--opponents", "easy", "--games", "1", "--seed", "5",
                                 "--rules", "qingdao", "--think-ms", "5", "--workers", "2")
    config = figures["panel"]
    assert config["processes"] == 1 and config["workers"] == 2 and config["think_ms"] == 5
    assert figures["illegal"] == 0 and figures["search_errors"] == 0 and "expert searched" in figures["decision_ms"]
    assert "5 ms on 2 workers per searched decision" in out


@pytest.mark.slow
def test_the_expert_s_whole_panel_is_the_same_played_by_one_process_or_two(capsys, tmp_path):
    args = ("--games", "1", "--seed", "9", "--rules", "qingdao", "--think-nodes", "4",
            "--opponents", "noisy,hoarder")   # two styles keep it affordable in the full lane
    out, one = run_panel_cli(capsys, tmp_path, *args, "--workers", "1")
    _, two = run_panel_cli(capsys, tmp_path, *args, "--workers", "2")
    assert [row["opponent"] for row in one["opponents"]] == ["noisy", "hoarder"]
    assert one["illegal"] == 0 and one["search_errors"] == 0
    for figures in (one, two):
        for key in (*TIMING, "panel"):
            figures.pop(key)
    assert one == two


def test_the_table_shows_a_missing_error_as_not_available():
    figures = summarize([SeedResult("hoarder", 1, {"expert": 2.0, BASELINE: 1.0}, {"expert": 1, BASELINE: 0},
                                    0, 0, 0, {})], ["hoarder"], "expert")
    figures.update(panel={"tested": "expert", "baseline": BASELINE, "seeds": [1, 1], "deals_per_opponent": 2,
                          "rules": "basic", "think_nodes": 4}, decisions=0, illegal=0, search_errors=0, seconds=0.0)
    text = table(figures)
    assert "hoarder" in text and "n/a" in text and "+1.00" in text and "1/2" in text


@pytest.mark.parametrize("args,message", [
    (["--panel", "--opponents", "normal,genius"], "unknown opponent 'genius'"),
    (["--panel", "--opponents", ""], "unknown opponent ''"),
    (["--panel", "--opponents", "hoarder,hoarder"], "more than once"),
    (["--panel", "--team-b", "hard"], "--panel picks the opponents itself"),
    (["--panel", "--matches", "2"], "--panel picks the opponents itself"),
    (["--panel", "--bots", "random"], "--panel picks the opponents itself"),
    (["--panel", "--games", "0"], "--games must be at least 1"),
    (["--panel", "--workers", "0"], "--think-nodes and --workers"),
    (["--panel", "--team-a", "genius"], "invalid choice"),
    (["--opponents", "hoarder"], "goes with --panel"),
    (["--json", "x.json"], "goes with --panel or the arena"),
    (["--panel", "--json", "/no/such/folder/x.json"], "does not exist"),
    (["--panel", "--json", "."], "is a folder"),
    (["--team-a", "hard", "--team-b", "easy", "--json", "/no/such/folder/x.json"], "does not exist"),
])
def test_bad_panel_flags_are_refused_in_words(capsys, args, message):
    with pytest.raises(SystemExit) as stop:
        main(args)
    assert stop.value.code == 2 and message in capsys.readouterr().err
