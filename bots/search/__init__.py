"""Searching over guessed deals (determinised rollouts), for the ``expert`` level.

``reading`` lists what the play so far says about the hidden hands;
``inference`` guesses hands that agree with everything the seat has seen,
and ``Game.from_view`` (the engine's) plays on from the view with them;
``rollout`` plays a position out fast and scores it in the match's terms;
``search`` picks the candidates and spends the budget; ``pool`` runs the
rollouts on every core.
"""
