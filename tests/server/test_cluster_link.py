"""The link between server processes, in one event loop with two real nodes (Redis, or
PostgreSQL LISTEN/NOTIFY): what each message costs matters, since every move of a game held
by two processes crosses it (docs/deploy.md, "Several processes").

- a node never handles its own broadcast events;
- a routed move is answered by the move's own broadcast event (no separate reply), and an
  error still by a reply;
- the asker remembers which node published a game's last move (its likely owner) and forgets
  it when told "not_owner";
- one heartbeat renews every lease a node holds and drops those it lost.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from harness import drop_db, make_db, pg_unavailable, redis_unavailable, redis_url

from hauntkit.server.cluster import Cluster
from hauntkit.server.cluster_factory import make_cluster
from hauntkit.server.db import Store

pytestmark = pytest.mark.postgres


class Node:
    """One cluster member and what it heard."""

    def __init__(self, cluster: Cluster) -> None:
        self.cluster = cluster
        self.events: list[dict[str, Any]] = []
        self.requests: list[dict[str, Any]] = []
        self.answer: dict[str, Any] = {"ok": True}

    async def start(self) -> None:
        await self.cluster.start(self._event, self._request)

    async def _event(self, event: dict[str, Any]) -> None:
        self.events.append(event)

    async def _request(self, body: dict[str, Any]) -> dict[str, Any]:
        self.requests.append(body)
        if self.answer.get("publish"):  # as a game's owner does: the move goes out as an event
            await self.cluster.publish({"game": body["game"], "kind": "action", "seat": 0,
                                        "action": {"type": "x"}, "version": 7,
                                        "req": body["req"]})
        return {k: v for k, v in self.answer.items() if k != "publish"}


@pytest.fixture(params=["redis", "postgres"])
def link(request: pytest.FixtureRequest, tmp_path: Any) -> Any:
    why = pg_unavailable() or (redis_unavailable() if request.param == "redis" else None)
    if why:
        pytest.fail(why)
    url, prefix = make_db("postgres", tmp_path)
    Store(url, prefix).close()  # the tables (PostgreSQL's link keeps its leases there)
    yield url, prefix, request.param
    drop_db(url, prefix)


def _pair(link: tuple[str, str, str]) -> tuple[Node, Node]:
    url, prefix, kind = link
    redis = redis_url() if kind == "redis" else None
    nodes = [make_cluster(redis, url, redis is None, prefix, lease=1.5) for _ in range(2)]
    assert nodes[0] is not None and nodes[1] is not None
    return Node(nodes[0]), Node(nodes[1])


async def _until(check: Any, timeout: float = 10.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not check():
        assert loop.time() < end, "timed out"
        await asyncio.sleep(0.01)


def test_events_requests_hints_and_leases(link: tuple[str, str, str]) -> None:
    async def run() -> None:
        a, b = _pair(link)
        await a.start()
        await b.start()
        try:
            # a broadcast reaches the other node only
            await a.cluster.publish({"game": "g1", "kind": "action", "seat": 0,
                                     "action": {"type": "x"}, "version": 1})
            await _until(lambda: b.events)
            await asyncio.sleep(0.2)
            assert a.events == []
            assert b.events[0]["version"] == 1
            # b learned who moved g1 last
            assert b.cluster.owner_hint("g1") == a.cluster.node
            b.cluster.forget_owner("g1")
            assert b.cluster.owner_hint("g1") is None

            # a routed move answered by its own event: the asker gets the version
            a.answer = {"ok": True, "version": 7, "announced": True, "publish": True}
            req = b.cluster.new_request_id()
            reply = await b.cluster.request(a.cluster.node, {"game": "g2", "req": req}, 5.0,
                                            announced_as=req)
            assert reply == {"ok": True, "version": 7}
            assert b.events[-1]["req"] == req  # handled as a move before the answer
            # an announced answer with no event never comes as a reply either
            a.answer = {"ok": True, "version": 8, "announced": True}
            with pytest.raises(TimeoutError):
                await b.cluster.request(a.cluster.node, {"game": "g3", "req": "r"}, 0.5,
                                        announced_as="r")
            # a refusal still comes back as a reply
            a.answer = {"ok": False, "error": {"code": "not_owner", "message": "no"}}
            reply = await b.cluster.request(a.cluster.node, {"game": "g4", "req": "s"}, 5.0,
                                            announced_as="s")
            assert reply["error"]["code"] == "not_owner"

            # one heartbeat keeps the leases a node holds, and drops one taken from it
            assert await a.cluster.claim("g5") and await a.cluster.claim("g6")
            assert not await b.cluster.claim("g5")
            await a.cluster.release("g6")
            assert await b.cluster.claim("g6")
            a.cluster.owned.add("g6")  # a believes it still holds g6
            lost: list[str] = []
            a.cluster.on_lost = lost.append
            await asyncio.sleep(a.cluster.lease)  # a heartbeat or two
            assert lost == ["g6"] and a.cluster.owned == {"g5"}
            assert await b.cluster.unowned(["g5", "g6", "g7"]) == ["g7"]
        finally:
            await a.cluster.stop()
            await b.cluster.stop()

    asyncio.run(run())


@pytest.mark.parametrize("link", ["redis"], indirect=True)  # PostgreSQL's link is one connection
def test_redis_link_comes_back_and_catches_up(link: tuple[str, str, str]) -> None:
    """Both sockets of a node's Redis link are killed (as a Redis restart does): the node opens
    them again, hears and publishes as before, and is told to catch up (messages sent while
    a socket was down may be lost)."""
    from redis import Redis

    async def run() -> None:
        a, b = _pair(link)
        caught_up: list[str] = []

        async def relinked() -> None:
            caught_up.append("b")

        b.cluster.on_relinked = relinked
        await a.start()
        await b.start()
        admin = Redis.from_url(redis_url())
        try:
            names = {f"hauntkit-{link[1] or 'default'}-{b.cluster.node}-{end}"
                     for end in ("in", "out")}
            killed = [client["id"] for client in admin.client_list()
                      if client["name"] in names]
            assert len(killed) == 2, "both of b's link sockets are named in CLIENT LIST"
            for client_id in killed:
                admin.client_kill_filter(_id=client_id)
            # b opens both sockets again and is told to catch up
            await _until(lambda: caught_up, timeout=10.0)
            # then each hears the other again (what was sent while a socket was down is lost:
            # that is what the catch-up is for)
            for sender, receiver in ((a, b), (b, a)):
                for version in range(1, 200):
                    await sender.cluster.publish({"game": "g1", "kind": "action", "seat": 0,
                                                  "action": {"type": "x"},
                                                  "version": version})
                    await asyncio.sleep(0.05)
                    if receiver.events:
                        break
                assert receiver.events and receiver.events[-1]["game"] == "g1"
        finally:
            admin.close()
            await a.cluster.stop()
            await b.cluster.stop()

    asyncio.run(run())
