"""Other worlds a seat cannot tell from this one: the hidden cards of the
other seats dealt anew, keeping everything the seat has seen."""

from __future__ import annotations

import random

from gouji import DealSetup, Game, IllegalAction
from gouji.engine import events as ev
from gouji.engine.seats import SEATS


def resampled(game: Game, seat: int, rng: random.Random, tries: int = 200) -> Game | None:
    """The same deal with the other seats' unplayed cards dealt again at random
    (each keeps his hand size and the cards he played), replayed with the same
    actions and the same physical cards. A world in which those actions would
    not replay (someone now asked to burn, or no longer) is rejected: a seat
    could tell it apart. None when no world replayed in ``tries``."""
    played = {s: [] for s in SEATS}
    choices = []
    for event in game.events:
        if event.kind in (ev.PLAY, ev.BURN):
            played[event.seat] += event.card_ids
    plays = iter([e.card_ids for e in game.events if e.kind in (ev.PLAY, ev.BURN)])
    for action in game.actions:
        choices.append(next(plays) if action.startswith(("play", "burn")) else None)
    others = [s for s in SEATS if s != seat]
    for _ in range(tries):
        pool = [c for s in others for c in game.hand_cards(s)]
        rng.shuffle(pool)
        hands = list(game.setup.hands)
        for s in others:
            size = game.hand_size(s)
            hands[s] = tuple(played[s]) + tuple(pool[:size])
            pool = pool[size:]
        setup = DealSetup(game.rules, tuple(hands), game.setup.leader, game.setup.seed,
                          game.setup.revolted, game.setup.yaotou, game.setup.liang)
        try:
            other = Game.replay(setup, game.actions, choices)
        except IllegalAction:
            continue
        if [e for e in other.events if e.visible_to(seat)] == [e for e in game.events if e.visible_to(seat)]:
            return other
    return None
