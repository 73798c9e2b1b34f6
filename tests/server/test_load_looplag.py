"""The event-loop lag monitor behind `hauntkit loadtest`'s server figures (issue 12, "Load"):
a callback that holds the loop shows up as a late wake-up of that size."""

from __future__ import annotations

import asyncio
import gc
import time

from hauntkit.server.looplag import GC_THRESHOLDS, LoopLag, tune_gc


def test_a_blocked_loop_is_seen_late_by_about_the_block() -> None:
    async def scenario() -> dict[str, object]:
        lag = LoopLag(every=0.005)
        lag.start()
        while len(lag.samples) < 3:  # running
            await asyncio.sleep(0.001)
        time.sleep(0.2)  # a callback that holds the loop for 200 ms
        seen = len(lag.samples)
        while len(lag.samples) < seen + 2:
            await asyncio.sleep(0.001)
        figures = lag.figures()
        lag.reset()
        after = lag.figures()
        await lag.stop()
        return {"figures": figures, "after": after}

    out = asyncio.run(scenario())
    figures, after = out["figures"], out["after"]
    assert isinstance(figures, dict) and isinstance(after, dict)
    assert figures["max_ms"] >= 190  # the 200 ms block, less the wake-up's own period
    assert figures["p50_ms"] <= figures["p99_ms"] <= figures["max_ms"]
    assert after == {"n": 0, "p50_ms": None, "p99_ms": None, "max_ms": None}


def test_lateness_is_never_negative() -> None:
    lag = LoopLag()
    lag.note(-0.01)
    lag.note(0.02)
    assert lag.samples == [0.0, 0.02]
    assert lag.figures()["max_ms"] == 20.0


def test_a_server_process_collects_garbage_seldom_and_never_rescans_its_start_up() -> None:
    """What ``hauntkit play`` sets once its app is built (restored afterwards: the test
    process keeps its own settings)."""
    before = gc.get_threshold()
    try:
        tune_gc()
        assert gc.get_threshold() == GC_THRESHOLDS
        assert GC_THRESHOLDS[0] >= 10_000  # not the default 700: no young collection per action
        assert gc.get_freeze_count() > 1000  # modules and the like are out of sight for good
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
