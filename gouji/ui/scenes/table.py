"""The table: the human's seat against five bots, through the Table's queue.

Input becomes intents (select cards, play, pass, 让, 烧); an intent becomes an
action submitted to the Table; the engine alone decides legality; when the
director has shown everything the Table applies at most one action, and the
events it makes join the human's stream for the director to show.

Nothing here keeps a copy of the game: what is drawn comes from the current
``SeatView``, the director's ``Board`` (the events shown so far) and the
cards in flight. Drawing lives in table_draw.
"""

from __future__ import annotations

import pygame

import bots
from bots.hints import Hint, suggest

from ...engine import events as ev
from ...engine.actions import Move, MoveKind, parse_action
from ...engine.cards import RANK_OF_CARD, counts_of_cards
from ...engine.errors import IllegalAction, NotationError
from ...engine.phases import Phase
from ...engine.view import SeatView
from ..draw.table import TableDrawer
from ..draw.widgets import Button, ButtonBar
from ..i18n import t
from ..model.director import Director
from ..model.prompts import Line, action_words, cards_for, hint_head, returnable_ranks, said
from ..workers.hint_worker import HintWorker
from .base import Host, Scene
from .table_buttons import ACTION_KEYS, Spec, action_specs, side_specs
from .table_driver import TableDriver
from .table_state import NOTE_SECONDS, Note, TableState

DEALT = {ev.DEAL_START, ev.DEAL, ev.LIANG, ev.LEAD_TURN}   # what a deal shows before anyone acts


