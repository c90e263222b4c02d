"""Headless scene tests: synthetic input reaches the Table's queue as exactly
the intended action; refusals show the engine's reason; buttons follow legality."""

from __future__ import annotations

import os

import pygame
import pytest

import bots
from gouji import Game, RuleSet
from gouji.table import Submitted, Table
from gouji.ui.scenes.result import ResultScene
from gouji.ui.scenes.table import TableScene
from gouji.ui.scenes.title import TitleScene

from ui_helpers import click, hand_card_center, key, make_app, until_human_turn

BASIC = RuleSet.preset("basic")


def scene_for(screen, hands, leader=0, rules=BASIC, lang="zh") -> TableScene:
    app = make_app(screen, lang=lang)
    table = Table(Game.from_hands(hands, leader=leader, rules=rules), bots.make, human=0)
    scene = TableScene(app, table)
    app.scenes.reset(scene)
    until_human_turn(app)
    return scene


def button(scene, key_name):
    found = scene.buttons.by_key(key_name)
    assert found is not None, f"no {key_name!r} button; have {[b.key for b in scene.buttons.buttons]}"
    return found


def indexes_of(scene, letter):
    from gouji.engine.cards import RANK_LETTERS, card_rank
    return [i for i, c in enumerate(scene.hand) if RANK_LETTERS[card_rank(c)] == letter]


def test_clicking_cards_and_play_queues_exactly_that_action(screen):
    scene = scene_for(screen, ["5578KK2x", "4", "6", "7", "8", "9"])
    fives = indexes_of(scene, "5")
    for i in fives:
        click(scene, hand_card_center(scene, i))
    chosen = tuple(sorted(scene.hand[i] for i in fives))
    click(scene, button(scene, "play").rect.center)
    assert list(scene.table.queue) == [Submitted(0, "play 55", chosen)]


def test_cards_played_do_not_stay_selected_for_the_next_deal(screen):
    scene = scene_for(screen, ["5578KK2x", "4", "6", "7", "8", "9"])
    fives = indexes_of(scene, "5")
    played = {scene.hand[i] for i in fives}
    for i in fives:
        click(scene, hand_card_center(scene, i))
    click(scene, button(scene, "play").rect.center)
    for _ in range(200):
        scene.update(0.5)
        if not played & set(scene.board.hand):
            break
    scene.update(0.0)
    # the same cards come back in a later deal (one deck's cards keep their numbers): not chosen then
    assert not played & scene.chosen


def test_attaching_twos_and_jokers_reads_as_one_play(screen):
    scene = scene_for(screen, ["5578KK2x", "4", "6", "7", "8", "9"])
    for letter in ("K", "2", "x"):
        for i in indexes_of(scene, letter):
            click(scene, hand_card_center(scene, i))
    click(scene, button(scene, "play").rect.center)
    assert [item.action for item in scene.table.queue] == ["play x2KK"]


@pytest.mark.parametrize("lang,fragment", [("zh", "不同点数"), ("en", "two natural ranks")])
def test_an_illegal_selection_shows_the_reason_and_queues_nothing(screen, lang, fragment):
    scene = scene_for(screen, ["5578KK2x", "4", "6", "7", "8", "9"], lang=lang)
    click(scene, hand_card_center(scene, indexes_of(scene, "5")[0]))
    click(scene, hand_card_center(scene, indexes_of(scene, "7")[0]))
    click(scene, button(scene, "play").rect.center)
    assert not scene.table.queue
    assert scene.message_is_error and fragment in scene.message[0 if lang == "zh" else 1]
    scene.draw(screen)  # the reason is drawn next to the hand


def test_a_follow_of_the_wrong_size_is_refused_with_the_engines_reason(screen):
    scene = scene_for(screen, ["KK3", "5578Q", "6", "7", "8", "9"], leader=0)
    # seat 0 is the human and leads; make it lead KK via the UI, then check seat 1 is a bot
    for i in indexes_of(scene, "K")[:1]:
        click(scene, hand_card_center(scene, i))
    click(scene, button(scene, "play").rect.center)
    assert [item.action for item in scene.table.queue] == ["play K"]


def test_right_click_clears_and_drag_selects_several(screen):
    scene = scene_for(screen, ["34567899", "4", "6", "7", "8", "9"])
    start, end = hand_card_center(scene, 0), hand_card_center(scene, 3)
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for x in range(start[0], end[0] + 1, 8):
        scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, start[1]), rel=(8, 0), buttons=(1, 0, 0)))
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    assert len(scene.selected) == 4
    click(scene, (640, 700), button=3)
    assert not scene.selected


