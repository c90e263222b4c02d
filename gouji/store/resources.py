"""Find the game's asset files the same way from a source checkout, an
installed wheel and a PyInstaller build. A missing file names every place tried."""

from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path


class AssetMissing(FileNotFoundError):
    pass


def asset_roots() -> list[Path]:
    roots: list[Path] = []
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        roots.append(Path(frozen) / "gouji" / "assets")
    try:
        roots.append(Path(str(resources.files("gouji.assets"))))
    except (ModuleNotFoundError, TypeError):
        pass
    roots.append(Path(__file__).resolve().parents[2] / "assets")
    unique: list[Path] = []
    for root in roots:
        if root not in unique:
            unique.append(root)
    return unique


def asset_path(*parts: str) -> Path:
    tried = []
    for root in asset_roots():
        candidate = root.joinpath(*parts)
        if candidate.is_file():
            return candidate
        tried.append(str(candidate))
    raise AssetMissing(f"asset {'/'.join(parts)} not found; tried: " + "; ".join(tried))


def read_text_asset(*parts: str) -> str:
    return asset_path(*parts).read_text(encoding="utf-8")
