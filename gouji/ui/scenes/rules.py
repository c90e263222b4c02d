"""The rules screen: pick a preset, or change any house rule of RULES §9.
Every change is saved as TOML; a custom rule set is used for new matches."""

from __future__ import annotations

import pygame

from ...engine.rules import CHOICES, KEYS, PRESETS, RuleSet
from .. import theme
from ..i18n import t
from ..i18n.rule_keys import KEYS as TEXTS
from ..i18n.rule_keys import SERIES_LENGTHS, TRIBUTE_ORDERS, value_text
from .base import Host, Scene
from ..widgets import Button, ButtonBar

ROW_HEIGHT = 46
TOP = 150
BOTTOM = 690   # design y below which rows are not shown (the footer's place)


def next_value(rules: RuleSet, key: str):
    value = getattr(rules, key)
    if isinstance(value, bool):
        return not value
    options: tuple
    if key == "tribute_order":
        options = TRIBUTE_ORDERS if value in TRIBUTE_ORDERS else (value, *TRIBUTE_ORDERS)
    elif key == "series_length":
        options = SERIES_LENGTHS if value in SERIES_LENGTHS else (value, *SERIES_LENGTHS)
    else:
        options = CHOICES[key]
    return options[(options.index(value) + 1) % len(options)]


class RulesScene(Scene):
    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.scroll = 0
        self.message = ""
        self.buttons = ButtonBar()
        self.refresh_language()

    def refresh_language(self) -> None:
        lang, rules, L = self.app.settings.language, self.app.rules, self.app.layout
        buttons = []
        for i, name in enumerate(PRESETS):
            label = t(f"preset_{name}", lang)
            button = Button(pygame.Rect(L.box(80 + i * 190, 84, 176, 42)), label, self._preset(name),
                            key=f"preset:{name}", size=L.font(18))
            button.hover = rules == PRESETS[name]
            buttons.append(button)
        for i, key in enumerate(KEYS):
            y = TOP + i * ROW_HEIGHT - self.scroll
            if TOP - 10 <= y <= BOTTOM:
                buttons.append(Button(pygame.Rect(L.box(330, y, 190, 38)), value_text(getattr(rules, key), lang),
                                      self._cycle(key), key=f"key:{key}", size=L.font(16)))
        buttons.append(Button(pygame.Rect(L.box(1090, 20, 160, 44)), t("btn_back", lang), self.app.scenes.pop,
                              key="back", size=L.font(20), hotkey=pygame.K_ESCAPE))
        self.buttons.set(buttons)

    def _preset(self, name: str):
        def choose() -> None:
            self.app.set_rules(PRESETS[name])
            self.refresh_language()
        return choose

    def _cycle(self, key: str):
        def cycle() -> None:
            rules = self.app.rules
            value = next_value(rules, key)
            try:
                self.app.set_rules(rules.replace(**{key: value}))
                self.message = ""
            except ValueError as exc:   # e.g. 会3 with 憋3: explain, change nothing
                self.message = str(exc)
            self.refresh_language()
        return cycle

    def handle(self, event: pygame.event.Event) -> None:
        if self.buttons.handle(event):
            return
        if event.type == pygame.MOUSEWHEEL:
            self._scroll(-event.y * ROW_HEIGHT)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.scenes.pop()
            elif event.key in (pygame.K_DOWN, pygame.K_UP):
                self._scroll(ROW_HEIGHT if event.key == pygame.K_DOWN else -ROW_HEIGHT)

    def _scroll(self, delta: int) -> None:
        limit = max(0, len(KEYS) * ROW_HEIGHT - (BOTTOM - TOP))
        self.scroll = max(0, min(limit, self.scroll + delta))
        self.refresh_language()

    def draw(self, screen: pygame.Surface) -> None:
        lang, fonts, L = self.app.settings.language, self.app.fonts, self.app.layout
        screen.fill((22, 30, 26))
        screen.blit(fonts.render(t("rules_title", lang), L.font(32), theme.GOLD, bold=True), L.pt(80, 24))
        index = 0 if lang == "zh" else 1
        for i, key in enumerate(KEYS):
            y = TOP + i * ROW_HEIGHT - self.scroll
            if not TOP - 10 <= y <= BOTTOM:
                continue
            name_zh, name_en, text_zh, text_en = TEXTS[key]
            screen.blit(fonts.render((name_zh, name_en)[index], L.font(19), theme.TEXT, bold=True), L.pt(80, y + 6))
            screen.blit(fonts.render(key, L.font(12), theme.TEXT_DIM), L.pt(80, y + 28))
            text = fonts.render_fit((text_zh, text_en)[index], L.font(16), theme.TEXT_DIM, L.s(680))
            screen.blit(text, L.pt(540, y + 10))
        self.buttons.draw(screen, fonts)
        footer = self.message or t("rules_saved", lang, path=self.app.rules_note())
        colour = theme.WARN if self.message else theme.TEXT_DIM
        for j, line in enumerate(fonts.wrap(footer, L.font(15), L.s(1120))[:2]):
            screen.blit(fonts.render(line, L.font(15), colour), L.pt(80, 740 + j * 20))
