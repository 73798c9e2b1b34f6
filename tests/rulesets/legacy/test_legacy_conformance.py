"""The conformance suite (hauntkit.testing.check_ruleset) on the legacy ruleset: legal actions
never raise, JSON round trips, illegal actions refused with the state unchanged, views unchanged
when hidden information is permuted (deck and stack order within the public backs), save/load
and replay, determinism."""

from __future__ import annotations

from hauntkit.core.ruleset import get_ruleset
from hauntkit.testing import check_ruleset
from hauntkit.testing.conformance import examples


def test_legacy_conforms():
    check_ruleset(get_ruleset("legacy"),
                  [{"players": 3}, {"players": 4}, {"players": 5},
                   {"players": 4, "mode": "campaign", "haunt_after_omens": 1,
                    "house": {"add": ["ring", "skull", "doll"],
                              "heirlooms": {"lantern": "ashdown"}}}],
                  max_examples=examples(12), max_actions=200)
