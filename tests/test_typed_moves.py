"""Moves are values at the core and text at the edges: a view carries its legal
``Move``s, the text form is derived from them, and the move a player means by
the cards he puts forward is the engine's to find, not the table's."""

from __future__ import annotations

import random

import pytest

from gouji import Game, Match, RuleSet
from gouji.engine.actions import Move, MoveKind, parse_action, ranks_of
from gouji.engine.errors import NotationError
from gouji.engine.phases import Phase
from gouji.engine.seats import SEATS


def test_every_action_parses_to_a_move_kind_and_back():
    for text in ("play 2KK", "burn xAAA", "return 5T", "pass", "noburn", "rang", "declare", "nodeclare",
                 "revolt", "norevolt", "yaotou", "wutou"):
        move = parse_action(text)
        assert type(move.kind) is MoveKind and move.kind == text.split()[0]
        assert str(move) == text and type(str(move)) is str and move.kind.takes_cards == (" " in text)
    with pytest.raises(ValueError, match="not a kind of move"):
        MoveKind("shout")


def test_a_view_carries_the_legal_moves_and_their_text_follows_from_them():
    match = Match.new(3, RuleSet.preset("qingdao"))
    rng = random.Random(3)
    phases = set()
    for _ in range(400):
        if match.is_over:
            break
        seat = match.current_seat
        view = match.view(seat)
        moves = match.legal_moves()
        assert view.legal_moves == tuple(moves) and all(type(m.kind) is MoveKind for m in moves)
        assert view.legal_actions == tuple(sorted(str(m) for m in moves)) == tuple(match.legal_actions())
        assert all(other.legal_moves == () for other in (match.view(s) for s in SEATS if s != seat))
        phases.add(view.phase)
        match.apply(str(rng.choice(moves)))
    assert Phase.LEAD in phases and Phase.FOLLOW in phases


def test_the_legal_move_with_the_chosen_cards_is_found_by_the_engine():
    """Every legal play, burn and return is what its own cards mean; cards that
    make no legal move mean the move of this phase, whose refusal says why."""
    checked = {MoveKind.PLAY: 0, MoveKind.BURN: 0}   # burns are rare in random play: see the next test
    for seed in range(3):
        game = Game.new_deal(seed, RuleSet.preset("basic" if seed % 2 else "qingdao"))
        rng = random.Random(seed)
        while not game.is_over:
            view = game.view(game.current_seat)
            for move in view.legal_moves:
                if move.kind.takes_cards:
                    assert view.move_with(ranks_of(move)) == move == view.move_meant(ranks_of(move))
                    checked[move.kind] += 1
            game.apply_move(rng.choice(game.legal_moves()))
    assert checked[MoveKind.PLAY] > 100


def test_cards_that_make_no_legal_move_mean_the_phase_s_move_and_are_refused_with_its_reason():
    game = Game.from_hands(["KK3", "AAx45", "55", "66", "77", "88"], leader=0, rules=RuleSet.preset("basic"))
    game.apply("play KK")                       # a protected 够级 in basic: seat 1 may burn
    view = game.view(1)
    assert view.phase == Phase.BURN
    aces = [0] * 15
    aces[11] = 2
    assert view.move_with(aces) == view.move_meant(aces) == Move.parse("burn AA")
    single = [0] * 15
    single[2] = 1                               # a lone 5 cannot burn KK
    meant = view.move_meant(single)
    assert meant == Move(MoveKind.BURN, meant.play) and view.move_with(single) is None
    refusal = game.check(str(meant))            # why a 5 cannot burn KK, not "you may only burn"
    assert refusal is not None and refusal.en == "you must play 2 cards, as many as the standing play"
    broken = [0] * 15
    broken[2] = broken[3] = 1                   # a 5 and a 6 are no play at all
    with pytest.raises(NotationError):
        view.move_meant(broken)
