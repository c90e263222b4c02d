"""Specific exceptions. Each carries a reason in Chinese and in English."""

from __future__ import annotations


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
