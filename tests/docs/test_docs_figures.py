"""The figure tables of the docs come from commands (scripts/docs_figures.py,
docs/performance.md "Figures"): every table of measured figures sits under a marker naming the
command that prints it, every marker's command is a real `hauntkit` command line, and
regenerating replaces only what is between the markers. No slow command runs here."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "scripts" / "docs_figures.py"

# A table holds measured figures when a header cell names a rate, a time, an instruction count,
# a win rate or interval, or a game length: such figures change with the machine or the engine,
# so a command must say how they were made.
MEASURED_HEADER = re.compile(r"/s\b|per (cpu )?second|\bms\b|µs|\bus\b|instructions|"
                             r"win rate|win \(95%\)|interval|length|seconds", re.I)
TABLE_START = re.compile(r"^\|(?P<header>.*)\|\n\|\s*:?-{3,}", re.M)
FENCE = re.compile(r"^```.*?^```", re.M | re.S)


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("docs_figures", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("docs_figures", module)
    spec.loader.exec_module(module)
    return module


figures = load_script()


def measured_tables(text: str) -> list[tuple[int, str]]:
    """(offset, header) of each markdown table of measured figures outside code blocks."""
    fenced = [match.span() for match in FENCE.finditer(text)]
    return [(match.start(), match["header"]) for match in TABLE_START.finditer(text)
            if MEASURED_HEADER.search(match["header"])
            and not any(start <= match.start() < end for start, end in fenced)]


def tables_without_command(text: str, where: str) -> list[str]:
    """``file:line: header`` of every measured table that no figures marker covers."""
    blocks = figures.find_blocks(text, where)
    return [f"{where}:{text.count(chr(10), 0, offset) + 1}: |{header}|"
            for offset, header in measured_tables(text)
            if not any(b.body_start <= offset < b.body_end for b in blocks)]


DOCS = figures.default_files()


def test_every_table_of_measured_figures_names_its_command() -> None:
    missing = [line for path in DOCS
               for line in tables_without_command(path.read_text(encoding="utf-8"),
                                                  str(path.relative_to(REPO)))]
    assert missing == [], ("tables of measured figures without a '<!-- figures: COMMAND -->' "
                           "marker (scripts/docs_figures.py):\n" + "\n".join(missing))


def test_a_measured_table_outside_a_marker_is_found() -> None:
    table = "| ruleset | actions/s |\n|---|---|\n| beast | 14,100 |\n"
    described = "| option | meaning |\n|---|---|\n| `--seconds` | CPU seconds |\n"
    bare = f"# Speed\n\n{table}\n{described}"
    assert tables_without_command(bare, "doc.md") == ["doc.md:3: | ruleset | actions/s |"]
    marked = ("# Speed\n\n<!-- figures: hauntkit bench --markdown -->\n\n"
              f"{table}\n<!-- /figures -->\n\n{described}")
    assert tables_without_command(marked, "doc.md") == []
    fenced = f"```\n{table}```\n"
    assert tables_without_command(fenced, "doc.md") == []


@pytest.mark.parametrize("path", DOCS, ids=lambda path: path.name)
def test_every_marker_command_parses(path: Path) -> None:
    """The commands `make docs-figures` runs parse as `hauntkit` command lines; a pending one
    (its option not on this build yet) must not parse yet, or its marker should drop
    '(pending)'."""
    figures.check_commands(path, figures.find_blocks(path.read_text(encoding="utf-8"),
                                                     str(path)))


def test_the_env_table_has_its_marker() -> None:
    """docs/env.md's speed table (env steps/s beside the engine's actions/s, the vector env,
    connect_four_v3) comes from `hauntkit bench --env`."""
    text = (REPO / "docs" / "env.md").read_text(encoding="utf-8")
    commands = [b.commands for b in figures.find_blocks(text, "env.md")]
    assert commands == [[["hauntkit", "bench", "--env", "--markdown"]]]


@pytest.mark.parametrize(("command", "error"), [
    ("hauntkit bench --ruleset beast --seconds 2 --markdown", None),
    ("hauntkit bench --no-such-option", "No such option"),
    ("hauntkit bench --seconds 0", "--seconds"),
    ("hauntkit benchmark --ruleset beast", "no command 'benchmark'"),
    ("hauntkit tournament --games 3 --markdown extra", "extra"),
    ("hauntkit bench --help", "--help"),
    ("python -m hauntkit bench", "starts with `hauntkit`"),
])
def test_a_command_parses_or_says_why(command: str, error: str | None) -> None:
    found = figures.parse_error(command.split())
    assert found is None if error is None else error in found


def test_a_pending_command_that_parses_is_reported() -> None:
    text = "<!-- figures (pending): hauntkit bench --markdown -->\n<!-- /figures -->\n"
    with pytest.raises(figures.FiguresError, match=r"parses now: drop '\(pending\)'"):
        figures.check_commands(Path("doc.md"), figures.find_blocks(text, "doc.md"))


def test_a_marker_without_its_end_is_refused() -> None:
    with pytest.raises(figures.FiguresError, match="without its"):
        figures.find_blocks("<!-- figures: hauntkit bench --markdown -->\n| a |\n", "doc.md")


BEFORE = "# A doc\n\nProse before, kept byte for byte.  \r\nTrailing spaces stay.\n\n"
OLD = ("\n\n| ruleset | iterations per CPU second | old |\n|---|---|---|\n| beast | 1 | 2 |\n\n"
       "_Measured long ago._\n\n")
AFTER = ("\nProse after.\n\n<!-- figures (by hand): hauntkit loadtest --games 200 --markdown -->\n"
         "\n| server | act/s |\n|---|---|\n| kept | 275 |\n\n<!-- /figures -->\n\n"
         "<!-- figures (pending): hauntkit bench --an-option-to-come --markdown -->\n"
         "<!-- /figures -->\n")
COMMANDS = ("hauntkit bot-speed --ruleset beast --decisions 1 --iterations 10 --markdown\n"
            "hauntkit bot-speed --ruleset legacy --decisions 1 --iterations 10 --markdown")


def test_regenerating_replaces_only_the_table_under_its_marker(tmp_path: Path) -> None:
    marker = f"<!-- figures: {COMMANDS} -->"
    doc = tmp_path / "doc.md"
    doc.write_bytes(f"{BEFORE}{marker}{OLD}<!-- /figures -->{AFTER}".encode())
    run = subprocess.run([sys.executable, str(SCRIPT), str(doc)], capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    text = doc.read_bytes().decode()
    head = f"{BEFORE}{marker}"
    tail = f"<!-- /figures -->{AFTER}"
    assert text.startswith(head) and text.endswith(tail)
    body = text[len(head):len(text) - len(tail)]
    lines = body.strip("\n").split("\n")
    assert lines[0] == ("| ruleset | iterations per CPU second | CPU seconds per decision of "
                        "10 iterations |")
    assert lines[1] == "|---|---|---|"
    assert [line.split(" | ")[0] for line in lines[2:4]] == ["| beast", "| legacy"]
    assert lines[4] == ""
    assert re.fullmatch(r"_Measured \d{4}-\d\d-\d\d by `make docs-figures`: \d+ cores, load "
                        r"average [\d.]+ before and [\d.]+ after, .+; a shared machine's "
                        r"figures are noisy\._", lines[5])
    assert len(lines) == 6
    assert "old" not in body and "long ago" not in body


def test_a_bad_command_stops_before_anything_runs(tmp_path: Path) -> None:
    doc = tmp_path / "doc.md"
    original = (f"{BEFORE}<!-- figures: hauntkit bench --no-such-option --markdown -->{OLD}"
                "<!-- /figures -->\n").encode()
    doc.write_bytes(original)
    run = subprocess.run([sys.executable, str(SCRIPT), str(doc)], capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 1
    (message,) = run.stderr.strip().splitlines()
    assert message.startswith(f"docs-figures: {doc}: `hauntkit bench --no-such-option "
                              "--markdown`: No such option: --no-such-option")
    assert doc.read_bytes() == original
