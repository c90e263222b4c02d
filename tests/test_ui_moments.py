"""The big moments staged: a banner for each kind of moment, the
进贡/还贡 panel held until read, the tribute received marked in the hand, the
move timer playing the hint when it runs out, and the prompts — each derived
from the state, in both languages."""

from __future__ import annotations

import random

import pygame
import pytest
from test_ui_phases import SESSIONS, before_deal_ends, match_until

import bots
from gouji import Game, Match, RuleSet
from gouji.engine import events as ev
from gouji.engine.actions import ranks_of
from gouji.engine.cards import spoken
from gouji.engine.events import Event
from gouji.table import Table
from gouji.ui.i18n import t
from gouji.ui.model.director import Director
from gouji.ui.model.moments import banner_for, transfers
from gouji.ui.model.prompts import turn_prompt
from gouji.ui.scenes.table import TableScene

from ui_helpers import make_app

BASIC = RuleSet.preset("basic")


@pytest.mark.parametrize("event,key,seats", [
    (Event(ev.PLAY, 2, "KK", ("gouji", "protected")), "banner_gouji", (2, 5)),
    (Event(ev.PLAY, 2, "KK", ("gouji", "protected", "special")), "banner_gousiji", (2,)),
    (Event(ev.BURN, 1, "AA", ("gouji", "protected")), "banner_burn", (1,)),
    (Event(ev.BURN_END, 1, "", (4,)), "banner_burn_end", (1,)),
    (Event(ev.BURN_WON, 1, "", (0,)), "banner_burn_won", (1,)),
    (Event(ev.OPENED, 3), "banner_opened", (3,)),
    (Event(ev.MEN, 4, "", (1,)), "banner_men", (4,)),
    (Event(ev.RANG, 3), "banner_rang", (3,)),
    (Event(ev.REVOLT, 5), "banner_revolt", (5,)),
    (Event(ev.OUT, 0, "", (1,)), "banner_out", (0,)),
    (Event(ev.CHAOS), "banner_chaos", ()),
    (Event(ev.DEAL_OVER, None, "", (0, 2, 4, 1, 3, 5)), "banner_chuan", (0, 2, 4)),
])
def test_each_big_moment_gets_its_banner(event, key, seats):
    banner = banner_for(event, None)
    assert banner is not None and banner.key == key and banner.seats == seats
    for lang in ("zh", "en"):
        assert t(key, lang, name="X", place=t("place_0", lang))


def test_plain_plays_and_an_unbroken_lead_get_none_but_jiefeng_does():
    assert banner_for(Event(ev.PLAY, 2, "77", ()), None) is None
    assert banner_for(Event(ev.PLAY, 2, "KK", ("gouji",)), None) is None          # 够级 no longer protected
    assert banner_for(Event(ev.LEAD_TURN, 2), 2) is None                         # the winner leads on
    assert banner_for(Event(ev.LEAD_TURN, 3), 2).key == "banner_jiefeng"         # he went out: 接风
    assert banner_for(Event(ev.DEAL_OVER, None, "", (0, 1, 2, 3, 4, 5)), None) is None


def test_the_director_shows_banners_only_when_moments_are_on():
    stream = [Event(ev.LEAD_TURN, 0), Event(ev.OPENED, 3)]
    on, off = Director(), Director()
    off.moments = False
    for director in (on, off):
        director.update(0.0, stream)
    assert on.banner is not None and on.banner.key == "banner_opened" and off.banner is None
    on.update(5.0, stream)
    assert on.banner is None   # it goes by itself, never in the way


def tribute_scene(screen, speed: str = "normal") -> TableScene:
    """A qingdao match just before the deal in which seat 0 (头科) gives back 2 cards: its
    tribute is paid and shown as it happens."""
    app = make_app(screen, lang="zh")
    app.update_settings(speed=speed)
    app.options.speed = speed
    app.play_match(before_deal_ends(SESSIONS["return2"].clone()))
    scene = app.scenes.top
    scene.director.scale = 0.01
    return scene


