"""How many worker processes a run of independent jobs uses, and how many jobs each is handed
at once (``parallel.run_ordered`` and the commands built on it: simulate, balance).

The rule, when no count is asked for: the machine's idle cores (cores minus the recent load
average, rounded, at least one), no more workers than get ``MIN_JOBS_PER_WORKER`` jobs each,
and jobs handed out in short chunks so that the workers finish close together.
"""

from __future__ import annotations

import math
import os

MIN_JOBS_PER_WORKER = 16  # fewer jobs than this a worker: starting it costs more than it saves


def usable_cores() -> int:
    """The cores this process may use (at least 1)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def recent_load() -> float:
    """The machine's load average over the last minute (0.0 where the platform has none)."""
    try:
        return os.getloadavg()[0]
    except (AttributeError, OSError):  # not on Unix, or unreadable
        return 0.0


def idle_workers(cores: int, load: float) -> int:
    """Workers worth starting on ``cores`` cores while other work keeps ``load`` of them busy
    (the recent load average): the idle cores, ``cores - load`` rounded to the nearest whole
    core, at least 1 and at most ``cores``. A worker on a core that is busy elsewhere takes
    turns with that work: it gains the run little and costs the other work as much."""
    return max(1, min(cores, math.floor(cores - load + 0.5)))


def default_workers(jobs: int | None = None) -> int:
    """The worker count when none is asked for: ``idle_workers`` of this machine now, and for
    ``jobs`` jobs no more workers than get ``MIN_JOBS_PER_WORKER`` jobs each."""
    workers = idle_workers(usable_cores(), recent_load())
    if jobs is not None:
        workers = min(workers, max(1, jobs // MIN_JOBS_PER_WORKER))
    return workers


CHUNK_MAX = 25  # jobs per chunk at most: short chunks even out the workers' finishing times


def chunk_size(jobs: int, workers: int) -> int:
    """Jobs sent to a worker at once: at least eight chunks per worker and at most
    ``CHUNK_MAX`` jobs each, so that the workers finish close together (the last chunk of a
    10,000-game run is a fraction of a second, not several seconds of one core idle)."""
    return max(1, min(CHUNK_MAX, jobs // (workers * 8)))
