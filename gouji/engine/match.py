"""Match: a series of deals (RULES §4–§8) — 开点 and 宣点, tribute and returns,
憋3 with 买3, 会3, 革命 with 要头/无头, voided deals, running totals.

Like Game, a match is pure: ``(rules, seed, actions)`` replays it exactly.
A match may instead be built from its deals' own seeds (``from_deal_seeds``: a
shared table's, whose published record must not deal the deals still to come):
deal i is then dealt from ``deal_seeds[i]`` alone, and a match given the seeds
of deals 0..k stops after deal k (``awaiting_deal_seed``) until more are given.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from . import events as ev
from .actions import Move, parse_action, quote
from .cards import FOUR, RANK_LETTERS, THREE, card_rank, card_suit, counts_of_cards, parse_counts
from .checks import card_ids, need_rules, need_seat, need_seed, need_whole, replay_lists
from .deal import deal_cards
from .errors import IllegalAction
from .events import Event
from .game import Game
from .phases import CHOOSE, DECLARE, OVER, PREDECLARE, RETURN, REVOLT, Phase
from .predeal import (
    buy_threes,
    move,
    pay_tributes,
    private_pair,
    remove_threes,
    return_options,
    revolt_eligible,
    take_ranks,
)
from .reasons import return_refusal
from .rules import RuleSet
from .seats import N_SEATS, SEATS, next_seat, opposite
from .state import DealSetup
from .tribute import DealResult, Payment, obligations
from .view import SeatView

DEAL_SEED_LIMIT = 2 ** 31   # a deal's seed: what the match's stream draws for it (randrange(2 ** 31))
WORDS = {PREDECLARE: ("declare", "nodeclare"), DECLARE: ("declare", "nodeclare"),
         REVOLT: ("norevolt", "revolt"), CHOOSE: ("wutou", "yaotou")}


class Stage(Enum):
    """The steps of a deal before its first lead; ``Match._advance`` runs them in turn."""

    NEW_DEAL = "new deal"
    DEAL = "deal"
    THREES_AND_REVOLTS = "threes and revolts"
    AFTER_REVOLTS = "after revolts"
    DECLARE = "declare"
    BEGIN_PLAY = "begin play"


@dataclass(frozen=True)
class Decision:
    seat: int
    phase: Phase
    payer: int = -1    # for a return: who paid the 落贡
    count: int = 0


class NoDealSeed(IllegalAction):
    """The match was given the seeds of its first deals only, and the next deal's is not among them."""


