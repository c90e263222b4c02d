"""The score shown beside a shared deal's result panel counts that deal: the finished view a guest
keeps of a deal is his last view of it, taken before the deal ended, so its totals are filled in."""

from __future__ import annotations

from types import SimpleNamespace

from gouji.engine.match import Match
from gouji.engine.rules import RuleSet
from gouji.net.remote_table import RemoteTable
from gouji.net.seat import News


def _ended(deal: int, score: list[int]) -> dict:
    return {"deal": deal, "places": [1, 0, 3, 2, 5, 4], "score": score, "totals": score,
            "opened": [True] * 6, "end_action": 100}


def test_a_finished_deals_view_carries_the_totals_after_it():
    match = Match(RuleSet.preset("qingdao").replace(series_length=3), seed=5)
    table = RemoteTable(SimpleNamespace(seat=0), make_bot=lambda *a: None)   # type: ignore[arg-type]
    table.absorb(News(view=match.view(0), turn=1))
    assert table.view().totals == (0, 0)
    table.absorb(News(view=None, turn=2, results=(_ended(0, [0, 2]),)))
    shown = table.finished_view()
    assert shown is not None and shown.places == (1, 0, 3, 2, 5, 4)
    assert shown.totals == (0, 2)      # the sidebar read (0, 0) under a 0:2 panel
