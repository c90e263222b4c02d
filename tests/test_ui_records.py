"""The records in the app, driven headless: deals recorded after every action
on a worker (practice ones marked, the save untouched by practice), a broken
database as a notice, the statistics drawn from recorded deals with filters
and a reset that asks first, the history list opening a review, the paste box
(typing, Ctrl+V, a damaged code refused), every key on each screen, and
``gouji --review``. ~25 s."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from concurrent.futures import Future

import pygame
import pytest
from match_helpers import bot_match, random_match
from test_ui_phases import KEYS

from gouji import Match, RuleSet
from gouji.engine.dealcode import DealRef, encode
from gouji.review import Review
from gouji.store.history import History
from gouji.store.records import Seating
from gouji.store.saves import has_save
from gouji.ui.scenes.confirm import ConfirmScene
from gouji.ui.scenes.history_list import ROW as ROW_HEIGHT
from gouji.ui.scenes.history_list import TOP as TOP_ROW
from gouji.ui.scenes.history_list import HistoryScene
from gouji.ui.scenes.loading import LoadingScene
from gouji.ui.scenes.paste import PasteScene
from gouji.ui.scenes.review import ReviewScene
from gouji.ui.scenes.stats import StatsScene
from gouji.ui.scenes.title import TitleScene
from gouji.ui.workers.recorder import Recorder
from gouji.ui.workers.review_loader import Job

from ui_helpers import key, make_app

ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


@pytest.fixture(scope="module")
def match() -> Match:
    return bot_match(8, RuleSet.preset("basic").replace(series_length=2))   # two deals, played to the end


@pytest.fixture
def app(screen, tmp_path):
    """An app whose history is a fresh file of this test's own."""
    app = make_app(screen, lang="en")
    app.recorder = Recorder(History(tmp_path / "history.sqlite3"))
    return app


def record(app, match: Match, seating: Seating = Seating()) -> None:
    """As the app does: after every action of a fresh replay."""
    replay = Match.new(match.seed, match.rules)
    for action in match.actions:
        replay.apply(action)
        app.recorder.after_action(replay, seating)
    app.recorder.wait()


def settle(app, frames: int = 200) -> None:
    """Frames until the screen on top has what it was reading (rows, a review, a pasted code)."""
    for _ in range(frames):
        app.frame(0.02)
        top = app.scenes.top
        busy = getattr(top, "_loading", None) or getattr(top, "opening", None) or getattr(top, "job", None)
        if not busy:
            return
        time.sleep(0.005)


def text_event(text: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTINPUT, text=text)


# ----- recording ----------------------------------------------------------------------------
def play_a_deal(app) -> None:
    """The bots play the human's seat at the table on top until a deal ends, and it is written."""
    scene = app.scenes.top
    scene.table.autoplay = True
    for _ in range(20000):
        if app.playing.results:
            break
        scene.update(1 / 30)
    app.recorder.wait()


def test_the_table_records_each_deal_and_practice_is_marked_and_never_saved(app):
    app.play_match(Match.new(5, RuleSet.preset("basic")))
    play_a_deal(app)
    deals = app.recorder.history.deals(practice=None)
    ended = app.playing.results[0]
    assert len(deals) == 1 and not deals[0].practice and deals[0].places == ended.places
    saved = has_save()
    review = Review(DealRef(app.playing.rules, app.playing.seed, tuple(app.playing.actions[:ended.end_action])))
    app.play_practice(review.play_from_here(30), 0)
    play_a_deal(app)
    kinds = sorted(d.practice for d in app.recorder.history.deals(practice=None))
    assert kinds == [False, True]
    assert has_save() == saved            # practice neither writes nor deletes the player's save


def test_recording_waits_for_no_one(app, match):
    """A slow database never holds up the table: the write happens on the worker."""
    gate = threading.Event()
    history = app.recorder.history
    slow = history.record

    def record_slowly(*args, **kwargs):
        gate.wait(5)
        return slow(*args, **kwargs)
    history.record = record_slowly   # type: ignore[method-assign]
    replay = Match.new(match.seed, match.rules)
    worst = 0.0
    for action in match.actions:
        replay.apply(action)
        started = time.perf_counter()
        app.recorder.after_action(replay, Seating())
        worst = max(worst, time.perf_counter() - started)
    assert worst < 0.05                   # the worker is still blocked: nothing waited for it
    gate.set()
    app.recorder.wait()
    assert history.counts()[0] == 2


