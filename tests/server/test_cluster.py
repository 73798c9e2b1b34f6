"""Several server processes sharing PostgreSQL, linked by Redis or, where Redis is absent, by
PostgreSQL LISTEN/NOTIFY (issue 12, "More than one process"): a move made through one process
reaches clients of another; each game is advanced by its owner only (human moves made through
another process are routed to it, bots run there); when a process is killed (kill -9)
mid-game, nothing is lost and the game goes on."""

from __future__ import annotations

from typing import Any

import pytest
import toyrules  # noqa: F401 - registers the "toy" ruleset in this process too
from harness import Client, ServerProcess, health, node

from hauntkit.core import Game
from hauntkit.core.ruleset import get_ruleset
from hauntkit.server.db import Store
from hauntkit.server.rooms import restore

pytestmark = pytest.mark.postgres


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


def test_two_processes_share_a_game_and_survive_a_kill(cluster_db: tuple[str, str, str]) -> None:
    url, prefix, _link = cluster_db
    a, b = node(cluster_db), node(cluster_db)
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
        # A owns the game (it was made there): B's player's moves were committed by A
        assert health(b)["moves_committed"] == 0
        assert health(a)["moves_committed"] == b.state(gid)["version"]
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


def test_racing_moves_through_two_processes_play_once(cluster_db: tuple[str, str, str]) -> None:
    """The same seat sends a move through A and through B at the same moment, both on the
    same version, five times over: each time the owner plays exactly one of them (the other is
    stale), and every process's clients end on the same position."""
    url, prefix, _link = cluster_db
    a, b = node(cluster_db), node(cluster_db)
    try:
        made = a.create(seats=[{"kind": "human"}] * 3, seed=5)
        gid = made["id"]
        socks = {i: (a.ws(gid, s["token"]), b.ws(gid, s["token"]))
                 for i, s in enumerate(made["seats"])}
        for turn in range(5):
            st = b.state(gid)
            pair = socks[st["to_act"][0]]
            for c in pair:  # both sockets have seen the position they act on
                if c.last["version"] < st["version"]:
                    c.recv_until(lambda m, v=st["version"]: m["type"] == "state"
                                 and m["version"] >= v)
            legal = pair[0].last["legal_actions"]
            for c in pair:
                c.send({"type": "act", "action": legal[0], "version": st["version"],
                        "id": f"r{turn}"})
            answers = [c.recv_until(lambda m, t=turn: m.get("id") == f"r{t}"
                                    and m["type"] in ("ack", "error"), timeout=90)
                       for c in pair]
            kinds = sorted(m["type"] if m["type"] == "ack" else m["code"] for m in answers)
            assert kinds == ["ack", "stale_version"], answers
        final = a.state(gid)["version"]
        assert final == 5
        assert health(b)["moves_committed"] == 0
    finally:
        a.kill()
        b.kill()
    store = Store(url, prefix)
    try:
        assert [r["version"] for r in store.action_rows(gid)] == [1, 2, 3, 4, 5]
    finally:
        store.close()
