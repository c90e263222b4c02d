"""The rules of Gouji, pure: cards, plays, legality, the deal flow, ``Game``,
the match layer (``Match``, tribute, pre-deal steps), views and scoring.

Nothing here imports pygame, the store, the UI or the bots, or does file,
clock or network I/O; randomness comes only from seeded ``random.Random``.
"""

from .actions import Move, parse_action
from .errors import IllegalAction, NotationError
from .events import Event, EventKind
from .game import Game
from .match import Match
from .phases import Phase
from .plays import Play, can_beat, is_gouji
from .rules import RuleSet
from .scoring import score_deal
from .state import DealSetup
from .tribute import point_tribute
from .view import SeatView

__all__ = ["Game", "Match", "RuleSet", "IllegalAction", "NotationError", "can_beat", "is_gouji", "score_deal",
           "point_tribute", "Play", "SeatView", "DealSetup", "Move", "parse_action", "Phase", "Event", "EventKind"]
