"""Seeded matches per preset, with random and scripted bots, until every rule of
RULES §4–§8 has occurred at least once (counted and asserted), checking the
invariants of the deal tests plus: tribute conserves cards, totals are the sum
of the deal scores."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import bots
from gouji import Match, RuleSet
from gouji.engine import events as ev
from gouji.engine.cards import THREE, card_rank, deck_counts
from gouji.engine.seats import SEATS

VARIANTS = [
    ("qingdao", {}), ("basic", {}), ("app196", {}),
    ("qingdao", {"xuan_dian": "ming_and_yu", "fanche_double": True, "later_lead": "rotate"}),
    ("basic", {"hui_san": True, "chuan_san_hu_tribute": "quan_gong", "kai_dian": True, "xuan_dian": "ming",
               "tribute_order": ["dian", "shao", "men", "luo"]}),
]
EXPECTED = {"dian", "shao", "men", "luo", "quan", "return", "buy3_paid", "declare_ming", "declare_yu",
            "fanche", "declared_right", "opened", "not_opened", "revolt", "yaotou", "wutou", "chuan_san_hu",
            "void", "hui_san", "rotate", "men_deal"}


def play_match(seed: int, rules: RuleSet, bot: str, count: Counter) -> Match:
    match = Match.new(seed, rules)
    players = [bots.make(bot, s, seed) for s in SEATS]
    rng = random.Random(seed)
    deck = sum(deck_counts(rules.deck))
    seen_deal = -1
    while not match.is_over:
        if match.phase.in_play and match.deal_index != seen_deal:
            seen_deal = match.deal_index
            check_cards_at_first_lead(match, rules, deck, count)
        seat = match.current_seat
        match.apply(players[seat].choose(match.view(seat), rng))
    tally(match, rules, count)
    assert match.totals == tuple(sum(r.score[i] for r in match.results) for i in (0, 1))
    assert len(match.results) == rules.series_length
    for result in match.results:
        assert sorted(result.places) == list(SEATS)
    return match


def check_cards_at_first_lead(match: Match, rules: RuleSet, deck: int, count: Counter) -> None:
    cards = [c for s in SEATS for c in match.hand_cards(s)]
    assert len(cards) == len(set(cards))
    if rules.hui_san:
        assert all(card_rank(c) != THREE for c in cards)
        deck -= deck_counts(rules.deck)[THREE]
        count["hui_san"] += 1
    assert len(cards) == deck, "tribute, returns and 买3 must conserve the cards"


def tally(match: Match, rules: RuleSet, count: Counter) -> None:
    for event in match.events:
        if event.private_to is not None:
            continue
        if event.kind == ev.TRIBUTE:
            count[event.tribute_kind] += 1
        elif event.kind in (ev.RETURN, ev.REVOLT, ev.YAOTOU, ev.VOID):
            count[event.kind] += 1
        elif event.kind == ev.CHOOSE_WUTOU:
            count["wutou"] += 1
        elif event.kind == ev.BUY3:
            count["buy3_" + ("paid" if event.paid else "free")] += 1
        elif event.kind == ev.DECLARE:
            count["declare_" + event.declaration] += 1
    for result in match.results:
        count["chuan_san_hu"] += result.chuan_san_hu
        count["opened"] += any(result.opened)
        count["not_opened"] += not all(result.opened)
        count["men_deal"] += bool(result.men)
        for declarer, target in result.declared + result.pre_declared:
            count["fanche" if result.opened[target] else "declared_right"] += 1
    if rules.later_lead == "rotate":
        leads = [e.leader for e in match.events if e.kind == ev.DEAL_START]
        second = leads[1] if len(leads) > 1 else None
        count["rotate"] += second is not None and any(leads[i] == (second + i - 1) % 6 for i in range(2, len(leads)))


def void_by_revolution(count: Counter) -> None:
    """Two revolutions are rare; scan first deals (cheap: no play) until one voids."""
    rules = RuleSet.preset("basic")
    for seed in range(20000):
        match = Match.new(seed, rules)
        while match.phase == "revolt":
            match.apply("revolt")
        if any(e.kind == ev.VOID for e in match.events):
            count["void"] += 1
            assert match.deal_index == 0 and match.results == []
            return


@pytest.mark.slow
def test_every_rule_of_sections_4_to_8_occurs():
    count: Counter = Counter()
    seed = 0
    for round_ in range(6):
        for preset, changes in VARIANTS:
            rules = RuleSet.preset(preset).replace(**changes)
            for bot in ("random", "normal"):
                play_match(seed, rules, bot, count)
                seed += 1
        if EXPECTED - {"void"} <= set(count):
            break
    void_by_revolution(count)
    missing = EXPECTED - {k for k, v in count.items() if v}
    assert not missing, f"never happened: {sorted(missing)}; counts {dict(count)}"
