"""Helpers shared by the simulate, bench, replay and scenario commands."""

from __future__ import annotations

from typing import Any

import typer
import yaml

from hauntkit.core.errors import ContentError, HauntkitError
from hauntkit.core.ruleset import Ruleset, get_ruleset


def echo_problems(problems: list[str]) -> None:
    """Print content problems one a line on stderr, then their count."""
    for problem in problems:
        typer.echo(problem, err=True)
    typer.echo(f"{len(problems)} problem(s) found", err=True)


def load_ruleset(ruleset_id: str, content: list[str] | None = None,
                 replace_starter: bool = False) -> Ruleset:
    """The ruleset with its content, or exit 1 printing every content problem (one a line)."""
    try:
        return get_ruleset(ruleset_id, content or [], replace_starter)
    except ContentError as exc:
        echo_problems(exc.problems)
        raise typer.Exit(1) from None
    except HauntkitError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(1) from None


def parse_config(pairs: list[str] | None) -> dict[str, Any]:
    """``KEY=VALUE`` pairs (VALUE read as YAML: numbers, booleans, lists) into a dict."""
    config: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise typer.BadParameter(f"expected KEY=VALUE, got {pair!r}", param_hint="--config")
        config[key.strip()] = yaml.safe_load(value)
    return config
