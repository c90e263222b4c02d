"""What the screens show, as plain values and pure functions — no pygame here
(tests/test_boundaries.py checks it): the layout's geometry, the board of what
lies on the table and the director that stages it, tweens, the prompts, the names
and counts a seat sees, a review's tape and words, Learn's session and the
practice table's memory."""
