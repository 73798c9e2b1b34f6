"""`hauntkit balance --bots ismcts` takes the search budget per decision (docs/balance.md):
`--iterations N` or `--time-per-decision S`, handed to the ISMCTS bot of every seat."""

from __future__ import annotations

import orjson
import pytest
from typer.testing import CliRunner

from hauntkit.bots.ismcts import IsmctsBot
from hauntkit.cli.main import app

BASE = ["balance", "--ruleset", "beast", "--haunt", "alley", "--games", "1", "--players", "1",
        "--bots", "ismcts", "--workers", "1", "--json"]


@pytest.fixture
def searches(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, float, int, float | None]]:
    """Every ISMCTS search of the run: (iterations done, CPU seconds, the bot's iterations
    and seconds settings). ``--workers 1`` plays in this process."""
    seen: list[tuple[int, float, int, float | None]] = []
    real = IsmctsBot.search

    def spy(self: IsmctsBot, *args: object, **kwargs: object) -> object:
        out = real(self, *args, **kwargs)
        seen.append((self.last_iterations, self.last_seconds, self.iterations, self.seconds))
        return out

    monkeypatch.setattr(IsmctsBot, "search", spy)
    return seen


def test_iterations_reach_every_search_and_the_report(tmp_path, searches) -> None:
    result = CliRunner().invoke(app, [*BASE, "--iterations", "3", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert searches, "the ISMCTS bot never searched"
    assert all(done == 3 for done, *_ in searches)
    report = orjson.loads(result.stdout)
    assert report["spec"]["bot"] == "ismcts" and report["spec"]["iterations"] == 3
    assert report["spec"]["seconds"] is None
    assert report["overall"]["games"] == 1


def test_the_same_iterations_give_the_same_report(tmp_path) -> None:
    args = [*BASE, "--iterations", "4"]
    one = CliRunner().invoke(app, [*args, "--out", str(tmp_path / "a")])
    two = CliRunner().invoke(app, [*args, "--out", str(tmp_path / "b")])
    assert one.exit_code == 0 and two.exit_code == 0, one.output + two.output
    assert one.stdout == two.stdout


def test_time_per_decision_bounds_each_search(tmp_path, searches) -> None:
    result = CliRunner().invoke(app, [*BASE, "--time-per-decision", "0.02",
                                      "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert searches
    # a time budget, not the default 1000 iterations: each search runs until its deadline
    # (an iteration already begun finishes, so how far past it depends on the machine's
    # load: no upper bound in seconds here) and stops well short of 1000 iterations
    assert all(seconds == 0.02 for *_, seconds in searches)
    assert all(spent >= 0.02 for _, spent, *_ in searches)
    assert all(done < 1000 for done, *_ in searches)
    assert orjson.loads(result.stdout)["spec"]["seconds"] == 0.02


@pytest.mark.parametrize("flag", [["--iterations", "5"], ["--time-per-decision", "0.1"]])
def test_a_budget_for_a_bot_that_does_not_search_is_refused(tmp_path, flag) -> None:
    args = [a if a != "ismcts" else "heuristic" for a in BASE]
    result = CliRunner().invoke(app, [*args, *flag, "--out", str(tmp_path)])
    assert result.exit_code == 1
    assert f"{flag[0]}: bot 'heuristic' does not search" in result.output
    assert not (tmp_path / "balance.json").exists()


def test_a_time_budget_must_be_positive(tmp_path) -> None:
    result = CliRunner().invoke(app, [*BASE, "--time-per-decision", "0", "--out",
                                      str(tmp_path)])
    assert result.exit_code == 1
    assert "--time-per-decision must be above 0" in result.output


def test_tournament_takes_time_per_decision(searches) -> None:
    result = CliRunner().invoke(app, ["tournament", "--ruleset", "beast", "--bots", "ismcts",
                                      "--games", "1", "--time-per-decision", "0.02", "--json"])
    assert result.exit_code == 0, result.output
    assert searches and all(seconds == 0.02 for *_, seconds in searches)
    assert orjson.loads(result.stdout)["options"]["seconds"] == 0.02
