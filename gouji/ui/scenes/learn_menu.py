"""学规则 / Learn: the lessons (a check mark on those finished), the quiz with
its best streak and per-topic accuracy, and the practice table."""

from __future__ import annotations

import pygame

from ...learn import TOPICS, Lesson, LessonError, load_lessons, topic_title
from ..draw import theme
from ..draw.learn import Para, draw_block, draw_check, fit_blocks
from ..draw.widgets import Button, ButtonBar
from ..i18n import t
from ..model.layout import Layout
from .base import Host, Scene
from .lesson_intro import backdrop

# a key for each lesson (P, R and T are the practice, rules and quiz keys)
LESSON_LETTERS = "abcdefghijklmnoqsuvwxyz"
HOTKEYS = {"quiz": pygame.K_t, "practice": pygame.K_p, "rules": pygame.K_r, "back": pygame.K_ESCAPE}
ROWS = 9           # lessons per column
RIGHT = 760        # design x of the quiz and practice column


class LessonButton(Button):
    """A lesson in the list: its number and title from the left (on two lines if need be),
    a check mark once finished."""

    done: bool = False

    def draw(self, screen: pygame.Surface, fonts) -> None:
        label, self.label = self.label, ""
        super().draw(screen, fonts)
        self.label = label
        tick = self.rect.height * 2 // 5
        left = self.rect.x + tick // 2
        if self.done:
            draw_check(screen, pygame.Rect(left, self.rect.centery - tick // 2, tick, tick), (40, 110, 40))
        left += tick + tick // 3
        room = self.rect.right - left - tick // 2   # the key is a tag on the corner: the title has the rest
        size, lines = self.title_lines(fonts, room)
        step = round(size * 1.2)
        top = self.rect.centery - step * len(lines) // 2
        for i, line in enumerate(lines):
            text = fonts.render_fit(line, size, theme.BUTTON_TEXT, room, bold=True)
            screen.blit(text, (left, top + i * step))

    def title_lines(self, fonts, room: int) -> tuple[int, list[str]]:
        """The title at the largest size that fits in two lines inside the button, clear of its edges."""
        size = self.size
        lines = fonts.wrap(self.label, size, room, bold=True)
        while size > 11 and (len(lines) > 2 or round(size * 1.2) * len(lines) > self.rect.height - size // 2):
            size -= 1
            lines = fonts.wrap(self.label, size, room, bold=True)
        return size, lines[:2]


class LearnScene(Scene):
    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.lessons: list[Lesson] = []
        self.problem: str | None = None
        try:
            self.lessons = load_lessons()
        except LessonError as exc:
            self.problem = str(exc)
        self.buttons = ButtonBar()
        self._backdrop: list[tuple[Layout, pygame.Surface]] = []
        self.refresh_language()

    def refresh_language(self) -> None:
        L, lang, progress = self.app.layout, self.app.settings.language, self.app.progress
        buttons: list[Button] = []
        for i, lesson in enumerate(self.lessons[:len(LESSON_LETTERS)]):
            column, row = divmod(i, ROWS)
            button = LessonButton(pygame.Rect(L.box(50 + column * 348, 124 + row * 58, 338, 52)),
                                  f"{i + 1}. {lesson.title.get(lang)}", self._opener(i), key=f"lesson:{lesson.id}",
                                  size=L.font(17), hotkey=getattr(pygame, f"K_{LESSON_LETTERS[i]}"))
            button.done = progress.finished(lesson.id)
            buttons.append(button)
        preset = t(f"preset_{self.app.settings.preset}", lang)
        for key, label, box in (("quiz", t("learn_start_quiz", lang), (RIGHT, 446, 220, 48)),
                                ("practice", t("learn_start_practice", lang), (RIGHT, 676, 220, 48)),
                                ("rules", t("learn_rules_button", lang, name=preset), (RIGHT + 236, 676, 230, 48)),
                                ("back", t("btn_back", lang), (1090, 24, 160, 44))):
            buttons.append(Button(pygame.Rect(L.box(*box)), label, self._action(key), key=key, size=L.font(19),
                                  hotkey=HOTKEYS[key]))
        self.buttons.set(buttons)

    def _opener(self, index: int):
        return lambda: self.open_index(index)

    def _action(self, key: str):
        return {"quiz": self.open_quiz, "practice": self.app.open_practice, "rules": self.app.open_rules,
                "back": self.app.scenes.pop}[key]

    # ----- opening what the menu lists -----------------------------------------
    def open_index(self, index: int, first_step: bool = False) -> None:
        from .lesson_intro import LessonIntroScene
        intro = LessonIntroScene(self.app, self.lessons, index)
        self.app.scenes.push(intro)
        if first_step:
            intro.start()

    def open_lesson(self, lesson_id: str, first_step: bool = False) -> bool:
        """Open a lesson by id (its first page, or straight at its first step); False if there is none."""
        ids = [lesson.id for lesson in self.lessons]
        if lesson_id not in ids:
            return False
        self.open_index(ids.index(lesson_id), first_step)
        return True

    def open_quiz(self) -> None:
        from .quiz import QuizScene
        self.app.scenes.push(QuizScene(self.app))

    def resume(self) -> None:
        """Back from a lesson, the quiz or the rules: new check marks, figures and rules."""
        self.refresh_language()

    def handle(self, event: pygame.event.Event) -> None:
        self.buttons.handle(event)

    # ----- drawing -------------------------------------------------------
    def draw(self, screen: pygame.Surface) -> None:
        L, lang, fonts, progress = self.app.layout, self.app.settings.language, self.app.fonts, self.app.progress
        screen.blit(backdrop(L, self._backdrop), (0, 0))
        screen.blit(fonts.render(t("learn_title", lang), L.font(36), theme.GOLD, bold=True), L.pt(60, 24))
        done = sum(progress.finished(lesson.id) for lesson in self.lessons)
        count = t("learn_done_count", lang, done=done, total=len(self.lessons))
        screen.blit(fonts.render(f"{t('learn_lessons', lang)} · {count}", L.font(18), theme.TEXT_DIM), L.pt(62, 80))
        if self.problem:
            text = t("learn_broken", lang, why=self.problem)
            block, = fit_blocks(fonts, [[Para(text, theme.WARN)]], L.s(640), L.s(400), L.font(18))
            draw_block(screen, fonts, block, L.pt(60, 130))
        self._draw_quiz(screen, L, lang)
        self._draw_practice(screen, L, lang)
        self.buttons.draw(screen, fonts)

    def _draw_quiz(self, screen: pygame.Surface, L: Layout, lang: str) -> None:
        fonts, progress = self.app.fonts, self.app.progress
        screen.blit(fonts.render(t("learn_quiz", lang), L.font(26), theme.GOLD, bold=True), L.pt(RIGHT, 100))
        block, = fit_blocks(fonts, [[Para(t("learn_quiz_text", lang), theme.TEXT_DIM)]], L.s(470), L.s(50),
                            L.font(16))
        draw_block(screen, fonts, block, L.pt(RIGHT, 136))
        best = fonts.render(t("learn_best", lang, n=progress.best_streak), L.font(19), theme.TEXT, bold=True)
        screen.blit(best, L.pt(RIGHT, 198))
        for i, topic in enumerate(TOPICS):
            y = 232 + i * 29
            name = fonts.render_fit(topic_title(topic).get(lang), L.font(16), theme.TEXT, L.s(300))
            screen.blit(name, L.pt(RIGHT + 10, y))
            right, asked = progress.topics.get(topic, (0, 0))
            figure = t("learn_accuracy", lang, right=right, asked=asked, pct=round(100 * right / asked)) if asked \
                else t("learn_not_tried", lang)
            text = fonts.render(figure, L.font(16), theme.GOLD if asked else theme.TEXT_DIM)
            screen.blit(text, text.get_rect(topright=L.pt(RIGHT + 466, y)))

    def _draw_practice(self, screen: pygame.Surface, L: Layout, lang: str) -> None:
        fonts = self.app.fonts
        screen.blit(fonts.render(t("learn_practice", lang), L.font(26), theme.GOLD, bold=True), L.pt(RIGHT, 530))
        block, = fit_blocks(fonts, [[Para(t("learn_practice_text", lang), theme.TEXT_DIM)]], L.s(470), L.s(80),
                            L.font(16))
        draw_block(screen, fonts, block, L.pt(RIGHT, 570))
