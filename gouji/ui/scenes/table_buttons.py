"""Which action buttons the human gets: only those the rules allow now."""

from __future__ import annotations

from ...engine.phases import ANSWER, BURN
from ...engine.view import SeatView

PRE_PLAY_BUTTONS = {"declare": [("declare", "btn_declare"), ("nodeclare", "btn_nodeclare")],
                    "predeclare": [("declare", "btn_declare"), ("nodeclare", "btn_nodeclare")],
                    "revolt": [("revolt", "btn_revolt"), ("norevolt", "btn_norevolt")],
                    "yaotou": [("yaotou", "btn_yaotou"), ("wutou", "btn_wutou")],
                    "return": [("return", "btn_return")]}


def action_specs(view: SeatView) -> list[tuple[str, str]]:
    """(button key, label key) for the seat to act, from its legal actions."""
    if view.phase in PRE_PLAY_BUTTONS:
        return PRE_PLAY_BUTTONS[view.phase] + [("hint", "btn_hint")]
    legal = view.legal_actions
    specs: list[tuple[str, str]] = []
    if view.phase == BURN:
        specs.append(("play", "btn_play" if view.seat in view.wutou else "btn_burn"))
    elif any(a.startswith("play") for a in legal):
        specs.append(("play", "btn_play"))
    if "pass" in legal:
        specs.append(("pass", "btn_kou" if view.phase == ANSWER else "btn_pass"))
    if "noburn" in legal:
        specs.append(("noburn", "btn_noburn"))
    if "rang" in legal:
        specs.append(("rang", "btn_rang"))
    return specs + [("hint", "btn_hint")]


def side_specs(autoplay: bool) -> list[tuple[str, str]]:
    return [("menu", "btn_menu"), ("tuoguan", "btn_tuoguan_on" if autoplay else "btn_tuoguan"),
            ("counter", "btn_counter")]
