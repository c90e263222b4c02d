"""The history: every finished deal and match in an SQLite database in the
player's data folder (``history.sqlite3`` beside the save; ``GOUJI_HOME``
respected), for the history list, the statistics and reviews.

The app calls ``History.record(match, seating)`` after every action: it costs
a length comparison unless a deal has just ended, and then writes that deal
(and the match's running state) in one transaction. A damaged, foreign or
newer database — or a folder, pipe or broken link in its place — is kept aside
as ``history.sqlite3.broken`` and a new one is started; ``problem`` then says
so in both languages — nothing raises. A damaged row is skipped and counted
(``history_rows``), never a reason to set the other rows aside. A write that
meets another program's lock sets ``busy``: the caller may try again.

Each call opens its own connection, so a worker thread may do the writing;
use one ``History`` from one thread at a time.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import stat
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar
from weakref import WeakKeyDictionary

from ..engine.dealcode import DealRef
from ..engine.match import Match
from ..engine.rules import RuleSet
from ..engine.seats import SEATS
from ..engine.tribute import DealResult
from ..version import version
from .history_rows import SEEDS_LIMIT, BadRow, deal_from_row, match_from_row
from .history_schema import ForeignDatabase, NewerDatabase, check_schema, check_version, migrate, transaction
from .records import DealRecord, DealSeeds, MatchRecord, Seating, chuan_for, outcome_of, points_of
from .saves import pack_actions, unpack_actions
from .settings import data_dir, keep_aside

T = TypeVar("T")
R = TypeVar("R")
BUSY_CODES = (5, 6)   # SQLITE_BUSY, SQLITE_LOCKED: another connection holds the database
SIDE_FILES = ("-wal", "-shm", "-journal")
ROW_DAMAGE = re.compile(r"NULL value in \w+\.\w+$")
SCHEMA_DAMAGE = re.compile(r"duplicate column|no such (table|column)|already exists|no (table|column) ")
DB_NAME = "history.sqlite3"
MIXED = "mixed"
DEAL_COLUMNS = ("d.id, d.match_id, d.idx, d.ended, m.preset, d.bot_level, m.practice, m.human, d.places, "
                "d.score_even, d.score_odd, d.opened, d.human_opened, d.chuan, d.first_action, d.end_action, "
                "m.shared_table, m.deal_seeds")
MATCH_COLUMNS = ("m.id, m.started, m.ended, m.seed, m.preset, m.bot_level, m.practice, m.human, m.series_length, "
                 "(SELECT count(*) FROM deals d WHERE d.match_id = m.id), m.total_even, m.total_odd, m.shared_table, "
                 "m.deal_seeds")


def history_path() -> Path:
    return data_dir() / DB_NAME


def rules_text(rules: RuleSet) -> str:
    return json.dumps(rules.to_dict(), sort_keys=True, separators=(",", ":"))


class History:
    def __init__(self, path: Path | None = None, now: Callable[[], datetime] | None = None) -> None:
        self.path = path or history_path()
        self._problem: str | None = None
        self._problems: list[str] = []    # every problem since the last take_problems()
        self.busy = False                 # the last call met another program's lock (worth trying again)
        self.failed = False               # the last call's work was not done (problem says why)
        self.busy_timeout = 5.0           # seconds SQLite waits for another program's lock per call
        self._bad: dict[str, set[int]] = {"deals": set(), "matches": set()}   # damaged rows seen, by id
        self._now = now or (lambda: datetime.now().astimezone())
        self._checked = False             # integrity checked once per run
        # match -> (its row, or None before it has one; the results already recorded or skipped)
        self._rows: WeakKeyDictionary[Match, tuple[int | None, int]] = WeakKeyDictionary()

    @property
    def problem(self) -> str | None:
        """What went wrong in the last call, in both languages, or None."""
        return self._problem

    @problem.setter
    def problem(self, text: str | None) -> None:
        self._problem = text
        if text and text not in self._problems:
            self._problems.append(text)

    def take_problems(self) -> list[str]:
        """Every problem since the last call (a call may meet several: a file kept aside, then bad rows)."""
        found, self._problems = self._problems, []
        return found

    # ----- writing ---------------------------------------------------------
    def record(self, match: Match, seating: Seating = Seating(), key: Match | None = None) -> str | None:
        """Call after every action; writes only when a deal has ended that is not recorded yet.
        ``key`` is the live match when ``match`` is a copy of it taken for another thread
        (the row belongs to the live one). Returns a message (both languages) if the
        history could not be written."""
        key = match if key is None else key
        known = self._rows.get(key)
        done = len(match.results)
        if (known is not None and known[1] >= done) or (known is None and done == 0):
            return None
        self._run(lambda db: self._write(db, match, seating, key), None, create=True)
        return self.problem

    def _write(self, db: sqlite3.Connection, match: Match, seating: Seating, key: Match) -> None:
        with transaction(db):
            row, recorded = self._row_for(db, match, seating, key)
            new = [k for k in range(recorded, len(match.results)) if match.results[k].end_action > seating.start]
            if new:
                if row is None:
                    row = self._insert_match(db, match, seating)
                for k in new:
                    self._insert_deal(db, row, match, k, seating)
                self._update_match(db, row, match)
        self._rows[key] = (row, len(match.results))

    def _row_for(self, db: sqlite3.Connection, match: Match, seating: Seating, key: Match) -> tuple[int | None, int]:
        """The match's row and how many of its deals are recorded (or to be skipped)."""
        known = self._rows.get(key)
        if known is not None and known[0] is None:
            return known
        # a shared match comes deal by deal, each a new replay of the host's record: its row is found again
        found = seating.resumed or match.deal_seeds is not None
        row = known[0] if known is not None else self._find(db, match, seating) if found else None
        if row is None or not db.execute("SELECT 1 FROM matches WHERE id = ?", (row,)).fetchone():
            return None, 0
        last = db.execute("SELECT max(idx) FROM deals WHERE match_id = ? AND typeof(idx) = 'integer'",
                          (row,)).fetchone()[0]
        return row, (min(last + 1, len(match.results)) if isinstance(last, int) and last >= 0 else 0)

    def _find(self, db: sqlite3.Connection, match: Match, seating: Seating) -> int | None:
        """A resumed match's row: same seed (or first deal seeds), rules and player, its actions a prefix
        of the match's; unfinished — or, for a finished match whose save was kept until its last deal was
        recorded (or a shared match's record at its end after its deals'), finished with exactly its
        actions (it was recorded after all: nothing to add)."""
        ended = "" if match.is_over else "ended IS NULL AND "
        dealt = "deal_seeds IS NULL" if match.deal_seeds is None else "deal_seeds IS NOT NULL"
        rows = db.execute(f"SELECT id, actions, ended, deal_seeds FROM matches WHERE {ended}seed = ? AND rules = ? "
                          f"AND practice = ? AND human = ? AND {dealt} ORDER BY ended IS NULL DESC, id DESC",
                          (match.seed, rules_text(match.rules), seating.practice, seating.human)).fetchall()
        for row, stored, finished, seeds in rows:
            try:
                actions, _ = unpack_actions(json.loads(stored))
                same = _same_deal_seeds(seeds, match)
            except (ValueError, TypeError, RecursionError):   # a damaged row: not this match's
                continue
            if same and actions == match.actions[:len(actions)] \
                    and (finished is None or len(actions) == len(match.actions)):
                return int(row)
        return None

    def _insert_match(self, db: sqlite3.Connection, match: Match, seating: Seating) -> int:
        cursor = db.execute(
            "INSERT INTO matches (seed, rules, preset, human, bot_level, practice, started, series_length, actions, "
            "total_even, total_odd, app_version, shared_table, deal_seeds) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, '[]', 0, 0, ?, ?, ?)",
            (match.seed, rules_text(match.rules), _preset(match.rules, seating), seating.human,
             seating.bot_level, seating.practice, self._stamp(), match.rules.series_length, version(),
             None if seating.table is None else seating.table.to_json(), _seeds_text(match)))
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def _insert_deal(self, db: sqlite3.Connection, row: int, match: Match, k: int, seating: Seating) -> None:
        result: DealResult = match.results[k]
        human = seating.human
        details = {"revolted": sorted(result.revolted), "men": result.men, "burn_wins": result.burn_wins,
                   "declared": result.declared, "pre_declared": result.pre_declared, "voided": result.voided}
        db.execute(
            "INSERT OR REPLACE INTO deals (match_id, idx, ended, deal_seed, first_action, end_action, places, "
            "score_even, score_odd, opened, details, bot_level, human_place, human_opened, chuan) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (row, k, self._stamp(), result.seed, match.results[k - 1].end_action if k else 0, result.end_action,
             json.dumps(list(result.places)), *result.score, json.dumps(list(result.opened)), json.dumps(details),
             seating.bot_level, result.places.index(human),
             result.opened[human] if match.rules.kai_dian else None, chuan_for(result.places, human)))
        db.execute("UPDATE matches SET bot_level = ? WHERE id = ? AND bot_level != ?", (MIXED, row, seating.bot_level))
        if seating.table is not None:   # who sits there now: a friend who came late is named from his first deal
            db.execute("UPDATE matches SET shared_table = ? WHERE id = ?", (seating.table.to_json(), row))

    def _update_match(self, db: sqlite3.Connection, row: int, match: Match) -> None:
        end = match.results[-1].end_action
        actions = json.dumps(pack_actions(match.actions[:end], match.card_choices[:end]), separators=(",", ":"))
        human = db.execute("SELECT human FROM matches WHERE id = ?", (row,)).fetchone()[0]
        over = match.is_over
        outcome = outcome_of(points_of(human, match.totals)) if over and human in SEATS else None
        db.execute("UPDATE matches SET actions = ?, total_even = ?, total_odd = ?, ended = ?, outcome = ?, "
                   "deal_seeds = ? WHERE id = ?",
                   (actions, *match.totals, self._stamp() if over else None, outcome, _seeds_text(match), row))

    def _stamp(self) -> str:
        return self._now().isoformat(timespec="seconds")

    def reset(self) -> str | None:
        """Forget every deal and match (the UI asks for confirmation first). A match in
        progress is recorded again from its next deal on."""
        self._run(self._delete_all, None, create=False)
        for match, (_, done) in list(self._rows.items()):
            self._rows[match] = (None, done)
        return self.problem

    @staticmethod
    def _delete_all(db: sqlite3.Connection) -> None:
        with transaction(db):
            db.execute("DELETE FROM deals")
            db.execute("DELETE FROM matches")

    # ----- reading ---------------------------------------------------------
    def deals(self, level: str | None = None, preset: str | None = None, practice: bool | None = False,
              match_id: int | None = None, limit: int | None = None) -> list[DealRecord]:
        """Recorded deals, newest first; ``practice`` None: practice games too, True: only those."""
        where, args = _filters("d.bot_level", level, preset, practice)
        if match_id is not None:
            where, args = where + " AND d.match_id = ?", args + [match_id]
        sql = (f"SELECT {DEAL_COLUMNS} FROM deals d JOIN matches m ON m.id = d.match_id WHERE {where} "
               "ORDER BY d.id DESC LIMIT ?")
        return self._run(lambda db: self._rows_of(db, sql, (*args, limit or -1), "deals", deal_from_row), [],
                         create=False)

    def matches(self, level: str | None = None, preset: str | None = None, practice: bool | None = False,
                limit: int | None = None) -> list[MatchRecord]:
        """Recorded matches (finished or not), newest first."""
        where, args = _filters("m.bot_level", level, preset, practice)
        sql = f"SELECT {MATCH_COLUMNS} FROM matches m WHERE {where} ORDER BY m.id DESC LIMIT ?"
        return self._run(lambda db: self._rows_of(db, sql, (*args, limit or -1), "matches", match_from_row), [],
                         create=False)

    def _rows_of(self, db: sqlite3.Connection, sql: str, args: tuple, table: str,
                 read: Callable[[tuple], R]) -> list[R]:
        """The rows read back; a damaged one is skipped and counted (one message for them all)."""
        found: list[R] = []
        for row in db.execute(sql, args):
            try:
                found.append(read(row))
            except BadRow:
                self._bad[table].add(row[0])
        bad = sum(len(ids) for ids in self._bad.values())
        if bad:
            self.problem = (f"有 {bad} 条记录损坏，已跳过（其余记录都在） / {bad} damaged "
                            f"record{'s' if bad > 1 else ''} skipped (the others are all there)")
        return found

    def counts(self) -> tuple[int, int, int]:
        """(deals, matches, finished matches), practice included."""
        def count(db: sqlite3.Connection) -> tuple[int, int, int]:
            deals = db.execute("SELECT count(*) FROM deals").fetchone()[0]
            matches, finished = db.execute("SELECT count(*), count(ended) FROM matches").fetchone()
            return int(deals), int(matches), int(finished)
        return self._run(count, (0, 0, 0), create=False)

    def deal_ref(self, deal: DealRecord) -> tuple[DealRef, list[tuple[int, ...] | None]] | None:
        """The deal as a ``DealRef`` (for its code and its review) and the cards the human picked."""
        def read(db: sqlite3.Connection) -> tuple[DealRef, list[tuple[int, ...] | None]] | None:
            row = db.execute("SELECT seed, rules, actions, deal_seeds FROM matches WHERE id = ?",
                             (deal.match_id,)).fetchone()
            if row is None:
                return None
            try:
                actions, choices = unpack_actions(_json_of(row[2]))
                rules = RuleSet.from_dict(_json_of(row[1]))
                seeds = _deal_seeds_of(row[3], deal.index)
                ref = DealRef(rules, row[0], tuple(actions[:deal.end_action]), deal.index, deal.human,
                              None if seeds is None else seeds.seeds[:deal.index + 1],
                              0 if seeds is None else seeds.first_drawer)
            except (ValueError, TypeError) as exc:   # one damaged row: report it, keep the database
                why = str(exc)[:200]
                self.problem = f"这一局的记录有误：{why} / this deal's record is damaged: {why}"
                return None
            return ref, choices[:deal.end_action]
        return self._run(read, None, create=False)

    # ----- the database file -------------------------------------------------
    def _run(self, work: Callable[[sqlite3.Connection], T], default: T, create: bool) -> T:
        """``work`` on an open database; trouble becomes ``problem``, a damaged file is kept aside."""
        self.problem, self.busy, self.failed = None, False, True
        for attempt in range(2):
            try:
                db = self._open(create)
                if db is None:
                    return default
                try:
                    done = work(db)
                    self.failed = False
                    return done
                finally:
                    db.close()
            except sqlite3.OperationalError as exc:   # locked, full, read-only: the file is fine
                self.busy = _is_busy(exc)
                self.problem = f"历史记录暂时无法使用：{exc} / the history could not be used: {exc}"
                return default
            except (ValueError, TypeError, sqlite3.IntegrityError) as exc:   # a row's value, not the file
                self.problem = f"历史记录里有一条记录有误：{str(exc)[:200]} / a record in the history is damaged: " \
                               f"{str(exc)[:200]}"
                return default
            except sqlite3.DatabaseError as exc:   # damaged pages
                why = " ".join(str(exc).split())
                if attempt or not self._set_aside("历史记录数据库损坏", f"the history database is damaged ({why})"):
                    return default
            except OSError as exc:
                self.problem = f"历史记录无法打开：{exc} / the history could not be opened: {exc}"
                return default
        return default

    def _open(self, create: bool) -> sqlite3.Connection | None:
        if not create and not os.path.lexists(self.path):
            return None
        if not self._clear_side_files():
            return None
        if os.path.lexists(self.path) and not _ordinary_file(self.path):
            if not self._set_aside("历史记录的位置上不是普通文件（是文件夹、管道或失效的链接）",
                                   "in the history's place is no ordinary file (a folder, a pipe or a broken link)"):
                return None
            if not create:
                return None
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            return self._connect()
        except NewerDatabase:
            aside = self._set_aside("历史记录来自更新版本的游戏",
                                    "the history was written by a newer version of the game")
        except ForeignDatabase:
            aside = self._set_aside("历史记录文件不是本游戏的", "the history file is not one of this game's")
        return self._connect() if aside and create else None

    def _clear_side_files(self) -> bool:
        """A folder or pipe where SQLite keeps its journal would fail every call: only it is kept aside
        (the database beside it is fine); False if it cannot be moved."""
        for suffix in SIDE_FILES:
            side = self.path.with_name(self.path.name + suffix)
            if os.path.lexists(side) and not _ordinary_file(side):
                try:
                    kept = keep_aside(side)
                except OSError as exc:
                    self.problem = f"{side.name} 不是普通文件，也无法移开：{exc} / {side.name} is no ordinary file " \
                                   f"and could not be moved: {exc}"
                    return False
                self.problem = f"{side.name} 不是普通文件，已另存为 {kept.name} / {side.name} was no ordinary file: " \
                               f"kept as {kept.name}"
        return True

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, isolation_level=None, timeout=self.busy_timeout)
        db.text_factory = _text   # a damaged byte in a text makes a replacement character, not a failed read
        try:
            check_version(db)          # before anything changes the file
            if not self._checked:
                _quick_check(db)
            db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = NORMAL")
            db.execute("PRAGMA foreign_keys = ON")
            try:
                migrate(db)
                check_schema(db)
            except sqlite3.OperationalError as exc:   # a table or column gone: never usable again
                if not SCHEMA_DAMAGE.search(str(exc)):
                    raise                              # locked, full, an I/O error: try again later
                raise sqlite3.DatabaseError(f"its tables cannot be used ({exc})") from None
        except BaseException:
            db.close()
            raise
        self._checked = True
        return db

    def _set_aside(self, zh: str, en: str) -> bool:
        """Keep the file (and its WAL, or whatever is in their places) as ``….broken`` and start
        afresh; False if it cannot be moved."""
        try:
            kept = keep_aside(self.path) if os.path.lexists(self.path) else None
            for suffix in SIDE_FILES:
                side = self.path.with_name(self.path.name + suffix)
                if not os.path.lexists(side):
                    continue
                beside = kept.with_name(kept.name + suffix) if kept is not None else None
                if beside is not None and not os.path.lexists(beside):
                    side.rename(beside)
                else:
                    kept = kept or keep_aside(side)
        except OSError as exc:
            self.problem = f"{zh}，也无法移开：{exc} / {en}, and it could not be moved: {exc}"
            return False
        name = kept.name if kept is not None else self.path.name + ".broken"
        self.problem = f"{zh}，已另存为 {name}，重新开始记录 / {en}: kept as {name}, a new one was started"
        self._rows.clear()
        self._checked = False
        return True


