"""`hauntkit simulate`: full games with bots in every seat, and their totals."""

from __future__ import annotations

import sys
from typing import Annotated, Any

import orjson
import typer
from rich.console import Console

from hauntkit.bots import get_bot
from hauntkit.cli.progress import progress_bar
from hauntkit.core import Game, HauntkitError
from hauntkit.core.ruleset import Ruleset
from hauntkit.sim.cliutil import RAY_HELP, load_ruleset, parse_config, ray_address
from hauntkit.sim.parallel import shutdown_ray
from hauntkit.sim.render import render_summary
from hauntkit.sim.runner import DEFAULT_MAX_ACTIONS, SimulationError
from hauntkit.sim.simulate import SimSpec, simulate
from hauntkit.sim.workers import default_workers

PROGRESS_FROM = 20  # games; shorter runs show no progress bar


def check_config(rs: Ruleset, config: dict[str, Any], seed: int) -> None:
    """Refuse a config the ruleset will not start a game with (``--players 9``): one line on
    stderr and exit 2, before any game is simulated."""
    try:
        Game.new(rs, config, seed)
    except (HauntkitError, ValueError, TypeError) as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        typer.echo(f"error: {rs.id} cannot start a game with --players/--config "
                   f"{_shown(config)}: {first}", err=True)
        raise typer.Exit(2) from None


def _doing(workers: int, ray: str | None) -> str:
    """The progress bar's label: how many processes play (local runs)."""
    if ray is not None:
        return "simulating on Ray"
    return f"simulating on {workers} worker{'s' if workers != 1 else ''}"


def _shown(config: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v!r}" for k, v in config.items()) or "(defaults)"


def register(app: typer.Typer) -> None:
    @app.command("simulate")
    def simulate_cmd(
        ruleset: Annotated[str, typer.Option(
            help="Ruleset id (any installed ruleset: see `hauntkit rulesets`).")] = "betrayal",
        games: Annotated[int, typer.Option(min=1, help="Number of games.")] = 10,
        players: Annotated[int | None, typer.Option(
            help="Seats, within the ruleset's seat range. Default: the ruleset's.")] = None,
        seed: Annotated[int, typer.Option(help="Seed of game 0; game i uses seed+i.")] = 0,
        content: Annotated[list[str] | None, typer.Option(
            help="Extra content folder or file (repeatable).")] = None,
        replace_starter: Annotated[bool, typer.Option(
            help="Use only --content, not the starter pack.")] = False,
        config: Annotated[list[str] | None, typer.Option(
            help="Extra game config KEY=VALUE (repeatable).")] = None,
        bot: Annotated[str, typer.Option(
            help="Bot in every seat: a strength (easy, normal, hard) or a research bot "
                 "(default, random, heuristic, ismcts).")] = "default",
        max_actions: Annotated[int, typer.Option(
            help="Cap per game; a game reaching it is reported as capped.")] = DEFAULT_MAX_ACTIONS,
        check: Annotated[bool, typer.Option(
            help="Check the ruleset's invariants after every action (slower).")] = False,
        workers: Annotated[int | None, typer.Option(
            min=1, help="Processes to use. Default: the idle cores (cores minus the load "
                        "average, at least 1; see docs/performance.md).")] = None,
        ray: Annotated[str | None, typer.Option(
            "--ray", metavar="[ADDRESS]", help=RAY_HELP)] = None,
        save_dir: Annotated[str | None, typer.Option(
            help="Write each game's save (for hauntkit replay) into this folder.")] = None,
        json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False,
    ) -> None:
        """Play N full games with bots in every seat; print outcomes and totals.

        The same options print the same output, byte for byte. A game that raises is reported
        with its seed and the command exits non-zero.
        """
        spec = SimSpec(ruleset=ruleset, games=games, seed=seed, players=players,
                       config=parse_config(config), content=list(content or []),
                       replace_starter=replace_starter, bot=bot, max_actions=max_actions,
                       check_invariants=check, save_dir=save_dir)
        rs = load_ruleset(ruleset, spec.content, replace_starter)
        check_config(rs, spec.game_config(), seed)
        try:
            get_bot(bot)
        except HauntkitError as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(2) from None
        count = default_workers(games) if workers is None else workers
        err = Console(stderr=True)
        progress = progress_bar(_doing(count, ray), err, show=not json and games >= PROGRESS_FROM)
        try:
            with progress:
                task = progress.add_task("games", total=games)
                summary = simulate(spec, count, rs,
                                   progress=lambda _r: progress.advance(task),
                                   ray_address=ray_address(ray))
        except SimulationError as exc:
            typer.echo(f"error: {exc}", err=True)
            typer.echo(f"reproduce: hauntkit simulate --ruleset {ruleset} --games 1 "
                       f"--seed {exc.seed}" + (f" --players {players}" if players else ""),
                       err=True)
            raise
        finally:
            shutdown_ray()
        if json:
            sys.stdout.write(orjson.dumps(summary, option=orjson.OPT_INDENT_2
                                          | orjson.OPT_SORT_KEYS).decode() + "\n")
        else:
            out = Console(width=None if sys.stdout.isatty() else 100)
            render_summary(summary, out, rs.stat_words)
