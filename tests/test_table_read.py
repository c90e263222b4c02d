"""The expert reads the table it sits at (bots/search/table_read.py): each
player's wish to beat and price on 2s and jokers, and how far his hidden
cards are read by hard's habits, from his public moves only."""

from __future__ import annotations

import random
import statistics

import pytest
from no_peek import resampled

import bots
from bots.search.deals import DealSource
from bots.search.inference import build_guess, read_only
from bots.search.reading import read_history
from bots.search.rollout import HARD_KNOBS, Knobs, _policy
from bots.search.table_read import HARD_PASS, HARD_SPEND, PASS_SD, SPEND_SD, TRUST, Memory, read_table, signs
from bots.styles import make_style
from gouji.engine.game import Game
from gouji.engine.phases import BURN
from gouji.engine.rules import RuleSet
from gouji.engine.seats import SEATS, team

RULES = RuleSet.preset("qingdao")
OPPONENTS = (1, 3, 5)


def mid_deal(seed: int, style: str, steps: int = 120) -> Game:
    """Hard on the even seats, ``style`` on the odd ones, to ``steps`` actions."""
    players = [bots.make("hard", s) if team(s) == 0 else make_style(style, s, seed) for s in SEATS]
    game, rng = Game.new_deal(seed, RULES), random.Random(seed)
    while not game.is_over and len(game.actions) < steps:
        seat = game.current_seat
        game.apply(players[seat].choose(game.view(seat), rng))
    return game


def reads(style: str, seeds: range) -> list:
    found = []
    for seed in seeds:
        view = mid_deal(seed, style).view(0)
        facts = read_history(view)
        found += [read_table(view, facts, build_guess(view, facts).liars)[s] for s in OPPONENTS]
    return found


@pytest.fixture(scope="module")
def by_style() -> dict[str, list]:
    return {style: reads(style, range(400, 408)) for style in ("hard", "passive", "hoarder", "spender")}


def test_hard_players_are_read_as_hard(by_style):
    hard = by_style["hard"]
    assert statistics.mean(r.knobs.beat_bias for r in hard) > HARD_KNOBS.beat_bias - 0.15
    assert statistics.mean(r.trust for r in hard) > 0.6
    assert all(r.trust <= TRUST for r in hard)


def test_only_a_player_beyond_one_spread_of_hards_figures_is_played_out_with_moved_knobs(by_style):
    for rows in by_style.values():
        for r in rows:
            within = (abs(r.pass_share - HARD_PASS) <= PASS_SD and abs(r.spend_share - HARD_SPEND) <= SPEND_SD)
            assert (r.knobs == HARD_KNOBS) == within, r
    hard = by_style["hard"]
    assert sum(r.knobs == HARD_KNOBS for r in hard) > len(hard) / 2


def test_a_passive_table_is_played_out_as_passing_more_and_read_less_by_hards_habits(by_style):
    hard, passive = by_style["hard"], by_style["passive"]
    assert statistics.mean(r.pass_share for r in passive) > statistics.mean(r.pass_share for r in hard) + 0.1
    assert statistics.mean(r.knobs.beat_bias for r in passive) < HARD_KNOBS.beat_bias - 0.3
    assert statistics.mean(r.trust for r in passive) < statistics.mean(r.trust for r in hard) - 0.2


def test_who_keeps_2s_and_jokers_prices_them_higher_than_who_spends_them(by_style):
    def price(rows):
        return statistics.mean(r.knobs.cost_two for r in rows)
    assert price(by_style["hoarder"]) > HARD_KNOBS.cost_two > price(by_style["spender"])


def test_the_signs_count_only_long_hands_and_opponents_plays():
    game = mid_deal(405, "hard", steps=400)
    view = game.view(0)
    facts = read_history(view)
    for seat in OPPONENTS:
        passes, chances, spent, early = signs(view, facts, seat)
        assert 0 <= passes <= chances and 0 <= spent <= early
        opp_passes = [p for p in facts.passes if p.seat == seat and team(p.owner) != team(seat)]
        assert passes <= len(opp_passes)


