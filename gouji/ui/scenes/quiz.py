"""The quiz: endless seeded questions answered by the engine — 2 to 4 options
as buttons (keys 1–4), the cards drawn where the question has cards (an option
that is a play shows its cards and its words), the explanation after each
answer and the streak; every answer is saved to the Learn progress. The heading
names the rules the question follows; questions about seats show the table's
six players by name, as the questions name them."""

from __future__ import annotations

import math
import random
import re

import pygame

from ...learn import Answer, Question, QuizSession, topic_title
from ...learn.quiz import SEED_RANGE
from ..draw import theme
from ..draw.cardart import CardArt
from ..draw.learn import Para, cards_of, draw_block, draw_cards, draw_groups, fit_blocks
from ..draw.widgets import Button, ButtonBar
from ..i18n import t
from ..model.layout import Layout
from ..model.text_marks import KEEP
from .base import Host, Scene
from .lesson_intro import backdrop

OPTION_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4)
KEYPAD = {pygame.K_KP1: 0, pygame.K_KP2: 1, pygame.K_KP3: 2, pygame.K_KP4: 3}
SEAT_TOPICS = ("turn", "burn", "lead", "score", "tribute")   # questions about seats: a seat diagram helps
SEAT_ANGLES = (90.0, 30.0, -30.0, -90.0, -150.0, 150.0)      # RULES §0: 0 at the bottom, counter-clockwise
GOOD = (110, 200, 120)
BAD = (220, 90, 80)
MAX_TRIES = 5
# a card's count stays on the line of its rank in English: a pair of 6s, two big jokers (a KEEP space joins
# the whole run between two spaces into one word, so Chinese, written without spaces, keeps its own breaks)
EN_COUNT = re.compile(r"\b(a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|of|big|small) "
                      r"(?=(?:10|[2-9]|[JQK])s?\b|aces?\b|(?:big |small )?jokers?\b|pair of\b)")


def keep_cards(text: str, lang: str) -> str:
    """Text for the wrapper with no line break inside a card's words ("a / pair of 6s", "big / joker")."""
    if lang == "zh":
        return text
    return EN_COUNT.sub(lambda m: m.group(1) + KEEP, text).replace("pair of" + KEEP, f"pair{KEEP}of{KEEP}")


class OptionButton(Button):
    """An answer in words, with its cards drawn before them when it is a play; green or red once answered."""

    mark: str = ""    # "", "right" or "wrong"
    art: CardArt | None = None   # the card art, for options that are plays
    cards: str = ""              # the play in notation, drawn (its words are the label)
    lang: str = "zh"

    def draw(self, screen: pygame.Surface, fonts) -> None:
        label, self.label = self.label, ""
        super().draw(screen, fonts)
        self.label = label
        if self.mark:
            pygame.draw.rect(screen, GOOD if self.mark == "right" else BAD, self.rect, max(3, self.rect.height // 12),
                             border_radius=max(4, self.rect.height // 5))
        left = self.rect.x + self.rect.height // 2
        if self.art is not None and self.cards:
            h = self.rect.height * 4 // 5
            size = (h * 5 // 7, h)
            step = min(size[0] * 3 // 5, (self.rect.width - self.rect.height * 2) // max(1, len(cards_of(self.cards))))
            left += draw_cards(screen, self.art, self.cards, (left, self.rect.centery - h // 2), size, step) + h // 3
        self._draw_words(screen, fonts, label, left)

    def _draw_words(self, screen: pygame.Surface, fonts, label: str, left: int) -> None:
        """The words on one line, or on two a little smaller when one would shrink them too far."""
        room = self.rect.right - left - self.rect.height // 2
        if fonts.get(self.size, True).size(label)[0] * 4 > room * 5:
            small = self.size * 17 // 20
            lines = fonts.lines(keep_cards(label, self.lang), small, room, 2, bold=True)
            if len(lines) == 2:
                step = round(small * 1.15)
                for i, line in enumerate(lines):
                    text = fonts.render(line, small, theme.BUTTON_TEXT, bold=True)
                    screen.blit(text, text.get_rect(midleft=(left, self.rect.centery + (i * 2 - 1) * step // 2)))
                return
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
            button.art = self.app.art
            button.cards = self.question.cards[i] if i < len(self.question.cards) else ""
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
        prompt, = fit_blocks(fonts, [[Para(keep_cards(q.prompt.get(lang), lang), theme.TEXT)]], L.s(width),
                             L.s(q.show and 120 or 220),
                             L.font(24))
        draw_block(screen, fonts, prompt, L.pt(60, 112))
        if q.show:
            draw_groups(screen, self.app.art, q.show, L.pt(60, 246), (L.s(52), L.s(74)), L.s(width))
        if diagram:
            self._draw_seats(screen, L, lang)
        self.buttons.draw(screen, fonts)
        self._draw_result(screen, L, lang)

    def _draw_result(self, screen: pygame.Surface, L: Layout, lang: str) -> None:
        fonts, answer = self.app.fonts, self.answer
        if answer is None:
            keys = t("quiz_keys", lang, n=len(self.question.options))
            screen.blit(fonts.render(keys, L.font(17), theme.TEXT_DIM), L.pt(60, 510))
            return
        right = keep_cards(self.question.options[answer.right].get(lang), lang)
        heading = Para(t("quiz_right", lang) if answer.correct else t("quiz_wrong", lang, answer=right),
                       GOOD if answer.correct else BAD, bold=True, scale=1.1)
        why = keep_cards(answer.explanation.get(lang), lang)
        block, = fit_blocks(fonts, [[heading, Para(why, theme.TEXT, gap=0.3)]], L.s(1160),
                            L.s(200), L.font(19))
        draw_block(screen, fonts, block, L.pt(60, 510))

    def _draw_seats(self, screen: pygame.Surface, L: Layout, lang: str) -> None:
        """The six players in playing order, counter-clockwise, coloured by team and named as the
        questions name them (你, 小李 … / You, Li …)."""
        cx, cy = L.pt(1110, 200)
        radius, half = L.s(78), L.s(19)
        corners = [(cx + radius * 1.2 * math.cos(math.radians(a)), cy + radius * math.sin(math.radians(a)))
                   for a in range(0, 360, 60)]
        pygame.draw.polygon(screen, theme.FELT, corners)
        pygame.draw.polygon(screen, theme.RIM_LIGHT, corners, 2)
        for seat, angle in enumerate(SEAT_ANGLES):
            x = cx + radius * 1.25 * math.cos(math.radians(angle))
            y = cy + radius * 1.05 * math.sin(math.radians(angle))
            colour = theme.TEAM_OURS if seat % 2 == 0 else theme.TEAM_THEIRS
            box = pygame.Rect(0, 0, half * 3, half * 2)
            box.center = (round(x), round(y))
            pygame.draw.rect(screen, colour, box, border_radius=half)
            pygame.draw.rect(screen, (20, 20, 20), box, 2, border_radius=half)
            label = self.app.fonts.render_fit(t("you" if seat == 0 else f"name_{seat}", lang), L.font(17),
                                              (255, 255, 255), box.width - L.s(8), bold=True)
            screen.blit(label, label.get_rect(center=box.center))
