"""A deal's review as text: the analysis of the reviewed seat's decisions.

    python -m gouji.cli.review CODE [--level hard] [--lang zh|en] [--json]

prints the one-line summary, then each questionable decision: its step, what
was done and what the bot prefers, with its reason (``--json``: every verdict).
A damaged, foreign or invalid code: a message in both languages and exit status 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

import bots

from ..engine.dealcode import DealCodeError
from ..review import Analysis, Review, analyse
from .output import emit, emit_json, refuse, safe_streams


def main(argv: Sequence[str] | None = None) -> int:
    safe_streams()
    parser = argparse.ArgumentParser(prog="python -m gouji.cli.review", description=__doc__.split("\n")[0])
    parser.add_argument("code", nargs="+", help="the deal code (may be split over several arguments)")
    parser.add_argument("--level", choices=bots.NAMES, default=None, help="the analysing bot (default: the strongest)")
    parser.add_argument("--lang", choices=["zh", "en"], default="zh")
    parser.add_argument("--json", action="store_true", help="every verdict as JSON")
    args = parser.parse_args(argv)
    try:
        review = Review.from_code(" ".join(args.code))
        analysis = analyse(review, args.level)
    except DealCodeError as exc:
        return refuse(exc.zh, exc.en)
    except ValueError as exc:
        return refuse(f"这一局无法复盘：{exc}", f"this deal cannot be reviewed: {exc}")
    if args.json:
        return emit_json({"level": analysis.level, "summary": analysis.summary(args.lang), "steps": len(review),
                          "verdicts": [{"step": v.step, "action": v.action, "best": v.best.action, "loss": v.loss,
                                        "questionable": v.questionable} for v in analysis.verdicts]})
    return emit(report(analysis, args.lang), report(analysis, "en") if args.lang == "zh" else None)


def report(analysis: Analysis, lang: str) -> str:
    """The summary, then each questionable decision (an ASCII arrow in English)."""
    arrow = "→" if lang == "zh" else "->"
    lines = [analysis.summary(lang)]
    lines += [f"  {v.step:>4}  {v.action}  {arrow}  {v.note(lang)}" for v in analysis.questionable]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
