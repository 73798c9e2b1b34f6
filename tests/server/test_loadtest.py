"""`hauntkit loadtest` (issue 12, "Load"): it drives games over real websockets against a server
it starts, stays within its time bound, and prints latency percentiles, CPU and memory."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import orjson

from hauntkit.server.loadgen import percentile

HAUNTKIT = Path(sys.executable).parent / "hauntkit"


def test_percentiles_by_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 0.5) == 50.0
    assert percentile(values, 0.9) == 90.0
    assert percentile(values, 0.99) == 99.0
    assert percentile([7.0], 0.99) == 7.0


def test_a_short_loadtest_measures_broadcasts(tmp_path: Path) -> None:
    start = time.monotonic()
    run = subprocess.run([str(HAUNTKIT), "loadtest", "--games", "2", "--duration", "6",
                          "--think", "0.2", "--bot-delay", "0.2", "--json"],
                         capture_output=True, text=True, cwd=tmp_path, timeout=600)
    assert run.returncode == 0, run.stderr
    figures = orjson.loads(run.stdout)
    assert figures["games"] == 2 and figures["workers"] == 1
    assert figures["client_actions"] > 0 and figures["samples"] >= figures["client_actions"]
    assert 0 < figures["p50_ms"] <= figures["p90_ms"] <= figures["p99_ms"]
    assert figures["server_rss_mb"] > 10 and figures["server_cpu_cores"] >= 0
    assert figures["errors"] == {}, figures["errors"]
    assert figures["duration_s"] < 30
    assert time.monotonic() - start < 300  # bounded: start-up, six seconds, shutdown


def test_loadtest_refuses_bad_options(tmp_path: Path) -> None:
    run = subprocess.run([str(HAUNTKIT), "loadtest", "--games", "0"], capture_output=True,
                         text=True, cwd=tmp_path, timeout=120)
    assert run.returncode == 2 and len(run.stderr.strip().splitlines()) == 1
    assert "Traceback" not in run.stderr
