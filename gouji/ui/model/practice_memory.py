"""The practice table's memory, pure (no pygame): who did what at each action
of the match and where it shows in the viewer's event stream, the player's
earlier decisions to go back to (by replaying the match's actions up to
there), and a bot's reason for any of its moves — ranked by the scripted bot
on the view it had, as hints are."""

from __future__ import annotations

from dataclasses import dataclass

from bots.scripted import EXPERT_JUDGEMENT, LEVELS, ScriptedBot

from ...engine.match import Match


@dataclass
class Switches:
    """What the player switched on at the practice table (kept across an undo)."""

    open_hands: bool = False   # every seat's cards face up
    counts: bool = True        # every hand size shown, not only those of 10 or fewer
    auto_hint: bool = False    # the best hint shown at each of his turns
    timer: bool = False        # the move timer (off in Learn unless switched on here)


@dataclass(frozen=True)
class Turn:
    """One action of the match."""

    index: int       # its place in ``match.actions``
    seat: int
    action: str
    deal: int        # the match's deal it was taken in
    shown_at: int    # the viewer's stream length once its events are in


@dataclass(frozen=True)
class Why:
    """A bot's reason for a move, and its first choice when that was another;
    ``searched``: a searching bot chose it over its judgement's first choice."""

    turn: Turn
    zh: str
    en: str
    best: str | None = None
    searched: bool = False


def replay_to(match: Match, count: int) -> Match:
    """The match as it was after its first ``count`` actions."""
    replay = match.fresh()   # by its seed, or its deals' seeds (practice from a shared table's deal)
    for action, cards in zip(match.actions[:count], match.card_choices[:count]):
        replay.apply(action, cards)
    return replay


def timeline(match: Match, viewer: int) -> list[Turn]:
    """Every action of the match so far, replayed from its seed."""
    replay = match.fresh()
    shown = sum(event.visible_to(viewer) for event in replay.events)
    turns = []
    for index, (action, cards) in enumerate(zip(match.actions, match.card_choices)):
        seat, deal = replay.current_seat, replay.deal_index
        assert seat is not None, "an action was taken after the match ended"
        shown += sum(event.visible_to(viewer) for event in replay.apply(action, cards))
        turns.append(Turn(index, seat, action, deal, shown))
    return turns


def undo_target(turns: list[Turn], seat: int, before: int) -> tuple[Turn, int, int] | None:
    """The player's last decision before action ``before``: (its turn, its number from 1, how many he made)."""
    mine = [turn for turn in turns if turn.seat == seat]
    earlier = [turn for turn in mine if turn.index < before]
    if not earlier:
        return None
    return earlier[-1], len(earlier), len(mine)


def explain(match: Match, turn: Turn, level: str) -> Why | None:
    """Why the bot at ``turn.seat`` took ``turn.action``, from the view it had then."""
    view = replay_to(match, turn.index).view(turn.seat)
    if not view.legal_actions:
        return None
    searching = level not in LEVELS   # the expert: its judgement, then a search over its choices
    judge = ScriptedBot(turn.seat, "hard", EXPERT_JUDGEMENT) if searching else ScriptedBot(turn.seat, level)
    ranked = judge.rank_actions(view)
    chosen = next((item for item in ranked if item.action == turn.action), None)
    if chosen is None:
        return None
    other = ranked[0].action if ranked[0].action != turn.action else None
    if searching:   # it played the choices out over guessed deals: this one did best there
        return Why(turn, chosen.why.zh, chosen.why.en, None, searched=other is not None)
    return Why(turn, chosen.why.zh, chosen.why.en, other)
