"""`hauntkit simulate` as a user runs it: in a terminal it shows how many games are done and
the time left (ETA) on standard error; with --json, or when standard error is not a terminal,
it shows nothing there."""

from __future__ import annotations

import os
import pty
import re
import subprocess
import sys

import pytest

SIMULATE = [sys.executable, "-c", "from hauntkit.cli.main import app; app()", "simulate",
            "--ruleset", "betrayal", "--games", "30", "--max-actions", "300"]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def _stderr_on_a_terminal(*extra: str) -> tuple[int, str, str]:
    """Run simulate with standard error on a pseudo-terminal: exit code, stdout, what the
    terminal received (escape sequences removed)."""
    main_fd, terminal_fd = pty.openpty()
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "120"}
    env.pop("NO_COLOR", None)
    process = subprocess.Popen([*SIMULATE, *extra], stdout=subprocess.PIPE,
                               stderr=terminal_fd, env=env)
    os.close(terminal_fd)
    received = bytearray()
    while True:  # read as it comes, so the terminal's buffer never blocks the command
        try:
            chunk = os.read(main_fd, 4096)
        except OSError:  # the command closed its end
            break
        if not chunk:
            break
        received += chunk
    os.close(main_fd)
    stdout = process.stdout.read().decode() if process.stdout else ""
    code = process.wait()
    return code, stdout, ANSI.sub("", received.decode(errors="replace"))


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_terminal_sees_games_done_and_the_time_left(workers):
    code, stdout, shown = _stderr_on_a_terminal("--workers", workers)
    assert code == 0, shown
    assert f"simulating on {workers} worker" in shown
    assert re.search(r"\d+/30", shown)
    assert re.search(r"ETA\s+\d+:\d\d:\d\d", shown), shown
    assert "30 games" in stdout  # the totals still go to standard output


def test_json_output_keeps_the_terminal_quiet():
    code, stdout, shown = _stderr_on_a_terminal("--json")
    assert code == 0
    assert shown.strip() == ""
    assert stdout.startswith("{")


def test_a_pipe_gets_no_progress():
    done = subprocess.run(SIMULATE, capture_output=True, text=True, check=True)
    assert done.stderr == ""
    assert "30 games" in done.stdout
