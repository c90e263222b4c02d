"""Drawing of the table scene at the window's real size: felt, seats, plays,
cards in flight, the hand, the prompt and the sidebar (score, log, counter).

Everything comes from the scene's current view, its board (what the events
shown so far put on the table) and the director's flights."""

from __future__ import annotations

import pygame

from ...engine.cards import RANK_LETTERS, RANK_OF_CARD
from ...engine.phases import Phase
from ...engine.seats import order_from
from ...engine.view import SeatView
from ..i18n import t
from ..model.layout import Layout
from ..model.moments import duel_of
from ..model.prompts import pretty
from . import theme
from .moments import banner_text, draw_banner, draw_duel, draw_panel, draw_received_tag, draw_seat_glow
from .seats import SeatsPainter
from .sidebar import LOG_LINES, SidebarPainter
from .table_facts import Painter, TableFacts

__all__ = ["TableDrawer", "TableFacts", "LOG_LINES"]

SPOT_WORDS = {"pass": "state_passed", "kou": "btn_kou", "rang": "state_rang", "noburn": "btn_noburn"}
TONES = {"info": theme.TEXT, "turn": theme.GOLD, "wait": theme.TEXT_DIM, "error": theme.WARN, "done": theme.GOLD}


class TableDrawer(Painter):
    """The table scene's picture: the felt and the plays on it, the hand and the
    line under the felt here; the seats and the sidebar by their own painters."""

    def __init__(self, scene: TableFacts) -> None:
        super().__init__(scene)
        self._backdrop: tuple[Layout, pygame.Surface] | None = None
        self.seats = SeatsPainter(scene, self.place)
        self.sidebar = SidebarPainter(scene)

    def place(self, seat: int) -> int:
        """Where a seat sits on screen: 0 at the bottom (the viewer), then counter-clockwise."""
        return order_from(self.scene.view.seat, seat)

    def resized(self) -> None:
        self._backdrop = None
        self.sidebar.resized()

    def draw(self, screen: pygame.Surface) -> None:
        screen.blit(self.backdrop(), (0, 0))
        view = self.scene.view
        self._draw_duel(screen, view)   # under the seats and the cards
        shown = self.scene.open_hands()
        for seat in range(6):
            if seat in shown:
                self.seats.open_hand(screen, seat, shown[seat])
            elif seat != view.seat:
                self.seats.backs(screen, seat, view)
            self.seats.badge(screen, seat, view)
        self._draw_spots(screen)
        self._draw_flights(screen)
        self._draw_hand(screen, view)
        if self.scene.autoplay_overlay():
            self._draw_autoplay_cover(screen)
        self.scene.buttons.draw(screen, self.fonts)
        self._draw_line(screen, view)
        self.sidebar.draw(screen, view)
        self._draw_moments(screen)

    def _draw_duel(self, screen: pygame.Surface, view: SeatView) -> None:
        """Under the cards on the felt: the 对头 duel of the standing 够级 play, while it lasts."""
        duel = duel_of(view) if self.scene.director.moments else None
        if duel is not None:
            places = (self.place(duel.attacker), self.place(duel.rival))
            boxes = (self.L.badge_box(places[0]), self.L.badge_box(places[1]))
            ends = (self.L.play_spot(places[0]), self.L.play_spot(places[1]))
            draw_duel(screen, self.fonts, self.L, boxes, duel.plays, self.scene.lang,
                      count=self.scene.director.banner is None, ends=ends)

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
        hand, selected, received = scene.hand, scene.selected_indexes(), set(scene.board.received)
        hand = hand[:scene.director.dealt(len(hand))]   # while dealing, the cards that arrived
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
        """托管: the hand dimmed (still readable), so nobody wonders why his cards move by
        themselves; the line under the felt says 托管中 and how to take the seat back."""
        L = self.L
        top = L.hand_top - L.rise
        veil = pygame.Surface((L.width, L.height - top), pygame.SRCALPHA)
        veil.fill((8, 10, 14, 110))
        screen.blit(veil, (0, top))

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
        if len(lines) > 2:   # a long reason: up to three lines at a smaller size, cut only beyond
            size = L.font(16)
            lines = self.fonts.lines(line.text(scene.lang), size, width, 3, bold)
        surfaces = [self.fonts.render_fit(text, size, colour, width, bold=bold) for text in lines]
        height = sum(s.get_height() for s in surfaces)
        top = L.message_y - height // 2 - (height // 4 if len(surfaces) > 1 else 0)
        pad = pygame.Rect(0, 0, max(s.get_width() for s in surfaces) + L.s(24), height + L.s(10))
        pad.midtop = (cx, top - L.s(5))
        screen.blit(theme.panel(pad.size, (0, 0, 0, 150), L.s(10)), pad)
        for surface in surfaces:
            screen.blit(surface, surface.get_rect(midtop=(cx, top)))
            top += surface.get_height()

