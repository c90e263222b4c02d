"""The history keeps every deal and survives bad rows: any odd value in any
column of any row is skipped and counted — the statistics, the list and a
review of each deal never raise, the other rows stay, the file is not set
aside. A folder, pipe or broken link in the database's place is kept aside;
a lock held by another program is waited out; two games never share a data
folder; a lasting write problem is told once."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from filelock import FileLock, Timeout
from match_helpers import play_out, random_match

from gouji import Match, RuleSet
from gouji.engine.dealcode import decode, encode
from gouji.review import Review
from gouji.store.history import History
from gouji.store.instance import LOCK_NAME
from gouji.store.records import SHARED, Seating, SharedTable
from gouji.store.stats import statistics
from gouji.ui.workers.recorder import Recorder

ODD = [None, "abc", "", 1.5, b"\x00\xff", -1, 7, 2 ** 62, "[1,2", "[1,2,3,4,5,6]", "[0,1,2,3,4,4]", "null",
       "[" * 600 + "]" * 600, "9" * 30]
REPLAYED = {("matches", "seed"), ("matches", "rules"), ("matches", "actions"), ("deals", "end_action"),
            ("deals", "idx"), ("matches", "human")}


@pytest.fixture(scope="module")
def base(tmp_path_factory) -> Path:
    """A history of two matches of two deals each (the first one at a shared table)."""
    path = tmp_path_factory.mktemp("base") / "history.sqlite3"
    history = History(path)
    rules = RuleSet.preset("basic").replace(series_length=2)
    for seed, human in ((11, 0), (12, 3)):
        match = random_match(seed, rules)
        replay = random_match(seed, rules, 0)
        for action in match.actions:
            replay.apply(action)
            shared = SharedTable("K7M2Q", "桌", ("甲", None, "乙", None, None, None)) if seed == 11 else None
            assert history.record(replay, Seating(human=human, bot_level="hard", table=shared)) is None
    assert history.counts() == (4, 2, 2)
    return path


def columns(path: Path) -> list[tuple[str, str]]:
    with sqlite3.connect(path) as db:
        return [(table, row[1]) for table in ("matches", "deals")
                for row in db.execute(f"PRAGMA table_info({table})")]


def everything_reads(history: History, review: bool) -> tuple[int, int]:
    """What the game does with the history: the list, the statistics, a review of each deal
    of the damaged match."""
    deals, matches = history.deals(practice=None), history.matches(practice=None)
    history.counts()
    for level in (None, "hard", SHARED):
        statistics(deals, matches, level)
    for deal in deals if review else ():
        if deal.match_id != 1:
            continue
        found = history.deal_ref(deal)
        if found is not None:
            try:
                Review(*found)
            except (ValueError, TypeError):   # shown as a notice: "this deal cannot be reviewed"
                pass
    return len(deals), len(matches)


@pytest.mark.slow
def test_any_odd_value_in_any_column_is_skipped_never_raised(base, tmp_path):
    tried = 0
    for table, column in columns(base):
        for value in ODD:
            path = tmp_path / f"h{tried}.sqlite3"
            shutil.copyfile(base, path)
            with sqlite3.connect(path) as db:
                try:
                    db.execute(f"UPDATE {table} SET {column} = ? WHERE id = (SELECT min(id) FROM {table})", (value,))
                except sqlite3.IntegrityError:   # NOT NULL, UNIQUE: SQLite itself refuses it
                    continue
            deals, matches = everything_reads(History(path), (table, column) in REPLAYED)
            assert deals >= 2 and matches >= 1, (table, column, value)   # the other match's rows stay
            assert not list(tmp_path.glob("*.broken*")), (table, column, value)
            tried += 1
            path.unlink()
    assert tried > 250


SHARED_ODD = ['{"room":"K7M2Q"}', '{"room":"","names":[null,null,null,null,null,null]}',
              '{"room":"K7M2Q","names":[1,null,null,null,null,null]}', '{"room":"K7M2Q","names":[]}',
              '{"room":"K7M2Q","title":7,"names":[null,null,null,null,null,null]}', '["K7M2Q"]',
              '{"room":"K7M2Q","names":["' + "x" * 300 + '",null,null,null,null,null]}',
              '{"room":"K7\\u0007","names":[null,null,null,null,null,null]}',
              # the bots' names the host gave (kept since stop 43): six of them, each none or (zh, en)
              '{"room":"K7M2Q","names":[null,null,null,null,null,null],"bots":[]}',
              '{"room":"K7M2Q","names":[null,null,null,null,null,null],"bots":[["老孙"],null,null,null,null,null]}',
              '{"room":"K7M2Q","names":[null,null,null,null,null,null],"bots":[["老孙",""],null,null,null,null,null]}',
              '{"room":"K7M2Q","names":[null,null,null,null,null,null],"bots":"老孙"}']


def _odd_match_column(database, tmp_path, column: str, value, review: bool) -> None:
    """The first match's ``column`` set to ``value``: NULL reads as usual, anything odd costs that match only."""
    path = tmp_path / "history.sqlite3"
    shutil.copyfile(database, path)
    with sqlite3.connect(path) as db:
        db.execute(f"UPDATE matches SET {column} = ? WHERE id = 1", (value,))
    history = History(path)
    deals, matches = everything_reads(history, review=review)
    assert (deals, matches) == ((4, 2) if value is None else (2, 1))
    assert value is None or any("skipped" in p for p in history.take_problems())
    assert not list(tmp_path.glob("*.broken*"))   # the database itself is kept