def test_keyboard_selects_and_plays(screen):
    scene = scene_for(screen, ["345", "4", "6", "7", "8", "9"])
    key(scene, pygame.K_RIGHT)
    key(scene, pygame.K_SPACE)
    key(scene, pygame.K_RETURN)
    assert [item.action for item in scene.table.queue] == ["play 4"]


def test_hint_cycles_through_suggestions_with_reasons(screen):
    scene = scene_for(screen, ["5578KK2x", "4", "6", "7", "8", "9"])
    seen = set()
    for _ in range(3):
        click(scene, button(scene, "hint").rect.center)
        assert scene.message and not scene.message_is_error and "—" in scene.message[0]
        seen.add(frozenset(scene.selected))
    assert len(seen) >= 2
    click(scene, button(scene, "play").rect.center)
    assert len(scene.table.queue) == 1


def test_buttons_appear_only_when_legal(screen):
    lead = scene_for(screen, ["5578KK", "4", "6", "7", "8", "9"])
    assert {b.key for b in lead.buttons.buttons} == {"play", "hint", "menu", "tuoguan", "counter"}
    answer = scene_for(screen, ["AA5", "4", "6", "KK", "8", "7"], leader=3)
    assert answer.view.phase == "answer"
    keys = {b.key for b in answer.buttons.buttons}
    assert {"play", "pass"} <= keys and "rang" not in keys
    assert button(answer, "pass").label == "扣牌"
    burn = scene_for(screen, ["AA5", "4", "6", "7", "KK", "8"], leader=4)
    assert burn.view.phase == "burn"
    assert button(burn, "play").label == "烧牌" and button(burn, "noburn").label == "不烧"
    click(burn, button(burn, "noburn").rect.center)
    assert [item.action for item in burn.table.queue] == ["noburn"]


def test_rang_button_and_pass(screen):
    scene = scene_for(screen, ["888K", "44K", "44K", "777Q", "99K", "TTK"], leader=3)
    assert "rang" in {b.key for b in scene.buttons.buttons}
    click(scene, button(scene, "rang").rect.center)
    assert [item.action for item in scene.table.queue] == ["rang"]


def test_auto_pass_when_nothing_can_beat(screen):
    app = make_app(screen)
    table = Table(Game.from_hands(["3K", "4", "6", "7", "8", "99"], leader=5, rules=BASIC), bots.make, human=0)
    scene = TableScene(app, table)
    app.scenes.reset(scene)
    shown = set()
    for _ in range(12):
        scene.update(0.3)
        shown.add((scene.message or ("", ""))[0])
    passes = [e.seat for e in table.game.events if e.kind == "pass"]
    assert 0 in passes and any("自动过" in text for text in shown)


def test_auto_pass_can_be_switched_off(screen):
    app = make_app(screen)
    app.update_settings(auto_pass=False)
    table = Table(Game.from_hands(["3K", "4", "6", "7", "8", "99"], leader=5, rules=BASIC), bots.make, human=0)
    scene = TableScene(app, table)
    app.scenes.reset(scene)
    for _ in range(12):
        scene.update(0.3)
    assert table.current_seat == 0 and table.human_to_act()
    app.update_settings(auto_pass=True)


@pytest.mark.slow
def test_tuoguan_finishes_the_deal_then_the_summary_leads_to_the_next_deal(screen):
    app = make_app(screen, seed=11, rules="basic")
    app.new_match()
    scene = app.scenes.top
    click(scene, button(scene, "tuoguan").rect.center)
    assert scene.table.autoplay
    for _ in range(20000):
        app.frame(0.2)
        if isinstance(app.scenes.top, ResultScene):
            break
    summary = app.scenes.top
    assert isinstance(summary, ResultScene) and not summary.final
    assert len(app.match.results) == 1 and sorted(app.match.results[0].places) == list(range(6))
    app.draw()
    click(summary, summary.buttons.by_key("next").rect.center)
    assert app.scenes.top is scene and not scene.director.hold
    for _ in range(200):
        app.frame(0.2)
    assert app.match.deal_index == 1


@pytest.mark.slow
def test_a_whole_match_reaches_the_match_end_screen(screen):
    app = make_app(screen, seed=12, rules="basic", autoplay=True)
    for _ in range(200000):
        app.frame(1 / 60)
        top = app.scenes.top
        if isinstance(top, ResultScene) and top.final:
            break
    assert app.match.is_over and len(app.match.results) == 5
    assert app.match.totals == tuple(sum(r.score[i] for r in app.match.results) for i in (0, 1))
    app.draw()


