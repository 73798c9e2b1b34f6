"""docs/rules-coverage.md is what scripts/rules_coverage.py builds from the rule documents and
the tests' citations today: a new test that cites a section, or a changed rule document, shows
there once the doc is regenerated."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "scripts" / "rules_coverage.py"
RULES = REPO.parent / "shared" / "rules"


def load_script():
    spec = importlib.util.spec_from_file_location("rules_coverage", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("rules_coverage", module)
    spec.loader.exec_module(module)
    return module


@pytest.mark.skipif(not RULES.is_dir(), reason=f"the rule documents are not beside this clone "
                    f"({RULES}); the coverage table is built from them")
def test_the_committed_coverage_doc_is_current():
    fresh = load_script().build(RULES)
    committed = (REPO / "docs" / "rules-coverage.md").read_text(encoding="utf-8")
    assert committed == fresh, "docs/rules-coverage.md is stale: run python scripts/rules_coverage.py"


def test_a_quoted_heading_counts_only_after_its_document():
    """The matching is strict: a heading quoted after the document counts; the same words
    without the document, a heading it does not have, or a heading found twice do not."""
    script = load_script()
    rows = [script.Row("betrayal-rulebook-digest.md", "section", "Death and Stuns", (), 39),
            script.Row("betrayal-rulebook-digest.md", "section", "The Haunt", (), 52),
            script.Row(script.BEAST_DOC, "section", "Twice", ("A",), 1),
            script.Row(script.BEAST_DOC, "section", "Twice", ("B",), 2)]
    found, _, _ = script.cited_rows('rulebook digest "Death and Stuns"', rows, False)
    assert found == {0}
    assert script.cited_rows('see "Death and Stuns"', rows, False)[0] == set()
    found, _, unknown = script.cited_rows('betrayal-rulebook-digest.md "Haunt"', rows, False)
    assert found == set() and unknown == {'betrayal-rulebook-digest.md "Haunt"'}
    found, ambiguous, _ = script.cited_rows(f'{script.BEAST_DOC} "Twice"', rows, False)
    assert found == set() and ambiguous
    assert script.cited_rows(f'{script.BEAST_DOC} "B / Twice"', rows, False)[0] == {3}


def test_ruling_ids_are_read_from_test_text():
    script = load_script()
    assert script.ruling_ids("RULINGS B3, B10-B12 and HB-2; docs/rulings.md HL-14") == {
        "B3", "B10", "B11", "B12", "HB-2", "HL-14"}
    assert script.ruling_ids("tile B2 of the grid") == set()
