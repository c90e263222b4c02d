"""The expert's guessing: the deal rebuilt from a seat's view alone
(``Game.from_view``) is the real position when the guessed hands are the real ones, and guessed hands follow
the card count, the hand sizes and what the history proves."""

from __future__ import annotations

import random

import pytest

import bots
from bots.search.inference import _barred, build_guess, fits, sample_hands
from bots.search.reading import read_history
from gouji import Game, Match, RuleSet
from gouji.engine.cards import N_RANKS, THREE, TWO
from gouji.engine.seats import SEATS


def match_views(preset: str, seeds: range, every: int = 1, levels: tuple[str, ...] = ("normal", "hard", "easy")):
    """(match, view of the seat to act) at play decisions of bot-played matches."""
    for seed in seeds:
        match = Match.new(seed, RuleSet.preset(preset))
        players = [bots.make(levels[(seed + s) % len(levels)], s) for s in SEATS]
        rng = random.Random(seed)
        step = 0
        while not match.is_over:
            seat = match.current_seat
            view = match.view(seat)
            if match.game is not None and view.phase.in_play and step % every == 0:
                yield match, view
            step += 1
            match.apply(players[seat].choose(view, rng))


@pytest.mark.parametrize("preset", ["qingdao", "basic", "app196"])
def test_the_position_rebuilt_from_a_view_is_the_real_one(preset):
    """Every field of the position notation (queue, 够死级/要头 kinds, burners,
    deadlines, 闷, …) follows from the view; a whole match per preset."""
    checked = 0
    for match, view in match_views(preset, range(1), every=2):
        game = match.game
        hands = [game.hand_counts(s) for s in SEATS]
        assert Game.from_view(view, hands).position() == game.position()
        checked += 1
    assert checked > 250


def test_guessed_hands_keep_the_count_the_sizes_and_the_bounds():
    rng = random.Random(4)
    checked = 0
    for match, view in match_views("qingdao", range(1), every=25):
        facts = read_history(view)
        guess = build_guess(view, facts)
        hands = sample_hands(guess, rng)
        assert hands[view.seat] == list(view.hand)
        dealt = [sum(hands[s][r] for s in SEATS if s != view.seat) for r in range(N_RANKS)]
        assert dealt == guess.pool
        for seat in guess.others:
            assert sum(hands[seat]) == view.counts[seat]
            if seat not in view.revolted:
                assert hands[seat][THREE] >= 1   # 憋3: the 3s wait for the end
        # the guessed deal plays on: it is a legal position of the same deal
        game = Game.from_view(view, hands)
        assert sorted(game.legal_actions()) == sorted(view.legal_actions)
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize("preset", ["qingdao", "basic", "app196"])
@pytest.mark.slow
def test_a_guessed_game_is_the_position_it_guesses(preset):
    """The search's fast path (``Game.guessed`` on one game made from the view,
    bots/search/deals.py) makes the same deal as ``Game.from_view`` with the
    guessed hands: every field, the 冲牌 flag included (it is the one that
    depends on the hands); and it refuses hands of other sizes."""
    rng = random.Random(5)
    checked = 0
    template = None
    for match, view in match_views(preset, range(1), every=3):
        facts = read_history(view)
        guess = build_guess(view, facts)
        real = [match.game.hand_counts(s) for s in SEATS]
        template = Game.from_view(view, real)
        for hands in (sample_hands(guess, rng), sample_hands(guess, rng)):
            parsed = Game.from_view(view, hands)
            fast = template.guessed(hands)
            assert fast.position() == parsed.position()
            assert sorted(fast.legal_actions()) == sorted(parsed.legal_actions())
        checked += 1
    assert checked > 80 and template is not None
    bigger = [list(row) for row in real]
    bigger[view.seat][THREE] += 1
    with pytest.raises(ValueError, match="card count"):
        template.guessed(bigger)


