#!/usr/bin/env python3
"""Build the standalone executable with PyInstaller.

    python build/build_exe.py            # one-folder build: dist/gouji/gouji (macOS: also dist/Gouji.app)
    python build/build_exe.py --onefile  # single file: dist/gouji (Windows: dist/gouji.exe)
    python build/build_exe.py --dist DIR # put the result elsewhere

PyInstaller's work folder goes to a temporary directory (its default, ./build,
is our source folder) and nothing it writes lands in the tracked tree. The
Windows version resource is written there too, from pyproject.toml's version.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from importlib import metadata
from pathlib import Path

from package import program
from version import project_version, write_windows_version_file

ROOT = Path(__file__).resolve().parent.parent


def folder_size(path: Path) -> int:
    """Bytes on disk: a link (PyInstaller links pygame's libraries into _internal) counts once."""
    return sum(f.lstat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())


def installed_version_problem(version: str) -> str | None:
    """The build copies gouji's installed metadata (``--version`` reads it): it must be this version."""
    try:
        installed = metadata.version("gouji")
    except metadata.PackageNotFoundError:
        return "gouji is not installed in this Python: pip install -e '.[build]' first"
    if installed != version:
        return (f"the installed gouji is {installed} but pyproject.toml says {version}: "
                "reinstall it (pip install -e '.[build]', or python3 dev.py exe does it)")
    return None


def build(dist: Path, onefile: bool) -> Path:
    version = project_version()
    problem = installed_version_problem(version)
    if problem:
        sys.exit(f"build_exe: {problem}")
    with tempfile.TemporaryDirectory(prefix="gouji-pyinstaller-") as temporary:
        # the version file beside PyInstaller's work folder, which --clean empties first
        work = Path(temporary) / "work"
        env = {**os.environ, "GOUJI_ONEFILE": "1" if onefile else "0",
               "GOUJI_VERSION_FILE": str(write_windows_version_file(Path(temporary), version))}
        command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
                   "--distpath", str(dist), "--workpath", str(work), str(ROOT / "build" / "gouji.spec")]
        started = time.perf_counter()
        subprocess.check_call(command, cwd=ROOT, env=env)
        seconds = time.perf_counter() - started
    target = program(dist, onefile)
    size = folder_size(target) if target.is_dir() else target.stat().st_size
    print(f"built {target} ({version}) in {seconds:.1f} s, {size / 1e6:.1f} MB")
    return target


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--onefile", action="store_true", help="a single-file build")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="output folder (default dist/)")
    args = parser.parse_args()
    build(args.dist.resolve(), args.onefile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
