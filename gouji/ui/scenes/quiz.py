"""The quiz: endless seeded questions answered by the engine — 2 to 4 options
as buttons (keys 1–4), the cards drawn where the question has cards, the
explanation after each answer and the streak; every answer is saved to the
Learn progress. The heading names the rules the question follows."""

from __future__ import annotations

import math
import random

import pygame

from ...learn import Answer, Question, QuizSession, topic_title
from ...learn.quiz import SEED_RANGE
from ..draw import theme
from ..draw.cardart import CardArt
from ..draw.learn import Para, cards_of, draw_block, draw_cards, draw_groups, fit_blocks, is_cards
from ..draw.widgets import Button, ButtonBar
from ..i18n import english_cards, t
from ..model.layout import Layout
from ..model.prompts import pretty
from .base import Host, Scene
from .lesson_intro import backdrop

OPTION_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4)
KEYPAD = {pygame.K_KP1: 0, pygame.K_KP2: 1, pygame.K_KP3: 2, pygame.K_KP4: 3}
SEAT_TOPICS = ("turn", "burn", "lead", "score", "tribute")   # questions about seats: a seat diagram helps
CARD_TOPICS = ("beat", "gouji", "burn")                      # questions whose options may be plays: drawn as cards
SEAT_ANGLES = (90.0, 30.0, -30.0, -90.0, -150.0, 150.0)      # RULES §0: 0 at the bottom, counter-clockwise
GOOD = (110, 200, 120)
BAD = (220, 90, 80)
MAX_TRIES = 5


