"""The paste box: a deal code typed or pasted (Ctrl+V), then Enter opens its
review; a damaged, foreign or invalid code is refused with the reason under
the box. The code is read on a worker thread (a long match's last deal takes
seconds to replay), the box saying so; Esc then cancels the reading."""

from __future__ import annotations

import pygame

from ...engine.dealcode import MAX_TEXT_CHARS, decode
from ...review import Review
from ..draw import theme
from ..draw.textbox import TextBox, clipboard_text
from ..draw.widgets import Button, ButtonBar
from ..i18n import t
from ..workers.review_loader import Job
from .base import Host, Scene

BOX = (240, 250, 800, 320)   # the panel, design coordinates


class PasteScene(Scene):
    overlay = True

    def __init__(self, app: Host, text: str = "") -> None:
        super().__init__(app)
        self.buttons = ButtonBar()
        self.box = TextBox(pygame.Rect(0, 0, 10, 10))
        self.box.set_text(text)
        self.problem: str | None = None     # why the last code was refused (zh\nen)
        self.job: Job[Review] | None = None  # the code being read
        self.reading = 0.0                   # seconds it has been read for
        self.opened = False                  # until its first frame: the key that opened the box types nothing
        self.refresh_language()

    def enter(self) -> None:
        self.box.start()

    def resume(self) -> None:
        self.box.start()

    def pause(self) -> None:
        self.box.stop()

    def leave(self) -> None:
        self.box.stop()

    def refresh_language(self) -> None:
        L, lang = self.app.layout, self.app.settings.language
        x, y, w, _ = BOX
        self.box.rect = pygame.Rect(L.box(x + 30, y + 80, w - 60, 110))
        self.box.size = L.font(18)
        specs = (("open", "paste_open", pygame.K_RETURN, self.submit, 150),
                 ("paste", "paste_paste", pygame.K_v, self.paste, 330),
                 ("cancel", "btn_back", pygame.K_ESCAPE, self.back, 510))
        self.buttons.set([Button(pygame.Rect(L.box(x + left, y + 250, 160, 46)), t(label, lang), action, key=key,
                                 size=L.font(18), hotkey=hotkey) for key, label, hotkey, action, left in specs])

    def paste(self) -> None:
        self.problem = None
        self.box.insert(clipboard_text())
        self._refused()

    def _refused(self) -> None:
        """A paste longer than any code was left out of the box: say so."""
        if self.box.refused:
            n, self.box.refused = self.box.refused, 0
            self.problem = "\n".join(t("paste_too_long", lang, n=n, most=MAX_TEXT_CHARS) for lang in ("zh", "en"))

    def back(self) -> None:
        """Esc: stop reading a code, else close the box."""
        if self.job is not None:
            self.job.cancel.set()
            self.job = None
        else:
            self.app.scenes.pop()

    def submit(self) -> None:
        """Start reading the code in the box; its review opens when it is read, or the box says why not."""
        if self.job is not None:
            return
        text = self.box.text
        if not text.strip():
            self.problem = f"{t('paste_empty', 'zh')}\n{t('paste_empty', 'en')}"
            return
        self.problem, self.reading = None, 0.0
        self.job = self.app.reviews.start(lambda stopped: Review(decode(text, stopped), stop=stopped))

    def update(self, dt: float) -> bool:
        self.opened = True
        if self.job is None:
            return False
        self.reading += dt
        if not self.job.done():
            return int(self.reading - dt) != int(self.reading)
        self.finish()
        return True

    def finish(self) -> None:
        """The code is read: its review in the box's place, or the reason under the box."""
        if self.job is None:
            return
        review, why = self.job.outcome()
        self.job = None
        if review is not None:
            self.app.scenes.pop()   # the review opens where the box was
            self.app.show_review(review)
        elif why is not None:
            self.problem = "\n".join(why)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.TEXTINPUT and not self.opened:
            return   # the text of the key press that opened this box (V), in the same batch of events
        if event.type == pygame.KEYDOWN and event.key == pygame.K_KP_ENTER:
            self.submit()
            return
        if self.job is None and self.box.handle(event):
            self.problem = None
            self._refused()
            return
        self.buttons.handle(event)

    def draw(self, screen: pygame.Surface) -> None:
        L, fonts, lang = self.app.layout, self.app.fonts, self.app.settings.language
        panel = pygame.Rect(L.box(*BOX))
        theme.dialog(screen, panel, L.s(16))
        head = fonts.render(t("paste_title", lang), L.font(26), theme.GOLD, bold=True)
        screen.blit(head, head.get_rect(midtop=(panel.centerx, panel.y + L.s(16))))
        tip = fonts.render_fit(t("paste_tip", lang), L.font(15), theme.TEXT_DIM, panel.width - L.s(60))
        screen.blit(tip, (panel.x + L.s(30), panel.y + L.s(56)))
        self.box.draw(screen, fonts)
        if self.job is not None:
            line, colour = t("paste_reading", lang, s=int(self.reading)), theme.GOLD
        elif self.problem:
            line, colour = self.problem.split("\n")[0 if lang == "zh" else -1], theme.WARN
        else:
            line = ""
        if line:
            text = fonts.render_fit(line, L.font(16), colour, panel.width - L.s(60), bold=True)
            screen.blit(text, (panel.x + L.s(30), panel.y + L.s(200)))
        self.buttons.draw(screen, fonts)


__all__ = ["PasteScene"]
