"""Seat arithmetic: every `% 6` of the game lives here (RULES §0).

Seats are 0..5 in playing order; play runs to the next seat (下家, ``i+1``).
Teammates (联邦) are ``i±2``, the player opposite (对头) is ``i+3``; teams are
even seats against odd seats.
"""

from __future__ import annotations

from collections.abc import Iterator

N_SEATS = 6
SEATS = tuple(range(N_SEATS))


def next_seat(seat: int, steps: int = 1) -> int:
    """The seat ``steps`` places later in playing order (下家 for 1)."""
    return (seat + steps) % N_SEATS


def opposite(seat: int) -> int:
    """对头: the player opposite, every player's real rival."""
    return (seat + 3) % N_SEATS


def team(seat: int) -> int:
    """0 for the even team, 1 for the odd team."""
    return seat % 2


def same_team(a: int, b: int) -> bool:
    return a % 2 == b % 2


def teammates(seat: int) -> tuple[int, int]:
    """The two 联邦 in playing order from ``seat``."""
    return next_seat(seat, 2), next_seat(seat, 4)


def others_from(seat: int) -> Iterator[int]:
    """The five other seats in playing order, starting with 下家."""
    for steps in range(1, N_SEATS):
        yield next_seat(seat, steps)


OTHERS_FROM = tuple(tuple(next_seat(seat, steps) for steps in range(1, N_SEATS)) for seat in SEATS)
"""``others_from(seat)`` as a tuple per seat: a play's follow queue, made thousands of times a search."""


def order_from(seat: int, other: int) -> int:
    """How many steps after ``seat`` the seat ``other`` plays (0..5)."""
    return (other - seat) % N_SEATS