class TableScene(TableState, Scene):
    def __init__(self, app: Host, table: TableDriver, deal_in: bool = False) -> None:
        super().__init__(app)
        self.table = table
        self.human = table.viewer
        self.chosen: set[int] = set()        # selected cards (only those still in the hand count)
        self.focus = 0
        self.drag: bool | None = None        # while dragging: True selects, False clears
        self.note: Note | None = None
        self.hints: list[Hint] = []
        self.hinter = HintWorker()
        self.hint_index = 0
        self.hints_for = -1                  # the stream length the hints were made for
        self.clock = 0.0                     # time since the last applied action
        self.time = 0.0                      # the scene's own clock (notes)
        self._announced = -1                 # the stream length whose turn was traced
        self._button_signature: tuple | None = None
        self._views: tuple[int, SeatView] | None = None
        self._turn: tuple[int, float] | None = None   # (stream length, scene time) when his turn began
        self.log_notes: list[tuple[int, int, Line]] = []  # (deal, events shown, line): what the table did for him
        self._unseen: tuple[int, list[int]] | None = None
        self.buttons = ButtonBar()
        self.director = Director(human=self.human, scale=app.anim_scale, sound=app.sounds.play,
                                 on_deal_end=self._deal_ended, rules=table.view().rules)
        self.director.catch_up(table.stream)
        self._pace_moments()
        if deal_in and self.fresh_deal():   # a new match: its first deal is dealt round, too
            self.director.catch_up(table.stream, self._deal_began(table.stream))
        self.drawer = TableDrawer(self)
        self._rebuild_buttons()

    # ----- input ---------------------------------------------------------
    @staticmethod
    def _deal_began(stream) -> int:
        """Where the last deal's events begin in the stream."""
        return max(i for i, event in enumerate(stream) if event.kind == ev.DEAL_START)

    def fresh_deal(self) -> bool:
        """The deal on the table has only been dealt: nobody has acted in it yet."""
        return {event.kind for event in self.board.deal_events} <= DEALT

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP) and self.director.skip_dealing():
            if not self.table.human_to_act():
                return   # the key or click only skips the dealing; at his turn it acts, too
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP) and self.director.dismiss():
            return   # the tribute panel was up: this click or key closes it
        if self.buttons.handle(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._mouse_down(event)
        elif event.type == pygame.MOUSEMOTION and self.drag is not None:
            self._drag_over(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.drag = None
        elif event.type == pygame.MOUSEWHEEL:
            self.drawer.sidebar.scroll_log(event.y)
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)

    def _mouse_down(self, event: pygame.event.Event) -> None:
        if event.button == 3:
            self.chosen.clear()
            return
        if event.button != 1:
            return
        index = self.layout.hand_index_at(len(self.hand), self.selected_indexes(), event.pos)
        if index is None:
            return
        card = self.hand[index]
        if self.view.phase == Phase.RETURN and self.human_turn() and RANK_OF_CARD[card] not in self.returnable_ranks():
            self._say("return_rank", error=True)
            return
        self.drag = card not in self.chosen
        self._set_selected(card, self.drag)
        self.focus = index

    def _drag_over(self, pos: tuple[int, int]) -> None:
        index = self.layout.hand_index_at(len(self.hand), self.selected_indexes(), pos)
        if index is not None and self.drag is not None:
            self._set_selected(self.hand[index], self.drag)
            self.focus = index

    def _key(self, key: int) -> None:
        hand = self.hand
        if key == pygame.K_ESCAPE:
            self.app.open_menu()
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and hand:
            step = -1 if key == pygame.K_LEFT else 1
            self.focus = max(0, min(len(hand) - 1, self.focus + step))
        elif key == pygame.K_SPACE and hand:
            self.focus = min(self.focus, len(hand) - 1)
            card = hand[self.focus]
            self._set_selected(card, card not in self.chosen)
        elif key in ACTION_KEYS:
            self.intent(ACTION_KEYS[key])

    def _set_selected(self, card: int, on: bool) -> None:
        if on:
            self.chosen.add(card)
        else:
            self.chosen.discard(card)

    # ----- intents -> actions ----------------------------------------------
    def intent(self, name: str) -> None:
        """play / pass / rang / … / hint / tuoguan / counter — whatever the state, never raises."""
        if name == "tuoguan":
            self.table.set_autoplay(not self.table.autoplay)
        elif name == "counter":
            self.app.update_settings(counter=not self.app.settings.counter)
        elif name == "hint":
            self._next_hint()
        elif self.seize_turn():
            self._act(name)
        self._rebuild_buttons()

    def _act(self, name: str) -> None:
        view = self.view
        if name == "play" and view.phase == Phase.RETURN:
            name = "return"   # Enter gives the selected cards back
        if name in ("play", "return"):
            self._submit_cards()
            return
        if name == "pass" and Move(MoveKind.NOBURN) in view.legal_moves:
            name = MoveKind.NOBURN   # the pass key declines a burn window
        self._after_submit(self.table.submit(self.human, name))

    def _submit_cards(self) -> None:
        chosen = self.selected
        if not chosen:
            hinted = self._hinted_word()
            if hinted is not None:   # Enter after a hint to pass (过牌, 不宣 …) does what it says
                self._after_submit(self.table.submit(self.human, hinted))
            else:
                self._say("select_first", error=True)
            return
        cards = tuple(sorted(chosen))
        try:   # the legal move with these cards; else the one they would be, for its refusal
            move = self.view.move_meant(counts_of_cards(cards))
        except NotationError as exc:
            self._refuse(IllegalAction(exc.zh, exc.en))
            return
        self._after_submit(self.table.submit(self.human, str(move), cards=cards))

    def _hinted_word(self) -> str | None:
        """The hint on show now, when it is a move without cards (a pass, 不宣, 不烧 …)."""
        if not self.hints or self.hints_for != len(self.table.stream):
            return None
        action = self.hints[self.hint_index].action
        return None if parse_action(action).kind.takes_cards else action

    def returnable_ranks(self) -> set[int]:
        """Ranks the human may give back (§6): those in the legal returns."""
        return returnable_ranks(self.view)

    def _after_submit(self, refusal: IllegalAction | None) -> None:
        if refusal is not None:
            self._refuse(refusal)
        else:
            self.note = None
            self.hints = []

    def _refuse(self, refusal: IllegalAction) -> None:
        self.note = Note(Line(refusal.zh, refusal.en, "error"), len(self.table.stream))

    def _say(self, key: str, error: bool = False, linger: bool = False, **fields: object) -> None:
        until = self.time + NOTE_SECONDS if linger else 0.0
        self.note = Note(said(key, "error" if error else "info", **fields), len(self.table.stream), until)

    def _next_hint(self) -> None:
        if not self.seize_turn():
            return
        stamp = len(self.table.stream)
        if self.hints_for != stamp or not self.hints:
            level = "expert" if self.app.settings.bot_level == "expert" else "hard"
            hints = self.hinter.ask(self.view, stamp, level)
            if hints is None:   # the expert searches on a thread; update() shows it when done
                self._say("hint_thinking")
                return
            self.hints, self.hint_index, self.hints_for = hints, 0, stamp
        else:
            self.hint_index = (self.hint_index + 1) % len(self.hints)
        if not self.hints:
            self._say("hint_none")
            return
        hint = self.hints[self.hint_index]
        self.chosen = cards_for(self.hand, hint.action)
        line = Line(f"{hint_head(hint.action, 'zh')} — {hint.zh}", f"{hint_head(hint.action, 'en')} — {hint.en}")
        self.note = Note(line, stamp)

    # ----- time ----------------------------------------------------------
    def update(self, dt: float) -> bool:
        stream = self.table.stream
        self._pace_moments()
        changed = not self.director.idle(stream)
        self.director.update(dt, stream)
        if self.chosen:   # cards that left the hand are unchosen: the same cards come back next deal
            self.chosen &= set(self.board.hand)
        self.clock += dt
        self.time += dt
        if self.table.bot_to_act():
            self.table.think_ahead()   # a searching bot starts at once: its thinking overlaps the animation and delay
        if self.director.idle(stream):
            changed = self._move_on() or changed
        self._rebuild_buttons()
        if self.hinter.ready(len(stream)) and self.hints_for != len(stream) and self.human_turn():
            self._next_hint()   # the expert's hint asked for earlier is ready
            changed = True
        self._run_timer(len(stream))
        if self.human_turn() and self._announced != len(stream):
            keys = ",".join(b.key for b in self.buttons.buttons)
            self.app.trace(f"turn {self.human} {self.view.phase} {keys}")
            self._announced = len(stream)
            changed = True
        return changed or self.note is not None and self.time < self.note.until

    def _pace_moments(self) -> None:
        """Banners and the tribute panel at slow and normal speed; fast and instant skip them."""
        speed = self.app.settings.speed
        self.director.moments = self.app.anim_scale > 0 and speed in ("slow", "normal")
        self.director.panel_seconds = 6.0 if speed == "slow" else 4.0

    def _move_on(self) -> bool:
        """The table is still: apply a queued action, or ask whoever is to act."""
        table = self.table
        if table.queue:
            item = table.queue[0]
            table.step()
            self.clock = 0.0
            self.app.trace(f"apply {item.seat} {item.action}")
            return True
        if table.is_over:
            return False
        if table.bot_to_act():
            if self.clock >= self.app.bot_delay:
                table.ask_bot()
        elif self.human_turn():
            self._auto_pass()
        return False

    def _run_timer(self, stamp: int) -> None:
        """His turn starts the clock; when it runs out the hint's action is played for him."""
        if not self.human_turn():
            self._turn = None
            return
        if self._turn is None or self._turn[0] != stamp:
            self._turn = (stamp, self.time)
        if self.timer_left() == 0.0 and not self.table.queue:
            self._time_out()

    def _time_out(self) -> None:
        hints = suggest(self.view, 1)
        if not hints:
            return
        action = hints[0].action
        move = action.split(" ", 1)
        cards = tuple(sorted(cards_for(self.hand, action))) if len(move) > 1 else None
        if self.table.submit(self.human, action, cards=cards) is None:
            line = Line(t("timeout_zh", "zh", what=action_words(action, "zh")),
                        t("timeout_zh", "en", what=action_words(action, "en")), "info")
            self.log_notes.append((self.board.deal_index, len(self.board.deal_events), line))
            self.note = Note(line, len(self.table.stream), self.time + NOTE_SECONDS * 2)

    def _auto_pass(self) -> None:
        if self.app.settings.auto_pass and self.view.legal_moves == (Move(MoveKind.PASS),) \
                and self.clock >= 0.5 * self.app.anim_scale:
            self.table.submit(self.human, "pass")
            self._say("autopass", linger=True)

    # ----- the end of a deal, the scene's lifecycle ---------------------------------
    def _deal_ended(self, final: bool) -> None:
        if final:
            self.app.show_match_end(self)
        else:
            self.app.show_deal_summary(self)

    def resume(self) -> None:
        """The result panel (or a menu) closed: the next deal goes on."""
        self.director.hold = False

    def leave(self) -> None:
        """Back to the menu, a new match, quitting: a bot still searching stops at once."""
        self.table.close()
        self.hinter.close()

    def autoplay_on(self) -> bool:
        return self.table.autoplay

    def practice_on(self) -> bool:
        return self.table.practice

    def settings_changed(self) -> None:
        """The bot level applies to the running table at once."""
        if self.table.bot_level != self.app.settings.bot_level:
            self.table.set_bot_level(self.app.settings.bot_level)
            bots.warm_up(self.app.settings.bot_level)
        self._button_signature = None

    def resized(self) -> None:
        self._button_signature = None
        self.drawer.resized()

    # ----- buttons -------------------------------------------------------
    def _rebuild_buttons(self) -> None:
        """Buttons follow legality; rebuilt only when the set of them changes."""
        specs = action_specs(self.view) if self.human_turn() else []
        side = self.side_buttons()
        overlay = self.autoplay_overlay()
        signature = (tuple(specs), tuple(side), self.lang, self.layout, overlay)
        if signature == self._button_signature:
            return
        self._button_signature = signature
        layout = self.layout
        buttons = [Button(pygame.Rect(box), t(label, self.lang), self._click(key), key=key, size=layout.font(20),
                          hotkey=hotkey)
                   for (key, label, hotkey), box in zip(specs, layout.button_boxes(len(specs)))]
        font = self.app.fonts.get(layout.font(15), True)
        weights = tuple(font.size(t(label, self.lang))[0] + layout.s(24) for _, label, _ in side)
        for (key, label, hotkey), box in zip(side, layout.side_button_boxes(len(side), weights)):
            buttons.append(Button(pygame.Rect(box), t(label, self.lang), self._click(key), key=key,
                                  size=layout.font(15), hotkey=hotkey))
        if overlay:   # 托管 on: one wide button in the action row (above the dimmed hand) stops it
            x, y, w, h = layout.button_boxes(1)[0]
            stop = pygame.Rect(0, y, max(w, layout.s(240)), h)
            stop.centerx = x + w // 2
            buttons.append(Button(stop, t("btn_stop_autoplay", self.lang), lambda: self.intent("tuoguan"),
                                  key="stop_autoplay", size=layout.font(24), hotkey=pygame.K_t))
        self.buttons.set(buttons)

    def notice_area(self) -> pygame.Rect | None:
        """The free corner left of the top seat (his badge and the 对头 stay in view)."""
        L = self.layout
        right = L.badge_box(3)[0] - L.s(12)
        return pygame.Rect(L.s(10), L.s(8), right - L.s(10), L.badge_box(2)[1] - L.s(16))

    def autoplay_overlay(self) -> bool:
        """托管 is on while the human still plays this deal: his hand is covered."""
        view = self.view
        return self.table.autoplay and view.seat not in view.finish_order and not view.places

    def side_buttons(self) -> list[Spec]:
        """The small buttons at the top of the sidebar (a lesson shows others)."""
        return side_specs(self.table.autoplay)

    def _click(self, key: str):
        if key == "menu":
            return self.app.open_menu
        if key == "noburn":
            return lambda: self.intent("pass")
        return lambda: self.intent(key)

    def draw(self, screen: pygame.Surface) -> None:
        self.drawer.draw(screen)
