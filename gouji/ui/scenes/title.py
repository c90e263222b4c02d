"""Title screen: new game, continue, rules preset, language, settings, help, quit."""

from __future__ import annotations

import pygame

from ...engine.cards import make_card
from ...store.saves import has_save
from ...version import version
from .. import layout, theme
from ..i18n import other_language, t
from .base import Scene
from ..widgets import ButtonBar, column




class TitleScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.buttons = ButtonBar()
        self._backdrop: pygame.Surface | None = None
        self.refresh_language()

    def refresh_language(self) -> None:
        lang, settings = self.app.settings.language, self.app.settings
        preset_label = t(f"preset_{settings.preset}", lang)
        entries = [("new", t("new_game", lang)), ("continue", t("continue", lang)),
                   ("preset", t("preset", lang, name=preset_label)), ("language", t("language", lang)),
                   ("settings", t("settings", lang)), ("help", t("rules_help", lang)),
                   ("quit", t("quit", lang))]
        actions = {"new": self.app.new_match, "continue": self.app.continue_match,
                   "preset": self.app.open_rules, "language": self._toggle_language,
                   "settings": self.app.open_settings, "help": self.app.open_help, "quit": self.app.quit}
        self.buttons.set(column(entries, actions, 330, enabled={"continue": self.app_has_save()}))

    def app_has_save(self) -> bool:
        return has_save()

    def _toggle_language(self) -> None:
        self.app.update_settings(language=other_language(self.app.settings.language))

    def handle(self, event: pygame.event.Event) -> None:
        if self.buttons.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN:
            self.app.new_match()

    def draw(self, screen: pygame.Surface) -> None:
        screen.blit(self.backdrop(), (0, 0))
        lang = self.app.settings.language
        title = self.app.fonts.render(t("title", "zh"), 96, theme.GOLD, bold=True)
        screen.blit(title, title.get_rect(center=(layout.WIDTH // 2, 150)))
        sub = self.app.fonts.render(t("subtitle", lang), 22, theme.TEXT)
        screen.blit(sub, sub.get_rect(center=(layout.WIDTH // 2, 228)))
        if lang == "en":
            name = self.app.fonts.render("Gouji", 30, theme.TEXT_DIM, bold=True)
            screen.blit(name, name.get_rect(center=(layout.WIDTH // 2, 265)))
        self.buttons.draw(screen, self.app.fonts)
        ver = self.app.fonts.render(t("version", lang, version=version()), 15, theme.TEXT_DIM)
        screen.blit(ver, (layout.WIDTH - ver.get_width() - 16, layout.HEIGHT - 30))
        # a broken settings, rules or save file is shown by the app's notices, over any screen

    def backdrop(self) -> pygame.Surface:
        if self._backdrop is None:
            surface = theme.vertical_gradient((layout.WIDTH, layout.HEIGHT), (20, 60, 42), (10, 30, 22))
            art = self.app.art
            fan = [make_card(12, 1, 0), make_card(14, 0, 0), make_card(13, 0, 1), make_card(11, 0, 2),
                   make_card(10, 3, 0)]
            for i, card in enumerate(fan):
                face = pygame.transform.rotozoom(art.face(card, (120, 166)), 24 - i * 12, 1.0)
                surface.blit(face, face.get_rect(center=(210 + i * 26, 600 - abs(i - 2) * 14)))
                back = pygame.transform.rotozoom(art.back((120, 166)), -24 + i * 12, 1.0)
                surface.blit(back, back.get_rect(center=(970 + i * 26, 600 - abs(i - 2) * 14)))
            self._backdrop = surface
        return self._backdrop
