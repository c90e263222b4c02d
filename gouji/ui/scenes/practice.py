"""The practice table: a match against the bots that counts in no statistics
and is never saved, with switches on the table — open hands, every hand
size shown, an automatic hint at each turn — and two questions: "why?" on
any bot move (E, or a click on the bot's badge) and undo back to any earlier
decision of the player's (U, again and again)."""

from __future__ import annotations

import pygame

from ...engine.match import Match
from ...table import Table
from ..draw import theme
from ..draw.widgets import Button, ButtonBar
from ..i18n import t
from ..model.board import in_hand_order
from ..model.practice_memory import Switches, Turn, Why, explain, replay_to, timeline, undo_target
from ..model.prompts import Line, pretty
from .base import Host
from .table import TableScene
from .table_state import Note

TOGGLES = (("open_hands", "pr_open", pygame.K_o), ("counts", "pr_counts", pygame.K_n),
           ("auto_hint", "pr_autohint", pygame.K_a))
ASKS = (("why", "pr_why", pygame.K_e), ("undo", "pr_undo", pygame.K_u))
TIMER = ("timer", "pr_timer", pygame.K_i)   # the third button of the second row
LAMP_ON = (90, 210, 110)
CARD_WORDS = {"play": "pr_play", "burn": "pr_burn", "return": "pr_return"}
WORDS = {word: f"pr_{word}" for word in ("pass", "noburn", "rang", "declare", "nodeclare", "revolt", "norevolt",
                                          "yaotou", "wutou")}


