"""Actions as values: ``Move`` and the one parser of the action text form.

The text form is what players, saves and tests write (``play 2KK``, ``burn
xAAA``, ``pass``, ``noburn``, ``rang``; before the first lead ``return 5T``,
``declare``, ``nodeclare``, ``revolt``, ``norevolt``, ``yaotou``, ``wutou``).
``str(move)`` gives it back in canonical form.

>>> parse_action("play KK2")
Move.parse('play 2KK')
>>> str(parse_action("return T5"))
'return 5T'
"""

from __future__ import annotations

from enum import StrEnum
from functools import lru_cache
from typing import NamedTuple

from .cards import RANK_LETTERS, format_counts, parse_counts
from .errors import QUOTE_LIMIT, IllegalAction, NotationError, quote
from .plays import Play, parse_play


class MoveKind(StrEnum):
    """What an action does; a ``str``, so ``move.kind == "pass"`` holds."""

    PLAY = "play"              # lead or beat (a 无头 player's beat in a burn window too)
    BURN = "burn"              # 烧牌: take a protected 够级 in a burn window (§3.4)
    RETURN = "return"          # give back 落贡 cards (§6)
    PASS = "pass"              # pass, or 扣 when answering
    NOBURN = "noburn"          # let a burn window go by
    RANG = "rang"              # 让牌 (§3.6)
    DECLARE = "declare"        # 宣点 / 预点 (§5)
    NODECLARE = "nodeclare"
    REVOLT = "revolt"          # 革命 (§8.6)
    NOREVOLT = "norevolt"
    YAOTOU = "yaotou"          # the revolutionary's 对头 chooses 要头 …
    WUTOU = "wutou"            # … or 无头

    @classmethod
    def _missing_(cls, value: object) -> "MoveKind":
        raise ValueError(f"{str(value)[:20]!r} is not a kind of move (kinds: {', '.join(cls)})")

    @property
    def takes_cards(self) -> bool:
        """A play, burn or return names its cards; the other kinds are words."""
        return self in (MoveKind.PLAY, MoveKind.BURN, MoveKind.RETURN)


def window_kind(wutou: bool) -> MoveKind:
    """How a seat takes a protected 够级 in a burn window: by a burn, or when he
    is 无头 by a plain play (§3.4, §3.7)."""
    return MoveKind.PLAY if wutou else MoveKind.BURN


PLAY_KINDS = (MoveKind.PLAY, MoveKind.BURN)     # carry a play
KINDS = tuple(MoveKind)
WORDS = tuple(kind for kind in MoveKind if not kind.takes_cards)
_TEXTS: dict["Move", str] = {}   # canonical text per move, made once


class Move(NamedTuple):
    """One action: ``kind``, the ``play`` of a play or burn, or the rank
    counts (``ranks``, notation) of the cards given back in a return."""

    kind: MoveKind
    play: Play | None = None
    ranks: str = ""

    def __str__(self) -> str:
        text = _TEXTS.get(self)
        if text is None:
            if self.play is not None:
                text = f"{self.kind} {self.play}"
            else:
                text = f"{self.kind} {self.ranks}" if self.ranks else str(self.kind)
            if len(_TEXTS) < 100_000:
                _TEXTS[self] = text
        return text

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> "Move":
        return parse_action(text)


def parse_action(text: str) -> Move:
    """Text -> Move; anything that is not an action becomes ``IllegalAction`` with a reason."""
    if not isinstance(text, str):
        raise IllegalAction("动作必须是文字，比如 'play KK'",
                            f"an action must be text such as 'play KK', got {type(text).__name__}")
    if len(text) > 200:
        raise IllegalAction("动作太长了", f"the action {quote(text)} is far too long to be one")
    return _parse(text)


@lru_cache(maxsize=8192)
def _parse(text: str) -> Move:
    parts = text.split(None, 1)
    if not parts:
        raise IllegalAction("动作是空的", "the action is empty")
    word = parts[0].lower()
    if word not in _BY_WORD:
        raise IllegalAction(f"不认识的动作 {quote(word)}（出牌用 play/burn/pass/noburn/rang；开局前用 {_PRE_PLAY}）",
                            f"unknown action {quote(word)} (in the card play use play, burn, pass, noburn or rang; "
                            f"before the first lead {_PRE_PLAY})")
    kind = _BY_WORD[word]
    if kind.takes_cards:
        if len(parts) < 2:
            example = "return 5" if kind == MoveKind.RETURN else f"{kind} KK"
            raise IllegalAction(f"要说出哪些牌：{kind} 加牌，例如 {example}",
                                f"say which cards: '{kind} <cards>', e.g. {example}")
        try:
            if kind == MoveKind.RETURN:
                return Move(kind, None, format_counts(parse_counts(parts[1])))
            return Move(kind, parse_play(parts[1].replace(" ", "")))
        except NotationError as exc:
            raise IllegalAction(exc.zh, exc.en) from None
    if len(parts) > 1:
        raise IllegalAction(f"'{kind}' 后面不带牌，只写 {kind}", f"'{kind}' takes no cards: type just {kind}")
    return Move(kind)


_BY_WORD = {str(kind): kind for kind in MoveKind}
_CARD_PLAY = ("play", "burn", "pass", "noburn", "rang")
_PRE_PLAY = "/".join(word for word in _BY_WORD if word not in _CARD_PLAY)   # 还贡, 宣点, 革命, 要头 …


def ranks_of(move: Move) -> list[int]:
    """Rank counts of the cards a move gives away (a play or a return)."""
    if move.play is not None:
        return move.play.counts()
    return parse_counts(move.ranks)


__all__ = ["Move", "MoveKind", "window_kind", "parse_action", "quote", "ranks_of", "KINDS", "RANK_LETTERS",
           "QUOTE_LIMIT"]
