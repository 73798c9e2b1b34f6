"""Rich tables for simulation totals (text mode of ``hauntkit simulate``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.table import Table

PER_GAME_LIMIT = 20


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def figure_name(key: str) -> str:
    """A figure's key in words: ``hunters_lost`` -> "hunters lost", ``explorers.count`` ->
    "explorers count"."""
    return key.replace("_", " ").replace(".", " ")


def render_summary(summary: dict[str, Any], console: Console,
                   words: Callable[[str, str], str] | None = None) -> None:
    """Print outcomes (with Wilson 95% intervals), figures and counts; ``words(figure,
    value)`` names a count's value (the ruleset's ``stat_words``)."""
    players = summary.get("players")
    console.print(
        f"[bold]{summary['ruleset']}[/bold]: {summary['games']} games, seed {summary['seed']}"
        + (f", {players} players" if players is not None else "")
        + f", bot {summary['bot']}, {summary['capped']} capped at {summary['max_actions']} actions"
    )
    if summary["per_game"] and len(summary["per_game"]) <= PER_GAME_LIMIT:
        games = Table(title="Games")
        for col in ("game", "seed", "outcome", "actions"):
            games.add_column(col, justify="right" if col != "outcome" else "left")
        for g in summary["per_game"]:
            games.add_row(str(g["index"]), str(g["seed"]), g["outcome"], str(g["actions"]))
        console.print(games)
    wins = Table(title="Outcomes (95% Wilson interval)")
    for col in ("outcome", "games", "rate", "95% interval"):
        wins.add_column(col, justify="left" if col == "outcome" else "right")
    for outcome, w in summary["outcomes"].items():
        wins.add_row(outcome, str(w["games"]), _pct(w["rate"]),
                     f"{_pct(w['low'])} - {_pct(w['high'])}")
    console.print(wins)
    figures = Table(title="Figures per game")
    for col in ("figure", "mean", "min", "max", "total"):
        figures.add_column(col, justify="left" if col == "figure" else "right")
    if summary["actions"]:
        a = summary["actions"]
        figures.add_row("actions", str(a["mean"]), str(a["min"]), str(a["max"]), str(a["total"]))
    for key, f in summary["figures"].items():
        if "mean" in f:
            figures.add_row(figure_name(key), str(f["mean"]), str(f["min"]), str(f["max"]),
                            str(f["total"]))
        else:
            figures.add_row(figure_name(key), _pct(f["rate"]), "", "",
                            f"{f['true']} of {f['games']}")
    console.print(figures)
    if summary["counts"]:
        counts = Table(title="Counts")
        for col in ("figure", "value", "games"):
            counts.add_column(col, justify="right" if col == "games" else "left")
        for key, values in summary["counts"].items():
            for value, n in values.items():
                counts.add_row(figure_name(key), words(key, value) if words else value, str(n))
        console.print(counts)