def run_until(scene: TableScene, done, limit: int = 4000) -> None:
    for _ in range(limit):
        if done():
            return
        top = scene.app.scenes.top
        if top is not scene:
            top.close()
        scene.update(0.05)
    raise AssertionError("never happened")


def test_the_tribute_panel_is_held_until_read_and_the_tribute_is_marked(screen):
    scene = tribute_scene(screen)
    run_until(scene, lambda: scene.director.panel is not None)
    rows = scene.director.panel
    assert any(row.kind == "luo" and row.receiver == 0 and row.cards for row in rows)   # his own, face up
    assert any(row.kind != "buy3" and 0 not in (row.giver, row.receiver) and not row.cards for row in rows)
    stream = len(scene.table.stream)
    for _ in range(20):                       # it holds the table (about 4 s) ...
        scene.update(0.1)
    assert scene.director.panel is not None and len(scene.table.stream) == stream
    scene.app.draw()
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=""))
    assert scene.director.panel is None       # ... until a key
    run_until(scene, lambda: scene.human_turn() and scene.view.phase == "return")
    received = scene.board.received
    assert received and set(received) <= set(scene.hand)
    assert all(card in scene.hand for card in received)
    scene.app.draw()


def test_no_panel_at_fast_speed(screen):
    scene = tribute_scene(screen, speed="fast")
    run_until(scene, lambda: scene.human_turn() and scene.view.phase == "return")
    assert scene.director.panel is None


def test_the_panel_rows_show_faces_only_to_those_involved():
    match = SESSIONS["return2"].clone()
    events = [e for e in match.events if e.visible_to(1)]
    rows = transfers(events[-80:], 1)
    assert rows and all(bool(row.cards) == (1 in (row.giver, row.receiver)) for row in rows)


def test_the_move_timer_plays_the_hint_when_it_runs_out(screen):
    app = make_app(screen, lang="en")
    app.update_settings(move_timer=True)
    try:
        scene = TableScene(app, Table(SESSIONS["follow"].clone(), bots.make, human=0))
        app.scenes.reset(scene)
        run_until(scene, scene.human_turn)
        scene.update(0.0)
        assert scene.timer_left() == pytest.approx(15.0, abs=0.1)
        app.draw()
        scene.update(14.0)
        assert not scene.table.queue and scene.timer_left() == pytest.approx(1.0, abs=0.1)
        scene.update(1.5)
        assert len(scene.table.queue) == 1 and scene.table.queue[0].action in scene.view.legal_actions
        notes = scene.notes_for_log()
        assert notes and notes[0][1].en.startswith("Time's up")
        assert any("Time's up" in line for line in scene.drawer.sidebar.log_lines(400, 14))   # the log says so
    finally:
        app.update_settings(move_timer=False)


def test_the_timer_is_off_by_default(screen):
    app = make_app(screen)
    scene = TableScene(app, Table(SESSIONS["follow"].clone(), bots.make, human=0))
    app.scenes.reset(scene)
    run_until(scene, scene.human_turn)
    scene.update(30.0)
    assert scene.timer_left() is None and scene.human_turn() and not scene.table.queue


@pytest.mark.parametrize("name,key", [("lead", "your_turn_lead"), ("follow", "your_turn_follow"),
                                      ("answer", "your_turn_answer"), ("burn", "your_turn_burn"),
                                      ("return1", "your_turn_return"), ("declare", "your_turn_declare"),
                                      ("predeclare", "your_turn_predeclare"), ("revolt", "your_turn_revolt"),
                                      ("yaotou", "your_turn_yaotou")])
def test_the_prompt_of_each_phase(name, key):
    session = SESSIONS[name].clone()
    while session.current_seat != 0:   # the bots before him play first
        seat = session.current_seat
        session.apply(bots.make("normal", seat).choose(session.view(seat), random.Random(0)))
    view = session.view(0)
    line = turn_prompt(view, lambda seat: f"S{seat}")
    fields: dict[str, dict] = {lang: {} for lang in ("zh", "en")}
    if name == "burn":
        fields = {lang: {"name": f"S{view.standing_owner}", "cards": "K K"} for lang in fields}
    if name.startswith("return"):   # how many, and which ranks may go back (§6)
        returns = [move for move in view.legal_moves if move.kind == "return"]
        allowed = [int(any(ranks_of(move)[r] for move in returns)) for r in range(15)]
        fields = {lang: {"n": sum(ranks_of(returns[0])), "ranks": spoken(allowed, lang)} for lang in fields}
        assert str(fields["zh"]["n"]) in line.zh and fields["en"]["ranks"] in line.en
    assert line.zh == t(key, "zh", **fields["zh"]) and line.en == t(key, "en", **fields["en"])


