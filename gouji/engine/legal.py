"""Legal actions of the seat whose turn it is, as text -> (kind, play tuple).

Text forms: ``play <cards>``, ``burn <cards>``, ``pass``, ``noburn``, ``rang``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from .movegen import PlayTuple, beating_plays, empties, feasible, lead_plays, play_text, remainder
from .phases import BURN, FOLLOW, LEAD

if TYPE_CHECKING:
    from .flow import DealFlow

Moves = dict[str, tuple[str, "PlayTuple | None"]]


def legal_moves(flow: "DealFlow") -> Moves:
    seat, phase = flow.current, flow.phase
    if seat is None:
        return {}
    if phase == LEAD:
        return _as_moves("play", lead_options(flow, seat))
    if phase == BURN:
        kind = "play" if seat in flow.wutou else "burn"
        moves = _as_moves(kind, burn_options(flow, seat))
        moves["noburn"] = ("noburn", None)
        return moves
    moves = _as_moves("play", beat_options(flow, seat))
    moves["pass"] = ("pass", None)
    if phase == FOLLOW and flow.rang_allowed(seat):
        moves["rang"] = ("rang", None)
    return moves


def lead_options(flow: "DealFlow", seat: int) -> Iterable[PlayTuple]:
    hand = flow.counts[seat]
    plays = lead_plays(hand, flow.rules.bie_san)
    if seat not in flow.burning:
        return plays
    return (t for t in plays if (t[3] + t[4] or empties(hand, t)) and _keeps_feasible(flow, hand, t))


def beat_options(flow: "DealFlow", seat: int) -> Iterable[PlayTuple]:
    """Plays over the standing play; a burner must keep his remainder feasible."""
    hand = flow.counts[seat]
    assert flow.standing is not None
    plays = beating_plays(hand, flow.standing, flow.rules.mixed_jokers == "as_small")
    if seat not in flow.burning:
        return plays
    return (t for t in plays if _keeps_feasible(flow, hand, t))


def burn_options(flow: "DealFlow", seat: int) -> Iterator[PlayTuple]:
    """In a burn window: feasible burns, or plain beats for a 无头 player."""
    if seat in flow.wutou:
        yield from beat_options(flow, seat)
        return
    hand = flow.counts[seat]
    for t in beat_options(flow, seat):
        if _keeps_feasible(flow, hand, t):
            yield t


def has_burn_move(flow: "DealFlow", seat: int) -> bool:
    return next(iter(burn_options(flow, seat)), None) is not None


def _keeps_feasible(flow: "DealFlow", hand: list[int], t: PlayTuple) -> bool:
    return feasible(remainder(hand, t), flow.rules.bie_san)


def _as_moves(kind: str, plays: Iterable[PlayTuple]) -> Moves:
    prefix = kind + " "
    return {prefix + play_text(t): (kind, t) for t in plays}


__all__ = ["legal_moves", "has_burn_move", "lead_options", "beat_options", "burn_options"]
