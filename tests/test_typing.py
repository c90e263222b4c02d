"""The engine, the UI and the bots type-check (mypy), and the code and tests pass the
linter (ruff); both are configured in pyproject.toml."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_mypy_finds_no_type_errors():
    done = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_finds_nothing_to_fix():
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "gouji", "bots", "tests", "build", "dev.py"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
