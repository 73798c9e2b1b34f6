"""`hauntkit loadtest` (issue 12, "Load"): it drives games over real websockets against a server
it starts, stays within its time bound, and prints latency percentiles, CPU and memory."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import orjson

from hauntkit.cli.loadtest import parse_games, table
from hauntkit.server.looplag import percentile

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
    # every action (bots' too) as the spectators saw it, and the server's CPU per action
    assert figures["server_actions"] >= 1 and figures["server_cpu_ms_per_action"] > 0
    assert figures["server_loop_lag"]["processes"] == 1
    assert figures["server_loop_lag"]["p50_ms"] <= figures["server_loop_lag"]["max_ms"]
    assert figures["loadgen_loop_lag"]["n"] > 0
    assert figures["errors"] == {}, figures["errors"]
    assert figures["duration_s"] < 30
    assert time.monotonic() - start < 300  # bounded: start-up, six seconds, shutdown


def test_the_load_can_come_from_several_processes(tmp_path: Path) -> None:
    run = subprocess.run([str(HAUNTKIT), "loadtest", "--games", "3", "--duration", "5",
                          "--think", "0.2", "--bot-delay", "0.2", "--load-procs", "2", "--json"],
                         capture_output=True, text=True, cwd=tmp_path, timeout=600)
    assert run.returncode == 0, run.stderr
    figures = orjson.loads(run.stdout)
    assert figures["loadgen_processes"] == 2 and figures["games"] == 3
    # both processes' games were measured: the actions of three games' clients and bots
    assert figures["client_actions"] > 0 and figures["samples"] >= figures["client_actions"]
    assert figures["server_actions"] >= figures["client_actions"]
    assert figures["loadgen_loop_lag"]["n"] > 0 and figures["errors"] == {}


def test_loadtest_refuses_bad_options(tmp_path: Path) -> None:
    for bad in (["--games", "0"], ["--games", "10,x"], ["--games", "10,-5"],
                ["--games", "10", "--load-procs", "0"]):
        run = subprocess.run([str(HAUNTKIT), "loadtest", *bad],
                             capture_output=True, text=True, cwd=tmp_path, timeout=120)
        assert run.returncode == 2 and len(run.stderr.strip().splitlines()) == 1, bad
        assert "Traceback" not in run.stderr


def test_several_game_counts_make_one_table() -> None:
    assert parse_games("10,50,100,200") == [10, 50, 100, 200]
    assert parse_games("7") == [7]
    row = {"games": 10, "p50_ms": 3.5, "p90_ms": 9.0, "p99_ms": 20.1, "max_ms": 30.0,
           "actions_per_s": 12.5, "server_cpu_cores": 0.1, "server_cpu_ms_per_action": 2.0,
           "server_loop_lag": {"p99_ms": 4.0}, "loadgen_cpu_cores": 0.05,
           "machine_load": [1.5, 1.0, 1.0], "errors": {"stale_version": 2}}
    lines = table([row, dict(row, games=200, p99_ms=48.0, server_loop_lag=None)]).splitlines()
    assert len(lines) == 3 and "p99 ms" in lines[0] and "lag p99" in lines[0]
    assert lines[1].split()[:4] == ["10", "3.5", "9.0", "20.1"]
    assert lines[1].split()[8] == "4.0" and lines[1].split()[-1] == "2"
    assert lines[2].split()[3] == "48.0" and lines[2].split()[8] == "-"
