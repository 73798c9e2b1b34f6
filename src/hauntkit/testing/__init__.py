"""Test helpers that rulesets (ours and plugins) use: the conformance suite.

``check_ruleset(ruleset, configs)`` plays random games drawn by hypothesis and checks the core
contract (docs/architecture.md). Needs the ``test`` extra (hypothesis).
"""

from hauntkit.testing.conformance import ConformanceError, check_ruleset

__all__ = ["ConformanceError", "check_ruleset"]
