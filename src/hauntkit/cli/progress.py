"""The progress bar of the long commands (simulate, tournament, balance): what it is doing,
games done of all, time so far and the time left, on standard error, gone when done."""

from __future__ import annotations

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)


def progress_bar(doing: str, console: Console, show: bool = True) -> Progress:
    """A bar labelled ``doing``; drawn only when ``show`` and ``console`` is a terminal."""
    return Progress(TextColumn(doing), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                    TextColumn("ETA"), TimeRemainingColumn(), console=console, transient=True,
                    disable=not (show and console.is_terminal))
