"""The simulate, replay, scenario and bench commands, end to end through the CLI."""

from __future__ import annotations

from pathlib import Path

import minirace  # noqa: F401 - registers the test-only "race" ruleset
import orjson
import pytest
from typer.testing import CliRunner

from hauntkit.cli.main import app

SCENARIOS = Path(__file__).parents[1] / "sim" / "scenarios"


def run(*args: str):
    return CliRunner().invoke(app, list(args))


@pytest.mark.parametrize("command", ["simulate", "bench", "replay", "scenario"])
def test_help(command):
    result = run(command, "--help")
    assert result.exit_code == 0 and "Usage" in result.output


@pytest.mark.parametrize("extra", [[], ["--json"], ["--games", "30"]])
def test_simulate_same_seed_prints_the_same_bytes(extra):
    args = ["simulate", "--ruleset", "race", "--games", "8", "--players", "3", "--seed", "4",
            *extra]
    first, second = run(*args), run(*args)
    assert first.exit_code == 0, first.output
    assert first.stdout == second.stdout
    other = run(*[a if a != "4" else "5" for a in args])
    assert other.stdout != first.stdout


def test_simulate_json_totals():
    result = run("simulate", "--ruleset", "race", "--games", "12", "--players", "4", "--json")
    data = orjson.loads(result.stdout)
    assert data["games"] == 12 and len(data["per_game"]) == 12
    assert sum(o["games"] for o in data["outcomes"].values()) == 12
    for o in data["outcomes"].values():
        assert 0 <= o["low"] <= o["rate"] <= o["high"] <= 1
    assert data["figures"]["turns"]["total"] == sum(g["stats"]["turns"] for g in data["per_game"])


def test_simulate_text_shows_wins_with_intervals_and_capped_games():
    result = run("simulate", "--ruleset", "race", "--games", "3", "--max-actions", "4")
    assert result.exit_code == 0
    assert "3 capped at 4 actions" in result.stdout
    assert "capped" in result.stdout and "95%" in result.stdout


def test_simulate_refuses_bad_options():
    assert run("simulate", "--ruleset", "nope").exit_code == 1
    assert run("simulate", "--ruleset", "race", "--players", "9").exit_code != 0
    assert run("simulate", "--ruleset", "race", "--config", "novalue").exit_code != 0
    dup = run("simulate", "--ruleset", "race", "--config", "length={a: 1, a: 2}")
    assert dup.exit_code != 0 and "duplicate" in dup.output
    assert "Traceback" not in dup.output


def test_simulate_save_dir_then_replay(tmp_path):
    result = run("simulate", "--ruleset", "race", "--games", "2", "--seed", "7",
                 "--save-dir", str(tmp_path))
    assert result.exit_code == 0
    save_path = tmp_path / "race-seed7.json"
    save = orjson.loads(save_path.read_bytes())
    story = run("replay", str(save_path))
    assert story.exit_code == 0, story.output
    lines = story.stdout.splitlines()
    assert lines[0] == "A race of 2 players begins."
    assert lines[-1].startswith("result: ") and "winner" in lines[-1]
    assert len(lines) == len(save["state"]["log"]) + 1
    assert "state matches the save" in story.stderr

    partial = run("replay", str(save_path), "--to", "3", "--json")
    state = orjson.loads(partial.stdout)
    assert state["version"] == 3 and state["history"] == save["history"][:3]

    acts = run("replay", str(save_path), "--to", "2", "--actions")
    assert "[1] seat 0: " in acts.stdout and "[3]" not in acts.stdout


def test_replay_hides_private_events_for_a_seat(tmp_path):
    run("simulate", "--ruleset", "race", "--games", "3", "--players", "3", "--save-dir",
        str(tmp_path))
    for path in tmp_path.glob("*.json"):
        save = orjson.loads(path.read_bytes())
        private = [e for e in save["state"]["log"] if "to" in e]
        if private:
            owner = private[0]["to"][0]
            other = (owner + 1) % 3
            assert private[0]["text"] in run("replay", str(path), "--seat", str(owner)).stdout
            assert private[0]["text"] not in run("replay", str(path), "--seat", str(other)).stdout
            return
    pytest.fail("no private event in three games")


