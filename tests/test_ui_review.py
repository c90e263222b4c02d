"""The review screen driven headless: stepping with the keys shows what a
replay shows (views, plays, open hands), round by round, the analysis'
summary and its marks, "play from here" as practice, copying the code, the
result panel's review and copy buttons, and every key pressed. ~15 s."""

from __future__ import annotations

import pygame
import pytest
from match_helpers import bot_match
from test_ui_phases import KEYS

from gouji import Match, RuleSet
from gouji.engine.dealcode import DealRef, decode, encode
from gouji.review import Review, analyse
from gouji.ui.model.board import in_hand_order
from gouji.ui.model.review_words import action_text, verdict_at, verdict_text
from gouji.ui.scenes.result import ResultScene
from gouji.ui.scenes.review import ReviewScene
from gouji.ui.scenes.table import TableScene

from ui_helpers import click, key, make_app


@pytest.fixture(scope="module")
def two_deals() -> Match:
    return bot_match(6, RuleSet(), deals=2)


def ref_of(match: Match, deal: int, seat: int = 0) -> DealRef:
    return DealRef(match.rules, match.seed, tuple(match.actions[:match.results[deal].end_action]), deal, seat)


def review_scene(screen, ref: DealRef, lang: str = "en") -> ReviewScene:
    app = make_app(screen, lang=lang)
    assert app.open_review(ref)
    app.settle_review()
    scene = app.scenes.top
    assert isinstance(scene, ReviewScene)
    scene.analyser.wait()
    return scene


def test_stepping_with_the_keys_matches_a_replay(screen, two_deals):
    ref = ref_of(two_deals, 1, seat=2)               # the second deal, seen from seat 2 (the table turns)
    scene = review_scene(screen, ref)
    first = two_deals.results[0].end_action
    checked = []
    for step in range(len(scene.review) + 1):
        if step % 9 == 0 or step == len(scene.review):
            replay = Match.replay(ref.rules, ref.seed, ref.actions[:first + step])
            view = replay.finished_view(2) if len(replay.results) > 1 else replay.view(2)
            assert scene.view == view, step
            assert scene.board.hand == in_hand_order(replay.hand_cards(2) if step < len(scene.review)
                                                     else scene.review.frame.hands[2])
            frame = scene.review.frame
            assert scene.open_hands() == {s: in_hand_order(frame.hands[s]) for s in range(6) if s != 2}
            played = {s: spot.cards for s, spot in enumerate(frame.spots) if spot and spot.kind in ("play", "burn")}
            assert {s: spot.cards for s, spot in scene.board.spots.items() if spot.kind in ("play", "burn")} == \
                {s: tuple(c) for s, c in ((s, scene.review.frames[step].spots[s].card_ids) for s in played)}
            scene.app.draw()
            checked.append(step)
        key(scene, pygame.K_RIGHT)
    assert scene.step == len(scene.review) and len(checked) > 5
    key(scene, pygame.K_RIGHT)                        # past the end: stays
    assert scene.step == len(scene.review)
    for _ in range(7):
        key(scene, pygame.K_LEFT)
    assert scene.step == len(scene.review) - 7
    assert scene.view == scene.tape.view(len(scene.review) - 7)


def test_round_by_round_and_home_end(screen, two_deals):
    scene = review_scene(screen, ref_of(two_deals, 0))
    starts = scene.review.round_starts()
    assert len(starts) > 3
    for expected in starts[1:4]:
        key(scene, pygame.K_DOWN)
        assert scene.step == expected
    key(scene, pygame.K_PAGEUP)
    assert scene.step == starts[2]
    key(scene, pygame.K_END)
    assert scene.step == len(scene.review) and scene.line().tone == "done"
    key(scene, pygame.K_HOME)
    assert scene.step == 0


