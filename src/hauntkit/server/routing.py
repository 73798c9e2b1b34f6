"""Human moves routed to the game's owning process (see ``hauntkit.server.cluster``).

``route_act`` runs in the process the player's socket (or HTTP request) reached: it finds the
game's owner, sends it the move with a request id and waits for the answer. ``answer`` runs in
the owner: it plays the move through ``Room.submit`` (validate, apply, commit, broadcast) and
says what happened. When the owner does not answer within a lease (it died), the move is sent
again as a retry to whoever owns the game then, or this process claims the game and plays it
itself; the request id in the action's row makes sure it is played once.
"""

from __future__ import annotations

import asyncio
import logging
import os
from typing import Any, Protocol

from hauntkit.core import HauntkitError
from hauntkit.server.cluster import Cluster
from hauntkit.server.protocol import ProtocolError, error_message

log = logging.getLogger("hauntkit.server")

ROUTE_TIMEOUT = 60.0  # seconds a move may take to find a live owner before it is refused
# Tests only: the owner dies (as kill -9 would) right after committing a routed move, before
# it answers, so that the handover of a committed but unanswered move can be tested.
CRASH_AFTER_COMMIT = "HAUNTKIT_TEST_CRASH_AFTER_ROUTED_COMMIT"


class RoutedRoom(Protocol):
    """What routing needs of a game's room (``hauntkit.server.rooms.Room``)."""

    id: str
    evicted: bool

    @property
    def manager(self) -> RoomHost: ...

    async def submit(self, seat: int | None, action: dict[str, Any], version: int | None,
                     by_bot: bool = False, req: str | None = None, retry: bool = False) -> int:
        ...

    async def reached(self, version: int, timeout: float) -> None: ...


class RoomHost(Protocol):
    """What routing needs of the rooms' manager (``hauntkit.server.rooms.Manager``)."""

    @property
    def cluster(self) -> Cluster | None: ...

    async def room(self, gid: str) -> RoutedRoom | None:
        """The game's room, or None when there is no such game."""

    async def claim(self, room: Any) -> None:
        """Own the game of ``room`` (a ``RoutedRoom`` of this host) if nobody does."""


class RemoteRefusal(ProtocolError):
    """The owner refused the move; ``answer`` is its error message, passed on as it is."""

    def __init__(self, answer: dict[str, Any]) -> None:
        super().__init__(str(answer.get("code", "server_error")), str(answer.get("message", "")))
        self.answer = {k: v for k, v in answer.items() if k != "id"}


async def route_act(room: RoutedRoom, seat: int | None, action: dict[str, Any],
                    version: int | None) -> int:
    """Play a player's move through the game's owner; returns the new version once this
    process's room has it too (so the player hears the new state before the ack), or raises
    the owner's refusal."""
    if seat is None:
        raise ProtocolError("spectator", "spectators cannot act; open a seat's link to play")
    mgr = room.manager
    cluster = mgr.cluster
    assert cluster is not None
    req = cluster.new_request_id()
    body: dict[str, Any] = {"kind": "act", "game": room.id, "seat": seat, "action": action, "version": version,
            "req": req, "retry": False}
    loop = asyncio.get_running_loop()
    deadline = loop.time() + ROUTE_TIMEOUT
    while True:
        if room.id in cluster.owned:
            owner: str | None = cluster.node
        else:
            owner = None if body["retry"] else cluster.owner_hint(room.id)
            if owner is None:
                owner = await cluster.owner(room.id)
        if owner is None or owner == cluster.node:
            if room.evicted:
                fresh = await mgr.room(room.id)
                if fresh is None:
                    raise ProtocolError("no_game", f"no game {room.id!r}")
                room = fresh
            await mgr.claim(room)
            if room.id in cluster.owned:
                return await room.submit(seat, action, version, req=req, retry=body["retry"])
        else:
            try:
                reply = await cluster.request(owner, body, timeout=max(cluster.lease, 1.0),
                                              announced_as=req)
            except TimeoutError:
                reply = None
            except Exception:  # noqa: BLE001 - the link failed: as if no answer came
                log.warning("could not route a move of game %s to %s", room.id, owner)
                reply = None
            if reply is not None and reply.get("ok"):
                made = int(reply["version"])
                await room.reached(made, timeout=max(cluster.lease, 1.0))
                return made
            if reply is not None and reply.get("error", {}).get("code") != "not_owner":
                raise RemoteRefusal(reply["error"])
            cluster.forget_owner(room.id)
        body["retry"] = True  # no answer, or the owner had just lost the game: again
        if loop.time() > deadline:
            raise ProtocolError("owner_unavailable", "no server process could play this move "
                                                     "in time; look at the position and retry")
        await asyncio.sleep(0.05)


async def answer(mgr: RoomHost, body: dict[str, Any]) -> dict[str, Any]:
    """In the owner: play a routed move and say what happened."""
    cluster = mgr.cluster
    assert cluster is not None
    gid = str(body.get("game", ""))
    try:
        room = await mgr.room(gid)
        if room is None:
            raise ProtocolError("no_game", f"no game {gid!r}")
        if gid not in cluster.owned:
            return {"ok": False, "error": {"code": "not_owner", "message": "not the owner"}}
        made = await room.submit(body["seat"], body["action"], body.get("version"),
                                 req=body["req"], retry=bool(body.get("retry")))
    except (ProtocolError, HauntkitError) as exc:
        return {"ok": False, "error": error_message(exc)}
    if os.environ.get(CRASH_AFTER_COMMIT):
        os._exit(9)
    # a first request played here was published with its id (``Room.submit``): that event
    # answers the asker; a retry may have been found already played, so it gets a reply
    return {"ok": True, "version": made, "announced": not body.get("retry")}
