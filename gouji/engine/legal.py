"""Legal moves of the seat whose turn it is (RULES §3): leads, beats, burns,
pass, noburn and 让, as ``Move`` values in a fixed generation order."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .actions import Move, MoveKind, window_kind
from .cards import BIG, SMALL
from .movegen import beating_plays, empties, feasible, jokers_needed, lead_plays, remainder
from .phases import BURN, FOLLOW, LEAD
from .plays import Play
from .state import DealState

PLAY = MoveKind.PLAY
PASS, NOBURN, RANG = Move(MoveKind.PASS), Move(MoveKind.NOBURN), Move(MoveKind.RANG)
_new = tuple.__new__   # Move(...) without the NamedTuple constructor's extra call: the hot path


def legal_moves(state: DealState) -> list[Move]:
    seat, phase = state.current, state.phase
    if seat is None:
        return []
    if phase == LEAD:
        return [_new(Move, (PLAY, p, "")) for p in lead_options(state, seat)]
    if phase == BURN:
        kind = window_kind(seat in state.wutou)
        return [_new(Move, (kind, p, "")) for p in burn_options(state, seat)] + [NOBURN]
    moves = [_new(Move, (PLAY, p, "")) for p in beat_options(state, seat)]
    moves.append(PASS)
    if phase == FOLLOW and state.rang_allowed(seat):
        moves.append(RANG)
    return moves


def lead_options(state: DealState, seat: int) -> Iterable[Play]:
    hand = state.counts[seat]
    plays = lead_plays(hand, state.rules.bie_san)
    if seat not in state.burning:
        return plays
    return (p for p in plays if (p.small + p.big or empties(hand, p)) and _keeps_feasible(state, hand, p))


def beat_options(state: DealState, seat: int) -> Iterable[Play]:
    """Plays over the standing play; a burner must keep his remainder feasible."""
    hand = state.counts[seat]
    assert state.standing is not None
    plays = beating_plays(hand, state.standing, state.rules.jokers_mix_as_small)
    if seat not in state.burning:
        return plays
    return (p for p in plays if _keeps_feasible(state, hand, p))


def burn_options(state: DealState, seat: int) -> Iterator[Play]:
    """In a burn window: feasible burns, or plain beats for a 无头 player."""
    if seat in state.wutou:
        yield from beat_options(state, seat)
        return
    hand = state.counts[seat]
    for p in beat_options(state, seat):
        if _keeps_feasible(state, hand, p):
            yield p


def has_burn_move(state: DealState, seat: int) -> bool:
    if seat not in state.wutou and _too_few_jokers(state.counts[seat]):
        return False   # most seats of most windows: no burn to look for (the search's hot path)
    return next(iter(burn_options(state, seat)), None) is not None


def _too_few_jokers(hand: list[int]) -> bool:
    """No burn can leave this hand feasible (§3.5): what is left needs a joker
    for each of its natural ranks but one (``jokers_needed``; the 3s count among
    them under 憋3), and a burn empties at most one natural rank and adds no
    joker, so the hand needs at least one joker fewer than it would now."""
    return hand[SMALL] + hand[BIG] < jokers_needed(hand, False) - 1


def _keeps_feasible(state: DealState, hand: list[int], p: Play) -> bool:
    return feasible(remainder(hand, p), state.rules.bie_san)


__all__ = ["legal_moves", "has_burn_move", "lead_options", "beat_options", "burn_options"]
