"""Playing a guessed deal out fast, and scoring it in the match's own terms.

The rollout policy plays like the hard bot wherever that is cheap, with the
rollout's full knowledge of the guessed deal standing in for hard's own
guesses (does any opponent hold a beat?), so a deal plays out in about two
milliseconds. It leads like hard over whole groups (low ranks first; the
play before the last one chosen to stand; under 憋3 the 冲牌 carries the 2s
and jokers), follows an opponent by hard's score of each beat (plays saved,
2s and jokers spent, a group broken, stopping a player about to go out,
denying the 对头's 开点, a play that leaves one more that stands), 让s rather
than passes, lets a partner's play stand unless a short hand can finish over
it, burns an opponent's 够级 play with the cheapest burn, and breaks a burn
(解烧) when it can. Against hard itself (800 deals, one team each, seats
swapped) it now scores about level with hard: following like hard took it
from 6% of deals won to 39%, leading and 让 like hard to level.
The policy is deterministic: the guessed deals carry the variety.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from gouji.engine.actions import Move, MoveKind, parse_action
from gouji.engine.cards import ACE, BIG, NATURALS, SMALL, THREE, TWO
from gouji.engine.game import Game
from gouji.engine.phases import ANSWER, BURN, FOLLOW, LEAD, OVER
from gouji.engine.plays import GOUJI_MINIMUM, NO_RANK, Play
from gouji.engine.rules import RuleSet
from gouji.engine.search_state import SearchState
from gouji.engine.seats import SEATS, opposite, same_team, team

from ..handplan import beatable_by, closing_play
from ..scripted import LEVELS, Style

PLAY = MoveKind.PLAY
PASS, NOBURN, RANG = Move(MoveKind.PASS), Move(MoveKind.NOBURN), Move(MoveKind.RANG)
_move = tuple.__new__   # Move/Play without the NamedTuple constructor: the hot path
MAX_STEPS = 2000        # a guard: a deal ends long before this
_HARD = LEVELS["hard"]  # the follow's weights are hard's own (bots/scripted.py)


class Knobs(NamedTuple):
    """How one seat plays in the rollouts: hard's follow and lead with that
    seat's own weights. bots/search/table_read.py reads the first four off each
    player's play so far (not every table plays like hard): the wish to beat
    rather than pass and the price of 2s and jokers. The others are the rest of
    ``bots/scripted.py``'s weights the rollout uses where the levels differ;
    every one defaults to hard's, so ``HARD_KNOBS`` is hard's own policy.
    ``of_style`` makes a level's (or a panel style's) knobs."""

    beat_bias: float = _HARD.beat_bias
    cost_two: float = _HARD.cost_two
    cost_small: float = _HARD.cost_small
    cost_big: float = _HARD.cost_big
    beat_value: float = _HARD.beat_value       # wanting the lead back from an opponent
    boss_value: float = _HARD.boss_value       # a play nobody can beat (a follow with a joker; a lead near the end)
    break_cost: float = _HARD.break_cost       # a follow that breaks a group
    overshoot: float = _HARD.overshoot         # per rank a follow goes above what was needed
    finish_value: float = _HARD.finish_value   # a play leaving one more play to go, if it stands
    closer_cost: float = _HARD.closer_cost     # 憋3: a play leaving the 冲牌 to be beaten
    lead_rank: float = _HARD.lead_rank         # how strongly leads prefer low ranks
    rang_value: float = _HARD.rang_value       # 让 while the partner is in

    @classmethod
    def of_style(cls, style: Style) -> "Knobs":
        """The rollout's knobs of a scripted style (``LEVELS["normal"]`` → normal's)."""
        return cls(**{name: float(getattr(style, name)) for name in cls._fields})


HARD_KNOBS = Knobs()
ALL_HARD = (HARD_KNOBS,) * 6


@dataclass(frozen=True)
class Stakes:
    """What a deal is worth beyond its points: the next deal's tribute (§5–§8.3),
    in points per card given or taken; zero in a match's last deal or a lone deal."""

    card: float = 0.0
    declared: tuple[tuple[int, int], ...] = ()   # (declarer, target): the target's 点贡 doubles
    match_win: float = 0.0   # the match's last deal (a lone deal is one): points a won match adds, a lost one takes
    lead: int = 0            # the seat's team's running total minus the other's, before this deal
    last: bool = False       # no deal follows: the seat's team plays on knowing 开点 is worth nothing


