"""The table never waits for a thinking bot: it thinks in a worker thread, the
table polls for its answer, and a thought can be dropped at once."""

from __future__ import annotations

import random
import threading

import pytest

import bots
from gouji import Game, Match, RuleSet
from gouji.table import Table

HANDS = ["3K", "4", "6", "7", "8", "99"]


class SlowBot:
    """Thinks until released (or cancelled); answers its first legal action."""

    name = "slow"
    thinks = True

    def __init__(self, fail: bool = False) -> None:
        self.release = threading.Event()
        self.cancelled = False
        self.fail = fail
        self.asked = 0

    def choose(self, view, rng: random.Random, cancel: threading.Event | None = None) -> str:
        """Waits for ``release``, or for the table's stop for this turn."""
        self.asked += 1
        for _ in range(1000):
            if self.release.wait(0.01):
                break
            if cancel is not None and cancel.is_set():
                self.cancelled = True
                break
        else:
            raise AssertionError("never released")
        if self.fail:
            raise RuntimeError("a bug in the bot")
        return view.legal_actions[0]

    def cancel(self) -> None:
        self.cancelled = True
        self.release.set()


def slow_table(fail: bool = False) -> tuple[Table, dict[int, SlowBot]]:
    made: dict[int, SlowBot] = {}

    def make(level: str, seat: int, seed: int):
        if level != "slow":
            return bots.make(level, seat, seed)
        made[seat] = SlowBot(fail)
        return made[seat]

    game = Game.from_hands(HANDS, leader=5, rules=RuleSet.preset("basic"))
    return Table(game, make, human=0, bot_level="slow"), made


def test_a_thinking_bot_does_not_hold_up_the_table():
    table, made = slow_table()
    assert table.ask_bot() is False            # returned while the bot is still blocked
    assert table.thinking == 5 and not table.queue
    assert table.ask_bot() is False and table.poll() is False and made[5].asked == 1  # asked once
    made[5].release.set()
    table.thought_done(5)                      # the worker thread finishes
    assert table.thinking is None
    assert table.poll() is True and [q.action for q in table.queue] == ["play 9"]
    table.step()
    assert table.current_seat == 0 and table.thinking is None


def test_thinking_ahead_overlaps_the_pacing_delay():
    table, made = slow_table()
    table.think_ahead()                        # the bot's turn begins: it starts thinking …
    assert table.thinking == 5 and not table.queue
    table.think_ahead()
    assert made[5].asked == 1                  # … once
    made[5].release.set()
    assert table.thought_done(5)
    assert table.ask_bot() is True and table.queue[0].action == "play 9"   # … and answers after the delay
    quick = Table(Game.from_hands(HANDS, leader=5, rules=RuleSet.preset("basic")), bots.make, human=0)
    quick.think_ahead()                        # quick bots wait for ask_bot()
    assert quick.thinking is None and not quick.queue
    human = Table(Game.from_hands(HANDS, leader=0, rules=RuleSet.preset("basic")), lambda *a: SlowBot(), human=0)
    human.think_ahead()                        # the human's own turn: nobody thinks for him
    assert human.thinking is None


def test_waiting_for_an_answer_is_still_possible():
    table, made = slow_table()
    table.ask_bot()
    threading.Timer(0.05, made[5].release.set).start()
    assert table.ask_bot(wait=True) is True and table.queue[0].action == "play 9"


def test_a_dropped_thought_is_cancelled_and_never_played():
    table, made = slow_table()
    table.ask_bot()
    thought = table._thought
    table.close()
    assert thought is not None and thought.done.wait(5)   # told to stop, it stopped
    assert made[5].cancelled and table.thinking is None
    assert table.poll() is False and not table.queue
    table, made = slow_table()
    table.ask_bot()
    thought = table._thought
    table.set_bot_level("normal")              # new bots: the old thought is dropped
    assert thought is not None and thought.done.wait(5)
    assert made[5].cancelled and table.poll() is False
    assert table.ask_bot() is True and table.queue   # the quick bot answers at once


def test_a_failing_thinking_bot_still_gets_a_legal_action_played():
    table, made = slow_table(fail=True)
    table.ask_bot()
    made[5].release.set()
    table.thought_done(5)
    assert table.poll() is True and table.queue[0].action in table.game.legal_actions()


def test_quick_bots_answer_at_once():
    table = Table(Game.from_hands(HANDS, leader=5, rules=RuleSet.preset("basic")), bots.make, human=0,
                  bot_level="hard")
    assert table.ask_bot() is True and table.thinking is None and len(table.queue) == 1


@pytest.mark.slow
def test_a_match_against_expert_bots_through_the_polling_table():
    """A whole first deal of a match played only through ask_bot() and poll()."""
    def make(level: str, seat: int, seed: int):
        return bots.make(level, seat, seed, think_nodes=8, workers=1)

    match = Match.new(7, RuleSet.preset("qingdao"))
    table = Table(match, make, human=None, bot_level="expert", seed=7)
    thoughts = 0
    while match.deal_index == 0 and not table.is_over:
        if table.queue:
            table.step()
            continue
        if not table.ask_bot():
            thoughts += 1
            assert table.ask_bot(wait=True)
    assert match.results and thoughts > 20


def test_taking_the_seat_back_from_tuoguan_stops_the_search_for_it():
    bot = SlowBot()
    table = Table(Game.from_hands(HANDS, leader=0, rules=RuleSet.preset("basic")), lambda *a: bot, human=0)
    table.set_autoplay(True)
    table.think_ahead()                  # 托管: the bot searches for the human's turn
    assert table.thinking == 0
    table.set_autoplay(False)            # he takes his seat back
    assert table.thinking is None
    for _ in range(200):                 # the bot hears the stop within its next wait
        if bot.cancelled:
            break
        threading.Event().wait(0.01)
    assert bot.cancelled
    assert table.human_to_act() and not table.queue   # nothing was played for him


def test_switching_tuoguan_off_leaves_a_bot_s_own_search_alone():
    table, made = slow_table()
    table.set_autoplay(True)
    table.think_ahead()                  # seat 5 leads: its own bot searches
    table.set_autoplay(False)
    assert table.thinking == 5
    made[5].release.set()
    assert table.thought_done(2.0) and table.poll() and table.queue
