"""Nothing the player did or pressed is thrown away: a new game over a match in
progress asks first (Enter keeps the match); a key pressed at his turn while
cards still fly is acted on; 下一步 works at the first press; no move timer
answers for a learner."""

from __future__ import annotations

import pygame
from learn_helpers import answer, settle

from gouji.store.saves import has_save, load_save
from gouji.ui.model.prompts import MOVE_SECONDS
from gouji.ui.scenes.confirm import ConfirmScene
from gouji.ui.scenes.lesson_table import LessonStepScene
from gouji.ui.scenes.practice import PracticeScene
from gouji.ui.scenes.table import TableScene
from gouji.ui.scenes.title import TitleScene

from ui_helpers import key, make_app, until_human_turn


def saved_actions() -> list[str]:
    loaded = load_save()
    assert loaded.match is not None
    return list(loaded.match.actions)


def saved_match(screen):
    """An app back on the title with a match in progress saved."""
    app = make_app(screen, lang="zh", save=True)
    app.update_settings(auto_pass=False, move_timer=False)
    app.new_match()
    until_human_turn(app)
    scene = app.scenes.top
    scene.table.submit(scene.human, scene.view.legal_actions[0])   # the save holds his own decision too
    app.frame(0.1)
    app.to_title()
    assert has_save() and app.can_continue()
    return app, saved_actions()


def test_new_game_over_a_match_in_progress_asks_and_enter_keeps_the_match(screen, home):
    app, actions = saved_match(screen)
    assert actions
    title = app.scenes.top
    assert isinstance(title, TitleScene)
    for reply in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_n, pygame.K_ESCAPE):
        key(title, pygame.K_RETURN)                 # 新游戏 is the title's Enter
        question = app.scenes.top
        assert isinstance(question, ConfirmScene) and question.question == "new_over_save_question"
        app.draw()
        key(question, reply)
        assert app.scenes.top is title and saved_actions() == actions
    key(title, pygame.K_RETURN)
    key(app.scenes.top, pygame.K_y)                 # a clear yes: the new match replaces the save
    assert isinstance(app.scenes.top, TableScene)
    assert app.playing.actions != actions


def test_new_game_with_nothing_in_progress_deals_at_once(screen, home):
    app = make_app(screen, lang="en", save=True)
    assert not app.can_continue()
    app.scenes.reset(TitleScene(app))
    key(app.scenes.top, pygame.K_RETURN)
    assert isinstance(app.scenes.top, TableScene)


def test_a_key_pressed_while_a_card_lands_is_acted_on(screen, home):
    """At normal speed: the engine asks the player while the bot's cards still fly;
    P (or, on a lead, H then Enter) is carried out at once, the animation finished for it."""
    app = make_app(screen, lang="en", speed="normal")
    app.update_settings(auto_pass=False, move_timer=False, bot_level="normal")
    app.new_match()
    scene = app.scenes.top
    early = 0
    for _ in range(30000):
        table = scene.table
        if table.is_over or early >= 3:
            break
        if table.human_to_act() and not table.queue and scene.view.phase.in_play:
            flying = not scene.director.idle(table.stream)
            before = len(table.stream)
            if "pass" in scene.view.legal_actions:
                key(scene, pygame.K_p)
            else:
                key(scene, pygame.K_h)
                key(scene, pygame.K_RETURN)        # the hint picked the cards: play them
            if flying:
                assert table.queue or len(table.stream) > before, "a key at the player's turn was dropped"
                early += 1
        elif scene.human_turn():                   # 宣点, 还贡 …: not what this test is about
            table.submit(scene.human, scene.view.legal_actions[0])
        app.frame(0.02)
    assert early >= 3


def test_next_step_pressed_while_the_last_reply_lands_moves_on(screen, home):
    """A lesson at normal speed: Enter (下一步) as soon as the replies are made,
    before their cards have landed, goes to the next step at the first press."""
    app = make_app(screen, lang="zh", speed="normal")
    app.update_settings(move_timer=False)
    app.open_lesson("tribute", first_step=True)
    scene = settle(app)
    answer(scene, scene.state.runner.step.accept[0])
    for _ in range(4000):
        if scene.session.is_over and not scene.table.queue:
            break
        app.frame(0.01)
    assert scene.session.is_over and not scene.ready    # the replies are made, still on their way
    index = scene.state.runner.index
    key(scene, pygame.K_RETURN)
    top = app.scenes.top
    assert top is not scene and isinstance(top, LessonStepScene) and top.state.runner.index == index + 1


def test_no_move_timer_in_a_lesson_and_in_practice_only_when_switched_on(screen, home):
    app = make_app(screen, lang="zh")
    app.update_settings(move_timer=True)                # on at the real table
    app.open_lesson("tribute", first_step=True)
    scene = settle(app)
    for _ in range(int(MOVE_SECONDS * 3 / 0.5)):
        app.frame(0.5)
    assert scene.timer_left() is None and not scene.session.answered   # nobody answered for the learner
    app.update_settings(auto_pass=False)
    app.open_practice()
    practice = app.scenes.top
    assert isinstance(practice, PracticeScene)
    until_human_turn(app)
    assert practice.timer_left() is None
    key(practice, pygame.K_i)                           # 计时: the practice table's own switch
    assert practice.switches.timer and practice.toolbar.by_key("timer").on
    app.frame(0.1)
    assert practice.timer_left() is not None


def test_enter_after_a_hint_to_pass_carries_out_the_pass(screen, home):
    app = make_app(screen, lang="zh")
    app.update_settings(auto_pass=False, move_timer=False, bot_level="normal")
    app.new_match()
    scene = app.scenes.top
    words = 0
    for _ in range(3000):
        if scene.table.is_over or words >= 3:
            break
        if scene.human_turn():
            key(scene, pygame.K_h)
            hinted = scene.hints[0].action if scene.hints else None
            before = len(scene.table.stream)
            key(scene, pygame.K_RETURN)                 # the hinted move, cards or none
            if hinted is not None and " " not in hinted:
                assert scene.table.queue or len(scene.table.stream) > before, hinted
                assert scene.note is None or scene.note.line.tone != "error"
                words += 1
        app.frame(0.25)
    assert words >= 1