def test_the_burn_prompt_says_whose_play_with_what_and_the_duty():
    game = Game.from_hands(["AA5", "4", "6", "7", "KK", "8"], leader=4, rules=BASIC)
    game.apply("play KK")
    line = turn_prompt(game.view(0), lambda seat: f"seat {seat}")
    assert "seat 4" in line.en and "K K" in line.en and "joker" in line.en
    assert "seat 4" in line.zh and "K K" in line.zh and "带王" in line.zh


def test_a_deal_of_a_match_at_normal_speed_draws_its_moments(screen):
    """A whole deal at normal speed, drawn every few frames: banners and the panel never raise."""
    app = make_app(screen, lang="en")
    app.update_settings(speed="normal")
    app.options.speed = "normal"
    app.play_match(Match.new(3, RuleSet.preset("qingdao").replace(series_length=2)))
    scene = app.scenes.top
    scene.table.autoplay = True
    seen = set()
    for i in range(6000):
        top = app.scenes.top
        if top is not scene:
            top.close()
        scene.update(0.1)
        if scene.director.banner is not None:
            seen.add(scene.director.banner.key)
            if i % 3 == 0:
                app.draw()
        if scene.table.game.results:
            break
    assert scene.table.game.results and {"banner_gouji", "banner_out"} <= seen


def banners_seen(stream, rules=None, seconds: float = 30.0) -> list[str]:
    """The banners the director raises for a stream of events, in order (each once)."""
    director = Director(human=0, rules=rules)
    seen: list = []
    for _ in range(int(seconds / 0.05)):
        director.update(0.05, stream)
        if director.banner is not None and (not seen or seen[-1] is not director.banner):
            seen.append(director.banner)
    return [banner.key for banner in seen]


def test_a_plain_play_that_breaks_a_burn_is_staged_as_jieshao_not_as_a_duel():
    """Seat 1 burns 0's KK with AA; 1's 对头 (4) answers with 22: the engine logs the
    解烧 before the play, and the banner stays 解烧 (no 对头对决 over it)."""
    rules = BASIC.replace(burn_by_teammates=False)   # 0's window asks 1 first
    game = Game.from_hands(["KK3", "AAx45", "55", "66", "225", "88"], leader=0, rules=rules)
    for action in ("play KK", "burn AA"):
        game.apply(action)
    while game.current_seat != 4:
        game.apply("noburn" if "noburn" in game.legal_actions() else "pass")
    game.apply("play 22")
    kinds = [e.kind for e in game.events]
    at = kinds.index(ev.BURN_END)
    assert kinds[at + 1] == ev.PLAY and game.events[at + 1].protected and game.events[at + 1].seat == 4
    assert banners_seen(game.events, rules) == ["banner_gouji", "banner_burn", "banner_burn_end"]


def test_a_dead_big_joker_play_gets_no_duel_banner():
    game = Game.from_hands(["XKK3", "AA45", "55", "66", "77", "88"], leader=0, rules=BASIC)
    game.apply("play XKK")
    play = next(e for e in game.events if e.kind == ev.PLAY)
    assert play.protected                                # a 够级 with the 对头 in: flagged protected
    assert "banner_gouji" not in banners_seen(game.events, BASIC)


def test_moments_that_come_together_are_each_shown_in_turn():
    """A 烧牌 that stands and opens: the 开点 waits for the 烧牌 banner instead of hiding it."""
    stream = [Event(ev.LEAD_TURN, 0), Event(ev.OPENED, 3), Event(ev.MEN, 4, "", (1,))]
    assert banners_seen(stream) == ["banner_opened", "banner_men"]


