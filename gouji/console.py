"""Somewhere to print for the Windows program, which is built without a console so that
a player's double-click opens no black window beside the game. Such a program starts
with no stdout and no stderr (``None``) unless they were redirected to a file or a pipe.

Started from a terminal (``gouji.exe --version`` in cmd or PowerShell), it attaches to
that terminal's console and prints there. Started without one (a shortcut with
``--selftest``), what it prints goes to ``output.txt`` in the data folder, beside
``crash.log``, and a message box says where when it ends. Everywhere else, and when the
streams exist already, nothing changes.
"""

from __future__ import annotations

import atexit
import io
import sys
import tempfile
from pathlib import Path
from typing import Any, TextIO

ATTACH_PARENT_PROCESS = -1       # AttachConsole's "the console of the process that started me"
MB_ICONINFORMATION = 0x40
OUTPUT_NAME = "output.txt"
STREAMS = ("stdout", "stderr")


class LateFile(io.TextIOBase):
    """A text stream whose file is made at its first write: a run that prints nothing
    (the game itself, shown in its window) leaves no file and no message box."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.file: TextIO | None = None

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if self.file is None:
            self.file = open_output(self.path)
            self.path = Path(self.file.name)
        count = self.file.write(text)
        self.file.flush()
        return count

    def close(self) -> None:
        if self.file is not None:
            self.file.close()
        super().close()


def open_output(path: Path) -> TextIO:
    """``path``, or the same name in the temporary folder if the data folder cannot be written."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        return open(path, "w", encoding="utf-8", errors="backslashreplace")
    except OSError:
        return open(Path(tempfile.gettempdir()) / f"gouji-{path.name}", "w", encoding="utf-8",
                    errors="backslashreplace")


def windows() -> Any:
    """``ctypes.windll`` (it exists only on Windows), or None."""
    try:
        import ctypes
        return getattr(ctypes, "windll")
    except (ImportError, AttributeError):
        return None


def windowed() -> bool:
    """A frozen Windows program: built with ``console=False`` (build/gouji.spec)."""
    return sys.platform == "win32" and bool(getattr(sys, "frozen", False))


def attach_parent_console() -> bool:
    windll = windows()
    try:
        return windll is not None and bool(windll.kernel32.AttachConsole(ATTACH_PARENT_PROCESS))
    except (AttributeError, OSError):
        return False


def prepare_output() -> LateFile | None:
    """Give a windowed Windows program a stdout and a stderr (call first thing in ``main``).
    Returns the file stream when the output goes to a file."""
    missing = [name for name in STREAMS if getattr(sys, name) is None]
    if not windowed() or not missing:
        return None
    if attach_parent_console():
        for name in missing:
            setattr(sys, name, open("CONOUT$", "w", encoding="utf-8", errors="backslashreplace"))
        return None
    from .store.settings import data_dir
    late = LateFile(data_dir() / OUTPUT_NAME)
    for name in missing:
        setattr(sys, name, late)
    atexit.register(tell_where, late)
    return late


def tell_where(late: LateFile) -> None:
    """At exit: if anything was printed, a message box names the file (there is no terminal)."""
    if late.file is None:
        return
    late.close()
    windll = windows()
    text = f"Gouji wrote its output to\n够级的输出写在\n\n{late.path}"
    try:
        windll.user32.MessageBoxW(None, text, "Gouji 够级", MB_ICONINFORMATION)
    except (AttributeError, OSError):
        pass   # no message box: the file is still there


__all__ = ["prepare_output", "attach_parent_console", "windowed", "LateFile", "tell_where"]