def test_a_game_from_a_view_refuses_hands_the_view_rules_out():
    match, view = next(match_views("qingdao", range(1), every=40))
    real = [match.game.hand_counts(s) for s in SEATS]
    other = (view.seat + 1) % 6
    moved = [list(row) for row in real]
    moved[other][THREE] += 1                      # a seat with one card too many
    with pytest.raises(ValueError, match="card count"):
        Game.from_view(view, moved)
    swapped = [list(row) for row in real]
    swapped[view.seat], swapped[other] = swapped[other], swapped[view.seat]
    if swapped[view.seat] != real[view.seat] and sum(real[other]) == sum(real[view.seat]):
        with pytest.raises(ValueError, match="own hand"):
            Game.from_view(view, swapped)
    with pytest.raises(TypeError, match="SeatView"):
        Game.from_view(match.game.position(), real)


@pytest.mark.parametrize("preset", ["basic", "qingdao"])
def test_what_the_history_proves_holds_for_the_real_hands(preset):
    """A player asked whether to revolt held no 2 or joker (§8.6), a buyer of a 3
    holds one (§7), …: the real hands always lie within the proven bounds and
    pass the burn-window checks; so do guessed hands (the guesses from passes
    are dropped when they cannot all hold)."""
    capped = 0
    for match, view in match_views(preset, range(2), every=23):
        facts = read_history(view)
        guess = build_guess(view, facts, passes=False)
        truth = [match.game.hand_counts(s) for s in SEATS]
        for seat in guess.others:
            assert all(guess.lo[seat][r] <= truth[seat][r] <= guess.hi[seat][r] for r in range(N_RANKS))
            capped += any(guess.hi[seat][r] < guess.sizes[seat] for r in range(N_RANKS))
        assert fits(guess, truth)
        drawn = sample_hands(build_guess(view, facts), random.Random(1))
        assert all(guess.lo[s][r] <= drawn[s][r] <= guess.hi[s][r] for s in guess.others for r in range(N_RANKS))
    assert capped


@pytest.mark.slow
def test_a_follow_with_2s_or_jokers_attached_leaves_none_of_its_rank_and_the_guesses_know_it():
    """Hard players attach 2s or jokers to a follow only when none of its rank is
    left (measured 187 of 187): the real hands agree, and the guesses cap that
    rank at zero for the follower (unless his own plays broke another habit)."""
    bie_san = RuleSet.preset("qingdao").bie_san
    follows = capped = 0
    for match, view in match_views("qingdao", range(3), every=5, levels=("hard",)):
        facts = read_history(view)
        guess = build_guess(view, facts)
        leads = {seq for seq, _, _ in facts.leads}
        for seq, seat, play in facts.plays:
            mixed = play.naturals and play.rank < TWO and play.twos + play.jokers
            if seq in leads or not guess.sizes[seat] or not mixed or (bie_san and play.rank == THREE):
                continue
            assert match.game.hand_counts(seat)[play.rank] == 0
            follows += 1
            capped += guess.hi[seat][play.rank] == 0
    assert follows >= 20 and capped >= 0.8 * follows


def _hand_then(match, seat: int, facts, seq: int) -> list[int]:
    """``seat``'s real hand just after the ``seq``-th play of the deal."""
    hand = match.game.hand_counts(seat)
    for play in facts.played_since(seat, seq):
        hand = [held + gone for held, gone in zip(hand, play.counts())]
    return hand


