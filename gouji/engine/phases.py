"""Who is being asked what: one set of phase names for ``Game``, ``Match`` and
``SeatView``. A ``Phase`` is a ``str``, so ``view.phase == "lead"`` holds."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    # before the first lead of a deal (Match only, RULES §5–§8)
    PREDECLARE = "predeclare"  # 预点, before the cards are dealt: declare or not
    RETURN = "return"          # give back 落贡 cards
    REVOLT = "revolt"          # 革命 or not
    CHOOSE = "yaotou"          # the revolutionary's 对头: 要头 or 无头
    DECLARE = "declare"        # 宣点 (明点) or not
    # the play of a deal (RULES §3)
    LEAD = "lead"              # the round's leader must play
    FOLLOW = "follow"          # ordinary turn: beat the standing play, pass, or 让
    BURN = "burn"              # burn window of a protected 够级: burn (or a 无头 plain play) or decline
    ANSWER = "answer"          # the 够级 player's 对头: beat it or pass (扣)
    OVER = "over"              # the deal (Game) or the match (Match) has ended

    @classmethod
    def _missing_(cls, value: object) -> "Phase":
        # the standard refusal quotes the whole value; a phase name is short
        raise ValueError(f"{str(value)[:20]!r} is not a phase (phases: {', '.join(cls)})")

    @property
    def in_play(self) -> bool:
        """A phase of the card play itself (not a decision before the first lead)."""
        return self in PLAY_PHASES


PLAY_PHASES = frozenset({Phase.LEAD, Phase.FOLLOW, Phase.BURN, Phase.ANSWER})
PRE_PLAY_PHASES = frozenset({Phase.PREDECLARE, Phase.RETURN, Phase.REVOLT, Phase.CHOOSE, Phase.DECLARE})

# Short names, as the engine's modules have always used them.
LEAD, FOLLOW, BURN, ANSWER, OVER = Phase.LEAD, Phase.FOLLOW, Phase.BURN, Phase.ANSWER, Phase.OVER
PREDECLARE, RETURN, REVOLT, CHOOSE, DECLARE = (Phase.PREDECLARE, Phase.RETURN, Phase.REVOLT, Phase.CHOOSE,
                                               Phase.DECLARE)
