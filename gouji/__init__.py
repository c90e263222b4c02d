"""够级 Gouji: a pure rules engine and the game built on it."""

from .engine.errors import IllegalAction, NotationError
from .engine.flow import DealSetup
from .engine.game import Game
from .engine.match import Match
from .engine.plays import Play, can_beat, is_gouji
from .engine.rules import RuleSet
from .engine.scoring import score_deal
from .engine.tribute import point_tribute
from .engine.view import SeatView

__all__ = ["Game", "Match", "point_tribute", "RuleSet", "IllegalAction", "NotationError", "can_beat", "is_gouji",
           "score_deal", "Play", "SeatView", "DealSetup"]
