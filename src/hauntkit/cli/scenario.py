"""`hauntkit scenario`: run scenario files (format: docs/scenarios.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from hauntkit.sim.scenario import run_scenario, scenario_files


def register(app: typer.Typer) -> None:
    @app.command("scenario")
    def scenario_cmd(
        files: Annotated[list[Path], typer.Argument(
            help="Scenario files, or folders to search for *.yaml scenarios.")],
        quiet: Annotated[bool, typer.Option("--quiet", "-q",
                                            help="Print failures only.")] = False,
    ) -> None:
        """Set up positions, script dice, apply actions and check expectations.

        Prints each passing file's final ``state_hash`` (``expect: {state_hash: ...}`` pins it).
        Exits 0 when every expectation of every file holds. Otherwise prints, for each failing
        file, its first failing expectation with the expected and the actual value, and exits 1.
        """
        paths: list[Path] = []
        for f in files:
            paths.extend(scenario_files(f) if f.is_dir() else [f])
        failed = 0
        for path in paths:
            result = run_scenario(path)
            if result.ok:
                if not quiet:
                    typer.echo(f"ok    {path}  ({result.name}, {result.steps_run} steps, "
                               f"state_hash {result.state_hash})")
            else:
                failed += 1
                typer.echo(f"FAIL  {result.failure}")
        if not quiet or failed:
            typer.echo(f"{len(paths) - failed} passed, {failed} failed")
        if failed or not paths:
            raise typer.Exit(1)
