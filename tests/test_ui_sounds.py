"""The table's sounds: the committed WAV files are exactly what build/make_sounds.py
makes; each is a short, clean 16-bit mono 22050 Hz sound, unlike the others; every
name the table plays has a file (an unknown name would be silence); and a missing or
unreadable file silences only its own sound."""

from __future__ import annotations

import ast
import cmath
import importlib.util
import itertools
import math
import shutil
import subprocess
import sys
import wave
from array import array
from pathlib import Path
from types import ModuleType

import pygame
import pytest

from gouji.engine import events as ev
from gouji.engine.events import Event
from gouji.store.resources import AssetMissing
from gouji.ui.model import moments
from gouji.ui.model.moments import banner_for
from gouji.ui.shell import sound as sound_module
from gouji.ui.shell.sound import NAMES, Sounds

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "assets" / "sounds"
SCRIPT = ROOT / "build" / "make_sounds.py"
FULL = 32767


def make_sounds() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_sounds", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def samples(name: str) -> tuple[wave._wave_params, list[int]]:
    """The file's parameters and its samples."""
    with wave.open(str(FOLDER / f"{name}.wav")) as w:
        params = w.getparams()
        data = array("h", w.readframes(w.getnframes()))
    if sys.byteorder == "big":
        data.byteswap()
    return params, list(data)


# ----- the files are the script's --------------------------------------------------------

