"""The table's sound effects: short WAV files in assets/sounds, one per moment
(made by build/make_sounds.py, which says how each is built).

Without an audio device the game runs silent, without an error; a sound whose
file is missing or unreadable is silent too, and the others still play.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

import pygame

from ...store.resources import asset_path

RATE = 22050   # the files' rate: the mixer opens at it, so nothing is resampled
NAMES = ("play", "gouji", "pass", "burn", "burn_end", "burn_won", "opened", "men", "rang", "revolt", "out",
         "chaos", "chuan", "jiefeng", "deal", "click")


VOLUMES = {"low": 0.3, "medium": 0.6, "high": 1.0}   # the volume setting's share of full loudness


class Sounds:
    """The sounds played by name (one of NAMES; any other name is ignored)."""

    def __init__(self, enabled: bool = True, volume: str = "medium") -> None:
        self.available = False
        self._opened = False
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self.missing: tuple[str, ...] = ()   # sounds whose file could not be read: they stay silent
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
        except (pygame.error, NotImplementedError):
            self.available = False  # no sound card: play silently
            return
        self._sounds = {}
        for name in NAMES:
            try:
                sound = pygame.mixer.Sound(file=asset_path("sounds", name + ".wav"))
            except (OSError, pygame.error):   # missing (AssetMissing is an OSError) or unreadable
                continue
            sound.set_volume(self.volume)
            self._sounds[name] = sound
        self.missing = tuple(name for name in NAMES if name not in self._sounds)
        self.available = bool(self._sounds)

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
