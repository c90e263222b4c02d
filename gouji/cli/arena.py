"""Bot tournaments: each seed is played twice with the teams swapped."""

from __future__ import annotations

import random
import statistics
import time
from collections import defaultdict
from dataclasses import dataclass, field

import bots

from ..engine.errors import IllegalAction
from ..engine.game import Game
from ..engine.match import Match
from ..engine.rules import RuleSet
from ..engine.scoring import is_chuan_san_hu, raw_team_points
from ..engine.seats import SEATS, team


@dataclass
class TeamStats:
    deals: int = 0
    points: int = 0
    won: int = 0
    first: int = 0
    chuan: int = 0

    def summary(self) -> dict[str, float | int]:
        n = max(self.deals, 1)
        return {"deals": self.deals, "avg_points": round(self.points / n, 3),
                "win_share": round(self.won / n, 3), "touke_rate": round(self.first / n, 3),
                "chuan_san_hu": self.chuan}


@dataclass(frozen=True)
class Thinking:
    """The search budget of bots that search (``expert``); the others ignore it."""

    think_ms: float | None = None
    think_nodes: int | None = None
    workers: int | None = None
    inference: bool = True   # False: the expert guesses hidden hands from the card count alone

    def summary(self) -> dict[str, float | int | bool]:
        budget = (("think_ms", self.think_ms), ("think_nodes", self.think_nodes), ("workers", self.workers))
        out: dict[str, float | int | bool] = {k: v for k, v in budget if v is not None}
        if not self.inference:
            out["inference"] = False
        return out


@dataclass
class Arena:
    rules: RuleSet
    thinking: Thinking = Thinking()
    times: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    illegal: int = 0
    decisions: int = 0

    def decision_ms(self) -> dict[str, dict[str, float]]:
        """Per bot: p50, p99, mean and max milliseconds of its decisions."""
        return {name: {"p50": round(percentile(t, 0.5) * 1000, 3), "p99": round(percentile(t, 0.99) * 1000, 3),
                       "mean": round(statistics.fmean(t) * 1000, 3), "max": round(max(t) * 1000, 3)}
                for name, t in self.times.items()}

    def warm_up(self, *names: str) -> None:
        """Start the search's workers before the clock runs (the table does the same)."""
        for name in set(names):
            for ready in bots.warm_up(name, self.thinking.workers):
                ready.result(timeout=60)

    def play(self, seed: int, names: list[str]) -> Game:
        """One deal with bot ``names[seat]`` in each seat."""
        game = Game.new_deal(seed, self.rules)
        self._run(game, seed, names)
        return game

    def play_match(self, seed: int, names: list[str]) -> Match:
        """A whole match (RULES §4–§8: tribute, 宣点, 革命 ... between deals)."""
        match = Match.new(seed, self.rules)
        self._run(match, seed, names)
        return match

    def make_players(self, names: list[str], seed: int) -> list[bots.Bot]:
        """The deal's bots, one per seat (the panel puts its styles here)."""
        think = self.thinking
        return [bots.make(name, seat, seed, think.think_ms, think.think_nodes, think.workers, think.inference)
                for seat, name in enumerate(names)]

    def done_with(self, players: list[bots.Bot]) -> None:
        """Called when a deal or match is over (the panel counts failed searches here)."""

    def _run(self, game: Game | Match, seed: int, names: list[str]) -> None:
        players = self.make_players(names, seed)
        rngs = [random.Random(seed * 7919 + seat) for seat in SEATS]
        while not game.is_over:
            seat = game.current_seat
            assert seat is not None
            view = game.view(seat)
            start = time.perf_counter()
            action = players[seat].choose(view, rngs[seat])
            spent = time.perf_counter() - start
            self.times[names[seat]].append(spent)
            if getattr(players[seat], "searched", False):   # the search budget is about these
                self.times[f"{names[seat]} searched"].append(spent)
            self.decisions += 1
            try:
                game.apply(action)
            except IllegalAction:
                self.illegal += 1
                game.apply(rngs[seat].choice(game.legal_actions()))
        self.done_with(players)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run_match(games: int, seed: int, team_a: str, team_b: str, rules: RuleSet,
              thinking: Thinking = Thinking()) -> dict:
    arena = Arena(rules, thinking)
    arena.warm_up(team_a, team_b)
    stats = {"a": TeamStats(), "b": TeamStats()}
    per_seed: list[list[int]] = []
    start = time.perf_counter()
    for i in range(games):
        row = [seed + i, 0, 0, 0, 0]
        for a_team in (0, 1):  # team A on the even seats, then on the odd seats
            names = [team_a if team(s) == a_team else team_b for s in SEATS]
            game = arena.play(seed + i, names)
            raw = raw_team_points(game.places, rules)
            for key, side in (("a", a_team), ("b", 1 - a_team)):
                st = stats[key]
                st.deals += 1
                st.points += raw[side]
                st.won += raw[side] > 0
                st.first += team(game.places[0]) == side
                st.chuan += is_chuan_san_hu(game.places) and team(game.places[0]) == side
            add_seating(row, raw[a_team], raw[1 - a_team], raw[a_team] > 0, raw[1 - a_team] > 0)
        per_seed.append(row)
    seconds = time.perf_counter() - start
    return {
        "games": games * 2, "seed": seed, "rules": rules.preset_name() or "custom", **thinking.summary(),
        "team_a": {"bot": team_a, **stats["a"].summary()},
        "team_b": {"bot": team_b, **stats["b"].summary()},
        "decision_ms": arena.decision_ms(),
        "decisions": arena.decisions, "seconds": round(seconds, 2),
        "deals_per_s": round(games * 2 / seconds, 2), "illegal": arena.illegal, "per_seed": per_seed,
    }


