"""How late the event loop runs: a task asks to wake every ``every`` seconds and notes by how
much each wake-up came late. A late wake-up means something held the loop (a long callback,
a garbage collection, the process waiting for a core), and every client waits that long too.

``hauntkit loadtest`` reads the figures through ``GET /api/health?loop_lag=1`` (and clears them
with ``loop_lag=reset`` when its measurement starts).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import math
import time
from typing import Any

# Garbage collector thresholds of a server process. Python's defaults (700, 10, 10) ran a young
# collection every few actions and, every few seconds, a full one over every live game's state:
# under load a full collection held the loop for hundreds of milliseconds. A game's
# state is plain data without reference cycles, freed as soon as it is replaced, so collecting
# seldom costs little memory: young collections every 50,000 new objects, older ones rarely.
GC_THRESHOLDS = (50_000, 20, 100)


def tune_gc() -> None:
    """Collect once, move everything alive now (modules, content) out of the collector's
    sight for good (``gc.freeze``), and raise the thresholds; call when a server has started."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


class LoopLag:
    """Samples of the event loop's lateness, in seconds, since the last ``reset``."""

    def __init__(self, every: float = 0.05, keep: int = 100_000) -> None:
        self.every = every
        self.keep = keep
        self.samples: list[float] = []
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name="loop-lag")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _run(self) -> None:
        while True:
            asked = time.perf_counter()
            await asyncio.sleep(self.every)
            self.note(time.perf_counter() - asked - self.every)

    def note(self, late: float) -> None:
        if len(self.samples) < self.keep:
            self.samples.append(max(0.0, late))

    def reset(self) -> None:
        self.samples.clear()

    def figures(self) -> dict[str, Any]:
        """p50/p99/max lateness in milliseconds, and how many wake-ups they come from."""
        ms = [s * 1000 for s in self.samples]

        def rank(q: float) -> float | None:
            return round(percentile(ms, q), 1) if ms else None

        return {"n": len(ms), "p50_ms": rank(0.5), "p99_ms": rank(0.99), "max_ms": rank(1.0)}


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values`` (nearest rank); NaN for no values."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
    return ordered[k]