def test_title_screen_buttons(screen):
    from gouji.store.saves import delete_save
    delete_save()   # earlier tests leave a match behind (an autoplay run no longer deletes it)
    app = make_app(screen)
    title = app.scenes.top
    assert isinstance(title, TitleScene)
    assert title.buttons.by_key("continue").enabled is False
    click(title, title.buttons.by_key("language").rect.center)
    assert app.settings.language == "en"
    assert title.buttons.by_key("new").label == "New game"
    click(title, title.buttons.by_key("new").rect.center)
    assert isinstance(app.scenes.top, TableScene)


def test_rules_screen_presets_and_every_key(screen):
    from gouji.engine.rules import KEYS
    from gouji.store.settings import rules_path
    from gouji.ui.scenes.rules import RulesScene
    app = make_app(screen)
    app.scenes.top.buttons.by_key("preset").on_click()
    rules_scene = app.scenes.top
    assert isinstance(rules_scene, RulesScene)
    click(rules_scene, rules_scene.buttons.by_key("preset:basic").rect.center)
    assert app.settings.preset == "basic" and app.rules == RuleSet.preset("basic")
    assert rules_scene.buttons.by_key("preset:basic").selected
    assert rules_scene.buttons.by_key("key:deck:196") is not None     # every choice is on screen
    changed = set()
    for row, name in enumerate(KEYS):   # the keyboard reaches every rule: ↓ to it, → to change it
        before = getattr(app.rules, name)
        key(rules_scene, pygame.K_RIGHT)
        if getattr(app.rules, name) != before:
            changed.add(name)
        assert any(b.key.startswith(f"key:{name}") for b in rules_scene.buttons.buttons), name   # scrolled to it
        app.draw()
        key(rules_scene, pygame.K_DOWN)
    assert changed >= set(KEYS) - {"hui_san"}   # 会3 cannot go on while 憋3 is on: explained instead
    assert app.settings.preset == "custom" and rules_path().exists()
    from gouji.store.rules_file import load_rules
    assert load_rules(rules_path()) == app.rules
    key(rules_scene, pygame.K_1)
    assert app.settings.preset == "qingdao"


def test_the_rules_and_help_screens_scroll_by_their_bars(screen):
    """A click on the track below the thumb moves a page; dragging the thumb to
    the bottom shows the end (the last rule's chips are on screen)."""
    from gouji.engine.rules import KEYS
    from gouji.ui.scenes.help import HelpScene
    from gouji.ui.scenes.rules import BOTTOM, ROW_HEIGHT, TOP, RulesScene
    app = make_app(screen)
    for scene in (RulesScene(app), HelpScene(app)):
        app.scenes.push(scene)
        app.draw()
        track = scene.bar.track
        total, shown = (len(KEYS) * ROW_HEIGHT, BOTTOM - TOP) if isinstance(scene, RulesScene) else scene.extent()
        thumb = scene.bar.thumb(total, shown, 0)
        assert thumb is not None and track.contains(thumb), type(scene)
        scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(track.centerx, track.bottom - 2)))
        assert scene.scroll == min(shown, total - shown)
        thumb = scene.bar.thumb(total, shown, scene.scroll)
        scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=thumb.center))
        for y in (thumb.centery + 5, track.bottom + 40):
            scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(thumb.centerx, y), rel=(0, 5), buttons=(1, 0, 0)))
        scene.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(thumb.centerx, track.bottom + 40)))
        assert scene.scroll == total - shown and scene.bar.grab is None
        app.draw()
        app.scenes.pop()
    rules = RulesScene(app)
    rules.scroll = len(KEYS) * ROW_HEIGHT - (BOTTOM - TOP)
    rules.refresh_language()
    assert any(b.key.startswith(f"key:{KEYS[-1]}") for b in rules.buttons.buttons)


def test_a_broken_rules_file_is_named_kept_aside_and_defaults_used(screen):
    from gouji.store.settings import rules_path
    app = make_app(screen)
    app.update_settings(preset="custom")
    rules_path().write_text("[rules]\ndeck = 200\n", encoding="utf-8")
    app = make_app(screen)
    assert "'deck'" in app.rules_problem and app.rules == RuleSet()
    assert not rules_path().exists() and list(rules_path().parent.glob("rules.toml.broken*"))
    app.draw()
    app.update_settings(preset="qingdao")


