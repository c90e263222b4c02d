"""What the table says to the human, derived from the current state every
frame (never latched from an event): the prompt for his decision, what he is
waiting for, and the heads of hints. Pure: no pygame."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...engine.actions import MoveKind, parse_action, ranks_of
from ...engine.cards import N_RANKS, RANK_OF_CARD, parse_counts, rank_name, spoken
from ...engine.phases import Phase
from ...engine.view import SeatView
from ..i18n import t

PHASE_PROMPTS = {Phase.LEAD: "your_turn_lead", Phase.FOLLOW: "your_turn_follow", Phase.ANSWER: "your_turn_answer",
                 Phase.RETURN: "your_turn_return", Phase.DECLARE: "your_turn_declare",
                 Phase.PREDECLARE: "your_turn_predeclare", Phase.REVOLT: "your_turn_revolt",
                 Phase.CHOOSE: "your_turn_yaotou"}
MOVE_SECONDS = 15.0   # the move timer (a setting, off by default)
WORD_HINTS = {"pass", "noburn", "rang", "declare", "nodeclare", "revolt", "norevolt", "yaotou", "wutou"}


@dataclass(frozen=True)
class Line:
    """One line of text in both languages; ``tone`` picks its colour."""

    zh: str
    en: str
    tone: str = "info"   # info, turn, wait, error, done

    def text(self, lang: str) -> str:
        return self.zh if lang == "zh" else self.en


def said(key: str, tone: str = "info", **fields: object) -> Line:
    return Line(t(key, "zh", **fields), t(key, "en", **fields), tone)


def turn_prompt(view: SeatView, seat_name: Callable[[int], str]) -> Line:
    """The human must act now: what and how. The burn prompt names whose play may be
    burned, with what, and the duty that follows (§3.5)."""
    if view.phase == Phase.BURN:
        key = "your_turn_wutou" if view.seat in view.wutou else "your_turn_burn"
        owner = view.standing_owner
        return said(key, "turn", name="" if owner is None else seat_name(owner), cards=pretty(view.standing or ""))
    if view.phase == Phase.RETURN:
        return _return_prompt(view)
    return said(PHASE_PROMPTS.get(view.phase, "your_turn_follow"), "turn")


def returnable_ranks(view: SeatView) -> set[int]:
    """Ranks the seat may give back (§6): those in its legal returns."""
    return {r for move in view.legal_moves if move.kind == MoveKind.RETURN
            for r, n in enumerate(ranks_of(move)) if n}


def _return_prompt(view: SeatView) -> Line:
    """还贡: how many cards and of which ranks, before the player can make a mistake (§6)."""
    returns = [move for move in view.legal_moves if move.kind == MoveKind.RETURN]
    count = sum(ranks_of(returns[0])) if returns else 0
    allowed = returnable_ranks(view)
    ranks = {lang: spoken([int(r in allowed) for r in range(len(view.hand))], lang) for lang in ("zh", "en")}
    return Line(t("your_turn_return", "zh", n=count, ranks=ranks["zh"]),
                t("your_turn_return", "en", n=count, ranks=ranks["en"]), "turn")


def status(view: SeatView, seat_name: Callable[[int], str], human_to_act: bool, autoplay: bool,
           busy: bool) -> Line | None:
    """The line under the felt when no note is showing; None when nothing needs saying."""
    if view.phase == Phase.OVER or view.current_seat is None:
        return said("deal_over", "done") if view.places else None
    if human_to_act and not busy:
        return turn_prompt(view, seat_name)
    if autoplay and view.seat not in view.finish_order and view.seat not in view.revolted:
        return said("autoplay_on", "wait")
    if view.seat in view.finish_order:
        place = view.finish_order.index(view.seat)
        return said("you_are_out", "wait", place=t(f"place_{place}", "zh"), place_en=t(f"place_{place}", "en"))
    if view.current_seat == view.seat:
        return None   # his turn, being shown: the prompt comes when the table is still
    return said("waiting", "wait", name=seat_name(view.current_seat))


def hint_head(action: str, lang: str) -> str:
    """"Hint: 10 10" for a play, "Hint: pass" for a word, in the players' card names."""
    move = parse_action(action)
    if move.kind in WORD_HINTS:
        return t(f"hint_{move.kind}", lang)
    cards = str(move.play) if move.play is not None else move.ranks
    return t("hint_play", lang, cards=pretty(cards, lang))


def action_words(action: str, lang: str) -> str:
    """An action as a player says it: the cards ("K K K"), or the word ("pass")."""
    move = parse_action(action)
    if move.kind in WORD_HINTS:
        return t(f"word_{move.kind}", lang)
    return pretty(str(move.play) if move.play is not None else move.ranks, lang)


def cards_for(hand: tuple[int, ...], action: str) -> set[int]:
    """Hand cards for a play or a return (highest suits first, as the engine picks)."""
    move = parse_action(action)
    if move.play is None and not move.ranks:
        return set()
    wanted = move.play.counts() if move.play is not None else parse_counts(move.ranks)
    chosen: set[int] = set()
    for card in reversed(hand):
        rank = RANK_OF_CARD[card]
        if wanted[rank]:
            wanted[rank] -= 1
            chosen.add(card)
    return chosen


def pretty(text: str, lang: str = "zh") -> str:
    """Cards as players name them in either language: 10 for T, 小王/大王 for x/X
    ("small joker"/"big joker" in English), highest first; a long run shortened."""
    counts = parse_counts(text) if text.strip() else [0] * N_RANKS
    names = [rank_name(rank, lang) for rank in reversed(range(N_RANKS)) for _ in range(counts[rank])]
    return " ".join(names) if len(names) <= 12 else " ".join(names[:12]) + " …"


def cards_word(count: int) -> str:
    """English count of cards: "1 card", "2 cards"."""
    return "1 card" if count == 1 else f"{count} cards"
