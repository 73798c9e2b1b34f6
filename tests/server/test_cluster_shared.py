"""What several server processes share besides the games (issue 12, "More than one process" and
"Abuse and bad input"): the per-address limit on new games and the cap on live games count over
every process (Redis counters, or the database where Redis is absent), and a finished game's
rematch link is answered the same by any process (the rematch is stored in the database).
Run with Redis and with PostgreSQL LISTEN/NOTIFY alone."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest
import toyrules  # noqa: F401 - registers the "toy" ruleset in this process too
from harness import Client, ServerProcess, node

pytestmark = pytest.mark.postgres

HUMANS = [{"kind": "human", "name": n} for n in ("Ann", "Ben", "Cy")]


def _post_game(srv: ServerProcess) -> httpx.Response:
    return httpx.post(srv.url + "/api/games", json={"ruleset": "toy", "seats": HUMANS},
                      timeout=60)


def _refused_everywhere(servers: tuple[ServerProcess, ...], status: int, code: str) -> None:
    for srv in servers:
        r = _post_game(srv)
        assert r.status_code == status, r.text
        assert r.json()["code"] == code


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_the_new_game_rate_limit_is_shared(cluster_db: tuple[str, str, str]) -> None:
    """A burst of 3 new games per address, refilled one every ~17 minutes: spreading the
    requests over two processes does not get a fourth."""
    a = node(cluster_db, create_rate=0.001, create_burst=3)
    b = node(cluster_db, create_rate=0.001, create_burst=3)
    try:
        codes = [_post_game(s).status_code for s in (a, b, a)]
        assert codes == [200, 200, 200]
        _refused_everywhere((b, a), 429, "rate_limited")
    finally:
        a.kill()
        b.kill()


def test_the_live_game_cap_counts_every_process(cluster_db: tuple[str, str, str]) -> None:
    """At most 2 live games over the cluster: one made on each process (each kept live by a
    connected client) leaves no room for a third on either."""
    a = node(cluster_db, max_rooms=2)
    b = node(cluster_db, max_rooms=2)
    held: list[Client] = []
    try:
        for srv in (a, b):
            made = srv.create(seats=HUMANS)
            held.append(srv.ws(made["id"]))
        _refused_everywhere((a, b), 503, "too_many_games")
    finally:
        a.kill()
        b.kill()


def _finish(srv: ServerProcess, made: dict[str, Any]) -> None:
    """Each seat in turn plays its first legal move until someone wins."""
    gid = made["id"]
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        st = srv.state(gid)
        if st["result"] is not None:
            return
        token = made["seats"][st["to_act"][0]]["token"]
        mine = srv.state(gid, token)
        r = httpx.post(f"{srv.url}/api/games/{gid}/act", headers=_auth(token), timeout=60,
                       json={"action": mine["legal_actions"][0], "version": mine["version"]})
        assert r.status_code == 200, r.text
    raise AssertionError("the game did not end")


def test_any_process_answers_the_rematch_link(cluster_db: tuple[str, str, str]) -> None:
    """Players asking for the rematch through different processes (and after the process
    that made it died) all land in one new game, each on their own seat."""
    a, b = node(cluster_db), node(cluster_db)
    try:
        made = a.create(seats=HUMANS, seed=4, title="Lanterns night")
        gid = made["id"]
        _finish(a, made)
        ann = httpx.post(f"{a.url}/api/games/{gid}/rematch",
                         headers=_auth(made["seats"][0]["token"]), timeout=60).json()
        ben = httpx.post(f"{b.url}/api/games/{gid}/rematch",
                         headers=_auth(made["seats"][1]["token"]), timeout=60).json()
        a.kill()  # the process that made the rematch is gone; B still answers
        cy = httpx.post(f"{b.url}/api/games/{gid}/rematch",
                        headers=_auth(made["seats"][2]["token"]), timeout=60).json()
        host = httpx.post(f"{b.url}/api/games/{gid}/rematch",
                          headers=_auth(made["host_token"]), timeout=60).json()
        assert ann["id"] == ben["id"] == cy["id"] == host["id"] != gid
        assert (ann["seat"], ben["seat"], cy["seat"]) == (0, 1, 2)
        new = ann["id"]
        for i, answer in enumerate((ann, ben, cy)):
            assert answer["url"].endswith(f"/game/{new}#t={answer['token']}")
            assert b.state(new, answer["token"])["you"] == i
            assert host["seats"][i]["token"] == answer["token"]
        save = httpx.get(f"{b.url}/api/games/{new}/save", headers=_auth(host["host_token"]),
                         timeout=60)
        assert save.status_code == 200  # the host token is the new game's host's
        games = httpx.get(b.url + "/api/games", timeout=60).json()["games"]
        assert [g["title"] for g in games].count("Rematch: Lanterns night") == 1
        # the host lists the new game's links like any game's
        links = httpx.get(f"{b.url}/api/games/{new}/links", headers=_auth(host["host_token"]),
                          timeout=60).json()
        assert [s["token"] for s in links["seats"]] == [s["token"] for s in host["seats"]]
    finally:
        a.kill()
        b.kill()
