"""The volume setting: three steps, kept in the settings, applied to every sound at
once (and to those made later, when sound is first switched on)."""

from __future__ import annotations

import pytest

from gouji.store.settings import Settings
from gouji.ui.shell.sound import VOLUMES, Sounds

from ui_helpers import make_app


def test_the_volume_setting_is_checked_and_remembered():
    assert Settings().volume == "medium" and Settings().replace(volume="low").volume == "low"
    with pytest.raises(ValueError):
        Settings().replace(volume="max")


def test_the_app_follows_the_volume_setting(screen, home):
    app = make_app(screen, lang="en")
    for step in ("low", "high", "medium"):
        app.update_settings(volume=step)
        assert app.sounds.volume == VOLUMES[step]
    muted = Sounds(enabled=False, volume="low")
    assert muted.volume == VOLUMES["low"] and not muted.available   # muted: no audio device opened
    assert VOLUMES["low"] < VOLUMES["medium"] < VOLUMES["high"] <= 1.0
