"""The host covers for the table: removing a player gives their seat a new link, the old one
stops working at once, and a bot plays the seat until the new link's holder takes it back
(docs/protocol.md, "The host")."""

from __future__ import annotations

import httpx
import pytest
from harness import ServerProcess
from websockets.exceptions import ConnectionClosed


def _remove(server: ServerProcess, gid: str, seat: int, token: str) -> httpx.Response:
    return httpx.post(f"{server.url}/api/games/{gid}/seats/{seat}/remove",
                      headers={"Authorization": f"Bearer {token}"}, timeout=60)


def test_the_host_removes_a_player_and_hands_out_a_new_link(server: ServerProcess) -> None:
    made = server.create(seed=7)
    gid, host = made["id"], made["host_token"]
    old = made["seats"][1]["token"]
    c1 = server.ws(gid, old)
    watcher = server.ws(gid, made["seats"][0]["token"])

    # only the host may: a player's token is refused, and nothing changes
    refused = _remove(server, gid, 1, old)
    assert refused.status_code == 403 and refused.json()["code"] == "forbidden"
    assert _remove(server, gid, 9, host).json()["code"] == "bad_seat"

    r = _remove(server, gid, 1, host)
    assert r.status_code == 200, r.text
    new = r.json()["token"]
    assert new != old and r.json()["url"].endswith(f"/game/{gid}#t={new}")
    assert r.json()["seats"][1]["bot"] == "normal"  # a bot covers the seat meanwhile

    # the removed player is told why, and their socket is closed
    told = c1.recv_until(lambda m: m["type"] == "error")
    assert told["code"] == "removed" and "someone else" in told["message"]
    with pytest.raises(ConnectionClosed):
        c1.recv_until(lambda m: False, timeout=10)
    # the others see the seat played by the bot
    seen = watcher.recv_until(lambda m: m["type"] == "seats")
    assert seen["seats"][1]["bot"] == "normal"

    # the old link opens nothing any more
    stale = server.ws(gid, hello=False)
    stale.send({"type": "hello", "token": old})
    assert stale.recv_until(lambda m: m["type"] == "error")["code"] == "bad_token"

    # the new link opens the seat, and its holder takes it back from the bot
    c1 = server.ws(gid, new)
    assert c1.last["you"] == 1
    c1.send({"type": "set_bot", "seat": 1, "bot": None, "id": "back"})
    assert c1.recv_until(lambda m: m["type"] in ("ack", "error"))["type"] == "ack"
    assert server.state(gid)["seats"][1]["bot"] is None

    # the host's list of links gives the new one (it derives from the host token)
    links = httpx.get(f"{server.url}/api/games/{gid}/links",
                      headers={"Authorization": f"Bearer {host}"}, timeout=60).json()
    assert links["seats"][1]["token"] == new
    assert links["seats"][0]["token"] == made["seats"][0]["token"]
