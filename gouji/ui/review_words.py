"""The words of a review: an action as players say it, and the line under
the felt at each step (what happens next, and the verdict on the reviewed
player's decision there). Pure apart from the texts."""

from __future__ import annotations

from collections.abc import Callable

from ..engine.actions import PLAY_KINDS, parse_action
from ..engine.errors import IllegalAction, NotationError
from ..review import Analysis, Frame
from .i18n import t
from .prompts import Line, pretty


def action_text(action: str, lang: str) -> str:
    """"出 K K 2" / "plays K K 2", "过牌" / "passes", …"""
    try:
        move = parse_action(action)
    except (IllegalAction, NotationError):
        return action
    if move.kind in PLAY_KINDS and move.play is not None:
        return t(f"act_{move.kind}", lang, cards=pretty(str(move.play), lang))
    if move.kind == "return":
        return t("act_return", lang, cards=pretty(move.ranks, lang))
    return t(f"act_{move.kind}", lang)


def step_line(frame: Frame, total: int, seat: int, analysis: Analysis | None,
              name: Callable[[int, str], str]) -> Line:
    """Step k of n and who does what next; at the reviewed seat's decisions, the bot's verdict."""
    head = {lang: t("review_step", lang, step=frame.step, total=total) for lang in ("zh", "en")}
    if frame.to_act is None or frame.action is None:
        return Line(f"{head['zh']} · {t('review_end', 'zh')}", f"{head['en']} · {t('review_end', 'en')}", "done")
    texts = {lang: f"{head[lang]} · {name(frame.to_act, lang)}：{action_text(frame.action, lang)}"
             if lang == "zh" else f"{head[lang]} · {name(frame.to_act, lang)}: {action_text(frame.action, lang)}"
             for lang in ("zh", "en")}
    verdict = analysis.at(frame.step) if analysis is not None and frame.to_act == seat else None
    if verdict is None:
        return Line(texts["zh"], texts["en"], "info")
    if verdict.questionable:
        return Line(f"{texts['zh']} — {t('review_doubt', 'zh')}，{verdict.note('zh')}",
                    f"{texts['en']} — {t('review_doubt', 'en')}, {verdict.note('en')}", "error")
    return Line(f"{texts['zh']} — {t('review_fine', 'zh')}", f"{texts['en']} — {t('review_fine', 'en')}", "turn")


__all__ = ["action_text", "step_line"]
