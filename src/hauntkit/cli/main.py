"""Entry point of the `hauntkit` command. Each command lives in its own module with a
``register(app)`` function."""

from __future__ import annotations

import importlib
import sys
from importlib.metadata import version as package_version
from typing import Annotated, Any

import typer

from hauntkit.core.errors import HauntkitError
from hauntkit.sim.cliutil import RAY_LOCAL, optional_values


class _App(typer.Typer):
    """The typer app; run from the command line, ``--ray`` may come without an address."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if not args and "args" not in kwargs:
            sys.argv[1:] = optional_values(sys.argv[1:], {"--ray": RAY_LOCAL})
        try:
            return super().__call__(*args, **kwargs)
        except HauntkitError as exc:  # a user's mistake the engine named: one line
            sys.stderr.write(f"error: {exc}\n")
            sys.exit(2)
        except OSError as exc:  # a file or folder that cannot be read or written
            where = f": {exc.filename}" if exc.filename else ""
            sys.stderr.write(f"error: {exc.strerror or exc}{where}\n")
            sys.exit(2)


app = _App(
    name="hauntkit",
    help="Play, simulate and author haunted-house adventure board games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"hauntkit {package_version('hauntkit')}")
        raise typer.Exit()


@app.callback()
def _options(
        version: Annotated[bool, typer.Option(
            "--version", callback=_show_version, is_eager=True,
            help="Print hauntkit's version and exit.")] = False,
) -> None:
    """Play, simulate and author haunted-house adventure board games."""


COMMAND_MODULES = ("play", "simulate", "bench", "replay", "scenario", "validate", "tournament",
                   "balance", "loadtest", "campaign", "rulesets")

for _name in COMMAND_MODULES:
    importlib.import_module(f"hauntkit.cli.{_name}").register(app)


if __name__ == "__main__":  # pragma: no cover
    app()
