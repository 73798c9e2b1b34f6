"""`hauntkit bench`: speed figures of random play on one core."""

from __future__ import annotations

import sys
from typing import Annotated

import orjson
import typer
from rich.console import Console
from rich.table import Table

from hauntkit.sim.bench import run_bench
from hauntkit.sim.cliutil import load_ruleset, parse_config

LABELS = {
    "actions_per_second": "actions per second (random play, act_trusted)",
    "games_per_second": "full games per second",
    "actions_per_game": "actions per game",
    "clone_us": "microseconds per clone() (mid-game states)",
    "state_kb": "state size without log/history (KiB of JSON)",
    "replay_actions_per_second": "actions per second replaying (checked act)",
    "peak_rss_mb": "peak memory of the process (MiB, max RSS)",
    "peak_traced_mb_one_game": "peak Python allocations of one game (MiB, tracemalloc)",
    "games": "games played",
    "capped": "games capped",
    "actions": "actions played",
    "seconds": "seconds of play",
}


def register(app: typer.Typer) -> None:
    @app.command("bench")
    def bench_cmd(
        ruleset: Annotated[str, typer.Option(help="Ruleset id: betrayal or beast.")] = "betrayal",
        seconds: Annotated[float, typer.Option(min=0.1, help="Seconds of random play.")] = 5.0,
        players: Annotated[int | None, typer.Option(help="Seats (default: the ruleset's).")] = (
            None),
        seed: Annotated[int, typer.Option(help="Seed of the first game.")] = 0,
        config: Annotated[list[str] | None, typer.Option(
            help="Extra game config KEY=VALUE (repeatable).")] = None,
        content: Annotated[list[str] | None, typer.Option(
            help="Extra content folder (repeatable).")] = None,
        replace_starter: Annotated[bool, typer.Option(
            help="Use only --content, not the starter pack.")] = False,
        json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False,
    ) -> None:
        """Random play on one core: actions/s, games/s, microseconds per clone(), peak memory.

        Targets (docs/architecture.md): at least 50,000 actions/s and clone() under 20 us.
        """
        game_config = parse_config(config)
        if players is not None:
            game_config["players"] = players
        rs = load_ruleset(ruleset, list(content or []), replace_starter)
        figures = run_bench(rs, game_config, seconds, seed)
        if json:
            sys.stdout.write(orjson.dumps(figures, option=orjson.OPT_INDENT_2).decode() + "\n")
            return
        table = Table(title=f"hauntkit bench: {ruleset} {game_config or ''}".rstrip())
        table.add_column("figure")
        table.add_column("value", justify="right")
        for key, label in LABELS.items():
            table.add_row(label, str(figures[key]))
        Console().print(table)
