"""The state of one deal in play (RULES §3) as plain data, and the questions
the rules ask of it (lockout, 让, the burn order).

``DealState`` holds no event log and shares the immutable setup and rules,
so ``copy()`` is cheap: a searching bot copies it thousands of times.
The transitions live in flow.py, legality in legal.py.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import N_RANKS, RANK_OF_CARD, THREE
from .phases import FOLLOW, LEAD, OVER, Phase
from .plays import Play, is_gouji
from .rules import RuleSet
from .seats import SEATS, burn_order, first_wutou, next_seat, opposite, others_from


@dataclass(frozen=True)
class DealSetup:
    """Everything a deal starts from; with the action list it replays exactly."""

    rules: RuleSet
    hands: tuple[tuple[int, ...], ...]  # card ids per seat
    leader: int
    seed: int | None = None
    revolted: frozenset[int] = frozenset()
    yaotou: frozenset[int] = frozenset()  # revolutionaries' 对头s who chose 要头
    liang: tuple[int, int] | None = None  # (seat, suit) of the 亮3, if any


SeatCards = tuple[tuple[int, ...], ...]   # a seat's physical cards: per rank, ascending ids


def by_rank(hand: tuple[int, ...]) -> SeatCards:
    piles: list[list[int]] = [[] for _ in range(N_RANKS)]
    for card in sorted(hand):
        piles[RANK_OF_CARD[card]].append(card)
    return tuple(tuple(pile) for pile in piles)


class DealState:
    """Mutable state of one deal. Containers are copied by ``copy()``; the
    physical cards of a seat are a tuple of per-rank tuples, replaced (never
    changed) on a play, so copies share them."""

    __slots__ = ("rules", "setup", "counts", "cards", "in_deal", "finish", "played", "places", "phase",
                 "first_leader", "current", "round_leader", "standing", "owner", "standing_seq", "special",
                 "special_kind", "chong", "passed", "queue", "rang", "burning", "wutou", "gou_si_ji",
                 "yaotou", "yaotou_stood", "chaos", "chaos_pending", "seq", "deadline", "opened_by_play",
                 "burn_wins", "men", "round_log")

    def __init__(self, setup: DealSetup) -> None:
        self.rules: RuleSet = setup.rules
        self.setup = setup
        self.cards: list[SeatCards | None] = [by_rank(hand) for hand in setup.hands]
        self.counts: list[list[int]] = [[len(pile) for pile in piles] for piles in self.cards if piles is not None]
        self.in_deal = [seat not in setup.revolted and sum(self.counts[seat]) > 0 for seat in SEATS]
        self.finish: list[int] = []
        self.played: list[int] = []     # card ids on the table, in the order played
        self.places: list[int] = []
        self.phase: Phase = LEAD
        leader = setup.leader
        if not self.in_deal[leader]:  # a leader who revolted passes the lead on (§2.3)
            leader = next(s for s in others_from(leader) if self.in_deal[s])
        self.first_leader = leader
        self.current: int | None = leader
        self.round_leader = leader
        self.standing: Play | None = None
        self.owner: int | None = None
        self.standing_seq = 0
        self.special = False        # standing play is a 够死级/要头 play (no 对头 step)
        self.special_kind = ""      # "gousiji" or "yaotou"
        self.chong = False          # standing play is its owner's 冲牌 (§7)
        self.passed: set[int] = set()
        self.queue: list[int] = []  # who is still to be asked about the standing play, in order
        self.rang: int | None = None
        self.burning: dict[int, int] = {}   # burner -> owner of the 够级 he first beat
        self.wutou: set[int] = set()
        self.gou_si_ji: set[int] = set()
        self.yaotou = {seat: 3 for seat in setup.yaotou}        # 要头 plays left
        self.yaotou_stood = {seat: 0 for seat in setup.yaotou}  # 要头 plays that stood (开点)
        self.chaos = False
        self.chaos_pending = False
        self.seq = 0                        # plays made so far
        self.deadline: list[int] = []       # seq of the 底牌 of 头科, 二科
        self.opened_by_play = [False] * len(SEATS)
        self.burn_wins: list[tuple[int, int]] = []   # (burner, victim)
        self.men: dict[int, int] = {}                # 闷'd seat -> first beater
        self.round_log: list[tuple[int, str, str]] = []
        self.wutou |= first_wutou(setup.revolted, setup.yaotou)

    def copy(self) -> "DealState":
        """An independent copy sharing only immutable parts (setup, rules, plays, card tuples)."""
        other = object.__new__(type(self))
        for name in _SCALARS:
            object.__setattr__(other, name, getattr(self, name))
        other.counts = [row[:] for row in self.counts]
        other.cards = self.cards[:]
        other.in_deal = self.in_deal[:]
        other.finish = self.finish[:]
        other.played = self.played[:]
        other.places = self.places[:]
        other.passed = set(self.passed)
        other.queue = self.queue[:]
        other.burning = dict(self.burning)
        other.wutou = set(self.wutou)
        other.gou_si_ji = set(self.gou_si_ji)
        other.yaotou = dict(self.yaotou)
        other.yaotou_stood = dict(self.yaotou_stood)
        other.deadline = self.deadline[:]
        other.opened_by_play = self.opened_by_play[:]
        other.burn_wins = self.burn_wins[:]
        other.men = dict(self.men)
        other.round_log = self.round_log[:]
        return other

    # ----- small queries -------------------------------------------------
    def live(self) -> list[int]:
        return [seat for seat in SEATS if self.in_deal[seat]]

    def hand_size(self, seat: int) -> int:
        return sum(self.counts[seat])

    def is_over(self) -> bool:
        return self.phase == OVER

    def is_chong(self, seat: int) -> bool:
        """Whether ``seat``'s hand is 3s alone under 憋3: his play is then 冲牌 (§7)."""
        c = self.counts[seat]
        return self.rules.bie_san and c[THREE] > 0 and sum(c) == c[THREE]

    def may_follow(self, seat: int) -> bool:
        """Pass lockout (§3.2) with its 对头 exception."""
        if self.chaos and self.rules.chaos_dagang:
            return True
        if seat not in self.passed:
            return True
        if self.owner != opposite(seat) or self.standing is None:
            return False
        return self.rules.lockout_lifts_on_any_opposite_play or is_gouji(self.standing)

    def rang_allowed(self, seat: int) -> bool:
        """让牌 (§3.6) on the non-够级 play of ``seat``'s 对头."""
        play, owner = self.standing, self.owner
        if self.phase != FOLLOW or play is None or owner != opposite(seat):
            return False
        if self.rang is not None or is_gouji(play):
            return False
        if self.chaos and self.rules.chaos_dagang:
            return False
        between = (next_seat(owner), next_seat(owner, 2))
        if any(self.in_deal[s] and s not in self.passed for s in between):
            return False
        after = (next_seat(seat), next_seat(seat, 2))
        return any(self.in_deal[s] and self.may_follow(s) for s in after)

    def burn_order(self, owner: int) -> list[int]:
        return burn_order(owner, self.rules.burn_by_teammates, self.in_deal, self.passed)


_CONTAINERS = {"counts", "cards", "in_deal", "finish", "played", "places", "passed", "queue", "burning",
               "wutou", "gou_si_ji", "yaotou", "yaotou_stood", "deadline", "opened_by_play", "burn_wins",
               "men", "round_log"}
_SCALARS = tuple(name for name in DealState.__slots__ if name not in _CONTAINERS)
