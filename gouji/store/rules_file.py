"""Reading and writing rule sets as TOML files (application layer: does I/O)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from ..engine.rules import RuleSet


def load_rules(path: str | os.PathLike[str]) -> RuleSet:
    """Load a rules file; a bad key or value raises ValueError naming it."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"{path}: not a UTF-8 text file") from None
    try:
        return RuleSet.from_toml(text)
    except ValueError as exc:
        raise ValueError(f"{path}: {exc}") from None


def atomic_write(path: str | os.PathLike[str], text: str) -> None:
    """Write via a temporary file, fsync, then rename: never a half file."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=target.name + ".", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def save_rules(rules: RuleSet, path: str | os.PathLike[str]) -> None:
    atomic_write(path, rules.to_toml())
