"""The history database: every finished deal and match recorded once, found
again after a resume, migrated from the older schema, and a damaged, foreign
or newer file kept aside with a message — never a crash, nothing lost."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from datetime import datetime, timedelta

import pytest
from match_helpers import bot_match

from gouji import RuleSet
from gouji.engine.dealcode import decode, encode
from gouji.store import history_schema
from gouji.store.history import History
from gouji.store.records import Seating
from gouji.store.saves import dump, parse_save


@pytest.fixture(scope="module")
def full_match():
    return bot_match(3, RuleSet())


@pytest.fixture
def path(tmp_path):
    return tmp_path / "history.sqlite3"


def record_all(history: History, match, seating: Seating = Seating()) -> None:
    """Record as the app does: after every action of a fresh replay of ``match``."""
    from gouji import Match
    replay = Match.new(match.seed, match.rules)
    for action in match.actions:
        replay.apply(action)
        assert history.record(replay, seating) is None


def test_every_deal_and_the_match_are_recorded_once(path, full_match):
    history = History(path)
    record_all(history, full_match, Seating(human=1, bot_level="hard"))
    assert history.record(full_match, Seating(human=1, bot_level="hard")) is None   # another object: a new match
    assert history.counts() == (10, 2, 2)
    deals = history.deals(match_id=history.matches()[-1].id)
    assert [d.index for d in deals] == [4, 3, 2, 1, 0]   # newest first
    for deal, result in zip(reversed(deals), full_match.results):
        assert deal.places == result.places and deal.score == result.score and deal.human == 1
        assert deal.place == result.places.index(1) and deal.human_opened == result.opened[1]
        assert deal.end_action == result.end_action and deal.bot_level == "hard" and deal.preset == "qingdao"
    match = history.matches()[-1]
    assert match.ended is not None and match.deals == 5 and match.totals == full_match.totals
    assert match.outcome == ("win" if match.points > 0 else "loss" if match.points < 0 else "draw")
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_recorded_deal_gives_back_its_code_and_replay(path, full_match):
    history = History(path)
    record_all(history, full_match)
    third = history.deals()[2]   # deal index 2
    ref, choices = history.deal_ref(third)
    assert ref.deal == 2 and ref.seat == 0 and len(choices) == len(ref.actions) == third.end_action
    assert decode(encode(ref)) == ref
    assert ref.replay(choices).results[2] == full_match.results[2]


def test_nothing_is_written_before_a_deal_ends_and_recording_is_idempotent(path, full_match):
    history = History(path)
    partial = bot_match(3, RuleSet(), deals=0)
    partial.apply(partial.legal_actions()[0])
    assert history.record(partial) is None and not path.exists()
    record_all(history, full_match)
    record_all(history, full_match)    # a replay is a new match object: recorded again…
    assert history.counts() == (10, 2, 2)
    history.record(full_match)
    assert history.counts() == (15, 3, 3)
    for _ in range(3):                 # …but the same object never twice
        history.record(full_match)
    assert history.counts() == (15, 3, 3)


def test_a_resumed_match_continues_its_row(path):
    history = History(path)
    two = bot_match(8, RuleSet(), deals=2)
    history.record(two)
    resumed = parse_save(dump(two))                       # the next session loads the save
    later = History(path)
    assert later.record(resumed, Seating(resumed=True)) is None
    assert later.counts() == (2, 1, 0)
    rest = bot_match(8, RuleSet(), deals=3)
    for action in rest.actions[len(resumed.actions):]:
        resumed.apply(action)
        later.record(resumed, Seating(resumed=True))
    assert later.counts() == (3, 1, 0) and [d.index for d in later.deals()] == [2, 1, 0]
    fresh = parse_save(dump(rest))                       # not resumed: a match of its own
    later.record(fresh, Seating())
    assert later.counts() == (6, 2, 0)


def test_a_practice_game_records_only_what_was_played(path, full_match):
    history = History(path)
    start = full_match.results[1].end_action + 7          # "play from here" in deal 2
    from gouji import Match
    practice = Match.replay(full_match.rules, full_match.seed, full_match.actions[:start])
    seating = Seating(practice=True, start=start)
    for action in full_match.actions[start:]:
        practice.apply(action)
        history.record(practice, seating)
    assert [d.index for d in history.deals(practice=True)] == [4, 3, 2]
    assert history.deals() == [] and history.matches() == []       # practice is kept apart
    assert history.matches(practice=None)[0].practice


def test_a_failed_write_leaves_nothing_half_done_and_is_retried(path, full_match, monkeypatch):
    history = History(path)
    two = bot_match(3, RuleSet(), deals=1)
    history.record(two)
    done = bot_match(3, RuleSet(), deals=2)
    original = History._update_match

    def full_disk(self, db, row, match):
        db.execute("UPDATE matches SET total_even = 99")   # written, then rolled back with the deal
        raise sqlite3.OperationalError("database or disk is full")
    monkeypatch.setattr(History, "_update_match", full_disk)
    for action in done.actions[len(two.actions):]:
        two.apply(action)
    problem = history.record(two)
    assert problem and "disk is full" in problem and path.exists()
    assert history.counts() == (1, 1, 0) and history.matches()[0].totals != (99, 0)
    monkeypatch.setattr(History, "_update_match", original)
    assert history.record(two) is None and history.counts() == (2, 1, 0)   # the next call catches up


def v1_database(path, match) -> None:
    """A database as the first schema wrote it, with one finished match."""
    db = sqlite3.connect(path, isolation_level=None)
    history_schema.migrate(db, target=1)
    db.execute("INSERT INTO matches VALUES (1, ?, ?, 'qingdao', 3, 'hard', 0, '2026-01-01T10:00:00', "
               "'2026-01-01T11:00:00', 5, '[]', ?, ?)", (match.seed, json.dumps(match.rules.to_dict()), *match.totals))
    for k, result in enumerate(match.results):
        db.execute("INSERT INTO deals VALUES (NULL, 1, ?, '2026-01-01T10:10:00', ?, 0, ?, ?, ?, ?, ?, '{}')",
                   (k, result.seed, result.end_action, json.dumps(result.places), *result.score,
                    json.dumps(result.opened)))
    db.close()


def test_the_first_schema_is_migrated_and_its_rows_filled_in(path, full_match):
    v1_database(path, full_match)
    deals = History(path).deals()
    with sqlite3.connect(path) as db:
        assert history_schema.version_of(db) == history_schema.SCHEMA_VERSION == 4
    assert len(deals) == 5
    for deal, result in zip(reversed(deals), full_match.results):
        assert deal.human == 3 and deal.place == result.places.index(3) and deal.bot_level == "hard"
        assert deal.human_opened == result.opened[3]
        assert deal.chuan == (0 if not result.chuan_san_hu else 1 if result.places[0] % 2 == 1 else -1)
    match = History(path).matches()[0]
    with sqlite3.connect(path) as db:
        outcome = db.execute("SELECT outcome FROM matches").fetchone()[0]
    assert outcome == match.outcome and match.outcome is not None


def test_version_2_gains_the_shared_table_column_and_keeps_its_rows(path, full_match):
    history = History(path)
    record_all(history, full_match, Seating(human=3, bot_level="hard"))
    with sqlite3.connect(path) as db:   # back to version 2 as it shipped: no shared_table column
        db.execute("ALTER TABLE matches DROP COLUMN deal_seeds")
        db.execute("ALTER TABLE matches DROP COLUMN shared_table")
        db.execute("PRAGMA user_version = 2")
    before = sqlite3.connect(path).execute("SELECT * FROM deals").fetchall()
    deals = History(path).deals()
    with sqlite3.connect(path) as db:
        assert history_schema.version_of(db) == 4
        assert db.execute("SELECT shared_table, deal_seeds FROM matches").fetchall() == [(None, None)]
        assert db.execute("SELECT * FROM deals").fetchall() == before
    assert len(deals) == len(full_match.results) and all(d.shared is None and d.bot_level == "hard" for d in deals)


def test_version_3_gains_the_deal_seeds_column_and_keeps_its_rows(path, full_match):
    from gouji.store.records import SharedTable
    history = History(path)
    table = SharedTable("K7M2Q", "桌", ("甲", None, None, None, None, None))
    record_all(history, full_match, Seating(human=0, bot_level="hard", table=table))
    with sqlite3.connect(path) as db:   # back to version 3 as it shipped: no deal_seeds column
        db.execute("ALTER TABLE matches DROP COLUMN deal_seeds")
        db.execute("PRAGMA user_version = 3")
    before = sqlite3.connect(path).execute("SELECT * FROM deals").fetchall()
    history = History(path)
    deals = history.deals()
    with sqlite3.connect(path) as db:
        assert history_schema.version_of(db) == 4
        assert db.execute("SELECT deal_seeds FROM matches").fetchall() == [(None,)]
        assert db.execute("SELECT * FROM deals").fetchall() == before
    assert len(deals) == len(full_match.results) and all(d.shared == table and d.deal_seeds is None for d in deals)
    ref, _ = history.deal_ref(deals[0])
    assert ref.deal_seeds is None and decode(encode(ref)) == ref   # an older shared match: its GJ1 code as before


def test_a_shared_match_is_marked_and_counted_apart_from_the_bot_levels(path, full_match):
    from gouji.store.records import SHARED, SharedTable
    from gouji.store.stats import choices, statistics
    history = History(path)
    bots = (None, ("小李", "Li"), None, ("大张", "Zhang"), ("阿梅", "Mei"), None)   # as the host named them
    table = SharedTable("K7M2Q", "小明的桌", ("小明", None, "朋友", None, None, "Ann"), bots)
    record_all(history, full_match, Seating(human=2, bot_level="hard", table=table))
    record_all(history, bot_match(5, RuleSet().replace(series_length=1)), Seating(human=0, bot_level="hard"))
    deals, matches = history.deals(), history.matches()
    shared = [d for d in deals if d.shared is not None]
    assert len(shared) == len(full_match.results) and shared[0].shared == table and shared[0].shared.bots == bots
    assert table.others(2) == ["小明", "Ann"] and matches[-1].shared == table and matches[0].shared is None
    stats = statistics(deals, matches)
    assert stats.deals == len(deals) and set(stats.by_level) == {SHARED, "hard"}   # counted, but apart
    assert stats.by_level[SHARED][0].played == len(shared)
    assert statistics(deals, matches, level="hard").deals == len(deals) - len(shared)
    assert statistics(deals, matches, level=SHARED).matches == 1 and choices(deals)[0] == ["hard", SHARED]


def test_a_migration_that_fails_leaves_the_older_version(path, full_match, monkeypatch):
    v1_database(path, full_match)

    def broken(db):
        db.execute("ALTER TABLE deals ADD COLUMN half_done INTEGER")
        raise sqlite3.OperationalError("disk I/O error")
    monkeypatch.setattr(history_schema, "MIGRATIONS", [history_schema.MIGRATIONS[0], broken])
    history = History(path)
    assert history.deals() == [] and "disk I/O error" in history.problem
    with sqlite3.connect(path) as db:
        assert history_schema.version_of(db) == 1
        assert "half_done" not in [c[1] for c in db.execute("PRAGMA table_info(deals)")]


@pytest.mark.parametrize("kind", ["garbage", "pages", "newer", "foreign"])
def test_a_damaged_foreign_or_newer_database_is_kept_aside(path, full_match, kind):
    history = History(path)
    record_all(history, full_match)
    if kind == "garbage":
        path.write_bytes(b"this is not a database, just some text " * 200)
    elif kind == "pages":
        data = bytearray(path.read_bytes())
        data[4200:9000] = b"\x5a" * 4800
        path.write_bytes(bytes(data))
    else:
        path.unlink()
        with sqlite3.connect(path) as db:
            db.execute("CREATE TABLE notes (text TEXT)")
            db.execute("PRAGMA user_version = 99" if kind == "newer" else "PRAGMA user_version = 0")
    kept = path.read_bytes()
    again = History(path)
    assert again.deals() == [] and again.problem
    assert "kept as history.sqlite3.broken" in again.problem and "已另存为" in again.problem
    if kind == "newer":
        assert "newer version" in again.problem
    assert (path.parent / "history.sqlite3.broken").read_bytes() == kept   # nothing lost
    record_all(again, full_match)                                          # and a new one works
    assert again.counts() == (5, 1, 1)


def test_reset_forgets_everything_and_a_running_match_goes_on(path, full_match):
    history = History(path)
    running = bot_match(3, RuleSet(), deals=2)
    history.record(running)
    assert history.counts() == (2, 1, 0)
    assert history.reset() is None and history.counts() == (0, 0, 0)
    for action in full_match.actions[len(running.actions):full_match.results[2].end_action]:
        running.apply(action)
        history.record(running)
    assert [d.index for d in history.deals()] == [2]


def test_dates_come_from_the_clock_given(path, full_match):
    start = datetime(2026, 3, 1, 20, 0)
    ticks = iter(range(10_000))
    history = History(path, now=lambda: start + timedelta(minutes=next(ticks)))
    record_all(history, full_match)
    deals = history.deals()
    assert deals[-1].ended.startswith("2026-03-01T20:0") and deals[0].ended > deals[-1].ended


@pytest.mark.slow
def test_the_command_line_prints_counts_and_the_last_deal(tmp_path, full_match):
    home = tmp_path / "home"
    env = {**os.environ, "GOUJI_HOME": str(home)}
    command = [sys.executable, "-m", "gouji.history", "--json"]
    empty = subprocess.run(command, capture_output=True, text=True, env=env, timeout=60)
    assert json.loads(empty.stdout) == {"deals": 0, "matches": 0, "finished": 0, "last": None}
    assert not (home / "data" / "history.sqlite3").exists()     # reading creates nothing
    history = History(home / "data" / "history.sqlite3")
    record_all(history, full_match)
    history.record(bot_match(4, RuleSet.preset("basic"), deals=1))
    out = subprocess.run(command, capture_output=True, text=True, env=env, timeout=60)
    data = json.loads(out.stdout)
    assert data["deals"] == 6 and data["matches"] == 2 and data["finished"] == 1
    last = bot_match(4, RuleSet.preset("basic"), deals=1).results[0]
    assert data["last"]["places"] == list(last.places)
    ref = decode(data["last"]["code"])
    assert ref.rules == RuleSet.preset("basic") and ref.deal == 0 and ref.replay().results[0] == last
    stats = subprocess.run([sys.executable, "-m", "gouji.history", "--stats", "--preset", "qingdao"],
                           capture_output=True, text=True, env=env, timeout=60)
    assert json.loads(stats.stdout)["deals"] == 5 and stats.stderr == ""


def test_a_shared_tables_preset_over_another_number_of_deals_is_recorded_as_that_preset(path):
    # a shared table's host picks the preset and the number of deals apart: 青岛, not 自定义 (offline, a
    # shortened preset is a custom rule set, as the settings call it)
    from gouji.store.records import SharedTable
    qingdao = RuleSet.preset("qingdao")
    shared = Seating(table=SharedTable("K7M2Q"))
    history = History(path)
    history.record(bot_match(4, qingdao.replace(series_length=1), deals=1), shared)
    assert [d.preset for d in history.deals()] == ["qingdao"]
    history.record(bot_match(5, qingdao.replace(series_length=1, bie_san=not qingdao.bie_san), deals=1), shared)
    history.record(bot_match(6, qingdao.replace(series_length=1), deals=1))
    assert sorted(d.preset for d in history.deals()) == ["custom", "custom", "qingdao"]


def test_a_shared_tables_people_are_named_as_they_sit_at_each_deals_end(path):
    from gouji.store.records import SharedTable
    history = History(path)
    two = bot_match(8, RuleSet(), deals=2)
    first = parse_save(dump(bot_match(8, RuleSet(), deals=1)))   # the match after its first deal
    before = SharedTable("K7M2Q", "", ("我", None, None, None, None, None))
    history.record(first, Seating(table=before))
    assert [d.shared for d in history.deals()] == [before]
    for action in two.actions[len(first.actions):]:
        first.apply(action)
    late = SharedTable("K7M2Q", "", ("我", None, "Late", None, None, None))   # a friend took seat 2's bot
    history.record(first, Seating(table=late))
    assert [d.shared for d in history.deals()] == [late, late]


def test_a_shared_table_kept_before_the_bots_names_reads_with_none_for_them():
    from gouji.store.records import SharedTable
    old = SharedTable.from_data({"room": "K7M2Q", "title": "", "names": ["甲", None, None, None, None, None]})
    assert old.bots == (None,) * 6 and old.names[0] == "甲"
    table = SharedTable("K7M2Q", "", ("甲", None, None, None, None, None), (None, ("小李", "Li"), *(None,) * 4))
    assert SharedTable.from_data(json.loads(table.to_json())) == table
