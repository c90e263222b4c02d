"""The gouji command line: autoplay with a screenshot, version, bad flags."""

from __future__ import annotations

import os
import subprocess
import sys

import pygame
import pytest

ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def run_gouji(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "gouji", *args], capture_output=True, text=True,
                          env=ENV, timeout=timeout)


@pytest.mark.slow
def test_autoplay_plays_a_deal_and_writes_a_real_table_screenshot(tmp_path):
    """The README's screenshot command: a real table, and the player's save and settings untouched."""
    from gouji import Match
    from gouji.store.saves import dump
    shot, home = tmp_path / "table.png", tmp_path / "home"
    (home / "data").mkdir(parents=True)
    (home / "config").mkdir()
    mine = {home / "data" / "match.json": dump(Match.new(77)), home / "config" / "settings.toml": "[settings]\n"}
    for path, text in mine.items():
        path.write_text(text, encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "gouji", "--autoplay", "--seed", "4", "--quit-after-deal",
                             "--size", "1366x700", "--screenshot", str(shot)], capture_output=True, text=True,
                            env={**ENV, "GOUJI_HOME": str(home)}, timeout=120)
    assert result.returncode == 0, result.stderr
    assert {p: p.read_text(encoding="utf-8") for p in home.rglob("*") if p.is_file()} == mine
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1366, 700)   # drawn at the window's real size
    colours = {tuple(image.get_at((x, y)))[:3] for x in range(0, 1366, 16) for y in range(0, 700, 16)}
    assert len(colours) > 60  # a drawn table, not a blank window
    from gouji.ui.model.layout import Layout
    L = Layout(1366, 700)
    (cx, cy), (rx, _) = L.table_center, L.table_radii
    felt = image.get_at((int(cx - rx + 12), int(cy)))[:3]  # the felt's left corner, beside the summary box
    assert felt[1] > felt[0] and felt[1] > felt[2]  # the green felt is there


@pytest.mark.slow
def test_version_and_bad_flags():
    version = run_gouji("--version")
    assert version.returncode == 0 and version.stdout.startswith("gouji ")
    bad = run_gouji("--fly")
    assert bad.returncode == 2 and "unrecognized arguments: --fly" in bad.stderr
    assert "Traceback" not in bad.stderr
    level = run_gouji("--bots", "genius")
    assert level.returncode == 2 and "invalid choice: 'genius'" in level.stderr
    shot = run_gouji("--screenshot", "out.jpg")
    assert shot.returncode == 2 and ".png" in shot.stderr
    size = run_gouji("--size", "huge")
    assert size.returncode == 2 and "1366x700" in size.stderr and "Traceback" not in size.stderr


def test_demo_prints_a_deal():
    demo = run_gouji("--demo", "--seed", "2")
    assert demo.returncode == 0 and "头科" in demo.stdout


def test_no_display_is_a_clear_message_not_a_hang():
    env = {k: v for k, v in ENV.items() if k not in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY")}
    result = subprocess.run([sys.executable, "-m", "gouji"], capture_output=True, text=True, env=env, timeout=30)
    assert result.returncode == 1 and "no display" in result.stderr and "Traceback" not in result.stderr
