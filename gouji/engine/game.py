"""Game: one deal of Gouji — the stable public API over the play flow.

>>> g = Game.from_hands(["KK3", "AA45", "55", "66", "77", "88"], leader=0,
...                     rules=RuleSet.preset("basic"))
>>> g.legal_actions()
['play 3', 'play K', 'play KK']
"""

from __future__ import annotations

from collections.abc import Sequence

from . import events as ev
from .cards import N_PACKS, N_RANKS, RANK_LETTERS, SMALL, card_rank, format_counts, make_card, parse_counts
from .deal import deal_cards
from .errors import IllegalAction, NotationError
from .events import Event
from .flow import DealFlow, DealSetup
from .legal import Moves, legal_moves
from .phases import OVER
from .plays import Play
from .reasons import explain
from .rules import RuleSet
from .scoring import score_deal
from .seats import N_SEATS, SEATS
from .view import SeatView


class Game:
    """One deal: ``(setup, actions)`` replays exactly."""

    def __init__(self, setup: DealSetup) -> None:
        if len(setup.hands) != N_SEATS:
            raise ValueError(f"a deal needs {N_SEATS} hands, got {len(setup.hands)}")
        self.setup = setup
        self.rules = setup.rules
        self._flow = DealFlow(setup)
        self.actions: list[str] = []
        self.card_choices: list[tuple[int, ...] | None] = []  # physical cards picked, if any
        self._moves: Moves | None = None
        for seat, hand in enumerate(setup.hands):
            text = format_counts(_counts(hand))
            self._flow.log.insert(seat, Event(ev.DEAL, seat, text, private_to=seat,
                                              card_ids=tuple(sorted(hand))))
        self._histories: list[list[Event]] = [[] for _ in SEATS]
        self._synced = 0
        self._sync_histories()

    def _sync_histories(self) -> None:
        """Append new events to each seat's history (views copy, never filter)."""
        log = self._flow.log
        for event in log[self._synced:]:
            if event.private_to is None:
                for history in self._histories:
                    history.append(event)
            else:
                self._histories[event.private_to].append(event)
        self._synced = len(log)

    # ----- construction --------------------------------------------------
    @classmethod
    def new_deal(cls, seed: int, rules: RuleSet | None = None, first_drawer: int | None = None,
                 leader: int | None = None) -> "Game":
        """A shuffled deal; without ``leader`` the lead goes by 亮3 (§2.2)."""
        rules = rules or RuleSet()
        dealt = deal_cards(rules, seed, first_drawer, leader)
        return cls(DealSetup(rules, dealt.hands, dealt.leader, seed, liang=dealt.liang))

    @classmethod
    def from_hands(cls, hands: Sequence[str], leader: int = 0,
                   rules: RuleSet | None = None) -> "Game":
        """A scenario from hand strings in notation (any sizes)."""
        if len(hands) != N_SEATS:
            raise ValueError(f"a deal needs {N_SEATS} hands, got {len(hands)}")
        if leader not in SEATS:
            raise ValueError(f"unknown seat {leader!r} (seats are 0..5)")
        pools = _card_pools()
        ids = []
        for seat, text in enumerate(hands):
            counts = parse_counts(text)
            if not sum(counts):
                raise ValueError(f"seat {seat} has an empty hand")
            ids.append(tuple(_take(pools, rank, n) for rank, n in enumerate(counts) for _ in range(n)))
        return cls(DealSetup(rules or RuleSet(), tuple(ids), leader))

    @classmethod
    def replay(cls, setup: DealSetup, actions: Sequence[str],
               card_choices: Sequence[Sequence[int] | None] | None = None) -> "Game":
        game = cls(setup)
        choices = card_choices or [None] * len(actions)
        for action, cards in zip(actions, choices):
            game.apply(action, cards)
        return game

    # ----- state ---------------------------------------------------------
    @property
    def current_seat(self) -> int | None:
        return self._flow.current

    @property
    def phase(self) -> str:
        return self._flow.phase

    @property
    def is_over(self) -> bool:
        return self._flow.phase == OVER

    @property
    def finish_order(self) -> list[int]:
        return list(self._flow.finish)

    @property
    def places(self) -> list[int]:
        """All six seats 头科 … 大落, once the deal is over."""
        return list(self._flow.places)

    def score(self) -> tuple[int, int]:
        """Recorded (even, odd) team points of the finished deal (§4)."""
        if not self.is_over:
            raise ValueError("the deal is not over yet")
        return score_deal(self._flow.places, self.rules)

    def hand(self, seat: int) -> str:
        return format_counts(self._flow.counts[seat])

    def hand_cards(self, seat: int) -> list[int]:
        return sorted(c for cards in self._flow.cards[seat] for c in cards)

    def hand_size(self, seat: int) -> int:
        return self._flow.hand_size(seat)

    @property
    def played_cards(self) -> list[int]:
        """Card ids played so far, in order."""
        return list(self._flow.played)

    @property
    def events(self) -> list[Event]:
        return list(self._flow.log)

    @property
    def opened(self) -> list[bool]:
        """Who has opened (开点) so far (§5), with §8.6 for a revolution."""
        return self._flow.opened()

    @property
    def burn_wins(self) -> list[tuple[int, int]]:
        """(burner, victim) of every 烧成功 — the victim owes a 烧贡."""
        return list(self._flow.burn_wins)

    @property
    def men(self) -> dict[int, int]:
        """闷'd seat -> the first player who beat his 冲牌."""
        return dict(self._flow.men)

    @property
    def wutou(self) -> set[int]:
        return set(self._flow.wutou)

    @property
    def burning(self) -> set[int]:
        return set(self._flow.burning)

    @property
    def chaos(self) -> bool:
        return self._flow.chaos

    @property
    def standing(self) -> tuple[int, str] | None:
        f = self._flow
        return None if f.standing is None or f.owner is None else (f.owner, str(f.standing))

    # ----- actions -------------------------------------------------------
    def moves(self) -> Moves:
        if self._moves is None:
            self._moves = legal_moves(self._flow)
        return self._moves

    def legal_actions(self) -> list[str]:
        return sorted(self.moves())

    def check(self, action: str, cards: Sequence[int] | None = None) -> IllegalAction | None:
        """Why ``action`` would be refused now, or None if it is legal."""
        try:
            self._validate(action, cards)
        except IllegalAction as exc:
            return exc
        return None

    def _validate(self, action: str, cards: Sequence[int] | None) -> tuple[str, Play | None, str]:
        kind, play = parse_action(action)
        key = kind if play is None else f"{kind} {play}"
        if key not in self.moves():
            raise explain(self._flow, kind, play)
        if cards is not None:
            seat = self._flow.current
            assert seat is not None  # the action was legal, so somebody is to act
            held = {c for rank_cards in self._flow.cards[seat] for c in rank_cards}
            if play is None or _counts(cards) != play.counts() or not set(cards) <= held \
                    or len(set(cards)) != len(cards):
                raise IllegalAction("选的牌和要出的牌对不上", "the chosen cards do not match the play")
        return kind, play, key

    def apply(self, action: str, cards: Sequence[int] | None = None) -> list[Event]:
        """Act for ``current_seat``; returns the new events.

        ``cards`` optionally names the physical cards (suits) of a play.
        Raises ``IllegalAction`` with a reason, leaving the game unchanged.
        """
        kind, play, key = self._validate(action, cards)
        start = len(self._flow.log)
        seat = self._flow.current
        assert seat is not None
        flow = self._flow
        if kind in ("play", "burn"):
            assert play is not None
            flow.play(seat, play, burn=kind == "burn", card_ids=cards)
        elif kind == "pass":
            flow.pass_turn(seat)
        elif kind == "rang":
            flow.say_rang(seat)
        else:
            flow.decline_burn(seat)
        self.actions.append(key)
        self.card_choices.append(tuple(cards) if cards is not None else None)
        self._moves = None
        self._sync_histories()
        return flow.log[start:]

    # ----- views ---------------------------------------------------------
    def view(self, seat: int) -> SeatView:
        f = self._flow
        counts = tuple(f.hand_size(s) for s in SEATS)
        return SeatView(
            seat=seat, rules=self.rules, hand=tuple(f.counts[seat]),
            hand_cards=tuple(self.hand_cards(seat)), counts=counts,
            shown_counts=tuple(_shown(self.rules.show_counts, n, s == seat) for s, n in enumerate(counts)),
            phase=f.phase, current_seat=f.current, round_leader=f.round_leader,
            first_leader=f.first_leader,
            standing=None if f.standing is None else str(f.standing), standing_owner=f.owner,
            standing_protected_only_burn=f.special, round_log=tuple(f.round_log),
            passed=frozenset(f.passed), rang=f.rang, finish_order=tuple(f.finish),
            places=tuple(f.places), revolted=frozenset(self.setup.revolted),
            wutou=frozenset(f.wutou), burning=frozenset(f.burning),
            gou_si_ji=frozenset(f.gou_si_ji),
            opened=frozenset(s for s in SEATS if f.opened_by_play[s]), chaos=f.chaos,
            legal_actions=tuple(self.legal_actions()) if f.current == seat else (),
            history=tuple(self._histories[seat]),
        )


