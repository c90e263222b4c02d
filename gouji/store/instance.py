"""One game per data folder: two games on one folder would overwrite each
other's save, and a match ending in one would delete the other's. The lock
is an OS file lock (the ``filelock`` package), so the system releases it when
the process dies, however it dies — a kill never leaves the folder locked."""

from __future__ import annotations

from pathlib import Path

from filelock import FileLock, Timeout

from .settings import data_dir

LOCK_NAME = "gouji.lock"


class FolderInUse(Exception):
    """Another running game holds the data folder; ``zh``/``en`` say so."""

    def __init__(self, folder: Path) -> None:
        self.zh = f"另一个够级正在使用这个数据文件夹（{folder}）：请先关掉它，或者切换到它的窗口"
        self.en = (f"another Gouji is already running with this data folder ({folder}): "
                   "close it first, or switch to its window")
        super().__init__(f"{self.zh} / {self.en}")


def hold_data_folder(folder: Path | None = None) -> FileLock | None:
    """The data folder's lock, held until released or the process ends; FolderInUse if another
    game holds it. None when no lock can be made there (a read-only folder: the game runs and
    reports its failed writes)."""
    folder = folder or data_dir()
    lock = FileLock(str(folder / LOCK_NAME), timeout=0)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        lock.acquire()
    except Timeout:
        raise FolderInUse(folder) from None
    except OSError:
        return None
    return lock


__all__ = ["FolderInUse", "hold_data_folder", "LOCK_NAME"]
