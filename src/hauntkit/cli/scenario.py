"""`hauntkit scenario` (not built yet: the issue that owns it replaces this module)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    @app.command("scenario")
    def _cmd() -> None:
        """Not built yet."""
        typer.echo("hauntkit scenario is not built yet", err=True)
        raise typer.Exit(2)
