"""Playing a guessed deal out fast, and scoring it in the match's own terms.

The rollout policy plays like the hard bot wherever that is cheap, so a deal
plays out in about a millisecond: lead the lowest group whole; follow an
opponent by hard's own score of each beat (plays saved, 2s and jokers spent,
a group broken, stopping a player about to go out, denying the 对头's 开点),
without hard's guessed deals; let a partner's play stand; burn an opponent's
够级 play with the cheapest burn; a burner's 对头 breaks the burn (解烧) when he
can. Following like hard took the policy from 6% of deals won against hard to
39% (hard 46%), which is what makes the search's averages worth trusting.
The policy is deterministic: the guessed deals carry the variety.
``run_job`` is what the worker processes run.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from gouji.engine.actions import Move, parse_action
from gouji.engine.cards import BIG, NATURALS, SMALL, THREE, TWO
from gouji.engine.game import Game
from gouji.engine.phases import ANSWER, BURN, LEAD
from gouji.engine.plays import NO_RANK, Play, parse_play
from gouji.engine.rules import RuleSet
from gouji.engine.seats import SEATS, opposite, same_team, team

from ..scripted import LEVELS

PASS, NOBURN = Move("pass"), Move("noburn")
_move = tuple.__new__   # Move/Play without the NamedTuple constructor: the hot path
MAX_STEPS = 2000        # a guard: a deal ends long before this
_HARD = LEVELS["hard"]  # the follow's weights are hard's own (bots/scripted.py)
_COST_TWO, _COST_SMALL, _COST_BIG = _HARD.cost_two, _HARD.cost_small, _HARD.cost_big


@dataclass(frozen=True)
class Stakes:
    """What a deal is worth beyond its points: the next deal's tribute (§5–§8.3),
    in points per card given or taken; zero in a match's last deal or a lone deal."""

    card: float = 0.0
    declared: tuple[tuple[int, int], ...] = ()   # (declarer, target): the target's 点贡 doubles


@dataclass(frozen=True)
class Job:
    """Rollouts for one batch of guessed deals: every candidate from every deal,
    the same rollout seed for all candidates of a deal (common random numbers)."""

    rules: RuleSet
    seat: int
    positions: tuple[str, ...]
    seeds: tuple[int, ...]
    candidates: tuple[str, ...]
    stakes: Stakes


class Stuck(Exception):
    """A guessed deal the rules cannot play on (a guess that broke a check)."""


def run_job(job: Job) -> list[list[float]]:
    """Per guessed deal, the value of each candidate for the seat's team (a deal
    that gets stuck is left out for every candidate alike)."""
    moves = [parse_action(text) for text in job.candidates]
    out = []
    for position, seed in zip(job.positions, job.seeds):
        root = Game.from_position(position, job.rules).clone(light=True)
        try:
            out.append([_value_after(root, move, job, seed) for move in moves])
        except Stuck:
            continue
    return out


def _value_after(root: Game, move: Move, job: Job, seed: int) -> float:
    game = root.clone(light=True)
    game.apply_move(move, validate=False)
    play_out(game, random.Random(seed))
    return deal_value(game, job.seat, job.stakes)


def play_out(game: Game, rng: random.Random, validate: bool = False) -> None:
    """The deal to its end by ``policy``; ``validate`` checks every move (the benchmark's slow path)."""
    for _ in range(MAX_STEPS):
        if game.is_over:
            return
        game.apply_move(policy(game, rng), validate=validate)
    raise Stuck(f"a rollout did not end: {game.position()}")


def deal_value(game: Game, seat: int, stakes: Stakes) -> float:
    """Recorded points of the seat's team minus the other team's, plus the
    tribute the result sets up for the next deal."""
    even, odd = game.score()
    value = float(even - odd if team(seat) == 0 else odd - even)
    if stakes.card:
        value += stakes.card * _tribute_balance(game, seat, stakes)
    return value


def _tribute_balance(game: Game, seat: int, stakes: Stakes) -> float:
    """Cards my team receives minus cards it pays next deal (点贡, 烧贡, 闷贡, as far
    as the rules' ``tribute_order`` has them; 翻车 and 落贡 are left out: rarer, or
    the same for every candidate)."""
    opened, mine, kinds = game.opened, team(seat), game.rules.tribute_order
    stake = {target: 2 for _, target in stakes.declared}
    balance = 0.0
    if "dian" in kinds:
        for s in SEATS:
            if not opened[s] and opened[opposite(s)]:
                balance += stake.get(s, 1) * (-1 if team(s) == mine else 1)
    if "shao" in kinds:
        for burner, victim in game.burn_wins:
            if not same_team(burner, victim):
                balance += 1 if team(burner) == mine else -1
    if "men" in kinds:
        for stuck, beater in game.men.items():
            if not same_team(stuck, beater):
                balance += 1 if team(beater) == mine else -1
    return balance


def policy(game: Game, rng: random.Random) -> Move:
    """The move of the seat to act (``rng`` is not drawn on: the policy is
    deterministic, and the callers keep one for a randomised policy)."""
    seat = game.current_seat
    assert seat is not None
    phase = game.phase
    hand = game.hand_counts(seat)
    bie_san = game.rules.bie_san
    if seat in game.burning:   # burn duties (§3.5): rare, so the slow way
        return _cheapest(game)
    if phase == LEAD:
        return _move(Move, ("play", lead_play(hand, bie_san), ""))
    standing = game.standing
    assert standing is not None
    owner, text = standing
    play = parse_play(text)
    if phase == BURN:
        return _empties(game, hand, play) or (NOBURN if same_team(owner, seat) else _burn(game))
    if same_team(owner, seat):
        return PASS
    if owner in game.burning and seat == opposite(owner):
        return _break_burn(game)
    return _follow_like_hard(game, seat, hand, owner, play, phase == ANSWER)


