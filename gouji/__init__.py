"""够级 Gouji: a pure rules engine and the game built on it.

The stable API (``from gouji import Game, RuleSet, …``) is the engine's face;
see README "How the code is laid out" for the folders behind it.
"""

from .engine import (
    DealSetup,
    Event,
    EventKind,
    Game,
    IllegalAction,
    Match,
    Move,
    NotationError,
    Phase,
    Play,
    RuleSet,
    SeatView,
    can_beat,
    is_gouji,
    parse_action,
    point_tribute,
    score_deal,
)

__all__ = ["Game", "Match", "point_tribute", "RuleSet", "IllegalAction", "NotationError", "can_beat", "is_gouji",
           "score_deal", "Play", "SeatView", "DealSetup", "Move", "parse_action", "Phase", "Event", "EventKind"]
