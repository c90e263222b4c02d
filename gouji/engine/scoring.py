"""Places and points of a deal (RULES §4) and which plays open (§5)."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from .checks import need_list, need_rules
from .errors import quote
from .rules import RuleSet
from .seats import N_SEATS, order_from, same_team, team

PLACE_NAMES_ZH = ("头科", "二科", "三科", "四科", "二落", "大落")
PLACE_NAMES_EN = ("1st (头科)", "2nd (二科)", "3rd (三科)", "4th (四科)", "5th (二落)", "6th (大落)")


def rank_remaining(live: Sequence[int], sizes: Sequence[int], first_leader: int) -> list[int]:
    """Players left holding cards: fewer cards first; ties go by playing
    order from the deal's first leader (later is lower)."""
    return sorted(live, key=lambda s: (sizes[s], order_from(first_leader, s)))


def places_with_revolutionary(order: list[int], revolted: Collection[int]) -> list[int]:
    """Insert a revolutionary at 四科, or 三科 when his teammates are 头科 and 二科."""
    places = list(order)
    for rebel in revolted:
        at = 2 if len(places) >= 2 and all(same_team(rebel, s) for s in places[:2]) else 3
        places.insert(min(at, len(places)), rebel)
    return places


def is_chuan_san_hu(places: Sequence[int]) -> bool:
    """串三户: one team takes 头科, 二科 and 三科."""
    return len(places) >= 3 and team(places[0]) == team(places[1]) == team(places[2])


def raw_team_points(places: Sequence[int], rules: RuleSet | None = None) -> tuple[int, int]:
    """(even, odd) sums of place points before positives_only; on 串三户 the
    sweeping team's score doubles (§4), the beaten team's does not."""
    rules = need_rules(rules)
    places = need_list(places, "places", "the six seats, best first")
    if any(type(seat) is not int for seat in places) or sorted(places) != list(range(N_SEATS)):
        raise ValueError(f"places must list each of the six seats once, got {quote(places)}")
    totals = [0, 0]
    for place, seat in enumerate(places):
        totals[team(seat)] += rules.place_points[place]
    if is_chuan_san_hu(places):
        totals[team(places[0])] *= 2
    return totals[0], totals[1]


def score_deal(places: Sequence[int], rules: RuleSet | None = None) -> tuple[int, int]:
    """Recorded (even team, odd team) points of a deal from its places.

    >>> score_deal([0, 1, 2, 3, 4, 5])
    (2, 0)
    >>> score_deal([0, 2, 4, 1, 3, 5])
    (12, 0)
    """
    rules = need_rules(rules)
    even, odd = raw_team_points(places, rules)
    if rules.positives_only:
        return max(even, 0), max(odd, 0)
    return even, odd
