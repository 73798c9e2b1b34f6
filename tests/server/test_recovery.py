"""Nothing lost: a killed server resumes every game at its exact state, open prompts included
(issue 5: nothing lost)."""

from __future__ import annotations

import time

import toyrules  # noqa: F401 - registers the "toy" ruleset in this process too
from harness import ServerProcess

from hauntkit.core import Game, get_ruleset
from hauntkit.server.db import Store
from hauntkit.server.rooms import restore


def _picture(st: dict) -> dict:
    return {k: st[k] for k in ("version", "view", "legal_actions", "to_act", "result")}


def test_kill_and_restart_resumes_identical_state(db: tuple[str, str]) -> None:
    srv = ServerProcess(*db).start()
    try:
        # dice 2+2 = 4 opens the pending "gift" choice for seat 1
        made = srv.create(seed=2, dice=[1, 0, 2, 2])
        gid = made["id"]
        toks = [s["token"] for s in made["seats"]]
        c0 = srv.ws(gid, toks[0])
        c0.send({"type": "act", "action": {"type": "roll"}, "version": 0})
        c0.recv_until(lambda m: m["type"] == "ack")
        c1 = srv.ws(gid, toks[1])
        c1.send({"type": "act", "action": {"type": "roll"}, "version": 1})
        c1.recv_until(lambda m: m["type"] == "ack")
        seen = c1.last  # the new state reaches the actor before its ack
        assert seen["version"] == 2
        assert seen["view"]["pending"] == {"seat": 1}
        assert seen["legal_actions"] == [{"type": "gift", "to": 0}, {"type": "gift", "to": 2}]
        before = [_picture(srv.state(gid, t)) for t in [*toks, None]]
        srv.kill()
        srv.start()
        after = [_picture(srv.state(gid, t)) for t in [*toks, None]]
        assert after == before
        again = srv.ws(gid, toks[1])
        assert _picture(again.last) == before[1]
        again.send({"type": "act", "action": {"type": "gift", "to": 2}, "version": 2})
        assert again.recv_until(lambda m: m["type"] in ("ack", "error"))["type"] == "ack"
    finally:
        srv.kill()


def test_bot_game_killed_mid_game_resumes_and_finishes(db: tuple[str, str]) -> None:
    srv = ServerProcess(*db, bot_delay=0.02).start()
    try:
        made = srv.create(seats=[{"kind": "bot"}] * 4, seed=9)
        gid = made["id"]
        spec = srv.ws(gid)
        seen = spec.recv_until(lambda m: m["type"] == "state" and m["version"] >= 4)
        srv.kill()
        store = Store(*db)
        rec = store.load_game(gid)
        rows = store.action_rows(gid)
        store.close()
        # every version a client saw is on disk; every action is a row; the snapshot plus the
        # rows after it give exactly the game that seed and actions replay to
        assert rec.version >= seen["version"]
        assert [r["version"] for r in rows] == list(range(1, rec.version + 1))
        game = restore(get_ruleset("toy"), rec, [r for r in rows if r["n"] > rec.snap_n])
        assert game.state["history"] == [[r["seat"], r["action"]] for r in rows]
        replayed = Game.replay({"ruleset": "toy", "config": rec.state["config"],
                                "seed": rec.seed, "history": game.state["history"]})
        assert replayed.state == game.state
        srv.start()
        deadline = time.monotonic() + 60
        while srv.state(gid)["result"] is None:
            assert time.monotonic() < deadline, "bots did not finish after the restart"
            time.sleep(0.2)
        final = srv.state(gid)
        assert final["version"] > rec.version
    finally:
        srv.kill()


def test_ctrl_c_then_restart(db: tuple[str, str]) -> None:
    srv = ServerProcess(*db).start()
    try:
        made = srv.create(seed=4)
        tok = made["seats"][0]["token"]
        c = srv.ws(made["id"], tok)
        c.send({"type": "act", "action": {"type": "rest"}, "version": 0})
        c.recv_until(lambda m: m["type"] == "ack")
        before = _picture(srv.state(made["id"], tok))
        srv.stop()
        assert srv.proc.returncode is not None
        srv.start()
        assert _picture(srv.state(made["id"], tok)) == before
    finally:
        srv.kill()


def test_betrayal_open_rotation_prompt_survives_a_kill(db: tuple[str, str]) -> None:
    """A betrayal game killed while a player is choosing how to turn a new tile resumes with
    the same prompt and the same options."""
    srv = ServerProcess(*db).start()
    try:
        made = srv.create("betrayal", seats=[{"kind": "human"}] * 3, seed=7,
                          setup={"room_stack": ["gymnasium"],
                                 "explorers": {"0": {"room": "upper_landing"}},
                                 "turn": {"seat": 0, "moves": 4}})
        gid, tok = made["id"], made["seats"][0]["token"]
        c = srv.ws(gid, tok)
        c.send({"type": "act", "action": {"type": "explore", "dir": "n"}, "version": 0})
        c.recv_until(lambda m: m["type"] == "ack")
        before = [_picture(srv.state(gid, s["token"])) for s in made["seats"]]
        assert before[0]["view"]["choice"]["kind"] == "rotate"
        assert {a["type"] for a in before[0]["legal_actions"]} == {"rotate"}
        srv.kill()
        srv.start()
        after = [_picture(srv.state(gid, s["token"])) for s in made["seats"]]
        assert after == before
    finally:
        srv.kill()
