"""Command line of the ``gouji`` program."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ..console import prepare_output
from ..desktop import desktop_problem, run_desktop
from ..engine.rules import PRESETS, RuleSet
from ..store.settings import CHOICES, SPEEDS
from ..ui.model.layout import size_argument
from ..version import version
from .arguments import seed_argument
from .output import note, safe_streams

if TYPE_CHECKING:
    from ..engine.dealcode import DealRef


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="gouji",
                                     description="够级 Gouji — against bots, or with friends on your network")
    parser.add_argument("--version", action="version", version=f"gouji {version()}")
    parser.add_argument("--demo", action="store_true", help="print a headless demo deal and exit")
    parser.add_argument("--selftest", action="store_true",
                        help="load assets, draw every scene, play one deal headless; exit 0 if all is well")
    parser.add_argument("--seed", type=seed_argument, default=None, help="seed of the first deal (0 to 2**63-1)")
    parser.add_argument("--rules", choices=sorted(PRESETS), default=None, help="rules preset")
    parser.add_argument("--lang", choices=["zh", "en"], default=None, help="language")
    parser.add_argument("--speed", choices=list(SPEEDS), default=None, help="bot speed")
    parser.add_argument("--bots", choices=list(CHOICES["bot_level"]), default=None, help="bot level (else the setting)")
    parser.add_argument("--no-sound", action="store_true", help="run silent")
    parser.add_argument("--autoplay", action="store_true",
                        help="a bot plays your seat too, animations at full speed")
    parser.add_argument("--quit-after-deal", action="store_true", help="exit when the deal ends")
    parser.add_argument("--screenshot", metavar="PATH",
                        help="write a PNG of the final table (with --review: of the review's first position) and exit")
    parser.add_argument("--review", metavar="CODE", help="open the review of a deal code (GJ1:…)")
    parser.add_argument("--max-seconds", type=float, default=None, help=argparse.SUPPRESS)
    saving = parser.add_mutually_exclusive_group()
    saving.add_argument("--save", action="store_true", default=None,
                        help="save the match and settings even in an unattended run (--autoplay, --screenshot)")
    saving.add_argument("--no-save", dest="save", action="store_false",
                        help="leave the saved match and the settings as they are")
    parser.add_argument("--size", type=size_argument, default=None, metavar="WxH",
                        help="window size in pixels, e.g. 1366x700 (default: fits the screen)")
    parser.add_argument("--fullscreen", action="store_true", help="start in fullscreen (F11 toggles)")
    parser.add_argument("--lesson", metavar="ID", default=None,
                        help="open a lesson of 学规则 / Learn (with --screenshot: a PNG of its first step, "
                             "then exit)")
    desktop = parser.add_mutually_exclusive_group()
    desktop.add_argument("--install-desktop", action="store_true",
                         help="Linux: put the game in the desktop's menu, with its icon (for you alone), and exit")
    desktop.add_argument("--uninstall-desktop", action="store_true", help="Linux: take that menu entry away")
    args = parser.parse_args(argv)
    if args.install_desktop or args.uninstall_desktop:
        problem = desktop_problem()
        if problem:
            parser.error(f"--{'un' if args.uninstall_desktop else ''}install-desktop: {problem}")
    if args.screenshot:
        problem = screenshot_problem(args.screenshot)
        if problem:
            parser.error(f"--screenshot {args.screenshot}: {problem}")
    return args


def screenshot_problem(path: str) -> str | None:
    """Why a PNG could not be written there, known before a whole deal is played."""
    if not path.lower().endswith(".png"):
        return "needs a path ending in .png"
    folder = Path(path).parent
    if not folder.is_dir():
        return f"the folder {folder} does not exist"
    if Path(path).is_dir():
        return "that is a folder"
    if not os.access(folder, os.W_OK):
        return f"the folder {folder} is not writable"
    return None


def review_ref(code: str) -> tuple["DealRef | None", str | None]:
    """The deal of ``--review CODE``, or why it cannot be reviewed (both languages), known before
    the window opens."""
    from ..engine.dealcode import DealCodeError, decode
    try:
        return decode(code), None
    except DealCodeError as exc:
        return None, f"{exc.zh}\n{exc.en}"


def main(argv: Sequence[str] | None = None) -> int:
    prepare_output()   # the Windows build has no console of its own
    safe_streams()
    args = parse_args(sys.argv[1:] if argv is None else argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.selftest:
        from ..ui.tools.selftest import run_selftest
        return run_selftest()
    if args.install_desktop or args.uninstall_desktop:
        return run_desktop(installing=args.install_desktop)
    if args.demo:
        from .demo import run_demo
        return run_demo(args.seed or 1, RuleSet.preset(args.rules or "basic"))
    ref = None
    if args.review is not None:
        ref, problem = review_ref(args.review)
        if problem:
            note(f"gouji: --review: {problem}")
            return 2
    if args.lesson is not None:
        problem = lesson_problem(args.lesson)
        if problem:
            print(f"gouji: {problem}", file=sys.stderr)
            return 2
    from ..ui.shell.app import Options
    from ..ui.shell.startup import run
    options = Options(autoplay=args.autoplay, seed=args.seed, quit_after_deal=args.quit_after_deal,
                      screenshot=args.screenshot, rules=args.rules, lang=args.lang, speed=args.speed,
                      bots=args.bots, sound=not args.no_sound, max_seconds=args.max_seconds, save=args.save,
                      size=args.size, fullscreen=args.fullscreen, review=args.review,
                      review_ref=ref, lesson=args.lesson)
    return run(options)


def lesson_problem(lesson_id: str) -> str | None:
    """Why ``--lesson ID`` cannot be opened (an unknown id: the list of ids), or None."""
    from ..learn import LessonError, load_lessons
    try:
        ids = [lesson.id for lesson in load_lessons()]
    except LessonError as exc:
        return f"the lessons cannot be loaded: {exc}"
    if lesson_id in ids:
        return None
    return f"no lesson {lesson_id!r:.60}; the lessons are: {', '.join(ids)}"
