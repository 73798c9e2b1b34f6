"""Schema changes go through Alembic, and a data folder made before Alembic upgrades in place
with nothing lost (issue 8, "Schema changes go through Alembic migrations"; issue 12, "Seat and
host tokens are stored hashed").

``fixtures/v0_data/hauntkit.db`` was made by hauntkit at commit 469e44a (the last version
without Alembic): a real ``Manager`` created two toy games, played 25 actions of the first
(snapshot at action 20, five rows after it) and the second to its end.
``expected.json`` holds what that code returned then: ids, plain tokens, versions, states.
On PostgreSQL the same rows are copied into tables made by that version's exact CREATE
statements (below), under a unique prefix.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import httpx
import orjson
import pytest
import toyrules  # noqa: F401 - registers the "toy" ruleset
from harness import ServerProcess, drop_db, make_db, pg_unavailable
from sqlalchemy import create_engine, text

from hauntkit.core import get_ruleset
from hauntkit.server import migrations
from hauntkit.server.db import Store, hash_token
from hauntkit.server.rooms import restore

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "v0_data"
EXPECTED = json.loads((FIXTURE / "expected.json").read_text())

# The DDL hauntkit 469e44a issued on PostgreSQL (SQLAlchemy's CreateTable of its tables).
OLD_PG_DDL = """
CREATE TABLE "{p}games" (
	id VARCHAR(32) NOT NULL,
	ruleset VARCHAR(64) NOT NULL,
	title VARCHAR(200) NOT NULL,
	status VARCHAR(16) NOT NULL,
	seats BYTEA NOT NULL,
	host_token VARCHAR(64) NOT NULL,
	config BYTEA NOT NULL,
	seed VARCHAR(32) NOT NULL,
	version INTEGER NOT NULL,
	state BYTEA NOT NULL,
	snap_n INTEGER NOT NULL,
	result BYTEA,
	dev INTEGER NOT NULL,
	created VARCHAR(32) NOT NULL,
	updated VARCHAR(32) NOT NULL,
	PRIMARY KEY (id)
);
CREATE INDEX "ix_{p}games_status" ON "{p}games" (status);
CREATE TABLE "{p}actions" (
	n SERIAL NOT NULL,
	game_id VARCHAR(32) NOT NULL,
	version INTEGER NOT NULL,
	seat INTEGER,
	action TEXT NOT NULL,
	at VARCHAR(32) NOT NULL,
	PRIMARY KEY (n)
);
CREATE INDEX "ix_{p}actions_game_id" ON "{p}actions" (game_id);
"""


def _fixture_rows() -> tuple[list[dict], list[dict]]:
    con = sqlite3.connect(FIXTURE / "hauntkit.db")
    con.row_factory = sqlite3.Row
    games = [dict(r) for r in con.execute("SELECT * FROM games")]
    actions = [dict(r) for r in con.execute("SELECT * FROM actions ORDER BY n")]
    con.close()
    return games, actions


def _old_database(kind: str, tmp_path: Path) -> tuple[str, str]:
    """A database as the pre-Alembic version left it, with the fixture's games in it."""
    url, prefix = make_db(kind, tmp_path)
    if kind == "sqlite":
        shutil.copy(FIXTURE / "hauntkit.db", tmp_path / "games.db")
        return url, prefix
    games, actions = _fixture_rows()
    engine = create_engine(url)
    with engine.begin() as conn:
        for stmt in OLD_PG_DDL.format(p=prefix).split(";"):
            if stmt.strip():
                conn.exec_driver_sql(stmt)
        for row in games:
            cols = ", ".join(row)
            conn.execute(text(f"INSERT INTO {prefix}games ({cols}) VALUES "
                              f"({', '.join(':' + c for c in row)})"), row)
        for row in actions:
            cols = ", ".join(row)
            conn.execute(text(f"INSERT INTO {prefix}actions ({cols}) VALUES "
                              f"({', '.join(':' + c for c in row)})"), row)
        conn.execute(text(f"SELECT setval(pg_get_serial_sequence('{prefix}actions', 'n'), "
                          f"(SELECT MAX(n) FROM {prefix}actions))"))
    engine.dispose()
    return url, prefix


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def old_db(request: pytest.FixtureRequest, tmp_path: Path):
    if request.param == "postgres" and (why := pg_unavailable()):
        pytest.fail(why)  # a test that should run never skips quietly
    url, prefix = _old_database(request.param, tmp_path)
    yield url, prefix
    drop_db(url, prefix)


