"""`hauntkit balance`: bot games per haunt and player count; a table, an HTML page and JSON."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Annotated, Any

import orjson
import typer
from rich.console import Console
from rich.table import Table

from hauntkit.cli.markdown import markdown_table
from hauntkit.cli.progress import progress_bar
from hauntkit.core.errors import HauntkitError
from hauntkit.sim import blunders
from hauntkit.sim.balance import check_bot, make_spec, parse_band, run_balance
from hauntkit.sim.cliutil import RAY_HELP, load_ruleset, ray_address
from hauntkit.sim.idle import check_idle_side, wins_word
from hauntkit.sim.parallel import shutdown_ray
from hauntkit.sim.runner import DEFAULT_MAX_ACTIONS, SimulationError


def report_json(report: dict[str, Any]) -> bytes:
    """The JSON report as bytes (sorted keys): the same seed gives the same bytes."""
    return orjson.dumps(report, option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS) + b"\n"


def table_rows(report: dict[str, Any]) -> tuple[list[str], list[list[str]]]:
    """The report's columns and its rows of text, one per haunt and ``ALL``; the band column
    says ``ok`` or ``OUTSIDE``; then the blunders per 100 games of each kind, and with the
    idle-side probe the active side's win rate."""
    spec = report["spec"]
    idle = spec.get("idle_side")
    columns = ["haunt", "games", f"{spec['side']} win (95%)", "band", "length mean/median",
               "deaths", "decided most often by", *blunders.column_names()]
    if idle:
        columns.append(f"idle-side probe ({idle} idle)")
    rows = []
    for name, e in {**report["scenarios"], "ALL": report["overall"]}.items():
        w = e["side_win"]
        top = max(e["goals"].items(), key=lambda kv: (kv[1], kv[0]))[0] if e["goals"] else ""
        row = [e.get("name", name), str(e["games"]), f"{w['rate']:.0%} [{w['low']:.0%}-{w['high']:.0%}]",
               "OUTSIDE" if e["outside_band"] else "ok",
               f"{e['length'].get('mean', '-')} / {e['length'].get('median', '-')}",
               str(e["deaths"].get("mean", "-")), top, *blunders.rates_text(e["blunders"])]
        if idle:
            row.append(probe_text(e["idle_probe"]))
        rows.append(row)
    return columns, rows


def scenario_names(report: dict[str, Any], key: str) -> str:
    """The scenarios of ``report[key]`` (``flagged``, ``unreachable``) by their names, or
    ``none``."""
    scenarios = report["scenarios"]
    return ", ".join(scenarios[sc].get("name", sc) for sc in report[key]) or "none"


def audit_row_of(report: dict[str, Any]) -> tuple[list[str], list[list[str]]]:
    """The whole run's blunder audit as one row: what was played, the bot, the games, the
    band side's win rate and the blunders per 100 games of each kind."""
    spec, overall = report["spec"], report["overall"]
    played = spec["ruleset"] + (f", {spec['iterations']} iterations" if spec["iterations"]
                                else "")
    win = overall["side_win"]
    return (["ruleset", "bot", "games", "band side win", *blunders.column_names()],
            [[played, spec["bot"], str(overall["games"]), f"{spec['side']} {win['rate']:.0%}",
              *blunders.rates_text(overall["blunders"])]])


def probe_text(probe: dict[str, Any]) -> str:
    """``"traitor wins 95% of 20: ok"`` (of the games whose haunt began), or with ``"goals may
    be unreachable for traitor"`` in place of ``ok``."""
    win = probe["active_win"]
    verdict = f"goals may be unreachable for {probe['active']}" if probe["unreachable"] \
        else "ok"
    return f"{wins_word(probe['active'])} {win['rate']:.0%} of {probe['started']}: {verdict}"


def render_table(report: dict[str, Any], console: Console) -> None:
    """The report as a terminal table, one row per haunt."""
    spec = report["spec"]
    table = Table(title=f"balance: {spec['ruleset']}, bot {spec['bot']}, "
                        f"{spec['games']} games per haunt and player count")
    columns, rows = table_rows(report)
    for col in columns:
        table.add_column(col, no_wrap=col == columns[0])  # a haunt's name on one line
    band = columns.index("band")
    for row in rows:
        table.add_row(*row[:band], "[red]OUTSIDE[/red]" if row[band] == "OUTSIDE" else "ok",
                      *row[band + 1:])
    console.print(table)
    low, high = spec["band"]
    console.print(f"outside the band {low}-{high}: {scenario_names(report, 'flagged')}")
    if spec.get("idle_side"):
        active = "traitor" if spec["idle_side"] == "heroes" else "heroes"
        console.print(f"goals may be unreachable for {active}: "
                      f"{scenario_names(report, 'unreachable')}")
    for line in blunders.example_lines(report["blunder_examples"], 1):
        console.print(line, highlight=False, markup=False)


