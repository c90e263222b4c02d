"""``python -m gouji.learn``: the bundled lessons from the command line.

--list          a JSON list of the lessons (id, section, title_en, steps)
--check         check every lesson against the engine; exit 1 on a problem
--walk ID       play a lesson through, printing each prompt, a wrong and an
                illegal answer, and the right one with what follows
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from .check import check_all
from .lessons import LessonError, load_lessons
from .walk import walk


def main(argv: Sequence[str] | None = None) -> int:
    for stream in (sys.stdout, sys.stderr):   # a terminal without Chinese gets escapes, not a traceback
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    parser = argparse.ArgumentParser(prog="python -m gouji.learn", description="the lessons of 学规则 / Learn")
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--list", action="store_true", help="print a JSON list of the lessons")
    group.add_argument("--check", action="store_true", help="check every lesson against the engine")
    group.add_argument("--walk", metavar="ID", help="play one lesson through in text")
    parser.add_argument("--lang", choices=["zh", "en"], default="en", help="language of --walk")
    args = parser.parse_args(argv)
    try:
        lessons = load_lessons()
    except LessonError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    if args.list:
        print(json.dumps([lesson.summary() for lesson in lessons], ensure_ascii=False, indent=1))
        return 0
    if args.check:
        problems = check_all(lessons)
        print("\n".join(problems) or f"{len(lessons)} lessons, no problems")
        return 1 if problems else 0
    chosen = [lesson for lesson in lessons if lesson.id == args.walk]
    if not chosen:
        print(f"error: no lesson {args.walk!r} (see --list)", file=sys.stderr)
        return 1
    try:
        walk(chosen[0], args.lang, print)
    except LessonError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
