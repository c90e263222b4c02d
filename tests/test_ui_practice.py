"""The practice table (never saved, marked practice), its switches — open
hands, hand sizes, auto hint — "why?" on a bot's move and undo back to the
player's earlier decisions; then every key and every button on each Learn
screen, none of which may raise. About 25 s."""

from __future__ import annotations

import pygame
import pytest
from learn_helpers import settle

from gouji.store.saves import has_save
from gouji.ui.model.board import in_hand_order
from gouji.ui.model.practice_memory import explain, timeline
from gouji.ui.scenes.learn_menu import LearnScene
from gouji.ui.scenes.lesson_intro import LessonIntroScene
from gouji.ui.scenes.lesson_table import LessonStepScene
from gouji.ui.scenes.practice import PracticeScene
from gouji.ui.scenes.quiz import QuizScene

from ui_helpers import click, key, make_app

KEYS = ([getattr(pygame, f"K_{c}") for c in "abcdefghijklmnopqrstuvwxyz0123456789"]
        + [pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_BACKSPACE, pygame.K_TAB, pygame.K_ESCAPE,
           pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_HOME, pygame.K_END,
           pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_DELETE, pygame.K_F1, pygame.K_F5, pygame.K_KP1])


def practice_after(app, decisions: int) -> PracticeScene:
    """A practice match where a bot has played the player's seat until he made ``decisions`` decisions,
    stopped at his next turn. Nothing may act for him afterwards: auto-pass and the move timer are
    off (the deal is seeded from the clock, and the settings are shared with earlier tests)."""
    app.update_settings(auto_pass=False, move_timer=False)
    app.open_practice()
    scene = app.scenes.top
    assert isinstance(scene, PracticeScene)
    scene.table.autoplay = True
    for _ in range(20000):
        mine = sum(turn.seat == scene.human for turn in scene.turns)
        if mine >= decisions and scene.table.current_seat == scene.human and not scene.table.queue:
            break
        app.frame(0.2)
    scene.table.autoplay = False
    for _ in range(200):
        if scene.human_turn():
            break
        app.frame(0.2)
    assert scene.human_turn()
    return scene


def test_a_practice_match_is_marked_and_never_saved(screen, home):
    app = make_app(screen, save=True)
    scene = practice_after(app, 2)
    assert scene.table.practice and app.table is scene.table
    assert len(scene.match.actions) > 2 and not has_save()
    assert scene.turns == timeline(scene.match, scene.human)   # the live record agrees with a replay


def test_undo_goes_back_to_each_earlier_decision(screen, home):
    app = make_app(screen, lang="en", save=True)
    scene = practice_after(app, 3)
    scene.switches.open_hands = True
    actions = list(scene.match.actions)
    mine = [turn.index for turn in scene.turns if turn.seat == scene.human]
    for back in (1, 2):
        key(scene, pygame.K_u)
        undone = app.scenes.top
        assert isinstance(undone, PracticeScene) and undone is not scene
        assert undone.match.actions == actions[:mine[-back]]
        assert undone.table.current_seat == undone.human and undone.table.practice
        assert undone.switches.open_hands               # the switches stay as they were
        assert "decision" in undone.message[1]
        app.frame(0.1)
        assert undone.human_turn()
        app.draw()
        scene = undone
    assert not has_save()


def test_undo_with_no_earlier_decision_says_so(screen):
    app = make_app(screen, lang="en")
    app.open_practice()
    scene = app.scenes.top
    scene.turns = [turn for turn in scene.turns if turn.seat != scene.human]
    key(scene, pygame.K_u)
    assert app.scenes.top is scene and "no earlier decision" in scene.message[1]


def test_open_hands_show_every_other_hand_face_up(screen):
    app = make_app(screen)
    scene = practice_after(app, 1)
    assert scene.open_hands() == {}
    app.draw()
    closed = pygame.Surface.copy(app.screen)
    key(scene, pygame.K_o)
    shown = scene.open_hands()
    others = [seat for seat in range(6) if seat != scene.human and scene.match.hand_cards(seat)]
    assert sorted(shown) == others
    assert all(shown[seat] == in_hand_order(scene.match.hand_cards(seat)) for seat in others)
    app.draw()
    x, y, w, h = scene.layout.badge_box(3)   # the 对头's cards, under his badge
    below = pygame.Rect(x, y + h, w, scene.layout.s(40))
    assert any(closed.get_at((px, py)) != app.screen.get_at((px, py))
               for px in range(below.left, below.right, 3) for py in range(below.top, below.bottom, 3))
    key(scene, pygame.K_o)
    assert scene.open_hands() == {}