class Match:
    def __init__(self, rules: RuleSet, seed: int, *, deal_seeds: Sequence[int] | None = None,
                 first_drawer: int = 0) -> None:
        """The match ``seed`` deals (each deal's seed and the first drawer drawn from it in turn), or, given
        ``deal_seeds``, the match whose deal i comes from ``deal_seeds[i]`` and whose first deal's first drawer
        is ``first_drawer`` (``seed`` is then unused: 0)."""
        self.rules, self.seed = need_rules(rules), need_seed(seed)
        self._stream = random.Random(seed)
        self.deal_seeds: tuple[int, ...] | None = None if deal_seeds is None else \
            _deal_seeds(deal_seeds, self.rules.series_length)
        self.first_drawer: int | None = None if deal_seeds is None else need_seat(first_drawer)
        self._deal_stream: random.Random | None = None   # the deal's own stream (a match from deal seeds)
        self.deal_index = 0
        self._totals = [0, 0]
        self.results: list[DealResult] = []
        self.actions: list[str] = []
        self.card_choices: list[tuple[int, ...] | None] = []
        self.events: list[Event] = []
        self.game: Game | None = None
        self._first_leader: int | None = None
        self._leader: int | None = None
        self._decisions: deque[Decision] = deque()
        self._stage: Stage | None = Stage.NEW_DEAL
        # the deal being prepared (set afresh by _new_deal and _deal)
        self._owed: list[Payment] = []
        self._first_drawer = 0
        self._declared: dict[int, int] = {}       # 明点: declarer -> target
        self._pre_declared: dict[int, int] = {}   # 预点: declarer -> target
        self._voided = 0
        self._deal_events: list[Event] = []
        self._hands: list[list[int]] = [[] for _ in SEATS]
        self._revolted: set[int] = set()
        self._yaotou: set[int] = set()
        self._paid: list[Payment] = []
        self._deal_seed = 0
        self._liang: tuple[int, int] | None = None
        # the last finished deal: its game and its match events (for its final view)
        self._finished: tuple[Game, list[Event], dict[str, Any]] | None = None
        self._advance()

    @classmethod
    def new(cls, seed: int, rules: RuleSet | None = None) -> "Match":
        return cls(RuleSet() if rules is None else rules, seed)

    @classmethod
    def from_deal_seeds(cls, rules: RuleSet, first_drawer: int, deal_seeds: Sequence[int]) -> "Match":
        """The match whose deal i is dealt from ``deal_seeds[i]`` (1 to series_length seeds, each
        below ``DEAL_SEED_LIMIT``), the first deal's cards drawn first by ``first_drawer``."""
        return cls(rules, 0, deal_seeds=deal_seeds, first_drawer=first_drawer)

    def fresh(self) -> "Match":
        """The same match before its first action (from the same seed, or the same deal seeds)."""
        if self.deal_seeds is None:
            return Match(self.rules, self.seed)
        assert self.first_drawer is not None
        return Match.from_deal_seeds(self.rules, self.first_drawer, self.deal_seeds)

    def finished_deal_seeds(self) -> tuple[int, ...] | None:
        """The seeds of the deals that have ended (None for a match dealt by one seed): what may be
        published without showing a hand of the deals still to come."""
        return None if self.deal_seeds is None else self.deal_seeds[:len(self.results)]

    @property
    def awaiting_deal_seed(self) -> bool:
        """A match from deal seeds that has played every deal it has a seed for, and has more to play."""
        return self.deal_seeds is not None and self._stage is Stage.NEW_DEAL and not self._decisions \
            and self.game is None and self.deal_index >= len(self.deal_seeds)

    def extend_deal_seeds(self, more: Sequence[int]) -> None:
        """Give the seeds of the next deals (a match from deal seeds); a match waiting for one goes on."""
        if self.deal_seeds is None:
            raise ValueError("a match dealt by one seed has no deal seeds to extend")
        self.deal_seeds = _deal_seeds((*self.deal_seeds, *more), self.rules.series_length)
        self._advance()

    def clone(self) -> "Match":
        """An independent copy sharing the rules, the finished deals' results and events (immutable),
        attribute by attribute (tests/test_match_clone.py checks none is missed)."""
        other = object.__new__(Match)
        other.rules, other.seed, other.deal_index = self.rules, self.seed, self.deal_index
        other._stream = random.Random()
        other._stream.setstate(self._stream.getstate())
        other.deal_seeds, other.first_drawer = self.deal_seeds, self.first_drawer
        other._deal_stream = None
        if self._deal_stream is not None:
            other._deal_stream = random.Random()
            other._deal_stream.setstate(self._deal_stream.getstate())
        other._totals = self._totals[:]
        other.results, other.actions = self.results[:], self.actions[:]
        other.card_choices, other.events = self.card_choices[:], self.events[:]
        other.game = self.game.clone() if self.game is not None else None
        other._first_leader, other._leader = self._first_leader, self._leader
        other._decisions, other._stage = deque(self._decisions), self._stage
        other._owed, other._first_drawer = self._owed[:], self._first_drawer
        other._declared, other._pre_declared = dict(self._declared), dict(self._pre_declared)
        other._voided, other._deal_events = self._voided, self._deal_events[:]
        other._hands = [hand[:] for hand in self._hands]
        other._revolted, other._yaotou = set(self._revolted), set(self._yaotou)
        other._paid, other._deal_seed, other._liang = self._paid[:], self._deal_seed, self._liang
        other._finished = self._finished   # the last finished deal: never changed again
        return other

    @classmethod
    def replay(cls, rules: RuleSet, seed: int, actions: Sequence[str],
               card_choices: Sequence[Sequence[int] | None] | None = None, *,
               deal_seeds: Sequence[int] | None = None, first_drawer: int = 0) -> "Match":
        match = cls(rules, seed, deal_seeds=deal_seeds, first_drawer=first_drawer)
        for action, cards in zip(*replay_lists(actions, card_choices)):
            match.apply(action, cards)
        return match

    # ----- public state --------------------------------------------------
    @property
    def totals(self) -> tuple[int, int]:
        return self._totals[0], self._totals[1]

    @property
    def is_over(self) -> bool:
        return self._stage is None and not self._decisions and self.game is None

    @property
    def phase(self) -> Phase:
        """A decision before the first lead, the phase of the deal in play, or OVER."""
        if self._decisions:
            return self._decisions[0].phase
        return self.game.phase if self.game is not None else OVER

    @property
    def current_seat(self) -> int | None:
        if self._decisions:
            return self._decisions[0].seat
        return self.game.current_seat if self.game is not None else None

    def legal_actions(self) -> list[str]:
        if self._decisions:
            return sorted(self._options(self._decisions[0]))
        return self.game.legal_actions() if self.game is not None else []

    def legal_moves(self) -> list[Move]:
        if self._decisions:
            return [parse_action(a) for a in self.legal_actions()]
        return self.game.legal_moves() if self.game is not None else []

    def hand_cards(self, seat: int) -> list[int]:
        return self.game.hand_cards(seat) if self.game is not None else sorted(self._hands[need_seat(seat)])

    def check(self, action: str, cards: Sequence[int] | None = None) -> IllegalAction | None:
        try:
            move = parse_action(action)
            if self.game is not None and not self._decisions:
                return self.game.check(action, cards)
            self._check_decision(move, cards)
        except IllegalAction as exc:
            return exc
        return None

    def _check_decision(self, move: Move, cards: Sequence[int] | None) -> Decision:
        if self.awaiting_deal_seed:
            n = self.deal_index + 1
            raise NoDealSeed(f"不知道第 {n} 局的种子（只给了前 {n - 1} 局的）",
                             f"the seed of deal {n} is not known (only the first {n - 1} deals' were given)")
        if not self._decisions:
            raise IllegalAction("比赛已经结束", "the match is over")
        decision = self._decisions[0]
        if str(move) not in self._options(decision):
            if decision.phase == RETURN:
                raise return_refusal(move, decision.count, self._hands[decision.seat], self._hands[decision.payer],
                                     self.rules.return_must_match_rank)
            raise _refusal(decision, str(move))
        if cards is not None and not self._cards_fit(decision, move, card_ids(cards)):
            raise IllegalAction("选的牌和要还的牌对不上", "the chosen cards do not match the return")
        return decision

    # ----- acting ----------------------------------------------------------
    def apply(self, action: str, cards: Sequence[int] | None = None) -> list[Event]:
        """Act for ``current_seat`` (text form); IllegalAction leaves the match unchanged."""
        return self.apply_move(parse_action(action), cards)

    def apply_move(self, move: Move, cards: Sequence[int] | None = None) -> list[Event]:
        if not isinstance(move, Move):
            raise TypeError(f"apply_move needs a Move, got {type(move).__name__}")
        start = len(self.events)
        if self.game is not None and not self._decisions:
            self.events += self.game.apply_move(move, cards)
            self._record(str(move), cards)
            if self.game.is_over:
                self._finish_deal()
                self._advance()
            return self.events[start:]
        decision = self._check_decision(move, cards)
        self._decisions.popleft()
        self._decide(decision, move, cards)
        self._record(str(move), cards)
        self._advance()
        return self.events[start:]

    def _record(self, action: str, cards: Sequence[int] | None) -> None:
        self.actions.append(action)
        self.card_choices.append(tuple(cards) if cards is not None else None)

    def _options(self, d: Decision) -> list[str]:
        if d.phase == RETURN:
            ranks = return_options(self._hands[d.seat], self._hands[d.payer], d.count,
                                   self.rules.return_must_match_rank)
            return [f"return {r}" for r in ranks]
        return list(WORDS[d.phase])

    def _cards_fit(self, d: Decision, choice: Move, cards: Sequence[int]) -> bool:
        if d.phase != RETURN:
            return False
        wanted = parse_counts(choice.ranks)
        return counts_of_cards(cards) == wanted and set(cards) <= set(self._hands[d.seat]) \
            and len(set(cards)) == len(cards)

    def _decide(self, d: Decision, choice: Move, chosen: Sequence[int] | None = None) -> None:
        seat, action = d.seat, choice.kind
        if d.phase == RETURN:
            cards = list(chosen) if chosen else take_ranks(self._hands[seat], parse_counts(choice.ranks))
            move(self._hands, seat, d.payer, cards)
            self._emit_all(private_pair(ev.RETURN, seat, d.payer, cards, ()))
        elif d.phase in (PREDECLARE, DECLARE):
            if action == "declare":
                book = self._pre_declared if d.phase == PREDECLARE else self._declared
                book[seat] = opposite(seat)
            kind = "yu" if d.phase == PREDECLARE else "ming"
            self._emit(Event(ev.DECLARE if action == "declare" else ev.NODECLARE, seat, "", (kind,)))
        elif d.phase == REVOLT:
            if action == "revolt":
                self._revolted.add(seat)
            self._emit(Event(ev.REVOLT if action == "revolt" else ev.NOREVOLT, seat))
        elif d.phase == CHOOSE:
            if action == "yaotou":
                self._yaotou.add(seat)
            self._emit(Event(ev.YAOTOU if action == "yaotou" else ev.CHOOSE_WUTOU, seat))

    # ----- the stages of a deal ---------------------------------------------
    def _advance(self) -> None:
        steps = {Stage.NEW_DEAL: self._new_deal, Stage.DEAL: self._deal,
                 Stage.THREES_AND_REVOLTS: self._threes_and_revolts, Stage.AFTER_REVOLTS: self._after_revolts,
                 Stage.DECLARE: self._declare, Stage.BEGIN_PLAY: self._begin_play}
        while not self._decisions and self._stage is not None:
            if self.awaiting_deal_seed:
                return   # the next deal's seed is not known (a record through an earlier deal)
            stage, self._stage = self._stage, None
            steps[stage]()

    def _has_next_deal(self) -> bool:
        return self.deal_index + 1 < self.rules.series_length

    def _points_matter(self) -> bool:
        """宣点 is asked only where 点贡 will really be paid next deal."""
        rules = self.rules
        return (rules.kai_dian and rules.xuan_dian != "off" and rules.tribute
                and "dian" in rules.tribute_order and self._has_next_deal())

    def _order(self, start: int) -> list[int]:
        return [next_seat(start, i) for i in range(N_SEATS)]

    def _new_deal(self) -> None:
        previous = self.results[-1] if self.results else None
        self._owed = obligations(previous, self.rules)
        self._leader = self._next_leader(previous)
        if self.deal_seeds is not None:   # this deal's own stream: nothing of it says another deal's cards
            self._deal_stream = random.Random(self.deal_seeds[self.deal_index])
        if self._leader is not None:
            self._first_drawer = self._leader
        elif self.first_drawer is not None and self.deal_index == 0:
            self._first_drawer = self.first_drawer
        else:
            self._first_drawer = self._draw().randrange(N_SEATS)
        self._declared, self._pre_declared = {}, {}
        self._voided = 0
        self._deal_events = []
        self._hands = [[] for _ in SEATS]   # nothing dealt yet (预点 comes first)
        self._revolted, self._yaotou = set(), set()
        self._paid = []
        self._emit(Event(ev.DEAL_START, None, "", (self.deal_index, -1 if self._leader is None else self._leader)))
        if self._points_matter() and self.rules.xuan_dian == "ming_and_yu":
            self._decisions.extend(Decision(s, PREDECLARE) for s in self._order(self._first_drawer))
        self._stage = Stage.DEAL

    def _liang_event(self, seat: int, suit: int) -> Event:
        """亮3 (亮4 under 憋3): the leader shows his cards of that rank and suit (§2.2)."""
        rank = FOUR if self.rules.bie_san else THREE
        shown = tuple(sorted(c for c in self._hands[seat] if card_rank(c) == rank and card_suit(c) == suit))
        return Event(ev.LIANG, seat, RANK_LETTERS[rank] * len(shown), (suit,), card_ids=shown)

    @property
    def _lead_seat(self) -> int:
        """The deal's leader, known once the cards are dealt (亮3 decides it then)."""
        assert self._leader is not None, "the leader is not known before the deal"
        return self._leader

    def _next_leader(self, previous: DealResult | None) -> int | None:
        if previous is None or previous.chuan_san_hu:
            return None  # 亮3 (亮4 under 憋3)
        if self.rules.later_lead == "rotate" and self._first_leader is not None:
            return (self._first_leader + self.deal_index) % N_SEATS
        return previous.places[5]

    def _draw(self) -> random.Random:
        """Where the deal's random draws come from: its own stream, or the match's (a match dealt by one seed)."""
        return self._deal_stream if self._deal_stream is not None else self._stream

    def _deal(self) -> None:
        self._deal_seed = self._draw().randrange(DEAL_SEED_LIMIT)   # again for a voided deal's redeal
        dealt = deal_cards(self.rules, self._deal_seed, self._first_drawer, self._leader)
        self._leader = dealt.leader
        if self._first_leader is None:
            self._first_leader = dealt.leader
        self._liang = dealt.liang
        self._hands = [list(h) for h in dealt.hands]
        for seat, hand in enumerate(self._hands):
            self._emit(Event(ev.DEAL, seat, "", (self.deal_index,), private_to=seat, card_ids=tuple(sorted(hand))))
        if dealt.liang is not None:
            self._emit(self._liang_event(*dealt.liang))
        self._revolted = set()
        self._yaotou = set()
        if self.rules.hui_san:
            remove_threes(self._hands)
        paid_events, paid = pay_tributes(self._hands, self._owed, self.rules)
        self._paid = paid
        self._emit_all(paid_events)
        for p in paid:
            if p.kind == "luo" and p.count:
                self._decisions.append(Decision(p.receiver, RETURN, p.giver, p.count))
        self._stage = Stage.THREES_AND_REVOLTS

    def _threes_and_revolts(self) -> None:
        if self.rules.bie_san:
            bought, rebels = buy_threes(self._hands, self._lead_seat, self.rules.revolution)
            self._emit_all(bought)
            self._revolted |= rebels
        elif self.rules.revolution:
            self._decisions.extend(Decision(s, REVOLT) for s in self._order(self._lead_seat)
                                   if revolt_eligible(self._hands[s], False))
        self._stage = Stage.AFTER_REVOLTS

    def _after_revolts(self) -> None:
        if len(self._revolted) >= 2:  # void (§8.6): redeal, same leader and obligations
            self._emit(Event(ev.VOID, None, "", tuple(sorted(self._revolted))))
            self._voided += 1
            self._stage = Stage.DEAL
            return
        for rebel in sorted(self._revolted):
            self._decisions.append(Decision(opposite(rebel), CHOOSE))
        self._stage = Stage.DECLARE

    def _declare(self) -> None:
        if self._points_matter():
            self._decisions.extend(
                Decision(s, DECLARE) for s in self._order(self._lead_seat)
                if s not in self._revolted and opposite(s) not in self._revolted
                and s not in self._pre_declared)  # a 预点 already stands for him
        self._stage = Stage.BEGIN_PLAY

    def _begin_play(self) -> None:
        setup = DealSetup(self.rules, tuple(tuple(h) for h in self._hands), self._lead_seat,
                          self._deal_seed, frozenset(self._revolted), frozenset(self._yaotou),
                          self._liang)
        self.game = Game(setup)
        self.events += self.game.events

    def _finish_deal(self) -> None:
        game = self.game
        assert game is not None and game.is_over
        score = game.score()
        self._totals[0] += score[0]
        self._totals[1] += score[1]
        self.results.append(DealResult(
            places=tuple(game.places), opened=tuple(game.opened), burn_wins=tuple(game.burn_wins),
            men=tuple(sorted(game.men.items())), revolted=frozenset(self._revolted),
            declared=tuple(sorted(self._declared.items())),
            pre_declared=tuple(sorted(self._pre_declared.items())), score=score,
            voided=self._voided, seed=self._deal_seed, end_action=len(self.actions)))
        self._emit(Event(ev.DEAL_END, None, "", (tuple(game.places), score, self.totals)))
        self._finished = (game, self._deal_events, self._extras())
        self.game = None
        self.deal_index += 1
        if self.deal_index >= self.rules.series_length:
            self._emit(Event(ev.MATCH_OVER, None, "", self.totals))
            self.deal_index = self.rules.series_length - 1
        else:
            self._stage = Stage.NEW_DEAL

    def _emit(self, event: Event) -> None:
        self.events.append(event)
        self._deal_events.append(event)

    def _emit_all(self, events: Sequence[Event]) -> None:
        for event in events:
            self._emit(event)

    # ----- what a seat sees ------------------------------------------------
    def _extras(self) -> dict[str, Any]:
        """The match around the deal, as a SeatView shows it."""
        return dict(deal_index=self.deal_index, series_length=self.rules.series_length,
                    totals=self.totals, yaotou=frozenset(self._yaotou),
                    declared=tuple([(d, t, "ming") for d, t in sorted(self._declared.items())]
                                   + [(d, t, "yu") for d, t in sorted(self._pre_declared.items())]),
                    owed=tuple((p.kind, p.giver, p.receiver, p.count) for p in self._paid))

    def view(self, seat: int) -> SeatView:
        seat = need_seat(seat)
        finished = self.finished_view(seat) if self.is_over or self.awaiting_deal_seed else None
        if finished is not None:
            return finished
        extra = self._extras()
        before = tuple(e for e in self._deal_events if e.visible_to(seat))
        if self.game is not None and not self._decisions:
            return _with_match(self.game, seat, before, extra)
        return self._pre_play_view(seat, before, extra)

    def finished_view(self, seat: int) -> SeatView | None:
        """The last finished deal as ``seat`` saw it at its end (places, hands left,
        the match's totals after it) — what the table shows under its result."""
        if self._finished is None:
            return None
        game, events, extra = self._finished
        before = tuple(e for e in events if e.visible_to(seat))
        return _with_match(game, seat, before, extra)

    def _pre_play_view(self, seat: int, history: tuple[Event, ...], extra: dict) -> SeatView:
        counts = tuple(len(h) for h in self._hands)
        mine = counts_of_cards(self._hands[seat])
        decision = self._decisions[0] if self._decisions else None
        leader = self._leader if self._leader is not None else 0
        shown = tuple(n if s == seat or self.rules.show_counts == "always"
                      or (self.rules.show_counts == "le10" and n <= 10) else None
                      for s, n in enumerate(counts))
        return SeatView(
            seat=seat, rules=self.rules, hand=tuple(mine), hand_cards=tuple(sorted(self._hands[seat])),
            counts=counts, shown_counts=shown, phase=decision.phase if decision else OVER,
            current_seat=decision.seat if decision else None, round_leader=leader, first_leader=leader,
            standing=None, standing_owner=None, standing_protected_only_burn=False, round_log=(),
            passed=frozenset(), rang=None, finish_order=(), places=(),
            revolted=frozenset(self._revolted), wutou=frozenset(), burning=frozenset(),
            gou_si_ji=frozenset(), opened=frozenset(), chaos=False,
            legal_moves=tuple(self.legal_moves()) if decision and decision.seat == seat else (),
            history=history, **extra)


