"""The default worker count: the idle cores (cores minus the recent load average, rounded, at
least one), and no more workers than a run's jobs keep busy."""

from __future__ import annotations

import pytest

from hauntkit.sim import workers
from hauntkit.sim.workers import MIN_JOBS_PER_WORKER, default_workers, idle_workers


@pytest.mark.parametrize(("cores", "load", "expected"), [
    (2, 0.0, 2),    # an idle machine: every core
    (2, 0.4, 2),    # background noise does not cost a worker
    (2, 0.5, 2),    # half a core idle counts as a core
    (2, 0.6, 1),
    (2, 1.3, 1),    # another job on one core: the other one
    (2, 9.0, 1),    # overloaded: still one, in this process
    (8, 2.2, 6),
    (8, 0.0, 8),
    (1, 0.0, 1),
    (4, 4.0, 1),
])
def test_the_idle_cores_are_the_cores_minus_the_load(cores, load, expected):
    assert idle_workers(cores, load) == expected


def test_a_short_run_starts_no_more_workers_than_it_keeps_busy(monkeypatch):
    monkeypatch.setattr(workers, "usable_cores", lambda: 8)
    monkeypatch.setattr(workers, "recent_load", lambda: 1.0)
    assert default_workers() == 7
    assert default_workers(10_000) == 7
    assert default_workers(4 * MIN_JOBS_PER_WORKER) == 4
    assert default_workers(MIN_JOBS_PER_WORKER - 1) == 1
    assert default_workers(1) == 1


def test_a_busy_machine_gets_one_worker(monkeypatch):
    monkeypatch.setattr(workers, "usable_cores", lambda: 2)
    monkeypatch.setattr(workers, "recent_load", lambda: 3.5)
    assert default_workers(10_000) == 1
