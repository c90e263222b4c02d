"""Players' faces, drawn in code (no image files, no licences): a head and
shoulders in a round frame, each seat with its own hair, shirt and backdrop."""

from __future__ import annotations

import pygame

SKIN = (238, 200, 160)
# per place at the table (0 = you): backdrop, hair, shirt, long hair
LOOKS = {
    0: ((60, 96, 150), (40, 30, 24), (70, 130, 200), False),
    1: ((150, 84, 60), (30, 24, 20), (200, 90, 60), False),      # 下家 小李
    2: ((60, 120, 96), (110, 110, 110), (60, 150, 110), False),  # 联邦 老王: grey hair
    3: ((140, 50, 60), (20, 16, 14), (170, 40, 50), False),      # 对头 大张
    4: ((96, 72, 140), (60, 30, 20), (150, 100, 190), True),     # 联邦 阿梅: long hair
    5: ((150, 120, 50), (50, 36, 20), (210, 160, 60), False),    # 上家 小赵
}


class Avatars:
    """Avatar surfaces per (place, diameter), drawn once."""

    def __init__(self) -> None:
        self._cache: dict[tuple[int, int], pygame.Surface] = {}

    def face(self, place: int, size: int) -> pygame.Surface:
        key = (place, size)
        surface = self._cache.get(key)
        if surface is None:
            surface = draw_avatar(place % 6, size)
            self._cache[key] = surface
        return surface


def draw_avatar(place: int, size: int) -> pygame.Surface:
    backdrop, hair, shirt, long_hair = LOOKS[place]
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    r = size / 2
    pygame.draw.circle(s, backdrop, (r, r), r)
    body = pygame.Rect(0, 0, size * 0.78, size * 0.5)
    body.midtop = (int(r), int(size * 0.70))
    pygame.draw.ellipse(s, shirt, body)
    neck = pygame.Rect(0, 0, size * 0.16, size * 0.14)
    neck.midtop = (int(r), int(size * 0.60))
    pygame.draw.rect(s, SKIN, neck)
    if long_hair:
        pygame.draw.ellipse(s, hair, pygame.Rect(size * 0.24, size * 0.16, size * 0.52, size * 0.62))
    head = pygame.Rect(0, 0, size * 0.40, size * 0.46)
    head.center = (int(r), int(size * 0.42))
    pygame.draw.ellipse(s, SKIN, head)
    fringe = pygame.Rect(head.left - 1, head.top - size * 0.04, head.width + 2, head.height * 0.55)
    pygame.draw.ellipse(s, hair, fringe)
    pygame.draw.rect(s, SKIN, (head.left + 2, head.top + head.height * 0.36, head.width - 4, head.height * 0.2))
    eye_y = head.top + head.height * 0.55
    for dx in (-0.09, 0.09):
        pygame.draw.circle(s, (40, 30, 26), (r + dx * size, eye_y), max(1.0, size * 0.025))
    mask = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (r, r), r)
    s.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)   # keep the shoulders inside the circle
    pygame.draw.circle(s, (250, 240, 220), (r, r), r, max(1, size // 24))
    return s