def test_a_tribute_with_nothing_to_give_says_why(screen):
    """Qingdao: tribute is paid in jokers and 2s (§6); a payer with none gives nothing,
    and the log and the panel say so instead of "落贡 0 张"."""
    match = match_until("qingdao", {}, 2, lambda m: any(e.kind == ev.TRIBUTE and e.count == 0 for e in m.events))
    empty = next(e for e in match.events if e.kind == ev.TRIBUTE and e.count == 0)
    app = make_app(screen, lang="zh")
    app.play_match(match)
    scene = app.scenes.top
    assert "没有王和 2 可进" in scene.drawer.sidebar.describe(empty)
    assert "0 张" not in scene.drawer.sidebar.describe(empty)
    rows = transfers(scene.board.deal_events, scene.human)
    assert any(row.count == 0 for row in rows)
    scene.director.panel = rows
    app.draw()                                           # the panel draws its "none" row


def test_returns_join_the_tribute_panel_until_the_play_begins(screen):
    """The panel holds the table while it is read; then the table moves on under it and
    every return joins it, so it never closes before the last one (or a key) — and the
    key that closes a panel already read still acts."""
    scene = tribute_scene(screen)
    run_until(scene, lambda: scene.director.panel is not None)
    first = most = len(scene.director.panel)
    for _ in range(4000):
        if any(e.kind == ev.LEAD_TURN for e in scene.board.deal_events):
            break
        assert scene.director.panel is not None, "the panel closed before the play began"
        most = max(most, len(scene.director.panel))
        if scene.human_turn() and scene.view.phase == "return":
            scene.table.submit(scene.human, scene.view.legal_actions[0])
        scene.update(0.05)
    assert most == len(transfers(scene.board.deal_events, scene.human)) > first


def test_the_duel_is_staged_while_a_gouji_play_and_its_opposite_face_each_other():
    """0 plays KK (a 够级): 0 and his 对头 3 duel, play 1; 3 answers with AA: play 2; a
    plain play or a lead has no duel (the table draws it: both badges lit, a line, the count)."""
    from gouji.ui.model.moments import duel_of
    game = Game.from_hands(["KK3", "45", "55", "AA6", "77", "88"], leader=0,
                           rules=BASIC.replace(burn_by_teammates=False))
    assert duel_of(game.view(0)) is None                       # a lead: nothing stands yet
    game.apply("play KK")
    assert duel_of(game.view(0)) == duel_of(game.view(3)) and duel_of(game.view(0)).plays == 1
    assert (duel_of(game.view(0)).attacker, duel_of(game.view(0)).rival) == (0, 3)
    while game.current_seat != 3:
        game.apply("noburn" if "noburn" in game.legal_actions() else "pass")
    game.apply("play AA")
    duel = duel_of(game.view(1))
    assert duel is not None and (duel.attacker, duel.rival, duel.plays) == (3, 0, 2)
    plain = Game.from_hands(["553", "66", "77", "88", "99", "TT"], leader=0, rules=BASIC)
    plain.apply("play 55")
    assert duel_of(plain.view(0)) is None                      # 55 is no 够级


def test_the_duel_count_waits_until_the_banner_leaves_the_middle(screen):
    """The duel's count sits at the middle of its line, where the 够级 banner is shown
    first: it is drawn only once the banner has gone (no pill under the ribbon)."""
    from gouji.ui.draw.moments import draw_duel
    app = make_app(screen)
    L, pill = app.layout, (255, 150, 110)
    boxes = (L.badge_box(0), L.badge_box(3))
    middle = tuple((pygame.Rect(a).center[i] + pygame.Rect(b).center[i]) // 2 for i, (a, b) in
                   enumerate([(boxes[0], boxes[1])] * 2))
    for count, expected in ((True, True), (False, False)):
        screen.fill((0, 0, 0))
        draw_duel(screen, app.fonts, L, boxes, 2, "zh", count=count)
        near = [tuple(screen.get_at((middle[0] + dx, middle[1] + 8))[:3]) for dx in range(-20, 21, 4)]
        assert (pill in near) is expected
