"""The sockets of the Redis cluster link: one that publishes and one that is subscribed, both
plain asyncio connections speaking Redis's wire format, parsed by hiredis.

Every move of a game held by two processes crosses the link, so each message's CPU counts. A
client library's ``publish`` waits for its reply through its command machinery (about 100 µs of
CPU on this project's machines) and its pub/sub object spends about 85 µs per message received.
Here a publish is one write on a connection whose replies are switched off (``CLIENT REPLY
OFF``), and each message received is parsed as it arrives (about 35 µs, mostly the wake-up).
The link's other Redis work (leases, limits, scripts) goes through redis-py.

Either socket may be lost (Redis restarted, the network failed); it is opened again, and the
cluster is told (``relinked``) so that games whose messages may have been lost catch up.
"""

from __future__ import annotations

import asyncio
import collections
import ssl
from collections.abc import Callable
from typing import Any

import hiredis
from redis.asyncio.connection import SSLConnection, UnixDomainSocketConnection, parse_url

# A publisher whose unsent bytes pass this (Redis stopped reading) drops its connection: the
# messages in it are lost, and the reconnection makes every game catch up instead.
MAX_UNSENT = 8 * 1024 * 1024


def command(*parts: str | bytes) -> bytes:
    """One command in Redis's wire format."""
    out = [b"*%d\r\n" % len(parts)]
    for part in parts:
        raw = part.encode() if isinstance(part, str) else part
        out.append(b"$%d\r\n%s\r\n" % (len(raw), raw))
    return b"".join(out)


class LinkLost(Exception):
    """The connection closed (Redis restarted, or the network failed)."""


class _Socket(asyncio.Protocol):
    def __init__(self, on_lost: Callable[[], None] | None = None) -> None:
        self.reader = hiredis.Reader()
        self.replies: collections.deque[Any] = collections.deque()
        self.arrived = asyncio.Event()
        self.lost = False
        self.on_lost = on_lost

    def data_received(self, data: bytes) -> None:
        self.reader.feed(data)
        got = self.reader.gets()
        while got is not False:
            self.replies.append(got)
            got = self.reader.gets()
        self.arrived.set()

    def connection_lost(self, exc: Exception | None) -> None:
        self.lost = True
        self.arrived.set()
        if self.on_lost is not None:
            self.on_lost()

    async def next(self) -> Any:
        while not self.replies:
            if self.lost:
                raise LinkLost
            self.arrived.clear()
            await self.arrived.wait()
        return self.replies.popleft()


class _Connection:
    """A socket to the Redis at ``url``, authenticated as the URL says and named ``name``
    (so that ``CLIENT LIST`` tells the link's connections apart)."""

    def __init__(self, url: str, name: str, on_lost: Callable[[], None] | None = None) -> None:
        self.url = url
        self.name = name
        self.on_lost = on_lost  # called when an open connection is lost (not on ``close``)
        self.socket: _Socket | None = None
        self.transport: asyncio.Transport | None = None

    @property
    def alive(self) -> bool:
        return self.socket is not None and not self.socket.lost

    async def open(self) -> None:
        self.close()
        params = parse_url(self.url)
        loop = asyncio.get_running_loop()
        kind = params.get("connection_class")

        def make() -> _Socket:
            return _Socket(self.on_lost)

        if kind is UnixDomainSocketConnection:
            transport, socket = await loop.create_unix_connection(make, params["path"])
        else:
            tls = ssl.create_default_context() if kind is SSLConnection else None
            transport, socket = await loop.create_connection(
                make, params.get("host", "localhost"), int(params.get("port", 6379)), ssl=tls)
        self.transport, self.socket = transport, socket
        if params.get("password") is not None:
            user = [params["username"]] if params.get("username") else []
            await self.ask(command("AUTH", *user, params["password"]), "the password")
        await self.ask(command("CLIENT", "SETNAME", self.name), "the connection's name")

    async def ask(self, data: bytes, what: str) -> Any:
        """Send one command and read its reply; ``ConnectionError`` naming ``what`` if Redis
        refuses it."""
        assert self.transport is not None and self.socket is not None
        self.transport.write(data)
        reply = await self.socket.next()
        if isinstance(reply, hiredis.ReplyError):
            self.close()
            raise ConnectionError(f"Redis refused {what}: {reply}")
        return reply

    def close(self) -> None:
        if self.socket is not None:
            self.socket.on_lost = None  # closed on purpose
        if self.transport is not None:
            self.transport.close()
        self.transport = None


class Publisher(_Connection):
    """Publishes without waiting for replies. The messages of one turn of the event loop go
    out in one write (a group commit resolves several games' moves at once): on the loopback,
    each write costs a system call and a wake-up of Redis."""

    def __init__(self, url: str, name: str, on_lost: Callable[[], None] | None = None) -> None:
        super().__init__(url, name, on_lost)
        self._batch: list[bytes] = []

    async def open(self) -> None:
        await super().open()
        assert self.transport is not None
        self.transport.write(command("CLIENT", "REPLY", "OFF"))  # no reply to this either

    def publish(self, channel: str, data: bytes) -> None:
        """Queue one PUBLISH for this turn's write; ``LinkLost`` when the connection is gone
        (``open`` it again)."""
        if not self.alive:
            raise LinkLost
        self._batch.append(command("PUBLISH", channel, data))
        if len(self._batch) == 1:
            asyncio.get_running_loop().call_soon(self._flush)

    def _flush(self) -> None:
        batch, self._batch = self._batch, []
        transport = self.transport
        if transport is None or not self.alive:  # lost meanwhile: the catch-up covers it
            return
        transport.write(b"".join(batch))
        if transport.get_write_buffer_size() > MAX_UNSENT:
            self.close()
            if self.on_lost is not None:
                self.on_lost()


class Subscriber(_Connection):
    """Subscribed to ``channels``; hands out the data of the messages that arrive."""

    def __init__(self, url: str, name: str, channels: list[str]) -> None:
        super().__init__(url, name)
        self.channels = channels

    async def open(self) -> None:
        await super().open()
        assert self.transport is not None and self.socket is not None
        self.transport.write(command("SUBSCRIBE", *self.channels))
        for _ in self.channels:
            reply = await self.socket.next()
            if not (isinstance(reply, list) and reply and reply[0] == b"subscribe"):
                self.close()
                raise ConnectionError(f"Redis refused the subscription: {reply!r}")

    async def messages(self) -> list[bytes]:
        """The data of the messages that have arrived (waits for at least one); ``LinkLost``
        when the connection is gone."""
        socket = self.socket
        if socket is None:
            raise LinkLost
        while True:
            pending = [await socket.next(), *socket.replies]
            socket.replies.clear()
            out = [item[2] for item in pending
                   if isinstance(item, list) and len(item) == 3 and item[0] == b"message"]
            if out:
                return out
