"""What users read never names an internal tracker item (the word issue and a number) nor a
test-only ruleset: the docs (docs/*.md, README.md) and the help of every `hauntkit` command
and subcommand."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import typer.main
from typer.testing import CliRunner

from hauntkit.cli.main import app

ROOT = Path(__file__).resolve().parents[2]
ISSUE = re.compile(r"\bissues?\s*#?\d+", re.IGNORECASE)
TEST_ONLY_RULESETS = re.compile(r"\btoyleague\b", re.IGNORECASE)


def doc_files() -> list[Path]:
    return [*sorted((ROOT / "docs").rglob("*.md")), ROOT / "README.md"]


def command_paths(command: Any, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every command of the tree, as the words that name it (the top command is ``()``); a
    group (typer's own click command) holds its subcommands in ``commands``."""
    out = [path]
    for name, sub in sorted(getattr(command, "commands", {}).items()):
        out += command_paths(sub, (*path, name))
    return out


COMMANDS = command_paths(typer.main.get_command(app))


def test_the_docs_name_no_issue() -> None:
    found = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
             for path in doc_files()
             for number, line in enumerate(path.read_text().splitlines(), 1)
             if ISSUE.search(line)]
    assert not found, "the docs name an issue:\n" + "\n".join(found)


def test_every_command_is_checked() -> None:
    named = {path[0] for path in COMMANDS if path}
    assert {"play", "simulate", "validate", "campaign", "tournament"} <= named
    assert any(len(path) == 2 and path[0] == "campaign" for path in COMMANDS)


@pytest.mark.parametrize("words", COMMANDS, ids=lambda words: " ".join(words) or "hauntkit")
def test_help_names_no_issue_nor_test_ruleset(words: tuple[str, ...]) -> None:
    result = CliRunner().invoke(app, [*words, "--help"], terminal_width=200)
    assert result.exit_code == 0, result.output
    command = " ".join(("hauntkit", *words, "--help"))
    for pattern in (ISSUE, TEST_ONLY_RULESETS):
        found = [line.strip() for line in result.output.splitlines() if pattern.search(line)]
        assert not found, f"`{command}` names {pattern.pattern!r}:\n" + "\n".join(found)
