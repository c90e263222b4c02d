"""The history database's schema and its migrations (``PRAGMA user_version``).

``MIGRATIONS[v]`` brings a database from version ``v`` to ``v + 1``; each
runs in its own transaction. Never edit a migration that has shipped: add one.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache

from .records import chuan_for, outcome_of, points_of

# version 1: matches with their actions, deals with their places, points and details
V1 = """
CREATE TABLE matches (
    id INTEGER PRIMARY KEY,
    seed INTEGER NOT NULL,
    rules TEXT NOT NULL,             -- JSON, every key
    preset TEXT NOT NULL,            -- qingdao, basic, app196 or custom
    human INTEGER NOT NULL,          -- the human's seat
    bot_level TEXT NOT NULL,
    practice INTEGER NOT NULL,
    started TEXT NOT NULL,
    ended TEXT,                      -- NULL while the match goes on
    series_length INTEGER NOT NULL,
    actions TEXT NOT NULL,           -- JSON as in the save, through the last recorded deal
    total_even INTEGER NOT NULL,
    total_odd INTEGER NOT NULL
);
CREATE TABLE deals (
    id INTEGER PRIMARY KEY,
    match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    idx INTEGER NOT NULL,            -- 0 = the match's first deal
    ended TEXT NOT NULL,
    deal_seed INTEGER NOT NULL,
    first_action INTEGER NOT NULL,   -- the deal's actions within the match's
    end_action INTEGER NOT NULL,
    places TEXT NOT NULL,            -- JSON: seats 头科 … 大落
    score_even INTEGER NOT NULL,
    score_odd INTEGER NOT NULL,
    opened TEXT NOT NULL,            -- JSON: six booleans
    details TEXT NOT NULL,           -- JSON: revolted, men, burn_wins, declared, pre_declared, voided
    UNIQUE (match_id, idx)
);
"""

# version 2: what the statistics filter and count, as columns (filled in from version 1's JSON)
V2 = """
ALTER TABLE deals ADD COLUMN bot_level TEXT NOT NULL DEFAULT 'normal';
ALTER TABLE deals ADD COLUMN human_place INTEGER NOT NULL DEFAULT 0;
ALTER TABLE deals ADD COLUMN human_opened INTEGER;      -- NULL: the rules play without 开点
ALTER TABLE deals ADD COLUMN chuan INTEGER NOT NULL DEFAULT 0;  -- 串三户: 1 by the human's team, -1 against
ALTER TABLE matches ADD COLUMN outcome TEXT;            -- win, loss, draw; NULL while unfinished
ALTER TABLE matches ADD COLUMN app_version TEXT NOT NULL DEFAULT '';
CREATE INDEX deals_by_match ON deals (match_id, idx);
CREATE INDEX matches_by_end ON matches (ended);
"""

# version 3: a match played at a shared table (联机): JSON {room, title, names: six seats, a person's name or null}
V3 = """
ALTER TABLE matches ADD COLUMN shared_table TEXT;       -- NULL: against bots on this computer
"""

# version 4: a shared table's match dealt by its deals' own seeds, recorded deal by deal as each ends:
# JSON {first_drawer, seeds: the recorded deals' seeds} (Match.from_deal_seeds)
V4 = """
ALTER TABLE matches ADD COLUMN deal_seeds TEXT;         -- NULL: the match's seed deals every deal
"""


def _v1(db: sqlite3.Connection) -> None:
    _script(db, V1)


def _v2(db: sqlite3.Connection) -> None:
    _script(db, V2)
    rows = db.execute("SELECT d.id, d.places, d.opened, m.human, m.bot_level, m.rules FROM deals d "
                      "JOIN matches m ON m.id = d.match_id").fetchall()
    for deal_id, places_json, opened_json, human, level, rules_json in rows:
        try:
            places, opened = json.loads(places_json), json.loads(opened_json)
            kai_dian = json.loads(rules_json).get("kai_dian", True)
            values = (level, places.index(human), bool(opened[human]) if kai_dian else None, chuan_for(places, human))
        except (ValueError, TypeError, LookupError, AttributeError, RecursionError):
            continue   # a damaged row keeps the defaults; reading skips it (history_rows)
        db.execute("UPDATE deals SET bot_level = ?, human_place = ?, human_opened = ?, chuan = ? WHERE id = ?",
                   (*values, deal_id))
    for match_id, human, even, odd in db.execute(
            "SELECT id, human, total_even, total_odd FROM matches WHERE ended IS NOT NULL").fetchall():
        try:
            outcome = outcome_of(points_of(human, (even, odd)))
        except (TypeError, LookupError):
            continue
        db.execute("UPDATE matches SET outcome = ? WHERE id = ?", (outcome, match_id))


def _v3(db: sqlite3.Connection) -> None:
    _script(db, V3)   # older rows stay NULL: before version 3 a shared match could not be told apart


def _v4(db: sqlite3.Connection) -> None:
    _script(db, V4)   # older rows stay NULL: before version 4 every match was dealt by its seed


def _script(db: sqlite3.Connection, script: str) -> None:
    """Statements one by one (``executescript`` would commit the open transaction)."""
    bare = "\n".join(line.split("--")[0] for line in script.splitlines())
    for statement in bare.split(";"):
        if statement.strip():
            db.execute(statement)


MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_v1, _v2, _v3, _v4]
SCHEMA_VERSION = len(MIGRATIONS)


class NewerDatabase(Exception):
    """Written by a newer version of the game."""


class ForeignDatabase(Exception):
    """An SQLite file, but not a history of this game."""


@contextmanager
def transaction(db: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One transaction (the connection is in autocommit mode, ``isolation_level=None``)."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def version_of(db: sqlite3.Connection) -> int:
    return int(db.execute("PRAGMA user_version").fetchone()[0])


def check_version(db: sqlite3.Connection) -> int:
    """The schema version; NewerDatabase or ForeignDatabase when it is not ours to change."""
    version = version_of(db)
    if version > SCHEMA_VERSION:
        raise NewerDatabase(version)
    if version < 0 or (version == 0 and db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]):
        raise ForeignDatabase()
    return version


def check_schema(db: sqlite3.Connection) -> None:
    """Every table and column of the current schema is there (sqlite3.OperationalError naming
    the first one missing): a table dropped by another program must not fail every deal."""
    for table, columns in expected_columns().items():
        found = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
        missing = [column for column in columns if column not in found]
        if missing:
            raise sqlite3.OperationalError(f"no column {table}.{missing[0]}" if found else f"no table {table}")


@cache
def expected_columns() -> dict[str, tuple[str, ...]]:
    """The tables and columns the migrations make, read from a fresh database in memory."""
    db = sqlite3.connect(":memory:", isolation_level=None)
    try:
        migrate(db)
        tables = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {table: tuple(row[1] for row in db.execute(f"PRAGMA table_info({table})")) for table in tables}
    finally:
        db.close()


def migrate(db: sqlite3.Connection, target: int = SCHEMA_VERSION) -> None:
    """Bring the database up to ``target``, one transaction per step."""
    for step in range(check_version(db), target):
        with transaction(db):
            MIGRATIONS[step](db)
            db.execute(f"PRAGMA user_version = {step + 1}")
