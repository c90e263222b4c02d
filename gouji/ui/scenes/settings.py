"""Settings: every choice of each setting is on screen, the current one lit;
a click picks one, ↑/↓ and ←/→ do the same from the keyboard. Saved at once."""

from __future__ import annotations

from typing import Any

import pygame

from ...engine.rules import PRESETS
from ...store.settings import CHOICES
from ..draw import theme
from ..draw.widgets import Button
from ..i18n import t
from .base import ButtonScene, Host

ROWS = [("language", "set_language"), ("bot_level", "set_bot_level"), ("speed", "set_speed"), ("sound", "set_sound"),
        ("volume", "set_volume"),
        ("counter", "set_counter"), ("show_counts", "set_counts"), ("auto_pass", "set_autopass"),
        ("move_timer", "set_move_timer"), ("hand_sort", "set_hand_sort"), ("preset", "set_preset")]
TOP, ROW_HEIGHT = 124, 56
PREFIXES = {"language": "lang_", "speed": "speed_", "show_counts": "counts_", "preset": "preset_",
            "bot_level": "level_", "hand_sort": "sort_", "volume": "volume_"}


def options_of(key: str, current: Any) -> tuple[Any, ...]:
    if isinstance(current, bool):
        return (False, True)
    options = tuple(PRESETS) if key == "preset" else CHOICES[key]
    return options if current in options else (current, *options)   # e.g. a custom rule set


def value_label(key: str, value: Any, lang: str) -> str:
    if isinstance(value, bool):
        return t("on" if value else "off", lang)
    return t(PREFIXES[key] + str(value), lang)


class SettingsScene(ButtonScene):
    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.row = 0   # the row the arrow keys work on
        self.refresh_language()

    def refresh_language(self) -> None:
        lang, settings, L = self.app.settings.language, self.app.settings, self.app.layout
        buttons = []
        for i, (key, _) in enumerate(ROWS):
            current = getattr(settings, key)
            x = 560
            for value in options_of(key, current):
                label = value_label(key, value, lang)
                width = max(92, self.app.fonts.get(20).size(label)[0] + 30)   # design units: fonts at 20px
                rect = pygame.Rect(L.box(x, TOP + i * ROW_HEIGHT, width, 44))
                button = Button(rect, label, self._picker(key, value), key=f"{key}:{value}", size=L.font(19))
                button.selected = value == current
                buttons.append(button)
                x += width + 10
        back = pygame.Rect(L.box(1040, 40, 180, 48))
        buttons.append(Button(back, t("btn_back", lang), self.app.scenes.pop, key="back", size=L.font(20),
                              hotkey=pygame.K_ESCAPE))
        self.buttons.set(buttons)

    def _picker(self, key: str, value: Any):
        def pick() -> None:
            self.row = [k for k, _ in ROWS].index(key)
            self.app.update_settings(**{key: value})
        return pick

    def handle(self, event: pygame.event.Event) -> None:
        if self.buttons.handle(event):
            return
        if event.type != pygame.KEYDOWN:
            return
        if event.key in (pygame.K_UP, pygame.K_DOWN):
            self.row = (self.row + (1 if event.key == pygame.K_DOWN else -1)) % len(ROWS)
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            key = ROWS[self.row][0]
            current = getattr(self.app.settings, key)
            options = options_of(key, current)
            step = 1 if event.key == pygame.K_RIGHT else -1
            self.app.update_settings(**{key: options[(options.index(current) + step) % len(options)]})
        elif event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()

    def draw(self, screen: pygame.Surface) -> None:
        lang, L, fonts = self.app.settings.language, self.app.layout, self.app.fonts
        screen.fill((24, 30, 28))
        title = fonts.render(t("settings_title", lang), L.font(36), theme.GOLD, bold=True)
        screen.blit(title, title.get_rect(midleft=L.pt(80, 64)))
        for i, (_, label) in enumerate(ROWS):
            y = TOP + i * ROW_HEIGHT + 22
            colour = theme.GOLD if i == self.row else theme.TEXT
            text = fonts.render_fit(t(label, lang), L.font(21), colour, L.s(420), bold=i == self.row)
            screen.blit(text, text.get_rect(midright=L.pt(530, y)))
            if i == self.row:
                marker = fonts.render("→", L.font(18), theme.GOLD)
                screen.blit(marker, marker.get_rect(midright=L.pt(80, y)))
        self.buttons.draw(screen, fonts)
        keys = fonts.render(t("settings_keys", lang), L.font(15), theme.TEXT_DIM)
        screen.blit(keys, keys.get_rect(midbottom=L.pt(640, 780)))
