#!/usr/bin/env python3
"""Make the table's sound effects, one per moment, with the standard library only.

    python build/make_sounds.py            # writes assets/sounds/<name>.wav
    python build/make_sounds.py --check    # exit 1 if the committed files are not what this makes

Every sound is built from a few classic pieces of synthesis: sine partials that
each decay at their own rate (bells and chimes use the inharmonic ratios of a
struck bar, 1 : 2.76 : 5.40; the gong a denser low set), noise shaped by filters
(the slap of a card, a knock, a shaker, fire), pitch glides (a drum, a whoosh)
and smooth envelopes. The noise comes from seeded generators and nothing reads
the clock, so the files are the same byte for byte on every run: a test checks
that the committed files are exactly what this script makes.

Output: 16-bit mono WAV at 22050 Hz (the rate the game opens its mixer at),
peak-normalised to about -3 dBFS, starting and ending at silence.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import tempfile
import wave
from array import array
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "sounds"
RATE = 22050
TAU = 2 * math.pi
TOP = 0.45 * RATE            # partials above this would alias: left out
PEAK_DB = -3.0               # every sound's loudest sample, in dB below full scale

Signal = list[float]
Partial = tuple[float, float, float]   # (frequency ratio, amplitude, decay time constant in seconds)

# A struck bar or small bell: the fundamental rings longest, the inharmonic
# overtones (free-free bar modes) die away quickly, which is what makes it a bell.
BELL: tuple[Partial, ...] = ((1.0, 1.0, 0.36), (2.76, 0.40, 0.16), (5.40, 0.18, 0.07), (8.93, 0.06, 0.03))
# Brighter: more of the overtones, for the fanfares.
BRIGHT_BELL: tuple[Partial, ...] = ((1.0, 1.0, 0.34), (2.0, 0.18, 0.22), (2.76, 0.55, 0.18), (5.40, 0.30, 0.09),
                                    (8.93, 0.12, 0.045))
# A soft chime: the overtones quieter, so the tone is round.
CHIME: tuple[Partial, ...] = ((1.0, 1.0, 0.40), (2.76, 0.16, 0.16), (5.40, 0.05, 0.06))
# A marimba bar is tuned so its first overtone sits two octaves up (about 3.9).
MARIMBA: tuple[Partial, ...] = ((1.0, 1.0, 0.22), (3.93, 0.30, 0.045), (9.2, 0.06, 0.015))


def note(name: str) -> float:
    """Equal-tempered frequency of a note such as "C5" or "F#4" (A4 = 440 Hz)."""
    steps = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}[name[0]]
    steps += name.count("#") - name.count("b")
    octave = int(name.lstrip("ABCDEFG#b"))
    return 440.0 * 2 ** ((steps + 12 * (octave - 4)) / 12)


def frames(seconds: float) -> int:
    return int(round(seconds * RATE))


# ----- building blocks --------------------------------------------------------------------

def noise(seconds: float, seed: int) -> Signal:
    """White noise in [-1, 1]; only random() is used, whose sequence Python keeps stable."""
    rng = random.Random(seed)
    return [rng.random() * 2 - 1 for _ in range(frames(seconds))]


def lowpass(x: Signal, cutoff: float) -> Signal:
    """One-pole low-pass (6 dB/octave): takes the hiss off noise."""
    a = 1 - math.exp(-TAU * cutoff / RATE)
    y, out = 0.0, []
    for v in x:
        y += a * (v - y)
        out.append(y)
    return out


def highpass(x: Signal, cutoff: float) -> Signal:
    """One-pole high-pass: what the low-pass takes away."""
    return [v - low for v, low in zip(x, lowpass(x, cutoff))]


def bandpass(x: Signal, centre: float | Callable[[float], float], q: float) -> Signal:
    """Resonant band-pass (a state-variable filter in its trapezoidal form, stable at any
    frequency); ``centre`` may be a function of time in seconds, for sweeps."""
    ic1 = ic2 = 0.0
    out = []
    k = 1 / q
    g = math.tan(math.pi * min(centre, TOP) / RATE) if not callable(centre) else 0.0
    for i, v in enumerate(x):
        if callable(centre):
            g = math.tan(math.pi * min(centre(i / RATE), TOP) / RATE)
        a1 = 1 / (1 + g * (g + k))
        a2 = g * a1
        a3 = g * a2
        v3 = v - ic2
        v1 = a1 * ic1 + a2 * v3
        v2 = ic2 + a2 * ic1 + a3 * v3
        ic1, ic2 = 2 * v1 - ic1, 2 * v2 - ic2
        out.append(v1)
    return out


def shaped(x: Signal, envelope: Callable[[float], float]) -> Signal:
    return [v * envelope(i / RATE) for i, v in enumerate(x)]


def hit(tau: float, attack: float = 0.001, tail: float = 0.0, tail_tau: float = 0.1) -> Callable[[float], float]:
    """A percussive envelope: a smooth rise over ``attack`` seconds (no click), then an
    exponential fall; ``tail`` adds a slower, quieter fall (the room answering)."""
    def env(t: float) -> float:
        rise = 0.5 - 0.5 * math.cos(math.pi * t / attack) if t < attack else 1.0
        return rise * (math.exp(-t / tau) + tail * math.exp(-t / tail_tau))
    return env


def adsr(attack: float, decay: float, sustain: float, release_at: float, release: float) -> Callable[[float], float]:
    """Attack (raised cosine), decay to the sustain level, release from ``release_at``."""
    def env(t: float) -> float:
        if t < attack:
            level = 0.5 - 0.5 * math.cos(math.pi * t / attack)
        else:
            level = sustain + (1 - sustain) * math.exp(-(t - attack) / decay)
        if t > release_at:
            level *= math.exp(-(t - release_at) / release)
        return level
    return env


def partials(freq: float, seconds: float, parts: Sequence[Partial], attack: float = 0.002,
             ring: float = 1.0) -> Signal:
    """A sum of sine partials at ``freq`` × ratio, each fading at its own rate (× ``ring``),
    after a short smooth attack."""
    n = frames(seconds)
    out = [0.0] * n
    for ratio, amp, tau in parts:
        f = freq * ratio
        if f >= TOP:
            continue
        w, fall = TAU * f / RATE, math.exp(-1 / (tau * ring * RATE))
        level = amp
        for i in range(n):
            out[i] += level * math.sin(w * i)
            level *= fall
    rise = frames(attack)
    for i in range(min(rise, n)):
        out[i] *= 0.5 - 0.5 * math.cos(math.pi * i / rise)
    return out


def glide(seconds: float, freq: Callable[[float], float], harmonics: Sequence[float] = (1.0,)) -> Signal:
    """A tone whose pitch follows ``freq(t)``; the phase is summed so the glide is smooth."""
    phase, out = 0.0, []
    for i in range(frames(seconds)):
        f = freq(i / RATE)
        out.append(sum(a * math.sin(phase * (k + 1)) for k, a in enumerate(harmonics) if f * (k + 1) < TOP))
        phase += TAU * f / RATE
    return out


def peak(x: Signal) -> float:
    return max(abs(v) for v in x) or 1.0


def unit(x: Signal) -> Signal:
    """Scaled to a peak of 1, so layers are mixed by the gains written beside them."""
    p = peak(x)
    return [v / p for v in x]


def mix(seconds: float, *layers: tuple[float, Signal, float]) -> Signal:
    """Layers (start in seconds, signal, gain) summed into one of ``seconds``."""
    out = [0.0] * frames(seconds)
    for start, x, gain in layers:
        at = frames(start)
        for i, v in enumerate(x[:max(0, len(out) - at)]):
            out[at + i] += gain * v
    return out


def finish(x: Signal, fade_out: float = 0.03, peak_db: float = PEAK_DB) -> Signal:
    """The last step of every sound: a 2 ms fade-in and a raised-cosine fade-out that ends at
    exactly zero (no click when it starts or stops), then the peak set to ``peak_db``."""
    x = list(x)
    n = len(x)
    rise, fall = frames(0.002), min(frames(fade_out), n - 1)
    for i in range(rise):
        x[i] *= 0.5 - 0.5 * math.cos(math.pi * i / rise)
    for j in range(fall + 1):   # the last sample gets a gain of 0
        x[n - 1 - j] *= 0.5 - 0.5 * math.cos(math.pi * j / fall)
    gain = 10 ** (peak_db / 20) / peak(x)
    return [v * gain for v in x]


# ----- pieces shared by several sounds ----------------------------------------------------

def slap(seed: int, seconds: float = 0.16) -> Signal:
    """A card smacked on the table: a papery band of noise (0.5-4 kHz, a little more around
    1.3 kHz, the table's knock) that dies in ~12 ms with a short room tail, over a low thump."""
    raw = noise(seconds, seed)
    paper = highpass(lowpass(lowpass(raw, 4200), 4200), 500)
    knock = bandpass(raw, 1300, 2.0)
    snap = shaped([a + 0.6 * b for a, b in zip(unit(paper), unit(knock))], hit(0.012, 0.0006, 0.12, 0.05))
    thump = glide(seconds, lambda t: 110 + 60 * math.exp(-t / 0.02))
    thump = shaped(thump, hit(0.025, 0.001))
    return mix(seconds, (0.0, unit(snap), 1.0), (0.0, thump, 0.35))


def bells(notes: Sequence[tuple[float, str]], seconds: float, parts: Sequence[Partial] = BELL,
          ring: float = 1.0, attack: float = 0.0015, gains: Sequence[float] = ()) -> Signal:
    """Bell notes (start in seconds, note name) left to ring together."""
    layers = []
    for k, (start, name) in enumerate(notes):
        gain = gains[k] if k < len(gains) else 1.0
        layers.append((start, partials(note(name), seconds - start, parts, attack, ring), gain))
    return mix(seconds, *layers)


def crackle(seconds: float, count: int, seed: int, start: float, spread: float) -> Signal:
    """Sparse tiny pops, like dry wood in a fire: single impulses of random size and time
    rung through a narrow band."""
    rng = random.Random(seed)
    x = [0.0] * frames(seconds)
    for _ in range(count):
        at = frames(start + spread * rng.random())
        if at < len(x):
            x[at] += 0.3 + 0.7 * rng.random()
    return highpass(bandpass(x, 2800, 3.0), 800)


# ----- the sounds -------------------------------------------------------------------------

def play() -> Signal:
    """出牌: a card slapped down."""
    return finish(slap(11, 0.16), fade_out=0.03)


def gouji() -> Signal:
    """够级 play: the slap with a bright rising grace note of bells (E5 then A5), a challenge."""
    ring = bells([(0.0, "E5"), (0.06, "A5")], 0.7, BRIGHT_BELL, ring=0.8, gains=(0.55, 1.0))
    return finish(mix(0.7, (0.0, slap(12, 0.16), 1.0), (0.0, unit(ring), 0.75)), fade_out=0.25)


def pass_() -> Signal:
    """过: a soft knuckle knock on the table — the wood's note (falling a little, as a struck
    board does) under low-passed noise, so it is round, not a click."""
    seconds = 0.14
    thud = shaped(highpass(lowpass(lowpass(noise(seconds, 21), 1400), 1400), 200), hit(0.010, 0.0015))
    body = shaped(glide(seconds, lambda t: 330 + 90 * math.exp(-t / 0.01), (1.0, 0.0, 0.12)), hit(0.022, 0.002))
    return finish(mix(seconds, (0.0, unit(thud), 0.8), (0.0, body, 1.0)), fade_out=0.04)


def burn() -> Signal:
    """烧牌: the card's slap, then fire catching — a rising whoosh (noise through a band-pass
    sweeping 400 Hz → 3 kHz, under a tone gliding up two octaves) and a few crackles."""
    seconds = 0.75

    def sweep(t: float) -> float:
        return 400 * math.pow(7.5, min(1.0, t / 0.32))

    swell = adsr(0.22, 0.12, 0.0, 0.9, 1.0)
    whoosh = shaped(lowpass(bandpass(noise(seconds, 31), sweep, 1.1), 5000), swell)   # no hiss at the top
    tone = shaped(glide(seconds, lambda t: 170 * 4 ** min(1.0, t / 0.28), (1.0, 0.35, 0.15)),
                  adsr(0.18, 0.09, 0.0, 0.9, 1.0))
    fire = crackle(seconds, 14, 32, 0.12, 0.5)
    fire = shaped(fire, lambda t: math.exp(-max(0.0, t - 0.2) / 0.2))
    return finish(mix(seconds, (0.0, slap(33, 0.16), 0.8), (0.02, unit(whoosh), 0.9), (0.02, unit(tone), 0.35),
                      (0.0, unit(fire), 0.45)), fade_out=0.1)


def burn_end() -> Signal:
    """解烧: the burn is broken — a descending fourth on a marimba (D5 → A4)."""
    x = bells([(0.0, "D5"), (0.13, "A4")], 0.6, MARIMBA, attack=0.002, gains=(0.8, 1.0))
    return finish(x, fade_out=0.2)


def burn_won() -> Signal:
    """烧成功: the burn won — a quick, bright rising arpeggio of bells (G5 B5 D6 G6)."""
    notes = [(0.0, "G5"), (0.065, "B5"), (0.13, "D6"), (0.195, "G6")]
    x = bells(notes, 0.85, BRIGHT_BELL, gains=(0.7, 0.75, 0.85, 1.0))
    return finish(x, fade_out=0.3)


def opened() -> Signal:
    """开点: a gentle rising two-note chime (F5 → C6), round and slow to fade."""
    x = bells([(0.0, "F5"), (0.16, "C6")], 0.85, CHIME, attack=0.004, gains=(0.9, 0.8))
    return finish(x, fade_out=0.3)


def men() -> Signal:
    """闷: a low drum — a sine falling from 120 to 50 Hz, a weaker second membrane mode, the
    slap of the beater on the skin and its click, and a soft saturation that adds the
    harmonics small speakers can play (they cannot play 50 Hz itself)."""
    seconds = 0.6

    def drop(t: float) -> float:
        return 50 + 70 * math.exp(-t / 0.045)

    skin = shaped(glide(seconds, drop), hit(0.17, 0.002))
    mode = shaped(glide(seconds, lambda t: 1.59 * drop(t)), hit(0.05, 0.002))
    stick = shaped(highpass(noise(0.02, 41), 1500), hit(0.003, 0.0004))
    beater = shaped(lowpass(bandpass(noise(0.15, 42), 500, 1.0), 1500), hit(0.035, 0.001))
    drum = [math.tanh(2.5 * v) for v in mix(seconds, (0.0, skin, 1.0), (0.0, mode, 0.35))]   # only the tone
    return finish(mix(seconds, (0.0, drum, 1.0), (0.0, unit(beater), 0.6), (0.0, unit(stick), 0.35)), fade_out=0.12)


def rang() -> Signal:
    """让牌: a soft descending two-note (G4 → D4): near-pure tones with a slow attack, quieter
    than the other sounds — a courtesy, not an event."""
    soft: tuple[Partial, ...] = ((1.0, 1.0, 0.22), (2.0, 0.12, 0.12), (3.0, 0.04, 0.06))
    x = bells([(0.0, "G4"), (0.16, "D4")], 0.7, soft, attack=0.012, gains=(0.85, 1.0))
    return finish(x, fade_out=0.25, peak_db=-6.0)


def revolt() -> Signal:
    """革命: a gong. Low inharmonic partials (each a slightly detuned pair, so they beat and
    shimmer), the high ones blooming a moment after the strike, all sagging ~2% in pitch as
    the big ones do, over a padded mallet's thump; 1.5 s with a long fade."""
    seconds, base = 1.5, 98.0
    modes = [(1.00, 1.0, 1.1), (1.52, 0.7, 0.9), (2.03, 0.65, 0.75), (2.41, 0.6, 0.6), (2.97, 0.6, 0.5),
             (3.51, 0.55, 0.42), (4.13, 0.45, 0.34), (5.02, 0.32, 0.26), (6.33, 0.22, 0.2), (7.71, 0.14, 0.15),
             (9.6, 0.12, 0.3), (12.3, 0.09, 0.25), (15.8, 0.07, 0.2), (21.1, 0.045, 0.15)]   # the shimmer
    n = frames(seconds)
    metal = [0.0] * n
    sag = [1 - 0.02 * (1 - math.exp(-i / RATE / 0.35)) for i in range(n)]
    blooms = {bloom: [1 - math.exp(-i / RATE / bloom) for i in range(n)] for bloom in (0.004, 0.04, 0.12)}
    for ratio, amp, tau in modes:
        # the upper modes take their energy from the lower ones, so they swell a little later
        rise = blooms[0.12 if ratio > 9 else 0.04 if ratio > 3 else 0.004]
        for detune in (1.0, 1.0031):
            f = base * ratio * detune
            phase, level, fall = 0.0, amp / 2, math.exp(-1 / (tau * RATE))
            for i in range(n):
                metal[i] += level * rise[i] * math.sin(phase)
                phase += TAU * f * sag[i] / RATE
                level *= fall
    mallet = shaped(lowpass(lowpass(noise(0.05, 51), 500), 500), hit(0.012, 0.002))
    return finish(mix(seconds, (0.0, unit(metal), 1.0), (0.0, unit(mallet), 0.3)), fade_out=0.45)


def out() -> Signal:
    """Going out: a rising major arpeggio of three bells (C5 E5 G5), the last left ringing."""
    x = bells([(0.0, "C5"), (0.11, "E5"), (0.22, "G5")], 0.85, BELL, gains=(0.8, 0.85, 1.0))
    return finish(x, fade_out=0.3)


def chaos() -> Signal:
    """四人乱缠: a shaker — four shakes of many tiny bead hits (random impulses whose density
    swells and falls), rung through a bright band; uneven, like four hands at once."""
    seconds = 0.8
    rng = random.Random(61)
    shakes = [(0.0, 1.0), (0.15, 0.65), (0.27, 0.85), (0.47, 1.0)]
    shake = hit(0.05, 0.018)
    grains = [0.0] * frames(seconds)
    for i in range(len(grains)):
        t = i / RATE
        density = sum(level * shake(t - start) for start, level in shakes if t >= start)
        if rng.random() < density * 2500 / RATE:
            grains[i] = (0.4 + 0.6 * rng.random()) * (1 if rng.random() < 0.5 else -1)
    beads = [a + 0.5 * b for a, b in zip(bandpass(grains, 4600, 1.6), bandpass(grains, 2600, 2.5))]
    return finish(highpass(beads, 1200), fade_out=0.08)


def chuan() -> Signal:
    """串三户: a brass fanfare, ta-ta-ta-taaa up a C major arpeggio ending on the full chord.
    Each note is a sum of harmonics whose brightness opens with the attack and then closes a
    little (what a brass player's lips do), with a touch of vibrato on the held chord."""
    seconds = 0.9
    hits = [(0.0, "G4", 0.085), (0.09, "C5", 0.085), (0.18, "E5", 0.085)]
    chord = [(0.3, name, 0.6) for name in ("C5", "E5", "G5", "C6")]
    layers = []
    for start, name, held in hits + chord:
        f0 = note(name)
        length = seconds - start
        env = adsr(0.018, 0.08, 0.7, held, 0.045 if held < 0.5 else 0.2)
        wobble = 0.004 if held > 0.5 else 0.0
        voice: Signal = []
        phase = 0.0
        for i in range(frames(length)):
            t = i / RATE
            bright = 2.0 + 5.0 * math.exp(-t / 0.06) * min(1.0, t / 0.012)  # how many harmonics are heard
            f = f0 * (1 + wobble * math.sin(TAU * 5.5 * t) * min(1.0, t / 0.2))
            v, weight, step = 0.0, 1.0, math.exp(-1 / bright)
            for k in range(1, 11):
                if f0 * k >= TOP:
                    break
                v += weight / k * math.sin(phase * k)
                weight *= step
            phase += TAU * f / RATE
            voice.append(v * env(t))
        layers.append((start, voice, 0.55 if held > 0.5 else 1.0))
    return finish(mix(seconds, *layers), fade_out=0.2)


def jiefeng() -> Signal:
    """接风: a light wood-block — a short pitched "tok" (two wooden modes that die within tens
    of milliseconds) over the tap of the stick."""
    seconds = 0.25
    tok = partials(1050, seconds, ((1.0, 1.0, 0.045), (2.48, 0.35, 0.015), (4.1, 0.12, 0.006)), attack=0.0008)
    tap = shaped(highpass(noise(0.01, 71), 2500), hit(0.0015, 0.0003))
    return finish(mix(seconds, (0.0, tok, 1.0), (0.0, unit(tap), 0.25)), fade_out=0.06)


def deal() -> Signal:
    """发牌: a riffle — about twenty tiny clicks of cards flicking off the thumb, quickening
    then slowing, each a few milliseconds of band-passed noise in a slightly different band."""
    seconds = 0.6
    rng = random.Random(81)
    layers = []
    t = 0.02
    for k in range(21):
        centre = 2200 + 1400 * rng.random()
        click = shaped(bandpass(noise(0.012, 800 + k), centre, 1.8), hit(0.0018, 0.0003))
        level = (0.55 + 0.45 * math.sin(math.pi * k / 20)) * (0.75 + 0.25 * rng.random())
        layers.append((t, unit(click), level))
        t += 0.026 - 0.011 * math.sin(math.pi * k / 20) + 0.004 * rng.random()
    settle = shaped(lowpass(noise(0.05, 82), 1200), hit(0.01, 0.001))   # the deck squared up
    layers.append((t + 0.02, unit(settle), 0.35))
    return finish(mix(seconds, *layers), fade_out=0.05)


def click() -> Signal:
    """A soft button click: a muted high tick (1.2 kHz, gone in 5 ms) and a breath of noise."""
    seconds = 0.06
    tick = partials(1200, seconds, ((1.0, 1.0, 0.006), (2.3, 0.3, 0.003)), attack=0.0005)
    air = shaped(lowpass(noise(seconds, 91), 3000), hit(0.002, 0.0003))
    return finish(mix(seconds, (0.0, tick, 1.0), (0.0, unit(air), 0.3)), fade_out=0.02)


SOUNDS: dict[str, Callable[[], Signal]] = {
    "play": play, "gouji": gouji, "pass": pass_, "burn": burn, "burn_end": burn_end, "burn_won": burn_won,
    "opened": opened, "men": men, "rang": rang, "revolt": revolt, "out": out, "chaos": chaos, "chuan": chuan,
    "jiefeng": jiefeng, "deal": deal, "click": click,
}


def wav_bytes(x: Signal) -> array[int]:
    """16-bit little-endian samples (WAV's order, whatever the machine's)."""
    data = array("h", (max(-32767, min(32767, int(round(v * 32767)))) for v in x))
    if sys.byteorder == "big":
        data.byteswap()
    return data


def write(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, make in SOUNDS.items():
        path = folder / f"{name}.wav"
        with wave.open(str(path), "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(RATE)
            w.writeframes(wav_bytes(make()).tobytes())
        written.append(path)
    return written


def check(folder: Path) -> list[str]:
    """What differs between ``folder`` and a fresh run: the names of changed, missing or
    extra files (empty when they match byte for byte)."""
    with tempfile.TemporaryDirectory() as tmp:
        fresh = {path.name: path.read_bytes() for path in write(Path(tmp))}
    have = {path.name: path.read_bytes() for path in folder.glob("*.wav")}
    return sorted(name for name in fresh.keys() | have.keys() if fresh.get(name) != have.get(name))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help=f"folder for the WAV files (default {OUT})")
    parser.add_argument("--check", action="store_true", help="make them in a temporary folder and exit 1 "
                        "if the files in --out are not exactly the same")
    args = parser.parse_args(argv)
    if args.check:
        differ = check(args.out)
        if differ:
            print("differ from what build/make_sounds.py makes: " + ", ".join(differ), file=sys.stderr)
            return 1
        print(f"{len(SOUNDS)} sounds match")
        return 0
    paths = write(args.out)
    total = sum(path.stat().st_size for path in paths)
    for path in paths:
        print(f"{path.name:14} {path.stat().st_size / 1024:6.1f} KB")
    print(f"{len(paths)} sounds, {total / 1024:.0f} KB in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
