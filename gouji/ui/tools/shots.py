"""Screenshots of every screen and of the table in every phase a player can be
asked in, at any window size and in both languages — to look at:

    python -m gouji.ui.tools.shots --size 1366x700 --lang zh --out shots/

Runs headless (SDL's dummy driver draws exactly what a window shows) in a
throwaway data folder, so the player's files are never touched.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

from ..model.layout import size_argument
from .shots_net import shoot_net
from .shots_records import shoot_records

TABLE_PHASES = ("lead", "follow", "answer", "burn", "return", "declare", "revolt", "yaotou")


def shoot(size: tuple[int, int], lang: str, out: Path, seeds: Sequence[int] = tuple(range(1, 40)),
          net_only: bool = False) -> list[Path]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["GOUJI_HOME"] = tempfile.mkdtemp(prefix="gouji-shots-")
    import pygame

    from ..shell.app import App, Options

    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    screen = pygame.display.set_mode(size) if pygame.display.get_init() else None
    # unattended, at instant speed: the bots play the human's seat between the pictures
    app = App(Options(lang=lang, sound=False, speed="instant", seed=seeds[0], save=False, size=size,
                      autoplay=True), screen=screen)

    def save(name: str) -> None:
        path = out / f"{name}-{lang}-{size[0]}x{size[1]}.png"
        pygame.image.save(app.screen, str(path))
        written.append(path)

    missing = tour_net(app, save) if net_only else tour(app, save, seeds)
    if missing:
        print(f"not reached with these seeds: {', '.join(missing)}", file=sys.stderr)
    pygame.quit()
    return written


def tour(app, shot: Callable[[str], None], seeds: Sequence[int]) -> list[str]:
    """Every screen in turn, ``shot`` called at each (after the app drew it): the title,
    settings, rules, help, Learn, the table in the phases ``seeds`` reach, the menu, the
    result panels, the records and the 联机 screens. Returns the table phases not reached."""
    from ..scenes.help import HelpScene
    from ..scenes.menu import MenuScene
    from ..scenes.rules import RulesScene
    from ..scenes.settings import SettingsScene

    def drawn(name: str) -> None:
        app.draw()
        shot(name)

    app.recorder.enabled = True   # a throwaway data folder: record, for the statistics and reviews
    app.to_title()
    drawn("title")
    for name, make in (("settings", SettingsScene), ("rules", RulesScene), ("help", HelpScene)):
        app.scenes.push(make(app))
        drawn(name)
        app.scenes.pop()
    shoot_learn(app, drawn)
    found = find_phases(app, seeds, lambda phase: drawn(f"table-{phase}"))
    app.scenes.push(MenuScene(app, app.scenes.top))
    drawn("menu")
    app.scenes.pop()
    finish_match(app, drawn)
    shoot_records(app, drawn)
    tour_net(app, shot)
    return [p for p in TABLE_PHASES if p not in found]


def tour_net(app, shot: Callable[[str], None]) -> list[str]:
    """Only the 联机 screens (a loopback host in this process; the app ends on the title). Returns []
    (no table phases to miss), like ``tour``."""
    def drawn(name: str) -> None:
        app.draw()
        shot(name)
    shoot_net(app, drawn)
    return []


def shoot_learn(app, shot: Callable[[str], None]) -> None:
    """The Learn menu, a lesson's first page and first step, a quiz question before and after its
    answer, and the practice table with its switches on."""
    import pygame

    from ..scenes.quiz import QuizScene
    app.open_learn()
    shot("learn")
    app.open_lesson("burn-feasibility")
    shot("lesson-intro")
    app.open_lesson("burn-feasibility", first_step=True)
    settle(app, app.scenes.top)
    shot("lesson-step")
    for seed, name in ((11, "quiz"), (5, "quiz-table")):
        quiz = QuizScene(app, seed=seed)
        app.scenes.push(quiz)
        shot(name)
        quiz.choose((quiz.question.answer + 1) % len(quiz.question.options))
        shot(f"{name}-answered")
        app.scenes.pop()
    app.open_practice()
    practice = app.scenes.top
    practice.table.autoplay = False
    settle(app, practice)
    for key in (pygame.K_o, pygame.K_e):
        practice.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    app.frame(0.1)
    shot("practice")


def find_phases(app, seeds: Sequence[int], shot: Callable[[str], None]) -> set[str]:
    """Let bots play the human's seat and take a picture the first time he is asked in each phase."""
    from ..scenes.result import ResultScene
    found: set[str] = set()
    for seed in seeds:
        app.deal_seed = seed
        app.new_match()
        scene = app.scenes.top
        scene.table.autoplay = True
        for _ in range(40000):
            if isinstance(app.scenes.top, ResultScene):
                break
            phase = str(scene.view.phase)
            if scene.table.current_seat == scene.human and phase not in found and phase in TABLE_PHASES:
                scene.table.autoplay = False
                settle(app, scene)
                if scene.human_turn():
                    shot(phase)
                    found.add(phase)
                scene.table.autoplay = True
            app.frame(1 / 30)
        if found >= set(TABLE_PHASES):
            break
    return found


def settle(app, scene, frames: int = 400) -> None:
    for _ in range(frames):
        if scene.human_turn():
            app.frame(0.5)   # the prompt and buttons appear
            return
        app.frame(0.1)


def finish_match(app, shot: Callable[[str], None]) -> None:
    """The result panel after a deal, and the match's end."""
    from ..scenes.result import ResultScene
    scene = app.scenes.scenes[0]
    scene.table.autoplay = True
    summary = False
    for _ in range(400000):
        top = app.scenes.top
        if isinstance(top, ResultScene):
            if top.final:
                shot("match-end")
                return
            if not summary:
                shot("deal-result")
                summary = True
            top.close()
        app.frame(1 / 30)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gouji.ui.tools.shots", description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=size_argument, default=(1366, 700), metavar="WxH")
    parser.add_argument("--lang", choices=["zh", "en"], default="zh")
    parser.add_argument("--out", type=Path, default=Path("shots"))
    parser.add_argument("--net-only", action="store_true", help="only the 联机 screens (host, join, lobby, table)")
    args = parser.parse_args(argv)
    for path in shoot(args.size, args.lang, args.out, net_only=args.net_only):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
