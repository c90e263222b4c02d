"""Drawing of the table scene: felt, seats, plays, flights, hand, sidebar."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

import pygame

from ..engine import events as ev
from ..engine.cards import RANK_LETTERS, card_rank
from ..engine.events import Event
from ..engine.seats import opposite, same_team
from ..engine.tribute import KIND_NAMES
from ..engine.view import SeatView
from ..table import Table
from . import layout, theme
from .director import Director
from .scenes.base import Host
from .i18n import t
from .widgets import ButtonBar


class TableFacts(Protocol):
    """What the drawing reads from the table scene."""

    app: Host
    table: Table
    view: SeatView
    director: Director
    buttons: ButtonBar
    hand: list[int]
    focus: int
    message: tuple[str, str] | None
    message_is_error: bool

    @property
    def log_events(self) -> Iterable[Event]: ...
    @property
    def lang(self) -> str: ...
    def seat_name(self, seat: int) -> str: ...
    def badge_name(self, seat: int) -> tuple[str, str]: ...
    def unseen(self) -> list[int]: ...
    def human_turn(self) -> bool: ...
    def returnable_ranks(self) -> set[int]: ...
    def _selected_indexes(self) -> set[int]: ...

LOG_LINES = {ev.PLAY: "log_play", ev.BURN: "log_burn", ev.PASS: "log_pass", ev.RANG: "log_rang",
             ev.NOBURN: "log_noburn", ev.OUT: "log_out", ev.WUTOU: "log_wutou",
             ev.GOU_SI_JI: "log_gousiji", ev.BURN_END: "log_burn_end", ev.BURN_WON: "log_burn_won",
             ev.MEN: "log_men", ev.OPENED: "log_opened", ev.ROUND_END: "log_round",
             ev.CHAOS: "log_chaos", ev.DEAL_START: "log_deal_start", ev.TRIBUTE: "log_tribute",
             ev.RETURN: "log_return", ev.BUY3: "log_buy3", ev.REVOLT: "log_revolt",
             ev.YAOTOU: "log_yaotou", ev.CHOOSE_WUTOU: "log_choose_wutou", ev.DECLARE: "log_declare",
             ev.VOID: "log_void", ev.LIANG: "log_liang"}
SPOT_WORDS = {"pass": "state_passed", "kou": "btn_kou", "rang": "state_rang", "noburn": "btn_noburn"}


class TableDrawer:
    LOGGED = set(LOG_LINES)

    def __init__(self, scene: TableFacts) -> None:
        self.scene = scene
        self._backdrop: pygame.Surface | None = None
        self._wrapped: dict[tuple, list[str]] = {}   # log lines per (event, language, places)

    @property
    def fonts(self):
        return self.scene.app.fonts

    @property
    def art(self):
        return self.scene.app.art

    def draw(self, screen: pygame.Surface) -> None:
        screen.blit(self.backdrop(), (0, 0))
        for seat in range(6):
            if seat != self.scene.view.seat:
                self._draw_backs(screen, seat)
            self._draw_badge(screen, seat)
        self._draw_spots(screen)
        self._draw_flights(screen)
        self._draw_hand(screen)
        self.scene.buttons.draw(screen, self.fonts)
        self._draw_message(screen)
        self._draw_sidebar(screen)

    # ----- static backdrop -------------------------------------------------
    def backdrop(self) -> pygame.Surface:
        if self._backdrop is None:
            surface = theme.vertical_gradient((layout.WIDTH, layout.HEIGHT), theme.BG_TOP, theme.BG_BOTTOM)
            corners = layout.hexagon()
            cx, cy = layout.TABLE_CENTER
            rim = [(cx + (x - cx) * 1.07, cy + (y - cy) * 1.09) for x, y in corners]
            shadow = [(x + 6, y + 10) for x, y in rim]
            pygame.draw.polygon(surface, (18, 12, 10), shadow)
            pygame.draw.polygon(surface, theme.RIM, rim)
            pygame.draw.polygon(surface, theme.RIM_LIGHT, rim, 3)
            pygame.draw.polygon(surface, theme.FELT, corners)
            inner = [(cx + (x - cx) * 0.86, cy + (y - cy) * 0.84) for x, y in corners]
            pygame.draw.polygon(surface, theme.FELT_DARK, inner, 2)
            mark = self.fonts.render("够级", 64, (30, 118, 80), bold=True)
            surface.blit(mark, mark.get_rect(center=(cx, cy)))
            side = theme.panel((layout.WIDTH - layout.SIDEBAR_X - 4, 640 - 4), (14, 14, 18, 150))
            surface.blit(side, (layout.SIDEBAR_X, 4))
            self._backdrop = surface.convert() if pygame.display.get_surface() else surface
        return self._backdrop

    # ----- seats -----------------------------------------------------------
    def _draw_badge(self, screen: pygame.Surface, seat: int) -> None:
        scene, view = self.scene, self.scene.view
        human = view.seat
        x, y, w, h = layout.badge_box(seat)
        rect = pygame.Rect(x, y, w, h)
        ours = same_team(seat, human)
        colour = theme.TEAM_OURS if ours else theme.TEAM_THEIRS
        if seat == opposite(human):
            colour = theme.OPPOSITE
        turn = view.current_seat == seat and not view.places
        screen.blit(theme.panel((w, h), (12, 14, 18, 215)), rect)
        pygame.draw.rect(screen, theme.GOLD if turn else colour, rect, 4 if turn else 2, border_radius=10)
        name_text, role_text = scene.badge_name(seat)
        name = self.fonts.render(name_text, 19, theme.TEXT, bold=True)
        screen.blit(name, (x + 12, y + 5))
        tag = self.fonts.render(role_text, 15, colour, bold=True)
        tag_box = tag.get_rect(topright=(x + w - 10, y + 8))
        pygame.draw.rect(screen, (0, 0, 0), tag_box.inflate(10, 4), border_radius=6)
        pygame.draw.rect(screen, colour, tag_box.inflate(10, 4), 1, border_radius=6)
        screen.blit(tag, tag_box)
        room = w - 24 - (48 if self._count_shown(seat) else 0)  # keep clear of the count badge
        state = self.fonts.render_fit(self._state_text(seat), 15, theme.GOLD if turn else theme.TEXT_DIM, room)
        screen.blit(state, (x + 12, y + 36))
        self._draw_count(screen, seat, rect)

    def _state_text(self, seat: int) -> str:
        view, lang = self.scene.view, self.scene.lang
        place = self.scene.director.places.get(seat)
        if place is not None:
            return t(f"place_{place}", lang)
        words = []
        if view.current_seat == seat:
            words.append(t("state_turn", lang))
        declared = {d for d, _, _ in view.declared}
        for flag, key in ((view.revolted, "state_revolted"), (view.yaotou, "state_yaotou"),
                          (view.burning, "state_burning"), (view.wutou, "state_wutou"),
                          (view.men, "state_men"), (declared, "state_declared")):
            if seat in flag:
                words.append(t(key, lang))
        if view.rules.kai_dian and seat not in view.revolted:
            words.append(t("state_opened" if seat in view.opened else "state_not_opened", lang))
        if view.rang == seat:
            words.append(t("state_rang", lang))
        elif seat in view.passed and view.current_seat != seat:
            words.append(t("state_passed", lang))
        return " · ".join(words)

    def _count_shown(self, seat: int) -> bool:
        view = self.scene.view
        count = view.counts[seat]
        always = self.scene.app.settings.show_counts == "always"
        return count > 0 and (always or count <= 10 or seat == view.seat)

    def _draw_count(self, screen: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        count = self.scene.view.counts[seat]
        if not self._count_shown(seat):
            return
        badge = pygame.Rect(0, 0, 40, 26)
        badge.center = (rect.right - 26, rect.bottom - 18)
        pygame.draw.rect(screen, (180, 40, 40) if count <= 10 else (70, 70, 80), badge, border_radius=13)
        text = self.fonts.render(str(count), 16, (255, 255, 255), bold=True)
        screen.blit(text, text.get_rect(center=badge.center))

    def _draw_backs(self, screen: pygame.Surface, seat: int) -> None:
        count = self.scene.view.counts[seat]
        if count == 0:
            return
        shown = count if count <= 10 else 6  # more than 10 stays a secret (报牌)
        w, h = layout.BACK_CARD
        bx, by, bw, bh = layout.badge_box(seat)
        back = self.art.back((w, h))
        step = 7
        left = bx + bw // 2 - (w + step * (shown - 1)) // 2
        top = by + bh + 4 if seat != 3 else by + bh + 2
        if seat in (1, 2):
            left = bx + bw // 2 - (w + step * (shown - 1)) // 2
        for i in range(shown):
            screen.blit(back, (left + i * step, top))

    # ----- plays on the table ---------------------------------------------------
    def _draw_spots(self, screen: pygame.Surface) -> None:
        director = self.scene.director
        size = layout.TABLE_CARD
        for seat, word in director.labels.items():
            if director.spots.get(seat) is None:
                self._label(screen, t("label_" + word, self.scene.lang), layout.play_spot(seat), theme.GOLD, 24)
        for seat, item in director.spots.items():
            if item is None:
                continue
            if item.cards:
                boxes = layout.spot_boxes(seat, len(item.cards))
                if seat == director.standing_seat:
                    glow = self.art.highlight(size, theme.GOLD if not item.gouji else (255, 110, 90))
                    for x, y, _, _ in boxes:
                        screen.blit(glow, (x - 4, y - 4))
                for card, (x, y, _, _) in zip(item.cards, boxes):
                    screen.blit(self.art.face(card, size), (x, y))
                if item.kind == "burn":
                    self._label(screen, t("btn_burn", self.scene.lang), layout.play_spot(seat), (255, 120, 60), 24)
                elif item.kind == "liang":
                    word = "亮" + RANK_LETTERS[card_rank(item.cards[0])]
                    self._label(screen, word, layout.play_spot(seat), theme.GOLD, 24)
            else:
                word = t(SPOT_WORDS[item.kind], self.scene.lang)
                self._label(screen, word, layout.play_spot(seat), theme.TEXT, 26)

    def _label(self, screen, text: str, center, colour, size: int) -> None:
        surface = self.fonts.render(text, size, colour, bold=True)
        box = surface.get_rect(center=(int(center[0]), int(center[1])))
        screen.blit(theme.panel(box.inflate(18, 8).size, (0, 0, 0, 140), 8), box.inflate(18, 8))
        screen.blit(surface, box)

    def _draw_flights(self, screen: pygame.Surface) -> None:
        w, h = layout.TABLE_CARD
        for flight in self.scene.director.flights:
            face_up = flight.face_up or not flight.tween.started
            for card, (x, y) in zip(flight.cards, flight.positions()):
                image = self.art.face(card, (w, h)) if face_up and card >= 0 else self.art.back((w, h))
                screen.blit(image, (x - w / 2, y - h / 2))

    # ----- the human's hand -------------------------------------------------------
    def _draw_hand(self, screen: pygame.Surface) -> None:
        scene = self.scene
        selected = scene._selected_indexes()
        boxes = layout.hand_boxes(len(scene.hand), selected)
        mine = scene.human_turn()
        allowed = scene.returnable_ranks() if mine and scene.view.phase == "return" else None
        dim = self.art.highlight(layout.HAND_CARD, (0, 0, 0)) if allowed is not None else None
        for i, (card, (x, y, w, h)) in enumerate(zip(scene.hand, boxes)):
            screen.blit(self.art.face(card, layout.HAND_CARD), (x, y))
            if dim is not None and allowed is not None and card_rank(card) not in allowed:
                screen.blit(dim, (x - 4, y - 4))  # not a rank that may be given back
            if i in selected:
                pygame.draw.rect(screen, theme.GOLD, (x, y, w, h), 2, border_radius=8)
            if mine and i == scene.focus and pygame.key.get_focused():
                pygame.draw.rect(screen, (120, 200, 255), (x, y + h - 6, min(w, 30), 4))

    def _draw_message(self, screen: pygame.Surface) -> None:
        scene = self.scene
        if scene.message:
            text = scene.message[0] if scene.lang == "zh" else scene.message[1]
            colour = theme.WARN if scene.message_is_error else theme.TEXT
        elif scene.table.is_over:
            text, colour = t("deal_over", scene.lang), theme.GOLD
        elif scene.view.current_seat is not None and not scene.table.human_to_act():
            text = t("waiting", scene.lang, name=scene.seat_name(scene.view.current_seat))
            colour = theme.TEXT_DIM
        else:
            return
        surface = self.fonts.render(text, 19, colour, bold=scene.message_is_error)
        center = (int(layout.TABLE_CENTER[0]), layout.MESSAGE_Y)
        box = surface.get_rect(center=center)
        screen.blit(theme.panel(box.inflate(24, 10).size, (0, 0, 0, 150), 10), box.inflate(24, 10))
        screen.blit(surface, box)
        if scene.view.chaos:
            chaos = self.fonts.render(t("chaos", scene.lang), 18, (255, 200, 120), bold=True)
            screen.blit(chaos, chaos.get_rect(center=(int(layout.TABLE_CENTER[0]), 252)))

    # ----- sidebar: log and counter ----------------------------------------------
    def _draw_sidebar(self, screen: pygame.Surface) -> None:
        x = layout.SIDEBAR_X + 10
        view = self.scene.view
        if view.series_length > 1:
            ours, theirs = view.totals[view.seat % 2], view.totals[1 - view.seat % 2]
            board = t("scoreboard", self.scene.lang, deal=view.deal_index + 1, total=view.series_length,
                      ours=ours, theirs=theirs)
            surface = self.fonts.render(board, 15, theme.GOLD, bold=True)
            screen.blit(surface, (x, 54))
        counter = self.scene.app.settings.counter
        log_bottom = 420 if counter else 628
        self._draw_log(screen, x, 80, log_bottom)
        if counter:
            self._draw_counter(screen, x, 430)

    def _draw_log(self, screen: pygame.Surface, x: int, top: int, bottom: int) -> None:
        scene = self.scene
        screen.blit(self.fonts.render(t("log_title", scene.lang), 16, theme.GOLD, bold=True), (x, top))
        width = layout.WIDTH - x - 10
        lines: list[str] = []
        for event in list(scene.log_events):
            key = (id(event), event, scene.lang)
            if key not in self._wrapped:
                if len(self._wrapped) > 500:
                    self._wrapped.clear()
                self._wrapped[key] = self.fonts.wrap(self.describe(event), 14, width)
            lines.extend(self._wrapped[key])
        room = (bottom - top - 26) // 19
        for i, line in enumerate(lines[-room:]):
            screen.blit(self.fonts.render(line, 14, theme.TEXT_DIM), (x, top + 26 + i * 19))

    def describe(self, event: Event) -> str:
        scene = self.scene
        key = LOG_LINES[event.kind]
        if event.kind == ev.DEAL_START:
            return t(key, scene.lang, n=event.deal_index + 1)
        if event.seat is None:  # only a deal start has no seat, handled above
            return t(key, scene.lang, name="", cards=pretty_cards(event.cards))
        if event.kind == ev.LIANG:
            return t(key, scene.lang, name=scene.seat_name(event.seat), rank=event.cards[:1] or "3",
                     n=len(event.cards) or 2)
        if event.kind in (ev.TRIBUTE, ev.RETURN, ev.BUY3):
            kind = KIND_NAMES.get(event.tribute_kind, ("", ""))[0 if scene.lang == "zh" else 1] \
                if event.kind == ev.TRIBUTE else ""
            return t(key, scene.lang, name=scene.seat_name(event.seat), other=scene.seat_name(event.other or 0),
                     kind=kind, count=event.count)
        if event.kind == ev.OUT:
            place = scene.director.places.get(event.seat, event.place)
            return t(key, scene.lang, name=scene.seat_name(event.seat), place=t(f"place_{place}", scene.lang))
        return t(key, scene.lang, name=scene.seat_name(event.seat), cards=pretty_cards(event.cards))

    def _draw_counter(self, screen: pygame.Surface, x: int, top: int) -> None:
        scene = self.scene
        screen.blit(self.fonts.render(t("counter_title", scene.lang), 15, theme.GOLD, bold=True), (x, top))
        unseen = scene.unseen()
        for i, letter in enumerate(RANK_LETTERS):
            col, row = divmod(i, 8)
            cx, cy = x + col * 100, top + 26 + row * 22
            label = pretty_cards(letter)
            screen.blit(self.fonts.render(label, 15, theme.TEXT), (cx, cy))
            count = self.fonts.render(str(unseen[i]), 15, theme.GOLD if unseen[i] else theme.DISABLED, bold=True)
            screen.blit(count, (cx + 60, cy))


def pretty_cards(text: str) -> str:
    """Notation for people: T as 10, jokers as 小王/大王."""
    out = []
    for letter in text:
        if letter == "T":
            out.append("10")
        elif letter == "x":
            out.append("小王")
        elif letter == "X":
            out.append("大王")
        elif letter in RANK_LETTERS:
            out.append(letter)
    return " ".join(out) if len(out) <= 12 else " ".join(out[:12]) + " …"
