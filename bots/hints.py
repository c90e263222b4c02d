"""Hints for the human's seat: up to three good actions, each with a reason."""

from __future__ import annotations

import threading
from dataclasses import dataclass

from gouji.engine.view import SeatView

from .expert import ExpertBot
from .reasons import Facts, checked
from .scripted import ScriptedBot

HINT_THINK_MS = 400.0   # an expert hint searches this long (run it off the frame loop)


@dataclass(frozen=True)
class Hint:
    """A suggested action and the reason for it: its own, true of it (bots/reasons.py)."""

    action: str
    zh: str
    en: str
    key: str = ""   # the reason's key in bots.reasons (``holds`` checks it)

    def text(self, lang: str = "zh") -> str:
        return self.zh if lang == "zh" else self.en


def suggest(view: SeatView, count: int = 3, level: str = "hard", think_ms: float | None = None,
            think_nodes: int | None = None, cancel: threading.Event | None = None) -> list[Hint]:
    """The best ``count`` actions for the view's seat, best first. ``level`` is a
    scripted level or ``expert``, which searches (``think_ms``, default
    ``HINT_THINK_MS``, or ``think_nodes`` rollouts) where the choice is close;
    ``cancel`` set from another thread cuts the search short (hard's order then)."""
    if not isinstance(view, SeatView):
        raise TypeError(f"view must be a SeatView (e.g. game.view(seat)), got {type(view).__name__}")
    if isinstance(count, bool) or not isinstance(count, int):
        raise TypeError(f"count must be a whole number, got {type(count).__name__}")
    if not view.my_turn or not view.legal_actions:
        return []
    if level == "expert":
        budget = think_ms if think_ms is not None or think_nodes is not None else HINT_THINK_MS
        ranked = ExpertBot(view.seat, think_ms=budget, think_nodes=think_nodes).rank_actions(view, cancel=cancel)
    else:
        ranked = ScriptedBot(view.seat, level).rank_actions(view)
    facts = Facts(view)
    hints = []
    for item in ranked[:count]:
        why = checked(view, item.action, item.why, facts)   # each hint carries a reason true of its own action
        hints.append(Hint(item.action, why.zh, why.en, why.key))
    return hints
