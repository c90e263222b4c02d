"""Title screen: new game, continue, Learn, host or join a table with friends, rules preset, language, settings,
help, quit; statistics and past deals."""

from __future__ import annotations

import pygame

from ...engine.cards import make_card
from ...version import version
from ..draw import theme
from ..draw.widgets import Button, ButtonBar, column
from ..i18n import other_language, t
from ..model.layout import Layout
from .base import Host, Scene
from .confirm import ConfirmScene

COLUMN_TOP = 290   # design y of the first button (New game)
STEP, HEIGHT = 50, 44
HOTKEYS = {"new": pygame.K_RETURN, "continue": pygame.K_c, "learn": pygame.K_x, "preset": pygame.K_r,
           "language": pygame.K_l,
           "settings": pygame.K_s, "help": pygame.K_h, "quit": pygame.K_q}


class TitleScene(Scene):
    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.buttons = ButtonBar()
        self._backdrop: tuple[Layout, pygame.Surface] | None = None
        self.refresh_language()

    def refresh_language(self) -> None:
        lang, settings = self.app.settings.language, self.app.settings
        preset_label = t(f"preset_{settings.preset}", lang)
        entries = [("new", t("new_game", lang)), ("continue", t("continue", lang)), ("learn", t("learn", lang)),
                   ("preset", t("preset", lang, name=preset_label)), ("language", t("language", lang)),
                   ("settings", t("settings", lang)), ("help", t("rules_help", lang)),
                   ("quit", t("quit", lang))]
        actions = {"new": self._new_game, "continue": self.app.continue_match, "learn": self.app.open_learn,
                   "preset": self.app.open_rules, "language": self._toggle_language,
                   "settings": self.app.open_settings, "help": self.app.open_help, "quit": self.app.quit}
        L, y = self.app.layout, COLUMN_TOP
        top = column(L, entries[:3], actions, y, width=320, enabled={"continue": self.app.can_continue()},
                     hotkeys=HOTKEYS, step=STEP, height=HEIGHT)
        y += len(top) * STEP
        friends = self._friends_row(y)     # 开房 and 加入, side by side under Learn
        y += STEP
        rest = column(L, entries[3:-1], actions, y, width=320, hotkeys=HOTKEYS, step=STEP, height=HEIGHT)
        y += len(rest) * STEP
        records = self._records_row(y)     # statistics and past deals, then quit
        last = column(L, entries[-1:], actions, y + STEP, width=320, hotkeys=HOTKEYS, height=HEIGHT)
        self.buttons.set(top + friends + rest + records + last)

    def _pair(self, y: int, specs: list[tuple[str, str, object, int]]) -> list[Button]:
        """Two half-width buttons side by side, where one of the column would be."""
        L = self.app.layout
        return [Button(pygame.Rect(L.box(x, y - HEIGHT / 2, 155, HEIGHT)), label, action,  # type: ignore[arg-type]
                       key=key, size=L.font(20), hotkey=hotkey)
                for (key, label, action, hotkey), x in zip(specs, (480, 645))]

    def _friends_row(self, y: int) -> list[Button]:
        """Play with friends 联机: host a table, or join one (gouji.net is loaded only then)."""
        lang = self.app.settings.language
        return self._pair(y, [("host", t("net_host", lang), lambda: self._friends("host"), pygame.K_o),
                              ("join", t("net_join", lang), lambda: self._friends("join"), pygame.K_j)])

    def _friends(self, mode: str) -> None:
        from .net_setup import NetSetupScene
        self.app.scenes.push(NetSetupScene(self.app, mode))

    def _records_row(self, y: int) -> list[Button]:
        """Statistics and past deals, side by side under the column."""
        lang = self.app.settings.language
        return self._pair(y, [("stats", t("title_stats", lang), self.app.open_stats, pygame.K_t),
                              ("history", t("title_history", lang), self.app.open_history, pygame.K_d)])

    def _new_game(self) -> None:
        """A new match; over a match in progress only after a clear yes (Enter keeps the match)."""
        if self.app.can_continue():
            self.app.scenes.push(ConfirmScene(self.app, "new_over_save_question", "new_over_save_yes",
                                              self.app.new_match))
        else:
            self.app.new_match()

    def _toggle_language(self) -> None:
        self.app.update_settings(language=other_language(self.app.settings.language))

    def handle(self, event: pygame.event.Event) -> None:
        self.buttons.handle(event)

    def draw(self, screen: pygame.Surface) -> None:
        L, fonts = self.app.layout, self.app.fonts
        screen.blit(self.backdrop(L), (0, 0))
        lang = self.app.settings.language
        for surface, box in self.headings():
            screen.blit(surface, box)
        self.buttons.draw(screen, fonts)
        ver = fonts.render(t("version", lang, version=version()), L.font(15), theme.TEXT_DIM)
        screen.blit(ver, ver.get_rect(bottomright=(L.width - L.s(16), L.height - L.s(14))))
        # a broken settings, rules or save file is shown by the app's notices, over any screen

    def headings(self) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """够级, its name in English (in English), and the line under them: above the buttons."""
        L, fonts, lang = self.app.layout, self.app.fonts, self.app.settings.language
        title = fonts.render(t("title", "zh"), L.font(96), theme.GOLD, bold=True)
        box = title.get_rect(center=L.pt(640, 118))
        out = [(title, box)]
        top = box.bottom - L.s(14)   # the glyphs sit well above the bottom of their box
        if lang == "en":
            name = fonts.render("Gouji", L.font(26), theme.TEXT_DIM, bold=True)
            out.append((name, name.get_rect(midtop=(box.centerx, top))))
            top = out[-1][1].bottom
        sub = fonts.render_fit(t("subtitle", lang), L.font(22), theme.TEXT, L.s(1000))   # a cut is noted (fit test)
        out.append((sub, sub.get_rect(midtop=(box.centerx, top + L.s(2)))))
        return out

    def backdrop(self, L: Layout) -> pygame.Surface:
        if self._backdrop is None or self._backdrop[0] != L:
            surface = theme.vertical_gradient((L.width, L.height), (20, 60, 42), (10, 30, 22))
            art, size = self.app.art, (L.s(120), L.s(166))
            fan = [make_card(12, 1, 0), make_card(14, 0, 0), make_card(13, 0, 1), make_card(11, 0, 2),
                   make_card(10, 3, 0)]
            for i, card in enumerate(fan):
                face = pygame.transform.rotozoom(art.face(card, size), 24 - i * 12, 1.0)
                surface.blit(face, face.get_rect(center=L.pt(210 + i * 26, 600 - abs(i - 2) * 14)))
                back = pygame.transform.rotozoom(art.back(size), -24 + i * 12, 1.0)
                surface.blit(back, back.get_rect(center=L.pt(970 + i * 26, 600 - abs(i - 2) * 14)))
            self._backdrop = (L, surface)
        return self._backdrop[1]