def _follow_like_hard(game: Game, seat: int, hand: list[int], owner: int, standing: Play, answering: bool) -> Move:
    """The hard bot's follow (bots/scripted.py ``_score_beat``) without its guessed
    deals: plays saved, 2s and jokers spent, a group broken, the stakes of
    taking the lead (stop an opponent about to go out, leave a partner alone),
    the rank overshot, the 对头's 开点 denied. Counted inline: the hot path."""
    hard = _HARD
    partner = same_team(owner, seat)
    if partner:
        stakes = hard.overtake
    elif game.hand_size(owner) <= max(hard.stop_cards, standing.size):
        stakes = hard.stop_value
    else:
        stakes = hard.beat_value
    if answering and game.rules.kai_dian and not game.opened[owner]:
        stakes += hard.deny_value
    shape = _Shape(hand, game.rules.bie_san)
    scale = 0.5 if shape.moves <= 2 else 1.0
    best, best_score = PASS, (hard.partner_pass if partner else 0.0)
    base = shape.moves + stakes + hard.beat_bias
    for move in game.legal_moves():
        play = move.play
        if play is None:
            continue
        size = play.naturals + play.twos + play.small + play.big
        if size == shape.total:
            return move
        score = (base - shape.moves_after(play) + 0.04 * size
                 - scale * (play.twos * _COST_TWO + play.small * _COST_SMALL + play.big * _COST_BIG))
        rank = play.rank
        if play.naturals and rank < TWO:
            if play.naturals < hand[rank]:
                score -= hard.break_cost
            if standing.rank >= 0:
                score -= hard.overshoot * max(0, rank - standing.rank - 1)
        if score > best_score:
            best, best_score = move, score
    return best


class _Shape:
    """A hand's groups, for ``moves_needed`` after a play without copying the
    hand (bots/handplan.py ``moves_needed``, same answers)."""

    __slots__ = ("hand", "bie", "groups", "flex", "total", "moves")

    def __init__(self, hand: list[int], bie_san: bool) -> None:
        self.hand, self.bie = hand, bie_san and hand[THREE] > 0
        self.groups = sum(1 for r in NATURALS if hand[r])
        self.flex = hand[TWO] + hand[SMALL] + hand[BIG]
        self.total = sum(hand)
        self.moves = self._moves(self.groups, self.flex, hand[THREE])

    def moves_after(self, play: Play) -> int:
        hand, groups, threes = self.hand, self.groups, self.hand[THREE]
        if play.naturals and play.rank < TWO:
            groups -= play.naturals == hand[play.rank]
            if play.rank == THREE:
                threes -= play.naturals
        return self._moves(groups, self.flex - play.twos - play.small - play.big, threes)

    def _moves(self, groups: int, flex: int, threes: int) -> int:
        if self.bie and threes:
            others = groups - 1
            return 1 + others + (1 if flex and not others else 0)
        if groups:
            return groups
        return 1 if flex else 0


def lead_play(hand: list[int], bie_san: bool) -> Play:
    """The lowest natural group, whole; 2s and jokers when nothing else is left
    (under 憋3 the 3s go last, alone)."""
    for rank in NATURALS:
        if hand[rank] and not (bie_san and rank == THREE):
            return _move(Play, (rank, hand[rank], 0, 0, 0))
    twos, small, big = hand[TWO], hand[SMALL], hand[BIG]
    if twos + small + big:
        return _move(Play, (TWO if twos else NO_RANK, 0, twos, small, big))
    return _move(Play, (THREE, hand[THREE], 0, 0, 0))


def _burn(game: Game) -> Move:
    """烧牌 on an opponent's 够级 play with the cheapest burn there is."""
    burns = [m for m in game.legal_moves() if m.play is not None]
    return min(burns, key=_spend) if burns else NOBURN


def _empties(game: Game, hand: list[int], standing: Play) -> Move | None:
    """A burn (or 无头 beat) that plays the last cards, if there is one."""
    if sum(hand) != standing.size:
        return None
    return next((m for m in game.legal_moves() if m.play is not None and m.play.size == sum(hand)), None)


def _break_burn(game: Game) -> Move:
    """解烧 (§3.5): the burner's 对头 answers his play with the cheapest beat he
    has (jokers included), as a player would; else he passes."""
    plays = [m for m in game.legal_moves() if m.play is not None]
    return min(plays, key=_spend) if plays else PASS


def _cheapest(game: Game) -> Move:
    """A burner's move: going out, else the legal play that spends least, else pass."""
    moves = game.legal_moves()
    if not moves:
        raise Stuck(game.position())
    plays = [m for m in moves if m.play is not None]
    if not plays:
        return moves[0]
    if game.phase != LEAD and any(m.play is None for m in moves):
        return next(m for m in moves if m.play is None)
    return min(plays, key=_spend)


def _spend(move: Move) -> tuple[int, int, int]:
    play = move.play
    assert play is not None
    return (play.big * 3 + play.small * 2 + play.twos, play.rank, -play.size)


__all__ = ["Job", "Stakes", "Stuck", "run_job", "play_out", "deal_value", "policy"]