def test_the_worker_records_the_match_as_it_was_handed_over(app, match):
    """The loop goes on playing while the worker writes: a deal handed over is
    written as it ended, not with what the live match has done since."""
    gate = threading.Event()
    app.recorder.ask(lambda h: gate.wait(5))        # the worker is busy until the gate opens
    replay = Match.new(match.seed, match.rules)
    first_end = match.results[0].end_action
    for action in match.actions[:first_end]:
        replay.apply(action)
        app.recorder.after_action(replay, Seating())
    for action in match.actions[first_end:]:      # the second deal, not handed over
        replay.apply(action)
    assert len(replay.results) == 2
    gate.set()
    app.recorder.wait()
    history = app.recorder.history
    assert history.counts()[0] == 1
    ref, _ = history.deal_ref(history.deals()[0]) or (None, None)
    assert ref is not None and list(ref.actions) == match.actions[:first_end]


def test_a_broken_database_is_a_notice_not_a_crash(app, match, tmp_path):
    path = tmp_path / "history.sqlite3"
    path.write_bytes(b"this is no database " * 200)
    record(app, match)
    app.frame(0.01)
    assert any(n.key == "history_problem" for n in app.notices.items)
    assert (tmp_path / "history.sqlite3.broken").exists()
    assert app.recorder.history.counts()[0] == 2     # a new database took the deals


# ----- statistics ------------------------------------------------------------------------------
def test_statistics_are_drawn_from_the_recorded_deals(app, match):
    record(app, match, Seating(bot_level="hard"))
    record(app, bot_match(9, RuleSet.preset("basic").replace(series_length=1)), Seating(bot_level="easy"))
    app.open_stats()
    scene = app.scenes.top
    assert isinstance(scene, StatsScene)
    settle(app)
    stats = scene.stats
    assert stats is not None and stats.deals == 3 and stats.matches == 2 and sum(stats.places) == 3
    assert len(stats.recent) == 2 and set(stats.by_level) == {"easy", "hard"}
    app.draw()
    key(scene, pygame.K_l)                            # level filter: easy
    assert scene.level == "easy" and scene.stats.deals == 1
    key(scene, pygame.K_l)
    assert scene.level == "hard" and scene.stats.deals == 2
    key(scene, pygame.K_r)
    assert scene.preset == "custom" and scene.stats.deals == 2    # basic, shortened: a custom rule set
    app.draw()


def test_reset_asks_first(app, match):
    record(app, match)
    app.open_stats()
    settle(app)
    scene = app.scenes.top
    key(scene, pygame.K_x)
    assert isinstance(app.scenes.top, ConfirmScene)
    app.draw()
    key(app.scenes.top, pygame.K_n)                   # no: nothing forgotten
    assert app.scenes.top is scene and app.recorder.history.counts()[0] == 2
    key(scene, pygame.K_x)
    key(app.scenes.top, pygame.K_ESCAPE)
    assert app.scenes.top is scene and app.recorder.history.counts()[0] == 2
    key(scene, pygame.K_x)
    key(app.scenes.top, pygame.K_y)
    settle(app)
    assert app.scenes.top is scene and scene.stats.deals == 0 and app.recorder.history.counts() == (0, 0, 0)
    app.draw()


# ----- history list ------------------------------------------------------------------------------
def test_the_history_list_opens_a_review_of_the_chosen_deal(app, match):
    record(app, match)
    app.scenes.reset(TitleScene(app))
    key(app.scenes.top, pygame.K_d)
    scene = app.scenes.top
    assert isinstance(scene, HistoryScene)
    settle(app)
    assert [d.index for d in scene.deals] == [1, 0]
    app.draw()
    key(scene, pygame.K_DOWN)                         # the older one: the first deal
    key(scene, pygame.K_RETURN)
    settle(app)
    review = app.scenes.top
    assert isinstance(review, ReviewScene)
    assert review.review.ref.deal == 0 and review.review.ref.actions == tuple(match.actions[:match.results[0]
                                                                                             .end_action])
    review.analyser.wait()
    key(review, pygame.K_ESCAPE)
    assert app.scenes.top is scene


def test_a_shared_deal_opens_its_review_with_the_people_who_sat_there(app, match):
    from dataclasses import replace

    from gouji.store.records import SharedTable
    record(app, match)
    app.scenes.reset(TitleScene(app))
    key(app.scenes.top, pygame.K_d)
    scene = app.scenes.top
    settle(app)
    names = ("小红", "Alexandra", None, "老王", None, "Bo")
    table = SharedTable("K7M2Q", "", names, (None, None, ("阿梅", "Mei"), None, ("小赵", "Zhao"), None))
    scene.deals = [replace(deal, shared=table) for deal in scene.deals]
    key(scene, pygame.K_RETURN)
    settle(app)
    review = app.scenes.top
    assert isinstance(review, ReviewScene) and review.table == table
    other = next(s for s, n in enumerate(names) if n and s != review.seat)
    assert names[other] in review.seat_name(other)
    review.analyser.wait()


