"""Ownership moves safely when the owner dies (issue 12, "More than one process": "each game is
owned and advanced by exactly one process at a time ... ownership moves safely when a process
dies"). A human move made through process B is routed to the game's owner A. When A dies
before it is played, or after it committed it but before it answered, B sends it again once
A's lease has run out, and the move is played exactly once: never lost, never doubled.
Run with Redis and with PostgreSQL LISTEN/NOTIFY alone."""

from __future__ import annotations

from typing import Any

import pytest
import toyrules  # noqa: F401 - registers the "toy" ruleset in this process too
from harness import Client, ServerProcess, health, node

from hauntkit.server.db import Store
from hauntkit.server.routing import CRASH_AFTER_COMMIT

pytestmark = pytest.mark.postgres

HUMANS = [{"kind": "human"}] * 3


def _rows(cluster_db: tuple[str, str, str], gid: str) -> list[dict[str, Any]]:
    store = Store(cluster_db[0], cluster_db[1])
    try:
        return store.action_rows(gid)
    finally:
        store.close()


def _act(c: Client, rid: str) -> dict[str, Any]:
    """Play the first legal move of ``c``'s seat on the position it last saw; its answer."""
    st = c.last
    c.send({"type": "act", "action": st["legal_actions"][0], "version": st["version"],
            "id": rid})
    return c.recv_until(lambda m: m["type"] in ("ack", "error") and m.get("id") == rid,
                        timeout=90)


def _goes_on(srv: ServerProcess, gid: str, made: dict[str, Any], version: int) -> None:
    """The survivor plays the next move of the game (whoever's it is) through its own
    socket: the game goes on."""
    st = srv.state(gid)
    assert st["version"] == version
    seat = st["to_act"][0]
    c = srv.ws(gid, made["seats"][seat]["token"])
    ack = _act(c, "next")
    assert ack["type"] == "ack", ack
    assert ack["version"] == version + 1


def test_a_move_sent_while_the_owner_lies_dead_is_played_once(
        cluster_db: tuple[str, str, str]) -> None:
    a, b = node(cluster_db), node(cluster_db)
    try:
        made = a.create(seats=HUMANS, seed=3)  # A owns it
        gid = made["id"]
        c0 = b.ws(gid, made["seats"][0]["token"])  # seat 0 plays through B
        a.kill()  # A dies holding the lease: B's move waits for the lease to run out
        ack = _act(c0, "m1")
        assert ack["type"] == "ack", ack
        assert ack["version"] == 1
        assert c0.last["version"] == 1  # the new state came before the ack
        assert health(b)["owned_games"] == 1  # B took the game over
        _goes_on(b, gid, made, 1)
    finally:
        a.kill()
        b.kill()
    rows = _rows(cluster_db, gid)
    assert [r["version"] for r in rows] == [1, 2]
    assert rows[0]["seat"] == 0


def test_a_move_its_dying_owner_committed_but_never_answered_is_not_played_again(
        cluster_db: tuple[str, str, str]) -> None:
    """A commits the routed move and dies before answering (a test hook makes it exit right
    there); B hears nothing, sends the move again to the next owner (itself), which finds it
    already committed by its request id and answers with the version it made."""
    a = node(cluster_db, env={CRASH_AFTER_COMMIT: "1"})
    b = node(cluster_db)
    try:
        made = a.create(seats=HUMANS, seed=3)
        gid = made["id"]
        c0 = b.ws(gid, made["seats"][0]["token"])
        ack = _act(c0, "m1")
        assert a.proc is not None and a.proc.wait(60) == 9  # A died after the commit
        assert ack["type"] == "ack", ack  # not "not your turn": it was not played again
        assert ack["version"] == 1
        _goes_on(b, gid, made, 1)
    finally:
        a.kill()
        b.kill()
    rows = _rows(cluster_db, gid)
    assert [(r["version"], r["seat"]) for r in rows][:1] == [(1, 0)]
    assert [r["version"] for r in rows] == [1, 2]
