"""Game: one deal of Gouji — the stable public API over the play flow.

>>> g = Game.from_hands(["KK3", "AAx45", "55", "66", "77", "88"], leader=0,
...                     rules=RuleSet.preset("basic"))
>>> g.legal_actions()
['play 3', 'play K', 'play KK']
>>> _ = g.apply("play KK")
>>> g.position()
'3/45AAx/55/66/77/88 burn 1 leader=0 play=0:KK seq=1:1 queue=5 round=0.play.KK'
>>> g.legal_moves()
[Move.parse('burn AA'), Move.parse('noburn')]

Two ways to act: text (``apply("play KK")``, what saves and players use)
and values (``legal_moves()`` and ``apply_move(move)``, what a search uses).
``clone()`` copies a game cheaply; ``position()`` writes the state as one line.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import events as ev
from .actions import Move, parse_action
from .cards import N_PACKS, N_RANKS, RANK_LETTERS, SMALL, counts_of_cards, format_counts, make_card, parse_counts
from .checks import card_ids, need_list, need_rules, need_seat, need_seed, need_text, replay_lists
from .deal import deal_cards
from .errors import IllegalAction, NotationError
from .events import Event
from .flow import DealFlow, DealSetup
from .legal import legal_moves
from .phases import OVER, Phase
from .position import format_position, hand_counts, restore, resume, setup_seats, split_position
from .reasons import explain
from .rules import RuleSet
from .scoring import score_deal
from .search_state import SearchState
from .seats import N_SEATS, SEATS
from .view import SeatView

MAX_NOTATION = 500   # characters of a hand: 216 cards and room for spaces




class Game:
    """One deal: ``(setup, actions)`` replays exactly."""

    def __init__(self, setup: DealSetup, record: bool = True) -> None:
        if not isinstance(setup, DealSetup):
            raise TypeError(f"Game needs a DealSetup, got {type(setup).__name__}")
        if len(setup.hands) != N_SEATS:
            raise ValueError(f"a deal needs {N_SEATS} hands, got {len(setup.hands)}")
        self.setup = setup
        self.rules = setup.rules
        self._flow = DealFlow(setup, record)
        self.actions: list[str] = []
        self.card_choices: list[tuple[int, ...] | None] = []  # physical cards picked, if any
        self._moves: list[Move] | None = None
        self._move_set: frozenset[Move] | None = None   # made when a move is checked
        # per seat: (events of the log already looked at, the seat's history so far)
        self._histories: list[tuple[int, list[Event]]] = [(0, []) for _ in SEATS]
        log = self._flow.log
        if log is not None:
            deals = [Event(ev.DEAL, seat, format_counts(counts_of_cards(hand)), private_to=seat,
                           card_ids=tuple(sorted(hand))) for seat, hand in enumerate(setup.hands)]
            log[:0] = deals

    # ----- construction --------------------------------------------------
    @classmethod
    def new_deal(cls, seed: int, rules: RuleSet | None = None, first_drawer: int | None = None,
                 leader: int | None = None) -> "Game":
        """A shuffled deal; without ``leader`` the lead goes by 亮3 (§2.2)."""
        rules = need_rules(rules)
        need_seed(seed)
        if first_drawer is not None:
            need_seat(first_drawer, "first_drawer")
        if leader is not None:
            need_seat(leader, "leader")
        dealt = deal_cards(rules, seed, first_drawer, leader)
        return cls(DealSetup(rules, dealt.hands, dealt.leader, seed, liang=dealt.liang))

    @classmethod
    def from_hands(cls, hands: Sequence[str], leader: int = 0,
                   rules: RuleSet | None = None) -> "Game":
        """A scenario from hand strings in notation (any sizes)."""
        hands = need_list(hands, "hands", f"{N_SEATS} hands in notation such as 'KK3'")
        if len(hands) != N_SEATS:
            raise ValueError(f"a deal needs a list of {N_SEATS} hands, got {len(hands)}")
        leader = need_seat(leader, "leader")
        rules = need_rules(rules)
        counts = [parse_counts(_notation(need_text(h, "a hand in hands", "KK3"), ("手牌", "a hand"))) for h in hands]
        for seat, row in enumerate(counts):
            if not sum(row):
                raise ValueError(f"seat {seat} has an empty hand")
        return cls(DealSetup(rules, _physical(counts), leader))

    @classmethod
    def from_position(cls, text: str, rules: RuleSet | None = None) -> "Game":
        """A deal in progress from its position notation (see position.py).

        >>> Game.from_position("3/AA45/55/66/77/88 lead 1", RuleSet.preset("basic")).legal_actions()[:3]
        ['play 4', 'play 5', 'play A']
        """
        rules = need_rules(rules)
        hands, phase, current, fields = split_position(_notation(text, ("局面", "a position"), 20 * MAX_NOTATION))
        counts = hand_counts(hands)
        revolted, yaotou = setup_seats(fields)
        leader = current if current is not None else next((s for s in SEATS if sum(counts[s])), 0)
        game = cls(DealSetup(rules, _physical(counts), leader, None, revolted, yaotou))
        restore(game._flow, phase, current, fields)
        log = game._flow.log
        if log is not None:
            log[:] = [e for e in log if e.kind == ev.DEAL]
        return game

    @classmethod
    def from_view(cls, view: SeatView, hands: Sequence[Sequence[int]]) -> "Game":
        """The deal a seat's view describes, with ``hands`` (rank counts per seat,
        the view's own hand for its seat) in place of the cards it cannot see:
        what a search plays on for each guess of the hidden hands (as OpenSpiel's
        ``ResampleFromInfostate``). Only the 冲牌 flag depends on the hands (§7).
        The game has no history and no card ids; its ``position()`` is the real
        deal's when ``hands`` are the real hands."""
        if not isinstance(view, SeatView):
            raise TypeError(f"view must be a SeatView, got {type(view).__name__}")
        counts = [list(row) for row in hands]
        if len(counts) != len(SEATS) or [sum(row) for row in counts] != list(view.counts):
            raise ValueError(f"the hands must keep every seat's card count {list(view.counts)}")
        if counts[view.seat] != list(view.hand):
            raise ValueError("the view's own seat must hold the view's own hand")
        setup = DealSetup(view.rules, _physical(counts), view.first_leader, None, view.revolted, view.yaotou)
        game = cls(setup, record=False)
        resume(game._flow, view)
        return game

    @classmethod
    def at_first_lead(cls, view: SeatView, hands: Sequence[Sequence[int]]) -> "Game":
        """The deal ``view`` is in as it stood at its first lead, with ``hands``
        (rank counts per seat) then: a light game, to replay the play so far on
        a guess of the hidden hands."""
        if not isinstance(view, SeatView):
            raise TypeError(f"view must be a SeatView, got {type(view).__name__}")
        setup = DealSetup(view.rules, _physical([list(row) for row in hands]), view.first_leader, None,
                          view.revolted, view.yaotou)
        return cls(setup, record=False).clone(light=True)

    @classmethod
    def replay(cls, setup: DealSetup, actions: Sequence[str],
               card_choices: Sequence[Sequence[int] | None] | None = None) -> "Game":
        if not isinstance(setup, DealSetup):
            raise TypeError(f"setup must be a DealSetup (a game's .setup), got {type(setup).__name__}")
        actions, choices = replay_lists(actions, card_choices)
        game = cls(setup)
        for action, cards in zip(actions, choices):
            game.apply(action, cards)
        return game

    def clone(self, light: bool = False) -> "Game":
        """An independent copy that shares the setup and rules.

        A ``light`` clone is for search: it records no events and tracks rank
        counts only (``hand_cards``, ``events`` and views' histories stay empty).
        """
        other = object.__new__(Game)
        other.setup, other.rules = self.setup, self.rules
        other._flow = self._flow.copy(record=not light, cards=not light)
        other.actions = self.actions[:]
        other.card_choices = self.card_choices[:]
        other._moves, other._move_set = self._moves, self._move_set
        other._histories = [(0, []) for _ in SEATS]
        return other

    def guessed(self, counts: Sequence[Sequence[int]]) -> "Game":
        """A light clone with other rank counts per seat, the same number of
        cards each: a search's guessed deal of the hidden cards, without
        writing and parsing a position for every guess. Only the 冲牌 flag
        depends on the hands (§7: the standing play's owner holds 3s alone)."""
        sizes = [sum(row) for row in counts]
        if len(counts) != len(SEATS) or sizes != [sum(row) for row in self._flow.counts]:
            raise ValueError(f"a guessed deal must keep every seat's card count, got {sizes}")
        other = self.clone(light=True)
        other._flow.set_hands([list(row) for row in counts])
        other._moves = other._move_set = None
        return other

    # ----- state ---------------------------------------------------------
    @property
    def flow(self) -> SearchState:
        """The live deal state, for a search's fast path (bots/search/rollout.py):
        read it freely, change it only with ``flow.act`` and one of ``flow.moves()``."""
        return self._flow

    @property
    def current_seat(self) -> int | None:
        return self._flow.current

    @property
    def phase(self) -> Phase:
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

    def position(self) -> str:
        """The deal's state as one line of position notation."""
        return format_position(self._flow)

    def hand(self, seat: int) -> str:
        return format_counts(self._flow.counts[need_seat(seat)])

    def hand_counts(self, seat: int) -> list[int]:
        """Rank counts of a seat's hand (15 entries, ``3`` first)."""
        return list(self._flow.counts[need_seat(seat)])

    def hand_cards(self, seat: int) -> list[int]:
        piles = self._flow.cards[need_seat(seat)]
        return sorted(c for pile in piles for c in pile) if piles is not None else []

    def hand_size(self, seat: int) -> int:
        return self._flow.hand_size(need_seat(seat))

    @property
    def played_cards(self) -> list[int]:
        """Card ids played so far, in order."""
        return list(self._flow.played)

    @property
    def events(self) -> list[Event]:
        return list(self._flow.log or ())

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
    def legal_moves(self) -> list[Move]:
        """The seat to act's legal moves as values, in generation order."""
        if self._moves is None:
            self._moves = legal_moves(self._flow)
            self._move_set = None
        return self._moves

    def legal_actions(self) -> list[str]:
        return sorted([str(move) for move in self.legal_moves()])

    def is_legal(self, move: Move) -> bool:
        if not isinstance(move, Move):
            raise TypeError(f"move must be a Move (e.g. Move.parse('pass')), got {type(move).__name__}")
        if self._move_set is None:
            self._move_set = frozenset(self.legal_moves())
        return move in self._move_set

    def check(self, action: str, cards: Sequence[int] | None = None) -> IllegalAction | None:
        """Why ``action`` would be refused now, or None if it is legal."""
        try:
            self._validate(parse_action(action), cards)
        except IllegalAction as exc:
            return exc
        return None

    def _validate(self, move: Move, cards: Sequence[int] | None) -> None:
        if not self.is_legal(move):
            raise explain(self._flow, move.kind, move.play)
        if cards is not None:
            seat = self._flow.current
            assert seat is not None  # the action was legal, so somebody is to act
            chosen = card_ids(cards)
            held = set(self.hand_cards(seat))
            if move.play is None or counts_of_cards(chosen) != move.play.counts() or not set(chosen) <= held \
                    or len(set(chosen)) != len(chosen):
                raise IllegalAction("选的牌和要出的牌对不上", "the chosen cards do not match the play")

    def apply(self, action: str, cards: Sequence[int] | None = None) -> list[Event]:
        """Act for ``current_seat``; returns the new events.

        ``cards`` optionally names the physical cards (suits) of a play.
        Raises ``IllegalAction`` with a reason, leaving the game unchanged.
        """
        return self.apply_move(parse_action(action), cards)

    def apply_move(self, move: Move, cards: Sequence[int] | None = None, validate: bool = True) -> list[Event]:
        """Act with a ``Move`` value. ``validate=False`` trusts that the move is one
        of ``legal_moves()`` (a search applying its own generated moves)."""
        if validate:
            if not isinstance(move, Move):
                raise TypeError(f"apply_move needs a Move, got {type(move).__name__}")
            self._validate(move, cards)
        log = self._flow.log
        start = len(log) if log is not None else 0
        self._flow.act(move, cards)
        self.actions.append(str(move))
        self.card_choices.append(tuple(cards) if cards is not None else None)
        self._moves = self._move_set = None
        return log[start:] if log is not None else []

    # ----- views ---------------------------------------------------------
    def history(self, seat: int) -> tuple[Event, ...]:
        """Every event of this deal ``seat`` has seen, in order (kept up to date lazily)."""
        seen, history = self._histories[need_seat(seat)]
        log = self._flow.log or []
        history.extend(e for e in log[seen:] if e.private_to is None or e.private_to == seat)
        self._histories[seat] = (len(log), history)
        return tuple(history)

    def view(self, seat: int) -> SeatView:
        f = self._flow
        seat = need_seat(seat)
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
            legal_moves=tuple(self.legal_moves()) if f.current == seat else (),
            history=self.history(seat), yaotou=frozenset(self.setup.yaotou), men=frozenset(f.men),
            seq=f.seq, special_kind=f.special_kind if f.special else "", queue=tuple(f.queue),
            burners=tuple(sorted(f.burning.items())), burn_wins=tuple(f.burn_wins),
            men_by=tuple(sorted(f.men.items())), yaotou_left=tuple(sorted(f.yaotou.items())),
            yaotou_stood=tuple(sorted(f.yaotou_stood.items())), deadline=tuple(f.deadline),
            chaos_pending=f.chaos_pending,
        )


