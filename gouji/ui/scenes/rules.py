"""The rules screen: pick a preset, or change any house rule of RULES §9.
Each rule shows its name, what it means and all its choices (the current one
lit); the number of deals has − and +. Changes are saved at once and used
for new matches."""

from __future__ import annotations

from typing import Any

import pygame

from ...engine.rules import CHOICES, KEYS, MAX_SERIES, PRESETS, RuleSet
from ..draw import theme
from ..draw.scrollbar import Scrollbar
from ..draw.widgets import Button, ButtonBar
from ..i18n import t
from ..i18n.rule_keys import KEYS as TEXTS
from ..i18n.rule_keys import TRIBUTE_ORDERS, value_text
from .base import Host, Scene

ROW_HEIGHT = 60
TOP = 150
BOTTOM = 700   # design y below which rows are not shown (the footer's place)
CHIPS_X = 640


def options_of(rules: RuleSet, key: str) -> tuple[Any, ...]:
    """Every value a rule can take, as chips (the number of deals has its own − / +)."""
    value = getattr(rules, key)
    if isinstance(value, bool):
        return (False, True)
    if key == "tribute_order":
        return TRIBUTE_ORDERS if value in TRIBUTE_ORDERS else (value, *TRIBUTE_ORDERS)
    return CHOICES[key]


def stepped(rules: RuleSet, key: str, step: int) -> Any:
    """The next (step 1) or previous (-1) value of a rule."""
    value = getattr(rules, key)
    if key == "series_length":
        return max(1, min(MAX_SERIES, value + step))
    options = options_of(rules, key)
    return options[(options.index(value) + step) % len(options)]


