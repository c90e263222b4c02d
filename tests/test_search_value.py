"""What the expert's search counts as a deal's worth: the points, the next
deal's tribute, and in a match's last deal (a lone deal is a match of one)
the match itself, which the running totals decide (RULES §4)."""

from __future__ import annotations

import random
from dataclasses import replace

from bots.search.rollout import Stakes, deal_value, play_out
from bots.search.search import MATCH_WIN, stakes_of
from gouji import Game, RuleSet
from gouji.engine.seats import team


def finished(seed: int) -> Game:
    game = Game.new_deal(seed, RuleSet.preset("qingdao")).clone(light=True)
    play_out(game, random.Random(seed))
    return game


def points_of(game: Game, seat: int) -> int:
    even, odd = game.score()
    return even - odd if team(seat) == 0 else odd - even


def test_a_lone_deal_is_valued_as_a_match_of_one():
    view = Game.new_deal(5, RuleSet.preset("qingdao")).view(0)
    stakes = stakes_of(view)
    assert stakes.match_win == MATCH_WIN * view.rules.place_points[0] > 0
    assert stakes.lead == 0 and stakes.card == 0


def test_in_a_match_s_last_deal_the_running_totals_set_each_team_s_lead():
    view = Game.new_deal(5, RuleSet.preset("qingdao")).view(0)
    last = replace(view, deal_index=4, series_length=5, totals=(10, 4))
    assert stakes_of(last).lead == 6
    assert stakes_of(replace(last, seat=1)).lead == -6


def test_before_the_last_deal_the_next_tribute_counts_and_not_the_match():
    view = Game.new_deal(5, RuleSet.preset("qingdao")).view(0)
    stakes = stakes_of(replace(view, deal_index=1, series_length=5, totals=(10, 4)))
    assert stakes.match_win == 0 and stakes.card > 0


def test_the_match_s_result_is_added_to_the_points_won_drawn_or_lost():
    game = next(g for g in map(finished, range(40)) if points_of(g, 0) != 0)
    for seat in (0, 1):
        points = points_of(game, seat)
        assert deal_value(game, seat, Stakes()) == points
        assert deal_value(game, seat, Stakes(match_win=4.0, lead=100)) == points + 4.0
        assert deal_value(game, seat, Stakes(match_win=4.0, lead=-100)) == points - 4.0
        assert deal_value(game, seat, Stakes(match_win=4.0, lead=-points)) == points   # the match drawn
        won = 4.0 if points > 0 else -4.0
        assert deal_value(game, seat, Stakes(match_win=4.0)) == points + won
