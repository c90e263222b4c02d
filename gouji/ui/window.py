"""The game's window: opened once, after the display was checked."""

from __future__ import annotations

import os
import warnings

import pygame

from . import layout

TITLE = "够级 Gouji"
HEADLESS_DRIVERS = ("offscreen", "dummy")   # SDL's fallbacks that draw into no window at all


class NoRealWindow(RuntimeError):
    """SDL opened no window a player could see."""


def open_window() -> pygame.Surface:
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "gouji")
    pygame.display.init()  # not pygame.init(): audio opens only if sound is on (Sounds)
    pygame.font.init()
    pygame.display.set_caption(TITLE)
    flags = pygame.SCALED | pygame.RESIZABLE
    with warnings.catch_warnings():  # "no fast renderer" under a software display is fine
        warnings.simplefilter("ignore")
        screen = pygame.display.set_mode((layout.WIDTH, layout.HEIGHT), flags)
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
    icon = pygame.Surface((64, 64), pygame.SRCALPHA)
    pygame.draw.rect(icon, (250, 248, 240), (8, 4, 46, 58), border_radius=7)
    pygame.draw.rect(icon, (150, 28, 40), (8, 4, 46, 58), 3, border_radius=7)
    pygame.draw.circle(icon, (196, 30, 42), (31, 33), 12)
    return icon
