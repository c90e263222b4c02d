"""The expert bot: legal everywhere, an exact replay with a rollout budget (with
or without the worker pool), search only where the choice matters, hints."""

from __future__ import annotations

import multiprocessing
import random
import threading
from dataclasses import replace

import pytest
from no_peek import resampled

import bots
from bots.expert import ExpertBot
from bots.hints import suggest
from bots.reasons import REASONS
from bots.search import pool
from bots.search.rollout import play_out, policy
from gouji import Game, RuleSet
from gouji.engine.seats import SEATS


def expert(seat: int, seed: int = 0, nodes: int = 12, workers: int = 1) -> ExpertBot:
    bot = bots.make("expert", seat, seed, think_nodes=nodes, workers=workers)
    assert isinstance(bot, ExpertBot)
    return bot


def play(game: Game, players, rng: random.Random, steps: int = 10_000) -> Game:
    for _ in range(steps):
        if game.is_over:
            break
        seat = game.current_seat
        game.apply(players[seat].choose(game.view(seat), rng))  # IllegalAction fails the test
    return game


def searched_game(seed: int = 3, skip: int = 0) -> Game:
    """A deal in progress where the expert to act searches (several close candidates)."""
    game = Game.new_deal(seed, RuleSet.preset("qingdao"))
    players = [bots.make("hard", s) for s in SEATS]
    rng = random.Random(seed)
    while True:
        seat = game.current_seat
        view = game.view(seat)
        bot = expert(seat)
        if len(game.legal_actions()) > 2 and len(bot.candidates(view, bot.hard.rank_actions(view))) >= 3:
            if not skip:
                return game
            skip -= 1
        game.apply(players[seat].choose(view, rng))


def searched_view(seed: int = 3):
    game = searched_game(seed)
    return game.view(game.current_seat)


@pytest.mark.parametrize("preset", ["qingdao", "basic", "app196"])
@pytest.mark.slow
def test_expert_plays_a_whole_deal_legally_against_hard(preset):
    game = Game.new_deal(11, RuleSet.preset(preset))
    players = [expert(s, 11, nodes=6) if s % 2 else bots.make("hard", s) for s in SEATS]
    play(game, players, random.Random(1))
    assert game.is_over and sorted(game.places) == list(SEATS)


