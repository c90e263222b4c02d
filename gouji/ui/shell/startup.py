"""Starting the game from the command line: check for a display, hold the
data folder (one game per folder), run the app, and turn any failure into a
clear message (never a bare traceback). SIGTERM and SIGHUP (closing the
terminal) end the game as its window's close button does: what is being
written to the history is finished first."""

from __future__ import annotations

import os
import signal
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pygame

from ...store.instance import FolderInUse, hold_data_folder
from .app import App, Options
from .window import NoRealWindow

REFUSAL_SECONDS = 20.0   # how long the "already running" window stays up without an answer


def no_display_reason() -> str | None:
    """On Linux without X11 or Wayland SDL would quietly draw into nothing."""
    if not sys.platform.startswith("linux") or os.environ.get("SDL_VIDEODRIVER"):
        return None
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return None
    return "no display found (DISPLAY and WAYLAND_DISPLAY are unset): run it in a desktop session"


def run(options: Options) -> int:
    reason = no_display_reason()
    if reason:
        print(f"gouji: {reason}", file=sys.stderr)
        return 1
    try:
        lock = hold_data_folder() if options.persist else None
    except FolderInUse as exc:
        print(f"gouji: {exc.zh}\n{exc.en}", file=sys.stderr)
        if not options.unattended:
            show_refusal(exc.zh, exc.en)
        return 1
    app: App | None = None
    try:
        app = App(options)
        with quit_on_signals(app):
            return app.run()
    except NoRealWindow as exc:
        print(f"gouji: {exc}", file=sys.stderr)
        return 1
    except pygame.error as exc:
        print(f"gouji: the window could not be opened: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # never a bare traceback: say what happened, keep the details
        path = write_crash_log()
        note = app.save_note() if app is not None else "no match was being played"
        print(f"gouji: unexpected error: {type(exc).__name__}: {str(exc)[:300]}\n"
              f"details were written to {path}; {note}", file=sys.stderr)
        return 1
    finally:
        pygame.quit()
        if lock is not None:
            lock.release()


@contextmanager
def quit_on_signals(app: App) -> Iterator[None]:
    """SIGTERM/SIGHUP: leave the loop at its next turn, as the close button does (the second
    such signal acts as the system's default would)."""
    names = [name for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)]
    kinds = [getattr(signal, name) for name in names]
    before = {kind: signal.getsignal(kind) for kind in kinds}

    def stop(signum: int, frame: object) -> None:
        app.running = False
        signal.signal(signum, signal.SIG_DFL)
    for kind in kinds:
        signal.signal(kind, stop)
    try:
        yield
    finally:
        for kind, handler in before.items():
            signal.signal(kind, handler)


def show_refusal(zh: str, en: str) -> None:
    """The reason the game cannot start, in a small window (a game started from a menu has no
    terminal to read): until a key, a click, closing it, or ``REFUSAL_SECONDS``."""
    try:
        from ..draw import theme
        from ..draw.fonts import Fonts
        pygame.init()
        screen = pygame.display.set_mode((760, 220))
        pygame.display.set_caption("够级 Gouji")
        fonts = Fonts()
        screen.fill(theme.BG_TOP)
        y = 24
        for text, size in ((zh, 20), (en, 18), ("按任意键关闭 · Press any key to close", 15)):
            for line in fonts.wrap(text, size, 700):
                screen.blit(fonts.render(line, size, theme.TEXT), (30, y))
                y += size + 10
            y += 8
        pygame.display.flip()
        ends = time.monotonic() + REFUSAL_SECONDS
        while time.monotonic() < ends:
            if any(e.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONUP) for e in pygame.event.get()):
                break
            time.sleep(0.05)
    except pygame.error:
        pass   # no window: the message on stderr stands
    finally:
        pygame.quit()


def write_crash_log() -> str:
    """The traceback of the exception being handled, in the data folder: written to a
    temporary file and renamed over ``crash.log``, so a link there is replaced, never followed."""
    import traceback

    from ...store.files import atomic_write
    from ...store.settings import data_dir
    try:
        path = data_dir() / "crash.log"
        atomic_write(path, traceback.format_exc())
        return str(path)
    except OSError:
        return "(nowhere: the data folder is not writable)"


__all__ = ["run", "no_display_reason", "write_crash_log"]