@dataclass(frozen=True)
class Job:
    """Rollouts for one batch of guessed deals: every candidate from every deal,
    the same rollout seed for all candidates of a deal (common random numbers)."""

    rules: RuleSet
    seat: int
    candidates: tuple[str, ...]
    stakes: Stakes
    knobs: tuple[Knobs, ...] = ALL_HARD   # per seat: how the rollouts play it


class Stuck(Exception):
    """A guessed deal the rules cannot play on (a guess that broke a check)."""


def run_games(job: Job, roots: Sequence[Game], seeds: Sequence[int], explore: float = 0.0) -> list[list[float]]:
    """Per guessed deal (a light game, its rollout seed), the value of each
    candidate for the seat's team (a deal that gets stuck is left out for every
    candidate alike); ``explore`` as in ``play_out`` (the offline truth judge only)."""
    moves = [parse_action(text) for text in job.candidates]
    out = []
    for root, seed in zip(roots, seeds):
        try:
            out.append([_value_after(root, move, job, seed, explore) for move in moves])
        except Stuck:
            continue
    return out


def _value_after(root: Game, move: Move, job: Job, seed: int, explore: float) -> float:
    game = root.clone(light=True)
    game.flow.act(move)
    play_out(game, random.Random(seed), explore=explore, sensed=team(job.seat) if job.stakes.last else -1,
             knobs=job.knobs)
    return deal_value(game, job.seat, job.stakes)


def play_out(game: Game, rng: random.Random, validate: bool = False, explore: float = 0.0, sensed: int = -1,
             knobs: Sequence[Knobs] = ALL_HARD) -> int:
    """The deal to its end by ``policy``; returns the moves made. The fast path
    acts on the engine's state directly (the game's action list is left
    behind); ``validate`` goes through ``Game.apply_move`` and checks every
    move (the benchmark's slow path). With ``explore``, that share of the
    moves is a legal move drawn from ``rng`` instead (the offline truth judge's
    varied continuations: one deterministic continuation of a real deal is a
    single chaotic outcome; the search itself never explores). The team
    ``sensed`` (0 or 1; -1 none) plays with the expert's judgement: when no
    deal follows, whether a player opens is worth nothing to it (it neither
    denies the 对头's open nor leads a 够级 to open), as the expert plays.
    ``knobs``: how each seat follows (hard's everywhere by default)."""
    flow = game.flow
    act = game.apply_move if validate else flow.act
    for step in range(MAX_STEPS):
        if flow.phase == OVER:
            return step
        move = _policy(flow, sensed, knobs)
        if explore and rng.random() < explore:
            move = rng.choice(flow.moves() or [move])
        act(move)
    raise Stuck(f"a rollout did not end: {game.position()}")


def deal_value(game: Game, seat: int, stakes: Stakes) -> float:
    """Recorded points of the seat's team minus the other team's, plus the
    tribute the result sets up for the next deal or, in the match's last deal,
    the match itself: won (+``match_win``), drawn (0) or lost (−``match_win``)."""
    even, odd = game.score()
    points = even - odd if team(seat) == 0 else odd - even
    value = float(points)
    if stakes.card:
        value += stakes.card * _tribute_balance(game, seat, stakes)
    if stakes.match_win:
        margin = stakes.lead + points
        value += stakes.match_win * ((margin > 0) - (margin < 0))
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


def policy(game: Game, rng: random.Random, knobs: Sequence[Knobs] = ALL_HARD) -> Move:
    """The move of the seat to act, each seat played by its ``knobs`` (hard's by
    default; ``rng`` is not drawn on: the policy is deterministic, and the
    callers keep one for a randomised policy)."""
    return _policy(game.flow, knobs=knobs)


