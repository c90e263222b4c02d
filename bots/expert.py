"""The expert bot (专家): the hard bot's judgement, checked by search where the
choice matters. Its judgement knows one thing hard does not: when no deal
follows (a lone deal, a match's last), whether a player opens (开点) is worth
nothing, so it neither spends big cards denying the 对头's open nor leads a
够级 to open there (``scripted.EXPERT_JUDGEMENT``).

Where hard sees one clear best action (or there is only one), or, at a
small budget, in the deal's opening (most cards still in hands), expert
plays it at once.
Otherwise the close candidates — hard's best few, plus any burn, 让 or pass
on offer — are played out from guessed deals of the hidden cards
(bots/search), and the best average wins; hard's own choice is kept unless
another beats it by a clear margin, since a few dozen rollouts are noisy.
Decisions before the first lead are hard's. Like every bot, it sees only the
seat's ``SeatView``.
"""

from __future__ import annotations

import logging
import math
import random
import threading
import time
from dataclasses import dataclass

from gouji.engine.actions import parse_action
from gouji.engine.view import SeatView

from .reasons import Reason, reason, searched
from .scripted import EXPERT_JUDGEMENT, Scored, ScriptedBot
from .search.rollout import Knobs
from .search.search import Budget, Cancelled, Outcome, default_workers, search
from .search.table_read import Memory

GAP = 2.5            # hard-score distance within which another action is worth searching
MAX_CANDIDATES = 5   # hard's best few
# The bar a challenger must clear to replace hard's choice: ``MARGIN`` points and
# ``Z`` standard errors. Replaying 100 ms searches on logged decisions
# (gouji.cli.searchtune; two logs of 300 and 311) Z 1.0 and 0.1 point kept
# 10–28% more of what a perfect pick would gain than 1.5 and 0.25; 600 arena
# deals could not tell the two apart (51.2% against 50.8% won).
MARGIN = 0.1
Z = 1.0
GO_OUT = 100.0       # hard's score of a play that empties the hand
# The deal's last stage: with this few cards in hands the guesses are nearly the
# truth and a rollout is short, so every action hard ranks among its best
# ``ENDGAME_CANDIDATES`` is searched, however far below hard's choice it scores.
ENDGAME_CARDS = 40
ENDGAME_CANDIDATES = 8
# ... and a rollout budget buys this many times its rollouts there: a rollout from
# 40 cards or fewer costs a third or less of an average searched decision's
# (0.15-0.56 ms against ~1.0 ms, one worker, 130 searched decisions of seeds 1-3;
# ``searchbench``'s ``endgame_speedup``: 3.8 times a mid-deal position's rate),
# so a time budget already plays that many more; the rollout budget stands in
# for the time budget (exact replay) and would otherwise starve the deal's end.
ENDGAME_DEPTH = 3
# While this share of the deal's cards is still in hands, only hard's first two are
# searched (all of them if a burn is on offer) when the budget is small: the guesses are then
# little better than a random deal. Judged on the real hands (gouji.cli.searchtune,
# 1,124 logged decisions at 80 rollouts), the overrides made there lost 0.04
# points and 0.3% of deals won per searched decision (1.7 standard errors).
# At the game's 600 ms (~450 rollouts) the gate cost the expert: 60 arena deals
# (seeds 1-30) won 48.3% with it, 66.7% without (six runs before it: 61.7-63.3%).
OPENING = 0.8
OPENING_MS = 300.0     # time budgets below this keep the opening gate ...
OPENING_NODES = 240    # ... and rollout budgets below this (about 300 ms on two cores)
# ... but hard's first two there are searched against each other with the whole budget (one
# phase). Worth at 100 ms against hard: +1.3 +- 2.4 points of deals won before the lean (600
# deals, paired), +0.7 +- 1.5 with it (1,200 never-used deals against the lean's 1,800);
# kept as both lean its way. The game's 600 ms has no gate.
OPENING_CANDIDATES = 2
log = logging.getLogger("bots.expert")


