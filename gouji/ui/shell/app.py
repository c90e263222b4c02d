"""The application: window, scene stack, main loop, test hooks.

``startup.run(options)`` makes one after the command line was parsed;
everything pygame starts here, never at import time.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

import pygame

import bots

from ...engine.dealcode import DealRef
from ...engine.match import Match
from ...engine.rules import RuleSet
from ...store.files import sweep_stale_temps
from ...store.progress import load_progress
from ...store.records import Seating
from ...store.rules_file import load_rules_file, save_rules
from ...store.saves import delete_save_if, has_save, load_save, save_match
from ...store.settings import Settings, config_dir, data_dir, load_settings, rules_path, save_settings
from ...table import Table
from ..draw.cardart import CardArt
from ..draw.fonts import Fonts
from ..i18n import t
from ..model.layout import Layout
from ..scenes.base import Scene, SceneStack
from ..workers.recorder import Recorder
from ..workers.review_loader import ReviewLoader
from .learn_nav import LearnMixin
from .notices import Notices
from .records_nav import RecordsNav
from .sound import Sounds
from .window import open_window, set_mode


@dataclass
class Options:
    autoplay: bool = False
    seed: int | None = None
    quit_after_deal: bool = False
    screenshot: str | None = None
    rules: str | None = None
    lang: str | None = None
    speed: str | None = None
    bots: str | None = None            # bot level: easy / normal / hard / expert
    sound: bool = True
    max_seconds: float | None = None   # safety net for unattended runs
    save: bool | None = None           # write the save and settings? None: unless the run is unattended
    size: tuple[int, int] | None = None  # the window's size (else it fits the screen)
    fullscreen: bool = False
    review: str | None = None          # a deal code to open a review of at start (--review)
    review_ref: DealRef | None = None  # … already decoded (the command line checks it before the window opens)
    lesson: str | None = None          # open this lesson (with a screenshot: at its first step, then quit)

    @property
    def unattended(self) -> bool:
        return bool(self.autoplay or self.screenshot or self.quit_after_deal or self.max_seconds)

    @property
    def persist(self) -> bool:
        """An unattended run (autoplay, a screenshot) leaves the player's files alone unless asked."""
        return self.save if self.save is not None else not self.unattended


RETELL_AFTER = 300.0   # seconds before a lasting problem (a read-only folder) is shown again


