"""The host hands the game to a seat's person (docs/playing.md, "The host"; docs/protocol.md):
that seat claims the new host key with its own key, can list every seat's link and remove a
player; the old host key stops working at once; nobody else can claim it; a rematch keeps the
new host; on two processes the seat claims it through the other one."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
import toyrules  # noqa: F401 - registers the "toy" ruleset in this process too
from harness import ServerProcess, node
from test_after_game import _finish


def _post(srv: ServerProcess, path: str, token: str | None, body: Any = None) -> httpx.Response:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.post(srv.url + path, json=body, headers=headers, timeout=60)


def _links(srv: ServerProcess, gid: str, host: str) -> list[str]:
    r = httpx.get(f"{srv.url}/api/games/{gid}/links", timeout=60,
                  headers={"Authorization": f"Bearer {host}"})
    assert r.status_code == 200, r.text
    return [s["token"] for s in r.json()["seats"]]


def _hand_over(srv: ServerProcess, made: dict[str, Any], seat: int) -> str:
    gid = made["id"]
    r = _post(srv, f"/api/games/{gid}/host", made["host_token"], {"seat": seat})
    assert r.status_code == 200, r.text
    assert [s["host"] for s in r.json()["seats"]] == [i == seat for i in range(3)]
    claimed = _post(srv, f"/api/games/{gid}/host/claim", made["seats"][seat]["token"])
    assert claimed.status_code == 200, claimed.text
    return claimed.json()["host_token"]


def test_the_host_hands_the_game_to_a_player(server: ServerProcess) -> None:
    made = server.create(seed=7)
    gid, old = made["id"], made["host_token"]
    seats = [s["token"] for s in made["seats"]]
    # nobody can claim a host key that was not handed to them
    assert _post(server, f"/api/games/{gid}/host/claim", seats[1]).status_code == 403
    new = _hand_over(server, made, 1)
    assert new != old
    # the old key stops working; the new one lists the very same seat links
    assert httpx.get(f"{server.url}/api/games/{gid}/links", timeout=60,
                     headers={"Authorization": f"Bearer {old}"}).status_code == 403
    assert _post(server, f"/api/games/{gid}/host", old, {"seat": 2}).status_code == 403
    assert _links(server, gid, new) == seats
    # another seat cannot claim it, and the claim can be made again (a reopened page)
    assert _post(server, f"/api/games/{gid}/host/claim", seats[2]).status_code == 403
    again = _post(server, f"/api/games/{gid}/host/claim", seats[1])
    assert again.json()["host_token"] == new
    # the new host removes a player: the new link opens the seat, and shows in the links
    removed = _post(server, f"/api/games/{gid}/seats/2/remove", new)
    assert removed.status_code == 200, removed.text
    assert server.ws(gid, removed.json()["token"]).last["you"] == 2
    assert _links(server, gid, new)[2] == removed.json()["token"]
    summary = httpx.get(f"{server.url}/api/games/{gid}", timeout=60).json()
    assert [s["host"] for s in summary["seats"]] == [False, True, False]


def test_a_bot_cannot_host(server: ServerProcess) -> None:
    made = server.create(seed=8, seats=[{"kind": "human"}, {"kind": "bot"}, {"kind": "human"}])
    r = _post(server, f"/api/games/{made['id']}/host", made["host_token"], {"seat": 1})
    assert r.status_code == 403 and r.json()["code"] == "bot_seat"
    r = _post(server, f"/api/games/{made['id']}/host", made["host_token"], {"seat": 9})
    assert r.status_code == 403 and r.json()["code"] == "bad_seat"


@pytest.mark.postgres
def test_on_two_processes_the_seat_claims_through_the_other(
        cluster_db: tuple[str, str, str]) -> None:
    a, b = node(cluster_db), node(cluster_db)
    try:
        made = a.create(seed=9)
        gid = made["id"]
        watcher = b.ws(gid)  # B holds the game in memory before the hand-over
        r = _post(a, f"/api/games/{gid}/host", made["host_token"], {"seat": 0})
        assert r.status_code == 200, r.text
        watcher.recv_until(lambda m: m["type"] == "seats" and m["seats"][0]["host"], timeout=30)
        claimed = _post(b, f"/api/games/{gid}/host/claim", made["seats"][0]["token"])
        assert claimed.status_code == 200, claimed.text
        new = claimed.json()["host_token"]
        assert _links(b, gid, new) == [s["token"] for s in made["seats"]]
        assert httpx.get(f"{b.url}/api/games/{gid}/links", timeout=60, headers={
            "Authorization": f"Bearer {made['host_token']}"}).status_code == 403
    finally:
        a.kill()
        b.kill()


def test_a_rematch_keeps_the_new_host(server: ServerProcess) -> None:
    made = server.create("betrayal", seed=5, config={"max_turns": 2},
                         seats=[{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Ben"},
                                {"kind": "bot", "name": "Robo"}])  # _finish plays seats 0, 1
    new_host = _hand_over(server, made, 1)
    _finish(server, made)
    ben = _post(server, f"/api/games/{made['id']}/rematch", made["seats"][1]["token"]).json()
    rematch = ben["id"]
    summary = httpx.get(f"{server.url}/api/games/{rematch}", timeout=60).json()
    assert [s["host"] for s in summary["seats"]] == [False, True, False]
    claimed = _post(server, f"/api/games/{rematch}/host/claim", ben["token"])
    assert claimed.json()["host_token"] == new_host
    assert _links(server, rematch, new_host)[1] == ben["token"]
