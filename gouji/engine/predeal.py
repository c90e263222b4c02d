"""Steps between dealing and the first lead that move cards (RULES §6, §7,
§8.1): paying tribute, 买3, 会3 — forced, so they are plain functions that
change the hands and return the events they caused."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from . import events as ev
from .cards import BIG, SMALL, THREE, TWO, card_rank, counts_of_cards, format_counts
from .events import Event
from .rules import RuleSet
from .seats import N_SEATS, next_seat, opposite, order_from
from .tribute import Payment, tribute_cards

Hands = list[list[int]]


def move(hands: Hands, giver: int, receiver: int, cards: Sequence[int]) -> None:
    for card in cards:
        hands[giver].remove(card)
        hands[receiver].append(card)


def private_pair(kind: ev.EventKind, giver: int, receiver: int, cards: Sequence[int], info: tuple) -> list[Event]:
    """A card transfer: everyone sees how many; only the two players see which."""
    text = format_counts(counts_of_cards(cards))
    public = Event(kind, giver, "", (receiver, len(cards), *info))
    secret = [Event(kind, giver, text, (receiver, len(cards), *info), private_to=seat,
                    card_ids=tuple(cards)) for seat in dict.fromkeys((giver, receiver))]
    return [public, *secret]


def pay_tributes(hands: Hands, payments: Sequence[Payment], rules: RuleSet) -> tuple[list[Event], list[Payment]]:
    """Pay every tribute in order, each from the giver's dealt cards; returns the
    events and what was actually paid."""
    dealt = [set(hand) for hand in hands]
    out: list[Event] = []
    paid: list[Payment] = []
    for p in payments:
        cards = tribute_cards(hands[p.giver], p.count, rules, dealt[p.giver])
        move(hands, p.giver, p.receiver, cards)
        paid.append(Payment(p.kind, p.giver, p.receiver, len(cards)))
        out += private_pair(ev.TRIBUTE, p.giver, p.receiver, cards, (p.kind, p.count))
    return out, paid


def return_options(receiver_hand: Sequence[int], payer_hand: Sequence[int], count: int,
                   must_match: bool) -> list[str]:
    """Every rank multiset of ``count`` cards the receiver may give back (§6)."""
    held = counts_of_cards(receiver_hand)
    payer_ranks = {card_rank(c) for c in payer_hand}
    allowed = [r for r in range(15) if held[r] and (not must_match or r in payer_ranks)]
    if must_match and sum(held[r] for r in allowed) < count:
        allowed = [r for r in range(15) if held[r]]  # nothing matches: any card will do
    options = set()
    for combo in itertools.combinations_with_replacement(allowed, count):
        if all(combo.count(r) <= held[r] for r in set(combo)):
            options.add(format_counts([combo.count(r) for r in range(15)]))
    return sorted(options)


def take_ranks(hand: Sequence[int], text_counts: Sequence[int]) -> list[int]:
    """Physical cards for a rank multiset: the highest ids of each rank."""
    chosen: list[int] = []
    for rank, n in enumerate(text_counts):
        if n:
            chosen += sorted((c for c in hand if card_rank(c) == rank), reverse=True)[:n]
    return chosen


def remove_threes(hands: Hands) -> list[int]:
    """会3 (§8.1): every 3 leaves play before the first lead."""
    removed = [c for hand in hands for c in hand if card_rank(c) == THREE]
    for hand in hands:
        hand[:] = [c for c in hand if card_rank(c) != THREE]
    return removed


def threes(hand: Sequence[int]) -> list[int]:
    return [c for c in hand if card_rank(c) == THREE]


def payment_card(hand: Sequence[int]) -> int | None:
    """What a 3 costs (§7): a 2, else a 小王, else a 大王."""
    for rank in (TWO, SMALL, BIG):
        cards = [c for c in hand if card_rank(c) == rank]
        if cards:
            return min(cards)
    return None


def buy_threes(hands: Hands, leader: int, revolution: bool) -> tuple[list[Event], set[int]]:
    """买3 (§7) in playing order from the leader; returns events and who revolted."""
    out: list[Event] = []
    rebels: set[int] = set()
    for buyer in (next_seat(leader, i) for i in range(N_SEATS)):
        if threes(hands[buyer]):
            continue
        pay = payment_card(hands[buyer])
        if pay is None and revolution:
            rebels.add(buyer)
            out.append(Event(ev.REVOLT, buyer, "", ("auto",)))
            continue
        seller = _seller(hands, buyer, paying=pay is not None)
        if seller is None:
            continue
        three = min(threes(hands[seller]))
        move(hands, seller, buyer, [three])
        price = [pay] if pay is not None and seller in (opposite(buyer), next_seat(buyer), next_seat(buyer, 5)) else []
        move(hands, buyer, seller, price)
        out += private_pair(ev.BUY3, buyer, seller, [three] + price, ("paid" if price else "free",))
    return out, rebels


def _seller(hands: Hands, buyer: int, paying: bool) -> int | None:
    def has_two(seat: int) -> bool:
        return len(threes(hands[seat])) >= 2
    if paying:
        for seat in (opposite(buyer), next_seat(buyer), next_seat(buyer, 5)):
            if has_two(seat):
                return seat
    for seat in (next_seat(buyer, 2), next_seat(buyer, 4)):
        if has_two(seat):
            return seat
    others = [s for s in range(N_SEATS) if s != buyer and threes(hands[s])]
    if not others:
        return None
    return max(others, key=lambda s: (len(threes(hands[s])), -order_from(buyer, s)))


def revolt_eligible(hand: Sequence[int], bie_san: bool) -> bool:
    """No 2, 小王 or 大王 (and under 憋3 no 3 either) after tribute (§8.6)."""
    ranks = {card_rank(c) for c in hand}
    if ranks & {TWO, SMALL, BIG}:
        return False
    return not (bie_san and THREE in ranks)

