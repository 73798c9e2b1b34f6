"""`hauntkit tournament`: bots against bots with seats rotated; win rates with 95% intervals."""

from __future__ import annotations

import sys
from typing import Annotated, Any

import orjson
import typer
from rich.console import Console
from rich.table import Table

from hauntkit.bots.base import bot_names
from hauntkit.cli.markdown import markdown_table, thousands
from hauntkit.cli.progress import progress_bar
from hauntkit.sim import blunders
from hauntkit.sim.cliutil import load_ruleset, parse_config
from hauntkit.sim.tournament import COOPERATIVE, haunt_lengths, run_tournament


def register(app: typer.Typer) -> None:
    register_speed(app)

    @app.command("tournament")
    def tournament_cmd(
        ruleset: Annotated[str, typer.Option(help="Ruleset id: betrayal, legacy or beast.")] = "betrayal",
        bots: Annotated[str, typer.Option(
            help="Comma-separated bots: strengths (easy, normal, hard) or research bots "
                 "(heuristic, ismcts, default, random), e.g. normal,easy.")] = "heuristic,random",
        games: Annotated[int, typer.Option(min=1, help="Games (per bot for beast).")] = 20,
        players: Annotated[int | None, typer.Option(
            help="Seats (betrayal: 3 to 6, legacy: 3 to 5). Default: the ruleset's.")] = None,
        seed: Annotated[int, typer.Option(help="Seed of game 0; game i uses seed+i.")] = 0,
        iterations: Annotated[int | None, typer.Option(
            min=1, help="Search iterations per decision (ismcts, hard).")] = None,
        seconds: Annotated[float | None, typer.Option(
            "--seconds", "--time-per-decision", metavar="S",
            help="Search CPU seconds per decision, instead of iterations (ismcts, hard).")] = None,
        rollout: Annotated[int | None, typer.Option(
            min=0, help="Search rollout length in actions (ismcts, hard).")] = None,
        content: Annotated[list[str] | None, typer.Option(
            help="Extra content folder or file (repeatable).")] = None,
        config: Annotated[list[str] | None, typer.Option(
            help="Extra game config KEY=VALUE (repeatable).")] = None,
        mode: Annotated[str, typer.Option(
            help="seats: bots rotated over the seats; sides (betrayal, legacy; two bots): --opening "
                 "plays until the haunt, then one bot per side, each seed played twice with "
                 "the sides swapped.")] = "seats",
        opening: Annotated[str, typer.Option(
            help="The bot of every seat before the haunt in sides mode (a strength or a "
                 "research bot).")] = "heuristic",
        json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False,
        markdown: Annotated[bool, typer.Option(
            "--markdown", help="Print a markdown table of the win rates (the docs' figure "
                               "tables).")] = False,
    ) -> None:
        """Play bots against each other and print each bot's win rate with a 95% interval
        (Wilson). betrayal and legacy rotate the bots over the seats game by game; beast
        (cooperative) gives each bot every seat of the same games."""
        names = [b.strip() for b in bots.split(",") if b.strip()]
        known = bot_names()
        unknown = [b for b in [*names, opening] if b not in known]
        if not names or unknown:
            typer.echo(f"error: unknown bot(s) {unknown or bots!r}; known bots: "
                       f"{', '.join(known)}", err=True)
            raise typer.Exit(2)
        rs = load_ruleset(ruleset, list(content or []))
        cfg = parse_config(config)
        if players is not None:
            cfg["players"] = players
        options = {"iterations": iterations, "seconds": seconds, "rollout": rollout}
        if mode not in ("seats", "sides"):
            typer.echo(f"error: --mode must be seats or sides, got {mode!r}", err=True)
            raise typer.Exit(2)
        if mode == "sides" and len(dict.fromkeys(names)) != 2 and rs.id not in COOPERATIVE:
            typer.echo("error: --mode sides needs exactly two different bots", err=True)
            raise typer.Exit(2)
        coop = rs.id in COOPERATIVE
        total = games * (len(dict.fromkeys(names)) if coop else 2 if mode == "sides" else 1)
        err = Console(stderr=True)
        progress = progress_bar("playing", err, show=not (json or markdown))
        with progress:
            task = progress.add_task("games", total=total)
            report = run_tournament(rs, names, games, seed, cfg, options,
                                    progress=lambda k: progress.update(task, completed=k),
                                    mode=mode, opening=opening)
        if rs.id not in COOPERATIVE:
            report["haunts"] = haunt_lengths(report)
        if json:
            sys.stdout.write(orjson.dumps(report, option=orjson.OPT_INDENT_2).decode() + "\n")
            return
        if markdown:
            typer.echo(markdown_report(report))
            return
        out = Console(width=None if sys.stdout.isatty() else 130)
        render(report, out)


