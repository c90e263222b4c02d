"""The reviewed player's decisions, judged by a bot that ranks every option.

A decision is *questionable* when the bot scores the action taken at least
``margin`` below its best one; it is marked with the bot's reason for the
better action. The bot sees only the view the player had.

The analysing bot is any level of ``bots.NAMES`` whose bot has
``rank_actions(view, rng)`` returning items with ``action``, ``score`` and a
``why`` carrying ``zh``/``en``; by default the strongest such level that answers
at once (hard). A bot may set ``clear_margin`` for its own score scale. A bot
that searches (expert) gives ``second_opinion(view, taken)`` instead: the taken
action played out against its candidates on guessed deals, scored as the search
values a deal (its points; in a match's last deal, the match's result too), and
marked when another clearly did better.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import bots

from .model import Decision, Review

MARGIN = 1.0   # in the scripted bots' score units: ~0.2 marks a deal for the normal bot's play, ~3 for easy's


@dataclass(frozen=True)
class Option:
    action: str
    score: float
    zh: str
    en: str


@dataclass(frozen=True)
class Verdict:
    step: int                      # the frame at which the decision was taken
    action: str                    # what was done
    options: tuple[Option, ...]    # every legal action, best first (a searching bot: its candidates)
    questionable: bool

    @property
    def best(self) -> Option:
        return self.options[0]

    @property
    def chosen(self) -> Option:
        return next(o for o in self.options if o.action == self.action)

    @property
    def loss(self) -> float:
        """How much worse than the best the bot scores what was done (0 for the best)."""
        return self.best.score - self.chosen.score

    def note(self, lang: str = "zh") -> str:
        """The mark of a questionable decision: the better action and the bot's reason."""
        best = self.best
        return f"更好：{best.action}（{best.zh}）" if lang == "zh" else f"better: {best.action} ({best.en})"


@dataclass(frozen=True)
class Analysis:
    level: str
    verdicts: tuple[Verdict, ...]

    @property
    def questionable(self) -> list[Verdict]:
        return [v for v in self.verdicts if v.questionable]

    def at(self, step: int) -> Verdict | None:
        """The verdict on the decision taken at ``step``, if the reviewed seat decided there."""
        return next((v for v in self.verdicts if v.step == step), None)

    def summary(self, lang: str = "zh") -> str:
        n = len(self.questionable)
        if lang == "zh":
            return f"{n} 个值得商榷的决定" if n else "没有值得商榷的决定"
        return f"{n} questionable decision{'s' if n != 1 else ''}" if n else "No questionable decisions"


def strongest_level() -> str:
    """The last level in ``bots.NAMES`` whose bot ranks its options at once; a
    bot that searches (expert, about half a second a decision) is asked for by name."""
    for name in reversed(bots.NAMES):
        bot = bots.make(name, 0)
        if callable(getattr(bot, "rank_actions", None)) and not getattr(bot, "thinks", False):
            return name
    raise ValueError("no bot can rank actions")


def analyse(review: Review, level: str | None = None, margin: float | None = None,
            progress: Callable[[int, int], None] | None = None,
            stop: Callable[[], bool] | None = None, think_nodes: int | None = None) -> Analysis:
    """Every decision of the reviewed seat, judged; ``progress(done, total)`` after each (for a worker);
    ``stop()`` true ends it early (the review was closed), with the verdicts so far; ``think_nodes``
    gives a searching bot a fixed number of rollouts (an exact replay) instead of its time budget."""
    level = level or strongest_level()
    verdicts = []
    for i, verdict in enumerate(judge(review.decisions, level, margin, think_nodes)):
        if stop is not None and stop():
            break
        verdicts.append(verdict)
        if progress is not None:
            progress(i + 1, len(review.decisions))
    return Analysis(level, tuple(verdicts))


def judge(decisions: list[Decision], level: str, margin: float | None = None,
          think_nodes: int | None = None) -> Iterator[Verdict]:
    ranker: Any = None
    for decision in decisions:
        if ranker is None:
            ranker = bots.make(level, decision.view.seat, think_nodes=think_nodes, workers=1)
            if not callable(getattr(ranker, "rank_actions", None)):
                raise ValueError(f"the {level} bot cannot rank actions")
            margin = margin if margin is not None else float(getattr(ranker, "clear_margin", MARGIN))
        opinion = getattr(ranker, "second_opinion", None)
        if callable(opinion):   # a searching bot: the taken action against its candidates, in points
            scored, worse = opinion(decision.view, decision.action)
            yield Verdict(decision.step, decision.action, tuple(_option(item) for item in scored), worse)
            continue
        options = tuple(_option(item) for item in ranker.rank_actions(decision.view, None))
        taken = next((o for o in options if o.action == decision.action), None)
        loss = options[0].score - taken.score if taken is not None else 0.0
        yield Verdict(decision.step, decision.action, options, margin is not None and loss >= margin)


def _option(item: Any) -> Option:
    why = getattr(item, "why", None)
    return Option(str(item.action), float(item.score), str(getattr(why, "zh", "")), str(getattr(why, "en", "")))