def test_hand_sizes_and_auto_hint_switches(screen):
    app = make_app(screen, lang="en")
    app.update_settings(show_counts="le10")
    scene = practice_after(app, 1)
    assert scene.counts_always()
    key(scene, pygame.K_n)
    assert not scene.counts_always()
    key(scene, pygame.K_a)
    assert scene.switches.auto_hint and scene.toolbar.by_key("auto_hint").on
    scene.note = None
    app.frame(0.1)
    assert scene.message is not None and scene.message[1].startswith("Hint")


def test_why_explains_the_bots_moves(screen):
    app = make_app(screen, lang="en")
    scene = practice_after(app, 2)
    bots = scene.bot_turns()
    assert bots
    key(scene, pygame.K_e)
    latest = bots[-1]
    assert scene.why is not None and scene.why.turn == latest
    expected = explain(scene.match, latest, scene.table.bot_level)
    assert expected is not None and expected.en in scene.message[1]
    if len(bots) > 1:
        key(scene, pygame.K_e)                              # asked again: the move before
        assert scene.why.turn == bots[-2]
    seat = bots[0].seat
    click(scene, pygame.Rect(scene.layout.badge_box(scene.drawer.place(seat))).center)
    assert scene.why.turn.seat == seat
    app.draw()


# ----- every key and every button on each Learn screen --------------------------
def learn_menu(app):
    app.open_learn()
    return app.scenes.top


def lesson_intro(app):
    app.open_lesson("yield")
    return app.scenes.top


def lesson_step(app):
    app.open_lesson("tribute", first_step=True)   # a match step (还贡), seated at 0
    settle(app)
    return app.scenes.top


def quiz(app):
    app.open_learn()
    app.scenes.push(QuizScene(app, seed=5))
    return app.scenes.top


def practice(app):
    app.deal_seed = 7   # the same match each time
    return practice_after(app, 1)


SCREENS = {"learn": (learn_menu, LearnScene), "intro": (lesson_intro, LessonIntroScene),
           "step": (lesson_step, LessonStepScene), "quiz": (quiz, QuizScene), "practice": (practice, PracticeScene)}


@pytest.mark.parametrize("name", list(SCREENS))
def test_every_key_on_each_learn_screen(screen, home, name):
    make, kind = SCREENS[name]
    app = make_app(screen, save=True)
    scene = None
    for code in KEYS:
        if scene is None:
            scene = make(app)
            assert isinstance(scene, kind)
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))
        table = getattr(scene, "table", None)
        for item in table.queue if table is not None else ():
            assert item.action in table.game.legal_actions(), (name, pygame.key.name(code), item.action)
        for _ in range(3):
            app.frame(0.1)
        app.draw()
        if app.scenes.top is not scene or table is not None and (table.queue or len(table.stream) > 0 and
                                                                  scene.note is not None):
            scene = None


@pytest.mark.parametrize("name", list(SCREENS))
def test_every_button_on_each_learn_screen(screen, home, name):
    make, _ = SCREENS[name]
    app = make_app(screen, save=True)
    first = make(app)
    bars = [first.buttons] + [getattr(first, bar) for bar in ("toolbar", "panel_buttons") if hasattr(first, bar)]
    keys = [(index, button.key) for index, bar in enumerate(bars) for button in bar.buttons]
    assert keys and all(button.hotkey is not None for bar in bars for button in bar.buttons)
    for index, button_key in keys:
        scene = make(app)
        bar = ([scene.buttons] + [getattr(scene, b) for b in ("toolbar", "panel_buttons") if hasattr(scene, b)])[index]
        button = bar.by_key(button_key)
        assert button is not None, (name, button_key)
        click(scene, button.rect.center)
        for _ in range(3):
            app.frame(0.1)
        app.draw()
