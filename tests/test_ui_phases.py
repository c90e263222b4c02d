"""Every phase a human can be asked in — lead, follow, the 对头's answer, the
burn window, 让, 还贡 with one and with two cards, 宣点, 预点, 革命, 要头/无头 —
and the result panels: every key and every button pressed there, on a fresh
copy of the moment each time. Nothing may raise; whatever reaches the table
is legal; a button's key does what the button does."""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame
import pytest

import bots
from gouji import Game, Match, RuleSet
from gouji.engine.phases import Phase
from gouji.table import Table
from gouji.ui.scenes.result import ResultScene
from gouji.ui.scenes.table import TableScene

from ui_helpers import click, make_app

BASIC = RuleSet.preset("basic")
KEYS = ([getattr(pygame, f"K_{c}") for c in "abcdefghijklmnopqrstuvwxyz0123456789"]
        + [pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_BACKSPACE, pygame.K_TAB, pygame.K_ESCAPE,
           pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_HOME, pygame.K_END,
           pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_DELETE, pygame.K_F1, pygame.K_F5, pygame.K_F11])

# Deals where seat 0 must act in a phase, as (hands, leader, actions before) under basic rules ...
DEAL_MOMENTS = {
    "lead": (["5578KK2x", "4", "6", "7", "8", "9"], 0, []),
    "follow": (["5578KK2x", "44", "6", "77", "8", "9"], 5, []),
    "answer": (["AA5", "4", "6", "KK", "8", "7"], 3, []),
    "burn": (["AA5", "4", "6", "7", "KK", "8"], 4, []),
    "rang": (["888K", "44K", "44K", "777Q", "99K", "TTK"], 3, []),
}
# ... and matches where bots (normal) play until seat 0 decides in that phase: (preset, changes,
# first seed, what seat 0 is asked). The seeds are tried in turn, so a change in the bots' play
# moves the moment, never the test.
MATCH_MOMENTS = {
    "return1": ("qingdao", {}, 0, (Phase.RETURN, 1)),
    "return2": ("qingdao", {}, 14, (Phase.RETURN, 2)),
    "declare": ("qingdao", {}, 0, (Phase.DECLARE, 0)),
    "predeclare": ("qingdao", {"xuan_dian": "ming_and_yu"}, 0, (Phase.PREDECLARE, 0)),
    "revolt": ("basic", {}, 29, (Phase.REVOLT, 0)),
    "yaotou": ("qingdao", {}, 318, (Phase.CHOOSE, 0)),
}


def seat0_asked(phase: Phase, cards: int = 0) -> Callable[[Match], bool]:
    """Seat 0 must act in ``phase`` (giving back ``cards`` cards, for a 还贡)."""
    def asked(match: Match) -> bool:
        if match.current_seat != 0 or match.phase != phase:
            return False
        return not cards or len(match.view(0).legal_moves[0].ranks) == cards
    return asked


def match_until(preset: str, changes: dict, seed: int, wanted: Callable[[Match], bool], seeds: int = 60) -> Match:
    """A match played by normal bots until ``wanted`` holds, from the first seed that reaches it."""
    for tried in range(seed, seed + seeds):
        match = Match.new(tried, RuleSet.preset(preset).replace(**changes))
        players = [bots.make("normal", s, tried) for s in range(6)]
        rng = random.Random(tried)
        while not match.is_over:
            if wanted(match):
                return match
            seat = match.current_seat
            match.apply(players[seat].choose(match.view(seat), rng))
    raise AssertionError(f"no match of {preset} from seed {seed} reached the moment")


def match_at(preset: str, changes: dict, seed: int, asked: tuple[Phase, int]) -> Match:
    return match_until(preset, changes, seed, seat0_asked(*asked))


