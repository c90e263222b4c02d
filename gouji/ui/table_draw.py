"""Drawing of the table scene at the window's real size: felt, seats, plays,
cards in flight, the hand, the prompt and the sidebar (score, log, counter).

Everything comes from the scene's current view, its board (what the events
shown so far put on the table) and the director's flights."""

from __future__ import annotations

import math
from typing import Protocol

import pygame

from ..engine import events as ev
from ..engine.cards import RANK_LETTERS, RANK_OF_CARD
from ..engine.events import Event
from ..engine.phases import Phase
from ..engine.seats import opposite, order_from, same_team
from ..engine.tribute import KIND_NAMES
from ..engine.view import SeatView
from . import theme
from .avatars import Avatars
from .board import Board
from .director import Director
from .i18n import t
from .layout import Layout
from .moments_draw import banner_text, draw_banner, draw_panel, draw_received_tag, draw_seat_glow
from .prompts import MOVE_SECONDS, Line, cards_word, pretty
from .scenes.base import Host
from .widgets import ButtonBar


class TableFacts(Protocol):
    """What the drawing reads from the table scene."""

    app: Host
    director: Director
    buttons: ButtonBar
    focus: int

    @property
    def layout(self) -> Layout: ...
    @property
    def view(self) -> SeatView: ...
    @property
    def board(self) -> Board: ...
    @property
    def lang(self) -> str: ...
    def seat_name(self, seat: int) -> str: ...
    def badge_name(self, seat: int) -> tuple[str, str]: ...
    def unseen(self) -> list[int]: ...
    def human_turn(self) -> bool: ...
    def returnable_ranks(self) -> set[int]: ...
    def selected_indexes(self) -> set[int]: ...
    def line(self) -> Line | None: ...
    def thinking(self, seat: int) -> bool: ...
    def timer_left(self) -> float | None: ...
    def notes_for_log(self) -> list[tuple[int, Line]]: ...
    def autoplay_overlay(self) -> bool: ...
    @property
    def time(self) -> float: ...
    def open_hands(self) -> dict[int, tuple[int, ...]]:
        """Other seats whose cards are shown face up (practice, review, lessons): seat -> cards."""
        ...
    def counts_always(self) -> bool:
        """Every seat's hand size is shown (else only those of 10 or fewer)."""
        ...


LOG_LINES = {ev.PLAY: "log_play", ev.BURN: "log_burn", ev.PASS: "log_pass", ev.RANG: "log_rang",
             ev.NOBURN: "log_noburn", ev.OUT: "log_out", ev.WUTOU: "log_wutou",
             ev.GOU_SI_JI: "log_gousiji", ev.BURN_END: "log_burn_end", ev.BURN_WON: "log_burn_won",
             ev.MEN: "log_men", ev.OPENED: "log_opened", ev.ROUND_END: "log_round",
             ev.CHAOS: "log_chaos", ev.DEAL_START: "log_deal_start", ev.TRIBUTE: "log_tribute",
             ev.RETURN: "log_return", ev.BUY3: "log_buy3", ev.REVOLT: "log_revolt",
             ev.YAOTOU: "log_yaotou", ev.CHOOSE_WUTOU: "log_choose_wutou", ev.DECLARE: "log_declare",
             ev.VOID: "log_void", ev.LIANG: "log_liang", ev.NODECLARE: "log_nodeclare",
             ev.NOREVOLT: "log_norevolt"}
SPOT_WORDS = {"pass": "state_passed", "kou": "btn_kou", "rang": "state_rang", "noburn": "btn_noburn"}
TONES = {"info": theme.TEXT, "turn": theme.GOLD, "wait": theme.TEXT_DIM, "error": theme.WARN, "done": theme.GOLD}


