"""Helpers shared by the simulate, bench, replay and scenario commands."""

from __future__ import annotations

from typing import Any

import typer
import yaml

from hauntkit.core.content import load_yaml_text
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
        try:
            config[key.strip()] = load_yaml_text(value, f"--config {key.strip()}")
        except yaml.YAMLError as exc:
            raise typer.BadParameter(f"{pair!r}: {exc}", param_hint="--config") from None
    return config


RAY_LOCAL = "local"
RAY_HELP = ("Run on Ray: a cluster ADDRESS (ray.init(address=...)), or a local Ray instance "
            "when no address (or 'local') is given. Needs the ray extra.")


def ray_address(option: str | None) -> str | None:
    """The ``--ray`` option as ``parallel.run_ordered`` takes it: ``None`` (no Ray), ``""``
    (local Ray) or a cluster address."""
    if option is None:
        return None
    return "" if option in ("", RAY_LOCAL) else option


def optional_values(argv: list[str], options: dict[str, str]) -> list[str]:
    """Give options whose value may be left out (``--ray`` alone) their default value: typer
    options always take one, so ``--ray --games 3`` becomes ``--ray local --games 3``."""
    out: list[str] = []
    for i, arg in enumerate(argv):
        out.append(arg)
        if arg in options and (i + 1 == len(argv) or argv[i + 1].startswith("-")):
            out.append(options[arg])
    return out
