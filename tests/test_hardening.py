"""No bad file, flag or display may crash the game or lose the player's
data. Each test is named after the behaviour it checks; the fuzz layer over
every file kind is in test_fuzz_files.py, over the public API in
test_fuzz_api.py, and the kill -9 tests in test_crash_safety.py and
test_match_end_kills.py."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gouji import Game, IllegalAction, Match, RuleSet, is_gouji, score_deal
from gouji.store.files import SAVE_LIMIT, TOML_LIMIT
from gouji.store.rules_file import load_rules_file
from gouji.store.saves import dump, load_save, save_path
from gouji.store.settings import Settings, load_settings, rules_path, save_settings, settings_path
from gouji.ui.scenes.table import TableScene
from gouji.ui.scenes.title import TitleScene
from gouji.ui.shell.app import Options

from ui_helpers import make_app

ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def write(path: Path, text: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    return path


def kept_aside(path: Path) -> bool:
    return not os.path.lexists(path) and os.path.lexists(path.with_name(path.name + ".broken"))


# ----- 1. settings whose `settings` is not a table -------------------------------------------
@pytest.mark.parametrize("text", ["settings = 5\n", 'settings = "en"\n', "settings = [1, 2]\n"])
def test_settings_that_are_not_a_table_are_reported_and_kept_aside(home, screen, text):
    path = write(settings_path(), text)
    settings, problem = load_settings()
    assert settings == Settings() and problem and "[settings] must be a table" in problem
    assert str(path) in problem and kept_aside(path)
    write(path, text)
    app = make_app(screen)        # the game starts, and says so
    assert isinstance(app.scenes.top, TitleScene) and "settings.toml" in app.notices.texts("en")[0]


# ----- 2. saves of a wrong shape --------------------------------------------------------------
@pytest.mark.parametrize("text,words", [
    ('{"version":1,"seed":1,"rules":[1,2],"actions":[]}', "rules must be a table"),
    ('{"version":1,"seed":1,"rules":5,"actions":[]}', "rules must be a table"),
    ("[" * 100_000, "nested too deeply"),
    ('{"version":1,"seed":1,"actions":[' + "[" * 100_000 + "]}", "nested too deeply"),
    ('{"version":1,"seed":1,"actions":[["declare","abc"]]}', "its cards are not a list of card numbers"),
    ('{"version":true,"seed":1,"actions":[]}', "'version'"),
    ('{"version":1,"seed":1,"actions":[],"extra":0}', "unknown entry 'extra'"),
    ('{"version":1,"seed":1' + "0" * 5000 + ',"actions":[]}', "damaged"),
])
def test_saves_of_a_wrong_shape_are_refused_in_words_and_kept_aside(home, screen, text, words):
    path = write(save_path(), text)
    loaded = load_save()
    assert loaded.match is None and words in loaded.problem and "not all arguments" not in loaded.problem
    assert kept_aside(path)
    write(path, text)
    app = make_app(screen)        # Continue is not offered for it, and the game starts
    assert not app.scenes.top.buttons.by_key("continue").enabled and "match.json" in app.notices.texts("en")[0]


# ----- 3. stale temporary files ---------------------------------------------------------------
def test_stale_temporary_files_of_atomic_writes_are_swept_at_start_up(home, screen):
    old = time.time() - 3600
    stale = [write(home / "data" / "match.json.k2j4_x9q.tmp", "{"),
             write(home / "config" / "settings.toml.a1b2c3d4.tmp", "")]
    for path in stale:
        os.utime(path, (old, old))
    young = write(home / "data" / "match.json.zzzzzzzz.tmp", "{")      # a running game may be writing it
    foreign = [write(home / "data" / "notes.tmp", "mine"), write(home / "data" / "match.json.NOTOURS1.tmp", "x")]
    for path in foreign:
        os.utime(path, (old, old))
    make_app(screen)
    assert not any(path.exists() for path in stale)
    assert young.exists() and all(path.exists() for path in foreign)


# ----- 4. unattended runs leave the player's files alone --------------------------------------
def players_files(home: Path) -> dict[str, bytes]:
    return {str(p.relative_to(home)): p.read_bytes() for p in sorted(home.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("options", [
    dict(autoplay=True), dict(autoplay=True, quit_after_deal=True, screenshot=True), dict(quit_after_deal=True),
    dict(max_seconds=60.0),
])
@pytest.mark.slow
def test_unattended_runs_neither_write_nor_delete_the_save_or_settings(home, screen, tmp_path, options):
    match = Match.new(5)
    for _ in range(20):
        match.apply(match.legal_actions()[0])
    write(save_path(), dump(match))
    save_settings(Settings().replace(language="en", speed="slow"))
    before = players_files(home)
    if options.get("screenshot"):
        options = {**options, "screenshot": str(tmp_path / "shot.png")}
    app = make_app(screen, seed=9, **options)
    assert app.options.persist is False
    app.new_match()
    app.update_settings(language="zh")
    for _ in range(400):
        app.frame(1 / 60)
    assert app.match.actions and players_files(home) == before
    app.match = Match.replay(match.rules, match.seed, match.actions)   # even a finished match deletes nothing
    while not app.match.is_over:
        app.match.apply(app.match.legal_actions()[0])
    app._applied(None)
    assert players_files(home) == before


def test_an_unattended_run_saves_when_asked(home, screen):
    app = make_app(screen, autoplay=True, save=True)
    for _ in range(50):
        app.frame(1 / 60)
    assert app.options.persist and load_save().match.actions == app.match.actions


# ----- 5. no real window -----------------------------------------------------------------------
def test_a_headless_fallback_driver_is_refused_unless_asked_for(monkeypatch):
    import pygame

    from gouji.ui.shell.window import NoRealWindow, check_real_window
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "offscreen")
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    monkeypatch.setenv("DISPLAY", ":4242")
    with pytest.raises(NoRealWindow, match="DISPLAY=:4242.*'offscreen'"):
        check_real_window()
    monkeypatch.setenv("SDL_VIDEODRIVER", "offscreen")   # on purpose: fine
    check_real_window()
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.delenv("SDL_VIDEODRIVER")
    check_real_window()


@pytest.mark.parametrize("display", [{"DISPLAY": ":4242"}, {"WAYLAND_DISPLAY": "gouji-no-such-display"}])
def test_a_stale_display_exits_with_a_clear_message_instead_of_running_invisibly(tmp_path, display):
    assert not Path("/tmp/.X11-unix/X4242").exists()
    env = {k: v for k, v in ENV.items() if k not in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY")}
    env.update(display, GOUJI_HOME=str(tmp_path))
    result = subprocess.run([sys.executable, "-m", "gouji", "--no-sound"], capture_output=True, text=True,
                            env=env, timeout=60)
    assert result.returncode == 1 and "no window could be opened" in result.stderr
    assert "Traceback" not in result.stderr


# ----- 6. crash.log never follows a link -------------------------------------------------------
def test_the_crash_log_replaces_a_link_instead_of_writing_through_it(home, tmp_path):
    from gouji.ui.shell.startup import write_crash_log
    victim = write(tmp_path / "victim.txt", "precious")
    (home / "data").mkdir(parents=True)
    (home / "data" / "crash.log").symlink_to(victim)
    try:
        raise RuntimeError("boom")
    except RuntimeError:
        where = write_crash_log()
    log = home / "data" / "crash.log"
    assert where == str(log) and not log.is_symlink() and "RuntimeError: boom" in log.read_text()
    assert victim.read_text() == "precious"
    assert [p.name for p in log.parent.iterdir()] == ["crash.log"]   # no temporary file left


# ----- 7. messages that tell the truth, and failures seen where the player is ---------------
def test_a_crash_before_any_match_does_not_claim_the_match_was_saved(home, monkeypatch, capsys):
    from gouji.ui.shell import startup

    def broken_app(options):
        raise RuntimeError("the card art exploded")
    monkeypatch.setattr(startup, "App", broken_app)
    monkeypatch.setattr(startup.pygame, "quit", lambda: None)   # keep the tests' display
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    assert startup.run(Options()) == 1
    err = capsys.readouterr().err
    assert "the card art exploded" in err and "no match was being played" in err and "was saved" not in err


def test_a_crash_during_play_says_what_became_of_the_match(home, screen):
    app = make_app(screen, seed=3)
    assert app.save_note() == "no match was being played"
    app.new_match()
    assert "saved after the last action" in app.save_note()
    unattended = make_app(screen, autoplay=True)
    assert "did not save" in unattended.save_note()


@pytest.mark.parametrize("shot,words", [
    ("/no/such/folder/x.png", "does not exist"), ("x.jpg", ".png"), (".", ".png"),
])
def test_a_bad_screenshot_path_is_refused_before_a_deal_is_played(shot, words, capsys):
    from gouji.cli.main import parse_args
    started = time.perf_counter()
    with pytest.raises(SystemExit) as exit_info:
        parse_args(["--autoplay", "--quit-after-deal", "--screenshot", shot])
    assert exit_info.value.code == 2 and words in capsys.readouterr().err
    assert time.perf_counter() - started < 5   # refused at once, not after a deal (a bound, not a benchmark)


@pytest.mark.slow
def test_save_failures_are_shown_during_play_once_and_settings_failures_are_not_silent(home, screen):
    write(home / "data", "a file where the data folder should be: nothing can be saved")
    write(home / "config", "the same for the settings")
    app = make_app(screen, seed=4, autoplay=True, save=True)
    for _ in range(300):
        app.frame(1 / 60)
    assert isinstance(app.scenes.top, TableScene) and len(app.match.actions) > 3
    texts = app.notices.texts("en")
    assert sum("could not be saved" in text for text in texts) == 1   # shown once, not after every action
    assert "Continue will not find it" in texts[0] and "无法存档" in app.notices.texts("zh")[0]
    app.update_settings(language="en")
    assert any("settings could not be saved" in text for text in app.notices.texts("en"))
    app.draw()      # painted over the table


# ----- 8. the selftest cleans up after itself --------------------------------------------------
@pytest.mark.slow
def test_selftest_leaves_no_folder_behind_and_never_touches_the_players_files(tmp_path):
    temp, home = tmp_path / "tmp", tmp_path / "home"
    temp.mkdir()
    settings = write(home / "config" / "settings.toml", "[settings]\nlanguage = 'en'\n")
    env = {**ENV, "TMPDIR": str(temp), "GOUJI_HOME": str(home)}
    result = subprocess.run([sys.executable, "-m", "gouji", "--selftest"], capture_output=True, text=True,
                            env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    assert list(temp.iterdir()) == []
    assert [p.name for p in home.rglob("*")] == ["config", "settings.toml"]
    assert settings.read_text() == "[settings]\nlanguage = 'en'\n"


# ----- 9. API edges (the property over every public function is in test_fuzz_api.py) -------------
def test_wrong_types_at_the_api_get_clear_errors_naming_the_argument():
    with pytest.raises(TypeError, match="play must be text"):
        is_gouji(b"KK")
    with pytest.raises(IllegalAction, match="action must be text"):
        Match.new(1).apply(None)
    game = Game.new_deal(1)
    with pytest.raises(IllegalAction, match="card numbers"):
        game.apply(game.legal_actions()[0], [None])
    with pytest.raises(TypeError, match="leader must be a seat"):
        Game.from_hands(["3"] * 6, "0")
    with pytest.raises(TypeError, match="rules must be a RuleSet"):
        Game.from_position("3/4/5/6/7/8 lead 0", "basic")


def test_refusals_quote_only_a_short_prefix_of_a_huge_input():
    huge = "x" * 10**7
    nested: list = []
    for _ in range(50_000):
        nested = [nested]
    for call in (lambda: Game.new_deal(1).apply(huge), lambda: Game.from_hands(["3"] * 6, huge),
                 lambda: RuleSet.preset(huge), lambda: RuleSet().replace(deck=huge),
                 lambda: Match.new(1).apply("play " + huge), lambda: Game.from_hands([huge] * 6),
                 lambda: Game.from_position(huge), lambda: score_deal([nested] * 6),
                 lambda: RuleSet().replace(tribute_order=nested)):
        with pytest.raises((TypeError, ValueError)) as info:
            call()
        assert len(str(info.value)) < 300


# ----- 10. size limits --------------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["settings", "rules", "save"])
def test_oversized_files_are_refused_quickly_with_a_message(home, kind):
    path, limit, load = {"settings": (settings_path(), TOML_LIMIT, lambda: load_settings()[1]),
                         "rules": (rules_path(), TOML_LIMIT, lambda: load_rules_file(rules_path())[1]),
                         "save": (save_path(), SAVE_LIMIT, lambda: load_save().problem)}[kind]
    write(path, (b"#" if kind != "save" else b" ") * (3 * limit))
    problem = load()
    assert "too big" in problem and str(path) in problem and kept_aside(path)


def test_a_toml_key_of_many_dotted_parts_is_refused_before_it_eats_the_memory(home):
    write(settings_path(), "a" + ".a" * 30_000 + " = 1\n")   # tomllib: quadratic, gigabytes
    settings, problem = load_settings()
    assert settings == Settings() and "dots" in problem


@pytest.mark.parametrize("key,value", [("series_length", 10**18), ("series_length", 0), ("series_length", True),
                                       ("deck", 10**18), ("deck", "9" * 5000)])
def test_every_numeric_rule_key_is_bounded(key, value):
    with pytest.raises(ValueError, match=key) as info:
        RuleSet().replace(**{key: value})
    assert len(str(info.value)) < 200