class RulesScene(Scene):
    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.scroll = 0      # design pixels
        self.row = 0         # the rule the arrow keys change
        self.message = ""
        self.buttons = ButtonBar()
        self.bar = Scrollbar(pygame.Rect(0, 0, 0, 0))
        self.refresh_language()

    def refresh_language(self) -> None:
        lang, rules, L = self.app.settings.language, self.app.rules, self.app.layout
        self.bar.track = pygame.Rect(L.box(1262, TOP, 8, BOTTOM - TOP))
        buttons = []
        for i, name in enumerate(PRESETS):
            button = Button(pygame.Rect(L.box(60 + i * 200, 84, 186, 44)), t(f"preset_{name}", lang),
                            self._preset(name), key=f"preset:{name}", size=L.font(18), hotkey=pygame.K_1 + i)
            button.selected = rules == PRESETS[name]
            buttons.append(button)
        for i, key in enumerate(KEYS):
            y = TOP + i * ROW_HEIGHT - self.scroll
            if TOP - 10 <= y <= BOTTOM - ROW_HEIGHT + 10:
                buttons += self._chips(key, y, rules, lang)
        buttons.append(Button(pygame.Rect(L.box(1080, 24, 170, 44)), t("btn_back", lang), self.app.scenes.pop,
                              key="back", size=L.font(20), hotkey=pygame.K_ESCAPE))
        self.buttons.set(buttons)

    def _chips(self, key: str, y: int, rules: RuleSet, lang: str) -> list[Button]:
        L, value = self.app.layout, getattr(rules, key)
        if key == "series_length":   # − n +
            minus = Button(pygame.Rect(L.box(CHIPS_X, y + 8, 48, 40)), "−", self._set(key, stepped(rules, key, -1)),
                           key=f"key:{key}:-", size=L.font(22))
            plus = Button(pygame.Rect(L.box(CHIPS_X + 130, y + 8, 48, 40)), "+", self._set(key, stepped(rules, key, 1)),
                          key=f"key:{key}:+", size=L.font(22))
            return [minus, plus]
        chips, x = [], CHIPS_X
        for option in options_of(rules, key):
            label = value_text(option, lang)
            width = max(70, self.app.fonts.get(16).size(label)[0] + 24)
            chip = Button(pygame.Rect(L.box(x, y + 8, width, 40)), label, self._set(key, option),
                          key=f"key:{key}:{option}", size=L.font(16))
            chip.selected = option == value
            chips.append(chip)
            x += width + 8
        return chips

    def _preset(self, name: str):
        def choose() -> None:
            self.app.set_rules(PRESETS[name])
            self.message = ""
            self.refresh_language()
        return choose

    def _set(self, key: str, value: Any):
        def change() -> None:
            self.row = KEYS.index(key)
            try:
                self.app.set_rules(self.app.rules.replace(**{key: value}))
                self.message = ""
            except ValueError as exc:   # e.g. 会3 with 憋3: explain, change nothing
                self.message = str(exc)
            self.refresh_language()
        return change

    def handle(self, event: pygame.event.Event) -> None:
        if self.buttons.handle(event):
            return
        scrolled = self.bar.handle(event, len(KEYS) * ROW_HEIGHT, BOTTOM - TOP, self.scroll)
        if scrolled is not None:
            if scrolled != self.scroll:
                self._scroll(scrolled - self.scroll)
            return
        if event.type == pygame.MOUSEWHEEL:
            self._scroll(-event.y * ROW_HEIGHT)
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_DOWN, pygame.K_UP):
                self.row = max(0, min(len(KEYS) - 1, self.row + (1 if event.key == pygame.K_DOWN else -1)))
                self._show_row()
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                key = KEYS[self.row]
                self._set(key, stepped(self.app.rules, key, 1 if event.key == pygame.K_RIGHT else -1))()
            elif event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
                self._scroll((BOTTOM - TOP) if event.key == pygame.K_PAGEDOWN else -(BOTTOM - TOP))

    def _show_row(self) -> None:
        """Scroll so the row the keys work on is in view."""
        y = self.row * ROW_HEIGHT
        if y < self.scroll:
            self._scroll(y - self.scroll)
        elif y + ROW_HEIGHT > self.scroll + BOTTOM - TOP:
            self._scroll(y + ROW_HEIGHT - (self.scroll + BOTTOM - TOP))
        else:
            self.refresh_language()

    def _scroll(self, delta: int) -> None:
        limit = max(0, len(KEYS) * ROW_HEIGHT - (BOTTOM - TOP))
        self.scroll = max(0, min(limit, self.scroll + delta))
        self.refresh_language()

    def draw(self, screen: pygame.Surface) -> None:
        lang, fonts, L = self.app.settings.language, self.app.fonts, self.app.layout
        screen.fill((22, 30, 26))
        index = 0 if lang == "zh" else 1
        clip = screen.get_clip()
        screen.set_clip(pygame.Rect(L.box(0, TOP - 6, 1280, BOTTOM - TOP + 6)))
        for i, key in enumerate(KEYS):
            y = TOP + i * ROW_HEIGHT - self.scroll
            if not TOP - ROW_HEIGHT <= y <= BOTTOM:
                continue
            name_zh, name_en, text_zh, text_en = TEXTS[key]
            colour = theme.GOLD if i == self.row else theme.TEXT
            screen.blit(fonts.render((name_zh, name_en)[index], L.font(19), colour, bold=True), L.pt(60, y + 6))
            explain = fonts.render_fit((text_zh, text_en)[index], L.font(14), theme.TEXT_DIM, L.s(560))
            screen.blit(explain, L.pt(60, y + 33))
            if key == "series_length":
                number = fonts.render(str(getattr(self.app.rules, key)), L.font(22), theme.GOLD, bold=True)
                screen.blit(number, number.get_rect(center=L.pt(CHIPS_X + 89, y + 28)))
        screen.set_clip(clip)
        self.bar.draw(screen, len(KEYS) * ROW_HEIGHT, BOTTOM - TOP, self.scroll)
        title = fonts.render(t("rules_title", lang), L.font(32), theme.GOLD, bold=True)
        screen.blit(title, L.pt(60, 24))
        self.buttons.draw(screen, fonts)
        lines = fonts.lines(self.message, L.font(15), L.s(1160), 2) if self.message else \
            [t("rules_saved", lang), t("rules_keys", lang)]
        colour = theme.WARN if self.message else theme.TEXT_DIM
        for j, line in enumerate(lines):
            screen.blit(fonts.render(line, L.font(15), colour), L.pt(60, 730 + j * 22))