def _shown(mode: str, n: int, own: bool) -> int | None:
    if own or mode == "always" or (mode == "le10" and n <= 10):
        return n
    return None


def _notation(text: str, what: tuple[str, str], limit: int = MAX_NOTATION) -> str:
    """Notation of a sane length (no hand holds more than a whole deck): a huge text is
    refused before it is parsed."""
    if isinstance(text, str) and len(text) > limit:
        raise NotationError(f"{what[0]}太长了（{len(text)} 个字符）",
                            f"{what[1]} of {len(text)} characters is far too long")
    return text


def _physical(counts: list[list[int]]) -> tuple[tuple[int, ...], ...]:
    """Physical card ids for rank counts: the first free cards of each rank."""
    pools: list[list[int]] = [[] for _ in range(N_RANKS)]
    for pack in range(N_PACKS):
        for rank in range(N_RANKS):
            suits = (0,) if rank >= SMALL else range(4)
            pools[rank].extend(make_card(rank, suit, pack) for suit in suits)
    for pool in pools:
        pool.reverse()
    hands = []
    for row in counts:
        ids = []
        for rank, n in enumerate(row):
            if n > len(pools[rank]):
                raise ValueError(f"more {RANK_LETTERS[rank]} in the hands than four packs hold")
            ids += [pools[rank].pop() for _ in range(n)]
        hands.append(tuple(ids))
    return tuple(hands)