def before_deal_ends(match: Match) -> Match:
    """The same match replayed to just before its current deal began: the last action of
    the deal before is still to come (so its tribute and returns are shown as they happen)."""
    replay = Match.new(match.seed, match.rules)
    for i, action in enumerate(match.actions):
        replay.apply(action)
        if replay.deal_index == match.deal_index:
            before = Match.new(match.seed, match.rules)
            for earlier in match.actions[:i]:
                before.apply(earlier)
            return before
    raise AssertionError("the match has no deal before this one")


def moment(name: str) -> Game | Match:
    if name in DEAL_MOMENTS:
        hands, leader, before = DEAL_MOMENTS[name]
        game = Game.from_hands(hands, leader=leader, rules=BASIC)
        for action in before:
            game.apply(action)
        return game
    return match_at(*MATCH_MOMENTS[name])


SESSIONS = {name: moment(name) for name in [*DEAL_MOMENTS, *MATCH_MOMENTS]}
PHASES = {"lead": Phase.LEAD, "follow": Phase.FOLLOW, "answer": Phase.ANSWER, "burn": Phase.BURN,
          "rang": Phase.FOLLOW, "return1": Phase.RETURN, "return2": Phase.RETURN, "declare": Phase.DECLARE,
          "predeclare": Phase.PREDECLARE, "revolt": Phase.REVOLT, "yaotou": Phase.CHOOSE}


def scene_at(screen, name: str) -> TableScene:
    """A fresh table at the moment (a clone: the stored session is never changed)."""
    app = make_app(screen)
    session = SESSIONS[name].clone()
    scene = TableScene(app, Table(session, bots.make, human=0))
    app.scenes.reset(scene)
    for _ in range(200):
        if scene.human_turn():
            break
        scene.update(0.2)
    assert scene.human_turn() and scene.view.phase == PHASES[name], (name, scene.view.phase)
    return scene


def settle(scene: TableScene) -> None:
    for _ in range(3):
        scene.app.scenes.top.update(0.05)
    scene.app.draw()


@pytest.mark.parametrize("name", list(SESSIONS))
def test_every_key_in_every_phase(screen, name):
    scene = None
    for code in KEYS:
        if scene is None:   # a fresh moment after a key that did something
            scene = scene_at(screen, name)
            scene.intent("hint")                   # some cards selected, as a player would have
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))
        for item in scene.table.queue:
            assert item.action in scene.view.legal_actions, (name, pygame.key.name(code), item.action)
        moved = bool(scene.table.queue) or scene.app.scenes.top is not scene or scene.table.autoplay
        settle(scene)
        if moved:
            scene = None


@pytest.mark.parametrize("name", list(SESSIONS))
@pytest.mark.slow
def test_every_button_and_its_key_in_every_phase(screen, name):
    keys = [b.key for b in scene_at(screen, name).buttons.buttons]
    assert "hint" in keys and "menu" in keys
    for key in keys:
        results = []
        for press in ("click", "hotkey"):
            scene = scene_at(screen, name)
            scene.intent("hint")
            button = scene.buttons.by_key(key)
            assert button is not None and button.hotkey is not None, (name, key)
            if press == "click":
                click(scene, button.rect.center)
            else:
                scene.handle(pygame.event.Event(pygame.KEYDOWN, key=button.hotkey, mod=0, unicode=""))
            queued = [item.action for item in scene.table.queue]
            assert all(action in scene.view.legal_actions for action in queued), (name, key, queued)
            results.append((queued, type(scene.app.scenes.top).__name__, scene.table.autoplay))
            settle(scene)
        assert results[0] == results[1], f"{name}: the {key} button and its key differ: {results}"


@pytest.mark.parametrize("name", ["return1", "return2"])
def test_giving_back_with_the_hint_and_enter(screen, name):
    """The old crash: H while giving back two cards (还贡) of different ranks."""
    scene = scene_at(screen, name)
    for _ in range(3):
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode=""))
    count = int(name[-1])
    assert len(scene.selected) == count
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    assert [item.action.split()[0] for item in scene.table.queue] == ["return"]


