"""The conformance suite on the tiny plugin ruleset: a ruleset installed only through its entry
point passes the same checks as ours (issue 8: every ruleset and the tiny test ruleset run it)."""

from __future__ import annotations

from hauntkit.core.ruleset import get_ruleset
from hauntkit.testing import check_ruleset
from hauntkit.testing.conformance import examples


def test_tiny_plugin_conforms():
    check_ruleset(get_ruleset("tiny"), [{}, {"players": 3, "goal": 4}, {"players": 4}],
                  max_examples=examples(20), max_actions=80)