def _policy(f: SearchState, sensed: int = -1, knobs: Sequence[Knobs] = ALL_HARD) -> Move:
    """``policy`` on the engine's state itself: no copies of hands, no play text
    (the hot path); ``sensed`` and ``knobs`` as in ``play_out``."""
    seat = f.current
    assert seat is not None
    phase = f.phase
    hand = f.counts[seat]
    rules = f.rules
    if seat in f.burning:   # burn duties (§3.5): rare, so the slow way
        return _cheapest(f)
    opens = rules.kai_dian and seat % 2 != sensed   # 开点 at stake for this seat's play (``team`` inline)
    if phase == LEAD:
        return _lead_like_hard(f, seat, hand, rules.bie_san, opens, knobs[seat])
    owner, play = f.owner, f.standing
    assert owner is not None and play is not None
    if phase == BURN:
        return _empties(f, hand, play) or (NOBURN if (owner - seat) % 2 == 0 else _burn(f))
    if (owner - seat) % 2 == 0:   # a partner's play (``same_team`` inline)
        if sum(hand) > 6:
            return PASS   # only a short hand's finish is worth overtaking a partner (the hot path)
        shape = _Shape(hand, rules.bie_san)
        if shape.moves > 2:
            return PASS
        return _follow_like_hard(f, seat, shape, owner, play, phase == ANSWER and opens, list(f.beats()),
                                 knobs[seat])
    if owner in f.burning and seat == (owner + 3) % 6:
        return _break_burn(f)
    beats = list(f.beats())   # the plays of ``f.moves()``, unwrapped (the hot path)
    if not beats:   # a third of the steps: 让 or pass, as ``_follow_like_hard`` would have it
        return RANG if _rang_value(f, seat, knobs[seat]) > 0.0 and phase == FOLLOW and f.rang_allowed(seat) else PASS
    return _follow_like_hard(f, seat, _Shape(hand, rules.bie_san), owner, play, phase == ANSWER and opens, beats,
                             knobs[seat])


def _follow_like_hard(f: SearchState, seat: int, shape: "_Shape", owner: int, standing: Play, deny: bool,
                      beats: list[Play], knobs: Knobs = HARD_KNOBS) -> Move:
    """The hard bot's follow (bots/scripted.py ``_score_beat``) with the rollout's
    full knowledge for hard's guessed deals: plays saved, 2s and jokers spent, a
    group broken, the stakes of taking the lead (stop an opponent about to go
    out, leave a partner alone), the rank overshot, the 对头's 开点 denied, a dead
    play's sure round, a play leaving one more that stands, the 冲牌 kept safe
    under 憋3; 让 rather than pass while the partner is still in. ``deny``: an
    answer to the 对头 where his 开点 is at stake for this seat. The plain
    terms are counted inline (the hot path); the stand checks only for the few
    plays that leave one or two plays to go."""
    hard = _HARD
    partner = same_team(owner, seat)
    if partner:
        stakes = hard.overtake
    elif sum(f.counts[owner]) <= max(hard.stop_cards, standing.size):
        stakes = hard.stop_value
    else:
        stakes = knobs.beat_value
    if deny and not f.opened()[owner]:
        stakes += hard.deny_value
    hand = shape.hand
    scale = 0.5 if shape.moves <= 2 else 1.0
    best: Play | None = None   # None: pass
    best_score = hard.partner_pass if partner else 0.0
    base = shape.moves + stakes + knobs.beat_bias
    cost_two, cost_small, cost_big = knobs.cost_two, knobs.cost_small, knobs.cost_big
    break_cost, overshoot, boss_value = knobs.break_cost, knobs.overshoot, knobs.boss_value
    finish_value, standing_rank = knobs.finish_value, standing.rank
    total, groups, flex, threes = shape.total, shape.groups, shape.flex, hand[THREE]
    bie = shape.bie
    for play in beats:
        rank, naturals, twos, small, big = play
        size = naturals + twos + small + big
        if size == total:
            return _move(Move, (PLAY, play, ""))
        # ``shape.moves_after(play)``, inline (the hot path)
        left_groups, left_threes = groups, threes
        if naturals and rank < TWO:
            left_groups -= naturals == hand[rank]
            if rank == THREE:
                left_threes -= naturals
        left_flex = flex - twos - small - big
        if bie and left_threes:   # ``_Shape._moves``, inline
            others = left_groups - 1
            moves_after = 1 + others + (1 if left_flex and not others else 0)
        elif left_groups:
            moves_after = left_groups
        else:
            moves_after = 1 if left_flex else 0
        score = (base - moves_after + 0.04 * size
                 - scale * (twos * cost_two + small * cost_small + big * cost_big))
        if naturals and rank < TWO:
            if naturals < hand[rank]:
                score -= break_cost
            if standing_rank >= 0 and rank - standing_rank - 1 > 0:
                score -= overshoot * (rank - standing_rank - 1)
        if big:
            score += boss_value
        if moves_after <= 2 and score + finish_value > best_score:
            score += _ending(f, seat, shape, play, moves_after, knobs)
        if score > best_score:
            best, best_score = play, score
    # the cheap test first: ``rang_allowed`` looks at half the table
    if _rang_value(f, seat, knobs) > best_score and f.phase == FOLLOW and f.rang_allowed(seat):
        return RANG   # last in ``f.moves()``: it wins only by beating every play
    return PASS if best is None else _move(Move, (PLAY, best, ""))


