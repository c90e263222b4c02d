"""Reading and writing the player's files so that no file can crash the game
or lose what is in it.

Every player's file is read through ``load_file``: a file that cannot be used
(unreadable, a folder, a dangling link, too big, not UTF-8, or refused by its
parser) is renamed aside as ``<name>.broken`` and reported in words that name
the file. Writes go through ``atomic_write`` (temporary file, fsync, rename),
and the temporary files a kill can leave behind are swept at start-up.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")

# Generous caps (real files: settings ~200 bytes, rules ~1 KB, a 99-deal save < 1 MB) that
# keep the worst file of each kind to well under a second of parsing (measured: a 1 MB TOML
# file of empty tables takes 2 s, a 32 MB JSON file of empty lists 7 s and 940 MB).
TOML_LIMIT = 64 * 1024
SAVE_LIMIT = 4 * 1024 * 1024
STALE_AFTER = 60.0    # seconds: a temporary file older than this belongs to no running write
TEMP_NAME = re.compile(r"[\w.-]+\.[a-z0-9_]{8}\.tmp")   # what atomic_write's mkstemp makes


def read_text(path: Path, limit: int) -> str | None:
    """The file's text, or None when there is no file; ValueError says in words why it is unusable."""
    if not os.path.lexists(path):
        return None
    if path.is_symlink() and not path.exists():
        raise ValueError("it is a link to a file that does not exist")
    if path.is_dir():
        raise ValueError("it is a folder, not a file")
    try:  # O_NONBLOCK: a named pipe in its place must not hang the start
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise ValueError("it is not an ordinary file")
            data = handle.read(limit + 1)
    except PermissionError:
        raise ValueError("it cannot be read (permission denied)") from None
    except OSError as exc:
        raise ValueError(f"it cannot be read ({exc.strerror or exc})") from None
    if len(data) > limit:
        raise ValueError(f"it is too big (over {limit // 1024} KB; such a file is never that big)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ValueError(f"it is not UTF-8 text (a bad byte at position {exc.start})") from None
    if not text.strip():   # the game never writes an empty file: something emptied it
        raise ValueError("it is empty")
    return text


def keep_aside(path: Path) -> Path:
    """Rename a broken file (or folder, or link) so the player can still look at it."""
    target = path.with_name(path.name + ".broken")
    n = 1
    while os.path.lexists(target):
        n += 1
        target = path.with_name(f"{path.name}.broken{n}")
    path.rename(target)
    return target


def load_file(path: Path, limit: int, parse: Callable[[str], T]) -> tuple[T | None, str | None]:
    """(value, None); (None, None) when there is no file; or (None, a message naming the
    file and what is wrong with it), the bad file kept aside as ``….broken``."""
    try:
        text = read_text(path, limit)
        if text is None:
            return None, None
        return parse(text), None
    except ValueError as exc:
        why = str(exc)
    except RecursionError:
        why = "it is nested too deeply to be read"
    except Exception as exc:  # a parser bug must not stop the game: report it like a bad file
        why = f"it could not be read ({type(exc).__name__}: {str(exc)[:200]})"
    try:
        kept = f"kept as {keep_aside(path).name}"
    except OSError as exc:
        kept = f"it could not be kept aside: {exc.strerror or exc}"
    return None, f"{path}: {why} ({kept})"


def atomic_write(path: str | os.PathLike[str], text: str) -> None:
    """Write via a temporary file, fsync, then rename: never a half file, and a link
    in the file's place is replaced, never followed."""
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


def sweep_stale_temps(folders: Iterable[Path], older_than: float = STALE_AFTER) -> list[Path]:
    """Remove the temporary files a killed write left behind: only ``name.XXXXXXXX.tmp``
    files in our own folders, and only old ones (a running game may be writing a new one)."""
    removed = []
    now = time.time()
    for folder in folders:
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            try:
                if TEMP_NAME.fullmatch(entry.name) and entry.is_file(follow_symlinks=False) \
                        and now - entry.stat(follow_symlinks=False).st_mtime > older_than:
                    os.unlink(entry.path)
                    removed.append(Path(entry.path))
            except OSError:
                continue   # gone already, or not ours to remove: leave it
    return removed
