"""Limits against abuse: a request-body cap that holds whatever the transfer encoding, and a
per-address rate limit for creating games.

``BodyLimit`` is a plain ASGI middleware: it refuses a declared ``Content-Length`` over the cap
before reading anything, and counts the bytes of a streamed (chunked) body as they arrive, so
a body with no length is cut at the cap with 413 instead of being read whole into memory.
"""

from __future__ import annotations

import logging
import time
from typing import Any

import orjson

log = logging.getLogger("hauntkit.server")

Scope = dict[str, Any]
Message = dict[str, Any]


class BodyTooLarge(Exception):
    """The request body went over the cap (raised inside the app by the wrapped receive)."""


def _refusal(limit: int) -> bytes:
    return orjson.dumps({"type": "error", "code": "too_large",
                         "message": f"request bodies are limited to {limit} bytes"})


class BodyLimit:
    """ASGI middleware: HTTP request bodies of at most ``limit`` bytes, else 413."""

    def __init__(self, app: Any, limit: int, larger: dict[str, int] | None = None) -> None:
        """``larger``: paths that take more (a saved game to resume), with their cap."""
        self.app = app
        self.limit = limit
        self.larger = larger or {}

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.larger.get(scope.get("path", ""), self.limit)
        declared = _content_length(scope)
        if declared is not None and declared > limit:
            await self._refuse(send, limit)
            return
        seen = 0
        started = False
        refused = False

        async def counting_receive() -> Message:
            nonlocal seen, refused
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    if not started:
                        refused = True
                        await self._refuse(send, limit)
                    raise BodyTooLarge(f"request body over {limit} bytes")
            return message

        async def guarded_send(message: Message) -> None:
            nonlocal started
            if refused:  # our 413 is the answer; the app's own (to the error) is dropped
                return
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counting_receive, guarded_send)
        except BodyTooLarge:
            if not refused and not started:
                await self._refuse(send, limit)

    async def _refuse(self, send: Any, limit: int) -> None:
        body = _refusal(limit)
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode()),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})


class HeaderLimit:
    """ASGI middleware: at most ``max_count`` request headers (HTTP and websocket
    handshakes), else 431. Their total size is capped before this by the HTTP parser (uvicorn's
    ``h11_max_incomplete_event_size``, ``hauntkit.server.run``)."""

    def __init__(self, app: Any, max_count: int) -> None:
        self.app = app
        self.max_count = max_count

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] in ("http", "websocket") and len(scope.get("headers", ())) > \
                self.max_count:
            body = orjson.dumps({"type": "error", "code": "too_many_headers",
                                 "message": f"a request may carry at most {self.max_count} "
                                            "headers"})
            if scope["type"] == "websocket":  # refuse the handshake
                await send({"type": "websocket.close", "code": 1008})
                return
            await send({"type": "http.response.start", "status": 431,
                        "headers": [(b"content-type", b"application/json"),
                                    (b"content-length", str(len(body)).encode()),
                                    (b"connection", b"close")]})
            await send({"type": "http.response.body", "body": body})
            return
        await self.app(scope, receive, send)


class SocketCount:
    """Open websockets per client address, refused past ``limit``."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.open: dict[str, int] = {}

    def take(self, address: str) -> bool:
        """Count one more socket of ``address``; False (nothing counted) past the limit."""
        count = self.open.get(address, 0)
        if count >= self.limit:
            return False
        self.open[address] = count + 1
        return True

    def give_back(self, address: str) -> None:
        count = self.open.get(address, 0) - 1
        if count > 0:
            self.open[address] = count
        else:
            self.open.pop(address, None)


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", []):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


class AddressLimiter:
    """A token bucket per client address: ``rate`` events a second, bursts up to ``burst``.
    Addresses not seen for a while are forgotten so the table stays small."""

    def __init__(self, rate: float, burst: float, max_addresses: int = 10_000) -> None:
        self.rate = rate
        self.burst = burst
        self.max_addresses = max_addresses
        self._buckets: dict[str, tuple[float, float]] = {}

    def allow(self, address: str) -> float:
        """0.0 when allowed (and counted), else the seconds to wait before trying again."""
        now = time.monotonic()
        tokens, stamp = self._buckets.get(address, (self.burst, now))
        tokens = min(self.burst, tokens + (now - stamp) * self.rate)
        if tokens >= 1.0:
            self._buckets[address] = (tokens - 1.0, now)
            if len(self._buckets) > self.max_addresses:
                self._forget(now)
            return 0.0
        self._buckets[address] = (tokens, now)
        return (1.0 - tokens) / self.rate if self.rate > 0 else float("inf")

    def _forget(self, now: float) -> None:
        full = self.burst / self.rate if self.rate > 0 else 3600.0
        for addr, (_tokens, stamp) in list(self._buckets.items()):
            if now - stamp > full:
                del self._buckets[addr]


class CreationLimit:
    """The limit on new games per client address: this process's own bucket when it is
    alone, else one bucket per address shared by every process (in Redis, or in the
    database), so that spreading requests over processes gains nothing."""

    def __init__(self, rate: float, burst: float, manager: Any) -> None:
        self.rate, self.burst = rate, burst
        self.manager = manager
        self.local = AddressLimiter(rate, burst)

    async def allow(self, address: str) -> float:
        """0.0 when allowed (and counted), else the seconds to wait before trying again."""
        cluster = self.manager.cluster
        if cluster is None:
            return self.local.allow(address)
        try:
            return await cluster.take(f"create:{address}", self.rate, self.burst)
        except Exception:  # noqa: BLE001 - the shared store is away: this process's bucket
            log.warning("the shared rate limit is unavailable; counting in this process")
            return self.local.allow(address)
