"""The game's version, from the installed metadata or pyproject.toml."""

from __future__ import annotations

import re
from importlib import metadata
from pathlib import Path


def version() -> str:
    try:
        return metadata.version("gouji")
    except metadata.PackageNotFoundError:
        pass
    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    if pyproject.exists():
        match = re.search(r'^version\s*=\s*"([^"]+)"', pyproject.read_text("utf-8"), re.M)
        if match:
            return match.group(1)
    return "unknown"
