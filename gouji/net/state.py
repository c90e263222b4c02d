"""The host's state folder: one folder per table, named by its room code,
with ``table.json`` (the lobby: settings, seed, who holds which seat — token
hashes only) and ``match.json`` (the single-player app's save format,
gouji/store/saves.py: rules, seed, actions, written atomically after every
action). A host restarted on the same folder opens the same tables and goes
on from the last action; a damaged file is kept aside and reported, never fatal.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..store.files import SAVE_LIMIT, atomic_write, load_file
from ..store.saves import load_save, save_match
from .codes import is_room_code
from .room import Room

TABLE_FILE, MATCH_FILE = "table.json", "match.json"


class TableFiles:
    """Where one table is kept."""

    def __init__(self, state_dir: Path, code: str) -> None:
        self.folder = state_dir / code

    def save_room(self, room: Room) -> str | None:
        """Write the lobby; an error message instead of an exception if the disk refuses."""
        try:
            atomic_write(self.folder / TABLE_FILE, json.dumps(room.to_meta(), ensure_ascii=False))
        except OSError as exc:
            return f"{exc.strerror or type(exc).__name__} ({self.folder})"
        return None

    def save_match(self, room: Room) -> str | None:
        assert room.match is not None
        return save_match(room.match, self.folder / MATCH_FILE)

    def write_match(self, text: str) -> str | None:
        """Write a match already dumped (``saves.dump``), from any thread; an error message if the disk refuses."""
        try:
            atomic_write(self.folder / MATCH_FILE, text)
        except OSError as exc:
            return f"{exc.strerror or type(exc).__name__} ({self.folder})"
        return None


def load_rooms(state_dir: Path) -> tuple[list[Room], list[str]]:
    """Every table kept in ``state_dir``, and a message for each that could not be read (kept aside)."""
    rooms: list[Room] = []
    problems: list[str] = []
    if not state_dir.is_dir():
        return rooms, problems
    for folder in sorted(state_dir.iterdir()):
        if not folder.is_dir() or not is_room_code(folder.name):
            continue
        loaded = load_save(folder / MATCH_FILE)
        if loaded.problem:
            problems.append(loaded.problem)

        def parse(text: str, match=loaded.match) -> Room:
            return Room.from_meta(json.loads(text), match)
        room, problem = load_file(folder / TABLE_FILE, SAVE_LIMIT, parse)
        if problem:
            problems.append(problem)
        if room is not None and room.code == folder.name:
            rooms.append(room)
    return rooms, problems
