"""`hauntkit bench --env`: the env beside the engine in one run, the vector env and
connect_four_v3, as a table and as the markdown table of docs/env.md."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from hauntkit.env import bench as env_bench


def test_env_bench_measures_every_ruleset_beside_the_engine():
    figures = env_bench.run_env_bench(seconds=0.3, vector_envs=4, vector_workers=2)
    assert [row["ruleset"] for row in figures["rulesets"]] == list(env_bench.ENV_RULESETS)
    for row in figures["rulesets"]:
        assert row["engine_actions_per_second"] > 0 and row["env_steps_per_second"] > 0
        assert row["ratio"] == round(row["env_steps_per_second"]
                                     / row["engine_actions_per_second"], 3)
    assert figures["vector"]["workers"] == 2 and figures["vector"]["steps_per_second"] > 0
    assert figures["connect_four_v3_steps_per_second"] > 0
    table = env_bench.markdown(figures).splitlines()
    assert table[0].startswith("| environment | engine actions/s | env steps/s")
    assert len(table) == 2 + 3 + 2 and all(line.startswith("|") for line in table)
    assert "connect_four_v3" in table[-1] and "vector env, betrayal, 4 games on 2 workers" \
        in table[-2]


def test_the_command_prints_json_with_the_same_figures():
    run = subprocess.run([str(Path(sys.executable).parent / "hauntkit"), "bench", "--env", "--seconds",
                          "0.2", "--json"], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    figures = json.loads(run.stdout)
    assert {row["ruleset"] for row in figures["rulesets"]} == {"betrayal", "legacy", "beast"}
    assert set(figures) == {"rulesets", "vector", "connect_four_v3_steps_per_second"}