def parse_action(text: str) -> tuple[str, Play | None]:
    """``"play 2KK"`` -> ("play", Play); bad notation becomes IllegalAction."""
    if not isinstance(text, str):
        raise IllegalAction("动作必须是文字", f"an action must be text, got {type(text).__name__}")
    parts = text.split(None, 1)
    if not parts:
        raise IllegalAction("动作是空的", "the action is empty")
    kind = parts[0].lower()
    if kind in ("play", "burn"):
        if len(parts) < 2:
            raise IllegalAction("要说出哪些牌", f"say which cards: '{kind} <cards>'")
        try:
            return kind, Play.parse(parts[1])
        except NotationError as exc:
            raise IllegalAction(exc.zh, exc.en) from None
    if len(parts) > 1:
        raise IllegalAction(f"'{kind}' 后面不带牌", f"'{kind}' takes no cards")
    return kind, None


def _shown(mode: str, n: int, own: bool) -> int | None:
    if own or mode == "always" or (mode == "le10" and n <= 10):
        return n
    return None


def _counts(cards: Sequence[int]) -> list[int]:
    counts = [0] * N_RANKS
    for card in cards:
        counts[card_rank(card)] += 1
    return counts


def _card_pools() -> list[list[int]]:
    pools: list[list[int]] = [[] for _ in range(N_RANKS)]
    for pack in range(N_PACKS):
        for rank in range(N_RANKS):
            suits = (0,) if rank >= SMALL else range(4)
            pools[rank].extend(make_card(rank, suit, pack) for suit in suits)
    for pool in pools:
        pool.reverse()
    return pools


def _take(pools: list[list[int]], rank: int, n: int) -> int:
    if not pools[rank]:
        raise ValueError(f"more {RANK_LETTERS[rank]} in the hands than four packs hold")
    return pools[rank].pop()
