"""Reading and writing rule sets as TOML files (application layer: does I/O)."""

from __future__ import annotations

import os
from pathlib import Path

from ..engine.rules import RuleSet
from .files import TOML_LIMIT, atomic_write, load_file, read_text


def load_rules(path: str | os.PathLike[str]) -> RuleSet:
    """Load a rules file; a bad key or value raises ValueError naming the file and the key."""
    try:
        text = read_text(Path(path), TOML_LIMIT)
        if text is None:
            raise ValueError("there is no such file")
        return RuleSet.from_toml(text)
    except ValueError as exc:
        raise ValueError(f"{path}: {exc}") from None


def load_rules_file(path: Path) -> tuple[RuleSet | None, str | None]:
    """The player's rules, None when there is no file, or None and a message naming the
    file and the fault (the bad file is kept aside)."""
    return load_file(path, TOML_LIMIT, RuleSet.from_toml)


def save_rules(rules: RuleSet, path: str | os.PathLike[str]) -> None:
    atomic_write(path, rules.to_toml())


__all__ = ["load_rules", "load_rules_file", "save_rules", "atomic_write"]