class TableDrawer:
    LOGGED = set(LOG_LINES)

    def __init__(self, scene: TableFacts) -> None:
        self.scene = scene
        self._backdrop: tuple[Layout, pygame.Surface] | None = None
        self._wrapped: dict[tuple, list[str]] = {}   # log lines per (event, language, width)
        self._faces: dict[tuple, pygame.Surface] = {}  # greyed avatars
        self.avatars = Avatars()
        self.log_scroll = 0                           # lines scrolled back from the newest

    @property
    def fonts(self):
        return self.scene.app.fonts

    @property
    def art(self):
        return self.scene.app.art

    @property
    def L(self) -> Layout:
        return self.scene.layout

    def place(self, seat: int) -> int:
        """Where a seat sits on screen: 0 at the bottom (the viewer), then counter-clockwise."""
        return order_from(self.scene.view.seat, seat)

    def resized(self) -> None:
        self._backdrop = None
        self._wrapped.clear()

    def draw(self, screen: pygame.Surface) -> None:
        screen.blit(self.backdrop(), (0, 0))
        view = self.scene.view
        shown = self.scene.open_hands()
        for seat in range(6):
            if seat in shown:
                self._draw_open_hand(screen, seat, shown[seat])
            elif seat != view.seat:
                self._draw_backs(screen, seat, view)
            self._draw_badge(screen, seat, view)
        self._draw_spots(screen)
        self._draw_flights(screen)
        self._draw_hand(screen, view)
        if self.scene.autoplay_overlay():
            self._draw_autoplay_cover(screen)
        self.scene.buttons.draw(screen, self.fonts)
        self._draw_line(screen, view)
        self._draw_sidebar(screen, view)
        self._draw_moments(screen)

    def _draw_moments(self, screen: pygame.Surface) -> None:
        """The banner of a big moment (its seats aglow) and the tribute panel, over the felt."""
        director, L, lang = self.scene.director, self.L, self.scene.lang
        banner = director.banner
        if banner is not None:
            for seat in banner.seats:
                draw_seat_glow(screen, L, L.badge_box(self.place(seat)), banner.tone)
            draw_banner(screen, self.fonts, L, banner_text(banner, self.scene.seat_name, lang), banner.tone,
                        director.banner_left, director.BANNER_SECONDS)
        if director.panel is not None:
            draw_panel(screen, self.fonts, self.art, L, director.panel, self.scene.seat_name, lang)

    # ----- static backdrop -------------------------------------------------
    def backdrop(self) -> pygame.Surface:
        L = self.L
        if self._backdrop is None or self._backdrop[0] != L:
            surface = theme.vertical_gradient((L.width, L.height), theme.BG_TOP, theme.BG_BOTTOM)
            corners = L.hexagon()
            cx, cy = L.table_center
            rim = [(cx + (x - cx) * 1.07, cy + (y - cy) * 1.09) for x, y in corners]
            shadow = [(x + L.s(6), y + L.s(10)) for x, y in rim]
            pygame.draw.polygon(surface, (18, 12, 10), shadow)
            pygame.draw.polygon(surface, theme.RIM, rim)
            pygame.draw.polygon(surface, theme.RIM_LIGHT, rim, max(2, L.s(3)))
            pygame.draw.polygon(surface, theme.FELT, corners)
            inner = [(cx + (x - cx) * 0.86, cy + (y - cy) * 0.84) for x, y in corners]
            pygame.draw.polygon(surface, theme.FELT_DARK, inner, 2)
            mark = self.fonts.render("够级", L.font(64), (30, 118, 80), bold=True)
            surface.blit(mark, mark.get_rect(center=(cx, cy)))
            x, y, w, _ = L.sidebar
            side = theme.panel((w - L.s(4), L.hand_top - L.rise - L.s(12)), (14, 14, 18, 150))
            surface.blit(side, (x, L.s(4)))
            image = surface.convert() if pygame.display.get_surface() else surface
            self._backdrop = (L, image)
        return self._backdrop[1]

    # ----- seats -----------------------------------------------------------
    def _draw_badge(self, screen: pygame.Surface, seat: int, view: SeatView) -> None:
        """A seat as a player: face, name, 联邦/对头/上家/下家 tag, state or place, his count."""
        L, scene = self.L, self.scene
        place = self.place(seat)
        x, y, w, h = L.badge_box(place)
        rect = pygame.Rect(x, y, w, h)
        colour = theme.OPPOSITE if seat == opposite(view.seat) else \
            theme.TEAM_OURS if same_team(seat, view.seat) else theme.TEAM_THEIRS
        turn = view.current_seat == seat and not view.places
        screen.blit(theme.panel((w, h), (12, 14, 18, 215)), rect)
        pygame.draw.rect(screen, theme.GOLD if turn else colour, rect, L.s(4) if turn else 2, border_radius=L.s(10))
        size = h - L.s(12)
        face = self.avatars.face(place, size)
        if seat in scene.board.places or seat in view.revolted:
            face = self._dimmed(face, place, size)
        screen.blit(face, (x + L.s(6), y + L.s(6)))
        left = x + size + L.s(12)
        name_text, role_text = scene.badge_name(seat)
        tag = self.fonts.render(role_text, L.font(14), colour, bold=True)
        tag_box = tag.get_rect(topright=(x + w - L.s(9), y + L.s(7)))
        name = self.fonts.render_fit(name_text, L.font(18), theme.TEXT, tag_box.left - left - L.s(8), bold=True)
        screen.blit(name, (left, y + L.s(5)))
        pygame.draw.rect(screen, (0, 0, 0), tag_box.inflate(L.s(8), L.s(4)), border_radius=L.s(6))
        pygame.draw.rect(screen, colour, tag_box.inflate(L.s(8), L.s(4)), 1, border_radius=L.s(6))
        screen.blit(tag, tag_box)
        count = self._shown_count(seat, view)
        room = x + w - left - L.s(8) - (L.s(44) if count is not None else 0)  # clear of the count badge
        state = self.fonts.render_fit(self._state_text(seat, view), L.font(14),
                                      theme.GOLD if turn else theme.TEXT_DIM, room)
        screen.blit(state, (left, y + L.s(37)))
        if count is not None:
            self._draw_count(screen, count, rect)
        if self.scene.thinking(seat):
            self._draw_thinking(screen, x + L.s(6) + size, y + L.s(6))
        left_s = self.scene.timer_left() if seat == view.seat else None
        if left_s is not None:
            self._draw_timer(screen, (x + L.s(6) + size // 2, y + L.s(6) + size // 2), size, left_s)

    def _draw_timer(self, screen: pygame.Surface, centre: tuple[int, int], size: int, left: float) -> None:
        """The move timer: a ring around his face that runs down, and the seconds."""
        L = self.L
        rect = pygame.Rect(0, 0, size + L.s(8), size + L.s(8))
        rect.center = centre
        colour = theme.WARN if left <= 5 else theme.GOLD
        pygame.draw.arc(screen, colour, rect, math.pi / 2, math.pi / 2 + 2 * math.pi * left / MOVE_SECONDS, max(3, L.s(4)))
        label = self.fonts.render(t("timer", self.scene.lang, n=math.ceil(left)), L.font(14), colour, bold=True)
        screen.blit(label, label.get_rect(midbottom=(centre[0], rect.top - L.s(2))))

    def _dimmed(self, face: pygame.Surface, place: int, size: int) -> pygame.Surface:
        """A player out of the deal (or sitting out): his face greyed."""
        key = ("dim", place, size)
        if key not in self._faces:
            grey = face.copy()
            veil = pygame.Surface(grey.get_size(), pygame.SRCALPHA)
            veil.fill((40, 40, 40, 150))
            grey.blit(veil, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
            self._faces[key] = grey
        return self._faces[key]

    def _draw_thinking(self, screen: pygame.Surface, right: int, top: int) -> None:
        """Three dots that pulse while a bot chooses."""
        L = self.L
        phase = int(self.scene.time * 3) % 3
        bubble = pygame.Rect(0, 0, L.s(30), L.s(16))
        bubble.topright = (right + L.s(8), top - L.s(4))
        pygame.draw.rect(screen, (250, 246, 236), bubble, border_radius=L.s(8))
        for i in range(3):
            colour = (60, 60, 70) if i == phase else (170, 170, 180)
            pygame.draw.circle(screen, colour, (bubble.left + L.s(7) + i * L.s(8), bubble.centery), max(2, L.s(2.5)))

    def _state_text(self, seat: int, view: SeatView) -> str:
        lang = self.scene.lang
        place = self.scene.board.places.get(seat)
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

    def _shown_count(self, seat: int, view: SeatView) -> int | None:
        """The seat's card count where the rules show it (§3.10, show_counts) or the player
        asked to always see it; None when it is hidden (then only the stack's height tells)."""
        count = view.counts[seat]
        if count == 0:
            return None
        if self.scene.counts_always() or view.shown_counts[seat] is not None:
            return count
        return None

    def _draw_count(self, screen: pygame.Surface, count: int, rect: pygame.Rect) -> None:
        L = self.L
        badge = pygame.Rect(0, 0, L.s(40), L.s(26))
        badge.center = (rect.right - L.s(26), rect.bottom - L.s(18))
        pygame.draw.rect(screen, (180, 40, 40) if count <= 10 else (70, 70, 80), badge, border_radius=L.s(13))
        text = self.fonts.render(str(count), L.font(16), (255, 255, 255), bold=True)
        screen.blit(text, text.get_rect(center=badge.center))

    def _draw_backs(self, screen: pygame.Surface, seat: int, view: SeatView) -> None:
        """A shown count as a fan of that many backs; a hidden one as a stack whose height
        follows the cards left (a player can judge it, not count it)."""
        count = view.counts[seat]
        if count == 0:
            return
        L = self.L
        back = self.art.back(L.back_card)
        if self._shown_count(seat, view) is not None and count <= 10:
            left, top = L.backs_origin(self.place(seat), count)
            for i in range(count):
                screen.blit(back, (left + i * L.s(7), top))
            return
        left, top = L.backs_origin(self.place(seat), 1)
        layers = max(2, round(count / 3))
        lift = max(1.0, 0.9 * L.k)
        for i in range(layers):
            screen.blit(back, (left, top + L.s(14) - i * lift))

    def _draw_open_hand(self, screen: pygame.Surface, seat: int, cards: tuple[int, ...]) -> None:
        """Another seat's cards face up under its badge, small and overlapping (open hands)."""
        L = self.L
        size = L.back_card
        bx, by, bw, bh = L.badge_box(self.place(seat))
        step = min(L.s(11), (bw + L.s(60) - size[0]) / max(1, len(cards) - 1)) if len(cards) > 1 else 0
        left = bx + bw / 2 - (size[0] + step * (len(cards) - 1)) / 2
        top = by + bh + L.s(3)
        for i, card in enumerate(cards):
            screen.blit(self.art.face(card, size), (left + i * step, top))

    # ----- plays on the table ---------------------------------------------------
    def _draw_spots(self, screen: pygame.Surface) -> None:
        L, scene = self.L, self.scene
        board, director = scene.board, scene.director
        size = L.table_card
        for seat, word in board.labels.items():
            if seat not in board.spots:
                self._label(screen, t("label_" + word, scene.lang), L.play_spot(self.place(seat)), theme.GOLD, 24)
        for seat, item in board.spots.items():
            if director.landing(seat):
                continue   # its cards are still in the air
            if not item.cards:
                self._label(screen, t(SPOT_WORDS[item.kind], scene.lang), L.play_spot(self.place(seat)), theme.TEXT, 26)
                continue
            boxes = L.spot_boxes(self.place(seat), len(item.cards))
            if seat == board.standing_seat:
                glow = self.art.highlight(size, theme.GOLD if not item.gouji else (255, 110, 90))
                for x, y, _, _ in boxes:
                    screen.blit(glow, (x - 4, y - 4))
            for card, (x, y, _, _) in zip(item.cards, boxes):
                screen.blit(self.art.face(card, size), (x, y))
            if item.kind == "burn":
                self._label(screen, t("btn_burn", scene.lang), L.play_spot(self.place(seat)), (255, 120, 60), 24)
            elif item.kind == "liang":   # a tag beside the cards, their faces left clear
                x, y, w, h = boxes[-1]
                word = "亮" + pretty(RANK_LETTERS[RANK_OF_CARD[item.cards[0]]])
                tag = self.fonts.render(word, L.font(20), (30, 20, 8), bold=True)
                box = tag.get_rect(midleft=(x + w + L.s(10), y + h // 2)).inflate(L.s(12), L.s(6))
                pygame.draw.rect(screen, theme.GOLD, box, border_radius=L.s(8))
                screen.blit(tag, tag.get_rect(center=box.center))

    def _label(self, screen: pygame.Surface, text: str, center, colour, size: int) -> None:
        L = self.L
        surface = self.fonts.render(text, L.font(size), colour, bold=True)
        box = surface.get_rect(center=(int(center[0]), int(center[1])))
        pad = box.inflate(L.s(18), L.s(8))
        screen.blit(theme.panel(pad.size, (0, 0, 0, 140), L.s(8)), pad)
        screen.blit(surface, box)

    def _draw_flights(self, screen: pygame.Surface) -> None:
        w, h = size = self.L.table_card
        for flight in self.scene.director.flights:
            face_up = flight.face_up or not flight.tween.started
            for card, (x, y) in zip(flight.cards, flight.positions(self.L)):
                image = self.art.face(card, size) if face_up and card >= 0 else self.art.back(size)
                screen.blit(image, (x - w / 2, y - h / 2))

    # ----- the human's hand -------------------------------------------------------
    def _draw_hand(self, screen: pygame.Surface, view: SeatView) -> None:
        scene, L = self.scene, self.L
        hand, selected, received = scene.board.hand, scene.selected_indexes(), set(scene.board.received)
        boxes = L.hand_boxes(len(hand), selected)
        mine = scene.human_turn()
        allowed = scene.returnable_ranks() if mine and view.phase == Phase.RETURN else None
        dim = self.art.highlight(L.hand_card, (0, 0, 0)) if allowed is not None else None
        for i, (card, (x, y, w, h)) in enumerate(zip(hand, boxes)):
            screen.blit(self.art.face(card, L.hand_card), (x, y))
            if dim is not None and allowed is not None and RANK_OF_CARD[card] not in allowed:
                screen.blit(dim, (x - 4, y - 4))  # not a rank that may be given back
            if card in received:
                draw_received_tag(screen, self.fonts, L, (x, y, w, h), scene.lang)
            if i in selected:
                pygame.draw.rect(screen, theme.GOLD, (x, y, w, h), 2, border_radius=L.s(8))
            if mine and i == scene.focus and pygame.key.get_focused():
                pygame.draw.rect(screen, (120, 200, 255), (x, y + h - L.s(6), min(w, L.s(30)), L.s(4)))

    def _draw_autoplay_cover(self, screen: pygame.Surface) -> None:
        """托管: the hand under a dark veil, so nobody wonders why his cards move by themselves."""
        L = self.L
        top = L.hand_top - L.rise
        veil = pygame.Surface((L.width, L.height - top), pygame.SRCALPHA)
        veil.fill((8, 10, 14, 170))
        screen.blit(veil, (0, top))
        text = self.fonts.render(t("autoplay_covered", self.scene.lang), L.font(16), theme.GOLD, bold=True)
        screen.blit(text, text.get_rect(midbottom=(L.width // 2, L.hand_top + L.hand_card[1] // 2 - L.s(32))))

    def _draw_line(self, screen: pygame.Surface, view: SeatView) -> None:
        """The prompt, a note (refusal, hint) or what the table waits for — under the felt."""
        L, scene = self.L, self.scene
        cx = int(L.table_center[0])
        if view.chaos:
            chaos = self.fonts.render(t("chaos", scene.lang), L.font(18), (255, 200, 120), bold=True)
            screen.blit(chaos, chaos.get_rect(center=(cx, int(L.table_center[1] - 53 * L.k))))
        line = scene.line()
        if line is None:
            return
        bx, _, bw, _ = L.badge_box(0)   # keep clear of the player's own badge (left) and the sidebar
        width = int(min(L.sidebar[0] - cx, cx - (bx + bw)) * 2 - L.s(40))
        size, bold, colour = L.font(19), line.tone == "error", TONES[line.tone]
        lines = self.fonts.wrap(line.text(scene.lang), size, width, bold)
        if len(lines) > 2:   # a long reason: two lines at a smaller size, never cut
            size = L.font(16)
            lines = self.fonts.wrap(line.text(scene.lang), size, width, bold)
        surfaces = [self.fonts.render_fit(text, size, colour, width, bold=bold) for text in lines[:2]]
        height = sum(s.get_height() for s in surfaces)
        top = L.message_y - height // 2 - (height // 4 if len(surfaces) > 1 else 0)
        pad = pygame.Rect(0, 0, max(s.get_width() for s in surfaces) + L.s(24), height + L.s(10))
        pad.midtop = (cx, top - L.s(5))
        screen.blit(theme.panel(pad.size, (0, 0, 0, 150), L.s(10)), pad)
        for surface in surfaces:
            screen.blit(surface, surface.get_rect(midtop=(cx, top)))
            top += surface.get_height()

    # ----- sidebar: score, log and counter ----------------------------------------
    def _draw_sidebar(self, screen: pygame.Surface, view: SeatView) -> None:
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
            return t(key, lang, name=name, other=scene.seat_name(event.other or 0), kind=kind, count=event.count,
                     cards=cards_word(event.count))
        if event.kind == ev.OUT:
            return t(key, lang, name=name, place=t(f"place_{event.place}", lang))
        return t(key, lang, name=name, cards=pretty(event.cards, lang))

    def _draw_counter(self, screen: pygame.Surface, x: int, top: int) -> None:
        L, scene = self.L, self.scene
        screen.blit(self.fonts.render(t("counter_title", scene.lang), L.font(15), theme.GOLD, bold=True), (x, top))
        unseen = scene.unseen()
        column = (L.sidebar[2] - L.s(20)) // 2
        for i, letter in enumerate(RANK_LETTERS):
            col, row = divmod(i, 8)
            cx, cy = x + col * column, top + L.s(26) + row * L.s(22)
            screen.blit(self.fonts.render(pretty(letter, scene.lang), L.font(15), theme.TEXT), (cx, cy))
            count = self.fonts.render(str(unseen[i]), L.font(15), theme.GOLD if unseen[i] else theme.DISABLED,
                                      bold=True)
            screen.blit(count, (cx + column - L.s(30), cy))

