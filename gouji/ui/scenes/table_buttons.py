"""Which buttons the human gets — only those the rules allow now — and the
key that presses each (shown on the button)."""

from __future__ import annotations

import pygame

from ...engine.actions import MoveKind, window_kind
from ...engine.phases import ANSWER, BURN, Phase
from ...engine.view import SeatView

# intent -> key; the table's keys do the same as its buttons
HOTKEYS = {"play": pygame.K_RETURN, "return": pygame.K_RETURN, "pass": pygame.K_p, "noburn": pygame.K_p,
           "rang": pygame.K_y, "hint": pygame.K_h, "declare": pygame.K_d, "nodeclare": pygame.K_p,
           "revolt": pygame.K_r, "norevolt": pygame.K_p, "yaotou": pygame.K_y, "wutou": pygame.K_w,
           "menu": pygame.K_ESCAPE, "tuoguan": pygame.K_t, "counter": pygame.K_c}
# keys that work even without their button on screen (e.g. Enter with nothing selected says why)
ACTION_KEYS = {pygame.K_RETURN: "play", pygame.K_KP_ENTER: "play", pygame.K_p: "pass", pygame.K_h: "hint",
               pygame.K_y: "rang", pygame.K_t: "tuoguan", pygame.K_c: "counter"}
PRE_PLAY_BUTTONS = {Phase.DECLARE: [("declare", "btn_declare"), ("nodeclare", "btn_nodeclare")],
                    Phase.PREDECLARE: [("declare", "btn_declare"), ("nodeclare", "btn_nodeclare")],
                    Phase.REVOLT: [("revolt", "btn_revolt"), ("norevolt", "btn_norevolt")],
                    Phase.CHOOSE: [("yaotou", "btn_yaotou"), ("wutou", "btn_wutou")],
                    Phase.RETURN: [("return", "btn_return")]}

Spec = tuple[str, str, int]   # (button key, label key, hotkey)


def _with_keys(pairs: list[tuple[str, str]]) -> list[Spec]:
    return [(key, label, HOTKEYS[key]) for key, label in pairs]


def action_specs(view: SeatView) -> list[Spec]:
    """The buttons of the seat to act, from its legal actions."""
    if view.phase in PRE_PLAY_BUTTONS:
        return _with_keys(PRE_PLAY_BUTTONS[view.phase] + [("hint", "btn_hint")])
    kinds = {move.kind for move in view.legal_moves}
    pairs: list[tuple[str, str]] = []
    if view.phase == BURN:
        pairs.append(("play", "btn_burn" if window_kind(view.seat in view.wutou) == MoveKind.BURN else "btn_play"))
    elif MoveKind.PLAY in kinds:
        pairs.append(("play", "btn_play"))
    if MoveKind.PASS in kinds:
        pairs.append(("pass", "btn_kou" if view.phase == ANSWER else "btn_pass"))
    if MoveKind.NOBURN in kinds:
        pairs.append(("noburn", "btn_noburn"))
    if MoveKind.RANG in kinds:
        pairs.append(("rang", "btn_rang"))
    return _with_keys(pairs + [("hint", "btn_hint")])


def side_specs(autoplay: bool) -> list[Spec]:
    return _with_keys([("menu", "btn_menu"), ("tuoguan", "btn_tuoguan_on" if autoplay else "btn_tuoguan"),
                       ("counter", "btn_counter")])
