"""SeatView: everything one seat may see (RULES §3.11) — and nothing more.

Bots and the UI read only this. It is frozen and holds no reference to the
game, so a bot cannot reach other hands through it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from .actions import Move, MoveKind, ranks_of, window_kind
from .cards import format_counts
from .events import Event
from .phases import Phase
from .plays import Play
from .rules import RuleSet


@dataclass(frozen=True)
class SeatView:
    seat: int
    rules: RuleSet
    hand: tuple[int, ...]               # rank counts, 15 entries
    hand_cards: tuple[int, ...]         # card ids (suits, for display)
    counts: tuple[int, ...]             # exact hand sizes (they follow from public plays)
    shown_counts: tuple[int | None, ...]  # what §3.10 shows; None = hidden
    phase: Phase
    current_seat: int | None
    round_leader: int
    first_leader: int
    standing: str | None                # the play to beat, in notation
    standing_owner: int | None
    standing_protected_only_burn: bool  # a 够死级 / 要头 play: no 对头 step
    round_log: tuple[tuple[int, str, str], ...]  # (seat, kind, cards) this round
    passed: frozenset[int]
    rang: int | None
    finish_order: tuple[int, ...]
    places: tuple[int, ...]
    revolted: frozenset[int]
    wutou: frozenset[int]
    burning: frozenset[int]
    gou_si_ji: frozenset[int]
    opened: frozenset[int]
    chaos: bool
    legal_moves: tuple[Move, ...]       # empty unless it is this seat's turn; generation order
    history: tuple[Event, ...]          # every event of this deal this seat has seen, in order
    # the match around the deal (defaults for a lone deal)
    deal_index: int = 0
    series_length: int = 1
    totals: tuple[int, int] = (0, 0)
    declared: tuple[tuple[int, int, str], ...] = ()   # (declarer, target, "ming"|"yu")
    yaotou: frozenset[int] = frozenset()
    men: frozenset[int] = frozenset()
    owed: tuple[tuple[str, int, int, int], ...] = ()  # tribute paid before this deal
    # the rest of the deal's public state, read from the play so far (for ``Game.from_view``)
    seq: int = 0                        # plays made so far this deal
    special_kind: str = ""              # "gousiji" or "yaotou": what protects the standing play
    queue: tuple[int, ...] = ()         # who is still to be asked about the standing play, in order
    burners: tuple[tuple[int, int], ...] = ()       # (burner, owner of the 够级 he first beat)
    burn_wins: tuple[tuple[int, int], ...] = ()     # (burner, victim) of each 烧成功
    men_by: tuple[tuple[int, int], ...] = ()        # (闷'd seat, who first beat his 冲牌)
    yaotou_left: tuple[tuple[int, int], ...] = ()   # (要头 seat, 要头 plays left)
    yaotou_stood: tuple[tuple[int, int], ...] = ()  # (要头 seat, 要头 plays that stood)
    deadline: tuple[int, ...] = ()      # the play numbers of 头科's and 二科's 底牌 (§5)
    chaos_pending: bool = False         # 四人乱缠 begins with the next round (§3.9)

    @cached_property
    def legal_actions(self) -> tuple[str, ...]:
        """The legal moves as text, sorted (what players, saves and tools write)."""
        return tuple(sorted(str(move) for move in self.legal_moves))

    def move_with(self, counts: Sequence[int]) -> Move | None:
        """The legal play, burn or return that gives exactly these cards (rank
        counts), if there is one: what a player means by putting them forward."""
        wanted = list(counts)
        for move in self.legal_moves:
            if move.kind.takes_cards and ranks_of(move) == wanted:
                return move
        return None

    def move_meant(self, counts: Sequence[int]) -> Move:
        """What a player means by putting these cards forward: ``move_with``'s
        legal move, else the move they would make in this phase (a return, a
        burn or a 无头 player's plain play in a burn window, else a play), so
        that its refusal says why. NotationError if they are no play at all."""
        move = self.move_with(counts)
        if move is not None:
            return move
        if self.phase == Phase.RETURN:
            return Move(MoveKind.RETURN, None, format_counts(list(counts)))
        kind = window_kind(self.seat in self.wutou) if self.phase == Phase.BURN else MoveKind.PLAY
        return Move(kind, Play.from_counts(list(counts)))

    @property
    def my_turn(self) -> bool:
        return self.current_seat == self.seat

    @cached_property
    def standing_play(self) -> Play | None:
        return None if self.standing is None else Play.parse(self.standing)

    @property
    def hand_size(self) -> int:
        return sum(self.hand)
