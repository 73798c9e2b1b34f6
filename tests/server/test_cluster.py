"""Several server processes sharing PostgreSQL and Redis (issue 12, "More than one process"):
a move made through one process reaches clients of another; each game's bots are run by one
owner; when a process is killed (kill -9) mid-game, nothing is lost and the game goes on."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import toyrules  # noqa: F401 - registers the "toy" ruleset in this process too
from harness import (
    Client,
    ServerProcess,
    drop_db,
    make_db,
    pg_unavailable,
    redis_unavailable,
    redis_url,
)

from hauntkit.core import Game
from hauntkit.core.ruleset import get_ruleset
from hauntkit.server.db import Store
from hauntkit.server.rooms import restore

pytestmark = pytest.mark.postgres


@pytest.fixture
def pg(tmp_path: Path) -> Iterator[tuple[str, str]]:
    why = pg_unavailable() or redis_unavailable()
    if why:
        pytest.fail(why)  # a test that should run never skips quietly
    url, prefix = make_db("postgres", tmp_path)
    yield url, prefix
    drop_db(url, prefix)


def _node(url: str, prefix: str) -> ServerProcess:
    return ServerProcess(url, prefix, bot_delay=0.05, redis=redis_url(), lease=1.5).start()


def _step(gid: str, srv: ServerProcess, humans: dict[int, tuple[str, Client]],
          watchers: list[Client]) -> dict[str, Any]:
    """One action: a human's through their own process's websocket, or wait for the bot's;
    every watcher (on every process) then sees the new version."""
    st = srv.state(gid)
    if st["result"] is not None:
        return st
    seat = st["to_act"][0]
    if seat in humans:
        token, c = humans[seat]
        mine = c.last if c.last["version"] == st["version"] else srv.state(gid, token)
        c.send({"type": "act", "action": mine["legal_actions"][0], "version": st["version"],
                "id": f"v{st['version']}"})
        ack = c.recv_until(lambda m: m["type"] in ("ack", "error"), timeout=60)
        assert ack["type"] == "ack", ack
        version = ack["version"]
    else:
        version = st["version"] + 1
    for w in watchers:
        if w.last["version"] < version:
            w.recv_until(lambda m: m["type"] == "state" and m["version"] >= version, timeout=60)
    return st


def test_two_processes_share_a_game_and_survive_a_kill(pg: tuple[str, str]) -> None:
    url, prefix = pg
    a, b = _node(url, prefix), _node(url, prefix)
    try:
        made = a.create(seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}], seed=11)
        gid = made["id"]
        t0, t1 = made["seats"][0]["token"], made["seats"][1]["token"]
        c0 = a.ws(gid, t0)  # seat 0 plays through process A ...
        c1 = b.ws(gid, t1)  # ... seat 1 and a spectator through process B
        spec = b.ws(gid)
        humans = {0: (t0, c0), 1: (t1, c1)}
        for _ in range(9):  # three rounds: moves cross from A to B and back; A's bot plays
            _step(gid, a, humans, [c0, c1, spec])
        # a move made through A reached B's clients, and one through B reached A's
        acks = {m["version"] for m in c0.received if m["type"] == "ack"}
        seen_on_b = {m["version"] for m in spec.received if m["type"] == "state"}
        assert acks and acks <= seen_on_b
        acks_b = {m["version"] for m in c1.received if m["type"] == "ack"}
        assert acks_b and acks_b <= {m["version"] for m in c0.received if m["type"] == "state"}
        at_kill = b.state(gid)["version"]
        a.kill()  # kill -9 mid-game
        c0 = b.ws(gid, t0)  # seat 0 comes back through B
        assert c0.last["version"] == at_kill
        humans[0] = (t0, c0)
        for _ in range(60):
            if _step(gid, b, humans, [c0, c1, spec])["result"] is not None:
                break
        final = b.state(gid)
        assert final["version"] > at_kill + 3
    finally:
        a.kill()
        b.kill()
    store = Store(url, prefix)
    try:
        rec = store.load_game(gid)
        rows = store.action_rows(gid)
    finally:
        store.close()
    # nothing lost, nothing doubled: one row per version, in order; the bot played on after
    # the kill (its game moved to B); the stored game is the one seed and actions replay to
    assert rec.version == final["version"]
    assert [r["version"] for r in rows] == list(range(1, rec.version + 1))
    assert any(r["seat"] == 2 and r["version"] > at_kill for r in rows)
    game = restore(get_ruleset("toy"), rec, [r for r in rows if r["n"] > rec.snap_n])
    replayed = Game.replay({"ruleset": "toy", "config": rec.state["config"], "seed": rec.seed,
                            "history": [[r["seat"], r["action"]] for r in rows]})
    assert replayed.state == game.state
