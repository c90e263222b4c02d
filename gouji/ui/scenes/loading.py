"""A small panel over the screen while a review is being made on a worker
thread (a long match's last deal takes seconds): it says so, counts the
seconds, and Esc cancels; when the work is done the review takes its place,
or the reason it cannot be made is shown as a notice."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...review import Review
from ..draw import theme
from ..i18n import t
from ..workers.review_loader import Job
from .base import Host, Scene

BOX = (390, 300, 500, 150)


class LoadingScene(Scene):
    overlay = True

    def __init__(self, app: Host, job: Job[Review], opened: Callable[[Review], None],
                 failed: Callable[[str, str], None]) -> None:
        super().__init__(app)
        self.job, self.opened, self.failed = job, opened, failed
        self.seconds = 0.0

    def update(self, dt: float) -> bool:
        self.seconds += dt
        if not self.job.done():
            return int(self.seconds - dt) != int(self.seconds)   # the count of seconds moved on
        self.finish()
        return True

    def finish(self) -> None:
        """The work is done: the review in this panel's place, or the reason it failed."""
        review, why = self.job.outcome()
        if self.app.scenes.top is self:
            self.app.scenes.pop()
        if review is not None:
            self.opened(review)
        elif why is not None and not self.job.cancel.is_set():
            self.failed(*why)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.job.cancel.set()
            self.app.scenes.pop()

    def draw(self, screen: pygame.Surface) -> None:
        L, fonts, lang = self.app.layout, self.app.fonts, self.app.settings.language
        panel = pygame.Rect(L.box(*BOX))
        theme.dialog(screen, panel, L.s(16))
        head = fonts.render(t("loading_review", lang, s=int(self.seconds)), L.font(22), theme.GOLD, bold=True)
        screen.blit(head, head.get_rect(midtop=(panel.centerx, panel.y + L.s(34))))
        tip = fonts.render(t("loading_cancel", lang), L.font(16), theme.TEXT_DIM)
        screen.blit(tip, tip.get_rect(midtop=(panel.centerx, panel.y + L.s(88))))


__all__ = ["LoadingScene"]