class App(RecordsNav, LearnMixin):
    def __init__(self, options: Options, screen: pygame.Surface | None = None) -> None:
        self.options = options
        self.notices = Notices()
        self.write_problems: dict[str, str | None] = {}   # notice key -> why the last write failed
        self._told: dict[tuple[str, str], float] = {}    # (notice key, why) -> when it was last shown
        self.saved_actions: int | None = None             # actions in the save last written
        self.settings: Settings
        self.settings_problem: str | None
        self.rules_problem: str | None = None
        self.save_problem: str | None = None
        self.ended_save: Match | None = None              # a finished match still saved (its last deal unrecorded)
        self.recorder = Recorder(enabled=options.persist)  # the history, on a worker thread
        self._load_players_files()
        overrides = {k: v for k, v in (("language", options.lang), ("speed", options.speed),
                                       ("preset", options.rules), ("bot_level", options.bots)) if v}
        if overrides:
            self.settings = self.settings.replace(**overrides)
        self.screen = screen or open_window(options.size)
        self.fullscreen = False
        self.window_size = self.screen.get_size()   # the size to come back to from fullscreen
        self.fonts = Fonts()
        self.art = CardArt(self.fonts)
        self.sounds = Sounds(enabled=options.sound and self.settings.sound, volume=self.settings.volume)
        self.scenes = SceneStack()
        self.running = True
        self.exit_code = 0
        self._drawn_scene: Scene | None = None
        self._layout = Layout(*self.screen.get_size())
        self._since_draw = 0.0
        self.deal_seed = options.seed if options.seed is not None else int(time.time()) % 100000
        self.match: Match | None = None
        self.table: Table | None = None                   # the table being played (``table.practice``)
        self.seating = Seating()                          # the match's human seat, practice or not, …
        self.reviews = ReviewLoader()                      # reviews are made on a worker thread of their own
        from ..scenes.title import TitleScene
        self.scenes.reset(TitleScene(self))
        if options.fullscreen:
            self.toggle_fullscreen()
        if options.review:
            self.start_review(options.review, options.review_ref)
        elif options.lesson:
            self.open_lesson(options.lesson, first_step=bool(options.screenshot))
        elif options.autoplay:
            self.new_match()

    @property
    def layout(self) -> Layout:
        """Geometry at the window's real size (recomputed when it changes)."""
        size = self.screen.get_size()
        if self._layout.width != size[0] or self._layout.height != size[1]:
            self._layout = Layout(*size)
        return self._layout

    # ----- settings and pacing ---------------------------------------------
    @property
    def anim_scale(self) -> float:
        fast = self.options.quit_after_deal or self.options.speed == "instant"
        return 0.0 if self.options.autoplay and fast else 1.0

    @property
    def bot_delay(self) -> float:
        return 0.0 if self.options.autoplay else self.settings.bot_delay

    @property
    def rules(self) -> RuleSet:
        if self.settings.preset == "custom":
            return self._custom_rules
        return RuleSet.preset(self.settings.preset)

    def _load_players_files(self) -> None:
        """Every file is checked at start-up: a broken one is reported and kept aside
        (``….broken``), and the game starts with the defaults."""
        sweep_stale_temps([config_dir(), data_dir()])   # what a kill left in the middle of a write
        self.settings, self.settings_problem = load_settings()
        if self.settings_problem:
            self.report("settings_broken", self.settings_problem)
        self._custom_rules = self._load_custom_rules()
        self._check_save()
        self.progress, problem = load_progress()
        if problem:
            self.report("progress_broken", problem)

    def _load_custom_rules(self) -> RuleSet:
        """The player's own rules file (checked at every start, used under preset "custom");
        a broken one is reported and kept aside, and the default rules are used."""
        rules, problem = load_rules_file(rules_path())
        if problem:
            self.rules_problem = problem
            self.report("rules_broken", problem)
            if self.settings.preset == "custom":
                self.settings = self.settings.replace(preset="qingdao")
        return rules or RuleSet()

    def _check_save(self) -> None:
        """Read the save at start-up, so a broken one is reported (and kept aside) at once
        and Continue is offered only for a match that resumes. A finished match still saved
        ended just before the program died: its deals go into the history, then the save goes."""
        loaded = load_save()
        if loaded.problem:
            self.save_problem = loaded.problem
            self.report("save_broken", loaded.problem)
        match = loaded.match
        if match is not None and match.is_over:
            self.ended_save = match
            seating = Seating(resumed=True, bot_level=self.settings.bot_level)
            self.recorder.after_action(match, seating, then=lambda: self._drop_save(match))

    def can_continue(self) -> bool:
        """A saved match to go on with (not one that has ended)."""
        return has_save() and self.ended_save is None

    def _drop_save(self, match: Match) -> None:
        """On the history's worker, once ``match``'s last deal is recorded."""
        problem = delete_save_if(match)
        if problem:
            print(f"gouji: the finished match's save could not be removed: {problem}", file=sys.stderr)
        elif self.ended_save is match:
            self.ended_save = None

    def report(self, key: str, why: str, seconds: float = 20.0) -> None:
        """A problem with the player's files: on screen, in his language, and on stderr."""
        self.notices.post(key, seconds, why=why)
        print(f"gouji: {t(key, 'en', why=why)}", file=sys.stderr)

    def report_now_and_then(self, key: str, why: str, seconds: float = 12.0) -> None:
        """A problem that may recur at every action or deal (a read-only folder): shown once,
        and again only every ``RETELL_AFTER`` seconds while it lasts."""
        now = time.monotonic()
        last = self._told.get((key, why))
        if last is None or now - last >= RETELL_AFTER:
            self._told[(key, why)] = now
            self.report(key, why, seconds=seconds)

    def _written(self, key: str, problem: str | None) -> None:
        """After writing a file: a failure is shown once (not after every action), again if it
        changes or comes back after writing worked, and now and then while it lasts."""
        before = self.write_problems.get(key)
        if problem and problem != before:
            self._told.pop((key, problem), None)
        if problem:
            self.report_now_and_then(key, problem)
        elif before and key == "save_failed":
            self.notices.post("save_works", 5.0)
        self.write_problems[key] = problem

    def set_rules(self, rules: RuleSet) -> None:
        name = rules.preset_name()
        if name is None:
            self._custom_rules = rules
            if self.options.persist:
                self._written("rules_save_failed", save_rules_safely(rules))
        self.update_settings(preset=name or "custom")

    def rules_note(self) -> str:
        return str(rules_path())

    def update_settings(self, **changes) -> None:
        self.settings = self.settings.replace(**changes)
        self.sounds.enabled = self.options.sound and self.settings.sound
        self.sounds.set_volume(self.settings.volume)
        if self.options.persist:
            self._written("settings_save_failed", save_settings(self.settings))
        for scene in self.scenes.scenes:
            scene.settings_changed()

    # ----- navigation ----------------------------------------------------
    def new_match(self) -> None:
        """A new match with the current rules, seeded from the command line or the clock."""
        self.play_match(Match.new(self.deal_seed, self.rules))
        self.deal_seed += 1

    def play_match(self, match: Match, human: int = 0, practice: bool = False, start: int = 0,
                   resumed: bool = False) -> None:
        """Sit down at the table of ``match`` (new or resumed; a practice game is neither saved nor
        counted in the statistics; ``start``: actions replayed before the player took over)."""
        from ..scenes.table import TableScene
        table = self._table_for(match, practice, human)
        self.seating = Seating(human=human, practice=practice, resumed=resumed, start=start)
        self._sit_down(table, TableScene(self, table, deal_in=not resumed))

    def _table_for(self, match: Match, practice: bool = False, human: int = 0) -> Table:
        table = Table(match, bots.make, human=human, bot_level=self.settings.bot_level, seed=match.seed,
                      on_applied=self._applied, practice=practice)
        table.autoplay = self.options.autoplay
        bots.warm_up(self.settings.bot_level)
        return table

    def _sit_down(self, table: Table, scene: Scene) -> None:
        assert isinstance(table.game, Match)
        if table.practice and not self.seating.practice:
            self.seating = Seating(human=table.human or 0, practice=True)   # a Learn practice table
        self.match, self.table = table.game, table
        self.scenes.reset(scene)
        self._applied(None)

    def continue_match(self) -> None:
        loaded = load_save()
        if loaded.match is None or loaded.match.is_over:
            self.save_problem = loaded.problem or ("the saved match has ended" if loaded.match else "no save")
            self.report("continue_broken", self.save_problem)
            self.to_title()
            return
        self.play_match(loaded.match, resumed=True)

    @property
    def playing(self) -> Match:
        """The match being played (the table exists only while there is one)."""
        if self.match is None:
            raise RuntimeError("no match is being played")
        return self.match

    def _applied(self, item) -> None:
        """After every action: save the match, atomically, and hand a deal that ended to the
        history; a finished match's save goes only once its last deal is recorded (a kill at
        the end of a match loses nothing). A failure is shown during play."""
        match = self.playing
        practice = self.seating.practice or (self.table is not None and self.table.practice)
        seating = replace(self.seating, bot_level=self.settings.bot_level, practice=practice)
        if not self.options.persist or practice:   # practice is never saved (nor the real save touched)
            self.recorder.after_action(match, seating)
            return
        problem = save_match(match)
        self._written("save_failed", problem)
        drop = (lambda: self._drop_save(match)) if match.is_over and problem is None else None
        self.recorder.after_action(match, seating, then=drop)
        if problem is None:
            self.saved_actions = len(match.actions)
            if item is not None:
                self.trace(f"saved {len(match.actions)}" + (" over" if match.is_over else ""))

    def save_note(self) -> str:
        """What became of the match, for a crash message."""
        if self.match is None:
            return "no match was being played"
        if not self.options.persist:
            return "this unattended run did not save its match (--save would)"
        if self.table is not None and self.table.practice:
            return "a practice match was being played (practice is never saved)"
        if self.match.is_over and self.saved_actions == len(self.match.actions):
            return "the match had ended; its last deal goes into the history at the next start if it is not there yet"
        if self.saved_actions == len(self.match.actions):
            return "your match was saved after the last action: Continue resumes it"
        return f"the last actions could not be saved ({self.write_problems.get('save_failed')})"

    def show_deal_summary(self, scene) -> None:
        from ..scenes.result import ResultScene
        overlay = ResultScene(self, list(self.playing.results), self.playing.rules, scene, human=self.seating.human)
        self.scenes.push(overlay)
        self._deal_ended(overlay)

    def show_match_end(self, scene) -> None:
        from ..scenes.result import ResultScene
        if isinstance(self.scenes.top, ResultScene):
            self.scenes.pop()
        overlay = ResultScene(self, list(self.playing.results), self.playing.rules, scene, final=True,
                              human=self.seating.human)
        self.scenes.push(overlay)
        self._deal_ended(overlay)

    def _deal_ended(self, overlay) -> None:
        """Test hooks: a screenshot of the final table, and quitting after a deal."""
        if self.options.screenshot and not self.options.lesson:
            self.draw()
            self.write_screenshot()
        if self.options.quit_after_deal:
            self.running = False

    def screen_ready(self) -> None:
        """A lesson's step waits for the learner: with ``--lesson ID --screenshot``, the picture, then quit."""
        if self.options.lesson and self.options.screenshot and self.running:
            self.draw()
            self.write_screenshot()
            self.running = False

    def write_screenshot(self) -> None:
        path = self.options.screenshot or ""
        try:
            pygame.image.save(self.screen, path)
        except (pygame.error, OSError) as exc:
            print(f"gouji: the screenshot could not be written to {path}: {exc}", file=sys.stderr)
            self.exit_code = 1

    def to_title(self) -> None:
        if not self._asks_first(self._to_title_now):
            self._to_title_now()

    def _to_title_now(self) -> None:
        from ..scenes.title import TitleScene
        self.table = None
        self.scenes.reset(TitleScene(self))

    def _asks_first(self, go: Callable[[], None]) -> bool:
        """A scene that hosts friends' table asks before the game leaves it (``ask_before_leaving``:
        True when it asked; ``go`` runs on yes)."""
        for scene in list(self.scenes.scenes):
            ask = getattr(scene, "ask_before_leaving", None)
            if ask is not None and ask(go):
                return True
        return False

    def open_help(self) -> None:
        from ..scenes.help import HelpScene
        self.scenes.push(HelpScene(self))

    def open_settings(self) -> None:
        from ..scenes.settings import SettingsScene
        self.scenes.push(SettingsScene(self))

    def open_rules(self) -> None:
        from ..scenes.rules import RulesScene
        self.scenes.push(RulesScene(self))

    def open_menu(self) -> None:
        from ..scenes.menu import MenuScene
        if not isinstance(self.scenes.top, MenuScene):
            self.scenes.push(MenuScene(self, self.scenes.top))

    def quit(self) -> None:
        if not self._asks_first(self._quit_now):
            self._quit_now()

    def _quit_now(self) -> None:
        self.running = False

    def trace(self, line: str) -> None:
        """Test hook: with GOUJI_TRACE set, append what happens to that file."""
        path = os.environ.get("GOUJI_TRACE")
        if path:
            with open(path, "a", encoding="utf-8") as handle:
                handle.write(line + "\n")

    # ----- loop ----------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.screen = pygame.display.get_surface() or self.screen
            if not self.fullscreen:
                self.window_size = self.screen.get_size()
            self._relayout()
        elif self.scenes.top is not None:
            self.scenes.top.handle(event)

    def toggle_fullscreen(self) -> None:
        """F11: fullscreen at the screen's own resolution (drawn at that size), and back."""
        try:
            self.screen = set_mode(self.window_size, fullscreen=not self.fullscreen)
            self.fullscreen = not self.fullscreen
        except pygame.error:
            return  # some drivers cannot go fullscreen; the window stays as it is
        self._relayout()

    def _relayout(self) -> None:
        """The window changed size: every scene lays itself out again."""
        before = self._layout
        if self.layout != before:
            for scene in self.scenes.scenes:
                scene.resized()

    def draw(self) -> None:
        for scene in self.scenes.visible():
            scene.draw(self.screen)
        top = self.scenes.top
        area = top.notice_area() if top is not None else None
        self.notices.draw(self.screen, self.fonts, self.settings.language, area)

    def frame(self, dt: float) -> None:
        """One loop turn: input, time, and a redraw only when something changed
        (an idle table costs almost no CPU)."""
        changed = False
        for event in pygame.event.get():
            self.handle(event)
            changed = True
        for why in self.recorder.problems():
            self.report_now_and_then("history_problem", why)
        changed = self.notices.update(dt) or changed
        top = self.scenes.top
        if top is not None and self.running:
            changed = top.update(dt) or changed
        self._since_draw += dt
        if self.running and (changed or top is not self._drawn_scene or self._since_draw > 1.0):
            self.draw()
            pygame.display.flip()
            self._drawn_scene, self._since_draw = self.scenes.top, 0.0

    def run(self) -> int:
        clock = pygame.time.Clock()
        started = time.monotonic()
        fast = self.options.autoplay and self.anim_scale == 0
        first = True
        while self.running:
            dt = clock.tick(0 if fast else 60) / 1000.0
            self.frame(1 / 60 if fast else min(dt, 0.1))
            if first:
                self.trace(f"first_frame {time.time():.4f}")
                first = False
            limit = self.options.max_seconds
            if limit and time.monotonic() - started > limit:
                print(f"gouji: stopped after {limit:.0f} s without finishing the deal")
                self.exit_code = 3
                break
        self.recorder.close()   # the last deal's record is written before the program ends
        self.reviews.close()
        if self.table is not None:
            self.table.close()    # a bot still searching is told to stop
        bots.shutdown()           # the expert's worker processes, if a search started them
        return self.exit_code


def save_rules_safely(rules: RuleSet) -> str | None:
    try:
        save_rules(rules, rules_path())
    except OSError as exc:
        return str(exc)
    return None


__all__ = ["App", "Options"]
