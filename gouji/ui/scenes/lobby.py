"""The lobby of a shared table: the room code big and clear, the host's
addresses, the six seats in their two teams (0·2·4 against 1·3·5: partners
sit every other seat), the rules, the bots' level, the number of deals and
the move timer.

The host may change the settings, swap two seats (click one, then the
other) and start; everyone else sees the same lobby and may leave. When the
match begins the table scene takes over with the same link."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

import bots

from ...engine.rules import PRESETS
from ...engine.seats import team
from ..draw import theme
from ..draw.widgets import Button, ButtonBar
from ..i18n import t
from .base import Host, Scene
from .net_session import NetSession, confirm_close, shown_name

LEVELS = ("easy", "normal", "hard", "expert")
DEALS = (1, 2, 3, 5, 8, 10)
MOVE_SECONDS = (0, 15, 30, 60)  # the move timer the host runs (0: none); a timed-out seat is played by a bot
SETTING_BOXES = ((190, 270), (476, 210), (702, 180), (898, 192))   # the host's four buttons: (x, width), design
SEAT_W, SEAT_H = 360, 70       # a seat's card, design pixels
COLUMNS = (250, 670)           # the two teams' columns (left edges)
SEATS_TOP = 262


class LobbyScene(Scene):
    def __init__(self, app: Host, session: NetSession) -> None:
        from ...net.remote_table import RemoteTable
        super().__init__(app)
        self.session = session
        self.table = RemoteTable(session.seat, bots.make, app.settings.bot_level)
        self.buttons = ButtonBar()
        self.seats: list[dict[str, Any]] = []
        self.config: dict[str, Any] = {}
        self.chosen: int | None = None       # the first seat of a swap
        self.closed: tuple[str, str] | None = None
        self.handed_on = False               # the table scene has the link now: leaving must not close it
        self.refresh_language()
        local = session.local
        app.trace(f"lobby {session.room} {local.port if local is not None else session.url}")   # test hook

    @property
    def me(self) -> int:
        return self.table.human

    @property
    def admin(self) -> bool:
        return self.session.seat.client.admin

    # ----- layout -----------------------------------------------------------------------
    def seat_rect(self, seat: int) -> pygame.Rect:
        L = self.app.layout
        return pygame.Rect(L.box(COLUMNS[seat % 2], SEATS_TOP + 40 + (seat // 2) * 86, SEAT_W, SEAT_H))

    def refresh_language(self) -> None:
        L, lang = self.app.layout, self.app.settings.language
        leave_x = 660 if self.admin else 540   # beside Start, or alone in the middle (a guest has no Start)
        buttons = [Button(pygame.Rect(L.box(leave_x, 712, 200, 50)), t("lobby_leave", lang), self.leave_table,
                          key="leave", size=L.font(20), hotkey=pygame.K_ESCAPE)]
        if self.admin:
            buttons.append(Button(pygame.Rect(L.box(420, 712, 220, 50)), t("lobby_start", lang), self.start,
                                  key="start", size=L.font(22), hotkey=pygame.K_RETURN, enabled=self.closed is None))
            buttons += self._setting_buttons()
        self.buttons.set(buttons)

    def _setting_buttons(self) -> list[Button]:
        L = self.app.layout
        return [Button(pygame.Rect(L.box(x, 626, w, 44)), label, self._cycler(key), key=key, size=L.font(17))
                for (key, label), (x, w) in zip(self.setting_labels(), SETTING_BOXES, strict=True)]

    def setting_labels(self) -> list[tuple[str, str]]:
        """The table's settings in words (the host's buttons, the guests' line): rules, bots, deals, timer."""
        lang, c = self.app.settings.language, self.config
        seconds = c.get("move_seconds") or 0
        timer = t("lobby_timer_on", lang, n=seconds) if seconds else t("lobby_timer_off", lang)
        return [("rules", t("lobby_rules", lang, name=t(f"preset_{c.get('preset', 'qingdao')}", lang))),
                ("bots", t("lobby_bots", lang, level=t(f"level_{c.get('bots', 'normal')}", lang))),
                ("deals", t("lobby_deals", lang, n=c.get("deals", 2))),
                ("timer", t("lobby_timer", lang, what=timer))]

    def _cycler(self, what: str) -> Callable[[], None]:
        return lambda: self.cycle(what)

    # ----- the host's choices ------------------------------------------------------------------
    def cycle(self, what: str) -> None:
        """The next rules preset, bots' level, number of deals or move timer (the host tells everyone)."""
        c = self.config
        if what == "rules":
            self.session.seat.configure(rules=_next(tuple(PRESETS), c.get("preset")))
        elif what == "bots":
            self.session.seat.configure(bots=_next(LEVELS, c.get("bots")))
        elif what == "timer":
            self.session.seat.configure(move_seconds=_next(MOVE_SECONDS, c.get("move_seconds") or 0))
        else:
            self.session.seat.configure(deals=_next(DEALS, c.get("deals")))

    def start(self) -> None:
        if self.admin and self.closed is None:
            self.session.seat.start()

    def click_seat(self, seat: int) -> None:
        """The host swaps two seats: the first click chooses, the second swaps (the same seat again: undo)."""
        if not self.admin or self.closed is not None:
            return
        if self.chosen is None:
            self.chosen = seat
        elif self.chosen == seat:
            self.chosen = None
        else:
            self.session.seat.swap(self.chosen, seat)
            self.chosen = None

    def leave_table(self) -> None:
        if not confirm_close(self.app, self.session, self.app.scenes.pop):
            self.app.scenes.pop()   # leave() closes the link (and the host, if it is ours)

    def leave(self) -> None:
        if not self.handed_on:
            self.session.close()

    def ask_before_leaving(self, go: Callable[[], None]) -> bool:
        """The app asks before it quits or goes to the title (net_session.confirm_close)."""
        return confirm_close(self.app, self.session, go)

    # ----- input and time ------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.buttons.handle(event):
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            seat = next((s for s in range(6) if self.seat_rect(s).collidepoint(event.pos)), None)
            if seat is not None:
                self.click_seat(seat)

    def update(self, dt: float) -> bool:
        news = self.table.pump()
        changed = bool(news.seats != self.seats or news.config != self.config or news.notices or news.errors)
        admin_before = self.admin
        self.seats, self.config = news.seats or self.seats, news.config or self.config
        for refusal in news.errors:
            self.app.notices.post("net_refused", 6.0, why=refusal.zh if self.app.settings.language == "zh"
                                  else refusal.en)
        if news.closed is not None and self.closed is None:
            self.closed = (news.closed.zh, news.closed.en)
            changed = True
        if changed or admin_before != self.admin:
            self.refresh_language()
        if self.table.ready:
            self._to_table()
            return True
        return changed

    def _to_table(self) -> None:
        from .net_table import NetTableScene
        self.handed_on = True
        self.app.scenes.reset(NetTableScene(self.app, self.table, self.session))

    # ----- drawing ------------------------------------------------------------------------------
    def draw(self, screen: pygame.Surface) -> None:
        L, fonts, lang = self.app.layout, self.app.fonts, self.app.settings.language
        screen.blit(theme.vertical_gradient((L.width, L.height), (20, 60, 42), (10, 30, 22)), (0, 0))
        head = fonts.render(t("lobby_title", lang), L.font(24), theme.TEXT_DIM, bold=True)
        screen.blit(head, head.get_rect(midtop=L.pt(640, 24)))
        code = fonts.render(self.session.room, L.font(84), theme.GOLD, bold=True)
        box = code.get_rect(midtop=L.pt(640, 56))
        screen.blit(code, box)
        self._centred(screen, t("lobby_code_tip", lang), box.bottom + L.s(4), 17, theme.TEXT_DIM)
        where = ", ".join(self.session.addresses) if self.session.addresses else self.session.url.removeprefix("ws://")
        self._centred(screen, t("lobby_addresses", lang, list=where), box.bottom + L.s(30), 22, theme.TEXT, True)
        for side in (0, 1):
            key = "lobby_team_even" if side == 0 else "lobby_team_odd"
            colour = theme.TEAM_OURS if side == team(self.me) else theme.TEAM_THEIRS
            label = fonts.render(t(key, lang), L.font(19), colour, bold=True)
            screen.blit(label, L.pt(COLUMNS[side], SEATS_TOP))
        for seat in range(6):
            self._draw_seat(screen, seat)
        self._draw_footer(screen)
        self.buttons.draw(screen, fonts)

    def _centred(self, screen: pygame.Surface, text: str, y: int, size: int, colour, bold: bool = False) -> None:
        L = self.app.layout
        surface = self.app.fonts.render_fit(text, L.font(size), colour, L.s(1180), bold=bold)
        screen.blit(surface, surface.get_rect(midtop=(L.pt(640, 0)[0], y)))

    def _draw_seat(self, screen: pygame.Surface, seat: int) -> None:
        L, fonts, lang = self.app.layout, self.app.fonts, self.app.settings.language
        rect = self.seat_rect(seat)
        info = self.seats[seat] if seat < len(self.seats) else {}
        fill = (70, 60, 30) if seat == self.chosen else (30, 46, 40) if info.get("person") else (24, 32, 30)
        pygame.draw.rect(screen, fill, rect, border_radius=L.s(10))
        edge = theme.GOLD if seat in (self.me, self.chosen) else (90, 110, 100)
        pygame.draw.rect(screen, edge, rect, 2, border_radius=L.s(10))
        number = fonts.render(t("lobby_seat", lang, n=seat + 1), L.font(15), theme.TEXT_DIM)
        screen.blit(number, (rect.x + L.s(12), rect.y + L.s(8)))
        if info.get("person"):
            name = str(info.get("name") or "")
            marks = [t("lobby_you", lang)] if seat == self.me else []
            marks += [t("lobby_host_mark", lang)] if info.get("admin") else []
            marks += [t("lobby_away", lang)] if not info.get("present") else []
            shown = t("lobby_marks", lang, marks=" · ".join(marks)) if marks else ""
            gap = "" if lang == "zh" else " "   # （房主） brings its own space; (host) does not
            words, colour = f"{name}{gap}{shown}".strip(), theme.TEXT
        else:
            level = t(f"level_{self.config.get('bots', 'normal')}", lang)
            bot = t("lobby_bot", lang, level=level)
            called = shown_name(info, lang)
            words, colour = (f"{called} · {bot}" if called else bot), theme.TEXT_DIM
        text = fonts.render_fit(words, L.font(22), colour, rect.width - L.s(24), bold=bool(info.get("person")))
        screen.blit(text, (rect.x + L.s(12), rect.y + L.s(30)))

    def _draw_footer(self, screen: pygame.Surface) -> None:
        L, lang = self.app.layout, self.app.settings.language
        if self.closed is not None:
            self._centred(screen, self.closed[0] if lang == "zh" else self.closed[1], L.pt(0, 572)[1], 20,
                          theme.WARN, True)
            return
        people = sum(1 for s in self.seats if s.get("person"))
        if self.admin:
            tip = t("lobby_swap_first", lang, n=self.chosen + 1) if self.chosen is not None else t("lobby_swap_tip",
                                                                                                  lang)
            line = f"{t('lobby_people', lang, n=people)}    {tip}"
        else:
            settings = "   ".join(label for _, label in self.setting_labels())
            self._centred(screen, settings, L.pt(0, 630)[1], 19, theme.TEXT)
            line = f"{t('lobby_people', lang, n=people)}    {self._wait_words(people)}"
        self._centred(screen, line, L.pt(0, 572)[1], 18, theme.GOLD)

    def _wait_words(self, people: int) -> str:
        """What a guest waits for: the host's start, or (a server that starts by itself) so many people."""
        autostart = self.config.get("autostart")
        if isinstance(autostart, int) and 0 < autostart <= 6:
            return t("lobby_wait_people", self.app.settings.language, n=autostart, more=max(1, autostart - people))
        return t("lobby_wait_host", self.app.settings.language)


def _next(options: tuple[Any, ...], current: Any) -> Any:
    return options[(options.index(current) + 1) % len(options)] if current in options else options[0]


__all__ = ["LobbyScene"]
