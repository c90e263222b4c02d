"""Settings persist as TOML in the user's folder; a broken file never crashes."""

from __future__ import annotations

import pytest

from gouji.store.settings import Settings, load_settings, save_settings


def test_round_trip(tmp_path):
    path = tmp_path / "settings.toml"
    wanted = Settings().replace(language="en", speed="fast", sound=False, counter=False,
                                show_counts="always", auto_pass=False, preset="basic", bot_level="hard")
    assert save_settings(wanted, path) is None
    assert load_settings(path) == (wanted, None)


def test_missing_file_gives_defaults(tmp_path):
    assert load_settings(tmp_path / "none.toml") == (Settings(), None)


@pytest.mark.parametrize("text,fragment", [
    ("[settings\n", "TOML"), ("[settings]\nlanguage = 'fr'\n", "'language'"),
    ("[settings]\nvolume = 3\n", "'volume'"), ("[settings]\nsound = 'loud'\n", "'sound'"),
    ("\x00\x01garbage", "TOML"), ("[settings]\nbot_level = 'genius'\n", "'bot_level'"),
])
def test_a_broken_file_is_reported_kept_aside_and_replaced(tmp_path, text, fragment):
    path = tmp_path / "settings.toml"
    path.write_text(text, encoding="utf-8")
    settings, problem = load_settings(path)
    assert settings == Settings()
    assert problem and fragment in problem
    assert not path.exists() and list(tmp_path.glob("settings.toml.broken*"))


def test_undecodable_bytes_are_handled(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_bytes(b"\xff\xfe\xfa")
    settings, problem = load_settings(path)
    assert settings == Settings() and problem


def test_unwritable_folder_reports_instead_of_raising(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert save_settings(Settings(), blocker / "settings.toml") is not None
