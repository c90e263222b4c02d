"""Tweens: values that move over time with easing; the scene passes dt in."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    return 3 * t * t - 2 * t * t * t


@dataclass
class Tween:
    start: tuple[float, ...]
    end: tuple[float, ...]
    duration: float
    ease: Callable[[float], float] = ease_out_cubic
    delay: float = 0.0
    elapsed: float = 0.0

    def update(self, dt: float) -> None:
        self.elapsed += dt

    @property
    def progress(self) -> float:
        if self.duration <= 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return max(0.0, min(1.0, (self.elapsed - self.delay) / self.duration))

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    @property
    def value(self) -> tuple[float, ...]:
        k = self.ease(self.progress)
        return tuple(a + (b - a) * k for a, b in zip(self.start, self.end))