def test_a_long_history_list_scrolls_by_its_bar(app, match):
    """Drag the thumb to the end, click the track above it for a page back;
    a click on a row still opens that row, and a list that fits has no bar."""
    from dataclasses import replace

    from gouji.ui.scenes.history_list import ROWS
    record(app, match)
    app.scenes.reset(TitleScene(app))
    key(app.scenes.top, pygame.K_d)
    scene = app.scenes.top
    settle(app)
    assert scene.bar.thumb(len(scene.deals), ROWS, 0) is None    # two deals fit
    scene.deals = [replace(scene.deals[i % 2], index=i) for i in range(60)]
    thumb = scene.bar.thumb(60, ROWS, 0)
    assert thumb is not None and thumb.height < scene.bar.track.height
    down = (thumb.centerx, thumb.centery)
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=down))
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(down[0], scene.bar.track.bottom + 50), rel=(0, 0),
                                    buttons=(1, 0, 0)))
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(down[0], scene.bar.track.bottom + 50)))
    assert scene.first == 60 - ROWS and scene.bar.grab is None
    app.draw()
    top = scene.bar.track.top + 2
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(down[0], top)))
    assert scene.first == 60 - 2 * ROWS
    row_y = app.layout.pt(0, TOP_ROW)[1] + app.layout.s(ROW_HEIGHT) // 2
    assert scene.row_at((app.layout.pt(300, 0)[0], row_y)) == scene.first


# ----- the paste box ------------------------------------------------------------------------------
def test_a_pasted_code_opens_its_review_and_a_damaged_one_is_refused(app, match):
    ref = DealRef(match.rules, match.seed, tuple(match.actions[:match.results[0].end_action]), 0, 0)
    code = encode(ref)
    app.open_paste()
    box = app.scenes.top
    assert isinstance(box, PasteScene)
    box.handle(text_event("v"))                       # the key that opened the box, in the same frame
    app.frame(0.01)
    assert box.box.text == ""
    damaged = code[:20] + ("A" if code[20] != "A" else "B") + code[21:]
    for text in ("请看这局：", damaged):
        box.handle(text_event(text))
    key(box, pygame.K_RETURN)
    settle(app)
    assert app.scenes.top is box and box.problem is not None and "damaged" in box.problem
    app.draw()
    box.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_CTRL, unicode=""))
    key(box, pygame.K_BACKSPACE)
    assert box.box.text == ""
    key(box, pygame.K_RETURN)
    assert app.scenes.top is box and "paste" in box.problem.lower()
    pygame.scrap.put_text(f"  {code[:40]}\n{code[40:]}  ")   # as a chat program might wrap it
    box.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_CTRL, unicode=""))
    app.draw()
    key(box, pygame.K_RETURN)
    settle(app)
    review = app.scenes.top
    assert isinstance(review, ReviewScene) and review.review.ref == ref
    assert box not in app.scenes.scenes
    review.analyser.wait()


@pytest.mark.slow
def test_the_longest_code_opens_while_the_screen_keeps_drawing_and_a_huge_paste_is_refused(app):
    """A 99-deal match's last deal (thousands of characters, seconds to replay): pasted whole, read
    on a worker while frames go on, and reviewed; Esc stops a reading; a paste longer than any
    code is refused in words, the box unchanged."""
    from gouji.engine.dealcode import MAX_TEXT_CHARS
    rules = RuleSet.preset("basic").replace(series_length=99)
    ref = DealRef(rules, 2, tuple(random_match(2, rules).actions), 98, 1)
    code = encode(ref)
    app.open_paste()
    box = app.scenes.top
    app.frame(0.01)
    pygame.scrap.put_text("x" * (MAX_TEXT_CHARS + 1))
    box.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_CTRL, unicode=""))
    assert box.box.text == "" and "too long" in box.problem
    pygame.scrap.put_text(f"my longest match: {code}\nthanks")
    box.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_CTRL, unicode=""))
    assert len(box.box.text) > len(code) > 4000 and box.problem is None
    key(box, pygame.K_RETURN)
    frames = 0
    while box.job is not None and frames < 3:          # the loop goes on while the code is read
        app.frame(0.02)
        app.draw()
        frames += 1
    assert frames == 3 and box.job is not None and app.scenes.top is box
    key(box, pygame.K_ESCAPE)                           # Esc stops the reading, the box stays
    assert box.job is None and app.scenes.top is box
    key(box, pygame.K_RETURN)
    settle(app, frames=3000)
    review = app.scenes.top
    assert isinstance(review, ReviewScene) and review.review.ref == ref
    review.analyser.wait()


def test_damaged_history_rows_are_a_notice_not_a_crash(app, match):
    record(app, match)
    import sqlite3
    with sqlite3.connect(app.recorder.history.path) as db:
        db.execute("UPDATE deals SET places = '[1,2' WHERE idx = 0")
    for opener in (app.open_stats, app.open_history):
        app.scenes.reset(TitleScene(app))
        opener()
        settle(app)
        app.draw()
    assert any("damaged record skipped" in text for text in app.notices.texts("en"))
    assert app.scenes.top.deals and not list(app.recorder.history.path.parent.glob("*.broken*"))


