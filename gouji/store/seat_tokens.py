"""The seat tokens of the shared tables a player sat at, kept on disk: a game
that crashed or was closed mid-match takes its own seat back when it joins the
same table again (a token, not a name, claims a seat: gouji/net/room.py).

A small JSON file in the data folder, by host address and room code, the newest
``KEEP`` only and none older than ``FRESH_FOR``. It is a convenience: a file
that cannot be read or written is treated as empty, and nothing else is lost.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from .files import atomic_write
from .settings import data_dir

FILE_NAME = "seat_tokens.json"
KEEP = 16                      # tables remembered
FRESH_FOR = 3 * 24 * 3600.0    # seconds: a match is long over by then
TOKEN_MOST = 200               # characters: a longer "token" is not one of ours


def tokens_path() -> Path:
    return data_dir() / FILE_NAME


def _key(url: str, room: str) -> str:
    return f"{url} {room.upper()}"


def _read(path: Path, now: float) -> dict[str, tuple[str, float]]:
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    kept: dict[str, tuple[str, float]] = {}
    if isinstance(raw, dict):
        for key, entry in raw.items():
            if (isinstance(key, str) and isinstance(entry, list) and len(entry) == 2
                    and isinstance(entry[0], str) and 0 < len(entry[0]) <= TOKEN_MOST
                    and isinstance(entry[1], (int, float)) and not isinstance(entry[1], bool)
                    and 0 <= now - entry[1] <= FRESH_FOR):
                kept[key] = (entry[0], float(entry[1]))
    return kept


def seat_token(url: str, room: str, path: Path | None = None) -> str | None:
    """The token this player was given at that table, if kept and fresh."""
    entry = _read(path or tokens_path(), time.time()).get(_key(url, room))
    return entry[0] if entry else None


def keep_seat_token(url: str, room: str, token: str | None, path: Path | None = None) -> None:
    """Remember ``token`` for that table (None forgets it). Never raises for the disk."""
    path = path or tokens_path()
    now = time.time()
    entries = _read(path, now)
    entries.pop(_key(url, room), None)
    if token:
        entries[_key(url, room)] = (token, now)
    newest = sorted(entries.items(), key=lambda item: item[1][1])[-KEEP:]
    try:
        atomic_write(path, json.dumps({key: list(entry) for key, entry in newest}, indent=1))
    except OSError:
        pass   # a read-only data folder: the seat is still the player's until he closes the game


__all__ = ["seat_token", "keep_seat_token", "tokens_path", "KEEP", "FRESH_FOR"]
