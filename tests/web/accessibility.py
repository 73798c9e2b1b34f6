"""Run axe-core (the npm package pinned in tests/web/axe, installed by ``make browser-deps``)
on an open page and list its serious and critical violations."""

from __future__ import annotations

from pathlib import Path
from typing import Any

AXE = Path(__file__).resolve().parent / "axe" / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING = ("serious", "critical")
# WCAG 2.1 A and AA, and axe's best practices (landmarks, one main heading, ...)
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]


def violations(page: Any) -> list[dict[str, Any]]:
    """Every violation axe-core finds on ``page`` as drawn now: id, impact, help, nodes."""
    if not AXE.exists():
        raise AssertionError(f"axe-core is not installed at {AXE}: run make browser-deps")
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = page.evaluate(
        "async (tags) => (await axe.run(document, {runOnly: {type: 'tag', values: tags},"
        " resultTypes: ['violations']})).violations.map((v) => ({id: v.id, impact: v.impact,"
        " help: v.help, nodes: v.nodes.map((n) => n.target.join(' '))}))", TAGS)
    return found


def blocking(page: Any) -> list[dict[str, Any]]:
    """The serious and critical violations on ``page``."""
    return [v for v in violations(page) if v["impact"] in BLOCKING]


def report(found: list[dict[str, Any]]) -> str:
    """One line a violation: impact, rule, what it asks, the first elements it names."""
    return "\n".join(f"{v['impact']}: {v['id']} ({v['help']}): {', '.join(v['nodes'][:4])}"
                     + (f" and {len(v['nodes']) - 4} more" if len(v["nodes"]) > 4 else "")
                     for v in found)
