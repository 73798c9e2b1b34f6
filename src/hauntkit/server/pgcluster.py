"""The cluster link over PostgreSQL alone, where Redis is absent (``hauntkit play --workers N``
with a ``postgresql://`` ``--db`` and no ``--redis``): LISTEN/NOTIFY carries the moves and the
requests routed to a game's owner; the ``leases``, ``buckets`` and ``nodes`` tables hold the
leases, the shared rate buckets and each process's count of games in memory (see
``hauntkit.server.cluster``). Every time is the database's clock, so the processes' clocks
need not agree."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from hauntkit.server.cluster import Cluster

log = logging.getLogger("hauntkit.server")

NOW = "extract(epoch from clock_timestamp())::float8"
MAX_NOTIFY = 7900  # PostgreSQL refuses a NOTIFY payload of 8000 bytes or more


def psycopg_url(url: str) -> str:
    """A SQLAlchemy ``postgresql+psycopg://`` URL as psycopg's own."""
    for head in ("postgresql+psycopg://", "postgresql+psycopg2://", "postgres://"):
        if url.startswith(head):
            return "postgresql://" + url[len(head):]
    return url


class PgCluster(Cluster):
    def __init__(self, db_url: str, prefix: str, lease: float = 6.0) -> None:
        super().__init__(prefix or "default", lease)
        self.url = psycopg_url(db_url)
        self.leases, self.buckets = f'"{prefix}leases"', f'"{prefix}buckets"'
        self.nodes = f'"{prefix}nodes"'
        self._base = f"hk_{self.namespace}"[:40].lower()
        self.channel = f"{self._base}_events"
        self.mine = f"{self._base}_{self.node}"
        self._conn: Any = None
        self._lock = asyncio.Lock()
        self._takes = 0

    async def _connect(self) -> Any:
        import psycopg

        return await psycopg.AsyncConnection.connect(self.url, autocommit=True)

    async def _open(self) -> None:
        self._conn = await self._connect()
        ready = asyncio.get_running_loop().create_future()
        self._tasks.append(asyncio.create_task(self._listen(ready), name="cluster-listen"))
        await ready

    async def _close(self) -> None:
        if self._conn is not None:
            await self._conn.close()

    async def _listen(self, ready: asyncio.Future[None]) -> None:
        while True:
            conn = None
            try:
                conn = await self._connect()
                await conn.execute(f'LISTEN "{self.channel}"')
                await conn.execute(f'LISTEN "{self.mine}"')
                if not ready.done():
                    ready.set_result(None)
                async for note in conn.notifies():
                    await self._received(note.payload)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 - PostgreSQL went away: listen again
                if not ready.done():
                    ready.set_exception(exc)
                    return
                log.warning("lost the PostgreSQL LISTEN connection; retrying")
                await asyncio.sleep(1.0)
            finally:
                if conn is not None:
                    with contextlib.suppress(Exception):
                        await conn.close()

    async def _q(self, sql: str, params: tuple[Any, ...] = (), rows: bool = False) -> Any:
        """Run one statement on the command connection (opened again if it broke)."""
        async with self._lock:
            for attempt in (0, 1):
                try:
                    if self._conn is None or self._conn.closed:
                        self._conn = await self._connect()
                    cur = await self._conn.execute(sql, params)
                    return await cur.fetchall() if rows else None
                except Exception:
                    if attempt or self._conn is None or not self._conn.closed:
                        raise
            return None

    async def _notify(self, channel: str, data: bytes) -> None:
        await self._q("SELECT pg_notify(%s, %s)", (channel, data.decode()))

    async def _send_all(self, data: bytes) -> None:
        if len(data) > MAX_NOTIFY:  # too big to carry: the others reload from the database
            import orjson

            event = orjson.loads(data)
            data = orjson.dumps({k: event[k] for k in ("game", "kind", "version", "node")
                                 if k in event})
        await self._notify(self.channel, data)

    async def _send_to(self, node: str, data: bytes) -> None:
        if len(data) > MAX_NOTIFY:
            raise ValueError("a routed request is too big for NOTIFY")
        await self._notify(f"{self._base}_{node}", data)

    # -- ownership ------------------------------------------------------------------------------
    async def _claim(self, gid: str) -> bool:
        got = await self._q(
            f"INSERT INTO {self.leases} (game_id, node, expires) VALUES (%s, %s, {NOW} + %s) "
            f"ON CONFLICT (game_id) DO UPDATE SET node = EXCLUDED.node, "
            f"expires = EXCLUDED.expires WHERE {self.leases}.expires < {NOW} "
            f"OR {self.leases}.node = EXCLUDED.node RETURNING node",
            (gid, self.node, self.lease), rows=True)
        return bool(got)

    async def _release(self, gid: str) -> None:
        await self._q(f"DELETE FROM {self.leases} WHERE game_id = %s AND node = %s",
                      (gid, self.node))

    async def owner(self, gid: str) -> str | None:
        got = await self._q(f"SELECT node FROM {self.leases} WHERE game_id = %s "
                            f"AND expires > {NOW}", (gid,), rows=True)
        return got[0][0] if got else None

    async def unowned(self, gids: list[str]) -> list[str]:
        if not gids:
            return []
        got = await self._q(f"SELECT game_id FROM {self.leases} WHERE game_id = ANY(%s) "
                            f"AND expires > {NOW}", (gids,), rows=True)
        held = {r[0] for r in got}
        return [g for g in gids if g not in held]

    async def _renew(self, gids: list[str]) -> set[str]:
        got = await self._q(
            f"UPDATE {self.leases} SET expires = {NOW} + %s WHERE node = %s "
            f"AND game_id = ANY(%s) AND expires > {NOW} RETURNING game_id",
            (self.lease, self.node, gids), rows=True)
        return {r[0] for r in got}

    # -- shared limits --------------------------------------------------------------------------
    async def take(self, key: str, rate: float, burst: float) -> float:
        async with self._lock:
            if self._conn is None or self._conn.closed:
                self._conn = await self._connect()
            async with self._conn.transaction():
                await self._conn.execute(
                    f"INSERT INTO {self.buckets} (key, tokens, stamp) VALUES (%s, %s, {NOW}) "
                    "ON CONFLICT (key) DO NOTHING", (key, burst))
                cur = await self._conn.execute(
                    f"SELECT tokens, stamp, {NOW} FROM {self.buckets} WHERE key = %s "
                    "FOR UPDATE", (key,))
                tokens, stamp, now = await cur.fetchone()
                tokens = min(burst, tokens + (now - stamp) * rate)
                wait = 0.0
                if tokens >= 1.0:
                    tokens -= 1.0
                else:
                    wait = (1.0 - tokens) / rate if rate > 0 else float("inf")
                await self._conn.execute(
                    f"UPDATE {self.buckets} SET tokens = %s, stamp = %s WHERE key = %s",
                    (tokens, now, key))
            self._takes += 1
            if self._takes % 100 == 0:  # buckets full again long ago are forgotten
                full = burst / rate if rate > 0 else 0.0
                await self._conn.execute(f"DELETE FROM {self.buckets} WHERE stamp < %s",
                                         (now - max(3600.0, full),))
        return wait

    async def _report_rooms(self, count: int) -> None:
        await self._q(
            f"INSERT INTO {self.nodes} (node, rooms, expires) VALUES (%s, %s, {NOW} + %s) "
            "ON CONFLICT (node) DO UPDATE SET rooms = EXCLUDED.rooms, "
            "expires = EXCLUDED.expires", (self.node, count, self.lease))

    async def total_rooms(self) -> int:
        await self._q(f"DELETE FROM {self.nodes} WHERE expires < {NOW} - 60")
        got = await self._q(f"SELECT COALESCE(SUM(rooms), 0) FROM {self.nodes} "
                            f"WHERE expires > {NOW}", rows=True)
        return int(got[0][0])
