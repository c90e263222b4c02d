"""The game's window: sized to fit the screen, drawn at its real size (no
bitmap scaling, so text stays crisp), resizable, and fullscreen on F11."""

from __future__ import annotations

import os
import sys
import warnings

import pygame

from ...store.resources import AssetMissing, asset_path
from ..model import layout

TITLE = "够级 Gouji"
HEADLESS_DRIVERS = ("offscreen", "dummy")   # SDL's fallbacks that draw into no window at all
ICON_SIZE = 64


class NoRealWindow(RuntimeError):
    """SDL opened no window a player could see."""


def declare_dpi_aware() -> None:
    """On Windows, say we draw at the real pixel size, or Windows scales the
    window as a bitmap (blurry) at 125–150 %. A no-op elsewhere."""
    if sys.platform != "win32":
        return
    try:
        import ctypes
        getattr(ctypes, "windll").shcore.SetProcessDpiAwareness(2)   # windll exists only on Windows
    except (AttributeError, OSError):
        pass  # older Windows: scaled, but it still works


def desktop_size() -> tuple[int, int] | None:
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return sizes[0] if sizes else None


def set_mode(size: tuple[int, int], fullscreen: bool = False) -> pygame.Surface:
    flags = pygame.FULLSCREEN if fullscreen else pygame.RESIZABLE
    with warnings.catch_warnings():  # "no fast renderer" under a software display is fine
        warnings.simplefilter("ignore")
        screen = pygame.display.set_mode((0, 0) if fullscreen else size, flags)
        try:
            pygame.Window.from_display_module().minimum_size = layout.MIN_SIZE
        except (AttributeError, pygame.error):
            pass  # an older pygame: no minimum, the layout still scales down
    return screen


def present_without_gl() -> None:
    """On Linux, show the drawn frame through X's shared memory, not an OpenGL
    texture. Everything is drawn in software anyway; SDL's default picks GL
    whenever it exists, and under a software GL (llvmpipe: Xvfb, VMs, remote
    desktops) a 1920×1080 flip then costs 8–10 ms against 0.8 ms through
    MIT-SHM. A player's own SDL_FRAMEBUFFER_ACCELERATION still wins."""
    if sys.platform.startswith("linux"):
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


def open_window(size: tuple[int, int] | None = None) -> pygame.Surface:
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "gouji")
    present_without_gl()
    declare_dpi_aware()
    pygame.display.init()  # not pygame.init(): audio opens only if sound is on (Sounds)
    pygame.font.init()
    pygame.display.set_caption(TITLE)
    screen = set_mode(size or layout.window_size(desktop_size()))
    check_real_window()
    pygame.display.set_icon(make_icon())
    return screen


def check_real_window() -> None:
    """With a stale DISPLAY or a bogus WAYLAND_DISPLAY, SDL falls back to a headless driver
    and the game would run invisibly for ever; that is right only when asked for
    (SDL_VIDEODRIVER=dummy for tests and --selftest)."""
    driver = pygame.display.get_driver()
    if driver in HEADLESS_DRIVERS and not os.environ.get("SDL_VIDEODRIVER"):
        shown = ", ".join(f"{name}={os.environ[name]}" for name in ("DISPLAY", "WAYLAND_DISPLAY")
                          if os.environ.get(name)) or "no DISPLAY"
        raise NoRealWindow(f"no window could be opened ({shown}): the display is not running or not "
                           f"reachable, and SDL fell back to its invisible '{driver}' driver. "
                           "Start the game from a desktop session.")


def make_icon() -> pygame.Surface:
    """The game's icon (assets/icon/gouji.png, drawn by build/make_icon.py) at 64 px, or a card
    drawn here if that file is missing or unreadable: the window always gets an icon."""
    try:
        picture = pygame.image.load(str(asset_path("icon", "gouji.png")))
    except (AssetMissing, pygame.error, OSError):
        return drawn_icon()
    return pygame.transform.smoothscale(picture, (ICON_SIZE, ICON_SIZE))


def drawn_icon() -> pygame.Surface:
    icon = pygame.Surface((ICON_SIZE, ICON_SIZE), pygame.SRCALPHA)
    pygame.draw.rect(icon, (250, 248, 240), (8, 4, 46, 58), border_radius=7)
    pygame.draw.rect(icon, (150, 28, 40), (8, 4, 46, 58), 3, border_radius=7)
    pygame.draw.circle(icon, (196, 30, 42), (31, 33), 12)
    return icon
