"""Settings: each row cycles through its values; saved at once."""

from __future__ import annotations

import pygame

from ...engine.rules import PRESETS
from ...store.settings import CHOICES
from .. import theme
from ..i18n import t
from .base import ButtonScene, Host
from ..widgets import Button

ROWS = [("language", "set_language"), ("bot_level", "set_bot_level"), ("speed", "set_speed"), ("sound", "set_sound"),
        ("counter", "set_counter"), ("show_counts", "set_counts"), ("auto_pass", "set_autopass"),
        ("preset", "set_preset")]


def value_label(key: str, value, lang: str) -> str:
    if isinstance(value, bool):
        return t("on" if value else "off", lang)
    prefix = {"language": "lang_", "speed": "speed_", "show_counts": "counts_", "preset": "preset_",
              "bot_level": "level_"}[key]
    return t(prefix + str(value), lang)


class SettingsScene(ButtonScene):
    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.refresh_language()

    def refresh_language(self) -> None:
        lang, settings, L = self.app.settings.language, self.app.settings, self.app.layout
        buttons = []
        for i, (key, _) in enumerate(ROWS):
            rect = pygame.Rect(L.box(660, 150 + i * 64, 260, 46))
            label = value_label(key, getattr(settings, key), lang)
            buttons.append(Button(rect, label, self._cycler(key), key=key, size=L.font(20)))
        back = pygame.Rect(L.box(530, 166 + len(ROWS) * 64, 220, 48))
        buttons.append(Button(back, t("btn_back", lang), self.app.scenes.pop, key="back", size=L.font(20),
                              hotkey=pygame.K_ESCAPE))
        self.buttons.set(buttons)

    def _cycler(self, key: str):
        def cycle() -> None:
            value = getattr(self.app.settings, key)
            options = (False, True) if isinstance(value, bool) else \
                (tuple(PRESETS) if key == "preset" else CHOICES[key])
            if value not in options:
                options = (value, *options)
            self.app.update_settings(**{key: options[(options.index(value) + 1) % len(options)]})
        return cycle

    def draw(self, screen: pygame.Surface) -> None:
        lang, L = self.app.settings.language, self.app.layout
        screen.fill((24, 30, 28))
        title = self.app.fonts.render(t("settings_title", lang), L.font(36), theme.GOLD, bold=True)
        screen.blit(title, title.get_rect(center=L.pt(640, 80)))
        for i, (_, label) in enumerate(ROWS):
            text = self.app.fonts.render(t(label, lang), L.font(21), theme.TEXT)
            screen.blit(text, text.get_rect(midright=L.pt(620, 173 + i * 64)))
        self.buttons.draw(screen, self.app.fonts)
