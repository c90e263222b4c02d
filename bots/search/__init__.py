"""Searching over guessed deals (determinised rollouts), for the ``expert`` level.

``replay`` turns a seat's view plus guessed hands into a game position;
``inference`` guesses hands that agree with everything the seat has seen;
``rollout`` plays a position out fast and scores it in the match's terms;
``search`` picks the candidates and spends the budget; ``pool`` runs the
rollouts on every core.
"""
