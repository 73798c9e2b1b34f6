"""Markdown tables for the commands' ``--markdown`` output: the figure tables of the docs are
this output, pasted by ``make docs-figures`` (docs/performance.md, "Figures in the docs")."""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def markdown_table(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A GitHub markdown table: the header line, its rule, one line per row (each cell as
    text, a pipe in a cell escaped)."""
    lines = [_line(header), "|" + "---|" * len(header)]
    lines.extend(_line(row) for row in rows)
    return "\n".join(lines)


def thousands(value: object) -> str:
    """An integer with thousands separators (``65,760``); anything else as it is."""
    return f"{value:,}" if isinstance(value, int) and not isinstance(value, bool) else str(value)


def _line(cells: Sequence[object]) -> str:
    return "| " + " | ".join(str(cell).replace("|", "\\|") for cell in cells) + " |"