@dataclass
class Decision:
    action: str
    outcomes: list[Outcome]   # empty when nothing was searched


class ExpertBot:
    name = "expert"
    thinks = True   # may take longer than a frame: the table asks it in a worker

    def __init__(self, seat: int, seed: int = 0, think_ms: float | None = None, think_nodes: int | None = None,
                 workers: int | None = None, inference: bool = True) -> None:
        self.seat, self.seed = seat, seed
        self.hard = ScriptedBot(seat, "hard", EXPERT_JUDGEMENT)   # hard, knowing when 开点 is worth nothing
        self.budget = Budget(think_ms, think_nodes)
        self.gated = opening_gated(self.budget)
        self.workers = default_workers() if workers is None else workers
        self.inference = inference
        self._cancel = threading.Event()
        self.searched = False    # the last decision ran a search (the arena times those apart)
        self.search_errors = 0   # searches that broke (tests check it stays 0)
        self.memory = Memory()   # who broke hard's habits in the match's earlier deals
        # For measurement only (the panel's GOUJI_ORACLE_STYLES): per seat, rollout knobs in place of
        # the table reading's, None keeping it. An oracle on how a seat plays, never on its cards.
        self.styles: tuple[Knobs | None, ...] | None = None

    def choose(self, view: SeatView, rng: random.Random | None = None,
               cancel: threading.Event | None = None) -> str:
        """``cancel`` (set from another thread) stops this decision's search: the
        table passes one per turn, so a stop can never be lost or hit a later turn."""
        return self.decide(view, cancel).action

    def cancel(self) -> None:
        """Stop the search in progress (from another thread): it answers hard's choice."""
        self._cancel.set()

    def decide(self, view: SeatView, cancel: threading.Event | None = None) -> Decision:
        started = time.perf_counter()   # the time budget covers the whole decision, hard's ranking too
        token = self._cancel = cancel or threading.Event()   # one per decision: an old stop ends no new one
        ranked = self.hard.rank_actions(view)
        candidates = self.candidates(view, ranked)
        self.searched = len(candidates) > 1
        if not self.searched:
            return Decision(ranked[0].action, [])
        try:
            outcomes = search(view, candidates, self.budget_for(view), self.seed, self.workers, self.inference,
                              token, started, self.memory, self.styles)
        except Cancelled:
            return Decision(ranked[0].action, [])
        except Exception:   # a search that breaks must not cost the game: hard's choice, not a random one
            self.search_errors += 1
            log.exception("the expert's search failed; hard's choice is played")
            return Decision(ranked[0].action, [])
        return Decision(pick(outcomes), outcomes)

    def budget_for(self, view: SeatView) -> Budget:
        """The decision's budget: a rollout budget goes ``ENDGAME_DEPTH`` times
        deeper in the deal's last stage, where rollouts are short and the guesses
        nearly the truth (a time budget gets there by itself)."""
        nodes = self.budget.think_nodes
        if nodes is None or not in_endgame(view):
            return self.budget
        return Budget(think_nodes=nodes * ENDGAME_DEPTH)

    def candidates(self, view: SeatView, ranked: list[Scored], opening: bool = True) -> list[str]:
        """Worth searching: hard's best, the close runners-up, and any burn, 让 or
        pass (a different kind of move hard may misjudge). Hard's best comes first.
        At a small budget, only hard's first two in the deal's opening (``OPENING``);
        ``opening=False`` searches it whatever the budget (the offline tuner's logs)."""
        if not view.phase.in_play or len(ranked) == 1 or ranked[0].score >= GO_OUT:
            return [ranked[0].action]
        top = ranked[0]
        late = in_endgame(view)
        limit, gap = (ENDGAME_CANDIDATES, math.inf) if late else (MAX_CANDIDATES, GAP)
        chosen = [item.action for item in ranked[:limit] if top.score - item.score <= gap]
        kinds = {parse_action(a).kind for a in chosen}
        for item in ranked:
            kind = parse_action(item.action).kind
            if kind in ("burn", "rang", "pass", "noburn") and kind not in kinds:
                chosen.append(item.action)
                kinds.add(kind)
        sure = not late and len(chosen) > 1 and top.score - max(s.score for s in ranked[1:]) > 3 * GAP
        # in the opening the guesses know too little to judge more than hard's first two
        early = opening and self.gated and sum(view.counts) >= OPENING * view.rules.deck
        if "burn" in kinds:
            return chosen
        if sure:
            return [top.action]
        return chosen[:OPENING_CANDIDATES] if early else chosen

    def rank_actions(self, view: SeatView, rng: random.Random | None = None,
                     cancel: threading.Event | None = None) -> list[Scored]:
        """Every legal action, best first: the searched ones by their average
        (with the search's reason on the best), then the rest in hard's order."""
        ranked = self.hard.rank_actions(view)
        decision = self.decide(view, cancel)
        if not decision.outcomes:
            return ranked
        by_action = {item.action: item for item in ranked}
        by_mean = sorted(decision.outcomes, key=lambda o: -o.mean)
        best = decision.action
        first = Scored(best, GO_OUT, _found(decision.outcomes, best))
        rest = [by_action[o.action] for o in by_mean if o.action != best]
        seen = {o.action for o in by_mean}
        return [first, *rest, *[item for item in ranked if item.action not in seen]]


    def second_opinion(self, view: SeatView, taken: str) -> tuple[list[Scored], bool]:
        """For a review: the action taken and the candidates, searched with the
        taken one first so each is measured against it deal by deal. Scores are
        the search's average value of a deal (points, and in a match's last
        deal its result); the flag says another clearly did better."""
        if not view.phase.in_play:   # before the first lead (宣点, 还贡, 革命 …) hard's judgement stands
            return [Scored(taken, 0.0, reason("search_best"))], False
        candidates = [taken, *(a for a in self.candidates(view, self.hard.rank_actions(view)) if a != taken)]
        if len(candidates) < 2:
            return [Scored(taken, 0.0, reason("search_best"))], False
        outcomes = search(view, candidates, self.budget_for(view), self.seed, self.workers, self.inference,
                          self._cancel)
        best = pick(outcomes)
        order = sorted(outcomes, key=lambda o: (o.action != best, -o.mean))
        scored = [Scored(o.action, round(o.mean, 2), reason("search_best" if o.action == best else "search_less"))
                  for o in order]
        return scored, best != taken


