"""Driving the Learn screens headless: answer a lesson step through the table
scene as a player would (select the cards, press the action's key)."""

from __future__ import annotations

import pygame

from gouji.engine.actions import parse_action
from gouji.engine.cards import RANK_LETTERS, RANK_OF_CARD
from gouji.engine.phases import BURN, Phase
from gouji.ui.model.prompts import cards_for
from gouji.ui.scenes.lesson_table import LessonStepScene

from ui_helpers import key


def settle(app, until: str = "turn", frames: int = 2000, dt: float = 0.25) -> LessonStepScene:
    """Let the lesson run until the learner is to act (``turn``) or the step is done (``ready``)."""
    for _ in range(frames):
        scene = app.scenes.top
        assert isinstance(scene, LessonStepScene), scene
        if not scene.table.queue and (scene.ready if until == "ready" else scene.human_turn()):
            scene.update(0.0)
            return scene
        app.frame(dt)
    raise AssertionError(f"the lesson never got to {until}")


def answer(scene: LessonStepScene, action: str) -> None:
    """Give ``action`` through the screen: pick its cards and press Enter, or press its button's key."""
    move = parse_action(action)
    if move.play is None and not move.ranks:
        scene.chosen.clear()
        button = scene.buttons.by_key(move.kind)
        assert button is not None and button.hotkey is not None, (action, [b.key for b in scene.buttons.buttons])
        key(scene, button.hotkey)
        return
    scene.chosen = cards_for(scene.hand, action)
    key(scene, pygame.K_RETURN)


def card_action(scene: LessonStepScene, card: int) -> str:
    """The action the table makes of one selected card."""
    view, letter = scene.view, RANK_LETTERS[RANK_OF_CARD[card]]
    if view.phase == Phase.RETURN:
        return f"return {letter}"
    return f"{'burn' if view.phase == BURN and view.seat not in view.wutou else 'play'} {letter}"


def try_illegal(scene: LessonStepScene) -> bool:
    """Play one card the rules refuse, through the screen; False if every single card is allowed."""
    for card in scene.hand:
        if scene.session.check(card_action(scene, card)) is not None:
            scene.chosen = {card}
            key(scene, pygame.K_RETURN)
            return True
    return False


def wrong_answer(scene: LessonStepScene) -> str | None:
    legal = scene.session.legal_actions()
    step = scene.state.runner.step
    return next((a for a in legal if a not in step.accept and answerable(scene, a)), None)


def answerable(scene: LessonStepScene, action: str) -> bool:
    """An action the screen can give: cards, or a word with its button."""
    move = parse_action(action)
    return move.play is not None or bool(move.ranks) or scene.buttons.by_key(move.kind) is not None
