"""Short timed messages, in the player's language, painted over whatever scene
is showing: a file that could not be read or written is seen where the player
is (at the table too), not only on the title screen."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from ..draw import theme
from ..draw.fonts import Fonts
from ..i18n import t

MAX_SHOWN = 3          # the newest few; older ones make room
TEXT_SIZE = 16
LINES_EACH = 3


@dataclass
class Notice:
    key: str                                   # an i18n key
    fields: dict[str, object] = field(default_factory=dict)
    left: float = 10.0                         # seconds still shown

    def text(self, lang: str) -> str:
        return t(self.key, lang, **self.fields)


class Notices:
    def __init__(self) -> None:
        self.items: list[Notice] = []
        self._changed = False

    def post(self, key: str, seconds: float = 10.0, **fields: object) -> None:
        """Show a message; the same message again only restarts its time."""
        for notice in self.items:
            if notice.key == key and notice.fields == fields:
                notice.left = max(notice.left, seconds)
                return
        self.items = (self.items + [Notice(key, fields, seconds)])[-MAX_SHOWN:]
        self._changed = True

    def update(self, dt: float) -> bool:
        """Advance time; True when what is shown changed (a redraw is due)."""
        for notice in self.items:
            notice.left -= dt
        kept = [n for n in self.items if n.left > 0]
        changed = self._changed or len(kept) != len(self.items)
        self.items, self._changed = kept, False
        return changed

    def texts(self, lang: str) -> list[str]:
        return [notice.text(lang) for notice in self.items]

    def draw(self, screen: pygame.Surface, fonts: Fonts, lang: str, area: pygame.Rect | None = None) -> None:
        """Boxes, newest last: across the top of the screen, or down ``area`` (the scene's
        free corner, so no seat is covered)."""
        width = min(screen.get_width() - 80, 900) if area is None else area.width
        y = 12 if area is None else area.top
        for text in self.texts(lang):
            lines = fonts.lines(text, TEXT_SIZE, width - 28, LINES_EACH)
            height = 14 + len(lines) * (TEXT_SIZE + 6)
            box = theme.panel((width, height), (40, 16, 14, 225))
            x = (screen.get_width() - width) // 2 if area is None else area.left
            screen.blit(box, (x, y))
            pygame.draw.rect(screen, theme.WARN, (x, y, width, height), 1, border_radius=10)
            for i, line in enumerate(lines):
                screen.blit(fonts.render(line, TEXT_SIZE, theme.TEXT), (x + 14, y + 7 + i * (TEXT_SIZE + 6)))
            y += height + 8


__all__ = ["Notice", "Notices"]
