"""Group commit: the actions of every game on this server go to the database together.

Each accepted action must be on disk before anyone hears of it, and each commit costs a disk
flush (fsync) of a few to tens of milliseconds. Committed one by one, a busy server queues its
games behind each other's flushes. Here one writer takes every action waiting at that moment
and commits them in one transaction, so a hundred games pay for one flush, and each action's
wait stays near one flush time. Durability is unchanged: nobody is told of an action before
the transaction holding it has committed.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from hauntkit.server.db import Store

Item = tuple[str, int, int | None, dict[str, Any], dict[str, Any], dict[str, Any] | None, bool]


class GroupCommitter:
    """Commits queued actions in batches on one worker thread."""

    def __init__(self, store: Store, max_batch: int = 256) -> None:
        self.store = store
        self.max_batch = max_batch
        self._pending: list[tuple[Item, asyncio.Future[int]]] = []
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self.batches = 0
        self.items = 0

    async def commit(self, *item: Any) -> int:
        """Commit one action like ``Store.commit_action`` (same arguments), together with
        whatever else is waiting; returns its row number or raises what that would."""
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name="group-commit")
        fut: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self._pending.append((item, fut))  # type: ignore[arg-type]
        self._wake.set()
        return await fut

    async def _run(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._pending:
                batch = self._pending[: self.max_batch]
                del self._pending[: len(batch)]
                items = [item for item, _ in batch]
                try:
                    results: list[Any] = await asyncio.to_thread(self.store.commit_actions, items)
                except Exception:  # noqa: BLE001 - the batch failed as a whole: one by one then,
                    results = await asyncio.to_thread(self._one_by_one, items)  # so one bad
                    # item (or a lost race with another process) spoils only itself
                self.batches += 1
                self.items += len(batch)
                for (_item, fut), res in zip(batch, results, strict=True):
                    if fut.done():
                        continue
                    if isinstance(res, BaseException):
                        fut.set_exception(res)
                    else:
                        fut.set_result(res)

    def _one_by_one(self, items: list[Item]) -> list[Any]:
        out: list[Any] = []
        for item in items:
            try:
                out.append(self.store.commit_action(*item))
            except Exception as exc:  # noqa: BLE001 - handed to that action's submitter
                out.append(exc)
        return out

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
