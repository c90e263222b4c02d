"""Starting the game from the command line: check for a display, run the app,
and turn any failure into a clear message (never a bare traceback)."""

from __future__ import annotations

import os
import sys

import pygame

from .app import App, Options
from .window import NoRealWindow


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
    app: App | None = None
    try:
        app = App(options)
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


def write_crash_log() -> str:
    """The traceback of the exception being handled, in the data folder: written to a
    temporary file and renamed over ``crash.log``, so a link there is replaced, never followed."""
    import traceback

    from ..store.files import atomic_write
    from ..store.settings import data_dir
    try:
        path = data_dir() / "crash.log"
        atomic_write(path, traceback.format_exc())
        return str(path)
    except OSError:
        return "(nowhere: the data folder is not writable)"


__all__ = ["run", "no_display_reason", "write_crash_log"]
