"""When the host leaves, the host passes to another person (docs/playing.md, "The host"): the
host's page says hello with the host's key; once its last page has been closed for the
server's ``host_away`` seconds, the first person's seat (one with a page open) becomes the
host, exactly as if the host had chosen "make them the host": that seat claims the new key
with its own, and the old key stops working. A host who comes back in time keeps the game.
The same holds on two processes."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest
import toyrules  # noqa: F401 - registers the "toy" ruleset in this process too
from harness import Client, ServerProcess, node

AWAY = 1.0  # the servers' host_away in these tests


def _host_page(srv: ServerProcess, made: dict[str, Any], seat: int = 0) -> Client:
    page = srv.ws(made["id"], made["seats"][seat]["token"], hello=False)
    page.send({"type": "hello", "token": made["seats"][seat]["token"],
               "host": made["host_token"]})
    assert page.recv()["type"] == "state"
    return page


def _hosts(srv: ServerProcess, gid: str) -> list[bool]:
    seats = httpx.get(f"{srv.url}/api/games/{gid}", timeout=60).json()["seats"]
    return [s["host"] for s in seats]


def _links_status(srv: ServerProcess, gid: str, host: str) -> int:
    return httpx.get(f"{srv.url}/api/games/{gid}/links", timeout=60,
                     headers={"Authorization": f"Bearer {host}"}).status_code


def _claim(srv: ServerProcess, gid: str, token: str) -> httpx.Response:
    return httpx.post(f"{srv.url}/api/games/{gid}/host/claim", timeout=60,
                      headers={"Authorization": f"Bearer {token}"})


def _told_host(client: Client, seat: int) -> dict[str, Any]:
    """The next seat list naming ``seat`` the host."""
    return client.recv_until(lambda m: m["type"] in ("seats", "state")
                             and m["seats"][seat]["host"], timeout=30)


@pytest.fixture()
def lone(db: tuple[str, str]) -> Any:
    srv = ServerProcess(*db, host_away=AWAY).start()
    yield srv
    srv.kill()


def test_the_host_passes_to_a_connected_person_when_the_host_leaves(
        lone: ServerProcess) -> None:
    made = lone.create(seed=7)
    gid, old = made["id"], made["host_token"]
    seats = [s["token"] for s in made["seats"]]
    host_page = _host_page(lone, made)
    cy = lone.ws(gid, seats[2])  # the third seat's person has a page open, the second not
    host_page.close()
    _told_host(cy, 2)
    assert _hosts(lone, gid) == [False, False, True]
    claimed = _claim(lone, gid, seats[2])
    assert claimed.status_code == 200, claimed.text
    new = claimed.json()["host_token"]
    assert _links_status(lone, gid, old) == 403  # the old key stops working
    r = httpx.get(f"{lone.url}/api/games/{gid}/links", timeout=60,
                  headers={"Authorization": f"Bearer {new}"})
    assert [s["token"] for s in r.json()["seats"]] == seats  # the very same seat links
    assert _claim(lone, gid, seats[1]).status_code == 403  # nobody else can claim it


def test_a_host_who_comes_back_in_time_keeps_the_game(lone: ServerProcess) -> None:
    made = lone.create(seed=8)
    gid = made["id"]
    _host_page(lone, made).close()
    back = _host_page(lone, made)  # a reload: back long before the time is up
    time.sleep(AWAY * 2.5)
    assert _hosts(lone, gid) == [False, False, False]
    assert _links_status(lone, gid, made["host_token"]) == 200
    back.close()


def test_a_wrong_host_key_makes_nobody_the_host(lone: ServerProcess) -> None:
    made = lone.create(seed=9)
    gid = made["id"]
    page = lone.ws(gid, made["seats"][0]["token"], hello=False)
    page.send({"type": "hello", "token": made["seats"][0]["token"], "host": "not-the-key"})
    assert page.recv()["type"] == "state"
    page.close()
    time.sleep(AWAY * 2.5)
    assert _hosts(lone, gid) == [False, False, False]
    assert _links_status(lone, gid, made["host_token"]) == 200


def test_a_host_key_in_hello_must_be_a_string(lone: ServerProcess) -> None:
    made = lone.create(seed=10)
    page = lone.ws(made["id"], hello=False)
    page.send({"type": "hello", "token": None, "host": 12})
    answer = page.recv()
    assert answer["type"] == "error" and "'host'" in answer["message"]


@pytest.mark.postgres
def test_on_two_processes_the_host_passes_once(cluster_db: tuple[str, str, str]) -> None:
    a, b = node(cluster_db, host_away=AWAY), node(cluster_db, host_away=AWAY)
    try:
        made = a.create(seed=11)
        gid = made["id"]
        seats = [s["token"] for s in made["seats"]]
        host_page = _host_page(a, made)
        ben = b.ws(gid, seats[1])  # the other process holds Ben's page
        host_page.close()
        _told_host(ben, 1)
        assert _hosts(a, gid) == [False, True, False]
        claimed = _claim(b, gid, seats[1])
        assert claimed.status_code == 200, claimed.text
        assert _links_status(a, gid, made["host_token"]) == 403
        assert _links_status(a, gid, claimed.json()["host_token"]) == 200
    finally:
        a.kill()
        b.kill()