def test_editing_keys_in_the_paste_box(app):
    app.open_paste("GJ1:abc")
    box = app.scenes.top
    app.frame(0.01)
    for code in (pygame.K_LEFT, pygame.K_LEFT, pygame.K_BACKSPACE, pygame.K_HOME, pygame.K_DELETE, pygame.K_END):
        key(box, code)
    assert box.box.text == "J1:bc" and box.box.cursor == 5
    box.handle(pygame.event.Event(pygame.TEXTEDITING, text="牌局", start=0, length=2))
    app.draw()                                        # the input method's text shows, underlined
    box.handle(text_event("牌局"))
    assert box.box.text == "J1:bc牌局" and box.box.composing == ""
    box.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_CTRL, unicode=""))
    box.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=pygame.KMOD_CTRL, unicode=""))
    assert pygame.scrap.get_text() == "J1:bc牌局"
    box.handle(text_event("x"))                        # typing over a selection replaces it
    assert box.box.text == "x"


# ----- every key on every new screen --------------------------------------------------------------
def test_every_key_on_the_loading_panel_leaves_it_up_but_esc_which_cancels(app):
    """The panel shown while a review is made (a job that never ends here)."""
    for code in KEYS:
        app.scenes.reset(TitleScene(app))
        job: Job = Job(Future())
        panel = LoadingScene(app, job, lambda review: None, lambda zh, en: None)
        app.scenes.push(panel)
        for mod in (0, pygame.KMOD_CTRL):
            panel.handle(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=""))
            app.frame(0.02)
            app.draw()
        cancelled = code == pygame.K_ESCAPE
        assert (app.scenes.top is not panel) == cancelled == job.cancel.is_set()
        assert isinstance(app.scenes.top, TitleScene if cancelled else LoadingScene) and app.running


@pytest.mark.parametrize("name", ["stats", "history", "paste", "confirm"])
def test_every_key_on_each_records_screen(app, match, name):
    record(app, match)
    for code in KEYS:
        app.scenes.reset(TitleScene(app))
        if name == "confirm":
            app.open_stats()
            app.scenes.push(ConfirmScene(app, "st_reset_question", "st_reset_yes", lambda: None))
        else:
            {"stats": app.open_stats, "history": app.open_history, "paste": app.open_paste}[name]()
        settle(app)
        top = app.scenes.top
        for mod in (0, pygame.KMOD_CTRL):
            top.handle(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=""))
            settle(app)
            app.draw()
            assert app.scenes.top is not None and app.running
    app.recorder.wait()
    assert app.recorder.history.counts()[0] == 2, "no key loses a recorded deal without the question"


def test_title_has_statistics_and_past_deals_with_keys(app):
    app.scenes.reset(TitleScene(app))
    title = app.scenes.top
    assert title.buttons.by_key("stats").hotkey == pygame.K_t
    key(title, pygame.K_t)
    assert isinstance(app.scenes.top, StatsScene)
    key(app.scenes.top, pygame.K_ESCAPE)
    key(title, pygame.K_d)
    assert isinstance(app.scenes.top, HistoryScene)
    key(app.scenes.top, pygame.K_v)
    assert isinstance(app.scenes.top, PasteScene)


# ----- gouji --review ------------------------------------------------------------------------------
@pytest.mark.slow
def test_review_flag_writes_a_picture_of_the_first_position(tmp_path, match):
    code = encode(DealRef(match.rules, match.seed, tuple(match.actions[:match.results[1].end_action]), 1, 2))
    shot = tmp_path / "review.png"
    result = subprocess.run([sys.executable, "-m", "gouji", "--review", code, "--screenshot", str(shot), "--size",
                             "1366x700", "--lang", "en"], capture_output=True, text=True,
                            env={**ENV, "GOUJI_HOME": str(tmp_path / "home")}, timeout=120)
    assert result.returncode == 0, result.stderr
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1366, 700)
    assert len({tuple(image.get_at((x, y)))[:3] for x in range(0, 1366, 16) for y in range(0, 700, 16)}) > 60
    assert not (tmp_path / "home").exists() or not any((tmp_path / "home").rglob("*.sqlite3"))


def test_review_flag_refuses_a_bad_code_with_status_2(tmp_path):
    result = subprocess.run([sys.executable, "-m", "gouji", "--review", "GJ1:AAAAdamaged", "--screenshot",
                             str(tmp_path / "x.png")], capture_output=True, text=True, env=ENV, timeout=60)
    assert result.returncode == 2
    assert "damaged" in result.stderr and "牌局码" in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "x.png").exists()
