"""Statistics over the history's records: shares per level and preset,
places, 开点, 串三户, points, the last matches, filters."""

from __future__ import annotations

from match_helpers import bot_match

from gouji import RuleSet
from gouji.engine.scoring import score_deal
from gouji.store.history import History
from gouji.store.records import DealRecord, MatchRecord, Seating
from gouji.store.stats import Share, choices, statistics

QINGDAO_PLACES = [(0, 2, 4, 1, 3, 5), (1, 0, 3, 2, 5, 4), (3, 5, 1, 0, 2, 4), (0, 1, 2, 3, 4, 5)]


def deal(i: int, places, level="hard", preset="qingdao", practice=False, opened: bool | None = True) -> DealRecord:
    from gouji.store.records import chuan_for
    return DealRecord(i, 1 + i // 5, i % 5, f"2026-01-01T10:{i:02d}:00", preset, level, practice, 0, tuple(places),
                      score_deal(places), (True,) * 6, opened, chuan_for(places, 0), 0, 100)


def match(i: int, totals, level="hard", preset="qingdao", ended=True, practice=False) -> MatchRecord:
    return MatchRecord(i, "2026-01-01T10:00:00", "2026-01-01T11:00:00" if ended else None, i, preset, level,
                       practice, 0, 5, 5, totals)


def test_counts_shares_places_and_points():
    deals = [deal(i, p, opened=i != 2) for i, p in enumerate(QINGDAO_PLACES)]
    deals.append(deal(9, QINGDAO_PLACES[0], practice=True))          # practice: left out
    deals.append(deal(10, QINGDAO_PLACES[1], preset="basic", opened=None))
    stats = statistics(deals, [match(1, (12, 0)), match(2, (0, 6), preset="basic"), match(3, (4, 4)),
                               match(4, (0, 2), ended=False)])
    assert stats.deals == 5 and stats.matches == 3                    # the unfinished match is not counted
    # 串三户 for us (+12), they win (0:2), 串三户 against us (0:12), we win (+2), they win on basic (0:2)
    assert stats.deal_wins == Share(won=2, played=5)
    assert stats.match_wins == Share(won=1, played=3, drawn=1)
    assert stats.places == (2, 2, 0, 1, 0, 0) and stats.place_share(0) == 2 / 5
    assert stats.opened == Share(won=3, played=4)                     # basic has no 开点; deal 2 did not open
    assert stats.chuan_for == 1 and stats.chuan_against == 1
    assert stats.avg_points == (12 - 2 - 12 + 2 - 2) / 5
    assert stats.by_preset["basic"] == (Share(0, 1), Share(0, 1))
    assert stats.by_preset["qingdao"] == (Share(2, 4), Share(1, 2, 1))
    assert [r.outcome for r in stats.recent] == ["win", "loss", "draw"] and stats.recent[0].points == 12


def test_filters_by_level_and_preset_and_practice():
    deals = [deal(0, QINGDAO_PLACES[0], level="easy"), deal(1, QINGDAO_PLACES[1], level="hard"),
             deal(2, QINGDAO_PLACES[3], level="hard", preset="basic"), deal(3, QINGDAO_PLACES[0], practice=True)]
    assert statistics(deals, [], level="hard").deals == 2
    assert statistics(deals, [], level="hard", preset="basic").deal_wins == Share(1, 1)
    assert statistics(deals, [], practice=True).deals == 1
    assert statistics(deals, [], practice=None).deals == 4
    assert statistics(deals, [], level="expert").deal_wins.rate is None
    assert choices(deals) == (["easy", "hard"], ["basic", "qingdao"])


def test_the_chart_shows_the_last_fifty_matches_oldest_first():
    matches = [match(i, (i % 3, 1)) for i in range(1, 80)]
    recent = statistics([], matches).recent
    assert len(recent) == 50 and [r.match_id for r in recent] == list(range(30, 80))
    assert [r.points for r in recent[:3]] == [-1, 0, 1]


def test_statistics_of_recorded_deals(tmp_path):
    history = History(tmp_path / "history.sqlite3")
    played = {("hard", "qingdao"): bot_match(21, RuleSet(), deals=2),
              ("normal", "basic"): bot_match(22, RuleSet.preset("basic"), deals=3)}
    for (level, _), m in played.items():
        history.record(m, Seating(human=0, bot_level=level))
    practice = bot_match(23, RuleSet(), deals=1)
    history.record(practice, Seating(practice=True, bot_level="hard"))
    stats = statistics(history.deals(practice=None), history.matches(practice=None))
    results = [r for m in played.values() for r in m.results]
    assert stats.deals == 5 and stats.matches == 0
    assert stats.places == tuple(sum(r.places[p] == 0 for r in results) for p in range(6))
    assert stats.deal_wins.won == sum(r.score[0] > r.score[1] for r in results)
    assert stats.opened.played == 2 and stats.opened.won == sum(r.opened[0] for r in played["hard", "qingdao"].results)
    assert set(stats.by_level) == {"hard", "normal"} and stats.by_level["normal"][0].played == 3
    assert statistics(history.deals(practice=None), [], practice=True).deals == 1
