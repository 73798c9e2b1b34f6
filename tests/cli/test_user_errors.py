"""User error on the command line is one clear line and a non-zero exit, never a traceback
(issue 12: "The command line never shows a traceback for user error")."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

HAUNTKIT = Path(sys.executable).parent / "hauntkit"


@pytest.mark.parametrize(("ruleset", "counts"), [("betrayal", ("9", "1")),
                                                  ("legacy", ("2", "6")),
                                                  ("beast", ("0", "5"))])
def test_simulate_with_an_invalid_players_count(tmp_path: Path, ruleset: str,
                                                counts: tuple[str, ...]) -> None:
    """Issue 12: a clear message used to be followed by 55 lines of traceback."""
    for players in counts:
        run = subprocess.run([str(HAUNTKIT), "simulate", "--ruleset", ruleset, "--games",
                              "1", "--players", players], capture_output=True, text=True,
                             cwd=tmp_path, timeout=300)
        assert run.returncode == 2, (run.stdout, run.stderr)
        lines = run.stderr.strip().splitlines()
        assert len(lines) == 1 and "Traceback" not in run.stderr, run.stderr
        assert lines[0].startswith(f"error: {ruleset} cannot start a game")
        assert f"players={players}" in lines[0]
        assert run.stdout == ""


def _damaged_saves(folder: Path) -> list[Path]:
    """Saves that are valid JSON but damaged inside."""
    shapes = {
        "seed-text": '{"format": 1, "ruleset": "betrayal", "seed": "x", "config": {}, '
                     '"history": []}',
        "history-number": '{"format": 1, "ruleset": "betrayal", "seed": 1, "config": {}, '
                          '"history": 5}',
        "entry-shape": '{"format": 1, "ruleset": "betrayal", "seed": 1, "config": {}, '
                       '"history": [[0, "roll", 3]]}',
        "config-list": '{"format": 1, "ruleset": "betrayal", "seed": 1, "config": [], '
                       '"history": []}',
        "unknown-ruleset": '{"format": 1, "ruleset": "nope", "seed": 1, "config": {}, '
                           '"history": []}',
    }
    paths = []
    for name, text in shapes.items():
        path = folder / f"{name}.json"
        path.write_text(text)
        paths.append(path)
    return paths


BAD_COMMANDS = [
    (["tournament", "--players", "0", "--games", "1"], "got 0"),
    (["tournament", "--players", "99", "--games", "1"], "got 99"),
    (["bench", "--players", "0", "--seconds", "1"], "got 0"),
    (["bench", "--ruleset", "beast", "--players", "99", "--seconds", "1"], "got 99"),
    (["schema", "--ruleset", "betrayal", "--out", "/proc/no-such-folder/schema.json"],
     "/proc/no-such-folder"),
]


@pytest.mark.parametrize(("args", "named"), BAD_COMMANDS,
                         ids=[" ".join(args[:3]) for args, _ in BAD_COMMANDS])
def test_bad_values_get_one_line_not_a_traceback(tmp_path: Path, args: list[str],
                                                 named: str) -> None:
    run = subprocess.run([str(HAUNTKIT), *args], capture_output=True, text=True, cwd=tmp_path,
                         timeout=300)
    assert run.returncode != 0
    assert "Traceback" not in run.stderr, run.stderr
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), run.stderr
    assert named in lines[0]


def test_damaged_saves_are_refused_naming_the_field(tmp_path: Path) -> None:
    for path in _damaged_saves(tmp_path):
        run = subprocess.run([str(HAUNTKIT), "replay", str(path)], capture_output=True,
                             text=True, cwd=tmp_path, timeout=300)
        assert run.returncode != 0, path
        assert "Traceback" not in run.stderr, run.stderr
        lines = run.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), (path, run.stderr)
