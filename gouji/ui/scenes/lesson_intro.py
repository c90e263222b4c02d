"""A lesson's first page: its few sentences with the cards drawn, then Start
puts the learner on the real table at the lesson's first step."""

from __future__ import annotations

import pygame

from ...learn import Lesson, LessonError
from ..draw import theme
from ..draw.learn import Para, draw_block, draw_check, draw_groups, fit_blocks
from ..draw.widgets import Button, ButtonBar
from ..i18n import t
from ..model.layout import Layout
from .base import Host, Scene

TEXT_WIDTH = 1080   # design width of the text


def backdrop(L: Layout, cache: list[tuple[Layout, pygame.Surface]]) -> pygame.Surface:
    """The Learn screens' background at the window's size (cached in ``cache``)."""
    if not cache or cache[0][0] != L:
        cache[:] = [(L, theme.vertical_gradient((L.width, L.height), (20, 52, 40), (10, 26, 20)))]
    return cache[0][1]


class LessonIntroScene(Scene):
    def __init__(self, app: Host, lessons: list[Lesson], index: int) -> None:
        super().__init__(app)
        self.lessons, self.index = lessons, index
        self.problem: str | None = None
        self.buttons = ButtonBar()
        self._backdrop: list[tuple[Layout, pygame.Surface]] = []
        self.refresh_language()

    @property
    def lesson(self) -> Lesson:
        return self.lessons[self.index]

    def refresh_language(self) -> None:
        L, lang = self.app.layout, self.app.settings.language
        self.buttons.set([
            Button(pygame.Rect(L.box(860, 712, 200, 52)), t("lesson_start", lang), self.start, key="start",
                   size=L.font(22), hotkey=pygame.K_RETURN),
            Button(pygame.Rect(L.box(1080, 712, 150, 52)), t("btn_back", lang), self.app.scenes.pop, key="back",
                   size=L.font(20), hotkey=pygame.K_ESCAPE)])

    def start(self) -> None:
        """The lesson's first step on the table (a broken lesson says why instead)."""
        from .lesson_table import LessonState, LessonStepScene
        try:
            state = LessonState(self.lessons, self.index)
            state.runner.start_step()
        except LessonError as exc:
            self.problem = t("lesson_broken", self.app.settings.language, why=exc)
            return
        self.app.scenes.replace(LessonStepScene(self.app, state))

    def handle(self, event: pygame.event.Event) -> None:
        self.buttons.handle(event)

    def draw(self, screen: pygame.Surface) -> None:
        L, lang, fonts, lesson = self.app.layout, self.app.settings.language, self.app.fonts, self.lesson
        screen.blit(backdrop(L, self._backdrop), (0, 0))
        title = f"{self.index + 1}. {lesson.title.get(lang)}"
        left, top = L.pt(80, 40)
        heading = fonts.render_fit(title, L.font(36), theme.GOLD, L.s(TEXT_WIDTH), bold=True)
        screen.blit(heading, (left, top))
        sub = t("lesson_section", lang, section=lesson.section)
        if self.app.progress.finished(lesson.id):
            draw_check(screen, pygame.Rect(left, top + L.s(56), L.s(22), L.s(22)), theme.GOLD)
            sub = f"      {sub} · {t('lesson_done_before', lang)}"
        screen.blit(fonts.render(sub, L.font(18), theme.TEXT_DIM), (left, top + L.s(56)))
        card = (L.s(58), L.s(82))
        shows = L.s(130) if lesson.show else 0
        paras = [Para(lesson.text.get(lang), theme.TEXT)]
        after = [Para(t("lesson_steps", lang, n=len(lesson.steps)), theme.GOLD, gap=0.5)]
        if self.problem:
            after.append(Para(self.problem, theme.WARN, gap=0.5))
        text, tail = fit_blocks(fonts, [paras, after], L.s(TEXT_WIDTH), L.s(560) - shows, L.font(22))
        y = top + L.s(100)
        draw_block(screen, fonts, text, (left, y))
        y += text.height + L.s(12)
        if lesson.show:
            screen.blit(fonts.render(t("lesson_examples", lang), L.font(17), theme.TEXT_DIM), (left, y))
            y += L.s(26) + draw_groups(screen, self.app.art, lesson.show, (left, y + L.s(26)), card,
                                       L.s(TEXT_WIDTH)) + L.s(12)
        draw_block(screen, fonts, tail, (left, y))
        self.buttons.draw(screen, fonts)