def test_the_reading_sees_only_the_seat_s_view():
    game = mid_deal(407, "passive")
    seat = game.current_seat
    view = game.view(seat)
    mine = read_table(view, read_history(view))
    rng = random.Random(1)
    for _ in range(3):
        other = resampled(game, seat, rng)
        assert other is not None
        view2 = other.view(seat)
        assert read_table(view2, read_history(view2)) == mine


def test_a_seat_that_broke_a_habit_in_an_earlier_deal_is_trusted_less_in_the_next():
    view = mid_deal(401, "hard").view(0)
    facts = read_history(view)
    fresh = read_table(view, facts)
    memory = Memory()
    memory.note(view.deal_index - 1, frozenset({3}))   # an earlier deal of the match
    memory.note(view.deal_index, frozenset({5}))       # this deal: the liars set itself says so
    remembered = read_table(view, facts, memory=memory)
    assert remembered[3].trust == pytest.approx(fresh[3].trust * 0.4)
    assert remembered[5].trust == fresh[5].trust and remembered[1].trust == fresh[1].trust
    assert read_table(view, facts, frozenset({1}))[1].trust == 0.0


def test_a_guess_reading_fewer_seats_by_habit_is_bound_by_the_proof_alone_for_the_others():
    view = mid_deal(403, "hard", steps=160).view(0)
    facts = read_history(view)
    full = build_guess(view, facts)
    assert full.habit_caps, "hard's play at mid-deal always shows some habit"
    none = read_only(full, frozenset())
    proven = build_guess(view, facts, passes=False)
    assert none.hi == proven.hi and none.lo == proven.lo and not none.not_held
    every = read_only(full, frozenset(full.others))
    assert every.hi == full.hi and every.not_held == full.not_held
    seat = max(full.habit_caps, key=lambda s: len(full.habit_caps[s]))
    one = read_only(full, frozenset({seat}))
    for other in full.others:
        assert one.hi[other] == (full.hi[other] if other == seat else proven.hi[other])


def test_a_deal_number_always_draws_the_same_guessed_deal_and_every_seat_has_its_knobs():
    view = mid_deal(403, "hard", steps=160).view(0)
    source = DealSource.of(view, 1, True)
    assert len(source.knobs) == 6 and all(isinstance(k, Knobs) for k in source.knobs)
    first = [source.hands(i) for i in range(20)]
    assert first == [source.hands(i) for i in range(20)]   # a deal number always draws the same deal


def test_a_seat_that_wants_to_beat_less_passes_where_hard_beats():
    rng = random.Random(2)
    found = 0
    for seed in range(30):
        game = Game.new_deal(seed, RULES)
        players = [bots.make("hard", s) for s in SEATS]
        while not game.is_over and found < 3:
            seat = game.current_seat
            flow = game.flow
            if flow.standing is not None and team(flow.owner) != team(seat) and flow.phase != BURN \
                    and not flow.burning:
                hard_move = _policy(flow)
                timid = [HARD_KNOBS] * 6
                timid[seat] = HARD_KNOBS._replace(beat_bias=-20.0)
                if hard_move.play is not None and hard_move.play.size < game.hand_size(seat):
                    assert _policy(flow, -1, timid).play is None
                    found += 1
            game.apply(players[seat].choose(game.view(seat), rng))
        if found >= 3:
            break
    assert found >= 3


def test_the_signs_command_measures_each_style_and_refuses_an_unknown_one(capsys):
    import json

    from gouji.cli import tablesigns
    assert tablesigns.main(["--deals", "2", "--steps", "100", "--styles", "hard,cost2"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["style"] for line in lines] == ["hard", "cost2"]
    assert all(0.0 <= line["pass_share"].get("mean", 0.0) <= 1.0 for line in lines)
    with pytest.raises(SystemExit) as refused:
        tablesigns.main(["--styles", "hard,nope"])
    assert refused.value.code == 2 and "unknown style nope" in capsys.readouterr().err
