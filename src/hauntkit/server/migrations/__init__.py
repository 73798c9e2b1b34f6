"""The database schema's history as Alembic migrations, and the upgrade run at start-up.

Every table name carries the store's optional prefix (test runs share one database), and so
does Alembic's version table (``<prefix>alembic_version``). ``upgrade(engine, prefix)`` brings
any database to the newest revision in place:

- an empty database gets every migration from the first;
- a database made before hauntkit used Alembic (a ``games`` table and no version table) is
  recognised, stamped as the baseline ``0001`` (the schema it already has) and then upgraded,
  so nothing in it is lost;
- an up-to-date one is left alone.

Several servers starting at once upgrade the database once: the upgrade holds an advisory
lock on PostgreSQL, a lock file next to a SQLite database (``<file>.lock``), and within one
process a thread lock (Alembic's context is global).
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import threading
from collections.abc import Iterator
from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection, Engine

BASELINE = "0001"
HEAD = "0004"


def table_name(base: str) -> str:
    """``base`` with the prefix of the store being migrated (for use inside migrations)."""
    from alembic import context

    return str(context.config.attributes.get("prefix", "")) + base


def version_table(prefix: str) -> str:
    return f"{prefix}alembic_version"


def _config(conn: Connection, prefix: str) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).resolve().parent))
    cfg.attributes["connection"] = conn
    cfg.attributes["prefix"] = prefix
    return cfg


_THREADS = threading.Lock()


@contextlib.contextmanager
def _sqlite_file_lock(engine: Engine) -> Iterator[None]:
    path = engine.url.database if engine.dialect.name == "sqlite" else None
    if not path or path == ":memory:":
        yield
        return
    with open(f"{path}.lock", "a") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def upgrade(engine: Engine, prefix: str = "") -> None:
    """Bring the database (the tables with ``prefix``) to the newest schema, in place."""
    with _THREADS, _sqlite_file_lock(engine), engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            key = int.from_bytes(hashlib.sha256(f"hauntkit:{prefix}".encode()).digest()[:8],
                                 "big", signed=True)
            conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": key})
        cfg = _config(conn, prefix)
        tables = set(inspect(conn).get_table_names())
        if version_table(prefix) not in tables and f"{prefix}games" in tables:
            _bring_to_baseline(conn, prefix)
            command.stamp(cfg, BASELINE)
        command.upgrade(cfg, "head")


def current_revision(engine: Engine, prefix: str = "") -> str | None:
    """The revision the database is at (None before any)."""
    with engine.connect() as conn:
        if version_table(prefix) not in inspect(conn).get_table_names():
            return None
        return conn.execute(text(f"SELECT version_num FROM {version_table(prefix)}")).scalar()


def _bring_to_baseline(conn: Connection, prefix: str) -> None:
    """A pre-Alembic database from before the ``snap_n`` column (whose snapshot was the latest
    state) gets that column, as the pre-Alembic code did on start-up."""
    games, actions = f"{prefix}games", f"{prefix}actions"
    have = {c["name"] for c in inspect(conn).get_columns(games)}
    if "snap_n" in have:
        return
    conn.execute(text(f"ALTER TABLE {games} ADD COLUMN snap_n INTEGER NOT NULL DEFAULT 0"))
    conn.execute(text(
        f"UPDATE {games} SET snap_n = COALESCE((SELECT MAX(a.n) FROM {actions} a "
        f"WHERE a.game_id = {games}.id), 0)"
    ))