@pytest.mark.parametrize("value", ODD + SHARED_ODD)
def test_an_odd_shared_table_mark_costs_only_its_match(base, tmp_path, value):
    _odd_match_column(base, tmp_path, "shared_table", value, review=False)   # NULL: a match against bots


def test_a_row_of_bad_json_costs_only_itself_and_is_told(base, tmp_path):
    path = tmp_path / "history.sqlite3"
    shutil.copyfile(base, path)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE deals SET places = '[1,2' WHERE id = 1")
        db.execute("UPDATE matches SET human = 7 WHERE id = 2")
    history = History(path)
    assert len(history.deals(practice=None)) == 1       # one bad deal, two of the other match's (human 7) gone too
    assert "skipped" in (history.problem or "") and "跳过" in (history.problem or "")
    assert len(history.matches(practice=None)) == 1
    assert any("4 damaged records skipped" in p for p in history.take_problems())   # deal 1, match 2 and its deals
    assert not list(tmp_path.glob("*.broken*")) and path.exists()


def test_the_history_command_survives_bad_rows(base, tmp_path):
    home = tmp_path / "home"
    (home / "data").mkdir(parents=True)
    shutil.copyfile(base, home / "data" / "history.sqlite3")
    with sqlite3.connect(home / "data" / "history.sqlite3") as db:
        db.execute("UPDATE deals SET score_even = 'abc' WHERE id = 4")
        db.execute("UPDATE matches SET seed = 'abc' WHERE id = 1")
    for flag in ("--stats", "--json", None):
        result = subprocess.run([sys.executable, "-m", "gouji.history", *([flag] if flag else [])],
                                capture_output=True, text=True, timeout=60, env={**os.environ, "GOUJI_HOME": str(home)})
        assert result.returncode == 0 and "Traceback" not in result.stderr and "skipped" in result.stderr


@pytest.mark.parametrize("kind", ["folder", "fifo", "dangling link"])
def test_what_is_no_database_in_its_place_is_kept_aside(tmp_path, kind):
    path = tmp_path / "history.sqlite3"
    if kind == "folder":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to(tmp_path / "nowhere")
    history = History(path)
    match = random_match(4, RuleSet.preset("basic").replace(series_length=1))
    history.record(match)
    assert not history.failed and history.counts() == (1, 1, 1)
    assert "kept as history.sqlite3.broken" in " ".join(history.take_problems())
    assert os.path.lexists(tmp_path / "history.sqlite3.broken")


@pytest.mark.slow
def test_a_lock_held_by_another_program_is_waited_out(tmp_path):
    path = tmp_path / "history.sqlite3"
    history = History(path)
    history.busy_timeout = 0.1
    history.counts()
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    recorder = Recorder(history)
    match = random_match(5, RuleSet.preset("basic").replace(series_length=1))
    dropped = threading.Event()
    recorder.after_action(match, Seating(), then=dropped.set)
    time.sleep(1.5)                     # several tries meet the lock
    assert not dropped.is_set()
    holder.execute("ROLLBACK")
    holder.close()
    recorder.wait(30)
    assert dropped.is_set() and history.counts() == (1, 1, 1)
    recorder.close()