def test_a_decision_replays_exactly_with_a_rollout_budget_in_or_out_of_the_pool():
    view = searched_view()
    first = expert(view.seat, 5, nodes=40).decide(view)
    assert len(first.outcomes) >= 3 and all(o.rollouts >= 40 // 2 // len(first.outcomes) for o in first.outcomes)
    first_phase = next(o.rollouts for o in first.outcomes if not o.tested)
    assert first.outcomes[0].rollouts == first_phase + 10   # the final: half the 40, and the first half's deals
    assert expert(view.seat, 5, nodes=40).decide(view) == first
    try:
        pooled = expert(view.seat, 5, nodes=40, workers=2).decide(view)
        assert pooled == first
    finally:
        pool.shutdown()
    for child in multiprocessing.active_children():   # a loaded machine may take a moment to reap them
        child.join(timeout=5.0)
    assert not [p for p in multiprocessing.active_children() if p.is_alive()]   # no worker left behind
    assert first.action in view.legal_actions


def test_the_search_sees_only_the_view():
    """Deals the seat cannot tell apart give the very same search, outcomes and all."""
    for seed, skip in ((3, 0), (6, 4), (9, 8)):
        game = searched_game(seed, skip)
        seat = game.current_seat
        decision = expert(seat, seed, nodes=24).decide(game.view(seat))
        assert decision.outcomes
        other = resampled(game, seat, random.Random(seed))
        assert other is not None and [other.hand(s) for s in SEATS] != [game.hand(s) for s in SEATS]
        assert expert(seat, seed, nodes=24).decide(other.view(seat)) == decision


def test_a_time_budget_is_kept():
    view = searched_view(4)
    bot = bots.make("expert", view.seat, 1, think_ms=150, workers=1)
    decision = bot.decide(view)  # type: ignore[attr-defined]
    assert decision.outcomes and decision.outcomes[0].rollouts >= 1
    assert decision.action in view.legal_actions


def test_no_search_where_the_choice_is_clear():
    game = Game.from_hands(["55KK", "44446", "44446", "9", "44446", "44446"], leader=3,
                           rules=RuleSet.preset("basic"))
    game.apply("play 9")
    view = game.view(4)
    assert view.legal_actions == ("pass",)
    assert expert(4).decide(view).outcomes == []
    lead = Game.from_hands(["KK", "4", "5", "6", "7", "8"], leader=0, rules=RuleSet.preset("basic")).view(0)
    assert expert(0).decide(lead).action == "play KK" and expert(0).decide(lead).outcomes == []  # going out


def test_in_the_deal_s_opening_only_hard_s_first_two_are_searched_at_a_small_budget(monkeypatch):
    """While four fifths of the cards are still in hands the guesses know too
    little to judge many actions with a few rollouts: of a choice searched later
    only hard's first two are searched there; with the game's budget, all of it."""
    import bots.expert as expert_module
    game = Game.new_deal(3, RuleSet.preset("qingdao"))
    hard = [bots.make("hard", s) for s in SEATS]
    rng = random.Random(3)
    while True:
        seat = game.current_seat
        view = game.view(seat)
        bot = expert(seat)
        ranked = bot.hard.rank_actions(view)
        with monkeypatch.context() as patch:
            patch.setattr(expert_module, "OPENING", 1.01)   # no opening: would it search?
            searched = bot.candidates(view, ranked)
        if len(searched) > 2 and not any(a.startswith("burn") for a in searched):
            break
        game.apply(hard[seat].choose(view, rng))
    assert sum(view.counts) >= 0.8 * view.rules.deck
    decision = bot.decide(view)
    assert sorted(o.action for o in decision.outcomes) == sorted(searched[:2]) == sorted(
        bot.candidates(view, ranked))
    assert searched[0] == ranked[0].action
    # at the game's budget (and from the gate's rollout count up) the opening is searched
    assert bots.make("expert", seat, workers=1).candidates(view, ranked) == searched
    big = expert(seat, nodes=expert_module.OPENING_NODES)
    assert big.candidates(view, ranked) == searched
    assert expert(seat, nodes=100).candidates(view, ranked) == searched[:2]


def test_a_cancelled_search_answers_hard_s_choice():
    view = searched_view()
    bot = expert(view.seat, nodes=40)
    bot.cancel()   # an old cancel does not stop a new decision …
    assert bot.decide(view).outcomes
    bot = expert(view.seat, nodes=100_000)
    timer = threading.Timer(0.05, bot.cancel)   # … a cancel during one does, within a batch
    timer.start()
    cut = bot.decide(view)
    timer.join()
    assert cut.outcomes == [] and cut.action == bot.hard.choose(view, random.Random(0))


def test_guessed_deals_that_get_stuck_are_left_out_and_the_search_still_ends(monkeypatch):
    from bots.search import search as search_module
    monkeypatch.setattr(search_module, "run_batch", lambda batch: [])   # every guessed deal stuck
    view = searched_view()
    decision = expert(view.seat, nodes=40).decide(view)
    assert [o.rollouts for o in decision.outcomes] == [0] * len(decision.outcomes)
    assert decision.action == expert(view.seat).hard.choose(view, random.Random(0))


def test_expert_hints_explain_the_searched_best():
    view = searched_view()
    hints = suggest(view, 3, level="expert", think_nodes=24)
    assert 1 <= len(hints) <= 3 and len({h.action for h in hints}) == len(hints)
    assert all(h.action in view.legal_actions for h in hints)
    decision = expert(view.seat, nodes=24).decide(view)
    first = next(o for o in decision.outcomes if o.action == hints[0].action)
    assert f"over {first.rollouts} guessed deals" in hints[0].en and str(first.rollouts) in hints[0].zh
    others = [o for o in decision.outcomes if o.action != hints[0].action]
    margin = first.mean - max(o.mean for o in others)
    assert f"{abs(margin):.2f} points a deal more" in hints[0].en     # what it found, in figures
    assert hints[0].en != REASONS["search_best"][1]


def test_rollouts_play_only_legal_moves_to_the_end():
    for seed, preset in ((1, "qingdao"), (2, "basic"), (3, "app196")):
        game = Game.new_deal(seed, RuleSet.preset(preset))
        rng = random.Random(seed)
        while not game.is_over:
            move = policy(game, rng)
            assert move in game.legal_moves()
            game.apply_move(move)
        other = Game.new_deal(seed, RuleSet.preset(preset)).clone(light=True)
        play_out(other, random.Random(seed))
        assert other.is_over and sorted(other.places) == list(SEATS)


def test_an_exploring_playout_is_legal_reproducible_and_varied():
    """The truth judge's varied continuations: every move checked by the engine,
    the same seed the same deal, and other seeds other endings."""
    def ending(seed: int, explore: float) -> tuple[int, ...]:
        game = Game.new_deal(3, RuleSet.preset("qingdao"))
        play_out(game, random.Random(seed), validate=True, explore=explore)   # validate: Game.apply_move checks
        assert game.is_over
        return tuple(game.actions)

    plain = ending(0, 0.0)
    assert ending(7, 0.0) == plain   # no exploring: the seed is not drawn on
    assert ending(7, 0.1) == ending(7, 0.1)
    assert len({ending(seed, 0.1) for seed in range(6)} - {plain}) >= 5


def test_warming_up_starts_the_workers_below_the_game_s_priority():
    """A table of expert bots starts the worker processes at once, each niced below
    the game (so a frame never waits for a rollout); other levels start none."""
    import os

    from bots.search import pool
    bots.shutdown()
    assert bots.warm_up("hard") == [] and pool._pool is None
    ready = bots.warm_up("expert", 2)
    try:
        pids = {future.result(timeout=60) for future in ready}   # the arena waits on these
        assert len(ready) == 2 and os.getpid() not in pids
        workers = pool._pool
        assert workers is not None
        if hasattr(os, "nice"):
            assert workers.submit(os.nice, 0).result(timeout=60) == min(19, os.nice(0) + pool.WORKER_NICENESS)
    finally:
        bots.shutdown()


def test_a_search_that_breaks_plays_hard_s_choice_not_a_random_move(monkeypatch):
    from bots.search import search as search_module

    def broken(batch):
        raise ValueError("a bug in a rollout")
    monkeypatch.setattr(search_module, "run_batch", broken)
    view = searched_view()
    bot = expert(view.seat, nodes=40)
    decision = bot.decide(view)
    assert decision.action == bot.hard.choose(view, random.Random(0)) and bot.search_errors == 1


def test_the_table_s_stop_for_a_turn_ends_that_search_only():
    view = searched_view()
    bot = expert(view.seat, nodes=100_000)
    stop = threading.Event()
    threading.Timer(0.05, stop.set).start()
    assert bot.decide(view, stop).outcomes == []          # stopped: hard's choice
    assert expert(view.seat, nodes=40).decide(view, threading.Event()).outcomes   # a fresh turn searches


def test_a_rollout_budget_is_spent_over_both_phases_and_the_pair_counts_the_first_one_s_deals():
    from bots.search.search import rollouts_of
    view = searched_view()
    outcomes = expert(view.seat, nodes=60).decide(view).outcomes
    k = len(outcomes)
    assert k >= 3
    first_phase = [o.rollouts for o in outcomes if not o.tested]
    assert first_phase and all(n == first_phase[0] for n in first_phase)
    # the pair: the first phase's deals and its own fresh ones (30 rollouts, two per deal)
    assert outcomes[0].rollouts == outcomes[1 + [o.tested for o in outcomes[1:]].index(True)].rollouts
    assert outcomes[0].rollouts - first_phase[0] == 15
    assert 60 <= rollouts_of(outcomes) <= 60 + k   # half of the 60 in each phase, whole deals


def test_only_an_action_tested_on_fresh_deals_replaces_hard_s_choice():
    from bots.expert import pick
    from bots.search.search import Outcome
    first = Outcome("play 5", 0.0, 40)
    lucky = Outcome("play 6", 3.0, 20, gain=3.0, error=0.1, tested=False)   # only seen where it was picked
    tested = Outcome("play 7", 1.0, 40, gain=1.0, error=0.2)
    assert pick([first, lucky]) == "play 5"
    assert pick([first, lucky, tested]) == "play 7"
    assert pick([first, replace(tested, gain=0.1)]) == "play 5"   # not by the margin


def test_the_second_opinion_leaves_decisions_before_the_first_lead_to_hard():
    from gouji import Match
    match = Match.new(0, RuleSet.preset("qingdao"))
    view = match.view(match.current_seat)
    assert not view.phase.in_play
    taken = view.legal_actions[-1]
    scored, worse = expert(view.seat).second_opinion(view, taken)
    assert [s.action for s in scored] == [taken] and worse is False


def test_a_burner_s_opposite_breaks_the_burn_in_rollouts():
    """§3.5 解烧: the rollout's 对头 beats a burner's play when he can (he used to pass)."""
    from bots.search.rollout import policy
    from gouji.engine.actions import Move
    game = Game.from_hands(["KKK5", "AAA7", "9", "8", "2226", "4"], leader=0, rules=RuleSet.preset("basic"))
    for action in ("play KKK", "noburn", "burn AAA"):
        game.apply(action)
    assert game.burning == {1} and game.current_seat == 4
    move = policy(game, random.Random(0))
    assert isinstance(move, Move) and move.play is not None and str(move.play) == "222"


class HungPool:
    """A worker pool whose workers never answer (a hung process)."""

    def submit(self, fn, *args):
        from concurrent.futures import Future
        return Future()   # never completed


def test_a_hung_worker_is_given_up_and_the_search_goes_on_without_the_pool(monkeypatch):
    from bots.search import search as search_module
    forgotten = []
    monkeypatch.setattr(pool, "get_pool", lambda n: HungPool())
    monkeypatch.setattr(pool, "forget_broken", forgotten.append)
    monkeypatch.setattr(search_module, "STALL", 0.2)
    monkeypatch.setattr(pool, "_closing", False)   # an earlier shutdown in this process is not a quit
    view = searched_view()
    decision = expert(view.seat, 5, nodes=40, workers=2).decide(view)
    assert decision.outcomes and all(o.rollouts > 0 for o in decision.outcomes)   # searched here instead
    assert decision.action in view.legal_actions
    assert len(forgotten) == 2 and isinstance(forgotten[0], HungPool)   # both halves gave the pool up


def test_a_stop_is_heard_while_waiting_for_a_worker(monkeypatch):
    monkeypatch.setattr(pool, "get_pool", lambda n: HungPool())
    view = searched_view()
    bot = expert(view.seat, nodes=40, workers=2)
    stop = threading.Event()
    threading.Timer(0.05, stop.set).start()
    decision = bot.decide(view, stop)
    assert decision.outcomes == [] and decision.action == bot.hard.choose(view, random.Random(0))


def test_without_inference_the_guesses_and_so_the_search_differ():
    game = searched_game(9, 8)   # far enough into the deal for passes and plays to tell something
    view = game.view(game.current_seat)
    reading = expert(view.seat, 5, nodes=40).decide(view)
    blind_bot = bots.make("expert", view.seat, 5, think_nodes=40, workers=1, inference=False)
    assert isinstance(blind_bot, ExpertBot) and not blind_bot.inference
    blind = blind_bot.decide(view)
    assert blind.outcomes and [o.mean for o in blind.outcomes] != [o.mean for o in reading.outcomes]


def test_a_guessed_deal_is_the_same_whoever_draws_it_and_in_any_order(monkeypatch):
    """Workers draw deals by number from the pickled bounds: deal i must not
    depend on the order of drawing or on whether the bounds were unpickled."""
    from bots.search import deals
    view = searched_view()
    source = deals.DealSource.of(view, 5, True)
    def drawn(source: deals.DealSource, index: int) -> tuple[str, int]:
        game, seed = source.game(index)
        return game.position(), seed

    in_order = [drawn(source, i) for i in range(4)]
    monkeypatch.setattr(deals, "_opened", None)   # as in a fresh worker: unpickled from the bytes
    monkeypatch.setattr(deals, "_template", None)
    backwards = [drawn(source, i) for i in reversed(range(4))][::-1]
    assert in_order == backwards
    assert len({position for position, _ in in_order}) > 1   # and the deals differ from each other
    assert drawn(deals.DealSource.of(view, 6, True), 0) != in_order[0]   # another seed, other deals


def test_a_worker_begins_no_guessed_deal_that_would_end_past_the_deadline():
    """The deadline travels with the batch: a batch sent past it, or whose
    deals would each end past it, or whose slice of time is spent, plays none;
    without one it plays them all."""
    import time

    from bots.search import deals
    from bots.search.rollout import Job
    from bots.search.search import stakes_of
    view = searched_view()
    source = deals.DealSource.of(view, 5, True)
    job = Job(view.rules, view.seat, tuple(view.legal_actions[:2]), stakes_of(view))
    indices = tuple(range(3))
    assert len(deals.run_batch(deals.Batch(source, indices, job))) == 3
    assert deals.run_batch(deals.Batch(source, indices, job, until=time.perf_counter())) == []
    later = time.perf_counter() + 60.0
    assert deals.run_batch(deals.Batch(source, indices, job, until=later, deal_seconds=120.0)) == []
    assert len(deals.run_batch(deals.Batch(source, indices, job, until=later))) == 3
    assert deals.run_batch(deals.Batch(source, indices, job, spell=0.0)) == []
    assert len(deals.run_batch(deals.Batch(source, indices, job, until=later, spell=60.0))) == 3


def test_a_time_budget_in_the_worker_pool_plays_many_guessed_deals_in_few_jobs(monkeypatch):
    """Under a time budget a worker job is a slice of time over plenty of deal
    numbers: the search plays more deals than it sends jobs."""
    from bots.search import search as search_module
    sent: list[int] = []
    real_run_pool = search_module._run_pool

    def counting(pool, deals, job, total, chunk, *rest):
        def counted(batch, per_deal):
            sent.append(len(batch))
            return job(batch, per_deal)
        return real_run_pool(pool, deals, counted, total, chunk, *rest)
    monkeypatch.setattr(search_module, "_run_pool", counting)
    # slices of 150 ms: even on a loaded machine (a deal of five candidates can take 30 ms) each
    # holds several deals, so the count below tests the design, not the machine's load
    monkeypatch.setattr(search_module, "SLICE", 0.15)
    view = searched_view(4)
    bot = bots.make("expert", view.seat, 1, think_ms=600, workers=2)
    for ready in bots.warm_up("expert", 2):   # the workers' start-up is not the search's budget
        ready.result(timeout=60)
    try:
        decision = bot.decide(view)  # type: ignore[attr-defined]
    finally:
        bots.shutdown()
    assert decision.action in view.legal_actions and bot.search_errors == 0  # type: ignore[attr-defined]
    assert sent and all(size == search_module.SLICE_DEALS for size in sent)
    assert decision.outcomes[0].rollouts > len(sent)


def test_a_rollout_budget_goes_deeper_at_the_deal_s_end_and_a_time_budget_is_left_alone():
    from bots.expert import ENDGAME_CARDS, ENDGAME_DEPTH
    from bots.search.search import rollouts_of
    game = Game.from_hands(["5566", "4477", "889", "9TT", "JJQ", "QKK"], leader=0, rules=RuleSet.preset("basic"))
    end = game.view(0)
    assert sum(end.counts) <= ENDGAME_CARDS and ENDGAME_DEPTH > 1
    bot = expert(0, nodes=20)
    assert bot.budget_for(end).think_nodes == 20 * ENDGAME_DEPTH
    assert bot.budget_for(searched_view()).think_nodes == 20   # mid-deal: the budget as given
    timed = bots.make("expert", 0, 0, think_ms=50, workers=1)
    assert isinstance(timed, ExpertBot) and timed.budget_for(end) == timed.budget
    outcomes = bot.decide(end).outcomes
    assert outcomes and rollouts_of(outcomes) >= 20 * ENDGAME_DEPTH
