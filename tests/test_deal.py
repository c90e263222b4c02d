"""Dealing (RULES §1.1, §2): decks, seeds, 亮3 with 顶班."""

from collections import Counter

import pytest

from gouji import Game, RuleSet
from gouji.engine.cards import FOUR, THREE, card_rank, card_suit, make_card
from gouji.engine.deal import _LiangWatch, deal_cards


@pytest.mark.parametrize("deck,sizes_by_order", [
    (216, [36] * 6), (196, [33, 33, 33, 33, 32, 32]), (198, [33] * 6)])
def test_deck_sizes(deck, sizes_by_order):
    rules = RuleSet.preset("basic").replace(deck=deck)
    for seed in range(5):
        dealt = deal_cards(rules, seed)
        order = [(dealt.first_drawer + i) % 6 for i in range(6)]
        assert [len(dealt.hands[s]) for s in order] == sizes_by_order
        cards = [c for h in dealt.hands for c in h]
        assert len(cards) == len(set(cards)) == deck


@pytest.mark.parametrize("deck,threes,fours", [(196, 6, 6), (198, 6, 8)])
def test_short_decks_hand_out_a_three_to_everyone(deck, threes, fours):
    dealt = deal_cards(RuleSet.preset("basic").replace(deck=deck), 11)
    ranks = Counter(card_rank(c) for h in dealt.hands for c in h)
    assert ranks[THREE] == threes and ranks[FOUR] == fours
    assert all(any(card_rank(c) == THREE for c in h) for h in dealt.hands)
    if deck == 196:
        assert all(any(card_rank(c) == FOUR for c in h) for h in dealt.hands)


def test_same_seed_same_deal_different_seed_different_deal():
    rules = RuleSet.preset("basic")
    assert deal_cards(rules, 5) == deal_cards(rules, 5)
    assert deal_cards(rules, 5).hands != deal_cards(rules, 6).hands


def test_liang3_first_pair_leads_and_strictly_more_takes_over():
    watch = _LiangWatch(THREE)
    def three(suit, pack):
        return make_card(THREE, suit, pack)
    watch.see(2, three(0, 0))
    watch.see(4, three(1, 0))
    watch.see(2, three(0, 1))        # seat 2: two ♠3 -> leads
    assert watch.leader == 2
    watch.see(4, three(1, 1))        # seat 4: two ♥3, not more than 2 -> no change
    assert watch.leader == 2
    watch.see(4, three(1, 2))        # seat 4: three ♥3 > seat 2's two -> 顶班
    assert watch.leader == 4
    watch.see(2, three(0, 2))        # seat 2 three ♠3: equal, not strictly more
    assert watch.leader == 4
    watch.see(2, three(0, 3))        # four ♠3 > three -> takes it back
    assert watch.leader == 2


def test_liang3_ignores_other_ranks_and_uses_fours_under_bie_san():
    watch = _LiangWatch(FOUR)
    watch.see(1, make_card(THREE, 0, 0))
    watch.see(1, make_card(THREE, 0, 1))
    assert watch.leader is None
    watch.see(1, make_card(FOUR, 3, 0))
    watch.see(1, make_card(FOUR, 3, 1))
    assert watch.leader == 1


def test_liang3_leader_really_holds_two_threes_of_a_suit():
    rules = RuleSet.preset("basic")
    for seed in range(30):
        dealt = deal_cards(rules, seed)
        if dealt.liang is None:
            continue
        seat, suit = dealt.liang
        assert dealt.leader == seat
        held = Counter(card_suit(c) for c in dealt.hands[seat] if card_rank(c) == THREE)
        assert held[suit] >= 2


def test_random_fallback_when_nobody_reaches_two():
    # 196 hands out the six 3s one each, so nobody can 亮3: the seeded fallback decides.
    rules = RuleSet.preset("basic").replace(deck=196)
    leaders = {deal_cards(rules, seed).leader for seed in range(40)}
    assert all(deal_cards(rules, s).liang is None for s in range(10))
    assert len(leaders) > 3
    assert deal_cards(rules, 3).leader == deal_cards(rules, 3).leader


def test_first_lead_random_and_given_leader():
    rules = RuleSet.preset("basic").replace(first_lead="random")
    assert all(deal_cards(rules, s).liang is None for s in range(10))
    assert deal_cards(RuleSet.preset("basic"), 9, first_drawer=2, leader=5).leader == 5


def test_new_deal_gives_36_cards_and_the_liang_leader_leads():
    game = Game.new_deal(seed=7, rules=RuleSet.preset("basic"))
    assert all(game.hand_size(s) == 36 for s in range(6))
    assert game.current_seat == deal_cards(RuleSet.preset("basic"), 7).leader
