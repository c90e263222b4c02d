"""Playing a guessed deal out fast, and scoring it in the match's own terms.

The rollout policy is deliberately simple, so a deal plays out in a few
milliseconds: lead the lowest group whole, beat an opponent with the lowest
group of the same size (breaking a bigger one, or adding 2s, only when he is
about to go out), let a partner's play stand, never burn or 让 unless it
empties the hand; a burner's 对头 breaks the burn (解烧) when he can. ``run_job`` is what the worker processes run.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from gouji.engine.actions import Move, parse_action
from gouji.engine.cards import BIG, NATURALS, SMALL, THREE, TWO
from gouji.engine.game import Game
from gouji.engine.phases import BURN, LEAD
from gouji.engine.plays import NO_RANK, Play, parse_play
from gouji.engine.rules import RuleSet
from gouji.engine.seats import SEATS, opposite, same_team, team

PASS, NOBURN = Move("pass"), Move("noburn")
_move = tuple.__new__   # Move/Play without the NamedTuple constructor: the hot path
STOP_CARDS = 5          # an opponent this close to going out is stopped at any cost
SKIP_BEAT = 0.1         # chance a follower lets a beatable play go (variety between rollouts)
MAX_STEPS = 2000        # a guard: a deal ends long before this
USE_TWOS = True
BREAK = True


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
        return _empties(game, hand, play) or NOBURN
    if same_team(owner, seat):
        return PASS
    if owner in game.burning and seat == opposite(owner):
        return _break_burn(game)
    beat = beat_play(hand, play, bie_san, game.hand_size(owner) <= STOP_CARDS, rng)
    return PASS if beat is None else _move(Move, ("play", beat, ""))


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


def beat_play(hand: list[int], standing: Play, bie_san: bool, urgent: bool, rng: random.Random) -> Play | None:
    """The beat the hard bot would most likely make: the lowest group of exactly
    the size, else one made up with 2s, else a bigger group broken; only 2s
    when the owner is about to go out."""
    if standing.small or standing.big or standing.rank >= TWO:
        return None
    if not urgent and rng.random() < SKIP_BEAT:
        return None
    size = standing.size
    first = max(standing.rank + 1, THREE + 1 if bie_san else THREE)
    twos = hand[TWO]
    exact = made_up = broken = None
    for rank in range(first, TWO):
        have = hand[rank]
        if have == size:
            exact = rank
            break
        if made_up is None and 0 < have < size <= have + twos and USE_TWOS:
            made_up = rank
        elif broken is None and have > size and BREAK:
            broken = rank
    if exact is not None:
        return _move(Play, (exact, size, 0, 0, 0))
    if made_up is not None:
        return _move(Play, (made_up, hand[made_up], size - hand[made_up], 0, 0))
    if broken is not None:
        return _move(Play, (broken, size, 0, 0, 0))
    if urgent and twos >= size:
        return _move(Play, (TWO, 0, size, 0, 0))
    return None


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
