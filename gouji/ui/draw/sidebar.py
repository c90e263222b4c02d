"""Drawing the sidebar: the match's score, the whole deal's log (scrollable,
with the table's own notes in place) and the card counter."""

from __future__ import annotations

import pygame

from ...engine import events as ev
from ...engine.cards import RANK_LETTERS
from ...engine.events import Event
from ...engine.tribute import KIND_NAMES
from ...engine.view import SeatView
from ..i18n import t
from ..model.prompts import cards_word, pretty
from ..model.text_marks import bound
from . import theme
from .table_facts import Painter, TableFacts

LOG_LINES = {ev.PLAY: "log_play", ev.BURN: "log_burn", ev.PASS: "log_pass", ev.RANG: "log_rang",
             ev.NOBURN: "log_noburn", ev.OUT: "log_out", ev.WUTOU: "log_wutou",
             ev.GOU_SI_JI: "log_gousiji", ev.BURN_END: "log_burn_end", ev.BURN_WON: "log_burn_won",
             ev.MEN: "log_men", ev.OPENED: "log_opened", ev.ROUND_END: "log_round",
             ev.CHAOS: "log_chaos", ev.DEAL_START: "log_deal_start", ev.TRIBUTE: "log_tribute",
             ev.RETURN: "log_return", ev.BUY3: "log_buy3", ev.REVOLT: "log_revolt",
             ev.YAOTOU: "log_yaotou", ev.CHOOSE_WUTOU: "log_choose_wutou", ev.DECLARE: "log_declare",
             ev.VOID: "log_void", ev.LIANG: "log_liang", ev.NODECLARE: "log_nodeclare",
             ev.NOREVOLT: "log_norevolt"}


class SidebarPainter(Painter):
    """The sidebar: the match score, the log (scrollable) and the card counter."""

    def __init__(self, scene: TableFacts) -> None:
        super().__init__(scene)
        self._wrapped: dict[tuple, list[str]] = {}   # log lines per (event, language, width)
        self.log_scroll = 0                           # lines scrolled back from the newest

    def resized(self) -> None:
        self._wrapped.clear()

    def draw(self, screen: pygame.Surface, view: SeatView) -> None:
        L = self.L
        x = L.sidebar[0] + L.s(10)
        if view.series_length > 1:
            ours, theirs = view.totals[view.seat % 2], view.totals[1 - view.seat % 2]
            board = t("scoreboard", self.scene.lang, deal=view.deal_index + 1, total=view.series_length,
                      ours=ours, theirs=theirs)
            width = L.sidebar[2] - L.s(20)
            screen.blit(self.fonts.render_fit(board, L.font(15), theme.GOLD, width, bold=True), (x, L.s(54)))
        counter = self.scene.app.settings.counter
        bottom = L.hand_top - L.rise - L.s(10)
        log_bottom = bottom - L.s(210) if counter else bottom
        self._draw_log(screen, x, L.s(80), log_bottom)
        if counter:
            self._draw_counter(screen, x, log_bottom + L.s(10))

    def log_lines(self, width: int, size: int) -> list[str]:
        """The whole deal's log so far, wrapped; the table's own notes (a timed-out move) in place."""
        lines: list[str] = []
        lang = self.scene.lang
        notes = self.scene.notes_for_log()
        for i, event in enumerate(self.scene.board.deal_events):
            lines += [line for at, note in notes if at == i for line in self._wrap(note.text(lang), width, size)]
            if event.kind not in LOG_LINES or (event.private_to is not None and event.kind != ev.DEAL):
                continue
            key = (id(event), event, lang, width, size)
            if key not in self._wrapped:
                if len(self._wrapped) > 2000:
                    self._wrapped.clear()
                self._wrapped[key] = self._wrap(self.describe(event), width, size)
            lines.extend(self._wrapped[key])
        end = len(self.scene.board.deal_events)
        lines += [line for at, note in notes if at >= end for line in self._wrap(note.text(lang), width, size)]
        return lines

    def _wrap(self, text: str, width: int, size: int) -> list[str]:
        return self.fonts.wrap(text, size, width)

    def scroll_log(self, steps: int) -> None:
        """Mouse wheel over the table: up shows older lines."""
        self.log_scroll = max(0, self.log_scroll + steps * 3)

    def _draw_log(self, screen: pygame.Surface, x: int, top: int, bottom: int) -> None:
        L, scene = self.L, self.scene
        screen.blit(self.fonts.render(t("log_title", scene.lang), L.font(16), theme.GOLD, bold=True), (x, top))
        size, step = L.font(14), L.s(19)
        lines = self.log_lines(L.sidebar[2] - L.s(20), size)
        room = max(1, (bottom - top - L.s(26)) // step)
        self.log_scroll = min(self.log_scroll, max(0, len(lines) - room))
        end = len(lines) - self.log_scroll
        for i, text in enumerate(lines[max(0, end - room):end]):
            screen.blit(self.fonts.render(text, size, theme.TEXT_DIM), (x, top + L.s(26) + i * step))

    def describe(self, event: Event) -> str:
        scene, lang = self.scene, self.scene.lang
        key = LOG_LINES[event.kind]
        if event.kind == ev.DEAL_START:
            return t(key, lang, n=event.deal_index + 1)
        if event.seat is None:  # a void or 四人乱缠: no seat
            return t(key, lang, name="", cards="")
        name = scene.seat_name(event.seat)
        if event.kind == ev.LIANG:
            return t(key, lang, name=name, rank=pretty(event.cards[:1] or "3", lang), n=len(event.cards) or 2)
        if event.kind in ev.TRANSFERS:
            kind = KIND_NAMES.get(event.tribute_kind, ("", ""))[0 if lang == "zh" else 1] \
                if event.kind == ev.TRIBUTE else ""
            if event.kind == ev.TRIBUTE and event.count == 0:   # say why, not "落贡 0 张"
                key = "log_tribute_none"
            if event.kind == ev.BUY3 and not event.paid:        # a 3 taken free, as from a teammate (§7)
                key = "log_buy3_free"
            return t(key, lang, name=name, other=scene.seat_name(event.other or 0), kind=kind, count=event.count,
                     cards=cards_word(event.count))
        if event.kind == ev.OUT:
            return t(key, lang, name=name, place=t(f"place_{event.place}", lang))
        return t(key, lang, name=name, cards=bound(pretty(event.cards, lang)))   # one line

    def _draw_counter(self, screen: pygame.Surface, x: int, top: int) -> None:
        L, scene = self.L, self.scene
        screen.blit(self.fonts.render(t("counter_title", scene.lang), L.font(15), theme.GOLD, bold=True), (x, top))
        unseen = scene.unseen()
        column = (L.sidebar[2] - L.s(20)) // 2
        for i, letter in enumerate(RANK_LETTERS):
            col, row = divmod(i, 8)
            cx, cy = x + col * column, top + L.s(26) + row * L.s(22)
            count = self.fonts.render(str(unseen[i]), L.font(15), theme.GOLD if unseen[i] else theme.DISABLED,
                                      bold=True)
            right = cx + column - L.s(8)   # counts end here, clear of the next column's names
            room = right - count.get_width() - L.s(6) - cx   # "small joker" shrinks a little into it
            screen.blit(self.fonts.render_fit(pretty(letter, scene.lang), L.font(15), theme.TEXT, room), (cx, cy))
            screen.blit(count, (right - count.get_width(), cy))
