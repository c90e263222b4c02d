"""Screenshots of the records screens (for ``python -m gouji.ui.tools.shots``): a
review at its start, in the middle and at a marked decision, the statistics,
the past deals, the paste box with a refused code, and the reset question."""

from __future__ import annotations

from collections.abc import Callable


def shoot_records(app, shot: Callable[[str], None]) -> None:
    """After a match was played (and recorded) in ``app``."""
    from ...review import analyse
    from ..scenes.confirm import ConfirmScene
    from ..scenes.review import ReviewScene
    app.recorder.wait()
    app.review_deal(len(app.playing.results) - 1)
    app.settle_review()
    review = app.scenes.top
    assert isinstance(review, ReviewScene)
    review.analyser.wait()
    shot("review-start")
    review.review.go(len(review.review) // 2)
    shot("review-middle")
    review.analyser.result = analyse(review.review, margin=0.5)   # a stricter eye, so that a mark shows
    review.go("mark")
    shot("review-mark")
    review.go("end")
    shot("review-end")
    app.to_title()
    for name, opener in (("stats", app.open_stats), ("history", app.open_history)):
        opener()
        app.recorder.wait()
        app.frame(0.01)
        shot(name)
    app.open_paste("GJ1:AAoAAKgBTphdWL-kYv2F45lGRfzxXhf")
    paste = app.scenes.top
    paste.submit()
    paste.job.wait()
    paste.finish()
    shot("paste-refused")
    app.scenes.pop()
    app.open_stats()
    app.recorder.wait()
    app.frame(0.01)
    app.scenes.push(ConfirmScene(app, "st_reset_question", "st_reset_yes", lambda: None))
    shot("stats-reset")
