"""`hauntkit bench`: speed figures of random play on one core."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import orjson
import typer
from rich.console import Console
from rich.table import Table

from hauntkit.cli.markdown import markdown_table, thousands
from hauntkit.core.errors import HauntkitError
from hauntkit.core.ruleset import installed_ruleset_ids
from hauntkit.sim import instructions
from hauntkit.sim.bench import check_baseline, run_bench, write_baseline
from hauntkit.sim.cliutil import load_ruleset, parse_config

LABELS = {
    "compiled": "compiled hot paths",
    "actions_per_second": "actions per second (random play, act_trusted)",
    "games_per_second": "full games per second",
    "actions_per_game": "actions per game",
    "clone_us": "microseconds per clone() (mid-game states)",
    "state_kb": "state size without log/history (KiB of JSON)",
    "replay_actions_per_second": "actions per second replaying (checked act)",
    "instructions_per_action": "instructions per action (perf/callgrind; starter content)",
    "instructions_per_clone": "instructions per clone() (perf/callgrind; starter content)",
    "peak_rss_mb": "peak memory of the process (MiB, max RSS)",
    "peak_traced_mb_one_game": "peak Python allocations of one game (MiB, tracemalloc)",
    "games": "games played",
    "capped": "games capped",
    "actions": "actions played",
    "seconds": "CPU seconds of play",
}


def register(app: typer.Typer) -> None:
    @app.command("bench")
    def bench_cmd(
        ruleset: Annotated[str, typer.Option(help="Ruleset id (betrayal, beast, legacy, ...).")] = "betrayal",
        seconds: Annotated[float, typer.Option(min=0.1, help="CPU seconds of random play.")] = 5.0,
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
        markdown: Annotated[bool, typer.Option(
            "--markdown", help="Print the main figures as markdown (one table row; with --env, "
                               "the env tables): the docs' figure tables, `make docs-figures`."
        )] = False,
        count_instructions: Annotated[bool, typer.Option(
            "--instructions/--no-instructions",
            help="Also count instructions per action and per clone() with perf or callgrind "
                 "(stable on a busy machine; callgrind takes about a minute).")] = True,
        check: Annotated[Path | None, typer.Option(
            help="Only count instructions and compare with this baseline file; exit 1 on a "
                 "rise of more than its tolerance (10%).")] = None,
        write: Annotated[Path | None, typer.Option(
            "--write-baseline", help="Only count instructions and write them as the baseline "
                                      "file for --check.")] = None,
        env: Annotated[bool, typer.Option(
            "--env", help="Measure the environments instead: per ruleset the env's steps/s "
                          "beside the engine's actions/s (side by side, --seconds each), the "
                          "vector env, and PettingZoo's connect_four_v3 (needs the env "
                          "extra).")] = False,
    ) -> None:
        """Random play on one core: actions/s, games/s, microseconds per clone(), peak memory,
        and instructions per action where perf or valgrind can count them.

        Goals: betrayal 50,000 actions/s and 75 games/s, beast 30,000 actions/s,
        clone() within 10 us. `make bench-check` guards instructions per action.
        """
        if check is not None or write is not None:
            _baseline(check, write, json)
            return
        if env:
            _env_bench(seconds, json, markdown)
            return
        game_config = parse_config(config)
        if players is not None:
            game_config["players"] = players
        rs = load_ruleset(ruleset, list(content or []), replace_starter)
        figures = run_bench(rs, game_config, seconds, seed)
        if count_instructions:
            figures.update(_count(ruleset, game_config, bool(content)))
        if json:
            sys.stdout.write(orjson.dumps(figures, option=orjson.OPT_INDENT_2).decode() + "\n")
            return
        if markdown:
            typer.echo(markdown_figures(ruleset, game_config, figures))
            return
        table = Table(title=f"hauntkit bench: {ruleset} {game_config or ''}".rstrip())
        table.add_column("figure")
        table.add_column("value", justify="right")
        for key, label in LABELS.items():
            if key in figures:
                table.add_row(label, str(figures[key]))
        Console().print(table)


def _env_bench(seconds: float, json: bool, markdown: bool) -> None:
    try:
        from hauntkit.env import bench as env_bench

        figures = env_bench.run_env_bench(seconds)
    except ImportError as exc:
        typer.echo(f"error: `hauntkit bench --env` needs the env extra "
                   f"(pip install 'hauntkit[env]'): {exc}", err=True)
        raise typer.Exit(2) from None
    except HauntkitError as exc:  # the env's own word for a missing extra, among others
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None
    if json:
        sys.stdout.write(orjson.dumps(figures, option=orjson.OPT_INDENT_2).decode() + "\n")
    elif markdown:
        sys.stdout.write(env_bench.markdown(figures) + "\n")
    else:
        table = Table(title="hauntkit bench --env (random play; CPU seconds, side by side)")
        for column in ("ruleset", "engine actions/s", "env steps/s", "env / engine"):
            table.add_column(column, justify="left" if column == "ruleset" else "right")
        for row in figures["rulesets"]:
            table.add_row(row["ruleset"], f"{row['engine_actions_per_second']:,}",
                          f"{row['env_steps_per_second']:,}", f"{row['ratio']:.0%}")
        Console().print(table)
        vector = figures["vector"]
        typer.echo(f"vector env: {vector['ruleset']}, {vector['envs']} games on "
                   f"{vector['workers']} workers: {vector['steps_per_second']:,} steps/s "
                   f"(wall)")
        typer.echo(f"PettingZoo connect_four_v3: "
                   f"{figures['connect_four_v3_steps_per_second']:,} steps/s (one env, CPU)")


MARKDOWN_COLUMNS = {
    "actions_per_second": "actions/s",
    "games_per_second": "games/s",
    "actions_per_game": "actions per game",
    "clone_us": "clone() µs",
    "instructions_per_action": "instructions per action",
    "instructions_per_clone": "instructions per clone()",
}


def markdown_figures(ruleset: str, config: dict, figures: dict) -> str:
    """The bench's main figures as a markdown table of one row, named by the ruleset and its
    config (``beast, loadout=full``)."""
    name = ", ".join([ruleset, *(f"{key}={value}" for key, value in config.items())])
    cells = [thousands(figures.get(key, "n/a")) for key in MARKDOWN_COLUMNS]
    return markdown_table(["ruleset", *MARKDOWN_COLUMNS.values()], [[name, *cells]])


def _count(ruleset: str, config: dict, own_content: bool) -> dict:
    """Instruction figures, or why there are none."""
    why = ("n/a with --content" if own_content else
           "n/a (test ruleset)" if ruleset not in installed_ruleset_ids() else None)
    try:
        counted = None if why else instructions.count(ruleset, config)
    except HauntkitError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None
    if counted is None:
        why = why or "n/a (no perf/valgrind)"
        return {"instructions_per_action": why, "instructions_per_clone": why}
    return counted


def _baseline(check: Path | None, write: Path | None, json: bool) -> None:
    try:
        if write is not None:
            data = write_baseline(write)
            typer.echo(f"wrote {write} ({data['tool']}): " + ", ".join(
                f"{rid} {e['instructions_per_action']} per action, "
                f"{e['instructions_per_clone']} per clone"
                for rid, e in data["rulesets"].items()))
            return
        assert check is not None
        rows = check_baseline(check)
    except HauntkitError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None
    if json:
        sys.stdout.write(orjson.dumps(rows, option=orjson.OPT_INDENT_2).decode() + "\n")
    else:
        table = Table(title=f"hauntkit bench --check {check}")
        for column in ("ruleset", "figure", "baseline", "now", "change"):
            table.add_column(column, justify="left" if column in ("ruleset", "figure")
                             else "right")
        for row in rows:
            change = f"{(row['ratio'] - 1) * 100:+.1f}%" + (" REGRESSION" if row["regressed"]
                                                            else "")
            table.add_row(row["ruleset"], row["figure"], str(row["baseline"]),
                          str(row["now"]), change)
        Console().print(table)
    if rows and rows[0]["tool"] != rows[0]["baseline_tool"]:
        typer.echo(f"warning: counted with {rows[0]['tool']}, the baseline with "
                   f"{rows[0]['baseline_tool']}; the figures may differ for that alone",
                   err=True)
    regressed = [r for r in rows if r["regressed"]]
    if regressed:
        typer.echo("regression: " + "; ".join(
            f"{r['ruleset']} {r['figure']} {r['baseline']} -> {r['now']}" for r in regressed),
            err=True)
        raise typer.Exit(1)
