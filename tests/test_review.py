"""Reviews: stepping forward and back shows at each step what a replay of the
actions up to it shows; rounds, "play from here", and the bot's analysis
marking a clearly bad decision."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from match_helpers import bot_match

import bots
from gouji import Match, RuleSet
from gouji.engine import events as ev
from gouji.engine.dealcode import DealCodeError, DealRef, encode
from gouji.engine.phases import OVER
from gouji.review import Review, analyse, strongest_level


@pytest.fixture(scope="module")
def two_deals():
    return bot_match(6, RuleSet(), deals=2)


def ref_of(match: Match, deal: int, seat: int = 0) -> DealRef:
    return DealRef(match.rules, match.seed, tuple(match.actions[:match.results[deal].end_action]), deal, seat)


def test_every_step_shows_what_a_replay_shows(two_deals):
    ref = ref_of(two_deals, 1)                 # the second deal: tribute, 宣点 and play
    review = Review(ref)
    first = two_deals.results[0].end_action
    assert review.first_action == first and len(review) == two_deals.results[1].end_action - first
    for step in [*range(0, len(review), 4), len(review)]:
        frame = review.go(step)
        replay = Match.replay(ref.rules, ref.seed, ref.actions[:first + step])
        if step < len(review):
            game = replay.game
            assert frame.to_act == replay.current_seat and frame.phase == replay.phase
            assert frame.action == ref.actions[first + step]
            assert frame.hands == tuple(tuple(replay.hand_cards(s)) for s in range(6))
            assert frame.standing == (game.standing[1] if game and game.standing else None)
            assert frame.finish_order == (tuple(game.finish_order) if game else ())
        else:
            assert frame.phase == OVER and frame.to_act is None and frame.action is None
            assert frame.log[-1].kind == ev.DEAL_END and frame.log[-1].places == two_deals.results[1].places
        assert frame.totals == replay.totals
        if step % 20 == 0 or step == len(review):   # the same position reviewed from actions cut at this step
            cut = Review(replace(ref, actions=ref.actions[:first + step]))
            assert cut.frames[-1] == replace(frame, action=None, to_act=cut.frames[-1].to_act)


def test_forward_and_back_return_the_same_frames(two_deals):
    review = Review(ref_of(two_deals, 0))
    seen = [review.frame]
    while review.step < len(review):
        seen.append(review.forward())
    assert review.forward() is seen[-1]                    # the end stays the end
    for step in range(len(review) - 1, -1, -1):
        assert review.back() == seen[step]
    assert review.back() is seen[0] and review.go(10_000) is seen[-1] and review.go(-5) is seen[0]
    assert [f.step for f in seen] == list(range(len(review) + 1))


def test_rounds_step_from_lead_to_lead(two_deals):
    review = Review(ref_of(two_deals, 0))
    starts = review.round_starts()
    assert starts[0] == 0 and len(starts) == review.frames[-1].round + (review.frames[0].round == 0)
    visited = [review.next_round().step for _ in starts]
    assert visited == starts[1:] + [len(review)]
    for start in starts[1:]:
        frame = review.frames[start]
        assert frame.round == review.frames[start - 1].round + 1
        assert frame.log[-1].kind == ev.LEAD_TURN and all(s is None for s in frame.spots)
    assert review.previous_round().step == starts[-1] and review.previous_round().step == starts[-2]
    assert review.go(starts[3] + 1) and review.previous_round().step == starts[3]


def test_the_table_and_the_log_are_open_handed(two_deals):
    review = Review(ref_of(two_deals, 1))
    log = review.frames[-1].log
    assert not [e for e in log if e.kind == ev.DEAL]                         # hands lie open instead
    transfers = [e for e in log if e.kind in ev.TRANSFERS]
    assert transfers and all(e.private_to == e.seat and e.cards for e in transfers)
    begin = next(i for i, e in enumerate(two_deals.events) if e.kind == ev.DEAL_START and e.deal_index == 1)
    end = next(i for i, e in enumerate(two_deals.events) if i > begin and e.kind == ev.DEAL_END)
    public = [e for e in two_deals.events[begin:end] if e.kind in ev.TRANSFERS and e.private_to is None]
    assert [(e.kind, e.seat, e.info) for e in transfers] == [(e.kind, e.seat, e.info) for e in public]
    played = next(f for f in review.frames if any(s and s.kind == "play" for s in f.spots))
    spot = next(s for s in played.spots if s and s.kind == "play")
    assert spot.cards and len(spot.card_ids) == len(spot.cards)
    assert sum(map(len, review.frames[0].hands)) == 216


def test_play_from_here_continues_the_position(two_deals):
    review = Review(ref_of(two_deals, 1))
    review.go(40)
    start = review.play_from_here()
    practice = start.match()
    assert practice.current_seat == review.frame.to_act
    assert tuple(tuple(practice.hand_cards(s)) for s in range(6)) == review.frame.hands
    assert start.actions == tuple(two_deals.actions[:review.first_action + 40])
    assert review.play_from_here(0).actions == tuple(two_deals.actions[:review.first_action])


def test_a_review_of_a_deal_in_progress_ends_where_the_actions_stop(two_deals):
    cut = two_deals.results[0].end_action + 25
    review = Review(DealRef(two_deals.rules, two_deals.seed, tuple(two_deals.actions[:cut]), 1, 0))
    assert len(review) == 25 and review.frames[-1].action is None and review.frames[-1].to_act is not None
    with pytest.raises(DealCodeError):
        Review(DealRef(two_deals.rules, two_deals.seed, tuple(two_deals.actions[:cut]), 3, 0))


def one_blunder(seed: int) -> tuple[DealRef, int]:
    """A deal where seat 0 plays as the hard bot ranks, except once: the worst option
    at the first decision where it is clearly worse. Returns the deal and that step."""
    match = Match.new(seed, RuleSet())
    players = {s: bots.make("hard", s, seed) for s in range(6)}
    judge = bots.ScriptedBot(0, "hard")
    rng, blunder = random.Random(seed), None
    while not match.results:
        seat = match.current_seat
        view = match.view(seat)
        action = players[seat].choose(view, rng)
        if seat == 0 and blunder is None and match.game is not None:
            ranked = judge.rank_actions(view)
            if ranked[0].score - ranked[-1].score > 2:
                action, blunder = ranked[-1].action, len(match.actions)
        match.apply(action)
    assert blunder is not None
    return DealRef(match.rules, seed, tuple(match.actions), 0, 0), blunder


def test_the_analysis_marks_a_clearly_bad_decision():
    ref, blunder = one_blunder(14)
    review = Review.from_code(encode(ref))
    progress: list[tuple[int, int]] = []
    analysis = analyse(review, level="hard", progress=lambda done, total: progress.append((done, total)))
    assert analysis.level == "hard"
    assert progress[-1] == (len(review.decisions), len(review.decisions))
    marked = analysis.questionable
    assert [v.step for v in marked] == [blunder]
    verdict = analysis.at(blunder)
    assert verdict is not None and verdict.loss > 2 and verdict.best.action != verdict.action
    assert verdict.best.zh and verdict.best.en                         # the bot's reason for the better play
    assert analysis.summary("en") == "1 questionable decision" and analysis.summary("zh") == "1 个值得商榷的决定"
    others = [v for v in analysis.verdicts if v.step != blunder]
    assert others and all(v.loss == 0 and not v.questionable for v in others)
    assert all(review.frames[v.step].to_act == 0 for v in analysis.verdicts)


def test_the_analysing_level_is_a_parameter():
    ref, blunder = one_blunder(14)
    review = Review(ref)
    normal = analyse(review, level="normal")
    assert normal.level == "normal" and len(normal.verdicts) == len(review.decisions)
    assert analyse(review, level="hard", margin=1000).summary("en") == "No questionable decisions"
    assert analyse(review, level="hard", margin=1000).summary("zh") == "没有值得商榷的决定"
    strongest = strongest_level()
    short = Review(replace(ref, actions=ref.actions[:blunder + 1]))        # the default: the strongest level
    assert analyse(short).level == strongest and analyse(short).verdicts[-1].step == blunder
    assert callable(getattr(bots.make(strongest, 0), "rank_actions", None))
    later = [bots.make(name, 0) for name in bots.NAMES[bots.NAMES.index(strongest) + 1:]]
    assert all(getattr(bot, "thinks", False) or not callable(getattr(bot, "rank_actions", None)) for bot in later)


def test_the_expert_analysis_plays_the_blunder_out_against_its_candidates():
    """Asked by name, the expert searches: the taken action and the others in points per deal."""
    ref, blunder = one_blunder(14)
    short = Review(replace(ref, actions=ref.actions[:blunder + 1]))
    analysis = analyse(short, level="expert", think_nodes=60)
    assert analysis.level == "expert" and len(analysis.verdicts) == len(short.decisions)
    verdict = analysis.verdicts[-1]
    assert verdict.step == blunder and verdict.action in {o.action for o in verdict.options}
    assert len(verdict.options) >= 2 and all(abs(o.score) < 30 for o in verdict.options)   # points, not hard's scale
    assert verdict.questionable == (verdict.options[0].action != verdict.action)
    again = analyse(short, level="expert", think_nodes=60)
    assert again.verdicts == analysis.verdicts   # a fixed number of rollouts replays exactly


def test_a_closed_review_stops_its_analysis():
    ref, _ = one_blunder(14)
    review = Review(ref)
    asked: list[int] = []
    analysis = analyse(review, level="hard", stop=lambda: len(asked) >= 2, progress=lambda done, _: asked.append(done))
    assert len(analysis.verdicts) == 2 < len(review.decisions)


def test_a_review_shows_the_cards_the_player_picked(tmp_path):
    """Suits do not change the rules, but the review shows the very cards picked (kept by the history)."""
    from gouji.engine.cards import card_rank, parse_counts
    from gouji.store.history import History
    match = Match.new(9, RuleSet.preset("basic"))
    players = {s: bots.make("normal", s, 9) for s in range(6)}
    rng = random.Random(9)
    while not match.results:
        seat = match.current_seat
        action = players[seat].choose(match.view(seat), rng) if seat else rng.choice(match.legal_actions())
        cards = None
        if seat == 0 and action.startswith("play "):   # the lowest card ids of each rank, not the engine's pick
            hand = match.hand_cards(0)
            cards = [c for rank, n in enumerate(parse_counts(action[5:]))
                     for c in sorted(c for c in hand if card_rank(c) == rank)[:n]]
        match.apply(action, cards)
    history = History(tmp_path / "history.sqlite3")
    history.record(match)
    ref, choices = history.deal_ref(history.deals()[0])
    picked, plain = Review(ref, choices), Review(ref)
    assert any(c is not None for c in choices)
    played = [e.card_ids for f in picked.frames[-1:] for e in f.log if e.kind == ev.PLAY and e.seat == 0]
    assert played == [tuple(c) for c in match.card_choices if c is not None]
    assert [f.hands for f in picked.frames] != [f.hands for f in plain.frames]
    assert picked.frames[-1].log != plain.frames[-1].log


@pytest.mark.slow
def test_the_review_command_prints_the_marked_decisions():
    import subprocess
    import sys
    ref, blunder = one_blunder(14)
    command = [sys.executable, "-m", "gouji.cli.review", encode(ref), "--level", "hard"]
    out = subprocess.run([*command, "--lang", "en"], capture_output=True, text=True, timeout=60)
    lines = out.stdout.splitlines()
    assert out.returncode == 0 and lines[0] == "1 questionable decision"
    assert lines[1].split()[0] == str(blunder) and "better:" in lines[1]
    assert subprocess.run(command, capture_output=True, text=True, timeout=60).stdout.startswith("1 个值得商榷的决定")
    bad = subprocess.run([sys.executable, "-m", "gouji.cli.review", "GJ1:xyz"], capture_output=True, text=True,
                         timeout=60)
    assert bad.returncode == 2 and "damaged" in bad.stderr and "Traceback" not in bad.stderr