class OptionButton(Button):
    """An answer: cards drawn when the option is a play, else its text; green or red once answered."""

    mark: str = ""    # "", "right" or "wrong"
    art: CardArt | None = None   # the card art, for options that are cards
    lang: str = "zh"             # the cards' names beside them

    def draw(self, screen: pygame.Surface, fonts) -> None:
        label, self.label = self.label, ""
        super().draw(screen, fonts)
        self.label = label
        if self.mark:
            pygame.draw.rect(screen, GOOD if self.mark == "right" else BAD, self.rect, max(3, self.rect.height // 12),
                             border_radius=max(4, self.rect.height // 5))
        left = self.rect.x + self.rect.height // 2
        if self.art is not None and is_cards(label):
            h = self.rect.height * 4 // 5
            size = (h * 5 // 7, h)
            step = min(size[0] * 3 // 5, (self.rect.width - self.rect.height * 2) // max(1, len(cards_of(label))))
            left += draw_cards(screen, self.art, label, (left, self.rect.centery - h // 2), size, step) + h // 3
            label = pretty(label, self.lang)
            label = english_cards(label) if self.lang == "en" else label
        room = self.rect.right - left - self.rect.height
        text = fonts.render_fit(label, self.size, theme.BUTTON_TEXT, room, bold=True)
        screen.blit(text, text.get_rect(midleft=(left, self.rect.centery)))


class QuizScene(Scene):
    def __init__(self, app: Host, seed: int | None = None) -> None:
        super().__init__(app)
        self.session = QuizSession(seed if seed is not None else random.randrange(SEED_RANGE))
        self.number = 0
        self.question: Question = self._draw_question()
        self.answer: Answer | None = None
        self.chosen: int | None = None
        self.buttons = ButtonBar()
        self._backdrop: list[tuple[Layout, pygame.Surface]] = []
        self.refresh_language()

    def _draw_question(self) -> Question:
        """The session's next question (a generator that fails is skipped for the next seed)."""
        for _ in range(MAX_TRIES - 1):
            try:
                question = self.session.next()
                break
            except (ValueError, AssertionError):
                continue
        else:
            question = self.session.next()
        self.number += 1
        return question

    # ----- answering -------------------------------------------------------
    def choose(self, index: int) -> None:
        if self.answer is not None or not 0 <= index < len(self.question.options):
            return
        self.chosen = index
        self.answer = self.session.answer(index)
        self.app.quiz_answered(self.question.topic, self.answer.correct, self.session.streak)
        self.refresh_language()

    def next_question(self) -> None:
        if self.answer is None:
            return
        self.question, self.answer, self.chosen = self._draw_question(), None, None
        self.refresh_language()

    # ----- buttons -------------------------------------------------------
    def refresh_language(self) -> None:
        L, lang = self.app.layout, self.app.settings.language
        buttons: list[Button] = []
        for i, option in enumerate(self.question.options):
            column, row = i % 2, i // 2
            button = OptionButton(pygame.Rect(L.box(60 + column * 590, 352 + row * 70, 570, 58)), option.get(lang),
                                  self._chooser(i), key=f"option:{i}", size=L.font(20), hotkey=OPTION_KEYS[i])
            button.art = self.app.art if self.question.topic in CARD_TOPICS else None
            button.lang = lang
            if self.answer is not None:
                button.mark = "right" if i == self.answer.right else "wrong" if i == self.chosen else ""
            buttons.append(button)
        if self.answer is not None:
            buttons.append(Button(pygame.Rect(L.box(1010, 724, 220, 52)), t("quiz_next", lang), self.next_question,
                                  key="next", size=L.font(21), hotkey=pygame.K_RETURN))
        buttons.append(Button(pygame.Rect(L.box(1090, 24, 160, 44)), t("btn_back", lang), self.app.scenes.pop,
                              key="back", size=L.font(20), hotkey=pygame.K_ESCAPE))
        self.buttons.set(buttons)

    def _chooser(self, index: int):
        return lambda: self.choose(index)

    def handle(self, event: pygame.event.Event) -> None:
        if self.buttons.handle(event):
            return
        if event.type == pygame.KEYDOWN:
            if event.key in KEYPAD:
                self.choose(KEYPAD[event.key])
            elif event.key in (pygame.K_SPACE, pygame.K_KP_ENTER):
                self.next_question()

    # ----- drawing -------------------------------------------------------
    def draw(self, screen: pygame.Surface) -> None:
        L, lang, fonts, q = self.app.layout, self.app.settings.language, self.app.fonts, self.question
        screen.blit(backdrop(L, self._backdrop), (0, 0))
        screen.blit(fonts.render(t("quiz_title", lang), L.font(36), theme.GOLD, bold=True), L.pt(60, 24))
        head = t("quiz_number", lang, n=self.number, topic=topic_title(q.topic).get(lang),
                 rules=t(f"quiz_rules_{q.rules}", lang))
        screen.blit(fonts.render(head, L.font(18), theme.TEXT_DIM), L.pt(62, 80))
        best = max(self.app.progress.best_streak, self.session.best_streak)
        streak = f"{t('quiz_streak', lang, n=self.session.streak)}  ·  {t('quiz_best', lang, n=best)}"
        text = fonts.render(streak, L.font(22), theme.GOLD, bold=True)
        screen.blit(text, text.get_rect(topright=L.pt(1060, 34)))
        diagram = q.topic in SEAT_TOPICS
        width = 900 if diagram else 1160
        prompt, = fit_blocks(fonts, [[Para(q.prompt.get(lang), theme.TEXT)]], L.s(width), L.s(q.show and 120 or 220),
                             L.font(24))
        draw_block(screen, fonts, prompt, L.pt(60, 112))
        if q.show:
            draw_groups(screen, self.app.art, q.show, L.pt(60, 246), (L.s(52), L.s(74)), L.s(width))
        if diagram:
            self._draw_seats(screen, L)
        self.buttons.draw(screen, fonts)
        self._draw_result(screen, L, lang)

    def _draw_result(self, screen: pygame.Surface, L: Layout, lang: str) -> None:
        fonts, answer = self.app.fonts, self.answer
        if answer is None:
            keys = t("quiz_keys", lang, n=len(self.question.options))
            screen.blit(fonts.render(keys, L.font(17), theme.TEXT_DIM), L.pt(60, 510))
            return
        right = self.question.options[answer.right].get(lang)
        heading = Para(t("quiz_right", lang) if answer.correct else t("quiz_wrong", lang, answer=right),
                       GOOD if answer.correct else BAD, bold=True, scale=1.1)
        block, = fit_blocks(fonts, [[heading, Para(answer.explanation.get(lang), theme.TEXT, gap=0.3)]], L.s(1160),
                            L.s(200), L.font(19))
        draw_block(screen, fonts, block, L.pt(60, 510))

    def _draw_seats(self, screen: pygame.Surface, L: Layout) -> None:
        """The six seats in playing order, counter-clockwise, coloured by team."""
        cx, cy = L.pt(1110, 200)
        radius, dot = L.s(78), L.s(19)
        corners = [(cx + radius * 1.2 * math.cos(math.radians(a)), cy + radius * math.sin(math.radians(a)))
                   for a in range(0, 360, 60)]
        pygame.draw.polygon(screen, theme.FELT, corners)
        pygame.draw.polygon(screen, theme.RIM_LIGHT, corners, 2)
        for seat, angle in enumerate(SEAT_ANGLES):
            x = cx + radius * 1.25 * math.cos(math.radians(angle))
            y = cy + radius * 1.05 * math.sin(math.radians(angle))
            colour = theme.TEAM_OURS if seat % 2 == 0 else theme.TEAM_THEIRS
            pygame.draw.circle(screen, colour, (round(x), round(y)), dot)
            pygame.draw.circle(screen, (20, 20, 20), (round(x), round(y)), dot, 2)
            label = self.app.fonts.render(str(seat), L.font(20), (255, 255, 255), bold=True)
            screen.blit(label, label.get_rect(center=(round(x), round(y))))
