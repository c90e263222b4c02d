"""What each system gets, with the system faked: the icon files (drawn by
build/make_icon.py, checked against the committed ones) and the window's icon; the
spec's choices per platform (console, icon, version resource, the macOS bundle); DPI
awareness on Windows; the player's folders on Linux, Windows and macOS."""

from __future__ import annotations

import ctypes
import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import platformdirs
import platformdirs.macos
import platformdirs.windows
import pygame
import pytest
from PIL import Image
from test_release_version import ROOT, build_script, release

from gouji.store import settings
from gouji.store.resources import AssetMissing
from gouji.ui.shell import window

ICONS = ROOT / "assets" / "icon"
make_icon = build_script("make_icon")


# ----- the icon ----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def fresh() -> dict[str, bytes]:
    """The icon files as the script draws them now (about a second)."""
    return make_icon.files()


def test_the_committed_icon_files_are_what_the_script_draws(fresh, monkeypatch, capsys):
    monkeypatch.setattr(make_icon, "files", lambda: fresh)
    assert make_icon.main(["--check"]) == 0 and "icon files match" in capsys.readouterr().out


def test_the_check_catches_a_changed_a_missing_and_an_extra_file(fresh, monkeypatch, tmp_path):
    monkeypatch.setattr(make_icon, "files", lambda: fresh)
    for name, data in fresh.items():
        (tmp_path / name).write_bytes(data)
    assert make_icon.check(tmp_path) == []
    picture = Image.open(tmp_path / "gouji.png")
    picture.paste((0, 0, 255, 255), (60, 60, 200, 200))   # a blue square over the cards
    picture.save(tmp_path / "gouji.png")
    (tmp_path / "gouji.icns").unlink()
    (tmp_path / "gouji.svg").write_text("<svg/>")
    assert [line.split(":")[0] for line in make_icon.check(tmp_path)] == ["gouji.icns", "gouji.png", "gouji.svg"]
    assert make_icon.main(["--check", "--out", str(tmp_path)]) == 1


def test_each_system_gets_every_size_it_asks_for_in_a_few_hundred_kb():
    ico = make_icon.frames((ICONS / "gouji.ico").read_bytes())
    icns = make_icon.frames((ICONS / "gouji.icns").read_bytes())
    png = Image.open(ICONS / "gouji.png")
    assert sorted(ico) == [16, 24, 32, 48, 64, 128, 256] and sorted(icns) == [16, 32, 64, 128, 256, 512]
    assert png.size == (256, 256) and png.mode == "RGBA"
    assert sum(path.stat().st_size for path in ICONS.iterdir()) < 400_000
    # the felt: left of the one card at 32 px and below, above the fan of cards over that
    for picture, felt in ((ico[32], (0.12, 0.5)), (icns[512], (0.5, 0.15)), (png.convert("RGBA"), (0.5, 0.15))):
        width = picture.width
        assert picture.getpixel((0, 0))[3] == 0   # rounded: the corners are clear
        red, green, blue, _ = picture.getpixel((int(felt[0] * width), int(felt[1] * width)))
        assert green > red + 40 and green > blue + 20


def test_the_window_icon_is_the_games_icon_at_64_px(display):
    icon = window.make_icon()
    expected = pygame.transform.smoothscale(pygame.image.load(str(ICONS / "gouji.png")), (64, 64))
    assert icon.get_size() == (64, 64)
    assert [icon.get_at((x, 32)) for x in range(0, 64, 4)] == [expected.get_at((x, 32)) for x in range(0, 64, 4)]


@pytest.mark.parametrize("problem", ["missing", "unreadable"])
def test_without_a_usable_icon_file_the_window_gets_a_drawn_one(display, monkeypatch, tmp_path, problem):
    def broken(*parts: str) -> Path:
        if problem == "missing":
            raise AssetMissing("asset icon/gouji.png not found")
        (tmp_path / "gouji.png").write_bytes(b"not a png")
        return tmp_path / "gouji.png"
    monkeypatch.setattr(window, "asset_path", broken)
    icon = window.make_icon()
    drawn = window.drawn_icon()
    assert icon.get_size() == (64, 64)
    assert [icon.get_at((x, 33)) for x in range(64)] == [drawn.get_at((x, 33)) for x in range(64)]


# ----- the spec, per platform --------------------------------------------------------------

class Made:
    """A PyInstaller building block: keeps its arguments."""

    pure: list[Any] = []
    scripts: list[Any] = []
    binaries: list[Any] = []
    datas: list[Any] = []

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.args, self.kwargs = args, kwargs


