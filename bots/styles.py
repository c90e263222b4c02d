"""Opponent styles for the arena's evaluation panel (``python -m gouji.sim --panel``).

The expert's search assumes the other seats play like ``hard``. To see whether
it is strong against every table and not only against the bot it models, the
panel plays it against tables with other habits:

* ``easy``, ``normal``, ``hard``: the scripted levels as the game offers them;
* ``noisy``: hard, but at a share of its decisions (``NOISE_SHARE``, 20%) with
  a choice a random legal action other than hard's, drawn from the rng the
  arena hands it (so seeded by the deal);
* ``hoarder``: keeps its 2s and jokers. It plays hard's best action that
  spends none, and spends one only to go out or when it must play and every
  play it has holds one (a lead of nothing but 2s and jokers);
* ``spender``: hard with 2s and jokers costing nothing, beating rather than
  passing and minding a high lead less: it spends its big cards early;
* ``passive``: hard that passes unless a play is clearly worth it (it beats,
  burns, stops and denies far less).

These are yardsticks for the arena, not levels a player chooses: they are
not in ``bots.NAMES`` and the settings never offer them. Like every bot they
see only the seat's ``SeatView`` and answer with a legal action of it.

    bot = make_style("hoarder", seat=1, seed=7)
    action = bot.choose(view, rng)
"""

from __future__ import annotations

import random
from dataclasses import replace

from gouji.engine.actions import parse_action
from gouji.engine.view import SeatView

from .base import Bot
from .scripted import LEVELS, ScriptedBot, Style
from .search.rollout import HARD_KNOBS, Knobs

NOISE_SHARE = 0.2   # the noisy bot's share of random moves (at decisions with a choice)

# Measured over 40 qingdao deals (seeds 0-19, swapped) against hard: hard spends
# 46% of its 2s and jokers in the first half of its plays, the spender all of them,
# the hoarder 15% as many plays with one before its last play; hard passes 28% of the
# times it may pass or play, the passive 57%, the spender 12%.
SPENDER = replace(LEVELS["hard"], cost_two=0.0, cost_small=0.0, cost_big=0.0, beat_bias=0.0, lead_rank=1.2)
PASSIVE = replace(LEVELS["hard"], beat_bias=-1.0, burn_bias=-1.0, stop_value=1.6, deny_value=0.4,
                  beat_value=0.8)

STYLES = ("normal", "hard", "easy", "noisy", "hoarder", "spender", "passive")


def spends_big(action: str) -> bool:
    """Whether the action puts down a 2 or a joker (a play or a burn)."""
    play = parse_action(action).play
    return play is not None and (play.twos + play.small + play.big) > 0


def goes_out(view: SeatView, action: str) -> bool:
    """Whether the action empties the seat's hand."""
    play = parse_action(action).play
    return play is not None and play.size == sum(view.hand)


class StyledBot(ScriptedBot):
    """Hard's scoring with other knobs (``spender``, ``passive``), under the style's name."""

    def __init__(self, seat: int, name: str, style: Style) -> None:
        super().__init__(seat, "hard", style)
        self.name = name


class HoarderBot:
    """Hard's ranking, keeping 2s and jokers: the best action that spends none,
    unless one goes out or nothing else may be played."""

    name = "hoarder"

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.hard = ScriptedBot(seat, "hard")

    def choose(self, view: SeatView, rng: random.Random | None = None) -> str:
        ranked = self.hard.rank_actions(view, rng)
        if not view.phase.in_play:
            return ranked[0].action
        for item in ranked:
            if not spends_big(item.action) or goes_out(view, item.action):
                return item.action
        return ranked[0].action   # a lead of nothing but 2s and jokers: hard's pick of them


class NoisyBot:
    """Hard, but at ``share`` of the decisions that have a choice it plays a
    random legal action other than hard's."""

    name = "noisy"

    def __init__(self, seat: int, seed: int = 0, share: float = NOISE_SHARE) -> None:
        if not 0.0 <= share <= 1.0:
            raise ValueError(f"the noise share must be from 0 to 1, got {share!r}")
        self.seat, self.share = seat, share
        self.hard = ScriptedBot(seat, "hard")
        self._own = random.Random(f"noisy {seed} {seat}")   # only when no rng is given

    def choose(self, view: SeatView, rng: random.Random | None = None) -> str:
        draw = rng if rng is not None else self._own
        best = self.hard.choose(view, draw)
        if len(view.legal_actions) < 2 or draw.random() >= self.share:
            return best
        return draw.choice([action for action in view.legal_actions if action != best])


def style_knobs(name: str) -> Knobs | None:
    """The expert's rollout knobs that play like the style ``name`` (the panel's
    oracle on style, ``GOUJI_ORACLE_STYLES``: measurement only): a level's or a
    styled hard's own weights; the hoarder as hard with 2s and jokers priced at
    the table reading's highest (×2.5); noisy as hard; None for a bot the
    rollouts have no knobs for (random, expert)."""
    if name in LEVELS:
        return Knobs.of_style(LEVELS[name])
    if name == "spender":
        return Knobs.of_style(SPENDER)
    if name == "passive":
        return Knobs.of_style(PASSIVE)
    if name == "noisy":
        return HARD_KNOBS
    if name == "hoarder":
        return HARD_KNOBS._replace(cost_two=2.5 * HARD_KNOBS.cost_two, cost_small=2.5 * HARD_KNOBS.cost_small,
                                   cost_big=2.5 * HARD_KNOBS.cost_big)
    return None


def make_style(name: str, seat: int, seed: int = 0) -> Bot:
    """An opponent of the panel by style name (``STYLES``)."""
    if seat not in range(6):
        raise ValueError(f"unknown seat {seat!r} (seats are 0..5)")
    if name in LEVELS:
        return ScriptedBot(seat, name)
    if name == "noisy":
        return NoisyBot(seat, seed)
    if name == "hoarder":
        return HoarderBot(seat)
    if name == "spender":
        return StyledBot(seat, "spender", SPENDER)
    if name == "passive":
        return StyledBot(seat, "passive", PASSIVE)
    raise ValueError(f"unknown style {name!r} (use one of {', '.join(STYLES)})")


__all__ = ["STYLES", "NOISE_SHARE", "make_style", "style_knobs", "HoarderBot", "NoisyBot", "StyledBot", "spends_big",
           "goes_out"]
