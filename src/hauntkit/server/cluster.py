"""Several server processes sharing one database: Redis pub/sub and game ownership.

Every process may hold a room for any game (its clients connect wherever the load balancer
sends them). The database stays the one authority: every action is committed guarded by the
game's version, so two processes can never both write version ``n + 1``.

- **Moves travel over Redis pub/sub.** After a commit, the process publishes the action on the
  deployment's channel; every other process that holds that game applies it (or, when it
  missed one, reloads the game from the database) and tells its own clients.
- **Each game has one owner** that runs its bots: a Redis key ``owner:<game>`` set with
  ``NX`` and an expiry (the lease), renewed by a heartbeat. Only the owner's bot driver plays
  the game's bot seats. A process that dies stops renewing; when the lease expires another
  process holding (or scanning for) the game claims it, reloads it from the database and its
  bots play on. A process that finds it lost a lease stops its bots at once.

Keys and the channel are named after the table prefix, so deployments (and test runs) sharing
one Redis never meet.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

import orjson

log = logging.getLogger("hauntkit.server")

Handler = Callable[[dict[str, Any]], Awaitable[None]]

# Renew only a lease we still hold; delete only a lease we hold.
_RENEW = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2])
end
return 0
"""
_RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1])
end
return 0
"""


class Cluster:
    """This process's link to the others: publish moves, hear theirs, own games."""

    def __init__(self, redis_url: str, namespace: str, lease: float = 6.0) -> None:
        from redis import asyncio as aioredis

        self.node = secrets.token_hex(4)
        self.redis = aioredis.from_url(redis_url)
        self.ns = f"hauntkit:{namespace}:"
        self.channel = self.ns + "events"
        self.lease_ms = int(lease * 1000)
        self.owned: set[str] = set()
        self._listener: asyncio.Task[None] | None = None
        self._heart: asyncio.Task[None] | None = None
        self._renew = self.redis.register_script(_RENEW)
        self._release = self.redis.register_script(_RELEASE)
        self.on_lost: Callable[[str], None] = lambda _gid: None

    async def start(self, handler: Handler) -> None:
        """Check Redis answers, then listen to the channel and renew leases until ``stop``."""
        await self.redis.ping()
        pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await pubsub.subscribe(self.channel)
        self._listener = asyncio.create_task(self._listen(pubsub, handler), name="cluster-sub")
        self._heart = asyncio.create_task(self._heartbeat(), name="cluster-heartbeat")

    async def stop(self) -> None:
        for task in (self._listener, self._heart):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        for gid in list(self.owned):
            await self.release(gid)
        with contextlib.suppress(Exception):
            await self.redis.aclose()

    # -- moves ----------------------------------------------------------------------------------
    async def publish(self, event: dict[str, Any]) -> None:
        """Tell the other processes (a failure only delays them: they reload on the next)."""
        try:
            await self.redis.publish(self.channel, orjson.dumps({**event, "node": self.node}))
        except Exception:  # noqa: BLE001 - Redis away: this process's clients still hear it
            log.warning("could not publish an event of game %s", event.get("game"))

    async def _listen(self, pubsub: Any, handler: Handler) -> None:
        while True:
            try:
                async for message in pubsub.listen():
                    if message.get("type") != "message":
                        continue
                    event = orjson.loads(message["data"])
                    if event.get("node") == self.node:
                        continue
                    try:
                        await handler(event)
                    except Exception:  # noqa: BLE001 - one bad event must not stop the rest
                        log.exception("handling cluster event %r failed", event)
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - Redis went away: resubscribe when it is back
                log.warning("lost the Redis subscription; retrying")
                await asyncio.sleep(1.0)
                with contextlib.suppress(Exception):
                    await pubsub.subscribe(self.channel)

    # -- ownership ------------------------------------------------------------------------------
    def _key(self, gid: str) -> str:
        return f"{self.ns}owner:{gid}"

    async def claim(self, gid: str) -> bool:
        """Own ``gid`` if nobody does (or we already do)."""
        if gid in self.owned:
            return True
        got = await self.redis.set(self._key(gid), self.node, nx=True, px=self.lease_ms)
        if not got:
            holder = await self.redis.get(self._key(gid))
            got = holder is not None and holder.decode() == self.node
        if got:
            self.owned.add(gid)
        return bool(got)

    async def release(self, gid: str) -> None:
        self.owned.discard(gid)
        with contextlib.suppress(Exception):
            await self._release(keys=[self._key(gid)], args=[self.node])

    async def unowned(self, gids: list[str]) -> list[str]:
        """Those of ``gids`` that no process owns now."""
        if not gids:
            return []
        held = await self.redis.mget([self._key(g) for g in gids])
        return [g for g, h in zip(gids, held, strict=True) if h is None]

    async def _heartbeat(self) -> None:
        while True:
            await asyncio.sleep(self.lease_ms / 3000)
            for gid in list(self.owned):
                try:
                    kept = await self._renew(keys=[self._key(gid)],
                                             args=[self.node, self.lease_ms])
                except asyncio.CancelledError:
                    raise
                except Exception:  # noqa: BLE001 - Redis away: we cannot prove ownership
                    kept = 0
                if not kept and gid in self.owned:
                    log.warning("lost the lease of game %s; its bots stop here", gid)
                    self.owned.discard(gid)
                    self.on_lost(gid)
