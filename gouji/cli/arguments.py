"""Argument types shared by the command-line tools: a bad value is refused by
argparse with a message and exit status 2, never a traceback later on."""

from __future__ import annotations

import argparse

from ..engine.checks import SEED_LIMIT


def seed_argument(text: str) -> int:
    """``--seed``: a whole number from 0 to 2**63 - 1 (what the history and deal codes can hold)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a whole number") from None
    if not 0 <= value < SEED_LIMIT:
        raise argparse.ArgumentTypeError(f"a seed must be from 0 to {SEED_LIMIT - 1}")
    return value


def check_seed_range(parser: argparse.ArgumentParser, seed: int, count: int, what: str) -> None:
    """Refuse (exit 2 with the usage) a run whose ``count`` seeds from ``seed`` would pass the seed limit."""
    if seed + count > SEED_LIMIT:
        parser.error(f"--seed plus {what} must stay below {SEED_LIMIT}")


__all__ = ["check_seed_range", "seed_argument"]
