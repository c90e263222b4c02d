"""Reviews of finished deals (pure): every position with all hands open, the
reviewed player's decisions analysed by the strongest bot, and "play from here".

    review = Review(ref)                 # a DealRef: from a deal code or the history
    review.forward(); review.frame       # what to draw
    analysis = analyse(review)           # the decisions, ranked by the bot
"""

from .analysis import Analysis, Option, Verdict, analyse, strongest_level
from .model import Decision, Frame, Review, Spot, Start

__all__ = ["Review", "Frame", "Spot", "Start", "Decision", "Analysis", "Verdict", "Option", "analyse",
           "strongest_level"]
