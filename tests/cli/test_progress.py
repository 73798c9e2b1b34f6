"""The long commands show how far they are and how long is left (an ETA) in a terminal, and
nothing when their output is not a terminal (a pipe, --json)."""

from __future__ import annotations

import io

from rich.console import Console

from hauntkit.cli.progress import progress_bar


def _shown(terminal: bool, show: bool = True) -> str:
    out = io.StringIO()
    console = Console(file=out, force_terminal=terminal, width=100)
    with progress_bar("simulating", console, show=show) as bar:
        task = bar.add_task("games", total=10)
        bar.advance(task, 4)
        bar.refresh()
    return out.getvalue()


def test_a_terminal_sees_progress_and_the_time_left() -> None:
    shown = _shown(terminal=True)
    assert "simulating" in shown and "4/10" in shown and "ETA" in shown


def test_a_pipe_or_json_sees_nothing() -> None:
    assert _shown(terminal=False) == ""
    assert _shown(terminal=True, show=False) == ""
