"""A lesson step on the real table: the table scene, seated where the step
seats the learner, with the lesson's panel over the sidebar (the prompt, then
what became of his answer). A right answer plays on with the step's fixed
replies, animated as bots' moves; a wrong one is taken back with the lesson's
feedback; an illegal one gets the engine's reason. Then the next step, and at
the end the lesson is marked finished in the progress file."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

import bots

from ...engine.cards import counts_of_cards, parse_counts
from ...engine.errors import IllegalAction
from ...learn import Lesson, LessonError, LessonRunner, Outcome, Text, Verdict
from ...table import Table
from ..draw import theme
from ..draw.learn import Para, draw_block, draw_groups, fit_blocks
from ..draw.widgets import Button, ButtonBar
from ..i18n import t
from ..model.board import in_hand_order
from ..model.layout import Layout
from ..model.lesson_session import LessonSession
from ..model.prompts import Line, cards_for, hint_head, said
from .base import Host
from .table import TableScene
from .table_buttons import Spec
from .table_state import Note

GOOD = (130, 220, 150)


@dataclass
class LessonState:
    """One lesson being played, shared by the scenes of its steps."""

    lessons: list[Lesson]
    index: int
    runner: LessonRunner = field(init=False)
    illegal: int = 0     # refused tries (the runner counts the wrong ones)

    def __post_init__(self) -> None:
        self.runner = LessonRunner(self.lesson)

    @property
    def lesson(self) -> Lesson:
        return self.lessons[self.index]

    @property
    def mistakes(self) -> int:
        return self.runner.mistakes + self.illegal


def panel_rect(L: Layout) -> pygame.Rect:
    """The lesson's panel: over the sidebar, widened to the right seats' badges."""
    badges = max(L.badge_box(place)[0] + L.badge_box(place)[2] for place in (1, 2))
    left = min(L.sidebar[0], badges + L.s(12))
    top = L.s(50)
    bottom = L.hand_top - L.rise - L.s(8)
    return pygame.Rect(left, top, L.width - left - L.s(6), bottom - top)


class LessonStepScene(TableScene):
    """The current step of ``state.runner`` (already started) on the table."""

    def __init__(self, app: Host, state: LessonState) -> None:
        self.state = state
        self.outcome: Outcome | None = None
        self.finished = False
        self.panel_buttons = ButtonBar()
        self._panel_signature: tuple | None = None
        self._ready_told = False
        self.session = LessonSession(state.runner, self._judged)
        table = Table(self.session, bots.make, human=state.runner.step.seat, bot_level=app.settings.bot_level)
        super().__init__(app, table)
        self.opened = self._seats_shown()
        self._rebuild_panel()

    def _seats_shown(self) -> set[int]:
        """Other seats whose whole hand the step shows: they lie face up on the table."""
        shows = {tuple(parse_counts(text)) for text in self.state.runner.step.show}
        hands = self.session.shown
        return {seat for seat in range(6) if seat != self.human
                and tuple(counts_of_cards(hands.hand_cards(seat))) in shows}

    def open_hands(self) -> dict[int, tuple[int, ...]]:
        return {seat: in_hand_order(self.session.shown.hand_cards(seat)) for seat in self.opened}

    # ----- the lesson's answers ----------------------------------------------
    def _judged(self, outcome: Outcome) -> None:
        """The runner judged a legal answer: accepted (plays on) or wrong (taken back)."""
        self.outcome = outcome
        self.chosen.clear()
        self.hints = []
        if outcome.verdict == Verdict.WRONG:
            self._say("lesson_undone", error=True)

    def _refuse(self, refusal: IllegalAction) -> None:
        super()._refuse(refusal)
        self.state.illegal += 1
        self.outcome = Outcome(Verdict.ILLEGAL, Text(refusal.zh, refusal.en))

    def _next_hint(self) -> None:
        """H shows the lesson's own answer (a bot's hint could teach something else)."""
        if not self.seize_turn():
            return
        answer = self.state.runner.step.accept[0]
        self.chosen = cards_for(self.hand, answer)
        self.note = Note(Line(hint_head(answer, "zh"), hint_head(answer, "en")), len(self.table.stream))

    def intent(self, name: str) -> None:
        if name == "tuoguan":
            return   # no bot plays the learner's seat in a lesson
        super().intent(name)

    # ----- the table plays the step's replies ---------------------------------
    def _move_on(self) -> bool:
        reply = self.session.next_reply()
        seat = self.table.current_seat
        if reply is not None and not self.table.queue and seat is not None:
            if self.clock >= self.app.bot_delay:
                self.table.submit(seat, reply)
            return False
        return super()._move_on()

    def human_turn(self) -> bool:
        return super().human_turn() and self.session.next_reply() is None and not self.finished

    def timed(self) -> bool:
        return False   # a lesson waits for the learner: no move timer plays his answer for him

    def line(self) -> Line | None:
        if not self.session.answered:
            return super().line()
        if self.session.is_over and self.director.idle(self.table.stream):
            return None
        return said("lesson_watch", "wait")

    def _deal_ended(self, final: bool) -> None:
        self.director.hold = False   # a lesson has no result panel

    @property
    def ready(self) -> bool:
        """The right answer and its replies have all been shown: on to the next step."""
        return self.session.is_over and self.director.idle(self.table.stream)

    def update(self, dt: float) -> bool:
        changed = super().update(dt)
        if self.human_turn() and not self._ready_told:
            self._ready_told = True
            self.app.screen_ready()
        self._rebuild_panel()
        return changed

    # ----- moving on -------------------------------------------------------
    def _next(self) -> None:
        if self.session.is_over and not self.table.queue:   # 下一步 pressed as the last reply lands
            self.director.finish(self.table.stream)
        if not self.ready or self.finished:
            return
        try:
            start = self.state.runner.next_step()
        except LessonError as exc:
            self.outcome = Outcome(Verdict.ILLEGAL, Text(t("lesson_broken", "zh", why=exc), t("lesson_broken", "en",
                                                                                              why=exc)))
            return
        if start is None:
            self.finished = True
            self.app.lesson_finished(self.state.lesson.id)
        else:
            self.app.scenes.replace(LessonStepScene(self.app, self.state))

    def _next_lesson(self) -> None:
        following = self.state.index + 1
        if following >= len(self.state.lessons):
            self.app.scenes.pop()
        else:
            self.app.open_lesson(self.state.lessons[following].id)

    def _back(self) -> None:
        self.app.scenes.pop()

    # ----- input and buttons -------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.panel_buttons.handle(event):
            return
        super().handle(event)

    def _key(self, key: int) -> None:
        if key == pygame.K_ESCAPE:
            self._back()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.session.is_over and not self.finished \
                and not self.ready:
            self._next()   # 下一步 pressed before its button appeared: the last reply is shown at once
        else:
            super()._key(key)

    def side_buttons(self) -> list[Spec]:
        return [("lesson_back", "lesson_back", pygame.K_ESCAPE), ("counter", "btn_counter", pygame.K_c)]

    def _click(self, key: str):
        if key == "lesson_back":
            return self._back
        return super()._click(key)

    def resized(self) -> None:
        super().resized()
        self._panel_signature = None

    def _rebuild_panel(self) -> None:
        L, lang = self.layout, self.lang
        signature = (self.ready, self.finished, lang, L)
        if signature == self._panel_signature:
            return
        self._panel_signature = signature
        buttons = []
        if self.ready:
            last = self.state.runner.index + 1 >= len(self.state.lesson.steps)
            if self.finished:
                more = self.state.index + 1 < len(self.state.lessons)
                key, label, action = ("next_lesson", "lesson_next_lesson", self._next_lesson) if more else \
                    ("back", "lesson_back", self._back)
            else:
                key, label, action = "next", "lesson_finish" if last else "lesson_next", self._next
            box = panel_rect(L)
            rect = pygame.Rect(box.x + L.s(12), box.bottom - L.s(56), box.width - L.s(24), L.s(44))
            buttons.append(Button(rect, t(label, lang), action, key=key, size=L.font(19), hotkey=pygame.K_RETURN))
        self.panel_buttons.set(buttons)

    # ----- drawing -------------------------------------------------------
    def draw(self, screen: pygame.Surface) -> None:
        super().draw(screen)
        self._draw_panel(screen)

    def _draw_panel(self, screen: pygame.Surface) -> None:
        L, fonts = self.layout, self.app.fonts
        box = panel_rect(L)
        screen.blit(theme.panel(box.size, (16, 20, 24, 255), L.s(12)), box)
        pygame.draw.rect(screen, theme.RIM_LIGHT, box, 1, border_radius=L.s(12))
        pad = L.s(12)
        width = box.width - 2 * pad
        card = (L.s(30), L.s(42))
        show = tuple(text for text in self.state.runner.step.show
                     if not any(parse_counts(text) == counts_of_cards(self.session.shown.hand_cards(seat))
                                for seat in self.opened))
        cards_h = (card[1] + L.s(10)) * (1 + len(show) // 4) if show else 0
        buttons_h = L.s(64) if self.panel_buttons.buttons else 0
        room = box.height - 2 * pad - cards_h - buttons_h
        head, tail = fit_blocks(fonts, [self._prompt_paras(), self._outcome_paras()], width, room, L.font(19))
        x, y = box.x + pad, box.y + pad
        draw_block(screen, fonts, head, (x, y))
        y += head.height
        if show:
            y += draw_groups(screen, self.app.art, show, (x, y + L.s(4)), card, width) + L.s(10)
        draw_block(screen, fonts, tail, (x, y))
        self.panel_buttons.draw(screen, fonts)

    def _prompt_paras(self) -> list[Para]:
        lang, runner = self.lang, self.state.runner
        lesson = self.state.lesson
        step = t("lesson_step", lang, n=runner.index + 1, total=len(lesson.steps))
        return [Para(lesson.title.get(lang), theme.GOLD, bold=True, scale=1.1),
                Para(f"§{lesson.section} · {step}", theme.TEXT_DIM, scale=0.85),
                Para(runner.step.prompt.get(lang), theme.TEXT, gap=0.4)]

    def _outcome_paras(self) -> list[Para]:
        lang, outcome = self.lang, self.outcome
        paras: list[Para] = []
        if outcome is not None and outcome.verdict == Verdict.ACCEPTED:   # the lesson's text says "Right"
            paras.append(Para(outcome.text.get(lang), GOOD, gap=0.6))
        elif outcome is not None:
            key = "lesson_wrong" if outcome.verdict == Verdict.WRONG else "lesson_illegal"
            paras += [Para(t(key, lang), theme.WARN, bold=True, gap=0.6), Para(outcome.text.get(lang), theme.TEXT)]
            if outcome.verdict == Verdict.WRONG:
                paras.append(Para(t("lesson_undone", lang), theme.TEXT_DIM))
        if self.finished:
            mistakes = self.state.mistakes
            note = t("lesson_mistakes", lang, n=mistakes) if mistakes else t("lesson_no_mistakes", lang)
            paras += [Para(t("lesson_done", lang), theme.GOLD, bold=True, gap=0.8, scale=1.2),
                      Para(note, theme.TEXT_DIM)]
        return paras
