"""Bots: legal in hundreds of seeded deals, no peeking, a real strength margin, hints."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from match_helpers import play_out
from no_peek import resampled

import bots
from bots.hints import suggest
from bots.reasons import REASONS
from bots.scripted import EXPERT_JUDGEMENT, ScriptedBot
from bots.scripted import LEVELS as STYLES
from gouji import Game, RuleSet
from gouji.cli.arena import run_match
from gouji.engine.cards import N_RANKS
from gouji.engine.phases import ANSWER
from gouji.engine.seats import SEATS, opposite

LEVELS = ("random", "easy", "normal", "hard")


def play_deal(seed: int, names: list[str], rules: RuleSet) -> Game:
    players = [bots.make(name, seat, seed) for seat, name in enumerate(names)]
    return play_out(Game.new_deal(seed, rules), seed, players)


@pytest.mark.slow
def test_every_level_plays_only_legal_actions_in_500_deals():
    presets = [RuleSet.preset(n) for n in ("qingdao", "basic", "app196")]
    for seed in range(500):
        names = [LEVELS[(seed + seat) % len(LEVELS)] for seat in SEATS]
        game = play_deal(seed, names, presets[seed % 3])
        assert sorted(game.places) == list(SEATS)


@pytest.mark.slow
def test_normal_beats_random_by_a_real_margin():
    result = run_match(20, 900, "normal", "random", RuleSet.preset("qingdao"))
    assert result["illegal"] == 0
    assert result["team_a"]["win_share"] >= 0.85
    assert result["team_a"]["avg_points"] > 5


@pytest.mark.slow
def test_hard_beats_normal_by_a_real_margin():
    """80 seeded deals under the default rules (the benchmark uses 1,000)."""
    result = run_match(40, 950, "hard", "normal", RuleSet.preset("qingdao"))
    hard, normal = result["team_a"], result["team_b"]
    assert result["illegal"] == 0
    assert hard["win_share"] >= normal["win_share"] + 0.2
    assert hard["avg_points"] > 1


def test_unknown_bot_names_are_refused():
    with pytest.raises(ValueError, match="'genius'"):
        bots.make("genius", 0)
    with pytest.raises(ValueError, match="seat"):
        bots.make("normal", 9)


def test_hints_are_legal_and_explained():
    game = Game.new_deal(4, RuleSet.preset("qingdao"))
    for _ in range(60):
        seat = game.current_seat
        view = game.view(seat)
        hints = suggest(view)
        assert 1 <= len(hints) <= 3
        assert len({h.action for h in hints}) == len(hints)
        assert all(h.action in view.legal_actions and h.zh and h.en for h in hints)
        game.apply(hints[0].action)
    assert suggest(game.view((game.current_seat + 1) % 6)) == []


CLOSER_DEAL = ["33JJJJJQQQ", "3456789TJQKA", "3456789TJQKA", "3KKKAAA22xxX", "3456789TJQKA", "3456789TJQKA"]


def test_hard_keeps_the_closer_most_likely_to_stand_under_bie_san():
    """33 JJJJJ QQQ under 憋3: whichever group is led, the other is the 冲牌 before
    the 3s. In guessed deals the 对头's 11 unknown cards often beat QQQ, rarely
    five cards over J, so hard leads QQQ and keeps JJJJJ; normal leads the lower J."""
    game = Game.from_hands(CLOSER_DEAL, leader=0, rules=RuleSet.preset("qingdao"))
    view = game.view(0)
    assert bots.make("hard", 0).choose(view, random.Random(1)) == "play QQQ"
    assert bots.make("normal", 0).choose(view, random.Random(1)) == "play JJJJJ"
    hint = suggest(view)[0]
    assert (hint.action, hint.zh, hint.en) == ("play QQQ", *REASONS["keep_closer"])
    for trial in range(3):  # the guesses come from the view alone
        other = resampled(game, 0, random.Random(trial))
        assert other is not None
        assert bots.make("hard", 0).choose(other.view(0), random.Random(1)) == "play QQQ"


def test_guessed_worlds_deal_exactly_the_unseen_cards():
    from bots.knowledge import count_cards
    from bots.worlds import sample_worlds

    game = Game.new_deal(11, RuleSet.preset("qingdao"))
    players = [bots.make("normal", s) for s in SEATS]
    for _ in range(120):
        seat = game.current_seat
        game.apply(players[seat].choose(game.view(seat), random.Random(0)))
    view = game.view(game.current_seat)
    unseen = count_cards(view).unseen
    worlds = sample_worlds(view, 5)
    assert worlds == sample_worlds(view, 5)  # fixed by the view
    assert len({str(world) for world in worlds}) > 1
    for world in worlds:
        assert world[view.seat] == list(view.hand)
        for seat in SEATS:
            if seat != view.seat:
                hand = world[seat]
                assert sum(hand) == view.counts[seat]
                assert view.counts[seat] == 0 or hand[0] >= 1  # 憋3: everyone still in holds a 3
        dealt = [sum(world[s][r] for s in SEATS if s != view.seat) for r in range(N_RANKS)]
        assert dealt == unseen


def test_stand_chance_knows_dead_plays_and_the_opposite_only_answer():
    from bots.worlds import sample_worlds, stand_chance
    from gouji.engine.plays import Play

    view = Game.from_hands(CLOSER_DEAL, leader=0, rules=RuleSet.preset("qingdao")).view(0)
    worlds = sample_worlds(view, 40)
    assert stand_chance(view, worlds, Play.parse("XJ")) == 1.0          # 大王: dead
    assert stand_chance(view, worlds, Play.parse("J")) == 0.0           # anyone beats a single J
    assert stand_chance(view, worlds, Play.parse("JJJJJ")) > stand_chance(view, worlds, Play.parse("QQQ"))


def test_hard_leads_the_play_likely_to_stand_when_one_play_would_be_left():
    """55 KK, basic rules: KK is 够级 and the 对头 holds one card, so it very likely
    stands and 55 then goes out; normal sheds the low 55 first."""
    hands = ["55KK", "44446", "44446", "9", "44446", "44446"]
    view = Game.from_hands(hands, leader=0, rules=RuleSet.preset("basic")).view(0)
    assert bots.make("hard", 0).choose(view, random.Random(1)) == "play KK"
    assert bots.make("normal", 0).choose(view, random.Random(1)) == "play 55"
    hint = suggest(view)[0]
    assert (hint.action, hint.zh, hint.en) == ("play KK", *REASONS["likely_out"])


def gousiji_lead() -> Game:
    """Seat 3 goes out first with the 够级 KK; seat 0, his 对头, 扣s it, becomes
    无头 with a 够死级, and leads (a standing 够级 底牌 gives the 对头 the lead)."""
    hands = ["QQQ75", "4445566", "9TJ44", "KK", "4445566", "4445566"]
    game = Game.from_hands(hands, leader=3, rules=RuleSet.preset("basic"))
    game.apply("play KK")
    while not (game.current_seat == 0 and game.phase == "lead"):
        game.apply("noburn" if "noburn" in game.legal_actions() else "pass")
    return game


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_gousiji_is_spent_on_a_gouji_lead_likely_to_stand(level, monkeypatch):
    view = gousiji_lead().view(0)
    assert view.gou_si_ji == {0} and view.wutou == {0}
    best = bots.make(level, 0).rank_actions(view)[0]
    assert (best.action, best.why.key) == ("play QQQ", "use_gousiji")
    from bots import scripted
    monkeypatch.setitem(scripted.LEVELS, level, replace(scripted.LEVELS[level], rule_sense=False))
    assert bots.make(level, 0).choose(view, random.Random(0)) == "play 5"


def test_protection_follows_wutou_gousiji_and_chaos():  # RULES §3.4, §3.7–§3.9
    from bots.knowledge import count_cards
    from bots.scripted import LEVELS, Context
    from gouji.engine.plays import Play

    game = gousiji_lead()
    ctx = Context(game.view(0), LEVELS["normal"], count_cards(game.view(0)))
    assert ctx.protected(Play.parse("QQQ")) and not ctx.protected(Play.parse("Q"))
    game.apply("play 5")  # not 够级: the 够死级 stays unused
    assert game.view(0).gou_si_ji == {0}
    ctx = Context(game.view(1), LEVELS["normal"], count_cards(game.view(1)))
    assert ctx.protected(Play.parse("66")) is False and ctx.protected(Play.parse("2222")) is True
    players = [bots.make("normal", s) for s in SEATS]
    while not game.view(0).chaos:  # two players out: 四人乱缠, where nothing is protected
        seat = game.current_seat
        game.apply(players[seat].choose(game.view(seat), random.Random(0)))
    seat = game.current_seat
    ctx = Context(game.view(seat), LEVELS["normal"], count_cards(game.view(seat)))
    assert not ctx.protected(Play.parse("2222"))


def test_guessed_worlds_give_a_revolutionary_no_2s_jokers_or_3s():
    from bots.worlds import sample_worlds
    from gouji.engine.cards import BIG, SMALL, THREE, TWO

    dealt = Game.new_deal(5, RuleSet.preset("qingdao"))
    game = Game(replace(dealt.setup, revolted=frozenset({3})))
    view = game.view(game.current_seat)
    for world in sample_worlds(view, 10):
        hand = world[3]
        assert sum(hand) == view.counts[3]
        assert hand[TWO] == hand[SMALL] == hand[BIG] == hand[THREE] == 0


def test_stand_chance_respects_the_pass_lockout_now_but_not_in_a_later_round():
    from bots.worlds import sample_worlds, stand_chance
    from gouji.engine.plays import Play

    hands = ["9J55", "4567", "5678", "6789T", "789T", "89TJ"]
    game = Game.from_hands(hands, leader=0, rules=RuleSet.preset("basic"))
    for action in ("play 9", "pass", "pass", "play T", "pass", "pass"):
        game.apply(action)
    view = game.view(0)
    assert view.current_seat == 0 and view.passed == {1, 2, 4, 5}
    worlds = sample_worlds(view, 40)
    now = stand_chance(view, worlds, Play.parse("J"))          # only my 对头 may still answer
    later = stand_chance(view, worlds, Play.parse("J"), later=True)
    assert now > later


@pytest.mark.slow
def test_whole_matches_between_bots_are_legal_and_scored():
    from gouji.cli.arena import run_matches

    rules = RuleSet.preset("qingdao").replace(series_length=2)
    result = run_matches(2, 77, "hard", "normal", rules)
    a, b = result["team_a"], result["team_b"]
    assert result["illegal"] == 0 and result["matches"] == 4
    assert round((a["match_win_share"] + b["match_win_share"]) * 4) + result["draws"] == 4
    assert a["avg_total"] >= 0 and b["avg_total"] >= 0  # positives_only: totals never go below 0


def test_bots_declare_only_with_an_extraordinary_hand():
    """宣点 pays +1 card when right and −2 when the 对头 opens, so it needs better than 2 in 3
    odds. Measured at the old threshold (power 9.5): 37% of hard's and 12% of normal's
    declarations were right, and the 对头 opens in about 9 deals of 10."""
    from bots.predeal import power
    from gouji.engine.match import Match

    asked = 0
    for seed in range(12):
        match = Match.new(seed, RuleSet.preset("qingdao"))
        players = [bots.make("normal", s) for s in SEATS]
        while not match.phase.in_play and not match.is_over:
            seat = match.current_seat
            view = match.view(seat)
            if view.phase == "declare":
                asked += 1
                choice = bots.make("hard", seat).choose(view, random.Random(0))
                assert choice == ("declare" if power(view.hand) >= 15 else "nodeclare")
            match.apply(players[seat].choose(view, random.Random(0)))
    assert asked >= 20


def _answers_to_an_unopened_opposite(limit: int = 40) -> list:
    """Views of hard bots' deals where the seat may answer its 对头's 够级 play
    while the 对头 has not opened (qingdao: 开点 is on)."""
    rules, found = RuleSet.preset("qingdao"), []
    for seed in range(40):
        game = Game.new_deal(seed, rules)
        players = [bots.make("hard", s) for s in SEATS]
        rng = random.Random(seed)
        while not game.is_over and len(found) < limit:
            seat = game.current_seat
            view = game.view(seat)
            if (view.phase == ANSWER and view.standing_owner == opposite(seat)
                    and view.standing_owner not in view.opened and len(view.legal_actions) > 1):
                found.append(view)
            game.apply(players[seat].choose(view, rng))
    return found


def test_the_expert_s_judgement_denies_the_open_only_when_a_deal_follows():
    """§5: 点贡 is paid next deal, so with no deal to follow (a lone deal, a
    match's last) answering the 对头's 够级 is worth no more for stopping his open."""
    views = _answers_to_an_unopened_opposite()
    assert len(views) >= 10
    deny = STYLES["hard"].deny_value
    for lone in views:
        follows = replace(lone, deal_index=1, series_length=5)
        hard = {s.action: s.score for s in ScriptedBot(lone.seat, "hard").rank_actions(lone)}
        sensed = {s.action: s.score for s in ScriptedBot(lone.seat, "hard", EXPERT_JUDGEMENT).rank_actions(lone)}
        sensed_mid = {s.action: s.score for s in ScriptedBot(lone.seat, "hard", EXPERT_JUDGEMENT).rank_actions(follows)}
        for action, score in hard.items():
            answer = action.startswith("play")
            assert sensed[action] == pytest.approx(score - (deny if answer else 0.0))
            assert sensed_mid[action] == pytest.approx(score)   # mid-match: hard's own judgement
