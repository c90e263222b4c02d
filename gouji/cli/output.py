"""What the command-line tools print, so that no input and no terminal makes
them end in a traceback: refusals go to stderr in both languages with exit
status 2 (argparse's own status for a bad command line), and text the
terminal's encoding cannot show (``PYTHONIOENCODING=ascii``) is refused in
words instead of raising ``UnicodeEncodeError`` half-way through."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, TextIO

BAD_INPUT = 2
INPUT_LIMIT = 1_000_000   # characters read from stdin: far beyond any code or deal JSON


def refuse(zh: str, en: str) -> int:
    """A refusal in both languages on stderr; the exit status."""
    note(f"{zh}\n{en}")
    return BAD_INPUT


def note(text: str) -> None:
    """A message on stderr, escaped where its encoding cannot show Chinese (nothing if stderr is closed)."""
    if not shows(text, sys.stderr):
        encoding = getattr(sys.stderr, "encoding", None) or "ascii"
        text = text.encode(encoding, "backslashreplace").decode(encoding)
    try:
        print(text, file=sys.stderr)
    except (OSError, ValueError):   # closed or gone: nowhere left to say it
        pass


def safe_streams() -> None:
    """Help and usage texts hold Chinese: on a terminal that cannot show it (``PYTHONIOENCODING=ascii``)
    they are escaped instead of ending in a traceback. Call first thing in a tool's ``main``."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="backslashreplace")
            except (OSError, ValueError):
                pass


def shows(text: str, stream: TextIO | None = None) -> bool:
    """Whether ``stream`` (stdout) can print ``text`` in its encoding."""
    encoding = getattr(stream or sys.stdout, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def emit(text: str, other_language: str | None = None) -> int:
    """Print ``text`` whole, or nothing and a refusal; the exit status. ``other_language``: the
    same output in English, suggested when the terminal could show that one."""
    if not shows(text):
        encoding = getattr(sys.stdout, "encoding", None)
        english = other_language is not None and shows(other_language)
        return refuse(f"终端的编码（{encoding}）显示不了这些文字：请设置 PYTHONIOENCODING=utf-8"
                      + ("，或用 --lang en" if english else ""),
                      f"this terminal's encoding ({encoding}) cannot show the text: set PYTHONIOENCODING=utf-8"
                      + (", or use --lang en" if english else ""))
    try:
        print(text)
    except (OSError, ValueError) as exc:   # stdout closed or gone
        note(f"无法输出：{exc}\nthe output could not be written: {exc}")
        return 1
    return 0


def write_json(path: str | Path, data: Any, what: str = "the figures", indent: int | None = 1) -> int:
    """``data`` as JSON to ``path`` (Chinese kept as it is); 0, or a refusal's exit status when it cannot be written."""
    try:
        Path(path).write_text(json.dumps(data, ensure_ascii=False, indent=indent) + "\n", encoding="utf-8")
    except OSError as exc:
        return refuse(f"无法写入 {path}：{exc.strerror or exc}", f"{what} could not be written to {path}: "
                      f"{exc.strerror or exc}")
    return 0


def emit_json(data: Any) -> int:
    """JSON as readable text, or escaped to ASCII where the terminal cannot show it (the same JSON)."""
    text = json.dumps(data, ensure_ascii=False)
    return emit(text if shows(text) else json.dumps(data))


def read_stdin() -> str:
    """At most ``INPUT_LIMIT`` characters of stdin; ValueError in words for bytes that are not text."""
    try:
        text = sys.stdin.read(INPUT_LIMIT + 1)
    except UnicodeDecodeError as exc:
        raise ValueError(f"the input is not UTF-8 text (a bad byte at position {exc.start})") from None
    if len(text) > INPUT_LIMIT:
        raise ValueError(f"the input is longer than {INPUT_LIMIT} characters")
    return text


__all__ = ["BAD_INPUT", "refuse", "note", "safe_streams", "shows", "emit", "emit_json", "read_stdin"]