def finished_game() -> Game:
    game = Game.new_deal(5, BASIC)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    return game


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_scene_draws(screen, lang):
    from gouji.ui.scenes.help import HelpScene
    from gouji.ui.scenes.menu import MenuScene
    from gouji.ui.scenes.settings import SettingsScene
    app = make_app(screen, lang=lang, seed=2)
    app.draw()
    app.new_match()
    table_scene = app.scenes.top
    for _ in range(40):
        app.frame(0.3)
    from gouji.engine.tribute import DealResult
    done = finished_game()
    result = DealResult(places=tuple(done.places), opened=tuple(done.opened), score=done.score())
    for scene in (MenuScene(app, table_scene), SettingsScene(app), HelpScene(app),
                  ResultScene(app, [result], BASIC, table_scene),
                  ResultScene(app, [result, result], BASIC, table_scene, final=True)):
        app.scenes.push(scene)
        app.draw()
        app.scenes.pop()
    assert app.layout.width == app.screen.get_width()


def test_the_bot_level_setting_reaches_every_bot_of_the_running_table(screen):
    from gouji.ui.scenes.settings import SettingsScene
    app = make_app(screen, seed=4, bots="easy")
    assert app.settings.bot_level == "easy"
    app.new_match()
    table = app.scenes.top.table
    assert {bot.name for bot in table.bots.values()} == {"easy"}
    settings = SettingsScene(app)
    app.scenes.push(settings)
    choices = [b.key for b in settings.buttons.buttons if b.key.startswith("bot_level:")]
    assert choices[:3] == ["bot_level:easy", "bot_level:normal", "bot_level:hard"]   # every choice is shown
    click(settings, settings.buttons.by_key("bot_level:hard").rect.center)            # applied at once
    assert app.settings.bot_level == "hard" and settings.buttons.by_key("bot_level:hard").selected
    assert {bot.name for bot in table.bots.values()} == {"hard"}
    app.draw()
    app.update_settings(bot_level="normal")


def test_muted_sound_opens_no_audio_device_until_sound_is_turned_on(monkeypatch):
    from gouji.ui.shell.sound import Sounds
    opened: list[int] = []
    monkeypatch.setattr(pygame.mixer, "init", lambda *args, **kw: opened.append(1))
    sounds = Sounds(enabled=False)  # --no-sound or the setting: no driver, no ALSA chatter
    sounds.play("click")
    assert opened == []
    sounds.enabled = True
    sounds.enabled = True
    assert opened == [1]  # opened once, when first needed


def test_liang_cards_lie_at_the_leaders_spot_until_he_leads(screen):
    from gouji.engine.cards import FOUR, card_rank, card_suit
    from gouji.ui.model.director import Director
    app = make_app(screen, seed=3)  # qingdao, first deal: 亮4 under 憋3
    app.new_match()
    scene = app.scenes.top
    liang = [e for e in scene.view.history if e.kind == "liang"][-1]
    assert len(liang.cards) >= 2 and set(liang.cards) == {"4"}
    assert all(card_rank(c) == FOUR and card_suit(c) == liang.suit for c in liang.card_ids)
    item = scene.board.spots[liang.seat]
    assert item.kind == "liang" and item.cards == liang.card_ids
    assert "亮4" in scene.drawer.sidebar.describe(liang)
    app.draw()
    director = Director(scale=0.01)  # a later deal's 亮 flies in from the badge
    director.update(0.0, [liang])
    assert director.landing(liang.seat) and director.busy
    for _ in range(100):
        director.update(0.05, [liang])
    assert not director.busy and director.board.spots[liang.seat].cards == liang.card_ids


def test_opening_the_sound_device_silences_c_library_chatter_only_meanwhile(capfd):
    from gouji.ui.shell.sound import _quiet_stderr
    with _quiet_stderr():
        os.write(2, b"ALSA lib pcm.c: Unknown PCM default\n")
    os.write(2, b"still heard\n")
    assert capfd.readouterr().err == "still heard\n"


def test_a_learner_at_another_seat_sits_at_the_bottom(screen):
    """Lessons and reviews may seat the player anywhere: the table turns so he is at the bottom."""
    app = make_app(screen, lang="zh")
    game = Game.from_hands(["4", "5", "6", "KK3", "8", "9"], leader=3, rules=BASIC)
    scene = TableScene(app, Table(game, bots.make, human=3))
    app.scenes.reset(scene)
    until_human_turn(app)
    assert scene.view.seat == 3 and scene.drawer.place(3) == 0 and scene.drawer.place(4) == 1
    assert scene.badge_name(3)[1] == t_role(0) and scene.badge_name(0)[1] == t_role(3)   # seat 0 is his 对头
    click(scene, hand_card_center(scene, 0))
    click(scene, button(scene, "play").rect.center)
    assert [(item.seat, item.action) for item in scene.table.queue] == [(3, "play 3")]
    app.draw()


def t_role(place: int) -> str:
    from gouji.ui.i18n import t
    return t(f"role_{place}", "zh")