def test_the_summary_and_the_marks_of_the_analysis(screen, two_deals):
    scene = review_scene(screen, ref_of(two_deals, 0))
    analysis = scene.analyser.result
    assert analysis is not None and scene.summary("en") == analysis.summary("en")
    # a strict margin marks every decision that is not the bot's best
    strict = analyse(scene.review, margin=1e-9)
    assert strict.questionable, "no decision differs from the bot's best: pick another seed"
    scene.analyser.result = strict
    assert scene.summary("zh") == strict.summary("zh") and "值得商榷" in scene.summary("zh")
    key(scene, pygame.K_n)
    verdict = strict.questionable[0]
    assert scene.step == verdict.step
    line = scene.line()
    assert line is not None and line.tone == "error"
    shown = verdict_at(scene.review.frame, scene.seat, strict)
    assert shown == verdict
    best = verdict.best
    assert verdict_text(verdict, "en") == f"Questionable. Better: {action_text(best.action, 'en')} ({best.en})"
    assert action_text(best.action, "zh") in verdict_text(verdict, "zh") and best.zh in verdict_text(verdict, "zh")
    scene.app.draw()
    fine = next((v for v in strict.verdicts if not v.questionable), None)
    if fine is not None:
        scene.review.go(fine.step)
        assert scene.line().tone == "turn" and verdict_text(fine, "en") == "Your choice here: no clear mistake"


def test_the_analysis_runs_beside_the_screen(screen, two_deals):
    """The scene is there at once; the summary says how far the analysis has got until it is done."""
    app = make_app(screen, lang="zh")
    app.open_review(ref_of(two_deals, 1))
    app.settle_review()
    scene = app.scenes.top
    assert scene.summary("zh").startswith("机器人分析中") or scene.analyser.result is not None
    scene.analyser.wait()
    assert scene.update(0.1)                          # the summary changed: a redraw is due
    assert scene.summary("zh") == scene.analyser.result.summary("zh")


def test_play_from_here_is_a_practice_game_from_that_position(screen, two_deals):
    ref = ref_of(two_deals, 0, seat=3)
    scene = review_scene(screen, ref)
    for _ in range(20):
        key(scene, pygame.K_RIGHT)
    key(scene, pygame.K_p)
    app = scene.app
    table_scene = app.scenes.top
    assert isinstance(table_scene, TableScene) and table_scene.human == 3
    assert app.seating.practice and app.seating.start == 20 and app.seating.human == 3
    assert app.playing.actions == list(ref.actions[:20])
    assert "practice_started" in [n.key for n in app.notices.items]


def test_copy_code_puts_the_deal_on_the_clipboard(screen, two_deals):
    ref = ref_of(two_deals, 1)
    scene = review_scene(screen, ref)
    key(scene, pygame.K_k)
    assert decode(pygame.scrap.get_text()) == ref
    assert scene.line() is not None and scene.line().tone == "done"
    key(scene, pygame.K_RIGHT)                        # moving on clears the note
    assert scene.line().tone != "done" or scene.step == len(scene.review)


def test_every_key_in_the_review(screen, two_deals):
    scene = review_scene(screen, ref_of(two_deals, 1))
    app = scene.app
    for code in KEYS:
        if code in (pygame.K_p, pygame.K_ESCAPE):
            continue   # they leave the review (tested above and below)
        key(scene, code)
        app.draw()
        assert app.scenes.top is scene
    scene.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3))
    key(scene, pygame.K_ESCAPE)
    assert app.scenes.top is not scene


def test_every_button_has_a_key_and_does_what_the_key_does(screen, two_deals):
    scene = review_scene(screen, ref_of(two_deals, 0))
    for button in list(scene.buttons.buttons):
        assert button.hotkey is not None, button.key
    forward = scene.buttons.by_key("forward")
    click(scene, forward.rect.center)
    click(scene, forward.rect.center)
    assert scene.step == 2
    click(scene, scene.buttons.by_key("back").rect.center)
    assert scene.step == 1


def _ended_table(screen):
    """A table whose first deal just ended, its result panel up."""
    app = make_app(screen, lang="en", seed=11, autoplay=True)
    for _ in range(20000):
        if isinstance(app.scenes.top, ResultScene):
            return app
        app.scenes.top.update(1 / 30)
    raise AssertionError("the deal did not end")


def test_result_panel_review_and_copy(screen):
    app = _ended_table(screen)
    panel = app.scenes.top
    expected = DealRef(app.playing.rules, app.playing.seed,
                       tuple(app.playing.actions[:app.playing.results[0].end_action]), 0, 0)
    key(panel, pygame.K_k)
    assert pygame.scrap.get_text() == encode(expected) and panel.note is not None and panel.note.tone == "done"
    app.draw()
    key(panel, pygame.K_v)
    app.settle_review()
    review = app.scenes.top
    assert isinstance(review, ReviewScene) and review.review.ref == expected
    assert Review(expected).frames[-1].finish_order == review.review.frames[-1].finish_order
    review.analyser.wait()
    key(review, pygame.K_ESCAPE)
    assert app.scenes.top is panel