def register_speed(app: typer.Typer) -> None:
    @app.command("bot-speed")
    def speed_cmd(
        ruleset: Annotated[str, typer.Option(help="Ruleset id: betrayal, legacy or beast.")] = "betrayal",
        decisions: Annotated[int, typer.Option(min=1, help="Decisions to search.")] = 20,
        bot: Annotated[str | None, typer.Option(
            help="A searching bot to time at its own budget (hard, or ismcts): prints the "
                 "seconds a decision takes instead. Default: ismcts at --iterations.")] = None,
        iterations: Annotated[int | None, typer.Option(
            min=1, help="Iterations each (default: 1000; with --bot, the bot's own).")] = None,
        rollout: Annotated[int, typer.Option(min=0, help="Rollout length.")] = 6,
        seed: Annotated[int, typer.Option(help="Seed of the first game.")] = 0,
        json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False,
        markdown: Annotated[bool, typer.Option(
            "--markdown", help="Print a markdown table of one row (the docs' figure "
                               "tables).")] = False,
    ) -> None:
        """ISMCTS iterations per CPU second on mid-game decisions of heuristic games (with
        --bot: the seconds a searching bot such as hard takes a decision)."""
        from hauntkit.bots.speed import ismcts_speed

        rs = load_ruleset(ruleset)
        if bot is not None and bot not in bot_names():
            typer.echo(f"error: unknown bot {bot!r}; known bots: {', '.join(bot_names())}",
                       err=True)
            raise typer.Exit(2)
        try:
            fig = ismcts_speed(rs, {}, seed, decisions,
                               iterations if bot is not None or iterations else 1000, rollout,
                               bot=bot or "ismcts")
        except TypeError as exc:
            typer.echo(f"error: {exc}; time hard or ismcts", err=True)
            raise typer.Exit(2) from None
        if json:
            sys.stdout.write(orjson.dumps(fig, option=orjson.OPT_INDENT_2).decode() + "\n")
            return
        if markdown:
            typer.echo(speed_markdown(fig, per_decision=bot is not None))
            return
        for key, value in fig.items():
            typer.echo(f"{key}: {value}")


def speed_markdown(fig: dict[str, Any], per_decision: bool) -> str:
    """``bot-speed``'s row: iterations per CPU second, or (``per_decision``) the seconds a
    decision of the bot takes, mean and slowest, in CPU and on the wall clock."""
    if not per_decision:
        return markdown_table(
            ["ruleset", "iterations per CPU second",
             f"CPU seconds per decision of {fig['iterations']:,} iterations"],
            [[fig["ruleset"], thousands(fig["iterations_per_cpu_second"]),
              fig["cpu_seconds_per_decision"]]])
    return markdown_table(
        ["ruleset", "bot", "decisions", "iterations a decision",
         "CPU seconds a decision (mean / slowest)", "wall seconds a decision (mean / slowest)"],
        [[fig["ruleset"], fig["bot"], fig["decisions"], thousands(fig["iterations"]),
          f"{fig['cpu_seconds_per_decision']} / {fig['slowest_cpu_seconds']}",
          f"{fig['wall_seconds_per_decision']} / {fig['slowest_wall_seconds']}"]])


