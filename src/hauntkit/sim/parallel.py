"""Running independent jobs in worker processes or on a Ray cluster, results in job order.

A job is ``fn(item)`` for a module-level ``fn`` and a picklable ``item``. Results come back in
the order of ``items`` whatever the number of workers or the backend, so anything built from
them (a simulation's totals, a balance report) is byte-identical for any worker count::

    for result in run_ordered(play_one, jobs, workers=None):      # the idle cores
        ...
    for result in run_ordered(play_one, jobs, ray_address=""):    # local Ray
        ...
"""

from __future__ import annotations

import multiprocessing
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

from hauntkit.core.errors import HauntkitError
from hauntkit.sim.workers import chunk_size, default_workers

T = TypeVar("T")
R = TypeVar("R")

LOCAL_RAY = ""  # ``ray_address`` meaning: start (or join) a Ray instance on this machine


def _pool_context() -> Any:
    """``fork`` where the platform has it: workers start as copies of this process, with
    whatever it has loaded and cached (a ruleset's content), instead of loading it again."""
    if "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return None


def run_ordered(fn: Callable[[T], R], items: Sequence[T], workers: int | None = None,
                ray_address: str | None = None) -> Iterator[R]:
    """``fn(item)`` for every item, yielded in item order.

    ``workers``: processes (``None``: ``default_workers``; 1 runs in this process).
    ``ray_address``: ``None`` for local processes, ``""`` for a local Ray instance with
    ``workers`` CPUs, else the address of a Ray cluster (``ray.init(address=...)``); ``fn``'s
    module must be importable on the cluster's nodes.
    """
    n = default_workers(len(items)) if workers is None else workers
    if n < 1:
        raise HauntkitError(f"workers must be at least 1, got {n}")
    if ray_address is not None:
        yield from _run_ray(fn, items, n, ray_address)
    elif n == 1 or len(items) <= 1:
        for item in items:
            yield fn(item)
    else:
        with ProcessPoolExecutor(max_workers=min(n, len(items)),
                                 mp_context=_pool_context()) as pool:
            yield from pool.map(fn, items, chunksize=chunk_size(len(items), n))


def _run_chunk(fn: Callable[[Any], Any], chunk: list[Any]) -> list[Any]:
    return [fn(item) for item in chunk]


def _run_ray(fn: Callable[[T], R], items: Sequence[T], workers: int,
             address: str) -> Iterator[R]:
    try:
        import ray
    except ImportError:
        raise HauntkitError("--ray needs the ray extra: pip install 'hauntkit[ray]'") from None
    if not ray.is_initialized():
        if address == LOCAL_RAY:
            # "local": always a new instance of our own, never a cluster found on the machine
            ray.init(address="local", num_cpus=workers, include_dashboard=False,
                     log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
    remote = ray.remote(_run_chunk)
    size = chunk_size(len(items), workers)
    chunks = [list(items[i:i + size]) for i in range(0, len(items), size)]
    ahead = max(2, 2 * workers)  # chunks in flight: enough to keep every CPU busy
    pending = [remote.remote(fn, c) for c in chunks[:ahead]]
    submitted = len(pending)
    while pending:
        done = ray.get(pending.pop(0))
        if submitted < len(chunks):
            pending.append(remote.remote(fn, chunks[submitted]))
            submitted += 1
        yield from done


def shutdown_ray() -> None:
    """Disconnect from Ray if this process connected (tests and the CLI call it at the end)."""
    ray = sys.modules.get("ray")  # not imported: never connected (importing it takes ~0.4 s)
    if ray is not None and ray.is_initialized():
        ray.shutdown()
