"""Hints for the human's seat: up to three good actions, each with a reason."""

from __future__ import annotations

from dataclasses import dataclass

from gouji.engine.view import SeatView

from .scripted import ScriptedBot


@dataclass(frozen=True)
class Hint:
    action: str
    zh: str
    en: str

    def text(self, lang: str = "zh") -> str:
        return self.zh if lang == "zh" else self.en


def suggest(view: SeatView, count: int = 3, level: str = "hard") -> list[Hint]:
    """The best ``count`` actions for the view's seat, best first."""
    if not view.my_turn or not view.legal_actions:
        return []
    ranked = ScriptedBot(view.seat, level).rank_actions(view)
    return [Hint(item.action, item.why.zh, item.why.en) for item in ranked[:count]]
