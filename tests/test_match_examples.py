"""Worked examples of RULES §4–§8 at the match level."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gouji import Game, RuleSet
from gouji.engine import events as ev
from gouji.engine.cards import BIG, SMALL, THREE, TWO, card_rank, make_card
from gouji.engine.deal import DealtCards
from gouji.engine.match import Match
from gouji.engine.predeal import buy_threes, pay_tributes, return_options
from gouji.engine.tribute import DealResult, Payment, obligations, point_tribute, tribute_cards

from helpers import run, scenario

QINGDAO = RuleSet.preset("qingdao")


def result(places=(0, 1, 2, 3, 4, 5), opened=(True,) * 6, **kw) -> DealResult:
    return DealResult(places=tuple(places), opened=tuple(opened), **kw)


# ----- §5 开点, 点贡, 宣点 ------------------------------------------------------
def test_dian_gong_is_exchanged_when_both_of_a_pair_fail():
    owed = obligations(result(opened=(False, True, True, False, True, True)), QINGDAO)
    dian = [p for p in owed if p.kind == "dian"]
    assert dian == [Payment("dian", 0, 3, 1), Payment("dian", 3, 0, 1)]


def test_dian_gong_from_the_failing_player_only():
    assert point_tribute(opened={0, 1, 2, 4, 5}) == [(3, 0, 1)]


def test_xuan_dian_fanche_costs_the_declarer():
    # seat 0 declared that 3 would not open; 3 opened and 0 did not: 1 + 2
    assert point_tribute(opened={1, 2, 3, 4, 5}, declared={0: 3}) == [(0, 3, 3)]
    doubled = QINGDAO.replace(fanche_double=True)
    assert point_tribute(opened={1, 2, 3, 4, 5}, declared={0: 3}, rules=doubled) == [(0, 3, 5)]


def test_xuan_dian_that_comes_true_takes_two():
    assert point_tribute(opened={0, 1, 2, 4, 5}, declared={0: 3}) == [(3, 0, 2)]


def test_section_5_table_both_declare():
    assert point_tribute(opened={0, 1, 2, 4, 5}, declared={0: 3, 3: 0}) == [(3, 0, 4)]
    assert point_tribute(opened={1, 2, 4, 5}, declared={0: 3, 3: 0}) == [(0, 3, 2), (3, 0, 2)]
    assert point_tribute(opened=set(range(6)), declared={0: 3, 3: 0}) == [(0, 3, 2), (3, 0, 2)]


def test_yu_dian_against_a_player_who_revolts_succeeds():
    rows = point_tribute(opened=set(range(6)), pre_declared={0: 3}, revolted={3})
    assert rows == [(3, 0, 4)]


def test_declaring_against_anyone_but_the_opposite_is_refused():
    with pytest.raises(ValueError, match="对头"):
        point_tribute(opened=set(), declared={0: 2})


# ----- §6 tribute ----------------------------------------------------------------
def test_luo_gong_and_its_order():
    owed = obligations(result(places=(0, 1, 2, 3, 4, 5), burn_wins=((1, 0),), men=((2, 5),)), QINGDAO)
    assert [p.kind for p in owed] == ["shao", "men", "luo", "luo"]  # everyone opened: no 点贡
    assert Payment("luo", 5, 0, 2) in owed and Payment("luo", 4, 1, 1) in owed


def test_no_tribute_between_teammates_by_default():
    owed = obligations(result(places=(0, 1, 3, 5, 4, 2)), QINGDAO)
    assert [p for p in owed if p.kind == "luo"] == [Payment("luo", 4, 1, 1)]  # 大落 2 is 头科 0's partner
    pay = QINGDAO.replace(tribute_between_teammates="pay")
    assert Payment("luo", 2, 0, 2) in obligations(result(places=(0, 1, 3, 5, 4, 2)), pay)


def test_tribute_cards_are_the_highest_jokers_and_twos():
    hand = [make_card(BIG, 0, 0), make_card(TWO, 1, 0), make_card(11, 0, 0), make_card(SMALL, 0, 1)]
    assert [card_rank(c) for c in tribute_cards(hand, 2, QINGDAO)] == [BIG, SMALL]
    assert [card_rank(c) for c in tribute_cards(hand[1:3], 2, QINGDAO)] == [TWO]  # only what he has
    anything = QINGDAO.replace(tribute_cards="highest_any")
    assert [card_rank(c) for c in tribute_cards(hand[1:3], 2, anything)] == [TWO, 11]


def test_paying_tribute_conserves_cards_and_returns_match_ranks():
    hands = [[make_card(r, 0, 0) for r in (0, 1, 12, 14)], [], [], [], [], [make_card(r, 1, 0) for r in (0, 1, 5)]]
    before = sorted(c for h in hands for c in h)
    events, paid = pay_tributes(hands, [Payment("luo", 0, 5, 2)], QINGDAO)
    assert paid == [Payment("luo", 0, 5, 2)] and sorted(c for h in hands for c in h) == before
    assert sum(1 for e in events if e.private_to is not None) == 2 and events[0].cards == ""
    options = return_options(hands[5], hands[0], 2, must_match=True)
    assert options == ["34"]  # seat 0 holds 3 and 4 only: the return must be of those ranks
    assert "38" in return_options(hands[5], hands[0], 2, must_match=False)


def test_chuan_san_hu_means_no_tribute_unless_quan_gong():
    sweep = result(places=(0, 2, 4, 1, 3, 5))
    assert obligations(sweep, QINGDAO) == []
    quan = obligations(sweep, QINGDAO.replace(chuan_san_hu_tribute="quan_gong"))
    assert quan == [Payment("quan", 1, 4, 1), Payment("quan", 3, 0, 1), Payment("quan", 5, 2, 1)]


# ----- §4 and §8.6: 串三户 with a revolutionary ------------------------------------------
def test_chuan_san_hu_with_a_revolutionary():
    base = scenario(["5", "4", "6", "7", "8", "9"], leader=2, rules=QINGDAO)
    g = Game(replace(base.setup, revolted=frozenset({0}), yaotou=frozenset()))
    run(g, [(2, "play 6"), (3, "pass"), (4, "play 8")])
    assert g.is_over and g.places[:3] == [2, 4, 0]   # his teammates took 头科 and 二科: he is 三科
    assert g.score() == (12, 0)


# ----- §7 憋3 and 买3 --------------------------------------------------------------
def test_mai_san_buys_from_the_opposites_teammate():
    def three(suit, pack):
        return make_card(THREE, suit, pack)
    hands = [[make_card(TWO, 0, 0), make_card(9, 0, 0)],          # seat 0: no 3, a 2 to pay
             [three(0, 0), three(1, 0), make_card(8, 0, 0)],      # 下家: two 3s
             [three(2, 0)], [three(3, 0)],                         # 对头 3 has only one
             [three(0, 1)], [three(1, 1)]]
    events, rebels = buy_threes(hands, leader=0, revolution=True)
    assert not rebels
    assert any(card_rank(c) == THREE for c in hands[0]) and make_card(TWO, 0, 0) in hands[1]
    public = [e for e in events if e.kind == ev.BUY3 and e.private_to is None]
    assert public[0].seat == 0 and public[0].other == 1 and public[0].paid


def test_mai_san_without_anything_to_pay_is_a_revolution():
    hands = [[make_card(9, 0, 0)], [make_card(THREE, 0, 0), make_card(THREE, 1, 0)]] + \
        [[make_card(THREE, 2, s)] for s in range(4)]
    _, rebels = buy_threes(hands, leader=0, revolution=True)
    assert rebels == {0}
    _, rebels = buy_threes(hands, leader=0, revolution=False)
    assert rebels == set() and any(card_rank(c) == THREE for c in hands[0])  # taken free


def test_men_gong_goes_to_the_player_who_beat_the_chong_pai():
    g = scenario(["Q33", "K4", "5", "6", "7", "8"], rules=RuleSet.preset("basic").replace(bie_san=True))
    run(g, [(0, "play Q"), (1, "play K")])
    assert g.men == {0: 1}
    owed = obligations(result(men=tuple(g.men.items())), QINGDAO)
    assert Payment("men", 0, 1, 1) in owed
    exempt = obligations(result(men=((0, 3),)), QINGDAO.replace(men_exempt_if_opposite=True))
    assert [p for p in exempt if p.kind == "men"] == []


# ----- §8.6 two revolutions void the deal ---------------------------------------------
def test_two_revolutions_void_the_deal(monkeypatch):
    import gouji.engine.match as match_module
    real = match_module.deal_cards
    calls = []

    def rigged(rules, seed, first_drawer=None, leader=None):
        dealt = real(rules, seed, first_drawer, leader)
        calls.append(seed)
        if len(calls) > 1:
            return dealt
        hands = [list(h) for h in dealt.hands]
        strong = [c for s in (1, 2) for c in hands[s] if card_rank(c) in (TWO, SMALL, BIG)]
        for s in (1, 2):        # seats 1 and 2 give every 2 and joker to seat 0
            hands[s] = [c for c in hands[s] if card_rank(c) not in (TWO, SMALL, BIG)]
        hands[0] += strong
        return DealtCards(tuple(tuple(h) for h in hands), dealt.leader, dealt.first_drawer, dealt.liang)

    monkeypatch.setattr(match_module, "deal_cards", rigged)
    m = Match.new(3, RuleSet.preset("basic"))
    leader = m.view(0).round_leader
    asked = []
    while m.phase == "revolt":
        asked.append(m.current_seat)
        m.apply("revolt" if m.current_seat in (1, 2) else "norevolt")
    assert {1, 2} <= set(asked)
    assert [e for e in m.events if e.kind == ev.VOID] and len(calls) == 2
    assert m.deal_index == 0 and m.view(0).round_leader == leader and calls[0] != calls[1]


def test_hui_san_removes_every_three():
    m = Match.new(4, RuleSet.preset("basic").replace(hui_san=True))
    while not m.phase.in_play:
        m.apply(m.legal_actions()[0])
    assert all(card_rank(c) != THREE for s in range(6) for c in m.hand_cards(s))


# ----- found by review: tribute from dealt cards, 宣点 sums, 烧贡 never between partners ----
def test_a_dian_gong_exchange_really_exchanges():
    hands = [[make_card(BIG, 0, 0), make_card(5, 0, 0)], [], [], [make_card(SMALL, 0, 0), make_card(6, 0, 0)], [], []]
    pay_tributes(hands, [Payment("dian", 0, 3, 1), Payment("dian", 3, 0, 1)], QINGDAO)
    assert card_rank(max(hands[0], key=card_rank)) == SMALL and BIG in {card_rank(c) for c in hands[3]}


def test_a_player_without_dealt_jokers_pays_nothing_even_after_receiving_one():
    hands = [[], [], [make_card(BIG, 0, 0)], [], [], [make_card(10, 0, 0), make_card(10, 1, 0)]]
    _, paid = pay_tributes(hands, [Payment("dian", 2, 5, 1), Payment("luo", 5, 0, 2)], QINGDAO)
    assert paid[1] == Payment("luo", 5, 0, 0) and any(card_rank(c) == BIG for c in hands[5])


def test_declarations_of_a_pair_add_up_in_any_order():
    everyone = set(range(6))
    assert point_tribute(everyone - {0}, {0: 3, 3: 0}) == point_tribute(everyone - {0}, {3: 0, 0: 3})
    assert point_tribute(everyone - {0}, {0: 3, 3: 0}) == [(0, 3, 4)]   # 2 for 3's 明点 + 2 翻车
    assert point_tribute(everyone - {3}, {0: 3, 3: 0}) == [(3, 0, 4)]


def test_shao_gong_is_never_paid_between_partners():
    burned_partner = result(burn_wins=((2, 0),))
    assert [p for p in obligations(burned_partner, QINGDAO.replace(tribute_between_teammates="pay"))
            if p.kind == "shao"] == []


def test_xuan_dian_is_asked_only_where_dian_gong_will_be_paid():
    for rules in (QINGDAO.replace(tribute=False), QINGDAO.replace(tribute_order=["luo"]),
                  QINGDAO.replace(series_length=1)):
        m = Match.new(1, rules)
        phases = set()
        while not m.phase.in_play:
            phases.add(m.phase)
            m.apply(m.legal_actions()[0])
        assert "declare" not in phases and "predeclare" not in phases


def test_a_yu_dian_declarer_is_not_asked_for_ming_dian():
    m = Match.new(2, QINGDAO.replace(xuan_dian="ming_and_yu"))
    first = m.current_seat
    m.apply("declare")  # 预点
    asked = []
    while not m.phase.in_play:
        if m.phase == "declare":
            asked.append(m.current_seat)
        m.apply(sorted(m.legal_actions())[-1] if m.phase != "return" else m.legal_actions()[0])
    assert first not in asked
