"""The table scene at a shared table: the same scene as against bots, driven
by a ``RemoteTable`` (gouji/net/remote_table.py) — plus what only a shared
table has: the players' names on the badges, quick phrases (the 快捷语
button or J; a phrase shows as a bubble by its sender's seat), muting a
player (click his badge), notices of who left (托管), came back or ran out of
time, the host's move timer on the badge of the seat to act (the host plays
for a seat whose time ran out), the host gone (Reconnect), and each deal
recorded into the player's own history as it ends."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from ...engine.errors import IllegalAction
from ...net.phrases import PHRASES, phrase
from ...net.seat import News
from ...store.records import Seating, SharedTable
from ..draw import theme
from ..draw.widgets import Button, ButtonBar
from ..i18n import t
from ..model.layout import Layout
from ..model.prompts import Line
from ..model.viewing import badge_name
from .base import Host
from .net_session import Job, NetSession, confirm_close, shown_name
from .result import ResultScene
from .table import TableScene

if TYPE_CHECKING:
    from ...net.remote_table import RemoteTable

BUBBLE_SECONDS = 2.5
PHRASE_KEY = pygame.K_j
NOTICES = {"left": "net_left", "back": "net_back", "joined": "net_joined", "timeout": "net_timeout"}


class NetTableScene(TableScene):
    table: "RemoteTable"

    def __init__(self, app: Host, table: "RemoteTable", session: NetSession) -> None:
        self.session = session
        self.bubbles: dict[int, tuple[str, float]] = {}   # seat -> (phrase id, until when on the scene's clock)
        self.phrase_menu: ButtonBar | None = None
        self.mute_menu: tuple[int, ButtonBar] | None = None
        self.link_down = False
        self.gone: tuple[str, str] | None = None            # the host's last word, or the link lost for good
        self.retry: Job[None] | None = None
        self.recorded: Any = None                           # the host's record last written into the history
        self.result_due: bool | None = None                 # a deal ended before its result arrived (final?)
        self.clock_shown: tuple[int, int] | None = None     # the host's move timer as last drawn (seat, seconds)
        super().__init__(app, table, deal_in=True)

    # ----- names ---------------------------------------------------------------------
    def _info(self, seat: int) -> dict[str, Any]:
        seats = self.table.seats
        return seats[seat] if seat < len(seats) else {}

    def person(self, seat: int) -> str | None:
        info = self._info(seat)
        return str(info["name"]) if info.get("person") and info.get("name") else None

    def shown(self, seat: int) -> str:
        """The seat's name as the host gives it to every player (a person's, or the bot's the host chose);
        an older host's table falls back to the person's name, or this end's default bot name."""
        return shown_name(self._info(seat), self.lang) or self.person(seat) or badge_name(self.human, seat,
                                                                                          self.lang)[0]

    def badge_name(self, seat: int) -> tuple[str, str]:
        name, role = badge_name(self.human, seat, self.lang)
        return (name if seat == self.human else self.shown(seat)), role

    def seat_name(self, seat: int) -> str:
        if seat == self.human:
            return super().seat_name(seat)
        name = self.shown(seat)
        if self.lang == "zh" and name[:1].isascii():   # 联邦 Alexandra, not 联邦Alexandra: a space between scripts
            name = " " + name
        return t("log_name", self.lang, role=self.badge_name(seat)[1], name=name)

    # ----- what arrives from the host --------------------------------------------------
    def update(self, dt: float) -> bool:
        changed = self._news(self.table.pump())
        changed = self._retrying() or changed
        if self.result_due is not None and len(self.table.results) > self.board.deal_index:
            final, self.result_due = self.result_due, None
            self._show_result(final)
        for seat, (_, until) in list(self.bubbles.items()):
            if self.time >= until:
                del self.bubbles[seat]
                changed = True
        changed = super().update(dt) or changed
        shown = self._clock_shown()
        if shown != self.clock_shown:   # the host's move timer ticks: redraw each second
            self.clock_shown, changed = shown, True
        return changed

    def _news(self, news: News) -> bool:
        for refusal in news.errors:
            self._refuse(IllegalAction(refusal.zh, refusal.en))
        for change in news.notices:
            key = NOTICES.get(str(change.get("what")))
            if key is not None and isinstance(change.get("seat"), int) and change["seat"] != self.human:
                self.app.notices.post(key, 6.0, name=self.seat_name(change["seat"]))
        for seat, phrase_id in news.said:
            self.bubbles[seat] = (phrase_id, self.time + BUBBLE_SECONDS)
        self._link(news)
        if self.table.record is not None and self.table.record is not self.recorded:
            self._record()   # a deal has ended (or the match): its record goes into the history
        return bool(news.errors or news.notices or news.said or news.events or news.results)

    def _link(self, news: News) -> None:
        """The link dropped (the client comes back by itself for a while), came back, or is gone."""
        gone = self.gone
        if news.closed is not None and self.gone is None:
            self.gone = (news.closed.zh, news.closed.en)
            self.app.notices.post("net_host_gone", 15.0, why=self.gone[0] if self.lang == "zh" else self.gone[1])
        elif not news.connected and not self.link_down and not self.table.is_over:
            self.link_down = True
            self.app.notices.post("net_reconnecting", 8.0)
        elif news.connected and self.link_down:
            self.link_down, self.gone = False, None
            self.app.notices.post("net_reconnected", 5.0)
        reader = self.session.seat._reader
        if self.link_down and self.gone is None and reader is not None and reader.done():
            self.gone = (t("net_host_gone_plain", "zh"), t("net_host_gone_plain", "en"))
            self.app.notices.post("net_host_gone", 15.0, why=t("net_host_gone_plain", self.lang))
        if self.gone != gone:
            self._button_signature = None   # the Reconnect button comes or goes

    def reconnect(self) -> None:
        """The Reconnect button: the seat's token takes the seat back (off the loop: it may take seconds)."""
        if self.retry is None:
            self.retry = Job(self.session.seat.rejoin)

    def _retrying(self) -> bool:
        job = self.retry
        if job is None or not job.done():
            return False
        self.retry = None
        if job.error is not None:
            from .net_session import refusal_words
            zh, en = refusal_words(job.error, self.session.url)
            self.app.notices.post("net_retry_failed", 8.0, why=zh if self.lang == "zh" else en)
        else:
            self.gone, self.link_down = None, False
            self.app.notices.post("net_reconnected", 5.0)
            self._button_signature = None
        return True

    def _record(self) -> None:
        """The match through its last ended deal into the player's history, replayed from the host's record
        (off the loop); the history adds only the deals it does not have yet."""
        record, recorder = self.table.record, self.app.recorder
        if record is None:
            return
        self.recorded = record
        if not recorder.enabled:
            return
        client = self.session.seat.client
        seating = Seating(human=self.human, bot_level=str(client.config.get("bots", "normal")),
                          table=self.shared_table(), start=client.since)   # a late comer's: from his first deal
        recorder.ask(lambda history: history.record(record.replay(), seating))

    def shared_table(self) -> SharedTable:
        """What the history keeps of this table: its room, its title and the people at it."""
        title = self.session.seat.client.title
        return SharedTable(self.session.room, title, tuple(self.person(seat) for seat in range(6)),
                           tuple(self._bot_name(seat) for seat in range(6)))

    def _bot_name(self, seat: int) -> tuple[str, str] | None:
        """A bot's seat's name (zh, en) as the host gave it, for the review; None for a person or an older host."""
        info = self._info(seat)
        zh, en = shown_name(info, "zh"), shown_name(info, "en")
        return None if self.person(seat) or zh is None or en is None else (zh, en)

    # ----- deals' ends ------------------------------------------------------------------
    def _deal_ended(self, final: bool) -> None:
        if len(self.table.results) > self.board.deal_index:
            self._show_result(final)
        else:
            self.result_due = final   # the host's deal_end is on its way

    def _show_result(self, final: bool) -> None:
        results, rules = list(self.table.results), self.view.rules
        top = self.app.scenes.top
        if isinstance(top, NetResultScene):
            self.app.scenes.pop()
        self.app.scenes.push(NetResultScene(self.app, results, rules, self, final=final, human=self.human))

    def leave(self) -> None:
        super().leave()
        self.session.close()

    def ask_before_leaving(self, go: Callable[[], None]) -> bool:
        """The app asks before it quits or goes to the title (see ``confirm_close``)."""
        return confirm_close(self.app, self.session, go)

    # ----- phrases and muting --------------------------------------------------------------
    def intent(self, name: str) -> None:
        if name == "phrases":
            self.open_phrases()
            return
        super().intent(name)

    def open_phrases(self) -> None:
        """The quick phrases, as a column over the sidebar beside the 快捷语 button, clear of every badge and
        of the felt (Esc or a click elsewhere closes it)."""
        if self.phrase_menu is not None:
            self.phrase_menu = None
            return
        lang = self.lang
        bar = ButtonBar()
        bar.set([Button(rect, p.zh if lang == "zh" else p.en, self._sayer(p.id), key=f"say:{p.id}",
                        size=self.layout.font(17), hotkey=pygame.K_1 + i if i < 9 else pygame.K_0)
                 for i, (p, rect) in enumerate(zip(PHRASES, phrase_boxes(self.layout), strict=True))])
        self.phrase_menu = bar

    def _sayer(self, phrase_id: str) -> Callable[[], None]:
        return lambda: self.say(phrase_id)

    def say(self, phrase_id: str) -> None:
        self.phrase_menu = None
        if self.gone is None:
            self.session.seat.say(phrase_id)

    def toggle_mute(self, seat: int) -> None:
        client = self.session.seat
        muted = seat in client.client.muted
        (client.unmute if muted else client.mute)(seat)
        self.mute_menu = None
        if not muted:
            self.bubbles.pop(seat, None)

    def muted(self, seat: int) -> bool:
        return seat in self.session.seat.client.muted

    def _badge_at(self, pos: tuple[int, int]) -> int | None:
        for seat in range(6):
            if seat != self.human and pygame.Rect(self.layout.badge_box(self.director.place(seat))).collidepoint(pos):
                return seat
        return None

    def _open_mute(self, seat: int) -> None:
        L = self.layout
        x, y, w, h = L.badge_box(self.director.place(seat))
        name = self.badge_name(seat)[0]
        label = t("net_unmute" if self.muted(seat) else "net_mute", self.lang, name=name)
        width = max(w, self.app.fonts.get(L.font(16), True).size(label)[0] + L.s(24))
        rect = pygame.Rect(x + w // 2 - width // 2, y + h + L.s(4), width, L.s(36))
        rect.clamp_ip(pygame.Rect(0, 0, L.width, L.height))
        bar = ButtonBar()
        bar.set([Button(rect, label, lambda: self.toggle_mute(seat), key="mute", size=L.font(16))])
        self.mute_menu = (seat, bar)

    def handle(self, event: pygame.event.Event) -> None:
        for menu in (self.phrase_menu, self.mute_menu[1] if self.mute_menu else None):
            if menu is not None and menu.handle(event):
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and (self.phrase_menu or self.mute_menu):
            self.phrase_menu = self.mute_menu = None
            return
        if event.type == pygame.KEYDOWN and event.key == PHRASE_KEY:
            self.open_phrases()
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            seat = self._badge_at(event.pos)
            if seat is not None and self.person(seat) is not None:
                self._open_mute(seat)
                return
            self.mute_menu = None
            button = self.buttons.by_key("phrases")
            if button is None or not button.rect.collidepoint(event.pos):   # that button toggles the menu itself:
                self.phrase_menu = None                                     # closed here, it would open again
        super().handle(event)

    # ----- buttons and drawing -------------------------------------------------------------------
    def _rebuild_buttons(self) -> None:
        super()._rebuild_buttons()
        if self.buttons.by_key("phrases") is None:   # the row was built anew (the offline table's buttons)
            self.buttons.buttons.append(Button(phrase_button_box(self.layout), t("net_phrases", self.lang),
                                               lambda: self.intent("phrases"), key="phrases",
                                               size=self.layout.font(20), hotkey=PHRASE_KEY))
        if self.gone is None or self.buttons.by_key("title") is not None:
            return
        L = self.layout
        _, _, w, h = L.button_boxes(1)[0]
        rect = pygame.Rect(0, 0, max(w, L.s(220)), h)   # on the felt, clear of the prompt over the buttons
        rect.center = L.pt(532, 380)
        if not self.closed_for_good:   # the host may be back (its process restarted, the network healed)
            self.buttons.buttons.append(Button(rect, t("net_retry", self.lang), self.reconnect, key="retry",
                                               size=L.font(22), hotkey=pygame.K_F5))
            rect = rect.move(0, h + L.s(10))
        self.buttons.buttons.append(Button(rect, t("net_to_lobby", self.lang), self.app.to_title, key="title",
                                           size=L.font(22)))

    def human_turn(self) -> bool:
        """Not while the host is gone or the link is down: no action row, no "your turn" (nothing would reach it)."""
        return self.gone is None and not self.link_down and super().human_turn()

    def seize_turn(self) -> bool:
        return self.gone is None and not self.link_down and super().seize_turn()

    def line(self) -> Line | None:
        """The line under the felt says the link is down rather than whose turn it is."""
        if self.gone is not None:
            return Line(*self.gone, tone="error")
        if self.link_down:
            return Line(t("net_reconnecting", "zh"), t("net_reconnecting", "en"), tone="wait")
        return super().line()

    @property
    def closed_for_good(self) -> bool:
        """The host said the table is closed (or refused the seat): coming back cannot work."""
        closed = self.session.seat.client.closed
        return closed is not None and closed.code != "replaced"

    # ----- the host's move timer -------------------------------------------------------
    def timed(self) -> bool:
        """The host keeps the time at a shared table (its bot plays a seat whose time ran out, and everyone
        is told): this end's own move timer (the setting) never plays for the player here."""
        return False

    def seat_timer(self, seat: int) -> tuple[float, float] | None:
        """The host's move timer of the seat to act (if the table has one), once his turn shows here."""
        if not self.director.idle(self.table.stream):
            return None
        return self.table.clock_left(seat)

    def thinking(self, seat: int) -> bool:
        return super().thinking(seat) and self.seat_timer(seat) is None   # the timer's ring, not the dots

    def _clock_shown(self) -> tuple[int, int] | None:
        seat = self.table.current_seat
        timer = self.seat_timer(seat) if seat is not None else None
        return None if seat is None or timer is None else (seat, math.ceil(timer[0]))

    def away(self, seat: int) -> bool:
        """A person's seat whose person is not connected: the host's bot plays it (托管)."""
        info = self._info(seat)
        return bool(info.get("person")) and not info.get("present", True)

    def draw(self, screen: pygame.Surface) -> None:
        super().draw(screen)
        for seat in range(6):
            if self.muted(seat) or (seat != self.human and self.away(seat)):
                self._tag(screen, seat, t("net_muted_mark" if self.muted(seat) else "net_away_mark", self.lang))
        for seat, (phrase_id, _) in self.bubbles.items():
            said = phrase(phrase_id)
            if said is not None:
                self._bubble(screen, seat, said.zh if self.lang == "zh" else said.en)
        for menu in (self.phrase_menu, self.mute_menu[1] if self.mute_menu else None):
            if menu is not None:
                self._menu_back(screen, menu)
                menu.draw(screen, self.app.fonts)

    def _menu_back(self, screen: pygame.Surface, menu: ButtonBar) -> None:
        box = menu.buttons[0].rect.unionall([b.rect for b in menu.buttons]).inflate(self.layout.s(16),
                                                                                   self.layout.s(16))
        screen.blit(theme.panel(box.size, (16, 18, 22, 230), self.layout.s(10)), box)

    def _tag(self, screen: pygame.Surface, seat: int, text: str) -> None:
        """托管 or 屏蔽 on a seat's badge: a small label on its edge over the face — the badge's bottom
        right holds the card count and its bottom line the state words, which it would cover. On the top
        edge (the backs hang under the badge), unless the move timer's seconds are there."""
        L = self.layout
        x, y, w, h = L.badge_box(self.director.place(seat))
        label = self.app.fonts.render(text, L.font(13), theme.WARN, bold=True)
        face = h - L.s(12)
        box = label.get_rect().inflate(L.s(10), L.s(4))
        box.midleft = (x + L.s(4), y + h if self.seat_timer(seat) is not None else y)
        box.width = max(box.width, face + L.s(4))   # at least as wide as the face it names
        box.clamp_ip(pygame.Rect(0, 0, L.width, L.height))
        pygame.draw.rect(screen, (0, 0, 0), box, border_radius=L.s(6))
        pygame.draw.rect(screen, theme.WARN, box, 1, border_radius=L.s(6))
        screen.blit(label, label.get_rect(center=box.center))

    def _bubble(self, screen: pygame.Surface, seat: int, text: str) -> None:
        """A speech bubble beside the seat's badge, on its side toward the middle of the table."""
        L = self.layout
        place = self.director.place(seat)
        badge = pygame.Rect(L.badge_box(place))
        label = self.app.fonts.render_fit(text, L.font(19), (30, 26, 20), L.s(260), bold=True)
        box = label.get_rect().inflate(L.s(24), L.s(14))
        gap = L.s(8)
        if place in (1, 2):      # the right-hand seats: to the badge's left
            box.midright = (badge.left - gap, badge.centery)
        elif place in (4, 5):    # the left-hand seats: to its right
            box.midleft = (badge.right + gap, badge.centery)
        elif place == 3:         # the top seat: under it
            box.midtop = (badge.centerx, badge.bottom + gap)
        else:                    # the player: above his badge
            box.midbottom = (badge.centerx, badge.top - gap)
        box.clamp_ip(pygame.Rect(0, 0, L.width, L.height))
        pygame.draw.rect(screen, (0, 0, 0), box.move(0, L.s(3)), border_radius=L.s(12))
        pygame.draw.rect(screen, (252, 248, 232), box, border_radius=L.s(12))
        pygame.draw.rect(screen, theme.GOLD, box, 2, border_radius=L.s(12))
        screen.blit(label, label.get_rect(center=box.center))


def phrase_button_box(L: Layout) -> pygame.Rect:
    """The 快捷语 button: in the action row's line, against the sidebar — the sidebar's own row of buttons
    has no room for a fourth in English at 1366×768, and the action row (five buttons at most, centred
    under the felt) never reaches this corner."""
    w, h = L.button_size
    return pygame.Rect(L.sidebar[0] - L.s(16) - w, L.button_y, w, h)


def phrase_boxes(L: Layout) -> list[pygame.Rect]:
    """Where the quick phrases' buttons go: a column over the sidebar (the log and the counter, which a
    moment's menu may hide) whose foot is level with the 快捷语 button's. The right-hand badges come up
    to the sidebar's edge, so a column left of it would cover them at some window size."""
    x, _, w, _ = L.sidebar
    button = phrase_button_box(L)
    top = L.side_button_boxes(1)[0][1] + L.side_button_boxes(1)[0][3] + L.s(18)   # under the sidebar's buttons
    inset, step = L.s(12), min(L.s(40), (button.bottom - top) // len(PHRASES))
    first = button.bottom - step * len(PHRASES) + L.s(4)
    return [pygame.Rect(x + inset, first + i * step, w - 2 * inset, step - L.s(4)) for i in range(len(PHRASES))]


AWAY_NEXT = 8.0   # seconds a deal's result stays up for a player on 托管 at a shared table


class NetResultScene(ResultScene):
    """A deal's or the match's result at a shared table: no new match, no review (the host's match
    is reviewed from the history once it is recorded)."""

    def refresh_language(self) -> None:
        super().refresh_language()
        kept = [b for b in self.buttons.buttons if b.key != "new"]
        if self.final:
            middle = self.app.layout.pt(640, 0)[0]   # the pair's middle: the one button left stands there
            for button in kept:
                if button.key == "title":
                    button.hotkey = pygame.K_RETURN
                    button.rect = button.rect.move(middle - button.rect.centerx, 0)
        self.buttons.set(kept)

    def _record_buttons(self, *args: Any) -> list[Button]:
        return []

    def update(self, dt: float) -> bool:
        """On 托管 the panel moves on by itself after a while: the next deal's first action may be his
        seat's, and a friend who walked away must not hold the whole table at every deal's end."""
        changed = super().update(dt)
        if not self.final and self.under is not None and self.under.autoplay_on() and self.waited >= AWAY_NEXT \
                and self.app.scenes.top is self:
            self.close()
            return True
        return changed

    def seat_name(self, seat: int, lang: str) -> str:
        """The places and the debts name the seats as the table does (the host's names, the same at every end)."""
        under = self.under
        return under.seat_name(seat) if isinstance(under, NetTableScene) else super().seat_name(seat, lang)


__all__ = ["NetTableScene", "NetResultScene"]
