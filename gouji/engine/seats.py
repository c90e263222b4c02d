"""Seat arithmetic: every `% 6` of the game lives here (RULES §0).

Seats are 0..5 in playing order; play runs to the next seat (下家, ``i+1``).
Teammates (联邦) are ``i±2``, the player opposite (对头) is ``i+3``; teams are
even seats against odd seats.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence

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


def burn_order(owner: int, by_teammates: bool, in_deal: Sequence[bool], passed: Collection[int]) -> list[int]:
    """Who may take ``owner``'s protected 够级, in priority (§3.4.1): his teammates
    first when the rules let them burn, then his neighbours; only seats still in
    the deal that have not passed this round."""
    order = list(teammates(owner)) if by_teammates else []
    order += [next_seat(owner), next_seat(owner, 5)]
    return [s for s in order if in_deal[s] and s not in passed]


def first_wutou(revolted: Collection[int], yaotou: Collection[int]) -> set[int]:
    """The 无头 seats at a deal's first lead: a revolutionary's 对头, unless he
    chose 要头 or revolted too (§3.7)."""
    return {opposite(s) for s in revolted if opposite(s) not in yaotou and opposite(s) not in revolted}
