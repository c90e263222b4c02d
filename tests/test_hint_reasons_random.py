"""Property checks over many positions: in matches played by normal bots under
the basic, qingdao and app196 presets, at every decision, every reason the
hard bot gives (its hints are its best three) holds for its own action —
checked by the reasons' own conditions, by the scoring attaching it without
the guard having to step in, and, where the real deal can say, against the
real hands: the 对头 would really open had nobody answered, the 下家 really
acts first after a 让, the lead really goes to an opponent by 接风, nobody
really holds a beat for a "nobody can beat this" ...
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import bots
from bots.handplan import after, moves_needed
from bots.hints import suggest
from bots.knowledge import count_cards
from bots.predeal import score_pre_play
from bots.reasons import CONDITIONS, SEARCH_KEYS, holds, is_low_lead
from bots.scripted import LEVELS, Context, ScriptedBot, score_action
from bots.worlds import holds_beat
from gouji import Game, Match, RuleSet
from gouji.engine.actions import parse_action
from gouji.engine.phases import Phase
from gouji.engine.seats import SEATS, next_seat, opposite, same_team
from gouji.engine.view import SeatView

PRESETS = ("basic", "qingdao", "app196")
DEALS = 2          # deals per match: the second brings tribute returns
SEEDS = range(1, 4)   # three 2-deal matches per preset: every reason kind is met


def decisions(preset: str, seeds=SEEDS, deals: int = DEALS):
    """(match, view) at every decision of normal bots' matches."""
    rules = RuleSet.preset(preset)
    for seed in seeds:
        match = Match.new(seed, rules)
        players = [bots.make("normal", seat, seed) for seat in SEATS]
        rng = random.Random(seed)
        while not match.is_over and len(match.results) < deals:
            seat = match.current_seat
            assert seat is not None
            view = match.view(seat)
            yield match, view
            match.apply(players[seat].choose(view, rng))


def raw_reasons(view: SeatView, level: str = "hard") -> dict:
    """The reasons the scoring attaches, before the guard looks at them."""
    style = LEVELS[level]
    if view.phase.in_play:
        ctx = Context(view, style, count_cards(view) if style.counts_cards else None)
        return {a: score_action(ctx, a).why for a in view.legal_actions}
    return {a: score_pre_play(view, a, style.declare_power)[1] for a in view.legal_actions
            if not a.startswith("return")}   # the cheapest returns are named after ranking


def passes_to_round_end(game: Game, limit: int = 20) -> list:
    """Everyone passes (or lets a burn go) until the round ends: the events."""
    events = []
    for _ in range(limit):
        if game.is_over or game.phase == Phase.LEAD and events:
            break
        legal = game.legal_actions()
        action = "pass" if "pass" in legal else "noburn" if "noburn" in legal else None
        if action is None:
            break
        events += game.apply(action)
    return events


def check_against_the_deal(game: Game, view: SeatView, action: str, key: str, en: str) -> None:
    """What a reason claims, checked on the real deal (its hidden hands too)."""
    seat, owner, move = view.seat, view.standing_owner, parse_action(action)
    play = move.play
    if key == "go_out":
        clone = game.clone()
        clone.apply(action)
        assert clone.hand_size(seat) == 0
    elif key in ("keep_lead", "boss_then_out"):
        assert play is not None
        for other in SEATS:
            if other != seat and game.hand_size(other):
                assert not holds_beat(game.hand_counts(other), play, view.rules.jokers_mix_as_small), other
    elif key == "deny_open":
        events = passes_to_round_end(game.clone())
        assert any(e.kind == "opened" and e.seat == owner for e in events), "the 对头 would not have opened"
    elif key == "attack_opposite":
        clone = game.clone()
        events = clone.apply(action) + passes_to_round_end(clone)
        assert any(e.kind == "opened" and e.seat == seat for e in events), "the lead would not have opened"
    elif key == "jiefeng":
        clone = game.clone()
        passes_to_round_end(clone)
        assert not clone.is_over and clone.phase == Phase.LEAD
        assert not same_team(clone.current_seat, seat), "接风 goes to my own side"
    elif key in ("rang", "rang_next", "rang_partner"):
        clone = game.clone()
        clone.apply(action)
        first = next_seat(seat, 2) if key == "rang_partner" else next_seat(seat)
        assert clone.current_seat == first
        if key == "rang":   # then the partner
            clone.apply("pass")
            assert clone.current_seat == next_seat(seat, 2)
    elif key in ("let_partner", "overtake"):
        assert owner is not None and owner != seat and same_team(owner, seat) and game.hand_size(owner) > 0
    elif key in ("stop_opponent", "take_lead"):
        assert owner is not None and not same_team(owner, seat) and game.hand_size(owner) > 0
        if key == "stop_opponent":
            assert f" {game.hand_size(owner)} card" in en
    elif key == "burn_for_partner":
        assert owner is not None and game.hand_size(opposite(owner)) > 0 and same_team(opposite(owner), seat)
    elif key == "only_pass":
        assert not any(a.startswith(("play", "burn")) for a in game.legal_actions())
    elif key == "save_cards":
        assert any(a.startswith(("play", "burn")) for a in game.legal_actions())
    elif key == "shed_low":
        assert play is not None and is_low_lead(view, play)
    elif key == "plays_left":
        assert play is not None
        assert f" {moves_needed(after(view.hand, play), view.rules.bie_san)} more play" in en


@pytest.mark.parametrize("preset", PRESETS)
def test_every_hint_reason_is_true_of_its_own_action(preset):
    seen: Counter[str] = Counter()
    checked = 0
    for match, view in decisions(preset):
        ranked = ScriptedBot(view.seat, "hard").rank_actions(view)
        hints = suggest(view, 3)
        assert [(h.action, h.zh, h.en, h.key) for h in hints] == \
            [(s.action, s.why.zh, s.why.en, s.why.key) for s in ranked[:3]]
        raw = raw_reasons(view)
        game = match.game if view.phase.in_play else None
        for item in ranked:   # the hints are the first three; the rest would be a different level's
            why = item.why
            assert why.key in CONDITIONS and why.key not in SEARCH_KEYS
            assert holds(why, view, item.action), (view.phase, item.action, why)
            if item.action in raw:   # the scoring itself attached it: the guard did not have to
                assert raw[item.action] == why, (item.action, raw[item.action], why)
            if game is not None:
                check_against_the_deal(game, view, item.action, why.key, why.en)
            seen[why.key] += 1
        checked += 1
    assert checked > 300
    common = {"go_out", "shed_low", "plays_left", "keep_lead", "boss_then_out", "take_lead", "stop_opponent",
              "jiefeng", "save_cards", "only_pass", "let_partner", "overtake", "rang", "rang_partner",
              "return_low", "return_other"}
    assert common <= set(seen), (preset, sorted(seen.items()))
    if preset != "basic":   # 开点 and 憋3 are on
        assert {"deny_open", "attack_opposite", "attack_gouji", "keep_closer", "declare_plain",
                "no_declare"} <= set(seen), sorted(seen.items())


@pytest.mark.parametrize("preset", PRESETS)
def test_normal_s_reasons_are_true_too(preset):
    """The practice table's "why?" asks the bot's own level."""
    for _, view in decisions(preset, seeds=range(11, 13)):
        raw = raw_reasons(view, "normal")
        for item in ScriptedBot(view.seat, "normal").rank_actions(view):
            assert holds(item.why, view, item.action), (item.action, item.why)
            if item.action in raw:
                assert raw[item.action] == item.why