@pytest.mark.slow
def test_a_pass_on_an_opponents_plain_single_leaves_no_2_and_the_guesses_know_it():
    """A hard player with more than eight cards passes on an opponent's single
    below 2 only when he holds no 2 (measured 371 of 372): the real hands agree
    almost always, and the guesses cap the passer's 2s at zero."""
    passes = held = capped = 0
    for match, view in match_views("qingdao", range(3), every=5, levels=("hard",)):
        facts = read_history(view)
        guess = build_guess(view, facts)
        for item in facts.passes:
            seat, play = item.seat, item.standing
            if not guess.sizes[seat] or item.burning or (seat - item.owner) % 2 == 0 \
                    or play.size != 1 or play.rank >= TWO or play.rank < 0 or play.twos + play.jokers:
                continue
            then = _hand_then(match, seat, facts, item.seq)
            if sum(then) <= 8:
                continue
            passes += 1
            held += then[TWO] > 0
            capped += guess.hi[seat][TWO] <= match.game.hand_counts(seat)[TWO] and guess.hi[seat][TWO] == 0
    assert passes >= 20 and held <= 0.03 * passes and capped >= 0.8 * passes


@pytest.mark.slow
def test_a_plain_follow_skips_no_group_of_its_size_and_the_guesses_avoid_one():
    """A hard player following an opponent's plain group with a plain group never
    held a group of exactly that size between the two (1 of 1,146): the real
    hands agree, and guessed hands seldom hold one."""
    facts_seen = clashes = draws = held = 0
    rng = random.Random(5)
    for match, view in match_views("qingdao", range(3), every=7, levels=("hard",)):
        facts = read_history(view)
        guess = build_guess(view, facts)
        for seat, rank, count, since in guess.not_held:
            facts_seen += 1
            held += match.game.hand_counts(seat)[rank] + since[rank] == count
        barred = _barred(guess)
        if barred:
            for _ in range(4):
                hands = sample_hands(guess, rng)
                draws += 1
                clashes += any(hands[s][r] in counts for (s, r), counts in barred.items())
    assert facts_seen >= 100 and held <= 0.02 * facts_seen
    assert draws >= 40 and clashes <= 0.25 * draws


def test_a_lone_hidden_hand_is_forced_and_the_guessing_does_not_trade_from_it():
    """Two players left: one hidden hand, nothing to swap it with (the panel's noisy
    table once made the guesser pick a trade partner from nobody)."""
    from bots.search.inference import _swap
    from gouji import RuleSet
    game = Game.from_position("KK3/-/-/-/775/- lead 4 out=1,2,3,5", RuleSet.preset("basic"))
    view = game.view(0)
    guess = build_guess(view, read_history(view))
    assert guess.others == [4]
    hands = [game.hand_counts(s) for s in SEATS]
    assert _swap(guess, hands, {}, 4, 5, random.Random(1)) is False   # it raised IndexError
    assert sum(sample_hands(guess, random.Random(2))[4]) == sum(hands[4])


@pytest.mark.slow
def test_a_long_plain_follow_seldom_keeps_its_rank_and_the_guesses_seldom_give_it():
    """A hard player with more than eight cards who follows an opponent's plain
    group with a plain group of one rank kept some of that rank after about one
    follow in five (when he has played none of it since): a habit too loose for a
    cap, so the guesses deal that rank to him at ``FOLLOW_KEPT`` times the odds of
    a uniform deal. The real hands agree, and the guesses give it far less often
    than with the weight at 1 (a uniform deal within the other bounds)."""
    from dataclasses import replace

    seen = held = 0
    weighted = uniform = 0.0
    rng = random.Random(7)
    for match, view in match_views("qingdao", range(3), every=7, levels=("hard",)):
        guess = build_guess(view, read_history(view))
        if not guess.kept:
            continue
        plain = replace(guess, kept=frozenset(), fallback=replace(guess.fallback, kept=frozenset())
                        if guess.fallback is not None else None)
        draws = [sample_hands(guess, rng) for _ in range(8)]
        loose = [sample_hands(plain, rng) for _ in range(8)]
        for seat, rank in guess.kept:
            seen += 1
            held += match.game.hand_counts(seat)[rank] > 0
            weighted += sum(h[seat][rank] > 0 for h in draws) / len(draws)
            uniform += sum(h[seat][rank] > 0 for h in loose) / len(loose)
    assert seen >= 60 and held <= 0.35 * seen
    assert weighted <= 0.6 * uniform and weighted <= 0.4 * seen
