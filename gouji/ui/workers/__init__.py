"""Work done off the frame loop, on threads, with no pygame: the history's
writer (``recorder``), reviews made from a deal code or a record
(``review_loader``) and hints from a searching bot (``hint_worker``). The
shell owns them; the scenes poll their results."""
