#!/usr/bin/env python3
"""Build the standalone executable with PyInstaller.

    python build/build_exe.py            # one-folder build: dist/gouji/gouji
    python build/build_exe.py --onefile  # single file: dist/gouji (for release)
    python build/build_exe.py --dist DIR # put the result elsewhere

PyInstaller's work folder goes to a temporary directory (its default, ./build,
is our source folder) and nothing it writes lands in the tracked tree.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def folder_size(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def build(dist: Path, onefile: bool) -> Path:
    env = {**os.environ, "GOUJI_ONEFILE": "1" if onefile else "0"}
    with tempfile.TemporaryDirectory(prefix="gouji-pyinstaller-") as work:
        command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
                   "--distpath", str(dist), "--workpath", work, str(ROOT / "build" / "gouji.spec")]
        started = time.perf_counter()
        subprocess.check_call(command, cwd=ROOT, env=env)
        seconds = time.perf_counter() - started
    target = dist / "gouji"
    size = folder_size(target) if target.is_dir() else target.stat().st_size
    print(f"built {target} in {seconds:.1f} s, {size / 1e6:.1f} MB")
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
