"""Every string the UI shows, in Chinese and English.

``t(key, lang, **fields)`` formats one. Strings live in one module per part
of the game (a new screen adds its own module and one line here); keys are
short, stable and unique across modules. The font coverage test walks them.
"""

from __future__ import annotations

from . import learn, notices, records, screens, table

MODULES = (screens, table, notices, records, learn)
STRINGS: dict[str, tuple[str, str]] = {key: text for module in MODULES for key, text in module.STRINGS.items()}


def t(key: str, lang: str, **fields: object) -> str:
    zh, en = STRINGS[key]
    text = zh if lang == "zh" else en
    return text.format(**fields) if fields else text


def other_language(lang: str) -> str:
    return "en" if lang == "zh" else "zh"