class ToggleButton(Button):
    """A switch: a lamp at the left that is lit while it is on."""

    on: bool | None = None   # None: not a switch (a plain button in the same row)

    def draw(self, screen: pygame.Surface, fonts) -> None:
        super().draw(screen, fonts)
        if self.on is None:
            return
        radius = max(3, self.rect.height // 6)
        centre = (self.rect.x + radius + 5, self.rect.centery)
        pygame.draw.circle(screen, LAMP_ON if self.on else (60, 50, 40), centre, radius)
        pygame.draw.circle(screen, (30, 24, 18), centre, radius, 1)


class PracticeScene(TableScene):
    def __init__(self, app: Host, table: Table, switches: Switches | None = None) -> None:
        if not isinstance(table.game, Match):
            raise TypeError("the practice table plays a match")
        self.match: Match = table.game
        self.switches = switches or Switches()
        self.toolbar = ButtonBar()
        self._toolbar_signature: tuple | None = None
        self.turns: list[Turn] = timeline(self.match, table.viewer)
        self.why: Why | None = None
        self._whys: dict[int, Why | None] = {}
        self._auto_hinted = -1
        super().__init__(app, table, deal_in=True)
        self._rebuild_toolbar()

    # ----- the switches ----------------------------------------------------
    def open_hands(self) -> dict[int, tuple[int, ...]]:
        if not self.switches.open_hands:
            return {}
        finished = self.board.deal_over or self.board.deal_index < self.match.deal_index
        hands = {}
        for seat in range(6):
            if seat == self.human:
                continue
            if finished:   # the deal on show is over: the cards it left in each hand
                view = self.match.finished_view(seat)
                cards: tuple[int, ...] | list[int] = view.hand_cards if view is not None else ()
            else:
                cards = self.match.hand_cards(seat)
            if cards:
                hands[seat] = in_hand_order(cards)
        return hands

    def counts_always(self) -> bool:
        return self.switches.counts or super().counts_always()

    def toggle(self, name: str) -> None:
        setattr(self.switches, name, not getattr(self.switches, name))
        self._auto_hinted = -1
        if name == "auto_hint" and self.switches.auto_hint:
            self.note = None   # the hint shows at once
        self._rebuild_toolbar()

    # ----- the match's memory ------------------------------------------------
    def _move_on(self) -> bool:
        """Each applied action joins the timeline (for "why?" and undo)."""
        queued = self.table.queue[0] if self.table.queue else None
        before, deal = len(self.match.actions), self.match.deal_index
        changed = super()._move_on()
        if queued is not None and len(self.match.actions) > before:
            self.turns.append(Turn(before, queued.seat, self.match.actions[before], deal, len(self.table.stream)))
        return changed

    def bot_turns(self) -> list[Turn]:
        """The bots' moves of the deal on show, as far as they have been shown."""
        deal = self.board.deal_index
        return [turn for turn in self.turns if turn.seat != self.human and turn.deal == deal
                and turn.shown_at <= self.director.shown]

    def ask_why(self, seat: int | None = None) -> None:
        """Explain the latest bot move (of ``seat``), or — asked again — the one before."""
        turns = [turn for turn in self.bot_turns() if seat is None or turn.seat == seat]
        if not turns:
            self._say("pr_why_none")
            return
        turn = turns[-1]
        if seat is None and self.why is not None and self.why.turn in turns and self._showing_why():
            turn = turns[max(0, turns.index(self.why.turn) - 1)]
        if turn.index not in self._whys:
            self._whys[turn.index] = explain(self.match, turn, self.table.bot_level)
        why = self._whys[turn.index]
        self.why = why
        if why is None:
            self._say("pr_why_none")
            return
        self.note = Note(self._why_line(why), len(self.table.stream))

    def _showing_why(self) -> bool:
        return self.note is not None and self.note.stamp == len(self.table.stream) and self.why is not None

    def _why_line(self, why: Why) -> Line:
        texts = []
        for lang, reason in (("zh", why.zh), ("en", why.en)):
            what = t("pr_action", lang, name=self.seat_name(why.turn.seat), action=action_words(why.turn.action, lang))
            text = t("pr_why_line", lang, what=what, why=reason)
            if why.best is not None:
                text += t("pr_why_other", lang, best=action_words(why.best, lang))
            if why.searched:
                text += t("pr_why_searched", lang)
            texts.append(text)
        return Line(texts[0], texts[1])

    def undo(self) -> None:
        """Back to the player's last decision before now: the match replayed up to there."""
        target = undo_target(self.turns, self.human, len(self.match.actions))
        if target is None:
            self._say("pr_undo_none", error=True)
            return
        turn, number, total = target
        self.app.open_practice(replay_to(self.match, turn.index), self.switches)
        scene = self.app.scenes.top
        if isinstance(scene, PracticeScene):
            scene._say("pr_undone", n=number, total=total)

    # ----- time and input -------------------------------------------------------
    def update(self, dt: float) -> bool:
        changed = super().update(dt)
        stamp = len(self.table.stream)
        fresh = self.note is None or self.note.stamp != stamp
        if self.switches.auto_hint and self.human_turn() and self._auto_hinted != stamp and fresh:
            self._auto_hinted = stamp
            chosen = set(self.chosen)
            self._next_hint()
            self.chosen = chosen   # the hint is said, the player's selection stays his
            changed = True
        self._rebuild_toolbar()
        return changed

    def handle(self, event: pygame.event.Event) -> None:
        if self.toolbar.handle(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            seat = self._badge_at(event.pos)
            if seat is not None:
                self.ask_why(seat)
                return
        super().handle(event)

    def _badge_at(self, pos: tuple[int, int]) -> int | None:
        for seat in range(6):
            if seat != self.human and pygame.Rect(self.layout.badge_box(self.drawer.place(seat))).collidepoint(pos):
                return seat
        return None

    def resized(self) -> None:
        super().resized()
        self._toolbar_signature = None

    def _rebuild_toolbar(self) -> None:
        L, lang, sw = self.layout, self.lang, self.switches
        signature = (sw.open_hands, sw.counts, sw.auto_hint, sw.timer, lang, L)
        if signature == self._toolbar_signature:
            return
        self._toolbar_signature = signature
        room = L.badge_box(3)[0] - L.s(20)
        gap = L.s(8)
        width = (room - 2 * gap) // 3
        buttons: list[Button] = []
        for i, (name, label, key) in enumerate(TOGGLES):
            button = ToggleButton(pygame.Rect(L.s(10) + i * (width + gap), L.s(8), width, L.s(34)), t(label, lang),
                                  self._toggler(name), key=name, size=L.font(15), hotkey=key)
            button.on = getattr(sw, name)
            buttons.append(button)
        for i, (name, label, key) in enumerate(ASKS):
            action = self.ask_why if name == "why" else self.undo
            buttons.append(ToggleButton(pygame.Rect(L.s(10) + i * (width + gap), L.s(50), width, L.s(34)),
                                        t(label, lang), action, key=name, size=L.font(15), hotkey=key))
        name, label, key = TIMER
        timer = ToggleButton(pygame.Rect(L.s(10) + 2 * (width + gap), L.s(50), width, L.s(34)), t(label, lang),
                             self._toggler(name), key=name, size=L.font(15), hotkey=key)
        timer.on = sw.timer
        buttons.append(timer)
        self.toolbar.set(buttons)

    def notice_area(self) -> pygame.Rect | None:
        """Below the practice switches, left of the top seat."""
        area = super().notice_area()
        if area is None or not self.toolbar.buttons:
            return area
        top = self._badge_top() + self.layout.s(26)   # under the 练习赛 line
        return pygame.Rect(area.left, top, area.width, max(0, area.bottom - top))

    def _badge_top(self) -> int:
        """The 练习赛 · 不计统计 line sits under the switches (their two rows are full)."""
        bottom = max((button.rect.bottom for button in self.toolbar.buttons), default=self.layout.s(84))
        return bottom + self.layout.s(4)

    def timed(self) -> bool:
        return self.switches.timer   # Learn: only when switched on at this table

    def _toggler(self, name: str):
        return lambda: self.toggle(name)

    # ----- drawing -------------------------------------------------------
    def draw(self, screen: pygame.Surface) -> None:
        super().draw(screen)
        L, fonts = self.layout, self.app.fonts
        self.toolbar.draw(screen, fonts)
        x = L.s(12)
        badge = fonts.render_fit(t("practice_badge", self.lang), L.font(14), theme.GOLD,
                                 L.badge_box(3)[0] - x - L.s(16), bold=True)
        screen.blit(badge, (x, self._badge_top()))
        if self.why is not None and self._showing_why():
            place = self.drawer.place(self.why.turn.seat)
            pygame.draw.rect(screen, theme.GOLD, pygame.Rect(L.badge_box(place)).inflate(L.s(8), L.s(8)), L.s(3),
                             border_radius=L.s(12))


def action_words(action: str, lang: str) -> str:
    """A move in words: "出 8 8" / "plays 8 8", "过牌" / "passes"."""
    word, _, rest = action.partition(" ")
    if word in CARD_WORDS:
        return t(CARD_WORDS[word], lang, cards=pretty(rest, lang))
    key = WORDS.get(word)
    return t(key, lang) if key else action
