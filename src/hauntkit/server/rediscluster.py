"""The cluster link over Redis (``hauntkit play --redis URL``): pub/sub carries the moves and
the requests routed to a game's owner, keys hold the leases, the shared rate buckets and each
process's count of games in memory (see ``hauntkit.server.cluster``)."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from hauntkit.server.cluster import Cluster
from hauntkit.server.redis_link import LinkLost, Publisher, Subscriber

log = logging.getLogger("hauntkit.server")

# Renew every lease (KEYS) we still hold, in one call; returns 1 or 0 per key.
_RENEW = """
local kept = {}
for i, key in ipairs(KEYS) do
  if redis.call('get', key) == ARGV[1] then
    kept[i] = redis.call('pexpire', key, ARGV[2])
  else
    kept[i] = 0
  end
end
return kept
"""
# Delete only a lease we hold.
_RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1])
end
return 0
"""
# A token bucket on Redis's own clock: ARGV rate, burst; returns 0 (taken) or the
# milliseconds to wait.
_TAKE = """
local t = redis.call('time')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local rate, burst = tonumber(ARGV[1]), tonumber(ARGV[2])
local got = redis.call('hmget', KEYS[1], 'tokens', 'stamp')
local tokens, stamp = tonumber(got[1]) or burst, tonumber(got[2]) or now
tokens = math.min(burst, tokens + (now - stamp) * rate)
local wait = 0
if tokens >= 1 then tokens = tokens - 1 else wait = math.ceil((1 - tokens) / rate * 1000) end
redis.call('hset', KEYS[1], 'tokens', tostring(tokens), 'stamp', tostring(now))
redis.call('pexpire', KEYS[1], math.ceil(burst / rate * 1000) + 1000)
return wait
"""


class RedisCluster(Cluster):
    def __init__(self, redis_url: str, namespace: str, lease: float = 6.0) -> None:
        super().__init__(namespace, lease)
        from redis import asyncio as aioredis

        self.url = redis_url
        self.redis = aioredis.from_url(redis_url)
        self.ns = f"hauntkit:{namespace}:"
        self.channel = self.ns + "events"
        self.mine = f"{self.ns}node:{self.node}"
        self.lease_ms = int(lease * 1000)
        self._renew_script = self.redis.register_script(_RENEW)
        self._release_script = self.redis.register_script(_RELEASE)
        self._take_script = self.redis.register_script(_TAKE)
        self._listener: asyncio.Task[None] | None = None
        self._out = Publisher(redis_url, f"hauntkit-{namespace}-{self.node}-out",
                              on_lost=self._out_lost)
        self._in = Subscriber(redis_url, f"hauntkit-{namespace}-{self.node}-in",
                              [self.channel, self.mine])
        self._reopening: asyncio.Task[None] | None = None
        self._catching_up: asyncio.Task[None] | None = None

    async def _open(self) -> None:
        await self.redis.ping()
        await self._out.open()
        await self._in.open()
        self._listener = asyncio.create_task(self._listen(), name="cluster-sub")
        self._tasks.append(self._listener)

    async def _close(self) -> None:
        for task in (self._reopening, self._catching_up):
            if task is not None:
                task.cancel()
        self._out.close()
        self._in.close()
        await self.redis.aclose()

    async def _publish(self, channel: str, data: bytes) -> None:
        # a lost socket raises LinkLost (the caller logs it) while ``_reopen_out`` opens it
        # again and then every game catches up
        self._out.publish(channel, data)

    def _out_lost(self) -> None:
        """The publishing socket closed: open it again now, not at the next message (which
        may be long in coming)."""
        if self._reopening is None or self._reopening.done():
            self._reopening = asyncio.create_task(self._reopen_out(), name="cluster-reopen")

    async def _reopen_out(self) -> None:
        while not self._out.alive:
            await asyncio.sleep(0.2)
            with contextlib.suppress(OSError, ConnectionError, LinkLost):
                await self._out.open()
        self._catch_up()

    def _catch_up(self) -> None:
        """Messages may have been lost while a socket was down: every game catches up."""
        if self._catching_up is None or self._catching_up.done():
            self._catching_up = asyncio.create_task(self.relinked(), name="cluster-relinked")

    async def _listen(self) -> None:
        while True:
            try:
                for data in await self._in.messages():
                    await self._received(data)
            except LinkLost:  # Redis went away: subscribe again when it is back
                log.warning("lost the Redis subscription; retrying")
                await asyncio.sleep(1.0)
                with contextlib.suppress(OSError, ConnectionError, LinkLost):
                    await self._in.open()
                    self._catch_up()

    async def _send_all(self, data: bytes) -> None:
        await self._publish(self.channel, data)

    async def _send_to(self, node: str, data: bytes) -> None:
        await self._publish(f"{self.ns}node:{node}", data)

    # -- ownership ------------------------------------------------------------------------------
    def _key(self, gid: str) -> str:
        return f"{self.ns}owner:{gid}"

    async def _claim(self, gid: str) -> bool:
        if await self.redis.set(self._key(gid), self.node, nx=True, px=self.lease_ms):
            return True
        return await self.owner(gid) == self.node

    async def _release(self, gid: str) -> None:
        await self._release_script(keys=[self._key(gid)], args=[self.node])

    async def owner(self, gid: str) -> str | None:
        holder = await self.redis.get(self._key(gid))
        return holder.decode() if holder is not None else None

    async def unowned(self, gids: list[str]) -> list[str]:
        if not gids:
            return []
        held = await self.redis.mget([self._key(g) for g in gids])
        return [g for g, h in zip(gids, held, strict=True) if h is None]

    async def _renew(self, gids: list[str]) -> set[str]:
        done = await self._renew_script(keys=[self._key(gid) for gid in gids],
                                        args=[self.node, self.lease_ms])
        return {gid for gid, ok in zip(gids, done, strict=True) if ok}

    # -- shared limits --------------------------------------------------------------------------
    async def take(self, key: str, rate: float, burst: float) -> float:
        wait = await self._take_script(keys=[f"{self.ns}bucket:{key}"], args=[rate, burst])
        return int(wait) / 1000

    async def _report_rooms(self, count: int) -> None:
        pipe = self.redis.pipeline()
        pipe.sadd(self.ns + "nodes", self.node)
        pipe.set(f"{self.ns}rooms:{self.node}", count, px=self.lease_ms)
        await pipe.execute()

    async def total_rooms(self) -> int:
        nodes = [n.decode() for n in await self.redis.smembers(self.ns + "nodes")]
        if not nodes:
            return 0
        counts = await self.redis.mget([f"{self.ns}rooms:{n}" for n in nodes])
        gone = [n for n, c in zip(nodes, counts, strict=True) if c is None]
        if gone:
            await self.redis.srem(self.ns + "nodes", *gone)
        return sum(int(c) for c in counts if c is not None)