def test_a_button_fires_on_release_inside_and_can_be_cancelled_by_sliding_off(screen):
    scene = scene_at(screen, "lead")
    scene.intent("hint")
    play = scene.buttons.by_key("play")
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=play.rect.center, button=1))
    assert not scene.table.queue                          # nothing on press
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1))
    assert not scene.table.queue                          # slid off: cancelled
    click(scene, play.rect.center)
    assert len(scene.table.queue) == 1


def result_panel(screen, final: bool) -> tuple[object, ResultScene]:
    """The panel after a deal of a two-deal match, or after the only deal of a one-deal match."""
    app = make_app(screen, autoplay=True)
    app.play_match(Match.new(12, BASIC.replace(series_length=1 if final else 2)))
    for _ in range(200000):
        app.frame(1 / 60)
        top = app.scenes.top
        if isinstance(top, ResultScene) and top.final == final:
            return app, top
        if isinstance(top, ResultScene):
            top.close()
    raise AssertionError("no result panel")


@pytest.mark.parametrize("final", [False, True])
@pytest.mark.slow
def test_every_key_and_button_on_the_result_panels(screen, final):
    app, panel = result_panel(screen, final)
    app.options.autoplay = False           # a player reads the panel: it must not close by itself
    match, table = app.match, app.table
    for code in KEYS + [None]:
        for button_key in [b.key for b in panel.buttons.buttons] if code is None else [None]:
            app.match, app.table = match, table    # as before a key that started a new match
            app.scenes.reset(panel.under)
            app.scenes.push(panel)
            button = panel.buttons.by_key(button_key) if button_key else None
            table, autoplay, note = panel.under.table, panel.under.table.autoplay, panel.note
            if button is not None:
                click(panel, button.rect.center)
            else:
                panel.handle(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))
            for _ in range(3):
                app.frame(0.05)
            acted = app.scenes.top is not panel or panel.note is not note or table.autoplay != autoplay \
                or not app.running
            assert acted or button is None, f"the {button_key} button did nothing"
            if not app.running:
                app.running = True


@pytest.mark.slow
def test_t_toggles_autoplay_while_the_result_panel_is_open(screen):
    app, panel = result_panel(screen, final=False)
    app.options.autoplay = False
    table = panel.under.table
    before = table.autoplay
    panel.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t, mod=0, unicode=""))
    assert table.autoplay is not before and panel.buttons.by_key("tuoguan") is not None


@pytest.mark.slow
def test_after_the_last_deal_the_match_result_comes_at_once(screen):
    app, panel = result_panel(screen, final=True)
    assert panel.final and panel.buttons.by_key("next") is None and panel.buttons.by_key("new") is not None
    assert len(panel.results) == app.match.rules.series_length
    view = panel.under.view
    assert view.totals == app.match.totals                   # the header's score is the final one


def test_the_prompt_follows_the_state_never_a_latched_event(screen):
    scene = scene_at(screen, "follow")
    assert scene.line().tone == "turn" and "管上" in scene.line().zh
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t, mod=0, unicode=""))   # 托管 on
    assert scene.table.autoplay and "管上" not in (scene.line() or scene.line()).zh
    assert scene.line().tone == "wait"


@pytest.mark.slow
def test_no_prompt_once_the_human_is_out_or_the_match_is_over(screen):
    app = make_app(screen, autoplay=True)
    app.play_match(Match.new(14, BASIC.replace(series_length=1)))   # seat 0 goes out first (头科)
    scene = app.scenes.top
    out_lines = set()
    for _ in range(20000):
        app.frame(1 / 60)
        view = scene.view
        if 0 in view.finish_order and not view.places:
            out_lines.add(scene.line().zh if scene.line() else "")
        if isinstance(app.scenes.top, ResultScene):
            break
    assert isinstance(app.scenes.top, ResultScene) and app.scenes.top.final
    assert out_lines and all("轮到你" not in text for text in out_lines)
    assert all("出完" in text or "托管" in text or "等待" in text for text in out_lines)
    line = scene.line()
    assert line is not None and "轮到你" not in line.zh and line.tone == "done"   # behind the match's end
