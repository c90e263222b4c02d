"""Short sound effects synthesised with the standard library.

Without an audio device the game runs silent, without an error.
"""

from __future__ import annotations

import math
import os
import random
from array import array
from collections.abc import Iterator
from contextlib import contextmanager

import pygame

RATE = 22050


def _tone(parts: list[tuple[float, float, float]], noise: float = 0.0, seed: int = 1) -> bytes:
    """(frequency Hz, seconds, volume) segments with a fast decay, 16-bit mono."""
    rng = random.Random(seed)
    samples = array("h")
    for freq, seconds, volume in parts:
        n = int(RATE * seconds)
        for i in range(n):
            env = math.exp(-5.0 * i / max(n, 1)) * min(1.0, i / 40)
            value = math.sin(2 * math.pi * freq * i / RATE) if freq else 0.0
            value += noise * (rng.random() * 2 - 1)
            samples.append(int(max(-1.0, min(1.0, value * volume * env)) * 32000))
    return samples.tobytes()


SOUNDS = {
    "play": lambda: _tone([(0, 0.07, 0.5)], noise=0.9, seed=2),            # a card slap
    "pass": lambda: _tone([(330, 0.09, 0.25)]),
    "gouji": lambda: _tone([(523, 0.09, 0.35), (784, 0.16, 0.35)]),
    "burn": lambda: _tone([(220, 0.06, 0.3), (0, 0.18, 0.35)], noise=0.6, seed=5),
    "out": lambda: _tone([(523, 0.1, 0.3), (659, 0.1, 0.3), (784, 0.22, 0.35)]),
    "click": lambda: _tone([(880, 0.03, 0.2)]),
    "fanfare": lambda: _tone([(523, 0.08, 0.3), (659, 0.08, 0.3), (784, 0.08, 0.3), (1047, 0.25, 0.35)]),
    "thud": lambda: _tone([(110, 0.05, 0.4), (0, 0.16, 0.3)], noise=0.5, seed=7),
}


VOLUMES = {"low": 0.3, "medium": 0.6, "high": 1.0}   # the volume setting's share of full loudness


class Sounds:
    def __init__(self, enabled: bool = True, volume: str = "medium") -> None:
        self.available = False
        self._opened = False
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self.volume = VOLUMES.get(volume, VOLUMES["medium"])
        self.enabled = enabled

    def set_volume(self, volume: str) -> None:
        """The setting's loudness, for every sound from now on."""
        self.volume = VOLUMES.get(volume, VOLUMES["medium"])
        for sound in self._sounds.values():
            sound.set_volume(self.volume)

    @property
    def enabled(self) -> bool:
        return self._enabled

    @enabled.setter
    def enabled(self, on: bool) -> None:
        """The audio device is opened the first time sound is on, never when muted
        (so --no-sound touches no audio driver and prints nothing)."""
        self._enabled = on
        if on and not self._opened:
            self._opened = True
            self._open()

    def _open(self) -> None:
        try:
            with _quiet_stderr():  # ALSA prints pages of errors when there is no sound card
                pygame.mixer.init(frequency=RATE, size=-16, channels=1)
            self._sounds = {name: pygame.mixer.Sound(buffer=make()) for name, make in SOUNDS.items()}
            for sound in self._sounds.values():
                sound.set_volume(self.volume)
            self.available = True
        except (pygame.error, NotImplementedError):
            self.available = False  # no sound card: play silently

    def play(self, name: str) -> None:
        if self.enabled and self.available and name in self._sounds:
            try:
                self._sounds[name].play()
            except pygame.error:
                self.available = False


@contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Silence the C libraries' stderr (file descriptor 2) for a moment, where it can be."""
    try:
        saved = os.dup(2)
        null = os.open(os.devnull, os.O_WRONLY)
    except OSError:  # no stderr at all (a windowed build): nothing to silence
        yield
        return
    try:
        os.dup2(null, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(null)
