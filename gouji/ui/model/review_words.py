"""The words of a review: an action as players say it, and the line under
the felt at each step (what happens next, and the verdict on the reviewed
player's decision there). Pure apart from the texts."""

from __future__ import annotations

from collections.abc import Callable

from ...engine.actions import PLAY_KINDS, parse_action
from ...engine.errors import IllegalAction, NotationError
from ...review import Analysis, Frame, Verdict
from ..i18n import t
from .prompts import Line, pretty
from .text_marks import bound


def action_text(action: str, lang: str) -> str:
    """"出 K K 2" / "plays K K 2", "过牌" / "passes", …"""
    try:
        move = parse_action(action)
    except (IllegalAction, NotationError):
        return action
    if move.kind in PLAY_KINDS and move.play is not None:
        return t(f"act_{move.kind}", lang, cards=bound(pretty(str(move.play), lang)))
    if move.kind == "return":
        return t("act_return", lang, cards=bound(pretty(move.ranks, lang)))
    return t(f"act_{move.kind}", lang)


def step_line(frame: Frame, total: int, seat: int, analysis: Analysis | None,
              name: Callable[[int, str], str]) -> Line:
    """Step k of n and who does what next; red at a questionable decision of the reviewed seat."""
    head = {lang: t("review_step", lang, step=frame.step, total=total) for lang in ("zh", "en")}
    if frame.to_act is None or frame.action is None:
        return Line(f"{head['zh']} · {t('review_end', 'zh')}", f"{head['en']} · {t('review_end', 'en')}", "done")
    to_act, action = frame.to_act, frame.action
    zh, en = (f"{head[lang]} · {name(to_act, lang)}{'：' if lang == 'zh' else ': '}{action_text(action, lang)}"
              for lang in ("zh", "en"))
    verdict = verdict_at(frame, seat, analysis)
    tone = "info" if verdict is None else "error" if verdict.questionable else "turn"
    return Line(zh, en, tone)


def verdict_at(frame: Frame, seat: int, analysis: Analysis | None) -> Verdict | None:
    """The bot's verdict on the reviewed seat's decision taken at this frame, if there is one."""
    if analysis is None or frame.to_act != seat:
        return None
    return analysis.at(frame.step)


def verdict_text(verdict: Verdict, lang: str) -> str:
    """"值得商榷。更好：出 8 8（管上对手，夺回牌权）" or "机器人也会这样打"."""
    if not verdict.questionable:
        return t("review_fine", lang)
    best = verdict.best
    return t("review_better", lang, action=action_text(best.action, lang), why=best.zh if lang == "zh" else best.en)


__all__ = ["action_text", "step_line", "verdict_at", "verdict_text"]