def markdown_report(report: dict[str, Any]) -> str:
    """The tournament as markdown rows: the first names the tournament, then one row per bot
    with its win rate (wins per side), 95% interval and mean game length."""
    length_unit = "rounds" if report["mode"] == "cooperative" else "turns"
    over = "seat-games" if report["mode"] == "seats" else "games"
    rows = []
    for index, result in enumerate(report["results"]):
        sides = ", ".join(f"{side} {tally['wins']}/{tally['games']}"
                          for side, tally in result["by_side"].items())
        rate = f"{result['rate']:.1%} of {result['seat_games']} {over}"
        rows.append([tournament_title(report) if index == 0 else "", result["bot"],
                     f"{rate} ({sides})" if report["mode"] != "cooperative" else rate,
                     f"{result['low']:.1%} - {result['high']:.1%}",
                     f"{result['mean_turns']} {length_unit}"])
    return markdown_table(["tournament", "bot", "win rate", "95% interval", "mean length"],
                          rows)


def tournament_title(report: dict[str, Any]) -> str:
    """``betrayal, sides, 10 seeds (20 games), 200 iterations, seed 100``: what was played."""
    games, mode = report["games"], report["mode"]
    settings = " ".join(f"{key}={value}" for key, value in report["config"].items())
    parts = [f"{report['ruleset']} {settings}".strip()]
    if mode == "sides":
        parts += ["sides", f"{games} seeds ({2 * games} games)"]
    elif mode == "seats":
        parts += ["seats", f"{games} games"]
    else:
        parts.append(f"{games} games each")
    parts += [f"{value} {name}" for name, value in report["options"].items()]
    parts.append(f"seed {report['seed']}")
    return ", ".join(parts)


def render_blunders(report: dict[str, Any], out: Console) -> None:
    """The blunder audit: per bot, its win rate and its blunders per 100 games of each kind,
    then the worst example of each kind (docs/balance.md, "The blunder audit")."""
    table = Table(title="blunders per 100 games (docs/balance.md, \"The blunder audit\")")
    for name in ["bot", "games", "win rate", *blunders.column_names()]:
        table.add_column(name, justify="left" if name == "bot" else "right")
    for r in report["results"]:
        audit = report["blunders"][r["bot"]]
        table.add_row(r["bot"], str(audit["games"]), f"{r['rate']:.1%}",
                      *blunders.rates_text(audit))
    out.print(table)
    for line in blunders.example_lines(report["blunder_examples"], 1):
        out.print(line, highlight=False, markup=False)


def render(report: dict[str, object], out: Console) -> None:
    """The tournament table: one row per bot."""
    results = report["results"]
    assert isinstance(results, list)
    sides = sorted({s for r in results for s in r["by_side"]})
    table = Table(title=f"{report['ruleset']} tournament: {report['games']} games, "
                        f"{report['mode']}, seed {report['seed']}")
    table.add_column("bot")
    table.add_column("seat-games" if report["mode"] == "seats" else "games", justify="right")
    table.add_column("wins", justify="right")
    table.add_column("win rate", justify="right")
    table.add_column("95% interval", justify="right")
    for side in sides:
        table.add_column(f"as {side}", justify="right")
    table.add_column("mean turns", justify="right")
    for r in results:
        cells = [r["bot"], str(r["seat_games"]), str(r["wins"]), f"{r['rate']:.1%}",
                 f"{r['low']:.1%} - {r['high']:.1%}"]
        for side in sides:
            s = r["by_side"].get(side)
            cells.append(f"{s['wins']}/{s['games']}" if s else "-")
        cells.append(str(r["mean_turns"]))
        table.add_row(*cells)
    out.print(table)
    render_blunders(report, out)
    haunts = report.get("haunts")
    if isinstance(haunts, dict) and haunts:
        ht = Table(title="turns per game by haunt")
        ht.add_column("haunt")
        ht.add_column("games", justify="right")
        ht.add_column("mean turns", justify="right")
        for h, v in haunts.items():
            ht.add_row(h, str(v["games"]), str(v["mean_turns"]))
        out.print(ht)
