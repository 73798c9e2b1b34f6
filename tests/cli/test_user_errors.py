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
