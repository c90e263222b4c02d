"""够级 Gouji: a pure rules engine and the game built on it."""

from .errors import IllegalAction, NotationError
from .flow import DealSetup
from .game import Game
from .match import Match
from .plays import Play, can_beat, is_gouji
from .rules import RuleSet
from .scoring import score_deal
from .tribute import point_tribute
from .view import SeatView

__all__ = ["Game", "Match", "point_tribute", "RuleSet", "IllegalAction", "NotationError", "can_beat", "is_gouji",
           "score_deal", "Play", "SeatView", "DealSetup"]
