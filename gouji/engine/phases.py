"""The phases of a deal: who is being asked what."""

LEAD = "lead"      # the round's leader must play
FOLLOW = "follow"  # ordinary turn: beat the standing play, pass, or 让
BURN = "burn"      # burn window of a protected 够级: burn (or a 无头 plain play) or decline
ANSWER = "answer"  # the 够级 player's 对头: beat it or pass (扣)
OVER = "over"      # the deal has ended
