"""`hauntkit validate` checks a content pack; `hauntkit schema` prints its JSON Schema.

Both work for any installed ruleset that declares content (``pack_spec``, ``starter_pack`` and
``content_checks`` on its class).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from hauntkit.core.content import (
    Pack,
    PackSpec,
    dump_json_schema,
    pack_paths,
    yaml_files,
)
from hauntkit.core.errors import ContentError, HauntkitError
from hauntkit.core.ruleset import get_ruleset_class, load_ruleset_pack, ruleset_ids
from hauntkit.sim.cliutil import echo_problems

DEFAULT_RULESET = "betrayal"


def find_pack_spec(ruleset: str) -> PackSpec:
    """The ``PackSpec`` a ruleset declares (``pack_spec`` on its class)."""
    spec = get_ruleset_class(ruleset).pack_spec
    if spec is None:
        raise HauntkitError(f"ruleset {ruleset!r} reads no content")
    return spec


def detect_ruleset(paths: list[Path]) -> str:
    """The ruleset named by the first ``ruleset:`` key among the files, else the default."""
    try:
        files = yaml_files(paths)
    except ContentError:
        return DEFAULT_RULESET
    for f in files:
        try:
            with f.open(encoding="utf-8") as fh:
                for line in fh:
                    if line.startswith("ruleset:"):
                        value = line.split(":", 1)[1].split("#", 1)[0].strip().strip("'\"")
                        if value in ruleset_ids():
                            return value
        except OSError:
            continue
    return DEFAULT_RULESET


def validate(
    ruleset: str, paths: list[Path] | None = None, replace_starter: bool = False
) -> Pack:
    """Load ``paths`` on top of the ruleset's starter pack (or alone with ``replace_starter``)
    and return the pack; raise ``ContentError`` listing every problem."""
    return load_ruleset_pack(find_pack_spec(ruleset), paths or [], replace_starter)


def summary(pack: Pack) -> str:
    counts = ", ".join(f"{len(v)} {k}" for k, v in pack.items.items())
    files = len({where.rsplit(":", 1)[0] for where in pack.origin.values()})
    return f"ok: {pack.ruleset} pack valid ({files} files: {counts})"


def register(app: typer.Typer) -> None:
    @app.command("validate")
    def _validate(
        paths: Annotated[
            list[Path] | None,
            typer.Argument(help="Content folders or YAML files (default: the starter pack)."),
        ] = None,
        ruleset: Annotated[
            str | None,
            typer.Option(help="Ruleset id (default: the files' `ruleset:` key, else betrayal)."),
        ] = None,
        content: Annotated[
            list[Path] | None,
            typer.Option("--content", help="Another pack folder to load too (repeatable)."),
        ] = None,
        replace_starter: Annotated[
            bool,
            typer.Option(
                "--replace-starter", help="Check the given packs alone, without the starter pack."
            ),
        ] = False,
        as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False,
    ) -> None:
        """Check a content pack: schema, references between files, duplicate ids, impossible
        values. Every problem is printed as FILE:LINE: FIELD: what was expected; the exit code
        is 1 when there is any problem (2 for a usage error)."""
        given = [*(paths or []), *(content or [])]
        rs = ruleset or detect_ruleset(given)
        try:
            pack = validate(rs, given, replace_starter)
        except ContentError as exc:
            if as_json:
                typer.echo(json.dumps({"ok": False, "ruleset": rs, "problems": exc.problems}))
            else:
                echo_problems(exc.problems)
            raise typer.Exit(1) from exc
        except HauntkitError as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(2) from exc
        if as_json:
            files = [str(p) for p in pack_paths(rs, given, replace_starter)]
            counts = {k: len(v) for k, v in pack.items.items()}
            typer.echo(json.dumps({"ok": True, "ruleset": rs, "paths": files, "counts": counts}))
        else:
            typer.echo(summary(pack))

    @app.command("schema")
    def _schema(
        ruleset: Annotated[str, typer.Option(help="Ruleset id.")] = DEFAULT_RULESET,
        out: Annotated[
            Path | None, typer.Option("--out", help="Write to this file instead of stdout.")
        ] = None,
    ) -> None:
        """Print (or write) the JSON Schema of one content file of a ruleset, for editors
        (published in docs/schema/<ruleset>.json)."""
        try:
            text = dump_json_schema(find_pack_spec(ruleset))
        except HauntkitError as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(2) from exc
        if out is None:
            typer.echo(text)
        else:
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(text + "\n", encoding="utf-8")
            typer.echo(f"wrote {out}")