def test_the_result_panel_of_a_practice_game_speaks_from_the_players_seat(screen, two_deals):
    from gouji.ui.scenes.result import seat_label
    app = make_app(screen, lang="en")
    panel = ResultScene(app, two_deals.results[:1], two_deals.rules, None, human=3)
    assert seat_label(3, "en", 3) == "You" and seat_label(0, "en", 3) == "Zhang"   # seat 0 sits opposite
    assert seat_label(0, "en") == "You" and panel.ours == 1
    app.scenes.push(panel)
    app.draw()


def test_next_mark_in_a_deal_without_one_says_so(screen, two_deals):
    scene = review_scene(screen, ref_of(two_deals, 0))
    scene.marks = lambda: []                          # as in a deal the bot found nothing in
    key(scene, pygame.K_n)
    assert scene.line() is not None and scene.line().en.startswith("The bot found no questionable")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_long_name_in_the_result_panel_stops_short_of_its_points(screen, two_deals, lang):
    from gouji.ui.scenes.result import BOX
    app = make_app(screen, lang=lang)
    panel = ResultScene(app, two_deals.results[:1], two_deals.rules, None, human=3)
    app.scenes.push(panel)
    L = app.layout

    def points_column(name: str) -> bytes:
        panel.seat_name = lambda seat, lang: name   # a shared table's names (NetResultScene) can be long
        app.draw()
        left, top = L.pt(BOX[0] + 344, BOX[1] + 76)
        right, bottom = L.pt(BOX[0] + 398, BOX[1] + 76 + 6 * 36)
        return pygame.image.tobytes(screen.subsurface((left, top, right - left, bottom - top)), "RGB")

    assert points_column("下家 Alexandra Fitzgerald-Montgomery") == points_column("Li")


def test_a_shared_tables_review_names_the_people_who_sat_there(screen, two_deals):
    from gouji.store.records import SharedTable
    from gouji.ui.scenes.review import ReviewScene
    app = make_app(screen, lang="en")
    ref = ref_of(two_deals, 0)
    names = ("Me", None, "小红", None, "Alexandra", None)   # seat 0 is the player's; bots in the odd seats
    scene = ReviewScene(app, Review(ref), table=SharedTable("K7M2Q", "", names))   # kept before bots' names
    app.scenes.push(scene)
    me = scene.seat
    people = [s for s, n in enumerate(names) if n and s != me]
    assert people and all(names[s] in scene.seat_name(s) and scene.badge_name(s)[0] == names[s] for s in people)
    plain = ReviewScene(app, Review(ref))
    for seat in range(6):
        if seat == me or names[seat] is None:
            assert scene.seat_name(seat) == plain.seat_name(seat)   # the player, and bots, as before
        assert scene.badge_name(seat)[1] == plain.badge_name(seat)[1]   # the same roles
    app.draw()


def test_a_shared_tables_review_names_its_bots_as_the_host_did(screen, two_deals):
    """The host names a bot's seat from the host's own seat (the same at every end); the review keeps
    that name, in the language shown, not this end's own name for the seat."""
    from gouji.store.records import SharedTable
    from gouji.ui.scenes.review import ReviewScene
    app = make_app(screen, lang="en")
    names = ("Me", None, "小红", None, "Alexandra", None)
    bots = (None, ("老孙", "Sun"), None, ("老王", "Wang"), None, ("小李", "Li"))
    scene = ReviewScene(app, Review(ref_of(two_deals, 0)), table=SharedTable("K7M2Q", "", names, bots))
    app.scenes.push(scene)
    plain = ReviewScene(app, Review(ref_of(two_deals, 0)))
    for seat in (1, 3, 5):
        assert scene.badge_name(seat)[0] == bots[seat][1] and bots[seat][1] in scene.seat_name(seat)
        assert scene.badge_name(seat)[1] == plain.badge_name(seat)[1]   # the same role
        assert bots[seat][0] in scene.name_in(seat, "zh")
    assert plain.badge_name(1)[0] != "Sun" or plain.badge_name(3)[0] != "Wang"   # this end's names differ
    app.draw()
