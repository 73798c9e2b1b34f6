"""Entry point of the `hauntkit` command. Each command lives in its own module with a
``register(app)`` function."""

from __future__ import annotations

import importlib

import typer

app = typer.Typer(
    name="hauntkit",
    help="Play, simulate and author haunted-house adventure board games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

COMMAND_MODULES = ("play", "simulate", "bench", "replay", "scenario", "validate")

for _name in COMMAND_MODULES:
    importlib.import_module(f"hauntkit.cli.{_name}").register(app)


if __name__ == "__main__":  # pragma: no cover
    app()
