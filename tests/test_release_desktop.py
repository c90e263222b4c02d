"""``gouji --install-desktop`` puts the game in a Linux desktop's menu with its icon, in
the user's own XDG data folder, starting the very program that installed it;
``--uninstall-desktop`` takes both away; elsewhere the flags are refused in words."""

from __future__ import annotations

import configparser
import sys
from pathlib import Path

import pytest

from gouji import desktop
from gouji.cli.main import main
from gouji.store.resources import asset_path


def read_entry(path: Path) -> dict[str, str]:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str   # type: ignore[assignment,method-assign]   # keys are case-sensitive
    parser.read_string(path.read_text(encoding="utf-8"))
    assert parser.sections() == ["Desktop Entry"]
    return dict(parser["Desktop Entry"])


@pytest.fixture
def xdg(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "share"
    monkeypatch.setenv("XDG_DATA_HOME", str(folder))
    monkeypatch.setattr(sys, "platform", "linux")
    return folder


def test_the_entry_names_the_game_its_icon_and_the_program(xdg, monkeypatch, capsys):
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", "/opt/gouji/gouji")   # a build starts itself
    assert main(["--install-desktop"]) == 0
    entry = read_entry(xdg / "applications" / "gouji.desktop")
    assert entry["Name"] == "Gouji 够级" and entry["Type"] == "Application" and entry["Terminal"] == "false"
    assert entry["Categories"] == "Game;CardGame;" and entry["Comment"]
    assert entry["Exec"] == entry["TryExec"] == "/opt/gouji/gouji"
    assert entry["Icon"] == "gouji" and entry["StartupWMClass"] == "gouji"   # the window's X11 class
    icon = xdg / "icons" / "hicolor" / "256x256" / "apps" / "gouji.png"
    assert icon.read_bytes() == asset_path("icon", "gouji.png").read_bytes()
    said = capsys.readouterr().out
    assert str(xdg / "applications" / "gouji.desktop") in said and str(icon) in said


def test_uninstall_takes_away_both_files_and_says_so(xdg, capsys):
    assert main(["--install-desktop"]) == 0
    assert main(["--uninstall-desktop"]) == 0
    assert "removed" in capsys.readouterr().out
    assert [path for path in xdg.rglob("*") if path.is_file()] == []
    assert main(["--uninstall-desktop"]) == 0
    assert "no menu entry to remove" in capsys.readouterr().out


def test_without_xdg_data_home_it_goes_to_local_share(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    for value in (None, "", "relative/path"):   # the spec ignores a relative XDG_DATA_HOME
        if value is None:
            monkeypatch.delenv("XDG_DATA_HOME", raising=False)
        else:
            monkeypatch.setenv("XDG_DATA_HOME", value)
        assert desktop.data_home() == tmp_path / ".local" / "share"


def test_the_entry_starts_the_script_beside_this_python_then_on_path_then_python_m(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "frozen", False, raising=False)
    bin_folder, elsewhere = tmp_path / "venv" / "bin", tmp_path / "elsewhere"
    bin_folder.mkdir(parents=True)
    elsewhere.mkdir()
    monkeypatch.setattr(sys, "executable", str(bin_folder / "python"))
    monkeypatch.setenv("PATH", str(elsewhere))
    assert desktop.launch_command() == [str(bin_folder / "python"), "-m", "gouji"]
    on_path = elsewhere / "gouji"
    on_path.write_text("#!/bin/sh\n")
    on_path.chmod(0o755)
    assert desktop.launch_command() == [str(on_path)]
    (bin_folder / "gouji").write_text("#!/bin/sh\n")
    assert desktop.launch_command() == [str(bin_folder / "gouji")]


def test_exec_quotes_what_the_desktop_entry_spec_reserves(tmp_path):
    entry = tmp_path / "gouji.desktop"
    entry.write_text(desktop.desktop_entry(["/home/Li Wei/my $games\\bin/python", "-m", "gouji", "50%"]),
                     encoding="utf-8")
    fields = read_entry(entry)
    # quoted for the space, with $ and \ escaped inside the quotes, then every \ doubled as a
    # string value must; a lone % would start a field code
    assert fields["Exec"] == '"/home/Li Wei/my \\\\$games\\\\\\\\bin/python" -m gouji 50%%'
    assert fields["TryExec"] == "/home/Li Wei/my $games\\\\bin/python"


@pytest.mark.parametrize("platform", ["win32", "darwin"])
@pytest.mark.parametrize("flag", ["--install-desktop", "--uninstall-desktop"])
def test_other_systems_are_told_the_flag_is_for_linux(xdg, monkeypatch, capsys, platform, flag):
    monkeypatch.setattr(sys, "platform", platform)
    with pytest.raises(SystemExit) as done:
        main([flag])
    error = capsys.readouterr().err
    assert done.value.code == 2 and f"{flag}: a menu entry is for Linux desktops" in error
    assert "Traceback" not in error and not xdg.exists()


def test_both_flags_at_once_are_refused(xdg, capsys):
    with pytest.raises(SystemExit) as done:
        main(["--install-desktop", "--uninstall-desktop"])
    assert done.value.code == 2 and "not allowed with" in capsys.readouterr().err
    assert not xdg.exists()


def test_a_folder_that_cannot_be_written_is_a_message_not_a_traceback(xdg, capsys):
    xdg.parent.mkdir(exist_ok=True)
    xdg.write_text("a file where the folder should be", encoding="utf-8")
    assert main(["--install-desktop"]) == 1
    error = capsys.readouterr().err
    assert "the menu entry could not be written" in error and "Traceback" not in error
