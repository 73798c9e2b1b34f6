"""Several server processes sharing one database: broadcast, game ownership, routed moves.

Every process may hold a room for any game (its clients connect wherever the load balancer
sends them). The database stays the one authority: every action is committed guarded by the
game's version, so two processes can never both write version ``n + 1``.

- **Moves travel over a broadcast channel** (Redis pub/sub, or PostgreSQL LISTEN/NOTIFY where
  Redis is absent: ``hauntkit.server.pgcluster``). After a commit, the owner publishes the
  action; every other process that holds that game applies it (or, when it missed one, reloads
  the game from the database) and tells its own clients.
- **Each game has one owner**, the only process that advances it: a lease (a Redis key set
  with ``NX`` and an expiry, or a row of the ``leases`` table) renewed by a heartbeat. The
  owner runs the game's bots and commits every move. A process that dies stops renewing; when
  the lease expires another process claims it, reloads the game from the database and plays
  on. A process that finds it lost a lease stops its bots at once.
- **Human moves are routed to the owner.** The process a player's socket is on sends the move
  to the owner as a request (its own id, the seat, the action, the version it was made on) on
  the owner's own channel; the owner validates, applies, commits (the request id goes into the
  action's row) and broadcasts the move with the request id, which answers the asker; a
  refusal comes back as a reply. The asker sends the next move of that game straight to the
  node that published its last one (it learns owners from the broadcasts) and looks the
  owner up only when that node says it is not the owner or does not answer. When no answer
  comes within a lease (the owner died), the request is sent again, marked as a retry, to
  whoever owns the game then (or this process claims it). A retry is first looked up in the
  database by its id: a move the dead owner had committed is answered with the version it
  made, never played twice; one it had not is played once.
- **Shared limits**: token buckets (the per-address limit on new games) and each process's
  count of games in memory (the live-game cap) live in Redis or in the database.

Keys and channels are named after the table prefix, so deployments (and test runs) sharing
one Redis or one PostgreSQL never meet.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import secrets
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable
from typing import Any

import orjson

log = logging.getLogger("hauntkit.server")

Handler = Callable[[dict[str, Any]], Awaitable[None]]
Requester = Callable[[dict[str, Any]], Awaitable[dict[str, Any]]]


OWNER_HINTS = 100_000  # games whose likely owner is remembered (all forgotten at once beyond)


class OwnerUnavailable(Exception):
    """No process answered for the game's owner in time."""