def in_endgame(view: SeatView) -> bool:
    """The deal's last stage: ``ENDGAME_CARDS`` or fewer cards in all hands."""
    return sum(view.counts) <= ENDGAME_CARDS


def opening_gated(budget: Budget) -> bool:
    """Whether the budget is small enough for hard's choice to stand in the opening."""
    if budget.think_nodes is not None:
        return budget.think_nodes < OPENING_NODES
    return budget.seconds * 1000.0 < OPENING_MS


def pick(outcomes: list[Outcome], margin: float = MARGIN, z: float = Z) -> str:
    """The best average; hard's choice (the first) unless another beats it deal
    by deal by ``margin`` points and by ``z`` standard errors (not by luck).
    Only an action tested on fresh deals may win (a two-phase search leaves the
    runners-up measured only on the deals that picked the challenger)."""
    tested = [o for o in outcomes[1:] if o.tested]
    if not tested:
        return outcomes[0].action
    best = max(tested, key=lambda o: o.gain)
    if best.gain > max(margin, z * best.error):
        return best.action
    return outcomes[0].action



def _found(outcomes: list[Outcome], best: str) -> Reason:
    """The hint's reason for the search's choice, in figures."""
    chosen = next(o for o in outcomes if o.action == best)
    others = sorted((o for o in outcomes if o.action != best), key=lambda o: -o.mean)
    if not others:
        return searched(chosen.rollouts, best, 0.0, None)
    return searched(chosen.rollouts, best, chosen.mean - others[0].mean, others[0].action)

__all__ = ["ExpertBot", "Decision", "pick"]
