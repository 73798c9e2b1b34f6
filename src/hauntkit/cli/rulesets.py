"""`hauntkit rulesets`: the installed rulesets, their seat ranges and config options."""

from __future__ import annotations

import sys
from typing import Annotated, Any

import orjson
import typer

from hauntkit.core.errors import HauntkitError
from hauntkit.core.ruleset import get_ruleset_class, ruleset_ids


def _kind(prop: dict[str, Any]) -> str:
    branches = [b for b in prop.get("anyOf", [prop]) if b.get("type") != "null"]
    b = branches[0] if branches else prop
    if b.get("type") == "array":
        return f"list of {b.get('items', {}).get('type', 'any')}"
    return str(b.get("type", "any"))


def describe(ruleset_id: str) -> dict[str, Any]:
    """One ruleset's declaration as plain data."""
    cls = get_ruleset_class(ruleset_id)
    return {"id": ruleset_id, "name": cls.display_name or ruleset_id,
            "min_seats": cls.min_seats, "max_seats": cls.max_seats,
            "config_schema": cls.config_json_schema()}


def register(app: typer.Typer) -> None:
    @app.command("rulesets")
    def _rulesets(
        json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False,
    ) -> None:
        """List the installed rulesets (entry points ``hauntkit.rulesets``): seat range and the
        config keys ``simulate --config KEY=VALUE`` and the lobby accept."""
        found, broken = [], []
        for rid in ruleset_ids():
            try:
                found.append(describe(rid))
            except HauntkitError as exc:
                broken.append(str(exc))
        if json:
            sys.stdout.write(orjson.dumps(found, option=orjson.OPT_INDENT_2).decode() + "\n")
        else:
            for r in found:
                typer.echo(f"{r['id']}: {r['name']} ({r['min_seats']} to {r['max_seats']} seats)")
                for key, prop in r["config_schema"].get("properties", {}).items():
                    default = prop.get("default")
                    text = prop.get("description", "")
                    typer.echo(f"  {key}: {_kind(prop)}"
                               + (f", default {default}" if default not in (None, []) else "")
                               + (f" - {text}" if text else ""))
        for line in broken:
            typer.echo(f"error: {line}", err=True)
        if broken:
            raise typer.Exit(1)
