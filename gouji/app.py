"""Command line of the ``gouji`` program."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .rules import PRESETS, RuleSet
from .version import version


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="gouji", description="够级 Gouji — play offline against bots")
    parser.add_argument("--version", action="version", version=f"gouji {version()}")
    parser.add_argument("--demo", action="store_true", help="print a headless demo deal and exit")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deal (default 1)")
    parser.add_argument("--rules", choices=sorted(PRESETS), default="basic", help="rules preset")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    from .demo import run_demo
    return run_demo(args.seed, RuleSet.preset(args.rules))