def add_seating(row: list[int], a: int, b: int, a_won: bool, b_won: bool) -> None:
    """One seating of a seed into its row ``[seed, A's points, B's points, A's wins, B's wins]``
    (both seatings summed: enough to pair two runs seed by seed, ``gouji.cli.arenapair``)."""
    row[1] += a
    row[2] += b
    row[3] += a_won
    row[4] += b_won


def run_matches(matches: int, seed: int, team_a: str, team_b: str, rules: RuleSet,
                thinking: Thinking = Thinking()) -> dict:
    """Whole matches, each seed twice with the teams swapped: who wins the series."""
    arena = Arena(rules, thinking)
    arena.warm_up(team_a, team_b)
    won = {"a": 0, "b": 0}
    totals = {"a": 0, "b": 0}
    per_seed: list[list[int]] = []
    start = time.perf_counter()
    for i in range(matches):
        row = [seed + i, 0, 0, 0, 0]
        for a_team in (0, 1):
            names = [team_a if team(s) == a_team else team_b for s in SEATS]
            final = arena.play_match(seed + i, names).totals
            a, b = final[a_team], final[1 - a_team]
            totals["a"] += a
            totals["b"] += b
            won["a"] += a > b
            won["b"] += b > a
            add_seating(row, a, b, a > b, b > a)
        per_seed.append(row)
    n = matches * 2
    seconds = time.perf_counter() - start
    return {
        "matches": n, "deals_per_match": rules.series_length, "seed": seed, **thinking.summary(),
        "rules": rules.preset_name() or "custom",
        "team_a": {"bot": team_a, "match_win_share": round(won["a"] / n, 3), "avg_total": round(totals["a"] / n, 2)},
        "team_b": {"bot": team_b, "match_win_share": round(won["b"] / n, 3), "avg_total": round(totals["b"] / n, 2)},
        "draws": n - won["a"] - won["b"], "decision_ms": arena.decision_ms(), "decisions": arena.decisions,
        "seconds": round(seconds, 2),
        "illegal": arena.illegal, "per_seed": per_seed,
    }