def _rang_value(f: SearchState, seat: int, knobs: Knobs = HARD_KNOBS) -> float:
    """让 is worth the seat's ``rang_value`` (hard's by default) while the partner it hands the play to is in."""
    return knobs.rang_value if any(f.counts[(seat + 2) % 6]) else -1.0


def _ending(f: SearchState, seat: int, shape: "_Shape", play: Play, moves_after: int,
            knobs: Knobs = HARD_KNOBS) -> float:
    """Hard's ``_finish_bonus`` and ``_closer_risk`` with full knowledge: a play
    that leaves one more play to go is worth ``finish_value`` if it stands; under
    憋3 a play that leaves the 冲牌 and the 3s costs ``closer_cost`` if the 冲牌
    would be beaten (the seat's own weights: hard's by default)."""
    if moves_after == 1:
        return knobs.finish_value if play.big or _stands(f, seat, play) else 0.0
    if not (shape.bie and knobs.closer_cost):
        return 0.0
    left = shape.hand[:]
    for rank, n in enumerate(play.counts()):
        left[rank] -= n
    closer = closing_play(left)
    if closer is None or closer.big or _stands(f, seat, closer):
        return 0.0
    return -knobs.closer_cost


class _Shape:
    """A hand's groups, for ``moves_needed`` after a play without copying the
    hand (bots/handplan.py ``moves_needed``, same answers)."""

    __slots__ = ("hand", "bie", "groups", "flex", "total", "moves")

    def __init__(self, hand: list[int], bie_san: bool) -> None:
        self.hand, self.bie = hand, bie_san and hand[THREE] > 0
        self.groups = TWO - hand[:TWO].count(0)   # natural ranks held (3..A)
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