def test_replay_detects_a_tampered_save(tmp_path):
    run("simulate", "--ruleset", "race", "--games", "1", "--save-dir", str(tmp_path))
    path = next(tmp_path.glob("*.json"))
    save = orjson.loads(path.read_bytes())
    save["state"]["bumps"] += 1
    path.write_bytes(orjson.dumps(save))
    assert run("replay", str(path)).exit_code == 1
    save["history"][0][1] = {"type": "fly"}
    path.write_bytes(orjson.dumps(save))
    bad = run("replay", str(path))
    assert bad.exit_code == 1 and "refused on replay" in bad.stderr
    path.write_text("{}")
    assert run("replay", str(path)).exit_code == 1


def test_scenario_command_exit_codes_and_first_failure(tmp_path):
    ok = run("scenario", str(SCENARIOS))
    assert ok.exit_code == 0, ok.output
    assert "0 failed" in ok.stdout
    bad = tmp_path / "bad.yaml"
    bad.write_text("ruleset: race\nsetup: {pos: [1, 2]}\nsteps:\n  - expect: {pos.0: 4}\n"
                   "  - expect: {pos.1: 5}\n")
    result = run("scenario", str(SCENARIOS / "race_win.yaml"), str(bad))
    assert result.exit_code == 1
    assert f"FAIL  {bad}:4: step 1 (expect): pos.0: expected 4, got 1" in result.stdout
    assert "pos.1" not in result.stdout
    assert run("scenario", str(tmp_path / "missing.yaml")).exit_code == 1


def test_bench_prints_every_figure():
    result = run("bench", "--ruleset", "race", "--seconds", "0.3", "--json")
    assert result.exit_code == 0, result.output
    figures = orjson.loads(result.stdout)
    for key in ("actions_per_second", "games_per_second", "clone_us", "peak_rss_mb",
                "peak_traced_mb_one_game"):
        assert figures[key] > 0, key
    text = run("bench", "--ruleset", "race", "--seconds", "0.2")
    assert "microseconds per clone()" in text.stdout


def test_simulate_reports_a_crashing_game_with_its_seed_and_fails():
    from minirace import Race

    from hauntkit.core.ruleset import register_ruleset

    @register_ruleset
    class CrashRace(Race):
        id = "crashrace"

        def apply(self, state, seat, action):
            if state["turns"] == 6:
                raise ZeroDivisionError("bad rule")
            super().apply(state, seat, action)

    result = run("simulate", "--ruleset", "crashrace", "--games", "3", "--seed", "40")
    assert result.exit_code != 0
    assert "game 0 (seed 40) failed after" in result.stderr
    assert "ZeroDivisionError: bad rule" in result.stderr
    assert "reproduce: hauntkit simulate --ruleset crashrace --games 1 --seed 40" in result.stderr


@pytest.mark.parametrize(("ruleset", "players"), [("betrayal", "3"), ("beast", "2")])
def test_simulate_real_rulesets_twice_same_bytes(ruleset, players):
    args = ["simulate", "--ruleset", ruleset, "--games", "3", "--players", players, "--seed", "2"]
    first = run(*args)
    assert first.exit_code == 0, first.output
    assert first.stdout == run(*args).stdout
    data = orjson.loads(run(*args, "--json").stdout)
    assert data["games"] == 3 and data["capped"] == 0
    assert sum(o["games"] for o in data["outcomes"].values()) == 3


def test_simulate_names_haunts_goals_and_traitors_in_words():
    """An author reads simulate's counts: haunts by their names, the deciding goal in words
    (never a condition's key=value), the traitor by seat, and no Python None."""
    from hauntkit.core.ruleset import get_ruleset

    result = run("simulate", "--ruleset", "betrayal", "--games", "40", "--players", "4",
                 "--workers", "1")
    assert result.exit_code == 0, result.output
    text = result.stdout
    haunt_names = {h.name for h in get_ruleset("betrayal").ix.haunts.values()}
    assert any(name in text for name in haunt_names)
    assert "seat 1" in text or "seat 2" in text or "seat 3" in text or "seat 4" in text
    for raw in ("None", "=True", "counter_at_least", "traitor_dead", "the_bride", "ghoul_pack",
                "traitor is set", "_"):
        assert raw not in text, raw
