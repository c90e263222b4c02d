"""Player settings, persisted as TOML in the user's config folder.

A broken file is reported, kept aside, and replaced by defaults — never a crash.
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

import tomli_w
from platformdirs import user_config_path, user_data_path

from ..engine.errors import quote
from ..engine.rules import PRESETS, load_toml
from .files import TOML_LIMIT, atomic_write, keep_aside, load_file

APP = "gouji"
SPEEDS = {"slow": 1.2, "normal": 0.7, "fast": 0.3, "instant": 0.0}
CHOICES: dict[str, tuple[Any, ...]] = {
    "language": ("zh", "en"),
    "speed": tuple(SPEEDS),
    "preset": (*PRESETS, "custom"),   # custom: the rules file in the config folder
    "show_counts": ("le10", "always"),
    "bot_level": ("easy", "normal", "hard", "expert"),
    "hand_sort": ("rank", "groups", "gouji"),   # low to high; biggest groups first; 够级 groups first
    "volume": ("low", "medium", "high"),
}


DEFAULT_NAME = "玩家"
NAME_MOST = 24   # characters: what a host accepts (gouji.net.protocol.MAX_NAME)


def name_problem(name: object) -> str | None:
    """Why ``name`` cannot be a player's name (in English for the log; the screens say it in both), or None."""
    if not isinstance(name, str) or not name.strip():
        return "a name must be some text"
    if len(name) > NAME_MOST or not name.isprintable() or name != name.strip():
        return f"a name is 1 to {NAME_MOST} printable characters without spaces at its ends"
    return None


@dataclass(frozen=True)
class Settings:
    language: str = "zh"
    speed: str = "normal"
    bot_level: str = "normal"
    sound: bool = True
    counter: bool = True
    show_counts: str = "le10"
    auto_pass: bool = True
    move_timer: bool = False   # 15 s per decision, then the hint is played
    hand_sort: str = "rank"
    volume: str = "medium"
    preset: str = "qingdao"
    player_name: str = DEFAULT_NAME   # at a shared table (联机)

    def replace(self, **changes: Any) -> "Settings":
        for key, value in changes.items():
            _check(key, value)
        return replace(self, **changes)

    @property
    def bot_delay(self) -> float:
        return SPEEDS[self.speed]


def _check(key: str, value: Any) -> None:
    names = {f.name: f for f in fields(Settings)}
    if key not in names:
        raise ValueError(f"unknown setting {quote(key)}")
    if key == "player_name":
        problem = name_problem(value)
        if problem:
            raise ValueError(f"setting 'player_name' has a bad value {quote(value)}: {problem}")
    elif key in CHOICES:
        if not isinstance(value, str) or value not in CHOICES[key]:
            raise ValueError(f"setting {key!r} has a bad value {quote(value)} "
                             f"(allowed: {', '.join(map(str, CHOICES[key]))})")
    elif not isinstance(value, bool):
        raise ValueError(f"setting {key!r} has a bad value {quote(value)} (allowed: true, false)")


def config_dir() -> Path:
    override = os.environ.get("GOUJI_HOME")
    return Path(override) / "config" if override else user_config_path(APP, appauthor=False)


def data_dir() -> Path:
    override = os.environ.get("GOUJI_HOME")
    return Path(override) / "data" if override else user_data_path(APP, appauthor=False)


def settings_path() -> Path:
    return config_dir() / "settings.toml"


def rules_path() -> Path:
    return config_dir() / "rules.toml"


def parse_settings(text: str) -> Settings:
    """Settings from the text of a settings file; ValueError names what is wrong."""
    data = load_toml(text, "settings")
    return Settings().replace(**data.get("settings", data))


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings, or defaults plus a message naming the file and what was wrong
    (the bad file is kept aside)."""
    settings, problem = load_file(path or settings_path(), TOML_LIMIT, parse_settings)
    return settings or Settings(), problem


__all__ = ["Settings", "DEFAULT_NAME", "NAME_MOST", "name_problem",
           "CHOICES", "SPEEDS", "config_dir", "data_dir", "settings_path", "rules_path",
           "parse_settings", "load_settings", "save_settings", "keep_aside"]


def save_settings(settings: Settings, path: Path | None = None) -> str | None:
    """Save; returns an error message instead of raising when the disk refuses."""
    try:
        atomic_write(path or settings_path(), tomli_w.dumps({"settings": asdict(settings)}))
    except OSError as exc:
        return str(exc)
    return None
