"""Buttons: the clickable widgets of every screen.

A button fires when the mouse is released over it after being pressed on it
(slide off to cancel a mis-click), or when its key is pressed; the key is
shown on the button.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ..model.layout import Layout
from . import theme
from .fonts import Fonts

# Key names shown on buttons, for the pygame keys the screens use.
KEY_NAMES = {pygame.K_RETURN: "Enter", pygame.K_ESCAPE: "Esc", pygame.K_SPACE: "Space", pygame.K_TAB: "Tab",
             pygame.K_BACKSPACE: "Bksp", pygame.K_LEFT: "←", pygame.K_RIGHT: "→", pygame.K_UP: "↑",
             pygame.K_DOWN: "↓", pygame.K_PAGEUP: "PgUp", pygame.K_PAGEDOWN: "PgDn"}


def key_name(key: int) -> str:
    return KEY_NAMES.get(key) or pygame.key.name(key).upper()


@dataclass
class Button:
    rect: pygame.Rect
    label: str
    on_click: Callable[[], None]
    enabled: bool = True
    key: str = ""          # a stable name for tests ("play", "pass", ...)
    size: int = 20         # font size in window pixels
    hotkey: int | None = None   # the keyboard key that presses it (shown on it)
    hover: bool = False
    pressed: bool = False
    selected: bool = False      # the current choice of a row of choices

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.rect.collidepoint(pos)

    def draw(self, screen: pygame.Surface, fonts: Fonts) -> None:
        if not self.enabled:
            colour = theme.DISABLED
        elif self.selected:
            colour = theme.GOLD
        elif self.pressed or self.hover:
            colour = theme.BUTTON_PRESSED if self.pressed else theme.BUTTON_HOVER
        else:
            colour = theme.CHOICE if self.hotkey is None and self.key.count(":") else theme.BUTTON
        radius = max(4, self.rect.height // 5)
        pygame.draw.rect(screen, (0, 0, 0), self.rect.move(0, max(2, self.rect.height // 14)), border_radius=radius)
        pygame.draw.rect(screen, colour, self.rect, border_radius=radius)
        pygame.draw.rect(screen, (255, 230, 170) if self.enabled else (140, 134, 126), self.rect, 2,
                         border_radius=radius)
        text_colour = theme.BUTTON_TEXT if self.enabled else (60, 56, 52)
        cap = self._draw_hotkey(screen, fonts, text_colour)
        room = self.rect.width - 12 - cap
        label = fonts.render_fit(self.label, self.size, text_colour, room, bold=True)
        centre = (self.rect.centerx - cap // 2, self.rect.centery)
        screen.blit(label, label.get_rect(center=centre))

    def _draw_hotkey(self, screen: pygame.Surface, fonts: Fonts, colour: tuple[int, int, int]) -> int:
        """The key as a small tag on the button's top-right corner, the same on every
        button (the label keeps all its room: returns 0)."""
        if self.hotkey is None:
            return 0
        size = max(11, self.size * 11 // 20)
        tag = fonts.render(key_name(self.hotkey), size, theme.TEXT if self.enabled else (150, 144, 136))
        box = tag.get_rect(center=(self.rect.right - tag.get_width() // 2 - 2, self.rect.top)).inflate(4, 0)
        pygame.draw.rect(screen, (40, 34, 28), box, border_radius=3)
        screen.blit(tag, tag.get_rect(center=box.center))
        return 0


class ButtonBar:
    """A set of buttons that handles hover, clicks (on release) and keys."""

    def __init__(self) -> None:
        self.buttons: list[Button] = []

    def set(self, buttons: list[Button]) -> None:
        self.buttons = buttons

    def by_key(self, key: str) -> Button | None:
        return next((b for b in self.buttons if b.key == key), None)

    def handle(self, event: pygame.event.Event) -> bool:
        """True when a button took the event."""
        if event.type == pygame.MOUSEMOTION:
            for button in self.buttons:
                button.hover = button.contains(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = next((b for b in self.buttons if b.enabled and b.contains(event.pos)), None)
            for button in self.buttons:
                button.pressed = button is hit
            return hit is not None
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pressed = next((b for b in self.buttons if b.pressed), None)
            for button in self.buttons:
                button.pressed = False
            if pressed is not None and pressed.enabled and pressed.contains(event.pos):
                pressed.on_click()
                return True
            return pressed is not None
        elif event.type == pygame.KEYDOWN:
            hit = next((b for b in self.buttons if b.enabled and b.hotkey == event.key), None)
            if hit is not None:
                hit.on_click()
                return True
        return False

    def draw(self, screen: pygame.Surface, fonts: Fonts) -> None:
        for button in self.buttons:
            button.draw(screen, fonts)


def column(layout: Layout, keys_labels: list[tuple[str, str]], actions: dict[str, Callable[[], None]], top: int,
           width: int = 300, enabled: dict[str, bool] | None = None,
           hotkeys: dict[str, int] | None = None, step: int = 62, height: int = 50) -> list[Button]:
    """A centred column of big buttons (title screen, menu), in design coordinates."""
    enabled, hotkeys = enabled or {}, hotkeys or {}
    buttons = []
    for i, (key, label) in enumerate(keys_labels):
        rect = pygame.Rect(layout.box(640 - width / 2, top - height / 2 + i * step, width, height))
        buttons.append(Button(rect, label, actions[key], enabled=enabled.get(key, True), key=key,
                              size=layout.font(22), hotkey=hotkeys.get(key)))
    return buttons
