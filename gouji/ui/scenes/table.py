"""The table: the human's seat against five bots, through the Table's queue.

Input becomes intents (select cards, play, pass, 让, 烧); an intent becomes an
action submitted to the Table; the engine alone decides legality; when the
director is idle the Table applies at most one action, and its events go to
the director. Drawing lives in table_draw.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

import pygame

from bots.hints import Hint, suggest

from ...engine import events as ev
from ...engine.cards import card_rank, card_suit, counts_of_cards, deck_counts, format_counts, parse_counts
from ...engine.errors import IllegalAction, NotationError
from ...engine.events import Event
from ...engine.phases import ANSWER, BURN, FOLLOW, LEAD
from ...engine.plays import Play
from ...table import Table
from .. import layout
from ..director import Director, SpotItem
from ..i18n import t
from .base import Host, Scene
from .table_buttons import action_specs, side_specs
from ..table_draw import TableDrawer
from ..widgets import Button, ButtonBar

if TYPE_CHECKING:
    from ...engine.view import SeatView

PRE_PLAY_PROMPTS = {"return": "your_turn_return", "declare": "your_turn_declare",
                    "predeclare": "your_turn_predeclare", "revolt": "your_turn_revolt",
                    "yaotou": "your_turn_yaotou"}
KEY_ACTIONS = {pygame.K_RETURN: "play", pygame.K_KP_ENTER: "play", pygame.K_p: "pass",
               pygame.K_h: "hint", pygame.K_y: "rang", pygame.K_t: "tuoguan", pygame.K_c: "counter"}


class TableScene(Scene):
    def __init__(self, app: Host, table: Table) -> None:
        super().__init__(app)
        self.table = table
        self.view = table.view()
        self.hand: list[int] = sorted(self.view.hand_cards, key=display_key)
        self.selected: set[int] = set()
        self.focus = 0
        self.drag: bool | None = None        # while dragging: True selects, False clears
        self.message: tuple[str, str] | None = None
        self.message_is_error = False
        self.hints: list[Hint] = []
        self.hint_index = 0
        self.log_events: deque[Event] = deque(maxlen=60)
        self.clock = 0.0                     # time since the last applied action
        self._announced = False              # the human's turn was traced
        self._button_signature: tuple | None = None
        self._unseen: list[int] = []
        self._unseen_for: SeatView | None = None
        self.buttons = ButtonBar()
        self.director = Director(human=table.human or 0, scale=app.anim_scale,
                                 source_of=self._source_of, sound=app.sounds.play,
                                 notify=self._notify)
        self.drawer = TableDrawer(self)
        self._restore_display()
        self._rebuild_buttons()

    def _restore_display(self) -> None:
        """Show the current state without replaying old animations (new or resumed)."""
        view = self.view
        for seat, kind, cards in view.round_log:
            played = [e for e in view.history if e.kind in (ev.PLAY, ev.BURN) and e.seat == seat]
            if kind in (ev.PLAY, ev.BURN) and played:
                self.director.spots[seat] = SpotItem(kind, played[-1].card_ids, played[-1].gouji)
                self.director.standing_seat = seat
            elif kind in (ev.PASS, ev.RANG):
                self.director.spots[seat] = SpotItem(kind)
        self.director.places = {seat: i for i, seat in enumerate(view.finish_order)}
        self._restore_liang(view.history)
        for event in view.history[-40:]:
            self._log(event)
        if self.table.human_to_act():
            self._say(self._prompt_key())

    def _restore_liang(self, history) -> None:
        """Before the first lead of a deal, the 亮3 cards still lie at the leader's spot."""
        for event in reversed(history):
            if event.kind in (ev.PLAY, ev.BURN, ev.DEAL_START):
                return
            if event.kind == ev.LIANG and event.seat is not None and event.card_ids:
                self.director.spots[event.seat] = SpotItem("liang", event.card_ids)
                return

    # ----- facts for drawing ---------------------------------------------
    @property
    def lang(self) -> str:
        return self.app.settings.language

    def seat_name(self, seat: int) -> str:
        """Name for the log: role and name (对头大张 / Zhang)."""
        if seat == (self.table.human or 0):
            return t("you", self.lang)
        return t("log_name", self.lang, role=t(f"role_{seat}", self.lang), name=t(f"name_{seat}", self.lang))

    def badge_name(self, seat: int) -> tuple[str, str]:
        if seat == (self.table.human or 0):
            return t("you", self.lang), t("role_0", self.lang)
        return t(f"name_{seat}", self.lang), t(f"role_{seat}", self.lang)

    def unseen(self) -> list[int]:
        """记牌器: per rank, cards the human has not seen (deck − hand − played);
        counted once per view, not every frame."""
        if self._unseen_for is not self.view:
            self._unseen, self._unseen_for = self._count_unseen(), self.view
        return self._unseen

    def _count_unseen(self) -> list[int]:
        total = deck_counts(self.view.rules.deck)
        seen = counts_of_cards(self.view.hand_cards)
        for event in self.view.history:
            if event.kind in (ev.PLAY, ev.BURN):
                for card in event.card_ids:
                    seen[card_rank(card)] += 1
        return [max(0, a - b) for a, b in zip(total, seen)]

    def human_turn(self) -> bool:
        return self.table.human_to_act() and not self.director.busy

    # ----- input ---------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.buttons.handle(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._mouse_down(event)
        elif event.type == pygame.MOUSEMOTION and self.drag is not None:
            self._drag_over(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.drag = None
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)

    def _mouse_down(self, event: pygame.event.Event) -> None:
        if event.button == 3:
            self.selected.clear()
            return
        if event.button != 1:
            return
        index = layout.hand_index_at(len(self.hand), self._selected_indexes(), event.pos)
        if index is None:
            return
        card = self.hand[index]
        if self.view.phase == "return" and self.human_turn() and card_rank(card) not in self.returnable_ranks():
            self._say("return_rank", error=True)
            return
        self.drag = card not in self.selected
        self._set_selected(card, self.drag)
        self.focus = index

    def _drag_over(self, pos: tuple[int, int]) -> None:
        index = layout.hand_index_at(len(self.hand), self._selected_indexes(), pos)
        if index is not None and self.drag is not None:
            self._set_selected(self.hand[index], self.drag)
            self.focus = index

    def _key(self, key: int) -> None:
        if key == pygame.K_ESCAPE:
            self.app.open_menu()
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and self.hand:
            step = -1 if key == pygame.K_LEFT else 1
            self.focus = max(0, min(len(self.hand) - 1, self.focus + step))
        elif key == pygame.K_SPACE and self.hand:
            self.focus = min(self.focus, len(self.hand) - 1)
            card = self.hand[self.focus]
            self._set_selected(card, card not in self.selected)
        elif key in KEY_ACTIONS:
            self.intent(KEY_ACTIONS[key])

    def _set_selected(self, card: int, on: bool) -> None:
        if on:
            self.selected.add(card)
        else:
            self.selected.discard(card)

    def _selected_indexes(self) -> set[int]:
        return {i for i, card in enumerate(self.hand) if card in self.selected}

    # ----- intents -> actions ----------------------------------------------
    def intent(self, name: str) -> None:
        """play / pass / rang / burn / noburn / hint / tuoguan / counter."""
        if name == "tuoguan":
            self.table.autoplay = not self.table.autoplay
        elif name == "counter":
            self.app.update_settings(counter=not self.app.settings.counter)
        elif name == "hint":
            self._next_hint()
        elif self.human_turn():
            self._act(name)
        self._rebuild_buttons()

    def _act(self, name: str) -> None:
        legal = self.view.legal_actions
        if name == "play":
            if not self.selected:
                self._say("select_first", error=True)
                return
            try:
                play = Play.from_counts(counts_of_cards(self.selected))
            except NotationError as exc:
                self._refuse(IllegalAction(exc.zh, exc.en))
                return
            kind = "burn" if self.view.phase == BURN and self.view.seat not in self.view.wutou else "play"
            action = f"{kind} {play}"
            refusal = self.table.submit(self.view.seat, action, cards=tuple(sorted(self.selected)))
            self._after_submit(refusal)
            return
        elif name == "return":
            if not self.selected:
                self._say("select_first", error=True)
                return
            action = "return " + format_counts(counts_of_cards(self.selected))
            self._after_submit(self.table.submit(self.view.seat, action, cards=tuple(sorted(self.selected))))
            return
        elif name == "pass":
            action = "noburn" if "noburn" in legal else "pass"
        else:
            action = name
        self._after_submit(self.table.submit(self.view.seat, action))

    def returnable_ranks(self) -> set[int]:
        """Ranks the human may give back (§6): those in the legal returns."""
        ranks: set[int] = set()
        for action in self.view.legal_actions:
            if action.startswith("return "):
                ranks |= {r for r, n in enumerate(parse_counts(action[7:])) if n}
        return ranks

    def _after_submit(self, refusal: IllegalAction | None) -> None:
        if refusal is not None:
            self._refuse(refusal)
        else:
            self.message = None
            self.hints, self.hint_index = [], 0

    def _refuse(self, refusal: IllegalAction) -> None:
        self.message = (refusal.zh, refusal.en)
        self.message_is_error = True

    def _say(self, key: str, error: bool = False, **fields) -> None:
        self.message = (t(key, "zh", **fields), t(key, "en", **fields))
        self.message_is_error = error

    def _next_hint(self) -> None:
        if not self.human_turn():
            return
        if not self.hints:
            self.hints = suggest(self.view, 3)
            self.hint_index = 0
        else:
            self.hint_index = (self.hint_index + 1) % len(self.hints)
        if not self.hints:
            self._say("hint_none")
            return
        hint = self.hints[self.hint_index]
        kind, _, cards = hint.action.partition(" ")
        self.selected = self._cards_for(cards) if cards else set()
        self.message = (f"{self._hint_head(kind, cards, 'zh')} — {hint.zh}",
                        f"{self._hint_head(kind, cards, 'en')} — {hint.en}")
        self.message_is_error = False

    def _hint_head(self, kind: str, cards: str, lang: str) -> str:
        if kind in ("pass", "noburn", "rang"):
            return t(f"hint_{kind}", lang)
        return t("hint_play", lang, cards=cards)

    def _cards_for(self, text: str) -> set[int]:
        """Pick hand cards for a rank string (highest suits first, like the engine)."""
        wanted = Play.parse(text).counts()
        chosen: set[int] = set()
        for card in reversed(self.hand):
            rank = card_rank(card)
            if wanted[rank]:
                wanted[rank] -= 1
                chosen.add(card)
        return chosen

    # ----- time ----------------------------------------------------------
    def update(self, dt: float) -> bool:
        was_busy = self.director.busy
        self.director.update(dt)
        self.clock += dt
        if self.director.busy:
            return True
        changed = was_busy
        if self.table.queue:
            self._apply_one()
            changed = True
        elif self.table.is_over:
            pass  # the match is over: its end screen is showing
        elif self.table.bot_to_act():
            if self.clock >= self.app.bot_delay:
                self.table.ask_bot()
        elif self.human_turn():
            self._auto_pass()
        self._rebuild_buttons()
        if self.human_turn() and not self._announced and not self.table.queue:
            if not (self.message and self.message_is_error):
                self._say(self._prompt_key())
            keys = ",".join(b.key for b in self.buttons.buttons)
            self.app.trace(f"turn {self.view.seat} {self.view.phase} {keys}")
            self._announced = True
            changed = True
        return changed

    def _apply_one(self) -> None:
        item = self.table.queue[0]
        events = self.table.step()
        if not any(e.kind == ev.DEAL_END for e in events):
            self.view = self.table.view()  # else the finished deal stays on show until resume()
        self.director.push(events)
        self.clock = 0.0
        self.app.trace(f"apply {item.seat} {item.action}")
        self._announced = False

    def _auto_pass(self) -> None:
        if self.app.settings.auto_pass and list(self.view.legal_actions) == ["pass"] \
                and self.clock >= 0.5 * self.app.anim_scale:
            self._say("autopass")
            self.table.submit(self.view.seat, "pass")

    def _prompt_key(self) -> str:
        phase = self.view.phase
        if phase in PRE_PLAY_PROMPTS:
            return PRE_PLAY_PROMPTS[phase]
        if phase == BURN:
            return "your_turn_wutou" if self.view.seat in self.view.wutou else "your_turn_burn"
        return {LEAD: "your_turn_lead", FOLLOW: "your_turn_follow",
                ANSWER: "your_turn_answer"}.get(phase, "your_turn_follow")

    # ----- director callbacks ----------------------------------------------
    def _source_of(self, seat: int, cards: tuple[int, ...]) -> list[tuple[float, float]]:
        """Where a play flies from; the human's cards leave his hand now."""
        if seat != (self.table.human or 0):
            return []
        boxes = layout.hand_boxes(len(self.hand), self._selected_indexes())
        starts = []
        for card in cards:
            if card in self.hand:
                x, y, w, h = boxes[self.hand.index(card)]
                starts.append((x + w / 2, y + h / 2))
        self.hand = [c for c in self.hand if c not in cards]
        self.selected -= set(cards)
        self.focus = min(self.focus, max(0, len(self.hand) - 1))
        return starts if len(starts) == len(cards) else []

    def _log(self, event: Event) -> None:
        if event.kind in self.drawer.LOGGED and (event.private_to is None or event.kind == ev.DEAL):
            self.log_events.append(event)

    def _notify(self, event: Event) -> None:
        """The director shows an event: keep the hand, the log and the overlays in step."""
        self._log(event)
        human = self.table.human or 0
        if event.kind == ev.DEAL and event.private_to == human:
            self.hand = sorted(event.card_ids, key=display_key)
            self.selected.clear()
            self.focus = 0
        elif event.kind in (ev.TRIBUTE, ev.RETURN, ev.BUY3) and event.private_to == human:
            if event.kind == ev.BUY3:  # the 3 goes to the buyer; a 2 or joker back, if paid
                three, paid = event.card_ids[:1], event.card_ids[1:]
                mine, theirs = (three, paid) if event.seat == human else (paid, three)
            else:
                gave = event.seat == human
                mine, theirs = (() if gave else event.card_ids), (event.card_ids if gave else ())
            self.hand = sorted([c for c in self.hand if c not in theirs] + list(mine), key=display_key)
            self.selected -= set(theirs)
        elif event.kind == ev.DEAL_START:
            self.hints, self.message, self.log_events = [], None, deque(maxlen=60)
        elif event.kind == ev.DEAL_END:
            self.app.show_deal_summary(self)
        elif event.kind == ev.MATCH_OVER:
            self.director.hold = True
            self.app.show_match_end(self)

    def settings_changed(self) -> None:
        """The bot level applies to the running table at once."""
        if self.table.bot_level != self.app.settings.bot_level:
            self.table.set_bot_level(self.app.settings.bot_level)
        self.refresh_language()

    def resume(self) -> None:
        """The deal summary was closed: go on with the next deal."""
        self.director.hold = False
        self.view = self.table.view()

    # ----- buttons -------------------------------------------------------
    def _rebuild_buttons(self) -> None:
        """Buttons follow legality; rebuilt only when the set of them changes."""
        specs = action_specs(self.view) if self.human_turn() else []
        side = side_specs(self.table.autoplay)
        signature = (tuple(specs), tuple(side), self.lang)
        if signature == self._button_signature:
            return
        self._button_signature = signature
        buttons = [Button(pygame.Rect(box), t(label, self.lang), self._click(key), key=key)
                   for (key, label), box in zip(specs, layout.button_boxes(len(specs)))]
        for i, (key, label) in enumerate(side):
            rect = pygame.Rect(layout.SIDEBAR_X + 4 + i * 70, 10, 66, 34)
            buttons.append(Button(rect, t(label, self.lang), self._click(key), key=key, size=15))
        self.buttons.set(buttons)

    def _click(self, key: str):
        if key == "menu":
            return self.app.open_menu
        if key == "noburn":
            return lambda: self.intent("pass")
        return lambda: self.intent(key)

    def draw(self, screen: pygame.Surface) -> None:
        self.drawer.draw(screen)


def display_key(card: int) -> tuple[int, int, int]:
    """Hand order: low to high, 2s and jokers at the right, suits grouped."""
    return card_rank(card), card_suit(card), card
