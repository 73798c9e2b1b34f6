"""The ``legacy`` ruleset: Betrayal Legacy, one game, on the betrayal engine (docs/legacy.md)."""

from hauntkit.rulesets.legacy.ruleset import LegacyRuleset

__all__ = ["LegacyRuleset"]
