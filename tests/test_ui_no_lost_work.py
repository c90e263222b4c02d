"""Nothing the player did is thrown away by a key pressed without reading: a
new game over a match in progress asks first, and Enter (the title's default
key) keeps the match."""

from __future__ import annotations

import pygame

from gouji.store.saves import has_save, load_save
from gouji.ui.scenes.confirm import ConfirmScene
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
    app.to_title()
    assert has_save() and app.can_continue()
    return app, saved_actions()


def test_new_game_over_a_match_in_progress_asks_and_enter_keeps_the_match(screen, home):
    app, actions = saved_match(screen)
    title = app.scenes.top
    assert isinstance(title, TitleScene)
    for answer in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_n, pygame.K_ESCAPE):
        key(title, pygame.K_RETURN)                 # 新游戏 is the title's Enter
        question = app.scenes.top
        assert isinstance(question, ConfirmScene) and question.question == "new_over_save_question"
        app.draw()
        key(question, answer)
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
