"""开房 / 加入: the player's name (kept in the settings), and to join, the host's
address and the room code — typed, or filled in by clicking a table found on
the LAN (looked for again every few seconds). Connecting runs off the loop;
every failure is said in words under the fields, in the player's language."""

from __future__ import annotations

import asyncio
from typing import Any

import pygame

from ...engine.rules import PRESETS
from ...store.settings import DEFAULT_NAME
from ..draw import theme
from ..draw.textbox import TextBox
from ..draw.widgets import Button, ButtonBar
from ..i18n import t
from .base import Host, Scene
from .net_session import Job, NetSession, Words, check_name, host, join, read_address, read_code, refusal_words

BOX = (190, 50, 900, 700)      # the panel, design coordinates
FIELD_X, FIELD_W = 430, 600    # where the text fields are, and their width
BROWSE_EVERY = 4.0             # seconds between looks for tables on the LAN
HOST_DEALS = 2                 # a new table's deals (the host may change it in the lobby)


class NetSetupScene(Scene):
    """``mode`` "host": the name, then 开房; "join": name, address, code and the LAN's tables."""

    def __init__(self, app: Host, mode: str = "join") -> None:
        super().__init__(app)
        self.mode = mode
        self.buttons = ButtonBar()
        names = ("name", "address", "code") if mode == "join" else ("name",)
        self.fields = {name: TextBox(pygame.Rect(0, 0, 10, 10)) for name in names}
        self.fields["name"].set_text(first_name(app.settings.player_name, app.settings.language))
        self.focus = "address" if mode == "join" else "name"
        self.problem: Words | None = None
        self.job: Job[Any] | None = None
        self.waiting: Words | None = None      # what the job is doing
        self.found: list[Any] = []             # gouji.net.discovery.Found
        self.browse_problem: str | None = None
        self.browsing: Job[list[Any]] | None = None
        self.since_browse = BROWSE_EVERY       # look at once
        self.opened = False
        self.refresh_language()

    # ----- lifecycle ------------------------------------------------------------------
    def enter(self) -> None:
        self.fields[self.focus].start()

    def resume(self) -> None:
        self.fields[self.focus].start()

    def pause(self) -> None:
        self.fields[self.focus].stop()

    def leave(self) -> None:
        self.fields[self.focus].stop()

    def refresh_language(self) -> None:
        L, lang = self.app.layout, self.app.settings.language
        for i, box in enumerate(self.fields.values()):
            box.rect = pygame.Rect(L.box(FIELD_X, 150 + i * 64, FIELD_W, 44))
            box.size = L.font(20)
        go = ("open", "net_open") if self.mode == "host" else ("join", "net_connect")
        y = BOX[1] + BOX[3] - 70
        self.buttons.set([
            Button(pygame.Rect(L.box(430, y, 200, 48)), t(go[1], lang), self.submit, key=go[0], size=L.font(22),
                   hotkey=pygame.K_RETURN),
            Button(pygame.Rect(L.box(650, y, 200, 48)), t("btn_back", lang), self.back, key="back", size=L.font(20),
                   hotkey=pygame.K_ESCAPE)])

    # ----- input ------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.TEXTINPUT and not self.opened:
            return   # the key that opened this screen types nothing
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_TAB, pygame.K_KP_ENTER):
            self._tab() if event.key == pygame.K_TAB else self.submit()
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._click(event.pos):
            return
        if self.job is None and event.type != pygame.MOUSEBUTTONUP and self.fields[self.focus].handle(event):
            self.problem = None
            return
        self.buttons.handle(event)

    def _tab(self) -> None:
        names = list(self.fields)
        self._focus(names[(names.index(self.focus) + 1) % len(names)])

    def _focus(self, name: str) -> None:
        self.fields[self.focus].stop()
        self.focus = name
        self.fields[name].start()

    def _click(self, pos: tuple[int, int]) -> bool:
        """A field gets the focus; a table found on the LAN fills in its address and code."""
        for name, box in self.fields.items():
            if box.rect.collidepoint(pos):
                self._focus(name)
                return True
        for found, rect in zip(self.found, self._found_rows()):
            if rect.collidepoint(pos) and found.addresses:
                self.fields["address"].set_text(f"{found.addresses[0]}:{found.port}")
                self.fields["code"].set_text(found.room)
                self.problem = None
                return True
        return False

    def back(self) -> None:
        if self.job is None:
            self.app.scenes.pop()

    # ----- connecting ---------------------------------------------------------------------
    def submit(self) -> None:
        """Check what was typed, then host or join off the loop."""
        if self.job is not None:
            return
        name = check_name(self.fields["name"].text)
        if isinstance(name, tuple):
            self.problem = name
            return
        if self.mode == "host":
            self._host(name)
            return
        url, code = read_address(self.fields["address"].text), read_code(self.fields["code"].text)
        if url is None:
            self.problem = (t("net_bad_address", "zh"), t("net_bad_address", "en"))
        elif code is None:
            self.problem = (t("net_bad_code", "zh"), t("net_bad_code", "en"))
        else:
            self.waiting = (t("net_connecting", "zh", url=url), t("net_connecting", "en", url=url))
            self.problem, self.target = None, url
            self.job = Job(lambda: NetSession(join(url, code, name), name, url, code))

    def _host(self, name: str) -> None:
        settings = self.app.settings
        preset = settings.preset if settings.preset in PRESETS else "qingdao"
        title = t("net_table_title", settings.language, host=name)[:40]   # as the LAN's lists will show it
        self.waiting = (t("net_opening", "zh"), t("net_opening", "en"))
        self.problem, self.target = None, "127.0.0.1"
        self.job = Job(lambda: host(name, preset, settings.bot_level, HOST_DEALS, title))

    def update(self, dt: float) -> bool:
        self.opened = True
        changed = self._browse(dt)
        job = self.job
        if job is None or not job.done():
            return changed or job is not None
        self.job, self.waiting = None, None
        if job.error is not None or job.result is None:
            self.problem = refusal_words(job.error or RuntimeError("no result"), self.target)
            return True
        self._seated(job.result)
        return True

    def _seated(self, session: NetSession) -> None:
        from .lobby import LobbyScene
        if session.name != self.app.settings.player_name:
            self.app.update_settings(player_name=session.name)
        local = session.local
        if local is not None and local.announce_problem:
            self.app.notices.post("net_not_announced", 15.0, why=local.announce_problem[:120])
        self.app.scenes.replace(LobbyScene(self.app, session))

    # ----- the LAN ----------------------------------------------------------------------------
    def _browse(self, dt: float) -> bool:
        """Look for tables now and then (join only); True when the list changed."""
        if self.mode != "join":
            return False
        self.since_browse += dt
        job = self.browsing
        if job is not None and job.done():
            self.browsing = None
            if job.error is not None:
                self.browse_problem = f"{type(job.error).__name__}: {str(job.error)[:80]}"
            else:
                self.found, self.browse_problem = list(job.result or [])[:6], None
            return True
        if job is None and self.since_browse >= BROWSE_EVERY:
            self.since_browse = 0.0
            self.browsing = Job(_browse_lan)
        return False

    def _found_rows(self) -> list[pygame.Rect]:
        L = self.app.layout
        return [pygame.Rect(L.box(BOX[0] + 40, 420 + i * 38, BOX[2] - 80, 34)) for i in range(len(self.found))]

    # ----- drawing ----------------------------------------------------------------------------
    def draw(self, screen: pygame.Surface) -> None:
        L, fonts, lang = self.app.layout, self.app.fonts, self.app.settings.language
        screen.fill((14, 40, 30))
        panel = pygame.Rect(L.box(*BOX))
        theme.dialog(screen, panel, L.s(16), veil=0)
        head = fonts.render(t("net_host_title" if self.mode == "host" else "net_join_title", lang), L.font(30),
                            theme.GOLD, bold=True)
        screen.blit(head, head.get_rect(midtop=(panel.centerx, panel.y + L.s(20))))
        if self.mode == "host":
            tip = fonts.lines(t("net_host_tip", lang), L.font(17), panel.width - L.s(80), 3)
            for i, line in enumerate(tip):
                text = fonts.render(line, L.font(17), theme.TEXT_DIM)
                screen.blit(text, L.pt(BOX[0] + 40, 250 + i * 26))
        labels = {"name": "net_name", "address": "net_address", "code": "net_code"}
        for name, box in self.fields.items():
            label = fonts.render_fit(t(labels[name], lang), L.font(18), theme.TEXT, L.s(FIELD_X - BOX[0] - 50))
            screen.blit(label, label.get_rect(midleft=(L.pt(BOX[0] + 40, 0)[0], box.rect.centery)))
            box.draw(screen, fonts, focused=name == self.focus)
        if self.mode == "join":
            self._draw_found(screen)
        self._draw_status(screen, panel)
        self.buttons.draw(screen, fonts)

    def _draw_found(self, screen: pygame.Surface) -> None:
        from ...net.protocol import PROTOCOL_VERSION
        L, fonts, lang = self.app.layout, self.app.fonts, self.app.settings.language
        head = fonts.render(t("net_found", lang), L.font(20), theme.GOLD, bold=True)
        screen.blit(head, L.pt(BOX[0] + 40, 385))
        if not self.found:
            key = "net_found_looking" if self.browsing is not None and not self.browse_problem else "net_found_none"
            said = t("net_found_failed", lang, why=self.browse_problem) if self.browse_problem else t(key, lang)
            line = fonts.render_fit(said, L.font(16), theme.TEXT_DIM, L.s(BOX[2] - 80))
            screen.blit(line, L.pt(BOX[0] + 40, 424))
        for found, rect in zip(self.found, self._found_rows()):
            pygame.draw.rect(screen, (40, 60, 50), rect, border_radius=L.s(6))
            words = t("net_found_row", lang, title=found.title, room=found.room, free=found.free, app=found.app)
            if found.protocol != PROTOCOL_VERSION:
                words += " " + t("net_found_other", lang)
            row = fonts.render_fit(words, L.font(17), theme.TEXT, rect.width - L.s(20))
            screen.blit(row, row.get_rect(midleft=(rect.x + L.s(10), rect.centery)))

    def _draw_status(self, screen: pygame.Surface, panel: pygame.Rect) -> None:
        L, fonts, lang = self.app.layout, self.app.fonts, self.app.settings.language
        words, colour = (self.waiting, theme.GOLD) if self.waiting else (self.problem, theme.WARN)
        if not words:
            return
        text = words[0] if lang == "zh" else words[1]
        lines = fonts.lines(text, L.font(17), panel.width - L.s(80), 2, bold=True)
        for i, line in enumerate(lines):
            surface = fonts.render(line, L.font(17), colour, bold=True)
            screen.blit(surface, L.pt(BOX[0] + 40, BOX[1] + BOX[3] - 140 + i * 26))


def first_name(name: str, lang: str) -> str:
    """The name the fields start with: the player's own, or the default one in his language (玩家 is the
    setting's default whatever the language; an English player would see Chinese in his own name)."""
    return t("net_default_name", lang) if name == DEFAULT_NAME else name


def _browse_lan() -> list[Any]:
    from ...net.discovery import browse
    return asyncio.run(browse(1.5))


__all__ = ["NetSetupScene"]
