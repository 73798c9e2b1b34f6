"""Bots in seats: they play from their view, a seat can be handed to a bot and taken back."""

from __future__ import annotations

import httpx
from harness import ServerProcess
from toyrules import SECRET


def test_hand_seat_to_bot_and_take_it_back(server: ServerProcess) -> None:
    made = server.create(seed=6)
    gid = made["id"]
    toks = [s["token"] for s in made["seats"]]
    c0 = server.ws(gid, toks[0])
    # seat 1 may not hand seat 0 over while seat 0's player is connected
    c1 = server.ws(gid, toks[1])
    c1.send({"type": "set_bot", "seat": 0, "bot": "random"})
    assert c1.recv_until(lambda m: m["type"] == "error")["code"] == "forbidden"
    c0.close()
    c1.send({"type": "set_bot", "seat": 0, "bot": "random", "id": "h"})
    assert c1.recv_until(lambda m: m["type"] in ("ack", "error"))["type"] == "ack"
    # the bot plays seat 0's turn; now seat 1 is to act
    st = c1.recv_until(lambda m: m["type"] == "state" and m["version"] >= 1)
    assert st["seats"][0]["bot"] == "random" and st["to_act"] == [1]
    # seat 1 cannot take seat 0 back; seat 0's player can
    c1.send({"type": "set_bot", "seat": 0, "bot": None})
    assert c1.recv_until(lambda m: m["type"] == "error")["code"] == "forbidden"
    c0 = server.ws(gid, toks[0])
    c0.send({"type": "set_bot", "seat": 0, "bot": None, "id": 1})
    assert c0.recv_until(lambda m: m["type"] in ("ack", "error"))["type"] == "ack"
    assert server.state(gid)["seats"][0]["bot"] is None
    # the host can do it through HTTP
    r = httpx.post(f"{server.url}/api/games/{gid}/seats/2/bot", json={"bot": "random"},
                   headers={"Authorization": f"Bearer {made['host_token']}"}, timeout=60)
    assert r.status_code == 200 and r.json()["seats"][2]["bot"] == "random"


def test_whole_bot_game_keeps_the_secret_from_others(server: ServerProcess) -> None:
    made = server.create(seats=[{"kind": "human"}] + [{"kind": "bot"}] * 3, seed=12,
                         bot_delay=0.0)
    gid = made["id"]
    # seat 0 (the toy traitor) is a human handed to a bot, so the bots play the whole game
    httpx.post(f"{server.url}/api/games/{gid}/seats/0/bot", json={"bot": "random"},
               headers={"Authorization": f"Bearer {made['host_token']}"}, timeout=60)
    hero = server.ws(gid, made["seats"][1]["token"])
    traitor = server.ws(gid, made["seats"][0]["token"])
    spec = server.ws(gid)
    for c in (hero, spec, traitor):
        c.state_when(lambda m: m["result"] is not None, timeout=60)
    assert any(SECRET in raw for raw in traitor.raw)
    for c in (hero, spec):
        assert c.received and not any(SECRET in raw or '"secret"' in raw for raw in c.raw)
