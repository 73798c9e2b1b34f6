"""`hauntkit replay`: rebuild a saved game from its seed and actions, and tell its story."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import orjson
import typer

from hauntkit.core.errors import HauntkitError
from hauntkit.core.game import Game
from hauntkit.core.log import visible_log
from hauntkit.core.saves import check_save
from hauntkit.sim.cliutil import load_ruleset


def _read_save(path: Path) -> dict[str, Any]:
    try:
        save = orjson.loads(path.read_bytes())
    except (OSError, orjson.JSONDecodeError) as exc:
        typer.echo(f"error: cannot read {path}: {exc}", err=True)
        raise typer.Exit(1) from None
    try:
        return check_save(save)
    except HauntkitError as exc:
        typer.echo(f"error: {path}: {exc}", err=True)
        raise typer.Exit(1) from None


def _tell_dev_save(save: dict[str, Any], ruleset: Any, to: int | None, seat: int | None,
                   as_json: bool) -> None:
    """A game of a --dev server (a scenario set-up or scripted dice) cannot be rebuilt from its
    seed: tell its story from the saved state instead."""
    if to is not None:
        typer.echo("error: --to needs a replay, and this save (a --dev server's game with a "
                   "scenario set-up or scripted dice) cannot be replayed from its seed", err=True)
        raise typer.Exit(1)
    game = Game.load(save, ruleset)
    if as_json:
        data = game.state if seat is None else game.view(seat)
        sys.stdout.write(orjson.dumps(data, option=orjson.OPT_INDENT_2).decode() + "\n")
        return
    log = game.state["log"]
    for event in visible_log(log, seat) if seat is not None else log:
        typer.echo(event["text"])
    if game.result() is not None:
        typer.echo(f"result: {orjson.dumps(game.result()).decode()}")
    typer.echo("a --dev game (scenario set-up or scripted dice): told from its saved state, "
               "not replayed", err=True)


def register(app: typer.Typer) -> None:
    @app.command("replay")
    def replay_cmd(
        save_file: Annotated[Path, typer.Argument(help="A save (hauntkit simulate --save-dir, "
                                                       "or the server's export).")],
        to: Annotated[int | None, typer.Option(min=0, help="Stop after N actions.")] = None,
        seat: Annotated[int | None, typer.Option(
            help="Tell only what this seat could see (default: everything).")] = None,
        actions: Annotated[bool, typer.Option(help="Also print each action taken.")] = False,
        json: Annotated[bool, typer.Option(
            "--json", help="Print the replayed state (or --seat's view) as JSON instead.")
        ] = False,
        content: Annotated[list[str] | None, typer.Option(
            help="Content folders the game was played with (repeatable).")] = None,
        replace_starter: Annotated[bool, typer.Option(
            help="The game used only --content, not the starter pack.")] = False,
    ) -> None:
        """Replay a saved game from its seed, config and actions and print its log as a story.

        Without --to, the replayed state is compared with the saved one; a difference exits 1.
        """
        save = _read_save(save_file)
        ruleset = load_ruleset(save["ruleset"], list(content or []), replace_starter)
        if save.get("dev"):
            _tell_dev_save(save, ruleset, to, seat, json)
            return
        history = save["history"] if to is None else save["history"][:to]
        game = Game.new(ruleset, save["config"], save["seed"])
        tell = not json
        if tell:
            for event in visible_log(game.state["log"], seat) if seat is not None else \
                    game.state["log"]:
                typer.echo(event["text"])
        for n, (who, action) in enumerate(history, start=1):
            try:
                events = game.act(who, action)
            except HauntkitError as exc:
                typer.echo(f"error: action {n} (seat {who}: {action}) refused on replay: {exc}",
                           err=True)
                raise typer.Exit(1) from None
            if tell:
                if actions:
                    typer.echo(f"[{n}] seat {who}: {orjson.dumps(action).decode()}")
                for event in events:
                    if seat is None or "to" not in event or seat in event["to"]:
                        typer.echo(event["text"])
        if json:
            data = game.state if seat is None else game.view(seat)
            sys.stdout.write(orjson.dumps(data, option=orjson.OPT_INDENT_2).decode() + "\n")
        elif game.result() is not None:
            typer.echo(f"result: {orjson.dumps(game.result()).decode()}")
        if to is None and "state" in save:
            if game.state != save["state"]:
                typer.echo("error: the replayed state differs from the saved state", err=True)
                raise typer.Exit(1)
            typer.echo(f"replayed {len(history)} actions; the state matches the save", err=True)
