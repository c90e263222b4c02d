"""The paste box: a deal code typed or pasted (Ctrl+V), then Enter opens its
review; a damaged or foreign code is refused with the reason under the box."""

from __future__ import annotations

import pygame

from ...engine.dealcode import DealCodeError, decode
from .. import theme
from ..i18n import t
from ..textbox import TextBox, clipboard_text
from ..widgets import Button, ButtonBar
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
                 ("cancel", "btn_back", pygame.K_ESCAPE, self.app.scenes.pop, 510))
        self.buttons.set([Button(pygame.Rect(L.box(x + left, y + 250, 160, 46)), t(label, lang), action, key=key,
                                 size=L.font(18), hotkey=hotkey) for key, label, hotkey, action, left in specs])

    def paste(self) -> None:
        self.box.insert(clipboard_text())
        self.problem = None

    def submit(self) -> None:
        """Open the review of the code in the box, or say why not."""
        if not self.box.text.strip():
            self.problem = f"{t('paste_empty', 'zh')}\n{t('paste_empty', 'en')}"
            return
        try:
            ref = decode(self.box.text)
        except DealCodeError as exc:
            self.problem = f"{exc.zh}\n{exc.en}"
            return
        self.app.scenes.pop()   # the review opens where the box was
        self.app.open_review(ref)

    def update(self, dt: float) -> bool:
        self.opened = True
        return False

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.TEXTINPUT and not self.opened:
            return   # the text of the key press that opened this box (V), in the same batch of events
        if event.type == pygame.KEYDOWN and event.key == pygame.K_KP_ENTER:
            self.submit()
            return
        if self.box.handle(event):
            self.problem = None
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
        if self.problem:
            line = self.problem.split("\n")[0 if lang == "zh" else -1]
            text = fonts.render_fit(line, L.font(16), theme.WARN, panel.width - L.s(60), bold=True)
            screen.blit(text, (panel.x + L.s(30), panel.y + L.s(200)))
        self.buttons.draw(screen, fonts)


__all__ = ["PasteScene"]
