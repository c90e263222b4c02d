#!/usr/bin/env python3
"""Developer commands that need nothing but Python 3.11+.

    python3 dev.py run     # set up .venv and start the game
    python3 dev.py test    # set up .venv and run the whole test suite
    python3 dev.py exe     # set up .venv and build the standalone executable

Each creates ``.venv`` on first use and reinstalls when pyproject.toml changes.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
EXTRAS = {"run": "", "test": "[test]", "exe": "[test,build]"}
# Debian packages the end-to-end UI test uses (a real X window driven by xdotool).
TEST_PACKAGES = {"Xvfb": "xvfb", "xauth": "xauth", "xdotool": "xdotool"}


def ensure_test_tools() -> None:
    """Install the X test tools when we may (root on Debian); else the e2e test
    reports that they are missing and is skipped."""
    import shutil
    missing = [pkg for tool, pkg in TEST_PACKAGES.items() if shutil.which(tool) is None]
    if not missing or shutil.which("apt-get") is None or getattr(os, "geteuid", lambda: 1)() != 0:
        return
    print(f"installing {' '.join(missing)} …", flush=True)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    quiet = {"stdout": subprocess.DEVNULL, "env": env}
    subprocess.call(["apt-get", "update", "-qq"], **quiet)
    subprocess.call(["apt-get", "install", "-y", "-qq", *missing], **quiet)


def ensure_venv(extras: str) -> None:
    if sys.version_info < (3, 11):
        sys.exit(f"Python 3.11 or newer is needed, this is {sys.version.split()[0]}")
    if not PYTHON.exists():
        print(f"creating {VENV} …", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + extras.encode()).hexdigest()
    stamp = VENV / f".installed{extras.replace(',', '-')}"
    if stamp.exists() and stamp.read_text() == digest:
        return
    print(f"installing gouji{extras} into {VENV} …", flush=True)
    subprocess.check_call([str(PYTHON), "-m", "pip", "install", "-q", "-e", f".{extras}"],
                          cwd=ROOT)
    stamp.write_text(digest)


def parallel(rest: list[str]) -> list[str]:
    """pytest-xdist's workers, one per core (at most four), unless the command
    line picks its own (-n, -p no:xdist) or runs one test: the whole suite on
    two cores takes about 8 minutes instead of 13."""
    cores = min(os.cpu_count() or 1, 4)
    chosen = any(arg == "-n" or arg.startswith("-n") and arg[2:].isdigit() or "xdist" in arg for arg in rest)
    one_test = any("::" in arg for arg in rest)
    return [] if cores < 2 or chosen or one_test else ["-n", str(cores)]


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in EXTRAS:
        print(__doc__)
        return 2
    command, rest = argv[0], argv[1:]
    if rest[:1] == ["--"]:
        rest = rest[1:]
    ensure_venv(EXTRAS[command])
    if command == "run":
        return subprocess.call([str(PYTHON), "-m", "gouji", *rest], cwd=ROOT)
    if command == "test":
        ensure_test_tools()
        # the tests start hundreds of Pythons (CLIs, worker pools): let them keep compiled
        # modules even where the environment asks for none (PYTHONDONTWRITEBYTECODE)
        env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
        return subprocess.call([str(PYTHON), "-m", "pytest", *parallel(rest), *rest], cwd=ROOT, env=env)
    return subprocess.call([str(PYTHON), str(ROOT / "build" / "build_exe.py"), *rest], cwd=ROOT)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