def register(app: typer.Typer) -> None:
    @app.command("balance")
    def balance_cmd(
        haunt: Annotated[str, typer.Option(
            help="Haunt id, a comma-separated list, or 'all' (beast: map ids).")] = "all",
        games: Annotated[int, typer.Option(
            min=1, help="Games per haunt and player count.")] = 20,
        bots: Annotated[str, typer.Option(
            help="Bot in every seat: a strength (easy, normal, hard) or a research bot "
                 "(heuristic, ismcts, default, random).")] = "heuristic",
        ruleset: Annotated[str, typer.Option(help="Ruleset id.")] = "betrayal",
        players: Annotated[str | None, typer.Option(
            help="Player counts, comma-separated (default: every count).")] = None,
        content: Annotated[list[str] | None, typer.Option(
            help="Extra content folder or file (repeatable).")] = None,
        replace_starter: Annotated[bool, typer.Option(
            help="Use only --content, not the starter pack.")] = False,
        seed: Annotated[int, typer.Option(help="Seed of the run.")] = 0,
        idle_side: Annotated[str | None, typer.Option(
            "--idle-side", metavar="SIDE",
            help="The idle-side probe (betrayal, legacy): SIDE (heroes or traitor) does "
                 "nothing after the haunt; a haunt the other side does not win nearly always "
                 "is reported as 'goals may be unreachable'.")] = None,
        band: Annotated[str, typer.Option(
            help="Fairness band LOW-HIGH for the heroes' win rate.")] = "0.35-0.65",
        max_actions: Annotated[int, typer.Option(
            help="Cap per game; a game reaching it is reported as capped.")] = DEFAULT_MAX_ACTIONS,
        iterations: Annotated[int | None, typer.Option(
            min=1, help="ISMCTS iterations per decision (default 1000).")] = None,
        time_per_decision: Annotated[float | None, typer.Option(
            "--time-per-decision", "--seconds", metavar="S",
            help="ISMCTS CPU seconds per decision, instead of iterations (the games then "
                 "depend on the machine's speed: not reproducible).")] = None,
        workers: Annotated[int | None, typer.Option(
            min=1, help="Processes to use. Default: the idle cores (cores minus the load "
                        "average, at least 1; see docs/performance.md).")] = None,
        ray: Annotated[str | None, typer.Option(
            "--ray", metavar="[ADDRESS]", help=RAY_HELP)] = None,
        out: Annotated[Path, typer.Option(
            help="Folder for balance.json and balance.html.")] = Path("balance-report"),
        json: Annotated[bool, typer.Option(
            "--json", help="Print the JSON report instead of the table.")] = False,
        markdown: Annotated[bool, typer.Option(
            "--markdown", help="Print the table as markdown (the docs' figure tables); "
                               "the report files are written as ever.")] = False,
        audit_row: Annotated[bool, typer.Option(
            "--audit-row", help="Print one markdown row of the blunder audit over the whole "
                                "run: ruleset, bot, games, the band side's win rate and the "
                                "blunders per 100 games of each kind (the docs' audit "
                                "table).")] = False,
    ) -> None:
        """Play GAMES bot games per haunt and player count; report win rates with 95%
        intervals, length, deaths, the goals that decided, and haunts outside the band.

        The same options give a byte-identical balance.json whatever --workers or --ray.
        """
        rs = load_ruleset(ruleset, list(content or []), replace_starter)
        try:
            counts = [int(p) for p in players.split(",")] if players else None
        except ValueError:
            typer.echo(f"error: --players must be numbers separated by commas, got {players!r}",
                       err=True)
            raise typer.Exit(1) from None
        try:
            spec = make_spec(rs, haunt, games, counts, seed=seed, bot=bots,
                             content=tuple(content or ()), replace_starter=replace_starter,
                             max_actions=max_actions, band=parse_band(band),
                             iterations=iterations, seconds=time_per_decision,
                             idle_side=idle_side)
            check_idle_side(rs, idle_side)
            if counts:
                for n in counts:  # refuse a bad count now, not in a worker
                    rs.new_state({**rs.scenario_config(spec.scenarios[0]), "players": n}, 0)
            check_bot(spec)
        except HauntkitError as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(1) from None
        total = len(spec.jobs())
        err = Console(stderr=True)
        progress = progress_bar("balance", err, show=not (json or markdown or audit_row))
        start = time.perf_counter()
        try:
            with progress:
                task = progress.add_task("games", total=total)
                report, records = run_balance(spec, workers, ray_address(ray),
                                              progress=lambda _r: progress.advance(task),
                                              ruleset=rs)
        except SimulationError as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(1) from None
        finally:
            shutdown_ray()
        wall = time.perf_counter() - start
        from hauntkit.sim.balance_html import render_html

        out.mkdir(parents=True, exist_ok=True)
        data = report_json(report)
        (out / "balance.json").write_bytes(data)
        (out / "balance.html").write_text(render_html(report, records, wall), encoding="utf-8")
        if json:
            sys.stdout.write(data.decode())
            return
        if markdown:
            typer.echo(markdown_table(*table_rows(report)))
            return
        if audit_row:
            typer.echo(markdown_table(*audit_row_of(report)))
            return
        console = Console(width=None if sys.stdout.isatty() else 140)
        render_table(report, console)
        console.print(f"{total} games in {wall:.1f} s; report: {out / 'balance.html'} "
                      f"and {out / 'balance.json'}")
