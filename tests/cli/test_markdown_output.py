"""`--markdown` of the measuring commands prints a markdown table that the docs' figure tables
are made of (scripts/docs_figures.py joins the rows of several commands under one header)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from hauntkit.cli.loadtest import markdown_rows, server_name
from hauntkit.cli.main import app
from hauntkit.cli.markdown import markdown_table


def table_of(*args: str) -> list[list[str]]:
    """The cells of each line of the command's markdown table (the rule line left out)."""
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 0, result.output
    lines = result.stdout.strip().splitlines()
    assert lines[1].startswith("|---")
    return [[cell.strip() for cell in line.strip("|").split(" | ")]
            for line in [lines[0], *lines[2:]]]


def test_tournament_rows_name_the_tournament_once_then_one_row_per_bot() -> None:
    header, *rows = table_of("tournament", "--ruleset", "betrayal", "--bots", "heuristic,random",
                             "--games", "2", "--seed", "3", "--markdown")
    assert header == ["tournament", "bot", "win rate", "95% interval", "mean length"]
    assert [row[:2] for row in rows] == [["betrayal, seats, 2 games, seed 3", "heuristic"],
                                         ["", "random"]]
    assert all("of 4 seat-games (" in row[2] and row[4].endswith(" turns") for row in rows)


def test_bench_row_names_the_ruleset_and_its_config() -> None:
    header, *rows = table_of("bench", "--ruleset", "beast", "--config", "loadout=full",
                             "--seconds", "0.1", "--no-instructions", "--markdown")
    assert header[:2] == ["ruleset", "actions/s"]
    ((name, *cells),) = rows
    assert name == "beast, loadout=full"
    assert cells[-2:] == ["n/a", "n/a"]  # instructions not counted
    assert int(cells[0].replace(",", "")) > 0


def test_balance_rows_are_the_haunts_then_all(tmp_path: Path) -> None:
    header, *rows = table_of("balance", "--ruleset", "beast", "--haunt", "alley", "--games", "1",
                             "--players", "1", "--workers", "1", "--out", str(tmp_path),
                             "--markdown")
    assert header[:3] == ["haunt", "games", "hunters win (95%)"]
    assert [row[0] for row in rows] == ["Back Alley", "ALL"]  # the map by its name
    assert (tmp_path / "balance.json").exists()


def test_loadtest_rows_name_the_server() -> None:
    row = {"games": 200, "p50_ms": 2.4, "p99_ms": None, "actions_per_s": 275.0,
           "server_cpu_ms_per_action": 1.23}
    name = server_name(2, "postgresql://db", "redis://cache", None)
    assert markdown_rows([row], name).splitlines()[2] == (
        "| 2 processes, PostgreSQL + Redis | 200 | 2.4 | - | 275.0 | 1.23 |")
    assert server_name(1, None, None, None) == "1 process, SQLite"


def test_a_pipe_in_a_cell_is_escaped() -> None:
    assert markdown_table(["a"], [["x|y"]]).splitlines()[2] == "| x\\|y |"
