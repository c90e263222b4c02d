"""Review of one deal: step through it action by action (←/→) or round by
round (↑/↓, PageUp/PageDown) with all six hands open, the plays in front of
the seats and the log in step — drawn by the table's own drawer through
``TableFacts``.

The strongest bot analyses the reviewed player's decisions on a worker
thread (a bar shows its progress); the summary stands at the top, and a
decision that cost clearly more than the best is marked with the bot's reason
where it was taken (N jumps to the next one). "Play from here" (P) goes on
from the position shown as a practice game; K copies the deal's code.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import pygame

from ...engine.dealcode import DealCodeError, encode
from ...engine.view import SeatView
from ...review import Analysis, Review, analyse, strongest_level
from ...store.records import SharedTable
from ..draw import theme
from ..draw.table import TableDrawer
from ..draw.widgets import Button, ButtonBar
from ..i18n import t
from ..model.board import Board, sorted_hand
from ..model.director import Director
from ..model.layout import Layout
from ..model.prompts import Line, said
from ..model.review_tape import Tape
from ..model.review_words import step_line, verdict_at, verdict_text
from ..model.viewing import badge_name, seat_name, unseen_counts
from .base import Host, Scene

# (key, label, hotkey, what it does)
BUTTONS = (("back", "rv_back", pygame.K_LEFT), ("forward", "rv_forward", pygame.K_RIGHT),
           ("round_back", "rv_round_back", pygame.K_UP), ("round_forward", "rv_round_forward", pygame.K_DOWN),
           ("mark", "rv_next_mark", pygame.K_n), ("practice", "rv_practice", pygame.K_p),
           ("copy", "rv_copy", pygame.K_k))
HEAD_WIDTH = 380   # the panel at the top left, design pixels
EXTRA_KEYS = {pygame.K_PAGEUP: "round_back", pygame.K_PAGEDOWN: "round_forward", pygame.K_HOME: "start",
              pygame.K_END: "end", pygame.K_SPACE: "forward"}


def row_boxes(L: Layout, count: int) -> list[tuple[int, int, int, int]]:
    """The review's buttons in the row above the hand, between the viewer's badge and the sidebar."""
    bx, _, bw, _ = L.badge_box(0)
    left, right, gap = bx + bw + L.s(12), L.sidebar[0] - L.s(12), L.s(10)
    width, height = L.button_size
    width = min(width, (right - left - gap * (count - 1)) // count)
    start = (left + right - count * width - (count - 1) * gap) // 2
    return [(start + i * (width + gap), L.button_y, width, height) for i in range(count)]


class Analyser:
    """The analysis on a daemon thread: ``done``/``total`` while it runs, then ``result`` (or ``error``)."""

    def __init__(self, review: Review, level: str | None = None) -> None:
        self.done, self.total = 0, len(review.decisions)
        self.result: Analysis | None = None
        self.error: str | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(review, level), daemon=True,
                                        name="gouji-analysis")
        self._thread.start()

    def _run(self, review: Review, level: str | None) -> None:
        try:
            self.result = analyse(review, level, progress=self._progress, stop=self._stop.is_set)
        except Exception as exc:   # a bot that cannot rank: say so, keep reviewing
            self.error = str(exc)

    def _progress(self, done: int, total: int) -> None:
        self.done, self.total = done, total

    @property
    def running(self) -> bool:
        return self.result is None and self.error is None

    def wait(self, timeout: float = 30.0) -> None:
        self._thread.join(timeout)

    def stop(self) -> None:
        """Leave the rest (the review was closed): a searching analysis would keep both cores busy."""
        self._stop.set()


def analysis_level(bot_level: str) -> str:
    """The expert searches when the player chose it (half a second a decision); else hard answers at once."""
    return "expert" if bot_level == "expert" else strongest_level()


class ReviewScene(Scene):
    def __init__(self, app: Host, review: Review, analyser: Analyser | None = None,
                 table: SharedTable | None = None) -> None:
        super().__init__(app)
        self.review = review
        self.table = table   # played at a shared table: its seats are named as it named them
        self.tape = Tape(review)
        self.seat = review.seat
        self.director = Director(human=self.seat)   # never animates: a review shows positions
        self.buttons = ButtonBar()
        self.focus = 0
        self.analyser = analyser or Analyser(review, analysis_level(app.settings.bot_level))
        self.note: Line | None = None               # said after a button (copied, cannot copy)
        self.drawer = TableDrawer(self)
        self._shown_progress = (-1, True)
        self.refresh_language()

    def leave(self) -> None:
        self.analyser.stop()

    # ----- TableFacts -------------------------------------------------------
    @property
    def layout(self) -> Layout:
        return self.app.layout

    @property
    def lang(self) -> str:
        return self.app.settings.language

    @property
    def step(self) -> int:
        return self.review.step

    @property
    def view(self) -> SeatView:
        return self.tape.view(self.step)

    @property
    def board(self) -> Board:
        return self.tape.board(self.step)

    def seat_name(self, seat: int) -> str:
        return self.name_in(seat, self.lang)

    def name_in(self, seat: int, lang: str) -> str:
        """Role and name for the log: at a shared table, the person who sat there or the bot's name the host
        gave it (a row kept before bots' names were: this end's own bot names)."""
        person = self._person(seat, lang)
        if person is None:
            return seat_name(self.seat, seat, lang)
        return t("log_name", lang, role=badge_name(self.seat, seat, lang)[1], name=person)

    def badge_name(self, seat: int) -> tuple[str, str]:
        name, role = badge_name(self.seat, seat, self.lang)
        return self._person(seat, self.lang) or name, role

    def _person(self, seat: int, lang: str) -> str | None:
        table = self.table
        if table is None or seat == self.seat:
            return None
        bot = table.bots[seat]
        return table.names[seat] or (None if bot is None else bot[0 if lang == "zh" else 1])

    def unseen(self) -> list[int]:
        return unseen_counts(self.board, self.review.ref.rules.deck)

    def open_hands(self) -> dict[int, tuple[int, ...]]:
        return self.tape.open_hands(self.step)

    def human_turn(self) -> bool:
        return False

    @property
    def hand(self) -> tuple[int, ...]:
        return sorted_hand(self.board.hand, self.app.settings.hand_sort)

    time = 0.0   # a review never animates: no clock, no timer, nobody thinking

    def thinking(self, seat: int) -> bool:
        return False

    def seat_timer(self, seat: int) -> tuple[float, float] | None:
        return None

    def notes_for_log(self) -> list[tuple[int, Line]]:
        return []

    def autoplay_overlay(self) -> bool:
        return False

    def counts_always(self) -> bool:
        return True   # every hand is open anyway

    def returnable_ranks(self) -> set[int]:
        return set()

    def selected_indexes(self) -> set[int]:
        return set()

    def line(self) -> Line | None:
        if self.note is not None:
            return self.note
        return step_line(self.review.frame, len(self.review), self.seat, self.analyser.result,
                         self.name_in)

    # ----- moving ---------------------------------------------------------------
    def go(self, name: str) -> None:
        """back, forward, round_back, round_forward, start, end, mark — never past either end."""
        moves: dict[str, Callable[[], object]] = {
            "back": self.review.back, "forward": self.review.forward,
            "round_back": self.review.previous_round, "round_forward": self.review.next_round,
            "start": lambda: self.review.go(0), "end": lambda: self.review.go(len(self.review)),
            "mark": self._next_mark}
        self.note = None
        moves[name]()   # may leave a note (no marks to go to)
        self.drawer.sidebar.log_scroll = 0

    def marks(self) -> list[int]:
        """The steps of the questionable decisions (once the analysis is done)."""
        result = self.analyser.result
        return [v.step for v in result.questionable] if result is not None else []

    def _next_mark(self) -> None:
        marks = self.marks()
        if marks:
            self.review.go(next((s for s in marks if s > self.step), marks[0]))
        elif self.analyser.result is None:
            self.note = said("rv_no_marks_yet", "info")
        else:
            self.note = said("rv_no_marks", "info")

    # ----- input ------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.buttons.handle(event):
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.scenes.pop()
            elif event.key in EXTRA_KEYS:
                self.go(EXTRA_KEYS[event.key])
        elif event.type == pygame.MOUSEWHEEL:
            self.drawer.sidebar.scroll_log(event.y)

    def _press(self, key: str) -> Callable[[], None]:
        if key == "practice":
            return lambda: self.app.play_practice(self.review.play_from_here(), self.seat)
        if key == "copy":
            return self.copy_code
        return lambda: self.go(key)

    def copy_code(self) -> None:
        try:
            code = encode(self.review.ref)
        except DealCodeError as exc:
            self.note = Line(exc.zh, exc.en, "error")
            return
        self.note = self.app.copy_text(code)

    # ----- time and drawing -------------------------------------------------------
    def update(self, dt: float) -> bool:
        state = (self.analyser.done, self.analyser.running)
        changed = state != self._shown_progress
        self._shown_progress = state
        return changed

    def refresh_language(self) -> None:
        L, lang = self.layout, self.lang
        buttons = [Button(pygame.Rect(box), t(label, lang), self._press(key), key=key, size=L.font(17),
                          hotkey=hotkey)
                   for (key, label, hotkey), box in zip(BUTTONS, row_boxes(L, len(BUTTONS)))]
        (box,) = L.side_button_boxes(1)
        buttons.append(Button(pygame.Rect(box), t("btn_back", lang), self.app.scenes.pop, key="close",
                              size=L.font(15), hotkey=pygame.K_ESCAPE))
        self.buttons.set(buttons)

    def resized(self) -> None:
        self.drawer.resized()
        self.refresh_language()

    def summary(self, lang: str) -> str:
        """The line at the top: the analysis' summary, or how far it has got."""
        analyser = self.analyser
        if analyser.result is not None:
            return analyser.result.summary(lang)
        if analyser.error is not None:
            return t("review_no_analysis", lang, why=analyser.error)
        return t("review_analysing", lang, done=analyser.done, total=analyser.total)

    def draw(self, screen: pygame.Surface) -> None:
        self.drawer.draw(screen)
        self._draw_head(screen)

    def _draw_head(self, screen: pygame.Surface) -> None:
        """Top left: which deal this is, the analysis' summary (or a progress bar), and the verdict
        on the reviewed player's decision at this step."""
        L, fonts, lang = self.layout, self.app.fonts, self.lang
        analyser = self.analyser
        verdict = verdict_at(self.review.frame, self.seat, analyser.result)
        width = L.s(HEAD_WIDTH)
        lines = fonts.lines(verdict_text(verdict, lang), L.font(15), width - L.s(20), 2) if verdict else []
        box = pygame.Rect(L.s(10), L.s(10), width, L.s(62 + 21 * len(lines)))
        screen.blit(theme.panel(box.size, (10, 12, 16, 225), L.s(10)), box)
        pygame.draw.rect(screen, theme.GOLD, box, 1, border_radius=L.s(10))
        title = t("review_title", lang, deal=self.review.ref.deal + 1, name=self.seat_name(self.seat))
        screen.blit(fonts.render_fit(title, L.font(16), theme.GOLD, width - L.s(20), bold=True),
                    (box.x + L.s(10), box.y + L.s(6)))
        colour = theme.WARN if analyser.result is not None and analyser.result.questionable else theme.TEXT
        text = fonts.render_fit(self.summary(lang), L.font(17), colour, width - L.s(20), bold=True)
        screen.blit(text, (box.x + L.s(10), box.y + L.s(32)))
        for i, line in enumerate(lines):
            tone = theme.WARN if verdict is not None and verdict.questionable else theme.TEXT_DIM
            screen.blit(fonts.render(line, L.font(15), tone), (box.x + L.s(10), box.y + L.s(60 + 21 * i)))
        if analyser.running and analyser.total:
            bar = pygame.Rect(box.x + L.s(10), box.y + L.s(55), width - L.s(20), L.s(4))
            pygame.draw.rect(screen, theme.DISABLED, bar)
            filled = bar.width * analyser.done // analyser.total
            pygame.draw.rect(screen, theme.GOLD, (bar.x, bar.y, filled, bar.height))


__all__ = ["ReviewScene", "Analyser"]
