"""The deal is dealt round the table at slow and normal speed: packets fly from
the middle to every seat and the player's hand grows as his arrive; nobody acts
until it is over; any key or click skips it; fast and instant speed and a
resumed match go straight to the cards."""

from __future__ import annotations

import pygame
import pytest

from gouji import Match, RuleSet
from gouji.ui.scenes.table import TableScene

from ui_helpers import key, make_app


def table_at(screen, speed: str, resumed: bool = False, seed: int = 3) -> TableScene:
    app = make_app(screen, speed=speed, rules="basic")
    app.update_settings(speed=speed, move_timer=False)
    app.play_match(Match.new(seed, RuleSet.preset("basic")), resumed=resumed)
    scene = app.scenes.top
    assert isinstance(scene, TableScene)
    return scene


def dealing_begun(scene: TableScene) -> TableScene:
    """The deal's start is shown first (a short pause), then the cards go round."""
    for _ in range(20):
        if scene.director.dealing is not None:
            return scene
        scene.update(0.05)
    raise AssertionError("the dealing never began")


def test_a_new_match_is_dealt_round_and_the_hand_grows(screen):
    scene = table_at(screen, "normal")
    assert scene.board.deal_index == 0 and not scene.board.spots    # the table opens empty ...
    dealing_begun(scene)                                            # ... and the cards go round
    director, full = scene.director, len(scene.hand)
    assert director.dealing is not None and director.busy
    assert any(not f.face_up for f in director.flights)           # face-down packets in the air
    actions, seen = len(scene.table.game.actions), []
    for _ in range(60):
        seen.append(director.dealt(full))
        scene.update(0.05)
        scene.app.draw()
        if director.dealing is None:
            break
    assert director.dealing is None, "the dealing never ended"
    assert seen[0] < full // 4 and seen == sorted(seen) and len(set(seen)) > 4   # it grows, packet by packet
    assert director.dealt(full) == full
    assert len(scene.table.game.actions) == actions                # nobody acted while the cards went round


@pytest.mark.parametrize("event", [
    pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x, mod=0, unicode="x"),
    pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1),
])
def test_any_key_or_click_skips_the_dealing(screen, event):
    scene = dealing_begun(table_at(screen, "normal"))
    scene.update(0.1)
    assert scene.director.dealing is not None
    scene.handle(event)
    assert scene.director.dealing is None and not scene.director.flights
    assert scene.director.dealt(len(scene.hand)) == len(scene.hand)


def test_a_key_at_the_players_turn_skips_the_dealing_and_acts(screen):
    """Basic rules: whoever holds the 红桃4 leads; the deal is found where it is the player."""
    for seed in range(40):
        scene = dealing_begun(table_at(screen, "normal", seed=seed))
        if scene.table.human_to_act():
            break
    else:
        raise AssertionError("no deal in 40 where the player leads at once")
    assert scene.director.dealing is not None
    key(scene, pygame.K_h)                                          # the hint key
    assert scene.director.dealing is None and scene.hints          # skipped, and the hint came


@pytest.mark.parametrize("speed", ["fast", "instant"])
def test_fast_and_instant_deal_at_once(screen, speed):
    scene = table_at(screen, speed)
    for _ in range(20):
        scene.update(0.05)
        assert scene.director.dealing is None
    assert scene.director.dealt(len(scene.hand)) == len(scene.hand)


def test_a_resumed_match_is_not_dealt_again(screen):
    scene = table_at(screen, "normal", resumed=True)
    for _ in range(20):
        scene.update(0.05)
        assert scene.director.dealing is None


def test_the_next_deal_is_dealt_round_too(screen):
    scene = dealing_begun(table_at(screen, "normal"))
    scene.director.skip_dealing()
    match = scene.table.game
    scene.table.autoplay = True
    for _ in range(20000):
        if scene.director.hold:
            break
        scene.update(0.5)
    assert scene.director.hold and scene.board.deal_index == 0 and match.deal_index == 1
    scene.director.hold = False
    for _ in range(2000):
        if scene.director.dealing is not None:
            break
        scene.update(0.05)
    assert scene.director.dealing is not None and scene.board.deal_index == 1
