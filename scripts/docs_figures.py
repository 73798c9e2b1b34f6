"""Regenerate the figure tables of the docs from the commands that measure them.

A figure table sits between two comments. The first names the command or commands whose
``--markdown`` output is the table, one per line; several tables with the same header are
joined into one, rows in command order. Under the table a line says when it was measured and
the machine's load. Both comments begin a line. Everything between them is generated; the rest
of the file is left byte for byte::

    <!-- figures: hauntkit bench --ruleset betrayal --seconds 2 --markdown
    hauntkit bench --ruleset beast --seconds 2 --markdown -->

    | ruleset | actions/s | ...
    |---|---|...

    _Measured ..._

    <!-- /figures -->

``<!-- figures (by hand): ...`` marks a table whose commands need what ``make docs-figures``
does not set up (database servers, a quiet machine): it is run only with ``--by-hand``.
``<!-- figures (pending): ...`` marks a table whose command this build does not have yet: never
run (tests/docs/test_docs_figures.py checks that its command still does not parse).

Usage: python scripts/docs_figures.py [--by-hand] [--check] [FILE ...]
FILE defaults to README.md and docs/*.md. Every marker's command is checked against the
``hauntkit`` command line before anything runs; ``--check`` stops there.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
HAUNTKIT = Path(sys.executable).parent / "hauntkit"
BLOCK = re.compile(r"^<!-- figures(?: \((?P<kind>by hand|pending)\))?:(?P<commands>.*?)-->"
                   r"(?P<body>.*?)^<!-- /figures -->", re.S | re.M)
OPENING = re.compile(r"^<!-- figures", re.M)
COMMAND_TIMEOUT = 600  # seconds; a command that takes longer is broken, not slow

Command = list[str]
Runner = Callable[[Command], str]


class FiguresError(Exception):
    """A marker or a command that cannot give its table; the message names it."""


@dataclass(frozen=True)
class Block:
    """One figure table: its commands, its kind (``run``, ``by hand`` or ``pending``) and the
    span of the generated text between the two comments."""

    kind: str
    commands: list[Command]
    body_start: int
    body_end: int


def find_blocks(text: str, where: str = "") -> list[Block]:
    """The figure blocks of a markdown text, in order; a marker without its closing comment
    or without a command is an error."""
    blocks = [Block(match["kind"] or "run",
                    [shlex.split(line) for line in match["commands"].splitlines() if line.strip()],
                    match.start("body"), match.end("body"))
              for match in BLOCK.finditer(text)]
    if len(OPENING.findall(text)) != len(blocks):
        raise FiguresError(f"{where}: a figures marker without its '<!-- /figures -->' "
                           "(both begin a line)")
    for block in blocks:
        if not block.commands:
            raise FiguresError(f"{where}: a figures marker names no command")
    return blocks


def parse_error(command: Command) -> str | None:
    """Why ``command`` is not a valid ``hauntkit`` command line (an unknown command or option,
    a bad value), or ``None`` when it parses. Parsing runs no command."""
    import typer

    from hauntkit.cli.main import app

    if command[:1] != ["hauntkit"] or len(command) < 2:
        return "a figures command starts with `hauntkit` and names a subcommand"
    if "--help" in command:
        return "--help prints the help instead of running the command"
    group = typer.main.get_group(app)
    root = typer.Context(group, info_name="hauntkit")
    name, *options = command[1:]
    subcommand = group.get_command(root, name)
    if subcommand is None:
        return f"no command {name!r}"
    try:
        subcommand.make_context(name, options, parent=root).close()
    except typer.TyperException as exc:  # an unknown option, a bad value
        return exc.format_message()
    except (typer.Exit, RuntimeError):  # an eager option that exits (--version)
        return "the options make the command exit instead of running"
    return None


def check_commands(path: Path, blocks: list[Block]) -> None:
    """Every command that ``make docs-figures`` may run parses; a pending one does not yet."""
    for block in blocks:
        for command in block.commands:
            error = parse_error(command)
            shown = shlex.join(command)
            if block.kind == "pending" and error is None:
                raise FiguresError(f"{path}: `{shown}` parses now: drop '(pending)' from its "
                                   "marker and run make docs-figures")
            if block.kind != "pending" and error is not None:
                raise FiguresError(f"{path}: `{shown}`: {error}")


def run_command(command: Command) -> str:
    """Run one figures command (this environment's ``hauntkit``, in a scratch folder so that
    report files it writes go nowhere) and return the markdown table it printed."""
    shown = shlex.join(command)
    with tempfile.TemporaryDirectory(prefix="docs-figures-") as scratch:
        done = subprocess.run([str(HAUNTKIT), *command[1:]], cwd=scratch, capture_output=True,
                              text=True, stdin=subprocess.DEVNULL, timeout=COMMAND_TIMEOUT,
                              check=False)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise FiguresError(f"`{shown}` failed (exit {done.returncode}): {last}")
    table = done.stdout.strip()
    lines = table.splitlines()
    if len(lines) < 3 or not all(line.startswith("|") for line in lines) or \
            not lines[1].startswith("|---"):
        raise FiguresError(f"`{shown}` did not print a markdown table (does it take "
                           "--markdown?)")
    return table


def join_tables(tables: list[str], where: str) -> str:
    """One table from several with the same header: the first's header, every table's rows."""
    header = tables[0].splitlines()[:2]
    rows: list[str] = []
    for table in tables:
        lines = table.splitlines()
        if lines[:2] != header:
            raise FiguresError(f"{where}: the commands of one marker print different columns")
        rows.extend(lines[2:])
    return "\n".join([*header, *rows])


def conditions(load_before: float, load_after: float) -> str:
    """The line under a table: when, on how many cores, at what load, which build."""
    from hauntkit import compiled

    day = time.strftime("%Y-%m-%d", time.gmtime())
    return (f"_Measured {day} by `make docs-figures`: {os.cpu_count()} cores, load average "
            f"{load_before:.1f} before and {load_after:.1f} after, "
            f"{compiled.status()['summary']}; a shared machine's figures are noisy._")


def regenerate(text: str, where: str, by_hand: bool = False, run: Runner = run_command) -> str:
    """``text`` with the table of every block that is due replaced by a fresh one (and its
    conditions line); everything outside the blocks stays byte for byte."""
    pieces: list[str] = []
    done_to = 0
    for block in find_blocks(text, where):
        if block.kind == "pending" or (block.kind == "by hand" and not by_hand):
            continue
        load_before = os.getloadavg()[0]
        tables = []
        for command in block.commands:
            started = time.monotonic()
            tables.append(run(command))
            print(f"{where}: {shlex.join(command)} ({time.monotonic() - started:.1f} s)",
                  file=sys.stderr)
        table = join_tables(tables, where)
        body = f"\n\n{table}\n\n{conditions(load_before, os.getloadavg()[0])}\n\n"
        pieces += [text[done_to:block.body_start], body]
        done_to = block.body_end
    pieces.append(text[done_to:])
    return "".join(pieces)


def default_files() -> list[Path]:
    """README.md and every doc."""
    return [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path, help="markdown files (default: the docs)")
    parser.add_argument("--by-hand", action="store_true",
                        help="also run the tables marked '(by hand)'")
    parser.add_argument("--check", action="store_true",
                        help="only check that every marker's command parses")
    args = parser.parse_args(argv)
    files = args.files or default_files()
    started = time.monotonic()
    try:
        texts = {path: path.read_bytes().decode("utf-8") for path in files}
        for path, text in texts.items():
            check_commands(path, find_blocks(text, str(path)))
        if args.check:
            return 0
        for path, text in texts.items():
            fresh = regenerate(text, str(path), args.by_hand)
            if fresh != text:
                path.write_bytes(fresh.encode("utf-8"))
    except (FiguresError, OSError, subprocess.TimeoutExpired) as exc:
        print(f"docs-figures: {exc}", file=sys.stderr)
        return 1
    print(f"docs-figures: done in {time.monotonic() - started:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
