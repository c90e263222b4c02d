"""The play flow of one deal (RULES §3): rounds, lockout, 够级 protection,
burn windows, 让牌, going out, 接风, 够死级 and 四人乱缠.

``DealFlow`` is the deal's state (state.py) plus the transitions of §3 and the
event log they write; ``Game`` (game.py) checks legality and is the public face.
A flow made with ``record=False`` writes no events and, with ``cards=False``,
tracks only rank counts, not physical cards: what a search needs, and no more.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from . import events as ev
from .actions import Move, MoveKind
from .cards import BIG, RANK_OF_CARD, SMALL, THREE, TWO
from .events import Event
from .legal import beat_options, has_burn_move, legal_moves
from .phases import ANSWER, BURN, FOLLOW, LEAD, OVER
from .plays import Play, is_dead, is_gouji, kai_dian_eligible
from .scoring import places_with_revolutionary, rank_remaining
from .seats import N_SEATS, OTHERS_FROM, SEATS, next_seat, opposite, others_from, team
from .state import DealSetup, DealState

__all__ = ["DealFlow", "DealSetup"]

_BURN, _PASS, _RANG = MoveKind.BURN, MoveKind.PASS, MoveKind.RANG   # looked up once: ``act`` is the search's hot path


class DealFlow(DealState):
    """A deal's state that moves on after each action and logs what happened."""

    __slots__ = ("log",)

    def __init__(self, setup: DealSetup, record: bool = True) -> None:
        super().__init__(setup)
        self.log: list[Event] | None = [] if record else None
        self._emit(ev.LEAD_TURN, self.first_leader)

    def copy(self, record: bool = True, cards: bool = True) -> "DealFlow":
        other = super().copy()
        assert isinstance(other, DealFlow)
        other.log = self.log[:] if record and self.log is not None else None
        if not cards:
            other.cards = [None] * N_SEATS
        return other

    def set_hands(self, counts: list[list[int]]) -> None:
        """Other rank counts per seat (a search's guessed deal; the lists are taken, not copied);
        only the 冲牌 flag depends on them (§7)."""
        self.counts = counts
        owner = self.owner
        self.chong = owner is not None and self.standing is not None and self.is_chong(owner)

    # ----- transitions ---------------------------------------------------
    def act(self, move: Move, card_ids: Sequence[int] | None = None) -> None:
        """The seat to act makes ``move``, trusted to be legal (``Game.apply_move``
        checks first; a search applies its own generated moves straight here)."""
        seat = self.current
        assert seat is not None
        kind, play = move.kind, move.play
        if play is not None:
            self.play(seat, play, kind == _BURN, card_ids)
        elif kind == _PASS:
            self.pass_turn(seat)
        elif kind == _RANG:
            self.say_rang(seat)
        else:
            self.decline_burn(seat)

    def moves(self) -> list[Move]:
        """The seat to act's legal moves, made afresh (``Game.legal_moves`` keeps them)."""
        return legal_moves(self)

    def beats(self) -> Iterable[Play]:
        """The plays of ``moves()`` when following or answering, not wrapped as
        moves (a search's hot path; pass and 让 are its to add)."""
        assert self.current is not None
        return beat_options(self, self.current)

    def play(self, seat: int, play: Play, burn: bool, card_ids: Sequence[int] | None = None) -> None:
        self.seq += 1
        beaten, beaten_owner = self.standing, self.owner
        if beaten is not None and beaten_owner is not None:
            self._on_beaten(beaten_owner, seat)
        if burn and seat not in self.burning and beaten_owner is not None:
            self.burning[seat] = beaten_owner
        ids = self._take_cards(seat, play, card_ids)
        if self.rang is not None and seat != self.rang:
            self.passed.add(self.rang)  # someone played after a 让: it counts as a pass
        self.rang = None
        self.standing, self.owner, self.standing_seq = play, seat, self.seq
        left = self.counts[seat]
        self.chong = self.rules.bie_san and 0 < left[THREE] == sum(left)   # ``is_chong`` inline (the hot path)
        self.round_log.append((seat, ev.BURN if burn else ev.PLAY, str(play)))
        gouji = is_gouji(play)
        self.special_kind = ""
        self.special = gouji and not self.chaos and self._use_special(seat)
        protected = gouji and not self.chaos and (self.special or self.in_deal[(seat + 3) % N_SEATS])
        if self.log is not None:
            self.log.append(Event(ev.BURN if burn else ev.PLAY, seat, str(play),
                                  ("gouji",) * gouji + ("protected",) * protected
                                  + ("special",) * self.special
                                  + ("yaotou",) * (self.special and self.special_kind == "yaotou"), card_ids=ids))
        if not any(left):
            self._go_out(seat)
            if self.phase == OVER:
                return
        if play.big and not (play.small and self.rules.jokers_mix_as_small):   # ``is_dead`` inline
            self.end_round()
        elif protected:
            self.phase, self.queue = BURN, self.burn_order(seat)
            self.advance_burn()
        else:
            self.phase, self.queue = FOLLOW, list(OTHERS_FROM[seat])
            self.advance_follow()

    def pass_turn(self, seat: int) -> None:
        self.passed.add(seat)
        self.round_log.append((seat, ev.PASS, ""))
        if self.log is not None:
            self._emit(ev.PASS, seat)
        if self.phase == ANSWER:
            self.end_round()
        else:
            self.advance_follow()

    def say_rang(self, seat: int) -> None:
        self.rang = seat
        self.queue = [next_seat(seat), next_seat(seat, 2), seat]
        self.round_log.append((seat, ev.RANG, ""))
        self._emit(ev.RANG, seat)
        self.advance_follow()

    def decline_burn(self, seat: int) -> None:
        self._emit(ev.NOBURN, seat)
        self.advance_burn()

    def advance_follow(self) -> None:
        queue, in_deal, passed = self.queue, self.in_deal, self.passed
        while queue:
            seat = queue.pop(0)
            # ``may_follow`` is true for anyone who has not passed (the hot path asks it only of the rest)
            if in_deal[seat] and seat != self.owner and (seat not in passed or self.may_follow(seat)):
                self.current = seat
                return
        self.end_round()

    def advance_burn(self) -> None:
        """Ask the next burn-window seat that has a move; else the 对头 step."""
        while self.queue:
            seat = self.queue.pop(0)
            if has_burn_move(self, seat):
                self.current, self.phase = seat, BURN
                return
        answerer = opposite(self.owner) if self.owner is not None else None
        if not self.special and answerer is not None and self.in_deal[answerer]:
            self.current, self.phase = answerer, ANSWER
        else:
            self.end_round()

    def end_round(self) -> None:
        winner, play = self.owner, self.standing
        assert winner is not None and play is not None
        self._record_standing(winner, play, self.standing_seq)
        self._emit(ev.ROUND_END, winner, str(play))
        self._start_round(self._next_leader(winner, play))

    # ----- helpers -------------------------------------------------------
    def _emit(self, kind: ev.EventKind, seat: int | None = None, cards: str = "",
              info: tuple = (), private_to: int | None = None) -> None:
        if self.log is not None:
            self.log.append(Event(kind, seat, cards, info, private_to))

    def _take_cards(self, seat: int, play: Play, chosen: Sequence[int] | None = None) -> tuple[int, ...]:
        """Remove the play's cards: the chosen ones, else the highest ids of each rank."""
        row = self.counts[seat]
        if play.naturals:
            row[play.rank] -= play.naturals
        row[TWO] -= play.twos
        row[SMALL] -= play.small
        row[BIG] -= play.big
        hand = self.cards[seat]
        if hand is None:  # a search copy tracks rank counts only
            return ()
        wanted = play.counts()
        piles = list(hand)
        taken: list[int] = []
        for rank, n in enumerate(wanted):
            if n:
                pile = piles[rank]
                picks = [c for c in chosen if RANK_OF_CARD[c] == rank] if chosen else pile[-n:]
                piles[rank] = tuple(c for c in pile if c not in picks) if chosen else pile[:-n]
                taken += picks
        self.cards[seat] = tuple(piles)
        self.played.extend(taken)
        return tuple(taken)

    def _on_beaten(self, owner: int, by: int) -> None:
        if owner in self.burning:
            del self.burning[owner]
            self._emit(ev.BURN_END, owner, info=(by,))
        if self.chong and owner not in self.men:
            self.men[owner] = by
            self._emit(ev.MEN, owner, info=(by,))

    def _use_special(self, seat: int) -> bool:
        """Spend a 够死级 or a 要头 play on this 够级, if the seat holds one."""
        if seat in self.gou_si_ji:
            self.gou_si_ji.discard(seat)
            self.special_kind = "gousiji"
            return True
        left = self.yaotou.get(seat, 0)
        if not left:
            return False
        self.yaotou[seat] = left - 1
        self.special_kind = "yaotou"
        if left == 1:  # his third 要头 play: from now on he is 无头
            self.wutou.add(seat)
            self._emit(ev.WUTOU, seat)
        return True

    def _go_out(self, seat: int) -> None:
        self.in_deal[seat] = False
        self.finish.append(seat)
        position = len(self.finish)
        self._emit(ev.OUT, seat, info=(position,))
        if seat in self.burning:
            victim = self.burning.pop(seat)
            self.burn_wins.append((seat, victim))
            self._emit(ev.BURN_WON, seat, info=(victim,))
        if position <= 2:
            self.deadline.append(self.seq)
        rival = opposite(seat)
        if self.in_deal[rival]:
            self.wutou.add(rival)
            self._emit(ev.WUTOU, rival)
            if position <= 2 and not self.chaos:
                self.gou_si_ji.add(rival)
                self._emit(ev.GOU_SI_JI, rival)
        live = self.live()
        if len({team(s) for s in live}) <= 1:
            self._finish_deal(live)
        elif len(live) <= 4 and not self.chaos:
            self.chaos_pending = True

    def _next_leader(self, winner: int, play: Play) -> int:
        if self.in_deal[winner]:
            return winner
        rival = opposite(winner)
        if not self.chaos and (is_gouji(play) or is_dead(play, self.rules)) and self.in_deal[rival]:
            return self._skip_men(rival)
        return self._skip_men(self._next_live(winner))

    def _next_live(self, seat: int) -> int:
        return next(s for s in others_from(seat) if self.in_deal[s])

    def _skip_men(self, seat: int) -> int:
        """A 闷'd player never gets the lead by 接风 (§3.8, §7)."""
        candidate = seat
        for _ in range(N_SEATS):
            if candidate not in self.men:
                return candidate
            candidate = self._next_live(candidate)
        return seat

    def _start_round(self, leader: int) -> None:
        if self.chaos_pending and not self.chaos:
            self.chaos = True
            for burner in list(self.burning):
                del self.burning[burner]
                self._emit(ev.BURN_END, burner, info=("chaos",))
            self.gou_si_ji.clear()
            for seat, left in self.yaotou.items():
                if left and self.in_deal[seat]:
                    self.wutou.add(seat)  # unused 要头 plays lapse: he is 无头 now
            self.yaotou = {seat: 0 for seat in self.yaotou}
            self._emit(ev.CHAOS)
        self.standing, self.owner, self.special, self.chong = None, None, False, False
        self.passed.clear()
        self.queue, self.rang = [], None
        self.round_log = []
        self.phase, self.current, self.round_leader = LEAD, leader, leader
        self._emit(ev.LEAD_TURN, leader)

    def _record_standing(self, owner: int, play: Play, seq: int) -> None:
        """开点 (§5): an eligible 够级 that stood, played by the deadline."""
        if owner in self.setup.yaotou:  # §8.6: he opens by three standing 要头 plays
            if self.special_kind == "yaotou" and (len(self.deadline) < 2 or seq <= self.deadline[1]):
                self.yaotou_stood[owner] += 1
                if self.yaotou_stood[owner] == 3:
                    self._emit(ev.OPENED, owner)
            return
        if self.opened_by_play[owner] or not kai_dian_eligible(play, self.rules):
            return
        if self._past_deadline(owner, seq):
            return
        self.opened_by_play[owner] = True
        self._emit(ev.OPENED, owner)

    def _past_deadline(self, owner: int, seq: int) -> bool:
        """§5: a play opens only if made by the deadline: 头科's 底牌 for 头科 and
        his 对头, 二科's 底牌 for everyone else (``deadline`` holds their seqs)."""
        first = self.finish[0] if self.finish else None
        pair = first is not None and owner in (first, opposite(first))
        index = 0 if pair else 1
        return len(self.deadline) > index and seq > self.deadline[index]

    def opened(self) -> list[bool]:
        """开点 per seat with the revolution rules of §8.6 applied."""
        result = list(self.opened_by_play)
        for rebel in self.setup.revolted:
            result[rebel] = self.rules.bie_san
            rival = opposite(rebel)
            result[rival] = rival not in self.setup.yaotou or self.yaotou_stood[rival] >= 3
        return result

    def _finish_deal(self, live: list[int]) -> None:
        if self.standing is not None and self.owner is not None:
            self._record_standing(self.owner, self.standing, self.standing_seq)
        rest = rank_remaining(live, [self.hand_size(s) for s in SEATS], self.first_leader)
        self.places = places_with_revolutionary(self.finish + rest, self.setup.revolted)
        self.phase, self.current = OVER, None
        self._emit(ev.DEAL_OVER, info=tuple(self.places))
