"""`hauntkit bench --check`: instructions per action against a baseline file (issue 13)."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest
from typer.testing import CliRunner

from hauntkit.cli.main import app
from hauntkit.sim.instructions import available_tool

needs_counter = pytest.mark.skipif(
    available_tool() is None,
    reason="neither perf nor valgrind can count instructions on this machine")


@needs_counter
def test_check_flags_a_rise_of_more_than_ten_percent_and_only_that(tmp_path: Path) -> None:
    baseline = tmp_path / "baseline.json"
    # a small workload; the per-action figure far below any real one, the per-clone one far
    # above: the first is a regression, the second is not
    baseline.write_bytes(orjson.dumps({
        "tool": "callgrind", "actions": 40, "clones": 10, "tolerance": 0.1,
        "rulesets": {"betrayal": {"config": {}, "instructions_per_action": 1,
                                  "instructions_per_clone": 10**12}}}))
    result = CliRunner().invoke(app, ["bench", "--check", str(baseline), "--json"])
    assert result.exit_code == 1, result.output
    rows = {r["figure"]: r for r in orjson.loads(result.stdout)}
    action, clone = rows["instructions_per_action"], rows["instructions_per_clone"]
    assert action["regressed"] and action["now"] > 10_000
    assert not clone["regressed"] and 10_000 < clone["now"] < 10**12
    assert "betrayal instructions_per_action 1 ->" in result.stderr


def test_check_refuses_a_file_that_is_not_a_baseline(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    result = CliRunner().invoke(app, ["bench", "--check", str(bad)])
    assert result.exit_code == 2
    assert "not a bench baseline" in result.stderr and "Traceback" not in result.output


def test_check_refuses_a_baseline_of_the_other_build(tmp_path: Path) -> None:
    """A baseline counted on the compiled build says nothing about pure Python (or back):
    the check says so in one line instead of flagging a 60% 'regression' (issue 13)."""
    from hauntkit import compiled

    this_build_compiled = bool(compiled.status()["compiled"])
    baseline = tmp_path / "baseline.json"
    baseline.write_bytes(orjson.dumps({
        "tool": "callgrind", "compiled": not this_build_compiled, "actions": 40, "clones": 10,
        "tolerance": 0.1, "rulesets": {"betrayal": {"config": {}, "instructions_per_action": 1,
                                                    "instructions_per_clone": 1}}}))
    result = CliRunner().invoke(app, ["bench", "--check", str(baseline)])
    assert result.exit_code == 2, result.output
    assert "not comparable" in result.stderr and "Traceback" not in result.output
    recorded = "the mypyc-compiled build" if not this_build_compiled else "pure Python"
    assert f"was recorded on {recorded}" in result.stderr
