"""How the window shows its frames: through X's shared memory on Linux unless
the player says otherwise (a software OpenGL made a 1920×1080 flip cost
8–10 ms; see gouji.ui.shell.window.present_without_gl)."""

from __future__ import annotations

import pytest

from gouji.ui.shell import window

HINT = "SDL_FRAMEBUFFER_ACCELERATION"


def test_linux_presents_through_shared_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(HINT, raising=False)
    monkeypatch.setattr(window.sys, "platform", "linux")
    window.present_without_gl()
    assert window.os.environ[HINT] == "0"


def test_a_players_own_choice_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(HINT, "opengl")
    monkeypatch.setattr(window.sys, "platform", "linux")
    window.present_without_gl()
    assert window.os.environ[HINT] == "opengl"


@pytest.mark.parametrize("platform", ["win32", "darwin"])
def test_other_systems_keep_sdls_choice(monkeypatch: pytest.MonkeyPatch, platform: str) -> None:
    monkeypatch.delenv(HINT, raising=False)
    monkeypatch.setattr(window.sys, "platform", platform)
    window.present_without_gl()
    assert HINT not in window.os.environ
