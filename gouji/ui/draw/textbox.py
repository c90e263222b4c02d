"""A text entry box for pasting deal codes: SDL text input (so an input
method's Chinese or full-width text arrives as typed, its composition shown
underlined), Ctrl+V / Shift+Insert paste from the system clipboard, Ctrl+C
copy, Ctrl+X cut, Ctrl+A select all, ←/→/Home/End, Backspace/Delete. Long
text wraps over the box's lines."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...engine.dealcode import MAX_TEXT_CHARS
from . import theme
from .fonts import Fonts

LIMIT = MAX_TEXT_CHARS   # every code the game can make, with words around it


def clipboard_text() -> str:
    """The system clipboard's text ('' if there is none or it cannot be read)."""
    try:
        return pygame.scrap.get_text() or ""
    except pygame.error:
        return ""


@dataclass
class TextBox:
    rect: pygame.Rect
    size: int = 18                 # font size in window pixels
    text: str = ""
    cursor: int = 0
    composing: str = ""            # an input method's text not yet committed
    all_selected: bool = False
    refused: int = 0               # the length of the last text too long to insert (0: none)
    _wrapped: tuple[str, int, list[tuple[int, int]]] = ("", 0, [])   # text, width -> (start, end) per line

    def start(self) -> None:
        """Text input on, the input method's window placed under the box."""
        pygame.key.start_text_input()
        pygame.key.set_text_input_rect(self.rect)

    def stop(self) -> None:
        pygame.key.stop_text_input()

    def set_text(self, text: str) -> None:
        self.text = text[:LIMIT]
        self.cursor, self.all_selected, self.composing = len(self.text), False, ""

    def insert(self, text: str) -> bool:
        """Put ``text`` at the cursor (over the selection); False, changing nothing, if the box
        would hold more than ``LIMIT`` characters — never a silently cut code."""
        kept = "" if self.all_selected else self.text
        if len(kept) + len(text) > LIMIT:
            self.refused = len(text)
            return False
        text = "".join(ch for ch in text if ch.isprintable() or ch in "\n\t")
        if self.all_selected:
            self.text, self.cursor, self.all_selected = "", 0, False
        self.text = self.text[:self.cursor] + text + self.text[self.cursor:]
        self.cursor += len(text)
        return True

    # ----- events ---------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """True when the box used the event (the scene then leaves it alone)."""
        if event.type == pygame.TEXTINPUT:
            self.composing = ""
            self.insert(event.text)
            return True
        if event.type == pygame.TEXTEDITING:
            self.composing = event.text
            return True
        if event.type != pygame.KEYDOWN:
            return False
        mod = getattr(event, "mod", 0)
        if mod & pygame.KMOD_CTRL:
            return self._control(event.key)
        if event.key == pygame.K_INSERT and mod & pygame.KMOD_SHIFT:
            self.insert(clipboard_text())
            return True
        if self._edit(event.key):
            return True
        unicode = getattr(event, "unicode", "")
        return bool(unicode) and unicode.isprintable()   # typed text comes as TEXTINPUT; the key is ours

    def _control(self, key: int) -> bool:
        if key == pygame.K_v:
            self.insert(clipboard_text())
        elif key == pygame.K_a:
            self.all_selected = bool(self.text)
        elif key in (pygame.K_c, pygame.K_x) and self.text:
            try:
                pygame.scrap.put_text(self.text)
            except pygame.error:
                return True
            if key == pygame.K_x:
                self.set_text("")
        else:
            return False
        return True

    def _edit(self, key: int) -> bool:
        if self.all_selected and key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self.set_text("")
            return True
        moves = {pygame.K_LEFT: self.cursor - 1, pygame.K_RIGHT: self.cursor + 1, pygame.K_HOME: 0,
                 pygame.K_END: len(self.text)}
        if key in moves:
            self.cursor, self.all_selected = max(0, min(len(self.text), moves[key])), False
        elif key == pygame.K_BACKSPACE and self.cursor:
            self.text = self.text[:self.cursor - 1] + self.text[self.cursor:]
            self.cursor -= 1
        elif key == pygame.K_DELETE:
            self.text = self.text[:self.cursor] + self.text[self.cursor + 1:]
        else:
            return key == pygame.K_BACKSPACE
        return True

    # ----- drawing ------------------------------------------------------------------
    def wrap(self, fonts: Fonts, text: str) -> list[tuple[int, int]]:
        """Character-wrapped lines of ``text`` that fit the box (kept until the text changes).
        Widths are summed per character, so the longest code (tens of thousands of characters)
        wraps in milliseconds."""
        font, width = fonts.get(self.size), self.rect.width - 20
        if self._wrapped[:2] == (text, width):
            return self._wrapped[2]
        widths: dict[str, int] = {}
        lines, start, used = [], 0, 0
        for i, ch in enumerate(text):
            if ch == "\n":
                lines.append((start, i + 1))
                start, used = i + 1, 0
                continue
            w = widths.get(ch)
            if w is None:
                w = widths[ch] = font.size(ch)[0]
            if used + w > width and i > start:
                lines.append((start, i))
                start, used = i, 0
            used += w
        lines.append((start, len(text)))
        self._wrapped = (text, width, lines)
        return lines

    def draw(self, screen: pygame.Surface, fonts: Fonts, focused: bool = True) -> None:
        pygame.draw.rect(screen, (250, 246, 236), self.rect, border_radius=6)
        pygame.draw.rect(screen, theme.GOLD if focused else theme.DISABLED, self.rect, 2, border_radius=6)
        shown = self.text[:self.cursor] + self.composing + self.text[self.cursor:]
        lines = self.wrap(fonts, shown)
        step = self.size + 8
        room = max(1, (self.rect.height - 12) // step)
        at = self.cursor + len(self.composing)
        row = next((i for i, (a, b) in enumerate(lines) if a <= at <= b), len(lines) - 1)
        first = max(0, row - room + 1)
        font = fonts.get(self.size)
        for i, (a, b) in enumerate(lines[first:first + room]):
            y = self.rect.y + 8 + i * step
            if self.all_selected:
                width = font.size(shown[a:b])[0]
                pygame.draw.rect(screen, (170, 200, 250), (self.rect.x + 10, y, width, step - 4))
            screen.blit(fonts.render(shown[a:b].replace("\n", " "), self.size, (30, 26, 20)), (self.rect.x + 10, y))
            if self.composing and a <= self.cursor < b + 1:   # the input method's text, underlined
                x0 = self.rect.x + 10 + font.size(shown[a:self.cursor])[0]
                x1 = self.rect.x + 10 + font.size(shown[a:min(b, self.cursor + len(self.composing))])[0]
                pygame.draw.line(screen, (60, 60, 200), (x0, y + step - 5), (x1, y + step - 5), 2)
            if focused and first + i == row:
                x = self.rect.x + 10 + font.size(shown[a:at])[0]
                pygame.draw.line(screen, (30, 26, 20), (x, y), (x, y + step - 6), 2)


__all__ = ["TextBox", "clipboard_text", "LIMIT"]
