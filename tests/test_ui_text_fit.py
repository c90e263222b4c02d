"""Every text fits its box, everywhere: a tour of every screen (the one the
screenshot tool takes: title, settings, rules, help, Learn, lessons, quiz,
practice, the table in each phase, the menu, the result panels, review,
statistics, history, paste and the reset question, and the 联机 screens — which
test_ui_net_screens also checks alone at both sizes in both languages) and the table in every
phase a player can be asked in, at 1366×768 and 1920×1080 in both languages.
The fonts note every text that had to be cut with '…', every wrapped text that
lost lines and every word or card group wider than its box; the tour fails on
the first. Only a badge's trailing words may be cut (the opened state before
them is kept whole, test_ui_fit)."""

from __future__ import annotations

import pytest
from test_ui_phases import SESSIONS, scene_at

from gouji.engine.cards import RANK_LETTERS
from gouji.ui.draw.fonts import Fonts
from gouji.ui.shell.app import App, Options
from gouji.ui.tools.shots import tour

pytestmark = pytest.mark.slow   # a whole match and every screen, four times over: the full lane only

SIZES = [(1366, 768), (1920, 1080)]


@pytest.mark.parametrize("size,lang", [((1366, 768), "en"), ((1920, 1080), "zh")],
                         ids=["1366x768-en", "1920x1080-zh"])
def test_every_screen_of_the_tour_fits_its_text(display, home, cuts, size, lang):
    """Two of the four combinations (the tightest text, English at 1366×768, and Chinese at
    1920×1080): a whole match each, so the full lane stays under its limit; every table phase
    is still checked at all four."""
    screen = display.set_mode(size)
    app = App(Options(lang=lang, sound=False, speed="instant", seed=1, save=False, size=size, autoplay=True),
              screen=screen)
    shots: list[str] = []
    tour(app, lambda name: shots.append(name) if not cuts else pytest.fail(f"{name}: cut {cuts}"), seeds=(1,))
    assert {"title", "settings", "rules", "help", "learn", "lesson-step", "quiz-answered", "practice", "menu",
            "deal-result", "match-end", "review-mark", "stats", "history", "paste-refused", "net-host", "net-join",
            "lobby", "lobby-guest", "net-table"} <= set(shots)
    assert not cuts, cuts


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_table_fits_its_text_in_every_phase(display, home, cuts, size, lang):
    """Each phase's prompt, buttons, badges and log, with a hint and a refusal shown."""
    screen = display.set_mode(size)
    for name in SESSIONS:
        scene = scene_at(screen, name)
        scene.app.update_settings(language=lang)
        scene.app.draw()
        scene.intent("hint")
        scene.app.draw()
        scene.intent("play")          # the hinted play, or a refusal with its reason
        scene.app.draw()
        assert not cuts, (name, cuts)


def test_the_fonts_note_a_cut_a_lost_line_and_an_overflow(screen, cuts):
    """The check itself: each kind of text that does not fit is noted; text that fits is not."""
    fonts = Fonts()
    fonts.render_fit("短", 20, (255, 255, 255), 200)
    fonts.lines("one two", 20, 400, 1)
    assert cuts == []
    fonts.render_fit("这一行字太长了放不进这么窄的格子", 20, (255, 255, 255), 60)
    fonts.render_fit("a badge's trailing words", 20, (255, 255, 255), 40, may_cut=True)   # allowed
    assert len(cuts) == 1
    lines = fonts.lines("one two three four five six seven eight nine ten", 20, 80, 2)
    assert len(lines) == 2 and lines[-1].endswith("…") and len(cuts) == 2
    fonts.wrap("incomprehensibilities", 20, 30)
    assert len(cuts) == 3
    wide = fonts.get(20).size("Your team's average margin a deal")[0]
    fonts.render_fit("Your team's average margin a deal", 20, (255, 255, 255), wide * 2 // 3)   # shrunk to ~13
    assert len(cuts) == 4    # it fits, but far smaller than its neighbours: noted too


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_longest_refusals_of_a_burn_window_are_shown_whole(display, home, cuts, size, lang):
    """The burn window's reasons are the table's longest (a plain play over a 够级 by a seat
    that is not its 对头, a burn of the wrong size, pass and rang): each is drawn in full, never cut."""
    screen = display.set_mode(size)
    scene = scene_at(screen, "burn")
    scene.app.update_settings(language=lang)
    size_of = len(scene.view.standing)      # KK: a pair of kings stands, the session's human holds 5 A A
    top = max(rank for rank, count in enumerate(scene.view.hand) if count >= size_of)
    low = min(rank for rank, count in enumerate(scene.view.hand) if count)
    for word in (f"play {RANK_LETTERS[top] * size_of}", f"burn {RANK_LETTERS[low]}", "pass", "rang"):
        scene._after_submit(scene.table.submit(scene.human, word))
        assert scene.note is not None and scene.note.line.tone == "error", word
        scene.app.draw()
        assert not cuts, (word, cuts)