def _filters(level_column: str, level: str | None, preset: str | None,
             practice: bool | None) -> tuple[str, list[Any]]:
    where, args = ["1"], []
    for column, value in ((level_column, level), ("m.preset", preset), ("m.practice", practice)):
        if value is not None:
            where.append(f"{column} = ?")
            args.append(value)
    return " AND ".join(where), args


def _is_busy(exc: sqlite3.OperationalError) -> bool:
    """Another connection holds the database: worth trying again."""
    return getattr(exc, "sqlite_errorcode", None) in BUSY_CODES or "locked" in str(exc)


def _text(raw: bytes) -> str:
    return raw.decode("utf-8", "replace")


def _quick_check(db: sqlite3.Connection) -> None:
    """SQLite's own check of the file; a NULL where a column forbids it is one row's damage
    (the reader skips that row), anything else is the file's."""
    found = [row[0] for row in db.execute("PRAGMA quick_check")]
    if found != ["ok"] and not all(ROW_DAMAGE.match(line) for line in found):
        raise sqlite3.DatabaseError("; ".join(found[:3]))


def _ordinary_file(path: Path) -> bool:
    """A regular file, or a link to one (SQLite can open it)."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:   # a broken link, or a folder we may not look into
        return False


def _seeds_text(match: Match) -> str | None:
    """The ``deal_seeds`` column: a shared match's first drawer and finished deals' seeds, else NULL."""
    seeds = DealSeeds.of(match)
    return None if seeds is None else seeds.to_json()


def _deal_seeds_of(text: object, deal: int) -> DealSeeds | None:
    """The ``deal_seeds`` column read back for ``deal`` (ValueError when damaged or short of that deal)."""
    if text is None:
        return None
    if not isinstance(text, str) or len(text) > SEEDS_LIMIT:
        raise ValueError("its deal seeds are not short JSON text")
    seeds = DealSeeds.from_data(_json_of(text))
    if len(seeds.seeds) <= deal:
        raise ValueError(f"its deal seeds stop before deal {deal + 1}")
    return seeds


def _same_deal_seeds(text: object, match: Match) -> bool:
    """A row's deal seeds are the match's so far (ValueError when damaged); True for two matches dealt by seed."""
    if match.deal_seeds is None or text is None:
        return match.deal_seeds is None and text is None
    if not isinstance(text, str) or len(text) > SEEDS_LIMIT:
        raise ValueError("damaged deal seeds")
    stored = DealSeeds.from_data(_json_of(text))
    return stored.first_drawer == match.first_drawer and stored.seeds == match.deal_seeds[:len(stored.seeds)]


def _json_of(text: object) -> Any:
    if not isinstance(text, str):
        raise ValueError("it is not JSON text")
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError("it is nested too deeply") from None


def _preset(rules: RuleSet, seating: Seating) -> str:
    """The preset a match is filed under: a shared table's host picks the preset and the number of deals
    apart, so its match keeps the preset's name whatever the number; offline, that is a custom rule set."""
    name = rules.preset_family() if seating.table is not None else rules.preset_name()
    return name or "custom"