@pytest.mark.slow
def test_a_second_game_on_one_data_folder_refuses_in_words(tmp_path):
    env = {**os.environ, "GOUJI_HOME": str(tmp_path / "home"), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    first = subprocess.Popen([sys.executable, "-m", "gouji", "--autoplay", "--quit-after-deal", "--save", "--seed", "3",
                              "--max-seconds", "120", "--no-sound"], env=env, stderr=subprocess.PIPE, text=True)
    lock = FileLock(str(tmp_path / "home" / "data" / LOCK_NAME), timeout=0)
    for _ in range(600):                                 # until the first game holds the folder
        try:
            with lock:
                pass
        except Timeout:
            break
        time.sleep(0.05)
    else:
        pytest.fail("the first game never held its data folder")
    second = subprocess.run([sys.executable, "-m", "gouji", "--autoplay", "--quit-after-deal", "--save", "--seed", "4",
                             "--max-seconds", "60", "--no-sound"], env=env, capture_output=True, text=True, timeout=60)
    assert second.returncode == 1 and "already running with this data folder" in second.stderr
    assert "Traceback" not in second.stderr
    assert first.wait(180) == 0, first.stderr.read()
    history = History(tmp_path / "home" / "data" / "history.sqlite3")
    assert [m.seed for m in history.matches()] == [3] and history.counts()[0] == 1   # the first lost nothing
    with lock:                                           # released when the game ended
        pass


def test_a_lasting_save_problem_is_told_once(screen, monkeypatch, capsys):
    import gouji.ui.shell.app as app_module

    from ui_helpers import make_app
    monkeypatch.setattr(app_module, "save_match", lambda match: "Read-only file system (/somewhere)")
    app = make_app(screen, save=True)
    app.options.autoplay = True
    app.new_match()
    scene = app.scenes.top
    for _ in range(400):
        scene.update(0.5)
    assert len(app.playing.actions) > 30
    told = [line for line in capsys.readouterr().err.splitlines() if "Read-only file system" in line]
    assert len(told) == 1 and len([n for n in app.notices.items if n.key == "save_failed"]) <= 1


def test_the_same_write_problem_reads_the_same_each_time(tmp_path):
    """The message names the trouble and the folder, not the temporary file (which differs
    each time): so it can be told once."""
    from gouji.store.saves import save_match
    (tmp_path / "match.json").mkdir()           # os.replace of the temporary file onto it fails
    match = random_match(6, RuleSet.preset("basic"), 10)
    first, second = save_match(match, tmp_path / "match.json"), save_match(match, tmp_path / "match.json")
    assert first and first == second and ".tmp" not in first


def damaged_copy(base: Path, tmp_path: Path, *statements: str) -> Path:
    path = tmp_path / "history.sqlite3"
    shutil.copyfile(base, path)
    db = sqlite3.connect(path, isolation_level=None)
    for statement in statements:
        db.execute(statement)
    db.close()
    return path


@pytest.mark.parametrize("statement", ["UPDATE deals SET bot_level = CAST(X'FFFE' AS TEXT) WHERE id = 1",
                                       "UPDATE matches SET preset = char(55296) WHERE id = 1",
                                       "UPDATE matches SET started = CAST(X'C3' AS TEXT) WHERE id = 2"])
def test_a_text_that_is_not_utf8_costs_at_most_its_row(base, tmp_path, statement):
    history = History(damaged_copy(base, tmp_path, statement))
    deals, matches = everything_reads(history, review=True)
    assert deals >= 3 and matches == 2 and not list(tmp_path.glob("*.broken*"))


def test_a_null_where_the_schema_forbids_it_costs_only_its_row(base, tmp_path):
    path = damaged_copy(base, tmp_path)
    db = sqlite3.connect(path, isolation_level=None)
    sql = db.execute("SELECT sql FROM sqlite_master WHERE name = 'deals'").fetchone()[0]
    db.execute("PRAGMA writable_schema = ON")                # as a repair tool might leave it
    db.execute("UPDATE sqlite_master SET sql = ? WHERE name = 'deals'", (sql.replace("NOT NULL", ""),))
    db.close()
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("UPDATE deals SET places = NULL WHERE id = 1")
    db.execute("PRAGMA writable_schema = ON")
    db.execute("UPDATE sqlite_master SET sql = ? WHERE name = 'deals'", (sql,))
    db.close()
    history = History(path)
    assert len(history.deals(practice=None)) == 3 and "skipped" in history.problem
    assert not list(tmp_path.glob("*.broken*"))


@pytest.mark.parametrize("damage", ["folder at -wal", "fifo at -shm", "dropped table", "dropped column",
                                    "older version number", "negative version number"])
def test_a_history_that_can_never_be_used_again_is_kept_aside_and_the_next_deal_recorded(base, tmp_path, damage):
    statements = {"dropped table": ["DROP TABLE deals"], "dropped column": ["ALTER TABLE deals DROP COLUMN chuan"],
                  "older version number": ["PRAGMA user_version = 1"],
                  "negative version number": ["PRAGMA user_version = -1"]}.get(damage, [])
    path = damaged_copy(base, tmp_path, *statements)
    if damage == "folder at -wal":
        (tmp_path / "history.sqlite3-wal").mkdir()
    elif damage == "fifo at -shm":
        os.mkfifo(tmp_path / "history.sqlite3-shm")
    history = History(path)
    history.record(random_match(9, RuleSet.preset("basic").replace(series_length=1)))
    # a bad journal file alone goes, the rows stay (4 deals and 2 matches, and the new one)
    expected = (5, 3, 3) if damage.startswith(("folder", "fifo")) else (1, 1, 1)
    assert not history.failed and history.counts() == expected, history.take_problems()
    assert list(tmp_path.glob("history.sqlite3*.broken*"))


@pytest.fixture(scope="module")
def dealt_by_seeds(tmp_path_factory) -> Path:
    """A history of a shared match dealt by its deals' seeds, recorded deal by deal from replays of
    records through each deal (as a player at a shared table gets them), then a match against bots."""
    path = tmp_path_factory.mktemp("seeds") / "history.sqlite3"
    history = History(path)
    rules = RuleSet.preset("basic").replace(series_length=2)
    seeds = (123456, 654321)
    whole = play_out(Match.from_deal_seeds(rules, 4, seeds), 5)
    table = SharedTable("K7M2Q", "桌", ("甲", None, "乙", None, None, None))
    for deal, result in enumerate(whole.results):
        record = Match.replay(rules, 0, whole.actions[:result.end_action], deal_seeds=seeds[:deal + 1],
                              first_drawer=4)
        assert history.record(record, Seating(human=2, bot_level="hard", table=table)) is None
    assert history.record(random_match(12, rules), Seating(human=3, bot_level="hard")) is None
    assert history.counts() == (4, 2, 2)
    return path


def test_a_shared_match_recorded_deal_by_deal_is_one_match_with_working_codes(dealt_by_seeds):
    history = History(dealt_by_seeds)
    shared = [d for d in history.deals() if d.shared is not None]
    assert sorted(d.index for d in shared) == [0, 1] and len({d.match_id for d in shared}) == 1
    for deal in shared:
        ref, choices = history.deal_ref(deal)
        assert ref.deal_seeds == (123456, 654321)[:deal.index + 1] and ref.first_drawer == 4
        assert decode(encode(ref)) == ref and encode(ref).startswith("GJ2:")
        finished = Review(ref, choices).frames[-1].finish_order
        assert len(finished) >= 5 and finished == deal.places[:len(finished)]


SEEDS_ODD = ['{"first_drawer":4}', '{"first_drawer":6,"seeds":[1,2]}', '{"first_drawer":4,"seeds":[]}',
             '{"first_drawer":4,"seeds":[-1,2]}', '{"first_drawer":4,"seeds":[2147483648,2]}',
             '{"first_drawer":true,"seeds":[1,2]}', '{"first_drawer":4,"seeds":["1",2]}', '[4,[1,2]]',
             '{"first_drawer":4,"seeds":[' + ",".join(["1"] * 100) + "]}", '{"first_drawer":4,"seeds":[1.5,2]}']


@pytest.mark.parametrize("value", ODD + SEEDS_ODD)
def test_odd_deal_seeds_cost_only_their_match(dealt_by_seeds, tmp_path, value):
    _odd_match_column(dealt_by_seeds, tmp_path, "deal_seeds", value, review=True)   # NULL: dealt by its seed


def test_deal_seeds_short_of_a_deal_make_no_review_but_a_message(dealt_by_seeds, tmp_path):
    path = tmp_path / "history.sqlite3"
    shutil.copyfile(dealt_by_seeds, path)
    with sqlite3.connect(path) as db:
        db.execute("""UPDATE matches SET deal_seeds = '{"first_drawer":4,"seeds":[123456]}' WHERE id = 1""")
    history = History(path)
    later = next(d for d in history.deals() if d.shared is not None and d.index == 1)
    assert history.deal_ref(later) is None and "deal 2" in (history.problem or "")
    first = next(d for d in history.deals() if d.shared is not None and d.index == 0)
    assert history.deal_ref(first) is not None
