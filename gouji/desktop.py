"""``gouji --install-desktop``: the game in a Linux desktop's menu, with its icon, for
the user alone (``$XDG_DATA_HOME``, by default ``~/.local/share``: no root needed);
``--uninstall-desktop`` takes both away again. The entry starts the very program
that installed it: the executable of a build, else the ``gouji`` script of the
Python that runs, else ``python -m gouji``."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from .store.resources import AssetMissing, asset_path

APP_ID = "gouji"        # the entry's and the icon's name; also the window's X11 class (ui/shell/window.py)
ICON_SIZE = "256x256"
# characters that make the Desktop Entry spec quote an argument of Exec
RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")


def data_home() -> Path:
    """``$XDG_DATA_HOME`` if set to an absolute path (the spec ignores a relative one), else ~/.local/share."""
    value = os.environ.get("XDG_DATA_HOME", "")
    return Path(value) if os.path.isabs(value) else Path.home() / ".local" / "share"


def entry_path(home: Path) -> Path:
    return home / "applications" / f"{APP_ID}.desktop"


def icon_path(home: Path) -> Path:
    return home / "icons" / "hicolor" / ICON_SIZE / "apps" / f"{APP_ID}.png"


def launch_command() -> list[str]:
    if getattr(sys, "frozen", False):
        return [sys.executable]
    beside = Path(sys.executable).parent / "gouji"   # a venv's or pipx's script, even off PATH
    script = str(beside) if beside.is_file() else shutil.which("gouji")
    return [os.path.abspath(script)] if script else [sys.executable, "-m", "gouji"]


def exec_argument(arg: str) -> str:
    """One argument as the Exec key wants it: quoted if it holds a reserved character
    (with ", `, $ and \\ escaped inside), and % doubled (a lone % starts a field code)."""
    arg = arg.replace("%", "%%")
    if not RESERVED & set(arg):
        return arg
    return '"' + "".join("\\" + c if c in '"`$\\' else c for c in arg) + '"'


def string_value(text: str) -> str:
    """A value of the desktop file: backslashes escaped (the Exec quoting's included)."""
    return text.replace("\\", "\\\\")


def desktop_entry(command: list[str]) -> str:
    line = " ".join(exec_argument(arg) for arg in command)
    return "\n".join([
        "[Desktop Entry]",
        "Type=Application",
        "Name=Gouji 够级",
        "GenericName=Card game",
        "GenericName[zh_CN]=纸牌游戏",
        "Comment=The six-player, four-deck climbing card game of Qingdao, against bots or with friends on your network",
        "Comment[zh_CN]=青岛、山东的六人四副牌够级：离线和五个机器人打",
        f"Exec={string_value(line)}",
        f"TryExec={string_value(command[0])}",
        f"Icon={APP_ID}",
        "Terminal=false",
        "Categories=Game;CardGame;",
        "Keywords=gouji;cards;够级;扑克;",
        f"StartupWMClass={APP_ID}",
        "",
    ])


def install(home: Path) -> list[Path]:
    """Write the entry and the icon; the paths written."""
    icon, entry = icon_path(home), entry_path(home)
    icon.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(asset_path("icon", "gouji.png"), icon)
    entry.parent.mkdir(parents=True, exist_ok=True)
    entry.write_text(desktop_entry(launch_command()), encoding="utf-8")
    return [entry, icon]


def uninstall(home: Path) -> list[Path]:
    """Remove the entry and the icon; the paths that were there."""
    removed = []
    for path in (entry_path(home), icon_path(home)):
        if path.is_file() or path.is_symlink():
            path.unlink()
            removed.append(path)
    return removed


def desktop_problem() -> str | None:
    """Why a desktop entry makes no sense here, known before anything is written."""
    if sys.platform in ("win32", "darwin"):
        return "a menu entry is for Linux desktops; on Windows and macOS start the program you unpacked"
    return None


def run_desktop(installing: bool) -> int:
    """The command's work and its words; the exit status."""
    home = data_home()
    try:
        paths = install(home) if installing else uninstall(home)
    except (OSError, AssetMissing) as exc:
        print(f"gouji: the menu entry could not be {'written' if installing else 'removed'}: {exc}",
              file=sys.stderr)
        return 1
    if installing:
        print(f"gouji: Gouji 够级 is in the menu: {paths[0]}\n  icon: {paths[1]}")
    elif paths:
        print("gouji: removed " + ", ".join(str(path) for path in paths))
    else:
        print(f"gouji: no menu entry to remove in {home}")
    return 0


__all__ = ["install", "uninstall", "desktop_entry", "desktop_problem", "run_desktop", "launch_command",
           "data_home"]
