"""Plays (一套牌): classification, comparison and 够级 (RULES §1.2–§1.4).

A play is N natural cards of one rank 3..A plus any 2s and jokers, or only
2s plus jokers, or only jokers. Attached 2s (贴钱) become the natural rank;
attached jokers (挂花) stay jokers.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple, Union

from .cards import (
    ACE,
    BIG,
    JACK,
    KING,
    N_RANKS,
    NATURALS,
    QUEEN,
    RANK_LETTERS,
    SMALL,
    TEN,
    TWO,
    parse_counts,
    rank_name,
)
from .checks import need_list, need_rules, need_text
from .errors import NotationError

if TYPE_CHECKING:
    from .rules import RuleSet

# Fewest cards (after converting 2s) that make a natural rank 够级 (§1.4).
GOUJI_MINIMUM = {TEN: 5, JACK: 4, QUEEN: 3, KING: 2, ACE: 2}
NO_RANK = -1  # the "natural rank" of a play of only jokers
MAX_PLAY_TEXT = 250  # no play has more cards than a 216-card deck (plus a few spaces)


class Play(NamedTuple):
    """One play: ``naturals`` cards of ``rank`` plus 2s and jokers.

    ``rank`` is a natural rank 0..11, ``TWO`` for a play of only 2s (then
    ``naturals`` is 0 and ``twos`` holds them), or ``NO_RANK`` for jokers only.
    ``str()`` is the notation, strongest first: ``Play.parse("888xx")`` prints
    ``xx888``. A small immutable tuple, so move generation makes them cheaply.
    """

    rank: int
    naturals: int
    twos: int
    small: int
    big: int

    @classmethod
    def parse(cls, text: str) -> "Play":
        return parse_play(need_text(text, "text", "KK"))

    @classmethod
    def from_counts(cls, counts: list[int]) -> "Play":
        """The play of these rank counts (a list of 15: 3..A, 2, 小王, 大王)."""
        counts = need_list(counts, "counts", f"{N_RANKS} card counts")
        if len(counts) != N_RANKS or not all(type(n) is int and n >= 0 for n in counts):
            raise NotationError(f"牌数要是 {N_RANKS} 个非负整数",
                                f"counts must be {N_RANKS} whole numbers, none below 0")
        return cls._from_counts(counts)

    @classmethod
    def _from_counts(cls, counts: list[int]) -> "Play":
        ranks = [r for r in NATURALS if counts[r]]
        if len(ranks) > 1:
            a, b = ranks[:2]
            raise NotationError(f"不同点数的牌不能一起出：{rank_name(a)} 和 {rank_name(b)}",
                                f"two natural ranks in one play: {rank_name(a, 'en')} and {rank_name(b, 'en')}")
        twos, small, big = counts[TWO], counts[SMALL], counts[BIG]
        if ranks:
            return cls(ranks[0], counts[ranks[0]], twos, small, big)
        if twos + small + big == 0:
            raise NotationError("出牌不能是空的", "a play needs at least one card")
        return cls(TWO if twos else NO_RANK, 0, twos, small, big)

    def __str__(self) -> str:
        text = _TEXTS.get(self)
        if text is None:
            natural = RANK_LETTERS[self.rank] * self.naturals if self.naturals else ""
            text = "X" * self.big + "x" * self.small + "2" * self.twos + natural
            if len(_TEXTS) < 100_000:  # a few thousand distinct plays exist in practice
                _TEXTS[self] = text
        return text

    def __repr__(self) -> str:
        return f"Play.parse({str(self)!r})"

    @property
    def size(self) -> int:
        return self.naturals + self.twos + self.small + self.big

    @property
    def body(self) -> int:
        """Cards that are not jokers (naturals and 2s, all of one rank)."""
        return self.naturals + self.twos

    @property
    def jokers(self) -> int:
        return self.small + self.big

    def counts(self) -> list[int]:
        counts = [0] * N_RANKS
        if self.naturals:
            counts[self.rank] += self.naturals
        counts[TWO] += self.twos
        counts[SMALL] += self.small
        counts[BIG] += self.big
        return counts


PlayLike = Union[Play, str]
_TEXTS: dict[Play, str] = {}   # notation per play, made once (legal_actions formats thousands)


def parse_play(text: str) -> Play:
    """``Play.parse`` of text; NotationError says what is wrong."""
    if len(text) > MAX_PLAY_TEXT:
        raise NotationError("这手牌太长了", f"a play of {len(text)} characters is far too long to be one")
    return _parse_play(text)


@lru_cache(maxsize=8192)
def _parse_play(text: str) -> Play:
    """Cached: the same few hundred plays recur all game."""
    return Play._from_counts(parse_counts(text))


def as_play(play: PlayLike, name: str = "play") -> Play:
    """A Play, from a Play or its notation; anything else is a TypeError naming ``name``."""
    if isinstance(play, Play):
        return play
    return parse_play(need_text(play, name, "KK"))


def effective_jokers(play: Play, rules: "RuleSet | None" = None) -> tuple[int, int]:
    """(大王, 小王) as they count in a comparison; ``as_small`` folds a mix."""
    if play.big and play.small and rules is not None and rules.jokers_mix_as_small:
        return 0, play.big + play.small
    return play.big, play.small


def is_dead(play: PlayLike, rules: "RuleSet | None" = None) -> bool:
    """A play with 大王 can never be beaten (死牌, §1.3); under ``as_small`` a mix with 小王 can."""
    p = play if type(play) is Play else as_play(play)   # a Play as is: the search's hot path
    return effective_jokers(p, rules)[0] > 0


def kai_dian_eligible(play: Play, rules: "RuleSet") -> bool:
    """Whether a standing 够级 play opens (开点, §5) under ``kai_dian_eligibility``:
    ``standard`` any 够级 but one with jokers or a single 2; ``dagang`` any 够级
    without 大王; ``pure`` natural 10..A sets only."""
    if not is_gouji(play):
        return False
    if rules.kai_dian_eligibility == "standard":
        return not play.jokers and not (play.rank == TWO and play.size == 1)
    if rules.kai_dian_eligibility == "dagang":
        return not play.big
    return not play.jokers and not play.twos and play.rank < TWO


def can_beat(standing: PlayLike, candidate: PlayLike, rules: "RuleSet | None" = None) -> bool:
    """The position rule of §1.3: same size, every card strictly stronger.

    >>> can_beat("xx888", "XX999"), can_beat("xx888", "X9999")
    (True, False)
    """
    a, b = as_play(standing, "standing"), as_play(candidate, "candidate")
    if rules is not None:
        need_rules(rules)
    if a.size != b.size:
        return False
    a_big, a_small = effective_jokers(a, rules)
    if a_big:
        return False
    b_big, _ = effective_jokers(b, rules)
    if b_big < a_small:  # each 小王 position needs a 大王
        return False
    # Every body card of the candidate faces a body card of the standing play.
    return b.body == 0 or b.rank > a.rank


def is_gouji(play: PlayLike) -> bool:
    """够级牌 (§1.4): enough high cards, any 2-only play, or any joker.

    >>> is_gouji("2TTTT"), is_gouji("TTTT")
    (True, False)
    """
    p = play if type(play) is Play else as_play(play)   # a Play as is: the search's hot path
    rank = p.rank
    if p.small or p.big or rank == TWO:
        return True
    return p.naturals + p.twos >= GOUJI_MINIMUM.get(rank, 99)
