"""The human's choices between deals, clicked like a player would."""

from __future__ import annotations

import pytest

from gouji.engine.cards import card_rank
from gouji.ui.scenes.result import ResultScene

from ui_helpers import click, hand_card_center, make_app


def run_until_my(app, phase: str, limit: int = 400000):
    """Let bots play (托管) until seat 0 must make a ``phase`` decision; a match that
    ends without one is followed by the next seed's (the bots' play decides which)."""
    scene = app.scenes.top
    table = scene.table
    for _ in range(limit):
        top = app.scenes.top
        if isinstance(top, ResultScene) and not top.final:
            top.close()
        if table.game.current_seat == 0 and table.game.phase == phase:
            break
        if table.is_over:
            app.new_match()
            scene = app.scenes.top
            table = scene.table
            table.autoplay = True
        app.frame(1 / 60)
    table.autoplay = False
    app.options.autoplay = False
    for _ in range(400):
        if scene.human_turn():
            break
        top = app.scenes.top
        if isinstance(top, ResultScene) and not top.final:
            top.close()
        app.frame(0.05)
    assert scene.human_turn() and scene.view.phase == phase
    return scene


@pytest.mark.slow
def test_the_return_dialog_only_takes_allowed_ranks(screen):
    app = make_app(screen, seed=3, autoplay=True)
    scene = run_until_my(app, "return")
    allowed = scene.returnable_ranks()
    wrong = next((i for i, c in enumerate(scene.hand) if card_rank(c) not in allowed), None)
    if wrong is not None:
        click(scene, hand_card_center(scene, wrong))
        assert not scene.selected and scene.message_is_error
    count = len(scene.view.legal_actions[0].split(" ", 1)[1])
    picks = [i for i, c in enumerate(scene.hand) if card_rank(c) in allowed][:count]
    for i in picks:
        click(scene, hand_card_center(scene, i))
    click(scene, scene.buttons.by_key("return").rect.center)
    assert len(scene.table.queue) == 1 and scene.table.queue[0].action.startswith("return ")
    assert scene.table.queue[0].action in scene.view.legal_actions


def test_declare_buttons(screen):
    app = make_app(screen, seed=5, autoplay=True)
    scene = run_until_my(app, "declare")
    assert {"declare", "nodeclare", "hint"} <= {b.key for b in scene.buttons.buttons}
    click(scene, scene.buttons.by_key("hint").rect.center)
    assert scene.message and "—" in scene.message[0]
    click(scene, scene.buttons.by_key("declare").rect.center)
    assert [item.action for item in scene.table.queue] == ["declare"]
    app.frame(0.1)
    app.draw()