def test_the_committed_sounds_are_exactly_what_the_script_makes():
    result = subprocess.run([sys.executable, str(SCRIPT), "--check"], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert set(make_sounds().SOUNDS) == set(NAMES) == {path.stem for path in FOLDER.glob("*.wav")}
    assert (FOLDER / "LICENSE.txt").read_text(encoding="utf-8").count("CC0 1.0") == 1


def test_the_check_catches_a_changed_a_missing_and_an_extra_file(tmp_path, monkeypatch):
    script = make_sounds()
    monkeypatch.setattr(script, "SOUNDS", {"click": script.click, "pass": script.pass_})   # two quick ones
    script.write(tmp_path)
    assert script.main(["--check", "--out", str(tmp_path)]) == 0
    changed = bytearray((tmp_path / "click.wav").read_bytes())
    changed[-200] ^= 1
    (tmp_path / "click.wav").write_bytes(bytes(changed))
    assert script.check(tmp_path) == ["click.wav"]
    (tmp_path / "pass.wav").unlink()
    (tmp_path / "thud.wav").write_bytes(b"RIFF")
    assert script.check(tmp_path) == ["click.wav", "pass.wav", "thud.wav"]
    assert script.main(["--check", "--out", str(tmp_path)]) == 1


# ----- each sound is short, clean and audible ----------------------------------------------

@pytest.mark.parametrize("name", NAMES)
def test_each_sound_is_short_clean_and_audible(name):
    params, x = samples(name)
    assert (params.nchannels, params.sampwidth, params.framerate, params.comptype) == (1, 2, 22050, "NONE")
    seconds = len(x) / params.framerate
    assert 0.04 <= seconds <= (1.5 if name == "revolt" else 0.9)
    peak = max(abs(v) for v in x)
    assert 10 ** (-7 / 20) * FULL <= peak <= 10 ** (-2 / 20) * FULL    # about -3 dBFS (让牌 a little softer)
    assert x.count(FULL) + x.count(-FULL) + x.count(-FULL - 1) == 0     # never clipped
    rms = math.sqrt(sum(v * v for v in x) / len(x))
    assert rms > 10 ** (-35 / 20) * FULL                                 # not silent
    assert abs(x[0]) <= 0.01 * FULL and abs(x[-1]) <= 0.01 * FULL        # starts and stops without a click
    assert max(abs(v) for v in x[-22:]) <= 0.01 * FULL                   # the last ms is faded out


def test_the_sounds_stay_small():
    assert sum((FOLDER / f"{name}.wav").stat().st_size for name in NAMES) < 600 * 1024


def _fft(x: list[complex]) -> list[complex]:
    n = len(x)
    if n == 1:
        return x
    even, odd = _fft(x[0::2]), _fft(x[1::2])
    turned = [cmath.exp(-2j * math.pi * k / n) * odd[k] for k in range(n // 2)]
    return [e + t for e, t in zip(even, turned)] + [e - t for e, t in zip(even, turned)]


def _bands(x: list[int], size: int = 1024, count: int = 20) -> list[float]:
    """Each of ``count`` log-spaced bands' share (50 Hz - 10 kHz) of the sound's energy."""
    window = [0.5 - 0.5 * math.cos(2 * math.pi * i / size) for i in range(size)]
    power = [0.0] * (size // 2)
    for start in range(0, len(x), size):
        frame = (x[start:start + size] + [0] * size)[:size]
        for k, c in enumerate(_fft([complex(v * w) for v, w in zip(frame, window)])[:size // 2]):
            power[k] += abs(c) ** 2
    edges = [50 * 200 ** (i / count) for i in range(count + 1)]
    bands = [sum(p for k, p in enumerate(power) if low <= k * 22050 / size < high)
             for low, high in zip(edges, edges[1:])]
    return [b / sum(bands) for b in bands]


def test_the_sounds_are_unlike_each_other():
    """Pairwise, their spectra differ: the energy shared out over 20 bands moves by more than
    40% between any two (a copy, or two sounds at the same pitches, would not)."""
    bands = {name: _bands(samples(name)[1]) for name in NAMES}
    close = [(a, b, round(d, 2)) for a, b in itertools.combinations(NAMES, 2)
             if (d := sum(abs(p - q) for p, q in zip(bands[a], bands[b]))) <= 0.4]
    assert close == []


# ----- every name the table plays has a file ------------------------------------------------

MOMENTS = {   # each moment with a banner of its own, and the sound it should make
    "burn_end": Event(ev.BURN_END, 1, "", (4,)), "burn_won": Event(ev.BURN_WON, 1, "", (0,)),
    "opened": Event(ev.OPENED, 3), "men": Event(ev.MEN, 4, "", (1,)), "rang": Event(ev.RANG, 3),
    "revolt": Event(ev.REVOLT, 5), "chaos": Event(ev.CHAOS), "chuan": Event(ev.DEAL_OVER, None, "", (0, 2, 4, 1, 3, 5)),
    "jiefeng": Event(ev.LEAD_TURN, 3),
}


def test_each_moment_makes_its_own_sound_and_every_sound_it_names_exists():
    heard = {}
    for wanted, event in MOMENTS.items():
        banner = banner_for(event, 2)   # seat 2 won the last round: seat 3 leading is 接风
        assert banner is not None
        heard[wanted] = banner.sound
    assert heard == {name: name for name in MOMENTS}
    named = {sound for _, sound, _ in moments._SIMPLE.values()} | {moments.Banner("x").sound}
    for event in (Event(ev.PLAY, 2, "KK", ("gouji", "protected")), Event(ev.BURN, 1, "AA", ("gouji", "protected")),
                  Event(ev.OUT, 0, "", (1,))):
        banner = banner_for(event, None)
        assert banner is not None
        named.add(banner.sound)
    assert named - {""} <= set(NAMES)   # "" is a banner whose event makes its own sound


def test_every_sound_the_director_plays_exists():
    tree = ast.parse((ROOT / "gouji" / "ui" / "model" / "director.py").read_text(encoding="utf-8"))
    played = {node.value for call in ast.walk(tree) if isinstance(call, ast.Call)
              and isinstance(call.func, ast.Attribute) and call.func.attr == "sound"
              for arg in call.args for node in ast.walk(arg)
              if isinstance(node, ast.Constant) and isinstance(node.value, str)}
    assert {"play", "gouji", "burn", "pass", "out"} <= played   # the parse finds the director's calls
    assert played <= set(NAMES)


# ----- a missing file silences only its own sound -----------------------------------------

def test_a_missing_or_unreadable_file_silences_only_that_sound(tmp_path, monkeypatch):
    was_open = pygame.mixer.get_init() is not None
    everything = Sounds(enabled=True)
    if not everything.available:
        pytest.skip("no audio driver here, not even SDL's dummy one")
    assert everything.missing == ()
    folder = tmp_path / "sounds"
    folder.mkdir()
    for name in NAMES:
        if name != "men":
            shutil.copy(FOLDER / f"{name}.wav", folder)
    (folder / "chaos.wav").write_bytes(b"RIFF, but not a sound at all")

    def only_here(*parts: str) -> Path:
        path = tmp_path.joinpath(*parts)
        if not path.is_file():
            raise AssetMissing(f"asset {'/'.join(parts)} not found")
        return path

    monkeypatch.setattr(sound_module, "asset_path", only_here)
    sounds = Sounds(enabled=True)
    try:
        assert sounds.available and set(sounds.missing) == {"men", "chaos"}
        for name in ("men", "chaos", "no such sound"):
            pygame.mixer.stop()
            sounds.play(name)   # silent, without an error
            assert not pygame.mixer.get_busy()
        sounds.play("revolt")   # the others still play
        assert pygame.mixer.get_busy()
    finally:
        pygame.mixer.stop()
        if not was_open:
            pygame.mixer.quit()