class Cluster(ABC):
    """This process's link to the others: publish moves, hear theirs, own games, route moves
    to their owner, share limits. Subclasses carry the messages (Redis or PostgreSQL)."""

    def __init__(self, namespace: str, lease: float = 6.0) -> None:
        self.node = secrets.token_hex(4)
        self.namespace = namespace
        self.lease = lease
        self.owned: set[str] = set()
        self.on_lost: Callable[[str], None] = lambda _gid: None
        # after the link was down (messages may be lost): games here catch up (see ``relinked``)
        self.on_relinked: Callable[[], Awaitable[None]] | None = None
        self.rooms_in_memory: Callable[[], int] = lambda: 0
        self._on_event: Handler | None = None
        self._on_request: Requester | None = None
        self._replies: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._counter = itertools.count(1)
        self._tasks: list[asyncio.Task[None]] = []
        self._running: set[asyncio.Task[None]] = set()
        # the process each game's last move came from: most likely its owner still, so a
        # routed move goes there without asking the link first (a wrong guess is answered
        # "not_owner" or not at all, and the owner is then looked up)
        self._owner_hints: dict[str, str] = {}
        self._announced: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._own_tail = orjson.dumps({"node": self.node})[1:]  # how our events end

    # -- to be provided by a transport ----------------------------------------------------------
    @abstractmethod
    async def _open(self) -> None:
        """Connect and start listening to the broadcast channel and this node's own channel;
        each message received goes to ``self._received``."""

    @abstractmethod
    async def _close(self) -> None: ...

    @abstractmethod
    async def _send_all(self, data: bytes) -> None:
        """Publish ``data`` to every process."""

    @abstractmethod
    async def _send_to(self, node: str, data: bytes) -> None:
        """Send ``data`` to one process."""

    @abstractmethod
    async def _claim(self, gid: str) -> bool:
        """Take the lease of ``gid`` if nobody holds it (or we do)."""

    @abstractmethod
    async def _release(self, gid: str) -> None: ...

    @abstractmethod
    async def owner(self, gid: str) -> str | None:
        """The node holding ``gid``'s lease now, or None."""

    @abstractmethod
    async def unowned(self, gids: list[str]) -> list[str]:
        """Those of ``gids`` that no process owns now."""

    @abstractmethod
    async def _renew(self, gids: list[str]) -> set[str]:
        """Renew our leases of ``gids``; returns those still ours."""

    @abstractmethod
    async def take(self, key: str, rate: float, burst: float) -> float:
        """One token from the shared bucket ``key``: 0.0 when taken, else seconds to wait."""

    @abstractmethod
    async def _report_rooms(self, count: int) -> None:
        """Record this node's count of games in memory (expires with the lease)."""

    @abstractmethod
    async def total_rooms(self) -> int:
        """Games in memory over every live process."""

    # -- life -----------------------------------------------------------------------------------
    async def start(self, on_event: Handler, on_request: Requester) -> None:
        """Connect, listen, and renew leases until ``stop``."""
        self._on_event, self._on_request = on_event, on_request
        await self._open()
        await self._report_rooms(self.rooms_in_memory())
        self._tasks.append(asyncio.create_task(self._heartbeat(), name="cluster-heartbeat"))

    async def stop(self) -> None:
        for task in [*self._tasks, *self._running]:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for gid in list(self.owned):
            await self.release(gid)
        with contextlib.suppress(Exception):
            await self._report_rooms(0)
        with contextlib.suppress(Exception):
            await self._close()

    # -- messages -------------------------------------------------------------------------------
    async def publish(self, event: dict[str, Any]) -> None:
        """Tell the other processes (a failure only delays them: they reload on the next)."""
        try:
            await self._send_all(orjson.dumps({**event, "node": self.node}))
        except Exception:  # noqa: BLE001 - link away: this process's clients still hear it
            log.warning("could not publish an event of game %s", event.get("game"))

    async def _received(self, data: bytes | str) -> None:
        """One message from the link: an event for everyone, or a request or reply for us."""
        if isinstance(data, str):
            data = data.encode()
        if data.endswith(self._own_tail):  # an event this process published (not parsed)
            return
        msg = orjson.loads(data)
        if msg.get("node") == self.node:
            return
        kind = msg.get("t")
        if kind == "reply":
            fut = self._replies.pop(msg.get("mid", ""), None)
            if fut is not None and not fut.done():
                fut.set_result(msg)
        elif kind == "request":  # answered in its own task: the listener must keep listening
            task = asyncio.create_task(self._answer(msg), name="cluster-request")
            self._running.add(task)
            task.add_done_callback(self._running.discard)
        elif self._on_event is not None:
            if msg.get("kind") in ("action", "sync") and isinstance(msg.get("game"), str):
                if len(self._owner_hints) >= OWNER_HINTS:
                    self._owner_hints.clear()
                self._owner_hints[msg["game"]] = str(msg.get("node"))
            try:
                await self._on_event(msg)
            except Exception:  # noqa: BLE001 - one bad event must not stop the rest
                log.exception("handling cluster event %r failed", msg)
            asked = self._announced.pop(msg.get("req") or "", None)
            if asked is not None and not asked.done():  # a move this process routed: played
                asked.set_result({"ok": True, "version": msg.get("version")})

    async def relinked(self) -> None:
        """The transport reconnected after a loss: events sent or due in between may be lost,
        so this process's games catch up (its owned games are announced again, the others
        reloaded)."""
        if self.on_relinked is not None:
            try:
                await self.on_relinked()
            except Exception:  # noqa: BLE001 - the next event of each game catches it up
                log.exception("catching up after the cluster link came back failed")

    async def _answer(self, msg: dict[str, Any]) -> None:
        assert self._on_request is not None
        try:
            reply = await self._on_request(msg["body"])
        except Exception:  # noqa: BLE001 - the asker hears of it
            log.exception("answering a routed request failed")
            reply = {"ok": False, "error": {"type": "error", "code": "server_error",
                                            "message": "the server failed"}}
        if reply.pop("announced", False):  # the move's own event answers the asker
            return
        with contextlib.suppress(Exception):
            await self._send_to(msg["from"], orjson.dumps(
                {"t": "reply", "mid": msg["mid"], "node": self.node, **reply}))

    def owner_hint(self, gid: str) -> str | None:
        """The process that published ``gid``'s last move, if any was heard: its likely
        owner (``forget_owner`` once it turns out not to be)."""
        return self._owner_hints.get(gid)

    def forget_owner(self, gid: str) -> None:
        self._owner_hints.pop(gid, None)

    def new_request_id(self) -> str:
        """A request id unique over the cluster (node id and a counter)."""
        return f"{self.node}-{next(self._counter)}"

    async def request(self, node: str, body: dict[str, Any], timeout: float,
                      announced_as: str | None = None) -> dict[str, Any]:
        """Send ``body`` to ``node`` and wait for its reply; ``TimeoutError`` if none comes.
        ``announced_as``: a broadcast event carrying this ``req`` id answers it as well (a
        routed move's owner publishes the move instead of replying; see ``_answer``)."""
        mid = self.new_request_id()
        fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._replies[mid] = fut
        if announced_as is not None:
            self._announced[announced_as] = fut
        try:
            await self._send_to(node, orjson.dumps(
                {"t": "request", "mid": mid, "from": self.node, "node": self.node,
                 "body": body}))
            return await asyncio.wait_for(fut, timeout)
        finally:
            self._replies.pop(mid, None)
            if announced_as is not None:
                self._announced.pop(announced_as, None)

    # -- ownership ------------------------------------------------------------------------------
    async def claim(self, gid: str) -> bool:
        """Own ``gid`` if nobody does (or we already do)."""
        if gid in self.owned:
            return True
        if await self._claim(gid):
            self.owned.add(gid)
            return True
        return False

    async def release(self, gid: str) -> None:
        self.owned.discard(gid)
        with contextlib.suppress(Exception):
            await self._release(gid)

    async def report_rooms(self) -> None:
        with contextlib.suppress(Exception):
            await self._report_rooms(self.rooms_in_memory())

    async def _heartbeat(self) -> None:
        while True:
            await asyncio.sleep(self.lease / 3)
            held = list(self.owned)
            try:
                kept = await self._renew(held) if held else set()
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - link away: we cannot prove ownership
                kept = set()
            for gid in held:
                if gid not in kept and gid in self.owned:
                    log.warning("lost the lease of game %s; its bots stop here", gid)
                    self.owned.discard(gid)
                    self.on_lost(gid)
            await self.report_rooms()
