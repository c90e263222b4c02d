"""A vertical scrollbar beside a list that shows a window of its rows: the
thumb says where the window is and how much of the list it covers; drag the
thumb, or click the track above or below it to move a page."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from . import theme

MIN_THUMB = 24   # window pixels: a thumb stays big enough to grab in a long list
TRACK = (62, 48, 38)


@dataclass
class Scrollbar:
    track: pygame.Rect            # in window pixels
    grab: int | None = None       # while dragging: where in the thumb the mouse went down

    def thumb(self, total: int, shown: int, first: int) -> pygame.Rect | None:
        """The thumb for rows ``first``…``first + shown`` of ``total``; none when all fit."""
        if total <= shown:
            return None
        height = min(self.track.height, max(MIN_THUMB, self.track.height * shown // total))
        top = self.track.y + round((self.track.height - height) * first / (total - shown))
        return pygame.Rect(self.track.x, top, self.track.width, height)

    def handle(self, event: pygame.event.Event, total: int, shown: int, first: int) -> int | None:
        """The first row the event scrolls to, or None when the event is not the bar's."""
        thumb = self.thumb(total, shown, first)
        if thumb is None:
            self.grab = None
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._hits(event.pos):
            if thumb.collidepoint(self.track.x, event.pos[1]):
                self.grab = event.pos[1] - thumb.y
                return first
            page = shown if event.pos[1] > thumb.bottom else -shown
            return max(0, min(total - shown, first + page))
        if event.type == pygame.MOUSEMOTION and self.grab is not None:
            span = self.track.height - thumb.height
            share = (event.pos[1] - self.grab - self.track.y) / span if span else 0.0
            return max(0, min(total - shown, round(share * (total - shown))))
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.grab is not None:
            self.grab = None
            return first
        return None

    def draw(self, screen: pygame.Surface, total: int, shown: int, first: int) -> None:
        thumb = self.thumb(total, shown, first)
        if thumb is None:
            return
        radius = self.track.width // 2
        pygame.draw.rect(screen, TRACK, self.track, border_radius=radius)
        pygame.draw.rect(screen, theme.GOLD if self.grab is not None else theme.TEXT_DIM, thumb, border_radius=radius)

    def _hits(self, pos: tuple[int, int]) -> bool:
        """A click on the track, with a few pixels' grace either side (a thin bar is hard to hit)."""
        return self.track.inflate(12, 0).collidepoint(pos)


__all__ = ["Scrollbar"]
