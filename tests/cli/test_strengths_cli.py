"""The command line takes the strengths players meet (docs/bots.md, "Strengths") wherever it
takes a bot, names them first in its help, and times Hard's decisions (`bot-speed --bot`)."""

from __future__ import annotations

import orjson
import pytest
from typer.testing import CliRunner

from hauntkit.bots.strengths import HARD_ROLLOUTS
from hauntkit.cli.main import app


def run(*args: str):
    return CliRunner().invoke(app, list(args))


@pytest.mark.parametrize("command", ["simulate", "balance", "tournament"])
def test_help_names_the_strengths_first(command: str) -> None:
    result = run(command, "--help")
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.replace("│", " ").split())  # the help box's lines joined
    assert "easy, normal, hard" in text
    assert text.index("easy, normal, hard") < text.index("heuristic")


def test_simulate_plays_an_easy_game() -> None:
    result = run("simulate", "--ruleset", "beast", "--games", "1", "--bot", "easy",
                 "--workers", "1", "--json")
    assert result.exit_code == 0, result.output
    assert orjson.loads(result.stdout)["games"] == 1


def test_tournament_pits_the_strengths_against_each_other() -> None:
    result = run("tournament", "--ruleset", "betrayal", "--bots", "normal,easy,hard",
                 "--iterations", "10", "--games", "3", "--json")
    assert result.exit_code == 0, result.output
    report = orjson.loads(result.stdout)
    assert [r["bot"] for r in report["results"]] == ["normal", "easy", "hard"]
    assert all(r["seat_games"] > 0 for r in report["results"])


def test_balance_plays_every_seat_with_a_strength(tmp_path) -> None:
    result = run("balance", "--ruleset", "beast", "--haunt", "alley", "--games", "2",
                 "--bots", "normal", "--workers", "1", "--out", str(tmp_path), "--json")
    assert result.exit_code == 0, result.output


def test_bot_speed_times_hard_at_its_own_budget() -> None:
    result = run("bot-speed", "--ruleset", "beast", "--bot", "hard", "--decisions", "2",
                 "--json")
    assert result.exit_code == 0, result.output
    fig = orjson.loads(result.stdout)
    assert fig["bot"] == "hard" and fig["iterations"] == HARD_ROLLOUTS and fig["decisions"] == 2
    assert 0 < fig["cpu_seconds_per_decision"] <= fig["slowest_cpu_seconds"]
    assert 0 < fig["wall_seconds_per_decision"] <= fig["slowest_wall_seconds"]


@pytest.mark.parametrize("bot", ["normal", "grandmaster"])
def test_bot_speed_refuses_a_bot_that_does_not_search(bot: str) -> None:
    result = run("bot-speed", "--ruleset", "beast", "--bot", bot, "--decisions", "1")
    assert result.exit_code == 2
    assert bot in result.output
