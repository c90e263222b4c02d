"""What one deal owes the next (RULES §5, §6, §7, §8.3): 点贡 with 宣点,
烧贡, 闷贡, 落贡 — and which physical cards a tribute takes."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

from .cards import BIG, SMALL, TWO, card_rank
from .checks import need_rules, need_seat_map, need_seats
from .rules import RuleSet
from .scoring import is_chuan_san_hu
from .seats import SEATS, opposite, same_team

KIND_NAMES = {"dian": ("点贡", "point tribute"), "shao": ("烧贡", "burn tribute"),
              "men": ("闷贡", "stuck tribute"), "luo": ("落贡", "place tribute"),
              "quan": ("全贡", "sweep tribute")}


@dataclass(frozen=True)
class Payment:
    kind: str       # dian, shao, men, luo, quan
    giver: int
    receiver: int
    count: int


@dataclass(frozen=True)
class DealResult:
    """The facts of a finished deal that the next deal's tribute depends on."""

    places: tuple[int, ...]
    opened: tuple[bool, ...]
    burn_wins: tuple[tuple[int, int], ...] = ()
    men: tuple[tuple[int, int], ...] = ()        # (闷'd seat, first beater)
    revolted: frozenset[int] = frozenset()
    declared: tuple[tuple[int, int], ...] = ()   # 明点 (declarer, target)
    pre_declared: tuple[tuple[int, int], ...] = ()  # 预点 (declarer, target)
    score: tuple[int, int] = (0, 0)
    voided: int = 0                               # deals voided by two revolutions first
    seed: int = 0
    end_action: int = 0                           # the match's action count when the deal ended
    extra: dict = field(default_factory=dict, compare=False)

    @property
    def chuan_san_hu(self) -> bool:
        return is_chuan_san_hu(self.places)


def point_tribute(opened: Collection[int], declared: Mapping[int, int] | None = None,
                  rules: RuleSet | None = None, pre_declared: Mapping[int, int] | None = None,
                  revolted: Collection[int] = ()) -> list[tuple[int, int, int]]:
    """点贡 and 宣点 together (§5): sorted (giver, receiver, cards), one entry per pair.

    Each player's payment to his 对头 is the sum of two parts: his 点贡 if he
    failed (the stake instead of 1 when the 对头 declared against him), and his
    翻车 if he declared and the 对头 opened. A 预点 (stake 4) stands in for a
    明点 (stake 2) by the same player.

    >>> point_tribute(opened={0, 1, 2, 4}, declared={1: 4})
    [(1, 4, 2), (3, 0, 1), (5, 2, 1)]
    """
    rules = need_rules(rules)
    opened = set(need_seats(opened, "opened"))
    revolted = set(need_seats(revolted, "revolted"))
    stakes = {d: (t, 2) for d, t in need_seat_map(declared, "declared").items()}
    stakes.update({d: (t, 4) for d, t in need_seat_map(pre_declared, "pre_declared").items()})
    for declarer, (target, _) in stakes.items():
        if target != opposite(declarer):
            raise ValueError(f"seat {declarer} can only declare against his 对头 {opposite(declarer)}")
    fanche = 2 if rules.fanche_double else 1

    def failed(seat: int, stake: int) -> bool:
        return seat not in opened or (stake == 4 and seat in revolted)  # 预点 on a rebel succeeds

    rows = []
    for seat in SEATS:
        rival = opposite(seat)
        owed = 0
        rival_stake = stakes[rival][1] if rival in stakes else 0
        if failed(seat, rival_stake):
            owed += rival_stake or 1
        if seat in stakes and not failed(rival, stakes[seat][1]):
            owed += stakes[seat][1] * fanche
        if owed:
            rows.append((seat, rival, owed))
    return rows


def obligations(result: DealResult | None, rules: RuleSet) -> list[Payment]:
    """Every tribute the next deal pays, in ``tribute_order`` (§6)."""
    if result is None or not rules.tribute:
        return []
    if result.chuan_san_hu:
        if rules.chuan_san_hu_tribute != "quan_gong":
            return []
        winners = result.places[0] % 2
        return [Payment("quan", s, opposite(s), 1) for s in SEATS if s % 2 != winners]
    kinds = {"dian": _dian, "shao": _shao, "men": _men, "luo": _luo}
    payments = [p for kind in rules.tribute_order for p in kinds[kind](result, rules)]
    if rules.tribute_between_teammates == "skip":
        payments = [p for p in payments if not same_team(p.giver, p.receiver)]
    return payments


def _dian(result: DealResult, rules: RuleSet) -> list[Payment]:
    if not rules.kai_dian:
        return []
    opened = {s for s in SEATS if result.opened[s]}
    rows = point_tribute(opened, dict(result.declared), rules, dict(result.pre_declared), result.revolted)
    return [Payment("dian", g, r, n) for g, r, n in rows]


def _shao(result: DealResult, rules: RuleSet) -> list[Payment]:
    """§8.3: never between teammates, whatever ``tribute_between_teammates`` says."""
    return [Payment("shao", victim, burner, 1) for burner, victim in result.burn_wins
            if not same_team(burner, victim)]


def _men(result: DealResult, rules: RuleSet) -> list[Payment]:
    return [Payment("men", seat, beater, 1) for seat, beater in result.men
            if not (rules.men_exempt_if_opposite and beater == opposite(seat))]


def _luo(result: DealResult, rules: RuleSet) -> list[Payment]:
    places = result.places
    return [Payment("luo", places[5], places[0], 2), Payment("luo", places[4], places[1], 1)]


def tribute_cards(hand: Sequence[int], count: int, rules: RuleSet,
                  dealt: Collection[int] | None = None) -> list[int]:
    """The cards a tribute takes: highest first, from the cards dealt to the giver
    (never what he was just paid); only 大王/小王/2 by default (§6). A player
    without enough gives what he has."""
    allowed = (BIG, SMALL, TWO) if rules.tribute_cards == "jokers_and_twos" else None
    pool = [c for c in hand if (allowed is None or card_rank(c) in allowed)
            and (dealt is None or c in dealt)]
    pool.sort(key=lambda c: (card_rank(c), c), reverse=True)
    return pool[:count]
