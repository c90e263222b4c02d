"""Drawing the seats as players: face, name and role, state or place, the
card count as the rules show it (else a stack), the move timer, a bot's
thinking dots, and the cards under each badge."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from ...engine.cards import RANK_OF_CARD
from ...engine.seats import opposite, same_team
from ...engine.view import SeatView
from ..i18n import t
from . import theme
from .avatars import Avatars
from .fonts import SHRINK
from .table_facts import Painter, TableFacts


class SeatsPainter(Painter):
    """The six seats as players (badge, state, count) and their cards, face down
    or, where the scene shows them, face up; ``place`` says where a seat sits."""

    def __init__(self, scene: TableFacts, place: Callable[[int], int]) -> None:
        super().__init__(scene)
        self.place = place
        self.avatars = Avatars()
        self._faces: dict[tuple, pygame.Surface] = {}  # greyed avatars

    def badge(self, screen: pygame.Surface, seat: int, view: SeatView) -> None:
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
        # a name a player typed (up to 24 characters, at a shared table) may be cut: shrunk past reading it
        # would say no more (the lobby and the log show it whole)
        name = self.fonts.render_fit(name_text, L.font(18), theme.TEXT, tag_box.left - left - L.s(8),
                                     smallest=max(11, round(L.font(18) * SHRINK)), bold=True, may_cut=True)
        screen.blit(name, (left, y + L.s(5)))
        pygame.draw.rect(screen, (0, 0, 0), tag_box.inflate(L.s(8), L.s(4)), border_radius=L.s(6))
        pygame.draw.rect(screen, colour, tag_box.inflate(L.s(8), L.s(4)), 1, border_radius=L.s(6))
        screen.blit(tag, tag_box)
        count = self._shown_count(seat, view)
        size = L.font(14)
        state = self.fonts.render_words(self.state_words(seat, view), size, theme.GOLD if turn else theme.TEXT_DIM,
                                        self.state_room(seat, view), smallest=max(11, round(size * SHRINK)))
        screen.blit(state, (left, y + L.s(37)))
        if count is not None:
            self._draw_count(screen, count, rect)
        if self.scene.thinking(seat):
            self._draw_thinking(screen, x + L.s(6) + size, y + L.s(6))
        timer = self.scene.seat_timer(seat)
        if timer is not None:
            self._draw_timer(screen, (x + L.s(6) + size // 2, y + L.s(6) + size // 2), size, *timer)

    def _draw_timer(self, screen: pygame.Surface, centre: tuple[int, int], size: int, left: float,
                    full: float) -> None:
        """The move timer: a ring around his face that runs down (from ``full`` seconds), and the seconds."""
        L = self.L
        rect = pygame.Rect(0, 0, size + L.s(8), size + L.s(8))
        rect.center = centre
        colour = theme.WARN if left <= 5 else theme.GOLD
        sweep = 2 * math.pi * min(1.0, left / full) if full > 0 else 0.0
        pygame.draw.arc(screen, colour, rect, math.pi / 2, math.pi / 2 + sweep, max(3, L.s(4)))
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

    def state_text(self, seat: int, view: SeatView) -> str:
        return " · ".join(self.state_words(seat, view))

    def state_words(self, seat: int, view: SeatView) -> list[str]:
        """The badge's state, most important first: a short badge leaves out the last words whole."""
        lang = self.scene.lang
        place = self.scene.board.places.get(seat)
        if place is not None:
            return [t(f"place_{place}", lang)]
        words = []
        if view.rules.kai_dian and seat not in view.revolted:   # first: a short badge cuts the rest
            words.append(t("state_opened" if seat in view.opened else "state_not_opened", lang))
        declared = {d for d, _, _ in view.declared}
        for flag, key in ((view.revolted, "state_revolted"), (view.yaotou, "state_yaotou"),
                          (view.burning, "state_burning"), (view.wutou, "state_wutou"),
                          (view.men, "state_men"), (declared, "state_declared")):
            if seat in flag:
                words.append(t(key, lang))
        if view.rang == seat:
            words.append(t("state_rang", lang))
        elif seat in view.passed and view.current_seat != seat:
            words.append(t("state_passed", lang))
        if view.current_seat == seat and (seat != view.seat or self.scene.thinking(seat)):
            # last, so a short badge cuts it first; the player's own turn shows in his gold
            # border and in the line under the felt, so his badge keeps room for 已开点/未开点
            words.append(t("state_thinking" if self.scene.thinking(seat) else "state_turn", lang))
        return words

    def state_room(self, seat: int, view: SeatView) -> int:
        """Pixels the badge leaves for the state words (clear of the face and the count)."""
        L = self.L
        _, _, w, h = L.badge_box(self.place(seat))
        size = h - L.s(12)
        return w - size - L.s(20) - (L.s(44) if self._shown_count(seat, view) is not None else 0)

    def _shown_count(self, seat: int, view: SeatView) -> int | None:
        """The seat's card count where the rules show it (§3.10, show_counts) or the player
        asked to always see it; None when it is hidden (then only the stack's height tells)."""
        count = self.scene.director.dealt(view.counts[seat])
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

    def backs(self, screen: pygame.Surface, seat: int, view: SeatView) -> None:
        """A shown count as a fan of that many backs; a hidden one as a stack whose height
        follows the cards left (a player can judge it, not count it)."""
        count = self.scene.director.dealt(view.counts[seat])   # while dealing, what arrived
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

    def open_hand(self, screen: pygame.Surface, seat: int, cards: tuple[int, ...]) -> None:
        """Another seat's cards face up under its badge (open hands): one small face per
        rank, its corner always visible, and how many he holds of it under the corner."""
        L = self.L
        groups = rank_groups(cards)
        boxes = L.open_hand_boxes(self.place(seat), len(groups))
        for pile, (x, y, w, h) in zip(groups, boxes):
            screen.blit(self.art.face(pile[0], (w, h)), (x, y))
        for pile, (x, y, _, h) in zip(groups, boxes):
            if len(pile) > 1:
                label = self.fonts.render(str(len(pile)), L.font(13), theme.GOLD, bold=True)
                screen.blit(label, label.get_rect(midtop=(x + L.open_corner // 2, y + h)))


def rank_groups(cards: tuple[int, ...]) -> list[list[int]]:
    """The cards in runs of one rank, in the order given (the hand's order)."""
    groups: list[list[int]] = []
    for card in cards:
        if groups and RANK_OF_CARD[groups[-1][0]] == RANK_OF_CARD[card]:
            groups[-1].append(card)
        else:
            groups.append([card])
    return groups