def test_pre_alembic_database_upgrades_with_nothing_lost(old_db: tuple[str, str]) -> None:
    url, prefix = old_db
    _, old_actions = _fixture_rows()
    assert migrations.current_revision(create_engine(url), prefix) is None
    store = Store(url, prefix)  # the server's start-up: detect, stamp the baseline, upgrade
    try:
        assert migrations.current_revision(store.engine, prefix) == migrations.HEAD
        for key in ("active", "finished"):
            exp = EXPECTED[key]
            rec = store.load_game(exp["id"])
            assert rec is not None and rec.version == exp["version"]
            rows = store.action_rows(exp["id"])
            assert [(r["n"], r["seat"], r["action"]) for r in rows] == [
                (a["n"], a["seat"], orjson.loads(a["action"])) for a in old_actions
                if a["game_id"] == exp["id"]]
            # tokens are now only their hashes, and the old links' tokens still match them
            assert rec.host_token_hash == hash_token(exp["host_token"])
            assert [s["token_hash"] for s in rec.seats] == [hash_token(t) for t in exp["tokens"]]
            assert all("token" not in s for s in rec.seats)
            game = restore(get_ruleset("toy"), rec, [r for r in rows if r["n"] > rec.snap_n])
            assert game.state == exp["state"]
        assert store.load_game(EXPECTED["finished"]["id"]).result == EXPECTED["finished"]["result"]
        assert store.load_game(EXPECTED["active"]["id"]).snap_n < EXPECTED["active"]["version"]
    finally:
        store.close()
    # a second start finds it up to date and changes nothing
    again = Store(url, prefix)
    assert again.load_game(EXPECTED["active"]["id"]).version == EXPECTED["active"]["version"]
    again.close()


def test_upgraded_game_resumes_on_a_server_with_the_old_links(old_db: tuple[str, str]) -> None:
    exp = EXPECTED["active"]
    srv = ServerProcess(*old_db).start()
    try:
        gid, toks = exp["id"], exp["tokens"]
        st = srv.state(gid, toks[1])
        assert st["you"] == 1 and st["version"] == exp["version"]
        seat = st["to_act"][0]
        c = srv.ws(gid, toks[seat])
        c.send({"type": "act", "action": c.last["legal_actions"][0], "version": exp["version"]})
        assert c.recv_until(lambda m: m["type"] in ("ack", "error"))["type"] == "ack"
        assert srv.state(gid)["version"] == exp["version"] + 1
        # the host's list of links: the old seat tokens were random, so none can be shown
        links = httpx.get(f"{srv.url}/api/games/{gid}/links", timeout=30,
                          headers={"Authorization": f"Bearer {exp['host_token']}"}).json()
        assert [s["token"] for s in links["seats"]] == [None, None, None]
    finally:
        srv.kill()


def test_host_lists_the_seat_links_again_after_a_restart(db: tuple[str, str]) -> None:
    """Only digests are stored, yet the host token still lists every seat's link (seat tokens
    derive from it); a seat's token does not."""
    srv = ServerProcess(*db).start()
    try:
        made = srv.create()
        srv.kill()
        srv.start()
        url = f"{srv.url}/api/games/{made['id']}/links"
        got = httpx.get(url, headers={"Authorization": f"Bearer {made['host_token']}"},
                        timeout=30).json()
        assert [s["token"] for s in got["seats"]] == [s["token"] for s in made["seats"]]
        assert [s["url"] for s in got["seats"]] == [s["url"] for s in made["seats"]]
        seat = httpx.get(url, headers={"Authorization": f"Bearer {made['seats'][0]['token']}"},
                         timeout=30)
        assert seat.status_code == 403
    finally:
        srv.kill()


def test_new_database_gets_every_migration(db: tuple[str, str]) -> None:
    store = Store(*db)
    assert migrations.current_revision(store.engine, db[1]) == migrations.HEAD
    store.close()


def test_tokens_are_stored_hashed_and_shown_once(server: ServerProcess) -> None:
    made = server.create()
    plain = [made["host_token"], *(s["token"] for s in made["seats"])]
    store = Store(server.db_url, server.prefix)
    with store.engine.connect() as conn:
        row = conn.execute(store.games.select().where(store.games.c.id == made["id"])).one()
    store.close()
    stored = repr(tuple(row))
    assert not any(tok in stored for tok in plain)
    assert row.host_token_hash == hash_token(made["host_token"])
    # the token still opens its seat, and nothing else shows it again
    assert server.state(made["id"], made["seats"][2]["token"])["you"] == 2
    listing = server.state(made["id"])
    assert not any(tok in json.dumps(listing) for tok in plain)


def test_processes_starting_together_upgrade_once(db: tuple[str, str]) -> None:
    """Several servers starting at once on an empty database (PostgreSQL: an advisory lock)
    all come up on the newest schema."""
    from concurrent.futures import ThreadPoolExecutor

    def start() -> str | None:
        store = Store(*db)
        try:
            return migrations.current_revision(store.engine, db[1])
        finally:
            store.close()

    with ThreadPoolExecutor(4) as pool:
        got = list(pool.map(lambda _: start(), range(4)))
    assert got == [migrations.HEAD] * 4
