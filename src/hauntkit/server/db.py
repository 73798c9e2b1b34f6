"""Persistence of games and campaigns: SQLite by default, PostgreSQL through the same
SQLAlchemy code.

Tables (names carry an optional prefix so that test runs can share a database); the schema is
made and changed only by the Alembic migrations in ``hauntkit.server.migrations``, which the
store runs on start-up (an older database is upgraded in place):

- ``games``: one row per game: its ruleset, seats (names, hashed tokens, who controls them),
  config, seed, status, its current ``version``, and a snapshot of the full engine state taken
  after action row ``snap_n`` (every few actions, not every one: the state grows to ~100 KB).
- ``actions``: every accepted action (and every dev-only dice push), in order (``n``).
- ``campaigns``: one row per campaign, its document (``hauntkit.core.campaign``) and a
  ``version`` that guards every write.

``commit_action`` writes the action row (and, when asked, a new snapshot) in one transaction,
guarded by the previous version. The game's exact state is the snapshot plus the action rows
after ``snap_n`` replayed through the engine (``hauntkit.server.rooms.restore``).

Seat and host tokens are stored as sha256 hex digests only (``hash_token``); the plain tokens
exist once, in the answer to the request that created the game.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson
from sqlalchemy import (
    Column,
    Float,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from hauntkit.server import migrations

ID_SHAPE = re.compile(r"[A-Za-z0-9_-]{1,32}")


def is_id(text: str) -> bool:
    """Whether ``text`` has the shape of a game or campaign id (one a store may look up)."""
    return bool(ID_SHAPE.fullmatch(text))


def hash_token(token: str) -> str:
    """How a seat or host token is stored: its sha256 digest in hex."""
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: str | None, digest: str | None) -> bool:
    """Whether ``token`` hashes to ``digest`` (compared in constant time)."""
    if token is None or not digest:
        return False
    return hmac.compare_digest(hash_token(token).encode(), digest.encode())


def seat_token(host_token: str, game_id: str, seat: int, issue: int = 0) -> str:
    """A seat's token, derived from the game's host token: whoever holds the host token can
    list the seat links again (``GET /api/games/<id>/links``) although only digests are
    stored, and a seat's token reveals neither the host's nor another seat's. ``issue``
    counts the times the host gave the seat a new link (removing its player)."""
    message = f"seat:{game_id}:{seat}" + (f":{issue}" if issue else "")
    mac = hmac.new(host_token.encode(), message.encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(mac.digest()[:18]).decode()


def _padded(data: bytes, key_token: str) -> bytes:
    """``data`` (at most 32 bytes) xor a pad made from ``key_token``: seal and unseal both."""
    if len(data) > 32:
        raise ValueError("only a token of at most 32 bytes can be sealed")
    pad = hashlib.sha256(b"hauntkit-seal:" + key_token.encode()).digest()[:len(data)]
    return bytes(a ^ b for a, b in zip(data, pad, strict=True))


def tokens_of(rec: GameRecord) -> str:
    """The game id the seat tokens of ``rec``'s game derive from (``seat_token``): its own,
    or for a rematch the first game of the series."""
    return str(rec.config.get("_tokens_of", rec.id))


def seal(secret: str, key_token: str) -> str:
    """``secret`` (a token) locked with ``key_token``: only the holder of ``key_token`` opens
    it (``unseal``). Each key token locks one secret, so its pad is never used twice."""
    return base64.urlsafe_b64encode(_padded(secret.encode(), key_token)).decode()


def unseal(sealed: str, key_token: str) -> str:
    """The secret ``seal`` locked with ``key_token`` (garbage for another key)."""
    return _padded(base64.urlsafe_b64decode(sealed.encode()), key_token).decode(errors="replace")


class StaleWriteError(RuntimeError):
    """The game row moved on since it was read: another writer got there first."""


@dataclass
class GameRecord:
    """One game as stored."""

    id: str
    ruleset: str
    title: str
    status: str  # "active" | "finished"
    seats: list[dict[str, Any]]  # name, bot, token_hash
    host_token_hash: str
    config: dict[str, Any]
    seed: int
    version: int
    state: dict[str, Any]  # the snapshot: the state after action row ``snap_n``
    result: dict[str, Any] | None
    dev: bool
    created: float
    updated: float
    snap_n: int = 0


def database_url(db: str | None, data_dir: str | Path) -> str:
    """The SQLAlchemy URL: ``db`` as given (``postgresql://`` means psycopg 3), else a SQLite
    file in ``data_dir``."""
    if not db:
        folder = Path(data_dir)
        folder.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{(folder / 'hauntkit.db').resolve()}"
    for plain in ("postgresql://", "postgres://"):
        if db.startswith(plain):
            return "postgresql+psycopg://" + db[len(plain):]
    return db


def _dumps(data: Any) -> bytes:
    return orjson.dumps(data)


class Store:
    """Games on disk. Every method is synchronous and short; the server calls them from a
    worker thread."""

    def __init__(self, url: str, prefix: str = "") -> None:
        self.url = url
        self.prefix = prefix
        self._sql: tuple[str, str, str] | None = None
        if url.startswith("sqlite"):
            self.engine: Engine = create_engine(
                url, connect_args={"check_same_thread": False, "timeout": 30}
            )
            event.listen(self.engine, "connect", _sqlite_pragmas)
        else:
            self.engine = create_engine(url, pool_pre_ping=True)
        self.metadata = MetaData()
        self.games = Table(
            f"{prefix}games", self.metadata,
            Column("id", String(32), primary_key=True),
            Column("ruleset", String(64), nullable=False),
            Column("title", String(200), nullable=False, default=""),
            Column("status", String(16), nullable=False, index=True),
            Column("seats", LargeBinary, nullable=False),
            Column("host_token_hash", String(64), nullable=False),
            Column("config", LargeBinary, nullable=False),
            Column("seed", String(32), nullable=False),
            Column("version", Integer, nullable=False),
            Column("state", LargeBinary, nullable=False),
            Column("snap_n", Integer, nullable=False, default=0),
            Column("result", LargeBinary, nullable=True),
            Column("dev", Integer, nullable=False, default=0),
            Column("created", String(32), nullable=False),
            Column("updated", String(32), nullable=False),
        )
        self.actions = Table(
            f"{prefix}actions", self.metadata,
            Column("n", Integer, primary_key=True, autoincrement=True),
            Column("game_id", String(32), nullable=False, index=True),
            Column("version", Integer, nullable=False),
            Column("seat", Integer, nullable=True),
            Column("action", Text, nullable=False),
            Column("at", String(32), nullable=False),
            Column("req", String(64), nullable=True),
        )
        self.campaigns = Table(
            f"{prefix}campaigns", self.metadata,
            Column("id", String(32), primary_key=True),
            Column("ruleset", String(64), nullable=False),
            Column("title", String(200), nullable=False),
            Column("status", String(16), nullable=False, index=True),
            Column("version", Integer, nullable=False),
            Column("doc", LargeBinary, nullable=False),
            Column("created", String(32), nullable=False),
            Column("updated", String(32), nullable=False),
        )
        # several processes (hauntkit.server.cluster): the rematch of each finished game, and
        # the leases, rate buckets and live-room counts of a PostgreSQL-linked cluster
        self.rematches = Table(
            f"{prefix}rematches", self.metadata,
            Column("game_id", String(32), primary_key=True),
            Column("new_id", String(32), nullable=False),
        )
        for name, cols in (("leases", [Column("game_id", String(32), primary_key=True),
                                       Column("node", String(32), nullable=False),
                                       Column("expires", Float, nullable=False)]),
                           ("buckets", [Column("key", String(200), primary_key=True),
                                        Column("tokens", Float, nullable=False),
                                        Column("stamp", Float, nullable=False)]),
                           ("nodes", [Column("node", String(32), primary_key=True),
                                      Column("rooms", Integer, nullable=False),
                                      Column("expires", Float, nullable=False)])):
            Table(f"{prefix}{name}", self.metadata, *cols)
        migrations.upgrade(self.engine, prefix)

    # -- writing ------------------------------------------------------------------------------
    def create_game(self, rec: GameRecord) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(self.games).values(**self._row(rec)))

    def commit_action(self, game_id: str, prev_version: int, seat: int | None,
                      action: dict[str, Any], state: dict[str, Any],
                      result: dict[str, Any] | None, snapshot: bool = True,
                      req: str | None = None) -> int:
        """Record an accepted action (and with ``snapshot`` the full state after it),
        atomically; return the action row's number. ``req``: the id of the routed request
        it came by (``request_version`` finds it again). Raises ``StaleWriteError`` (nothing
        written) if the stored game is not at ``prev_version``."""
        with self.engine.begin() as conn:
            return self._write_action(conn, game_id, prev_version, seat, action, state, result,
                                      snapshot, req)

    def commit_actions(self, items: list[tuple[Any, ...]]) -> list[int | StaleWriteError]:
        """Several ``commit_action`` argument tuples (of different games) in one transaction:
        one disk flush for all (``hauntkit.server.committer``). Each gets its row number, or
        the ``StaleWriteError`` for it alone (a stale item writes nothing)."""
        out: list[int | StaleWriteError] = [StaleWriteError("not written")] * len(items)
        # rows are locked in one order (by game id) so that two processes' batches never
        # wait for each other in a circle
        order = sorted(range(len(items)), key=lambda i: items[i][0])
        with self.engine.begin() as conn:
            for i in order:
                try:
                    out[i] = self._write_action(conn, *items[i])
                except StaleWriteError as exc:
                    out[i] = exc
        return out

    def _write_action(self, conn: Any, game_id: str, prev_version: int, seat: int | None,
                      action: dict[str, Any], state: dict[str, Any],
                      result: dict[str, Any] | None, snapshot: bool = True,
                      req: str | None = None) -> int:
        # Plain driver SQL, written once per store: building and compiling the same three
        # SQLAlchemy statements for every action cost ~0.3 ms of Python each time, on a
        # thread that holds the interpreter lock the event loop needs (docs/loadtest.md).
        guard, add, snap = self._action_sql()
        now = repr(time.time())
        version = state["version"]
        cur = conn.connection.dbapi_connection.cursor()
        try:
            cur.execute(guard, (version, _dumps(result) if result is not None else None,
                                "finished" if result is not None else "active", now,
                                game_id, prev_version))
            if cur.rowcount != 1:  # the guard matched nothing: nothing was written
                raise StaleWriteError(f"game {game_id} is no longer at version {prev_version}")
            cur.execute(add, (game_id, version, seat, _dumps(action).decode(), now, req))
            n = int(cur.fetchone()[0])
            if snapshot:
                cur.execute(snap, (_dumps(state), n, game_id))
        finally:
            cur.close()
        return n

    def _action_sql(self) -> tuple[str, str, str]:
        """The statements of ``_write_action`` in the driver's own parameter style."""
        if self._sql is None:
            mark = "?" if self.engine.dialect.paramstyle == "qmark" else "%s"
            quote = self.engine.dialect.identifier_preparer.quote
            games, actions = quote(self.games.name), quote(self.actions.name)
            self._sql = (
                f"UPDATE {games} SET version={mark}, result={mark}, status={mark}, "
                f"updated={mark} WHERE id={mark} AND version={mark}",
                f"INSERT INTO {actions} (game_id, version, seat, action, at, req) "
                f"VALUES ({mark}, {mark}, {mark}, {mark}, {mark}, {mark}) RETURNING n",
                f"UPDATE {games} SET state={mark}, snap_n={mark} WHERE id={mark}",
            )
        return self._sql

    def create_rematch(self, game_id: str, rec: GameRecord) -> str:
        """Store ``rec`` as the rematch of finished game ``game_id`` unless it already has one
        (made by any process); returns the rematch's id (``rec.id`` or the existing one)."""
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(self.rematches).values(game_id=game_id, new_id=rec.id))
                conn.execute(insert(self.games).values(**self._row(rec)))
        except IntegrityError:
            made = self.rematch_of(game_id)
            if made is None:
                raise
            return made
        return rec.id

    def rematch_of(self, game_id: str) -> str | None:
        with self.engine.connect() as conn:
            return conn.execute(select(self.rematches.c.new_id)
                                .where(self.rematches.c.game_id == game_id)).scalar()

    def request_version(self, game_id: str, req: str) -> int | None:
        """The version made by routed request ``req`` of this game, if it was committed."""
        with self.engine.connect() as conn:
            return conn.execute(select(self.actions.c.version).where(
                self.actions.c.game_id == game_id, self.actions.c.req == req)).scalar()

    def save_seats(self, game_id: str, seats: list[dict[str, Any]]) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(self.games).where(self.games.c.id == game_id)
                         .values(seats=_dumps(seats), updated=repr(time.time())))

    def save_host(self, game_id: str, host_token_hash: str, config: dict[str, Any]) -> None:
        """A new host: its token's digest, and the config that holds the sealed links."""
        with self.engine.begin() as conn:
            conn.execute(update(self.games).where(self.games.c.id == game_id)
                         .values(host_token_hash=host_token_hash, config=_dumps(config),
                                 updated=repr(time.time())))

    def pass_host(self, game_id: str, old_hash: str | None, host_token_hash: str,
                  config: dict[str, Any]) -> bool:
        """``save_host``, only if the host is still ``old_hash`` (True: it was written)."""
        with self.engine.begin() as conn:
            done = conn.execute(update(self.games).where(
                (self.games.c.id == game_id) & (self.games.c.host_token_hash == old_hash))
                .values(host_token_hash=host_token_hash, config=_dumps(config),
                        updated=repr(time.time())))
        return bool(done.rowcount == 1)

    # -- reading ------------------------------------------------------------------------------
    def load_game(self, game_id: str) -> GameRecord | None:
        if not is_id(game_id):  # no such game (and nothing a database could choke on)
            return None
        with self.engine.connect() as conn:
            row = conn.execute(select(self.games).where(self.games.c.id == game_id)).first()
        return self._record(row._mapping) if row is not None else None

    def load_game_and_moves(self, game_id: str
                            ) -> tuple[GameRecord, list[dict[str, Any]]] | None:
        """The game's row and the action rows after its snapshot, as of that row: one
        consistent picture, whatever another process commits meanwhile.

        The row and the actions are two reads; a move committed between them adds a row newer
        than the game row says. Rows past the row's version are left out, so the snapshot plus
        the rows always replay to exactly the stored version (the later moves are read the
        next time). Every row up to that version is there: a move's row and its game row's
        version are written in one transaction."""
        rec = self.load_game(game_id)
        if rec is None:
            return None
        rows = [row for row in self.action_rows(game_id, rec.snap_n)
                if row["version"] <= rec.version]
        return rec, rows

    def list_games(self, limit: int = 200) -> list[dict[str, Any]]:
        """Summaries (no state, no tokens), newest first."""
        cols = [self.games.c[k] for k in (
            "id", "ruleset", "title", "status", "seats", "version", "result", "created", "updated"
        )]
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(*cols).order_by(self.games.c.updated.desc()).limit(limit)
            ).all()
        out = []
        for row in rows:
            m = row._mapping
            out.append({
                "id": m["id"], "ruleset": m["ruleset"], "title": m["title"],
                "status": m["status"], "version": m["version"],
                "seats": [{"name": s.get("name", ""), "bot": s.get("bot")}
                          for s in orjson.loads(m["seats"])],
                "result": orjson.loads(m["result"]) if m["result"] is not None else None,
                "created": float(m["created"]), "updated": float(m["updated"]),
            })
        return out

    def active_game_ids(self) -> list[str]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(self.games.c.id).where(self.games.c.status == "active")
            ).all()
        return [r[0] for r in rows]

    def action_rows(self, game_id: str, after: int = 0) -> list[dict[str, Any]]:
        """The action rows of a game numbered above ``after``, in order."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(self.actions)
                .where(self.actions.c.game_id == game_id, self.actions.c.n > after)
                .order_by(self.actions.c.n)
            ).all()
        return [{"n": r.n, "version": r.version, "seat": r.seat,
                 "action": orjson.loads(r.action)} for r in rows]

    # -- campaigns ----------------------------------------------------------------------------
    def create_campaign(self, doc: dict[str, Any]) -> None:
        now = repr(time.time())
        with self.engine.begin() as conn:
            conn.execute(insert(self.campaigns).values(
                id=doc["id"], ruleset=doc["ruleset"], title=doc.get("title", "")[:200],
                status=doc["status"], version=0, doc=_dumps(doc), created=now, updated=now))

    def load_campaign(self, campaign_id: str) -> tuple[dict[str, Any], int] | None:
        """The campaign's document and its version, or None."""
        if not is_id(campaign_id):
            return None
        with self.engine.connect() as conn:
            row = conn.execute(select(self.campaigns.c.doc, self.campaigns.c.version)
                               .where(self.campaigns.c.id == campaign_id)).first()
        return (orjson.loads(row.doc), row.version) if row is not None else None

    def save_campaign(self, campaign_id: str, prev_version: int, doc: dict[str, Any],
                      new_game: GameRecord | None = None) -> int:
        """Store the campaign's new document (and, in the same transaction, the game it has
        just made); return the new version. Raises ``StaleWriteError`` (nothing written) if
        the stored campaign is not at ``prev_version``."""
        with self.engine.begin() as conn:
            done = conn.execute(
                update(self.campaigns)
                .where(self.campaigns.c.id == campaign_id,
                       self.campaigns.c.version == prev_version)
                .values(doc=_dumps(doc), status=doc["status"], version=prev_version + 1,
                        updated=repr(time.time()))
            )
            if done.rowcount != 1:
                raise StaleWriteError(
                    f"campaign {campaign_id} is no longer at version {prev_version}")
            if new_game is not None:
                conn.execute(insert(self.games).values(**self._row(new_game)))
        return prev_version + 1

    def list_campaigns(self, limit: int = 200) -> list[dict[str, Any]]:
        """Summaries of the campaigns, newest first."""
        c = self.campaigns.c
        with self.engine.connect() as conn:
            rows = conn.execute(select(c.id, c.ruleset, c.title, c.status, c.created, c.updated)
                                .order_by(c.updated.desc()).limit(limit)).all()
        return [{"id": r.id, "ruleset": r.ruleset, "title": r.title, "status": r.status,
                 "created": float(r.created), "updated": float(r.updated)} for r in rows]

    # -- housekeeping -------------------------------------------------------------------------
    def drop_all(self) -> None:
        """Drop this store's tables (tests clean up their prefix)."""
        self.metadata.drop_all(self.engine)
        with self.engine.begin() as conn:
            conn.exec_driver_sql(
                f"DROP TABLE IF EXISTS {migrations.version_table(self.prefix)}")

    def close(self) -> None:
        self.engine.dispose()

    @staticmethod
    def _row(rec: GameRecord) -> dict[str, Any]:
        return {
            "id": rec.id, "ruleset": rec.ruleset, "title": rec.title, "status": rec.status,
            "seats": _dumps(rec.seats), "host_token_hash": rec.host_token_hash,
            "config": _dumps(rec.config), "seed": str(rec.seed), "version": rec.version,
            "state": _dumps(rec.state), "snap_n": rec.snap_n,
            "result": _dumps(rec.result) if rec.result is not None else None,
            "dev": int(rec.dev), "created": repr(rec.created), "updated": repr(rec.updated),
        }

    @staticmethod
    def _record(m: Any) -> GameRecord:
        return GameRecord(
            id=m["id"], ruleset=m["ruleset"], title=m["title"], status=m["status"],
            seats=orjson.loads(m["seats"]), host_token_hash=m["host_token_hash"],
            config=orjson.loads(m["config"]), seed=int(m["seed"]), version=m["version"],
            state=orjson.loads(m["state"]),
            result=orjson.loads(m["result"]) if m["result"] is not None else None,
            dev=bool(m["dev"]), created=float(m["created"]), updated=float(m["updated"]),
            snap_n=m["snap_n"],
        )


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=FULL")
    cur.close()
