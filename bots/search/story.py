"""The play so far, replayed on a guessed deal: would the players have made
the moves they made, had they held the guessed cards?

A measure of the guessing (``gouji.cli.searchbench``'s ``story_misfits``).
The rollout policy makes hard's own move at 99.8% of hard's steps when it
knows the real cards, but at only ~73% when it holds a guessed deal (~69%
from the card count alone): the play reveals far more than the guesses use.
It matters: searching the real hidden hands instead of guesses wins 89% of
deals against hard. Keeping the best explained of four guesses per deal
was tried as the search's guess and did not pay at 100 ms (a check costs
about as much as a rollout; notes in docs/search.md).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from gouji.engine import events as ev
from gouji.engine.actions import Move, MoveKind
from gouji.engine.cards import N_RANKS
from gouji.engine.game import Game
from gouji.engine.phases import ANSWER, FOLLOW
from gouji.engine.plays import parse_play
from gouji.engine.search_state import SearchState
from gouji.engine.seats import SEATS, opposite, same_team
from gouji.engine.view import SeatView

from .inference import PASS_HAND_MIN, _this_deal
from .rollout import NOBURN, PASS, RANG, Stuck, _policy

_WORDS = {ev.PASS: PASS, ev.NOBURN: NOBURN, ev.RANG: RANG}
Step = tuple[SearchState | None, int, Move]   # the state before a step (None for the seat's own), who, the move
LIMITLESS = 1 << 30
LOST = 1000   # misfits of a guess the play so far cannot be replayed on


@dataclass
class Story:
    """The moves since the first lead, and each seat's cards played in them."""

    view: SeatView
    steps: tuple[tuple[int, Move], ...]     # (seat, move), in order
    played: list[list[int]]                  # per seat, rank counts played since the first lead
    states: list[Step] | None = None         # see ``_states``

    def start_hands(self, hands: Sequence[Sequence[int]]) -> list[list[int]]:
        """The hands at the first lead: a guessed deal's hands plus what each seat played."""
        return [[held + gone for held, gone in zip(hands[s], self.played[s])] for s in SEATS]

    def misfits(self, hands: Sequence[Sequence[int]], limit: int = LIMITLESS, kinds: Counter[str] | None = None) -> int:
        """How many moves of the other players the rollout policy would not have
        made from ``hands`` (a guessed deal, now), counted up to ``limit``. The
        play so far is replayed once per decision: each step's state keeps all
        but the hands, and the guessed hands are put in it as they were then.
        ``kinds`` counts each misfit by ``misfit_kind``."""
        held = [list(row) for row in hands]
        states = self._states(held)
        if states is None:
            return LOST
        missed = 0
        for state, seat, move in reversed(states):
            if move.play is not None:   # undo it: the hands as they were before this step
                for rank, n in enumerate(move.play.counts()):
                    held[seat][rank] += n
            if state is None:
                continue
            state.set_hands(held)   # the 冲牌 flag follows the hands (as in ``Game.guessed``)
            try:
                guessed: Move | None = _policy(state)
            except Stuck:   # a burner with no legal move: these cards could not have been his
                guessed = None
            if guessed != move:
                missed += 1
                if kinds is not None:
                    kinds[misfit_kind(state, seat, move, guessed)] += 1
            if missed >= limit:
                break
        return missed

    def _states(self, hands: list[list[int]]) -> list[Step] | None:
        """Per step, the state before it (None for this seat's own steps), made
        on first use by replaying the steps on ``hands`` (which seats a burn
        window asks depends on the cards: a guess can fail to replay it, and the
        next one is tried)."""
        if self.states is None:
            replayed = self.replay(hands)
            self.states = replayed[0] if replayed is not None else None
        return self.states

    def replay(self, hands: Sequence[Sequence[int]]) -> tuple[list[Step], SearchState] | None:
        """The play so far on ``hands`` (a deal, now): the state before each
        step of another seat, and the state it ends in; None when the steps
        do not fit these hands."""
        flow = Game.at_first_lead(self.view, self.start_hands(hands)).flow
        states: list[Step] = []
        try:
            for seat, move in self.steps:
                if flow.current != seat:
                    return None
                states.append((None if seat == self.view.seat else flow.copy(record=False, cards=False), seat, move))
                flow.act(move)
        except Exception:   # a move these hands make impossible (the engine trusts ``act``)
            return None
        return states, flow


def misfit_kind(state: SearchState, seat: int, move: Move, guessed: Move | None) -> str:
    """A misfit by what was asked and answered: the phase, whose play was
    followed (an opponent's, the 对头's, a partner's) with a long hand (more than
    ``PASS_HAND_MIN`` cards) or a short one, the real move's kind and the guessed one's;
    for a play answered by another play, whether the guessed hand held more of
    the real play's rank than it played (a group the real player would then
    have broken)."""
    phase = str(state.phase)
    if state.phase in (FOLLOW, ANSWER) and state.owner is not None:
        whose = "partner" if same_team(seat, state.owner) else "对头" if opposite(seat) == state.owner else "opponent"
        phase += f" {whose} {'long' if sum(state.counts[seat]) > PASS_HAND_MIN else 'short'}"
    kind = f"{phase}: {move.kind} -> {guessed.kind if guessed is not None else 'stuck'}"
    play, other = move.play, guessed.play if guessed is not None else None
    if play is not None and other is not None and play.naturals:
        broken = state.counts[seat][play.rank] > play.naturals
        kind += " (guess breaks its group)" if broken else " (guess: whole group)"
    return kind


def story_of(view: SeatView) -> Story | None:
    """The view's play so far, or None before the first lead."""
    history = _this_deal(view.history)
    first = next((i for i, e in enumerate(history) if e.kind == ev.LEAD_TURN), None)
    if first is None:
        return None
    steps: list[tuple[int, Move]] = []
    played = [[0] * N_RANKS for _ in SEATS]
    for event in history[first:]:
        if event.seat is None:
            continue
        if event.kind in (ev.PLAY, ev.BURN):
            play = parse_play(event.cards)
            steps.append((event.seat, Move(MoveKind(event.kind), play)))
            for rank, n in enumerate(play.counts()):
                played[event.seat][rank] += n
        elif event.kind in _WORDS:
            steps.append((event.seat, _WORDS[event.kind]))
    return Story(view, tuple(steps), played)


__all__ = ["Story", "story_of", "misfit_kind"]