def _deal_seeds(seeds: Sequence[int], series_length: int) -> tuple[int, ...]:
    """Deal seeds checked: 1 to ``series_length`` whole numbers, each from 0 to DEAL_SEED_LIMIT - 1."""
    if isinstance(seeds, (str, bytes)) or not isinstance(seeds, Sequence):
        raise TypeError(f"deal_seeds must be a list of whole numbers, got {type(seeds).__name__}")
    if not 1 <= len(seeds) <= series_length:
        raise ValueError(f"a match of {series_length} deals needs 1 to {series_length} deal seeds, got {len(seeds)}")
    checked = tuple(need_whole(s, "a deal seed") for s in seeds)
    if not all(0 <= s < DEAL_SEED_LIMIT for s in checked):
        raise ValueError(f"a deal seed must be from 0 to {DEAL_SEED_LIMIT - 1}")
    return checked


def _with_match(game: Game, seat: int, before: tuple[Event, ...], extra: dict[str, Any]) -> SeatView:
    view = game.view(seat)
    return replace(view, history=before + view.history, men=frozenset(game.men), **extra)


def _refusal(d: Decision, action: str) -> IllegalAction:
    action = quote(action)
    zh = {PREDECLARE: "现在要先决定是否预点（declare / nodeclare）",
          DECLARE: "现在要先决定是否宣点（declare / nodeclare）",
          REVOLT: "现在要先决定是否革命（revolt / norevolt）",
          CHOOSE: "现在要先选要头或无头（yaotou / wutou）"}[d.phase]
    en = {PREDECLARE: "choose whether to declare 预点 (declare / nodeclare)",
          DECLARE: "choose whether to declare 宣点 (declare / nodeclare)",
          REVOLT: "choose whether to revolt (revolt / norevolt)",
          CHOOSE: "choose 要头 or 无头 (yaotou / wutou)"}[d.phase]
    return IllegalAction(f"{zh}，{action} 现在不行", f"{en}; {action} is not possible now")


__all__ = ["Match", "Decision", "OVER", "NoDealSeed", "DEAL_SEED_LIMIT"]