def run_spec(monkeypatch, platform: str, onefile: bool) -> dict[str, Any]:
    """gouji.spec run as PyInstaller runs it, on ``platform``, with its classes recorded."""
    hooks = ModuleType("PyInstaller.utils.hooks")
    hooks.copy_metadata = lambda name: [(f"/site/{name}.dist-info", f"{name}.dist-info")]   # type: ignore[attr-defined]
    for name in ("PyInstaller", "PyInstaller.utils"):
        monkeypatch.setitem(sys.modules, name, ModuleType(name))
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.hooks", hooks)
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setenv("GOUJI_ONEFILE", "1" if onefile else "0")
    monkeypatch.setenv("GOUJI_VERSION_FILE", "/work/version_info.txt")
    made = {kind: type(kind, (Made,), {}) for kind in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")}
    space: dict[str, Any] = {"SPECPATH": str(ROOT / "build"), **made}
    exec(compile((ROOT / "build" / "gouji.spec").read_text(encoding="utf-8"), "gouji.spec", "exec"), space)
    return space


@pytest.mark.parametrize("platform, onefile, console, icon, version, bundle", [
    ("linux", False, True, None, None, False),
    ("linux", True, True, None, None, False),
    ("win32", False, False, "gouji.ico", "/work/version_info.txt", False),
    ("win32", True, False, "gouji.ico", "/work/version_info.txt", False),
    ("darwin", False, False, "gouji.icns", None, True),
    ("darwin", True, True, "gouji.icns", None, False),   # one-file .app bundles are deprecated: a terminal program
])
def test_the_spec_makes_an_application_where_the_system_has_them(monkeypatch, platform, onefile, console, icon,
                                                                 version, bundle):
    space = run_spec(monkeypatch, platform, onefile)
    exe = space["exe"].kwargs
    assert exe["console"] is console and exe["version"] == version
    assert (Path(exe["icon"]).name if exe["icon"] else None) == icon
    assert exe["name"] == "gouji" and ("coll" in space) is not onefile
    assert ("app" in space) is bundle
    if bundle:
        app = space["app"].kwargs
        assert app["name"] == "Gouji.app" and app["bundle_identifier"] == release.BUNDLE_ID
        assert app["info_plist"] == release.info_plist(release.project_version())
        assert Path(app["icon"]).is_file() and app["version"] == release.project_version()
    if icon:
        assert Path(exe["icon"]).is_file()


def test_the_spec_bundles_every_asset_folder_with_the_icon(monkeypatch):
    datas = run_spec(monkeypatch, "linux", False)["analysis"].kwargs["datas"]
    assert (str(ICONS), "gouji/assets/icon") in datas
    assert {target for _, target in datas} >= {"gouji/assets/fonts", "gouji/assets/sounds", "gouji/assets/lessons"}


# ----- DPI awareness and the player's folders ---------------------------------------------

def fake_windll(monkeypatch, answer: Exception | None = None) -> list[int]:
    calls: list[int] = []

    def set_awareness(level: int) -> int:
        calls.append(level)
        if answer is not None:
            raise answer
        return 0
    monkeypatch.setattr(ctypes, "windll", SimpleNamespace(shcore=SimpleNamespace(SetProcessDpiAwareness=set_awareness)),
                        raising=False)
    return calls


def test_windows_is_told_the_game_draws_at_the_real_pixel_size(monkeypatch):
    calls = fake_windll(monkeypatch)
    monkeypatch.setattr(window.sys, "platform", "win32")
    window.declare_dpi_aware()
    assert calls == [2]   # PROCESS_PER_MONITOR_DPI_AWARE: sharp at 125-150 % and across screens


@pytest.mark.parametrize("platform", ["linux", "darwin"])
def test_other_systems_are_not_asked_about_dpi(monkeypatch, platform):
    calls = fake_windll(monkeypatch)
    monkeypatch.setattr(window.sys, "platform", platform)
    window.declare_dpi_aware()
    assert calls == []


def test_an_older_windows_without_the_call_still_starts(monkeypatch):
    calls = fake_windll(monkeypatch, OSError("shcore.dll not found"))
    monkeypatch.setattr(window.sys, "platform", "win32")
    window.declare_dpi_aware()   # no exception
    assert calls == [2]
    monkeypatch.delattr(ctypes, "windll")
    window.declare_dpi_aware()


@pytest.mark.parametrize("system", ["linux", "windows", "macos"])
def test_the_players_files_go_to_the_systems_own_folders(monkeypatch, tmp_path, system):
    monkeypatch.delenv("GOUJI_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME"):   # set on Linux only (platformdirs reads them on macOS too)
        if system == "linux":
            monkeypatch.setenv(name, str(tmp_path / name.split("_")[1].lower()))
        else:
            monkeypatch.delenv(name, raising=False)
    local = str(tmp_path / "AppData" / "Local")
    monkeypatch.setattr(platformdirs.windows, "get_win_folder", lambda csidl: {"CSIDL_LOCAL_APPDATA": local}[csidl])
    kind = {"linux": platformdirs.PlatformDirs, "windows": platformdirs.windows.Windows,
            "macos": platformdirs.macos.MacOS}[system]
    monkeypatch.setattr(platformdirs, "PlatformDirs", kind)
    expected = {"linux": (tmp_path / "config" / "gouji", tmp_path / "data" / "gouji"),
                "windows": (Path(local) / "gouji", Path(local) / "gouji"),   # no company folder above it
                "macos": (tmp_path / "Library" / "Application Support" / "gouji",) * 2}[system]
    assert (settings.config_dir(), settings.data_dir()) == expected


def test_gouji_home_moves_both_folders_on_every_system(monkeypatch, tmp_path):
    monkeypatch.setenv("GOUJI_HOME", str(tmp_path))
    monkeypatch.setattr(platformdirs, "PlatformDirs", platformdirs.windows.Windows)
    assert (settings.config_dir(), settings.data_dir()) == (tmp_path / "config", tmp_path / "data")
