"""Specific exceptions. Each carries a reason in Chinese and in English."""

from __future__ import annotations

import reprlib

QUOTE_LIMIT = 40   # a refusal quotes at most this much of what it was given


def quote(value: object) -> str:
    """A short, safe quotation of what a caller passed: never the whole of a huge input,
    nor the repr of a deeply nested one (reprlib bounds the depth before we cut).

    >>> quote("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'"
    >>> quote([[1, 2], {"a": None}])
    "[[1, 2], {'a': None}]"
    """
    if isinstance(value, str):
        return repr(value if len(value) <= QUOTE_LIMIT else value[:QUOTE_LIMIT] + "…")
    text = reprlib.repr(value)
    return text if len(text) <= QUOTE_LIMIT else text[:QUOTE_LIMIT] + "…"


class NotationError(ValueError):
    """A play or hand string that is not valid notation (RULES §0)."""

    def __init__(self, zh: str, en: str) -> None:
        super().__init__(f"{zh} / {en}")
        self.zh = zh
        self.en = en


class IllegalAction(ValueError):
    """An action the rules do not allow now; the game is left unchanged.

    ``zh`` and ``en`` explain why to a learner; ``str()`` shows both.
    """

    def __init__(self, zh: str, en: str) -> None:
        super().__init__(f"{zh} / {en}")
        self.zh = zh
        self.en = en

    def reason(self, lang: str = "zh") -> str:
        return self.zh if lang == "zh" else self.en


class DealCodeError(ValueError):
    """A code that is damaged, foreign, newer, invalid or does not replay; ``zh``/``en`` say which."""

    def __init__(self, zh: str, en: str) -> None:
        super().__init__(f"{zh} / {en}")
        self.zh, self.en = zh, en

    def reason(self, lang: str = "zh") -> str:
        return self.zh if lang == "zh" else self.en
