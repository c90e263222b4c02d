"""Buttons: the only clickable widgets; hit-testing in logical coordinates."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

from . import layout, theme
from .fonts import Fonts


@dataclass
class Button:
    rect: pygame.Rect
    label: str
    on_click: Callable[[], None]
    enabled: bool = True
    key: str = ""          # a stable name for tests ("play", "pass", ...)
    size: int = 20
    hover: bool = False

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.rect.collidepoint(pos)

    def draw(self, screen: pygame.Surface, fonts: Fonts) -> None:
        if not self.enabled:
            colour = theme.DISABLED
        else:
            colour = theme.BUTTON_HOVER if self.hover else theme.BUTTON
        shadow = self.rect.move(0, 3)
        pygame.draw.rect(screen, (0, 0, 0), shadow, border_radius=9)
        pygame.draw.rect(screen, colour, self.rect, border_radius=9)
        pygame.draw.rect(screen, (255, 230, 170) if self.enabled else (140, 134, 126),
                         self.rect, 2, border_radius=9)
        text_colour = theme.BUTTON_TEXT if self.enabled else (60, 56, 52)
        label = fonts.render(self.label, self.size, text_colour, bold=True)
        if label.get_width() > self.rect.width - 10:
            label = fonts.render(self.label, max(12, self.size - 5), text_colour, bold=True)
        screen.blit(label, label.get_rect(center=self.rect.center))


class ButtonBar:
    """A set of buttons that handles hover and clicks."""

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
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for button in self.buttons:
                if button.enabled and button.contains(event.pos):
                    button.on_click()
                    return True
        return False

    def draw(self, screen: pygame.Surface, fonts: Fonts) -> None:
        for button in self.buttons:
            button.draw(screen, fonts)


def column(keys_labels: list[tuple[str, str]], actions: dict, top: int, width: int = 300,
           enabled: dict | None = None) -> list[Button]:
    """A centred column of big buttons (title screen, menu)."""
    enabled = enabled or {}
    buttons = []
    for i, (key, label) in enumerate(keys_labels):
        rect = pygame.Rect(0, 0, width, 50)
        rect.center = (layout.WIDTH // 2, top + i * 62)
        buttons.append(Button(rect, label, actions[key], enabled=enabled.get(key, True), key=key, size=22))
    return buttons
