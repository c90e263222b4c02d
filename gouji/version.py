"""The game's version. pyproject.toml is the only place it is written: a source
checkout reads it there (an editable install's metadata keeps the version it was
installed with until it is reinstalled); a wheel or a PyInstaller build, which carry
no pyproject.toml, read the metadata made from it."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import metadata
from pathlib import Path

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


@cache   # the title screen asks every frame; the answer cannot change while the game runs
def version() -> str:
    return checkout_version(PYPROJECT) or installed_version() or "unknown"


def checkout_version(pyproject: Path) -> str | None:
    """The version in ``pyproject`` if it is this game's, else None."""
    try:
        project = tomllib.loads(pyproject.read_text("utf-8")).get("project", {})
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    if not isinstance(project, dict) or project.get("name") != "gouji":
        return None
    found = project.get("version")
    return found if isinstance(found, str) else None


def installed_version() -> str | None:
    try:
        return metadata.version("gouji")
    except metadata.PackageNotFoundError:
        return None
