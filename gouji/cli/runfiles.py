"""Figures saved by the arena and the panel (``--json``), read back by the tools that combine runs."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .output import refuse

# what reading and combining saved runs can raise: each is refused in words (``refuse_runs``)
RUN_ERRORS = (OSError, ValueError, KeyError, TypeError, IndexError, AttributeError)


def load_runs(paths: Sequence[str]) -> list[Any]:
    return [json.loads(Path(path).read_text(encoding="utf-8")) for path in paths]


def refuse_runs(exc: Exception, what: tuple[str, str], cannot: tuple[str, str], writer: str,
                combine_error: type[Exception]) -> int:
    """Why saved runs could not be read (``what``: the files, zh and en) or combined
    (``cannot``, raised as ``combine_error``), or are not figures ``writer`` wrote; the exit status."""
    if isinstance(exc, OSError):
        reason = f"{exc.filename}: {exc.strerror}" if exc.filename else str(exc)
        return refuse(f"读不了{what[0]}：{reason}", f"{what[1]} could not be read: {reason}")
    if isinstance(exc, combine_error):
        return refuse(f"{cannot[0]}：{exc}", f"{cannot[1]}: {exc}")
    return refuse(f"这不是 {writer} 写的结果：{exc!r}", f"not figures written by {writer}: {exc!r}")


__all__ = ["RUN_ERRORS", "load_runs", "refuse_runs"]
