"""Guessing the hidden hands from everything a seat has seen (RULES §3.11).

A guess deals the unseen cards to the other seats by their exact hand sizes,
within per-rank bounds the history proves or strongly suggests:

* 憋3 (§7): everyone still in holds his 3s to the end; a buyer of a 3 holds
  exactly one, and so does a seller the 买3 order passed over;
* 革命 (§8.6): a revolutionary holds no 2 or joker (nor a 3 under 憋3); a player
  asked whether to revolt held none either, and one not asked held some;
* tribute (§6): the cards this seat gave are with the receiver unless played;
  a short tribute, or a 2 among the tribute this seat received, caps the
  payer's jokers and 2s; the 亮3 cards stay with the leader until played;
* habits (measured on the hard bot's play): a player with more than eight
  cards who passed on an opponent's group below 2 almost never held a plain
  group of that size above it (0–2% of such passes, 够级 included unless 2s
  were attached to it), nor a 2 when it was a single (1 of 372); a lead takes
  a whole group (100%), the lowest one (95%, unless it is a 够级 attack); a
  follow with 2s or jokers attached leaves none of its rank (187 of 187), and
  jokers attached where a 2 would do leave no 2 (141 of 144); a follow of 2s
  or jokers alone leaves no plain group of its size above the play it beat
  (95%); a plain follow skipped no group of exactly its size (1 of 1,146).
  These become caps on the ranks held, and counts guessed hands must avoid
  (cards are swapped between them until they do) — dropped for a player whose
  own later plays contradict one, and dropped altogether when they cannot all
  hold. A looser habit is a weight, not a cap: after a plain follow on an
  opponent a long hand kept some of its rank only one time in five, so a
  guess deals that rank to him at ``FOLLOW_KEPT`` times the odds;
* burn windows (§3.4): a player skipped had no burn then, one asked had one
  (checked on each guessed deal, which is redealt when it fails).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from gouji.engine import events as ev
from gouji.engine.cards import ACE, BIG, N_RANKS, SMALL, THREE, TWO, counts_of_cards
from gouji.engine.movegen import beating_plays, feasible, remainder
from gouji.engine.plays import Play, is_gouji
from gouji.engine.seats import SEATS, next_seat, opposite, same_team
from gouji.engine.view import SeatView

from ..knowledge import count_cards
from .reading import Facts, Follow, Window

FLEX = (TWO, SMALL, BIG)
PASS_HAND_MIN = 8   # with this few cards a player keeps a group for going out (the 冲牌): passes say little
# How likely a guessed deal gives a card of a rank to a player whose long plain follow on an
# opponent played that rank (and nothing of it since), against any other card to any other
# seat. Hard's bots kept some of the rank after 20% of such follows (15% after a 够级), but a
# guess from the other habits gave the follower some in 52% (38%); at 0.05, 25% (19%), and the
# squared error of that chance against the truth fell from 0.28 to 0.13 (1,012 follows in 60
# mid-deal positions; 0.03-0.1 did about as well, 0 worse).
FOLLOW_KEPT = 0.05
Hands = list[list[int]]


@dataclass
class Guess:
    """Bounds on the hidden hands: what ``deal`` samples from."""

    view: SeatView
    facts: Facts
    pool: list[int]                        # unseen cards per rank
    sizes: list[int]                       # cards to guess per seat (0 for me and players out)
    lo: list[list[int]]
    hi: list[list[int]]
    need_flex: set[int] = field(default_factory=set)   # seats that must hold a 2 or joker
    fallback: Guess | None = None   # the same without the guesses from habits (when they cannot all hold)
    played: dict[tuple[int, int], list[int]] = field(default_factory=dict)  # cache of _played
    windows: list[tuple[int, bool, Window, list[int]]] | None = None   # cache of _window_checks
    # (seat, rank, count, played since): he did not hold exactly ``count`` of ``rank`` then (a habit)
    not_held: list[tuple[int, int, int, list[int]]] = field(default_factory=list)
    barred: dict[tuple[int, int], set[int]] | None = None   # cache of _barred
    liars: frozenset[int] = frozenset()   # seats whose own later plays broke a habit (never read by habits)
    # what habits say of each seat, read or not: (rank, most held) caps, and the not_held items;
    # and the upper bounds before them (``read_only`` makes a guess that reads fewer seats from these)
    habit_caps: dict[int, list[tuple[int, int]]] = field(default_factory=dict)
    habit_not_held: list[tuple[int, int, int, list[int]]] = field(default_factory=list)
    proven_hi: list[list[int]] | None = None
    # (seat, rank): a long plain follow on an opponent, nothing of its rank played since — a habit
    # of about four deals in five, so not a cap: ``deal`` gives him those cards ``FOLLOW_KEPT`` as
    # often (``habit_kept``: every seat's, ``kept``: the seats read by habits)
    habit_kept: list[tuple[int, int]] = field(default_factory=list)
    kept: frozenset[tuple[int, int]] = frozenset()
    # cache of ``_start``: (the guess it was made for, its parts); a ``replace`` copy carries the
    # original's, which the identity check refuses
    start: tuple[Guess, _Start] | None = field(default=None, repr=False, compare=False)

    @property
    def others(self) -> list[int]:
        return [s for s in SEATS if self.sizes[s]]

    def cap(self, seat: int, ranks: Sequence[int], limit: int) -> None:
        for rank in ranks:
            self.hi[seat][rank] = max(0, min(self.hi[seat][rank], limit))

    def floor(self, seat: int, rank: int, least: int) -> None:
        self.lo[seat][rank] = max(self.lo[seat][rank], min(least, self.sizes[seat]))


def build_guess(view: SeatView, facts: Facts, use_inference: bool = True, passes: bool = True,
                unseen: Sequence[int] | None = None, readers: frozenset[int] | None = None) -> Guess:
    """The bounds: the card count and hand sizes always; what the history proves
    with ``use_inference``; and, with ``passes`` too, what habits suggest, for the
    seats in ``readers`` (default all). ``unseen``: the card count's unseen
    cards, when the caller has counted them."""
    pool = list(count_cards(view).unseen if unseen is None else unseen)
    if view.rules.hui_san:
        pool[THREE] = 0
    sizes = [0 if s == view.seat else view.counts[s] for s in SEATS]
    guess = Guess(view, facts, pool, sizes, [[0] * N_RANKS for _ in SEATS],
                  [[sizes[s]] * N_RANKS for s in SEATS])
    _revolutions(guess)
    if view.rules.bie_san:
        for seat in guess.others:
            if seat not in view.revolted:
                guess.floor(seat, THREE, 1)
    if use_inference:
        _transfers(guess)
        guess.proven_hi = [row[:] for row in guess.hi]
        if passes and _habits(guess, readers):
            guess.fallback = build_guess(view, facts, use_inference, passes=False)
            if guess.not_held:   # when no draw avoids them all, keep the caps without them
                guess.fallback = replace(guess, not_held=[], barred=None, played={}, windows=None)
    return guess


def loose_guess(view: SeatView, unseen: Sequence[int] | None = None) -> Guess:
    """The bounds any seat knows without reading the play: the card count, the
    hand sizes, 憋3's 3s and a revolutionary's missing 2s and jokers."""
    return build_guess(view, Facts(), use_inference=False, unseen=unseen)


def _played(guess: Guess, seat: int, since: int = 0) -> list[int]:
    """Rank counts of the cards ``seat`` played after the ``since``-th play (cached)."""
    key = (seat, since)
    counts = guess.played.get(key)
    if counts is None:
        counts = [0] * N_RANKS
        for play in guess.facts.played_since(seat, since):
            for rank, n in enumerate(play.counts()):
                counts[rank] += n
        guess.played[key] = counts
    return counts


def _revolutions(guess: Guess) -> None:
    view = guess.view
    for seat in view.revolted:
        if guess.sizes[seat]:
            guess.cap(seat, FLEX + ((THREE,) if view.rules.bie_san else ()), 0)


def _transfers(guess: Guess) -> None:
    """What the steps before the first lead prove (only in a match)."""
    view, me = guess.view, guess.view.seat
    history = _this_deal(view.history)
    if not any(e.kind == ev.DEAL_START for e in history):
        return
    received = {e.seat for e in history if e.kind == ev.BUY3} | {e.other for e in history if e.kind in ev.TRANSFERS}
    for index, event in enumerate(history):
        if event.kind == ev.LIANG and event.seat is not None and event.seat != me:
            _holds(guess, event.seat, counts_of_cards(event.card_ids), history[index + 1:])
        elif event.kind in ev.TRANSFERS and event.private_to == me and event.seat == me and event.other is not None:
            given = counts_of_cards(event.card_ids)
            if event.kind == ev.BUY3:
                given[THREE] = 0   # the 3 came to me; the price went to the seller
            _holds(guess, event.other, given, history[index + 1:])
        elif event.kind == ev.TRIBUTE and event.private_to is None and event.seat not in received \
                and view.rules.tribute_cards == "jokers_and_twos":
            _tribute_cap(guess, event, history)
        elif event.kind == ev.BUY3 and event.private_to is None:
            _bought_three(guess, event)
    if view.rules.revolution and not view.rules.bie_san:
        asked = {e.seat for e in history if e.kind in (ev.REVOLT, ev.NOREVOLT)}
        for seat in guess.others:
            if seat in asked:
                guess.cap(seat, FLEX, 0)
            elif seat not in view.revolted and not any(_played(guess, seat)[r] for r in FLEX):
                guess.need_flex.add(seat)


def _this_deal(history: Sequence[ev.Event]) -> list[ev.Event]:
    """The history since the last voided deal (a redeal starts afresh, §8.6)."""
    voids = [i for i, e in enumerate(history) if e.kind == ev.VOID]
    return list(history[voids[-1] + 1:] if voids else history)


def _holds(guess: Guess, seat: int, cards: list[int], later: Sequence[ev.Event]) -> None:
    """``seat`` got these cards and, unless he gave cards away later, still holds
    those he has not played."""
    if not guess.sizes[seat] or any(e.kind in ev.TRANSFERS and e.seat == seat and e.private_to is None
                                    for e in later):
        return
    played = _played(guess, seat)
    for rank, n in enumerate(cards):
        if n > played[rank]:
            guess.floor(seat, rank, n - played[rank])


def _tribute_cap(guess: Guess, event: ev.Event, history: Sequence[ev.Event]) -> None:
    """Tribute takes the highest jokers and 2s dealt (§6): a short one means none
    were left; the lowest card of one paid to me caps what is left above it."""
    giver = event.seat
    if giver is None or not guess.sizes[giver]:
        return
    if event.count < event.owed:
        guess.cap(giver, FLEX, 0)
        return
    me = guess.view.seat
    for secret in history:
        if secret.kind == ev.TRIBUTE and secret.seat == giver and secret.private_to == me and secret.other == me \
                and secret.card_ids:
            low = min(r for r, n in enumerate(counts_of_cards(secret.card_ids)) if n)
            guess.cap(giver, [r for r in FLEX if r > low], 0)


def _bought_three(guess: Guess, event: ev.Event) -> None:
    """A buyer of a 3 holds exactly one; a paying buyer asks his 对头, 下家 and
    上家 in turn, so those before the seller held fewer than two (§7)."""
    buyer, seller = event.seat, event.other
    if buyer is None or seller is None:
        return
    if guess.sizes[buyer]:
        guess.cap(buyer, [THREE], 1)
    if event.info[2] == "paid":
        order = [opposite(buyer), next_seat(buyer), next_seat(buyer, 5)]
        for seat in order[:order.index(seller)] if seller in order else ():
            if guess.sizes[seat]:
                guess.cap(seat, [THREE], 1)


def _habits(guess: Guess, readers: frozenset[int] | None = None) -> bool:
    """What players' habits suggest (see the module docstring), as caps on the
    ranks they hold, for the seats in ``readers`` (default all); a seat whose
    own later plays contradict one keeps none (``guess.liars``). True when some
    cap was set."""
    caps: dict[int, list[tuple[int, int]]] = {}
    liars: set[int] = set()
    bie_san = guess.view.rules.bie_san

    def cap(seat: int, rank: int, then: int, seq: int) -> None:
        """``seat`` held at most ``then`` cards of ``rank`` after the ``seq``-th play."""
        limit = then - _played(guess, seat, seq)[rank]
        if limit < 0:
            liars.add(seat)
        caps.setdefault(seat, []).append((rank, limit))

    for item in guess.facts.passes:
        seat, play = item.seat, item.standing
        if not guess.sizes[seat] or item.burning or same_team(seat, item.owner) or play.jokers or play.rank >= TWO:
            continue
        if guess.sizes[seat] + sum(_played(guess, seat, item.seq)) <= PASS_HAND_MIN:
            continue
        if is_gouji(play) and play.twos:
            continue   # 9% of passes on a 够级 with 2s attached held a plain group that beats it
        for rank in range(max(play.rank + 1, 0), ACE + 1):
            if not (bie_san and rank == THREE):
                cap(seat, rank, play.size - 1, item.seq)
        if play.size == 1:
            cap(seat, TWO, 0, item.seq)   # nor a 2 (1 of 372 such passes by hard bots)
    for seq, seat, play in guess.facts.leads:
        if not guess.sizes[seat] or play.naturals == 0 or (bie_san and play.rank == THREE):
            continue
        cap(seat, play.rank, 0, seq)   # a lead takes the whole group
        if not is_gouji(play):
            for rank in range(play.rank):
                if not (bie_san and rank == THREE):
                    cap(seat, rank, 0, seq)   # ... and the lowest one
    _attachment_habits(guess, cap)
    _flex_follow_habits(guess, cap)
    guess.habit_kept = _plain_follows(guess)
    guess.liars, guess.habit_caps, guess.habit_not_held = frozenset(liars), caps, _skipped_groups(guess)
    return _read_habits(guess, SEATS if readers is None else readers)


def _read_habits(guess: Guess, readers: Sequence[int] | frozenset[int]) -> bool:
    """Put the habits of ``readers`` (but no liar's) into the bounds; True when any applies."""
    read = set(readers) - guess.liars
    capped = False
    for seat, items in guess.habit_caps.items():
        if seat in read:
            for rank, limit in items:
                guess.cap(seat, [rank], limit)
                capped = True
    guess.not_held = [item for item in guess.habit_not_held if item[0] in read]
    guess.kept = frozenset(item for item in guess.habit_kept if item[0] in read)
    return capped or bool(guess.not_held) or bool(guess.kept)


def read_only(guess: Guess, readers: frozenset[int]) -> Guess:
    """``guess`` with only the habits of ``readers``: the others' hands are bound
    by what the history proves alone (a player the table reading trusts less
    is read by habits in fewer guessed deals). Cheap: the habits were read once."""
    if guess.proven_hi is None or guess.fallback is None:
        return guess   # no habit was read: nothing to leave out
    proven = guess.fallback
    while proven.fallback is not None:
        proven = proven.fallback
    variant = replace(guess, hi=[row[:] for row in guess.proven_hi], not_held=[], barred=None, fallback=proven,
                      kept=frozenset())
    if not _read_habits(variant, readers):
        return proven
    if variant.not_held:
        variant.fallback = replace(variant, not_held=[], barred=None, fallback=proven)
    return variant


def _attachment_habits(guess: Guess, cap: Callable[[int, int, int, int], None]) -> None:
    """Plays with 2s or jokers attached to a group below 2: a follow so made
    leaves none of its rank; jokers attached where a 2 would do leave no 2."""
    bie_san = guess.view.rules.bie_san
    leads = {seq for seq, _, _ in guess.facts.leads}
    for seq, seat, play in guess.facts.plays:
        if not guess.sizes[seat] or not _mixed_natural(play):
            continue
        if seq not in leads and not (bie_san and play.rank == THREE):
            cap(seat, play.rank, 0, seq)
        if play.jokers and not play.twos:
            cap(seat, TWO, 0, seq)


def _follows_on_plain(guess: Guess) -> list[Follow]:
    """Follows, not in burn mode, by a player still guessed, on an opponent's
    plain group (one rank below 2, nothing attached)."""
    return [item for item in guess.facts.follows
            if guess.sizes[item.seat] and not item.burning and not same_team(item.seat, item.owner)
            and item.standing.rank >= 0 and not item.standing.twos + item.standing.jokers]


def _flex_follow_habits(guess: Guess, cap: Callable[[int, int, int, int], None]) -> None:
    """A follow of 2s or jokers alone on an opponent's group below 2: the follower
    held no plain group of that size above it (a 够级 group is often kept;
    21 of 464 follows by hard bots broke this), nor a 2 if he used jokers alone."""
    bie_san = guess.view.rules.bie_san
    for item in _follows_on_plain(guess):
        seat, play, standing = item.seat, item.play, item.standing
        if play.naturals:
            continue
        for rank in range(standing.rank + 1, ACE + 1):
            if not (bie_san and rank == THREE) and not is_gouji(Play(rank, play.size, 0, 0, 0)):
                cap(seat, rank, play.size - 1, item.seq)
        if not play.twos:
            cap(seat, TWO, 0, item.seq)   # jokers alone where 2s would do: no 2 left (54 of 54)


def _plain_follows(guess: Guess) -> list[tuple[int, int]]:
    """(seat, rank) of each plain follow on an opponent's plain group by a hand of more than
    ``PASS_HAND_MIN`` cards, after which he played none of that rank: whether he kept some is
    a habit of about four deals in five (hard's bots broke the group in 20% of them)."""
    found = set()
    for item in _follows_on_plain(guess):
        seat, play = item.seat, item.play
        if play.rank >= TWO or play.twos + play.jokers or not play.naturals or guess.lo[seat][play.rank]:
            continue
        if guess.sizes[seat] + sum(_played(guess, seat, item.seq - 1)) <= PASS_HAND_MIN:
            continue
        if not _played(guess, seat, item.seq)[play.rank]:
            found.add((seat, play.rank))
    return sorted(found)


def _skipped_groups(guess: Guess) -> list[tuple[int, int, int, list[int]]]:
    """A plain follow on an opponent's plain group: the follower held no group of
    exactly that size between the two (1 of 1,146 such follows by hard bots)."""
    bie_san = guess.view.rules.bie_san
    found = []
    for item in _follows_on_plain(guess):
        seat, play, standing = item.seat, item.play, item.standing
        if play.rank >= TWO or play.twos + play.jokers:
            continue
        since = _played(guess, seat, item.seq - 1)
        for rank in range(standing.rank + 1, play.rank):
            if not (bie_san and rank == THREE):
                found.append((seat, rank, play.size, since))
    return found


def _mixed_natural(play: Play) -> bool:
    """A group of one rank below 2 with 2s or jokers attached."""
    return play.naturals > 0 and play.rank < TWO and play.twos + play.jokers > 0


class _Start(NamedTuple):
    """What every draw of a guess begins from: the floors dealt (hands, and the
    pool and room they leave), the capped ranks in the order they are dealt with
    the seats' weights for each, and the rest of the pool, unshuffled."""

    hands: Hands
    pool: list[int]
    room: list[int]
    capped: list[tuple[int, list[float] | None]]
    rest: list[int]


def _start(guess: Guess) -> _Start:
    """``deal``'s first steps, which draw nothing (made once per guess: every draw begins so)."""
    cached = guess.start
    if cached is not None and cached[0] is guess:
        return cached[1]
    others = guess.others
    hands: Hands = [[0] * N_RANKS for _ in SEATS]
    hands[guess.view.seat] = list(guess.view.hand)
    pool = guess.pool[:]
    room = guess.sizes[:]
    for seat in others:
        for rank, least in enumerate(guess.lo[seat]):
            if least:
                take = min(least, pool[rank], room[seat])
                hands[seat][rank] += take
                pool[rank] -= take
                room[seat] -= take
    kept = guess.kept
    soft = {rank for _, rank in kept}
    capped = [r for r in range(N_RANKS)
              if pool[r] and (r in soft or any(guess.hi[s][r] < guess.sizes[s] for s in others))]
    capped.sort(key=lambda r: sum(1 for s in others if guess.hi[s][r] >= guess.sizes[s]))
    weights = [([FOLLOW_KEPT if (s, rank) in kept else 1.0 for s in SEATS] if rank in soft else None)
               for rank in capped]
    rest = [r for r in range(N_RANKS) if r not in capped for _ in range(pool[r])]
    start = _Start(hands, pool, room, list(zip(capped, weights)), rest)
    guess.start = (guess, start)
    return start


def deal(guess: Guess, rng: random.Random) -> Hands | None:
    """One guessed deal within the bounds, or None when the draw got stuck."""
    others = guess.others
    start = _start(guess)
    hands = [row[:] for row in start.hands]
    room = start.room[:]
    pool, hi = start.pool, guess.hi
    for rank, weights in start.capped:
        open_seats = [s for s in others if room[s] and hands[s][rank] < hi[s][rank]]
        for _ in range(pool[rank]):
            if not open_seats:
                return None
            seat = _pick(open_seats, room, rng, weights)
            hands[seat][rank] += 1
            room[seat] -= 1
            if not room[seat] or hands[seat][rank] >= hi[seat][rank]:
                open_seats.remove(seat)
    rest = start.rest[:]
    rng.shuffle(rest)
    at = 0
    for seat in others:
        for rank in rest[at:at + room[seat]]:
            hands[seat][rank] += 1
        at += room[seat]
    return hands


def _pick(seats: list[int], room: list[int], rng: random.Random, weights: list[float] | None = None) -> int:
    """A seat with probability by its room left (a uniform deal, card by card),
    times its ``weights`` if given."""
    shares = [room[s] * weights[s] for s in seats] if weights is not None else [room[s] for s in seats]
    x = rng.random() * sum(shares)
    for seat, share in zip(seats, shares):
        x -= share
        if x < 0:
            return seat
    return seats[-1]


def fits(guess: Guess, hands: Hands, barred: dict[tuple[int, int], set[int]] | None = None) -> bool:
    """The checks bounds cannot express: burn windows, a 2 or joker held, and
    the ``barred`` counts (``_barred``)."""
    for (seat, rank), counts in (barred or {}).items():
        if hands[seat][rank] in counts:
            return False
    for seat in guess.need_flex:
        if not any(hands[seat][r] for r in FLEX):
            return False
    rules = guess.view.rules
    for seat in guess.view.burning:   # a burner's cards always pass the §3.5 test
        if guess.sizes[seat] and not feasible(hands[seat], rules.bie_san):
            return False
    checks = _window_checks(guess)
    for i, (seat, wanted, window, since) in enumerate(tuple(checks)):   # a copy: another thread may reorder
        then = [held + gone for held, gone in zip(hands[seat], since)]   # his hand at the window
        if _has_burn(then, window, seat, rules) != wanted:
            if i:   # the check that failed goes first next time: most draws fail on one or two
                checks[0], checks[i] = checks[i], checks[0]
            return False
    return True


def _window_checks(guess: Guess) -> list[tuple[int, bool, Window, list[int]]]:
    """Per burn window and seat still holding cards: whether he had a burn then,
    and the cards he has played since (made once per guess: every draw checks them)."""
    if guess.windows is None:
        guess.windows = [(seat, wanted, window, _played(guess, seat, window.seq))
                         for window in guess.facts.windows
                         for seat, wanted in [(s, False) for s in window.skipped] + [(s, True) for s in window.asked]
                         if guess.sizes[seat]]
    return guess.windows


def _has_burn(hand: list[int], window: Window, seat: int, rules) -> bool:
    as_small = rules.jokers_mix_as_small
    if seat in window.wutou and seat not in window.burning:
        return next(beating_plays(hand, window.play, as_small), None) is not None
    jokers = hand[SMALL] + hand[BIG]
    ranks = TWO - hand[:TWO].count(0) - (1 if rules.bie_san and hand[THREE] else 0)
    if jokers < ranks - (1 if rules.bie_san else 2):
        return False   # a burn empties at most one rank: the rest could never carry a joker each (§3.5)
    return any(feasible(remainder(hand, t), rules.bie_san) for t in beating_plays(hand, window.play, as_small))


def sample_hands(guess: Guess, rng: random.Random, tries: int = 6) -> Hands:
    """A guessed deal that passes ``fits``: from the bounds with the guesses from
    passes, else from the proven bounds only, else from the card count alone;
    after all that fails, the last one drawn (a guess that breaks a check
    beats no guess)."""
    last: Hands | None = None
    current: Guess | None = guess
    while current is not None:
        for _ in range(tries):
            hands = deal(current, rng)
            if hands is None:
                continue
            barred = _barred(current)
            if barred:
                _avoid(current, hands, rng)
            last = hands
            if fits(guess, hands, barred):
                return hands
        current = current.fallback
    if last is None:
        return draw(build_guess(guess.view, guess.facts, use_inference=False), rng)
    return last


def draw(guess: Guess, rng: random.Random) -> Hands:
    """One deal within ``guess``'s bounds, or by the card count alone if the bounds got stuck."""
    return deal(guess, rng) or _uniform(guess, rng)


def _avoid(guess: Guess, hands: Hands, rng: random.Random, rounds: int = 3, tries: int = 4) -> None:
    """Swap cards between guessed hands, within the bounds, until none holds a
    group of ``guess.not_held`` (or the tries are spent): a draw that must miss
    thirty such groups is too rare to wait for."""
    barred = _barred(guess)
    for _ in range(rounds):
        broken = [key for key, counts in barred.items() if hands[key[0]][key[1]] in counts]
        if not broken:
            return
        for seat, rank in broken:
            for _ in range(tries):
                if hands[seat][rank] not in barred[seat, rank] or _swap(guess, hands, barred, seat, rank, rng):
                    break


def _barred(guess: Guess) -> dict[tuple[int, int], set[int]]:
    """(seat, rank) -> the counts he may not hold now (made once per guess)."""
    if guess.barred is None:
        guess.barred = {}
        for seat, rank, count, since in guess.not_held:
            if count >= since[rank]:
                guess.barred.setdefault((seat, rank), set()).add(count - since[rank])
    return guess.barred


def _swap(guess: Guess, hands: Hands, barred: dict[tuple[int, int], set[int]], seat: int, rank: int,
          rng: random.Random) -> bool:
    """Trade a card of ``rank`` between ``seat`` and another hand for one of
    another rank; kept only when it bars no new count."""
    others = [s for s in guess.others if s != seat]
    if not others:   # one hidden hand left: it is forced, nothing to trade with
        return False
    other = rng.choice(others)
    giver, taker = (seat, other) if rng.random() < 0.5 else (other, seat)
    back = _card_of(hands[taker], rng)
    if back == rank or not _movable(guess, hands, giver, taker, rank) or not _movable(guess, hands, taker, giver, back):
        return False
    _move(hands, giver, taker, rank)
    _move(hands, taker, giver, back)
    if hands[other][rank] in barred.get((other, rank), ()) \
            or any(hands[s][back] in barred.get((s, back), ()) for s in (giver, taker)):
        _move(hands, giver, taker, back)   # it barred another: undo
        _move(hands, taker, giver, rank)
        return False
    return True


def _card_of(hand: list[int], rng: random.Random) -> int:
    """The rank of a card picked at random from ``hand``."""
    x = rng.random() * sum(hand)
    for rank, n in enumerate(hand):
        x -= n
        if x < 0:
            return rank
    return len(hand) - 1


def _movable(guess: Guess, hands: Hands, giver: int, taker: int, rank: int) -> bool:
    return hands[giver][rank] > guess.lo[giver][rank] and hands[taker][rank] < guess.hi[taker][rank]


def _move(hands: Hands, giver: int, taker: int, rank: int) -> None:
    hands[giver][rank] -= 1
    hands[taker][rank] += 1


def _uniform(guess: Guess, rng: random.Random) -> Hands:
    hands: Hands = [[0] * N_RANKS for _ in SEATS]
    hands[guess.view.seat] = list(guess.view.hand)
    rest = [r for r in range(N_RANKS) for _ in range(guess.pool[r])]
    rng.shuffle(rest)
    at = 0
    for seat in guess.others:
        for rank in rest[at:at + guess.sizes[seat]]:
            hands[seat][rank] += 1
        at += guess.sizes[seat]
    return hands


__all__ = ["Guess", "Hands", "build_guess", "read_only", "loose_guess", "deal", "draw", "fits", "sample_hands"]