def _lead_like_hard(f: SearchState, seat: int, hand: list[int], bie_san: bool, opens: bool,
                    knobs: Knobs = HARD_KNOBS) -> Move:
    """The hard bot's lead (bots/scripted.py ``_score_lead``) over whole natural
    groups, with the rollout's full knowledge standing in for hard's guessed
    deals: low ranks first, a little for size; going out when the hand is one
    play; the play before the last one (the 冲牌 under 憋3) chosen to stand
    (no opponent can beat it); a boss kept for a short hand; a 够级 lead at the
    unopened 对头; a low single for a partner with one card left."""
    shape = _Shape(hand, bie_san)
    if shape.moves <= 1:   # one natural rank with every 2 and joker, or 2s and jokers, or (憋3) the 3s alone
        return _all_in_one(hand)
    if shape.bie and shape.groups == 2 and shape.flex:   # the 冲牌 carries every 2 and joker: the 3s go next
        return _move(Move, (PLAY, closing_play(hand), ""))
    hard = _HARD
    mate = (seat + 2) % 6
    feed = sum(f.counts[mate]) == 1
    attack = opens and not f.opened()[seat] and f.hand_size(opposite(seat)) > 0
    best, best_score = None, -1e9
    for rank in NATURALS:
        n = hand[rank]
        if not n or (shape.bie and rank == THREE):
            continue
        play: Play = _move(Play, (rank, n, 0, 0, 0))
        strength = rank / ACE
        score = -knobs.lead_rank * strength + hard.lead_size * n
        last_but_one = shape.moves_after(play) == 1
        if last_but_one or shape.moves <= 3:
            stands = _stands(f, seat, play)
            if last_but_one:
                score += knobs.finish_value * stands
            if stands and shape.moves <= 3:
                score += knobs.boss_value
        if attack and n >= GOUJI_MINIMUM.get(rank, 99):
            score += hard.attack_value
        if feed and n == 1:
            score += 1.5 - strength
        if score > best_score:
            best, best_score = play, score
    return _move(Move, (PLAY, best if best is not None else lead_play(hand, bie_san), ""))


def _all_in_one(hand: list[int]) -> Move:
    """The lead of every card in one play, for a hand of one natural rank or
    none: the play of ``f.moves()`` that empties it, built directly (legal: a
    non-burner may lead any natural rank with any 2s and jokers, §1.2)."""
    twos, small, big = hand[TWO], hand[SMALL], hand[BIG]
    for rank in NATURALS:
        if hand[rank]:
            return _move(Move, (PLAY, _move(Play, (rank, hand[rank], twos, small, big)), ""))
    return _move(Move, (PLAY, _move(Play, (TWO if twos else NO_RANK, 0, twos, small, big)), ""))


def _stands(f: SearchState, seat: int, play: Play) -> bool:
    """No opponent still playing holds a beat for ``play`` (partners would pass)."""
    as_small, revolted = f.rules.jokers_mix_as_small, f.setup.revolted
    need = play.size
    for other in range(seat + 1, seat + 6, 2):
        other %= 6
        hand = f.counts[other]
        size = sum(hand)
        if size >= need and other not in revolted and beatable_by(play, hand, size, as_small):
            return False
    return True


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


def _burn(f: SearchState) -> Move:
    """烧牌 on an opponent's 够级 play with the cheapest burn there is (hard's own
    judgement of burns did no better in the rollouts: 800 deals, within noise)."""
    burns = [m for m in f.moves() if m.play is not None]
    return min(burns, key=_spend) if burns else NOBURN


def _empties(f: SearchState, hand: list[int], standing: Play) -> Move | None:
    """A burn (or 无头 beat) that plays the last cards, if there is one."""
    if sum(hand) != standing.size:
        return None
    return next((m for m in f.moves() if m.play is not None and m.play.size == sum(hand)), None)


def _break_burn(f: SearchState) -> Move:
    """解烧 (§3.5): the burner's 对头 answers his play with the cheapest beat he
    has (jokers included), as a player would; else he passes."""
    plays = [m for m in f.moves() if m.play is not None]
    return min(plays, key=_spend) if plays else PASS


def _cheapest(f: SearchState) -> Move:
    """A burner's move: going out, else the legal play that spends least, else pass."""
    moves = f.moves()
    if not moves:
        raise Stuck(f"seat {f.current} has no legal move in phase {f.phase} (hands {f.counts})")
    plays = [m for m in moves if m.play is not None]
    if not plays:
        return moves[0]
    if f.phase != LEAD and any(m.play is None for m in moves):
        return next(m for m in moves if m.play is None)
    return min(plays, key=_spend)


def _spend(move: Move) -> tuple[int, int, int]:
    play = move.play
    assert play is not None
    return (play.big * 3 + play.small * 2 + play.twos, play.rank, -play.size)


__all__ = ["Job", "Knobs", "HARD_KNOBS", "ALL_HARD", "Stakes", "Stuck", "run_games", "play_out", "deal_value", "policy"]
