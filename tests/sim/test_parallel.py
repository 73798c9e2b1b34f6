"""The parallel runner: results in job order, so output is identical for any worker count."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from hauntkit.cli.main import app
from hauntkit.core.errors import HauntkitError
from hauntkit.sim.cliutil import optional_values, ray_address
from hauntkit.sim.parallel import run_ordered
from hauntkit.sim.simulate import SimSpec, iter_records
from hauntkit.sim.workers import CHUNK_MAX, chunk_size, default_workers


@pytest.mark.parametrize("workers", [1, 2, 3])
def test_results_come_back_in_job_order_for_any_worker_count(workers):
    items = [(-1) ** i * i for i in range(50)]
    assert list(run_ordered(abs, items, workers)) == [abs(i) for i in items]


def test_idle_cores_by_default_and_sane_chunks():
    assert default_workers() >= 1
    assert list(run_ordered(abs, [-3, 4], None)) == [3, 4]
    # at most CHUNK_MAX games a chunk (the last one leaves a core idle briefly), eight a worker
    assert chunk_size(10_000, 2) == CHUNK_MAX and chunk_size(3, 8) == 1
    assert chunk_size(64, 2) == 4
    with pytest.raises(HauntkitError, match="workers must be at least 1"):
        list(run_ordered(abs, [1], 0))


@pytest.mark.parametrize("workers", [2, 3])
def test_workers_play_the_same_games_as_one_process(workers):
    # 48 games: chunks of several games each (chunk_size), handed out to the workers in turn
    spec = SimSpec("betrayal", games=48, seed=7, max_actions=400)
    one = [record.to_dict() for record in iter_records(spec, 1)]
    many = [record.to_dict() for record in iter_records(spec, workers)]
    assert chunk_size(spec.games, workers) > 1
    assert [record["seed"] for record in one] == list(range(7, 55))
    assert many == one


def test_simulate_json_is_byte_identical_with_one_and_two_workers():
    args = ["simulate", "--ruleset", "betrayal", "--games", "6", "--seed", "11", "--json",
            "--max-actions", "3000"]
    runner = CliRunner()
    one = runner.invoke(app, [*args, "--workers", "1"])
    two = runner.invoke(app, [*args, "--workers", "2"])
    default = runner.invoke(app, args)
    assert one.exit_code == 0, one.output
    assert one.stdout == two.stdout == default.stdout
    assert '"per_game"' in one.stdout


def test_ray_option_may_come_without_an_address():
    assert optional_values(["simulate", "--ray"], {"--ray": "local"}) == [
        "simulate", "--ray", "local"]
    assert optional_values(["--ray", "--games", "3"], {"--ray": "local"}) == [
        "--ray", "local", "--games", "3"]
    assert optional_values(["--ray", "10.0.0.1:6379"], {"--ray": "local"}) == [
        "--ray", "10.0.0.1:6379"]
    assert ray_address(None) is None
    assert ray_address("local") == "" and ray_address("") == ""
    assert ray_address("10.0.0.1:6379") == "10.0.0.1:6379"
