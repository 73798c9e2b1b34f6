"""Each socket's bounded send queue: a client that reads slowly, or not at all, never holds up a
game.

A broadcast only queues each client's message (no waiting on any socket); one writer task per
socket sends its queue in order. When a client falls so far behind that its queue holds more
than ``max_bytes`` of unsent text, it is dropped: its queue is thrown away and its socket
closed with code 4408. Its page reconnects and says hello again, and the fresh state it gets
then is all it missed (docs/protocol.md, "Slow clients").
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Awaitable, Callable

SLOW_CLIENT_CLOSE = 4408  # the websocket close code of a dropped slow client
CLOSE_WAIT = 5.0  # seconds a dropped client's close may take before the socket is left


class Outbox:
    """The queue of texts waiting to be sent on one socket, and the task that sends them."""

    def __init__(self, send_text: Callable[[str], Awaitable[None]],
                 close: Callable[[int], Awaitable[None]], max_bytes: int) -> None:
        self._send_text = send_text
        self._close = close
        self.max_bytes = max_bytes
        self._queue: deque[str] = deque()
        self.queued_bytes = 0
        self._ready = asyncio.Event()
        self._writer: asyncio.Task[None] | None = None
        self.dropped = False  # fell behind and was dropped
        self.failed = False  # the socket refused a send (the client is gone)
        self._close_code: int | None = None  # close with this once the queue is sent

    def start(self) -> None:
        """Start the writer task (call from the event loop that serves the socket)."""
        if self._writer is None:
            self._writer = asyncio.create_task(self._run(), name="outbox")

    def put(self, text: str) -> bool:
        """Queue ``text``; False when the client is dropped (now or before) instead."""
        if self.dropped or self.failed or self._close_code is not None:
            return False
        if self.queued_bytes + len(text) > self.max_bytes and self._queue:
            self._drop()
            return False
        self._queue.append(text)
        self.queued_bytes += len(text)
        self._ready.set()
        return True

    async def _run(self) -> None:
        while True:
            await self._ready.wait()
            while self._queue:
                text = self._queue[0]
                try:
                    await self._send_text(text)
                except asyncio.CancelledError:
                    raise
                except Exception:  # noqa: BLE001 - a dead socket: the reader sees it close
                    self.failed = True
                    self._queue.clear()
                    self.queued_bytes = 0
                    return
                self._queue.popleft()
                self.queued_bytes -= len(text)
            if self._close_code is not None:
                await self._close_socket(self._close_code)
                return
            self._ready.clear()

    def close_after(self, code: int) -> None:
        """Send what is queued (a last word to the client), then close with ``code``."""
        self._close_code = code
        self._ready.set()

    def _drop(self) -> None:
        self.dropped = True
        self._queue.clear()
        self.queued_bytes = 0
        if self._writer is not None:
            self._writer.cancel()  # it may be stuck on the full socket
        asyncio.get_running_loop().create_task(self._close_socket(SLOW_CLIENT_CLOSE),
                                               name="outbox-drop")

    async def _close_socket(self, code: int) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._close(code), CLOSE_WAIT)

    async def stop(self) -> None:
        """Stop the writer (the socket is done)."""
        if self._writer is not None:
            self._writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._writer
