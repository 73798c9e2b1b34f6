"""The ``betrayal`` ruleset: Betrayal at House on the Hill, 2nd edition, on the shared core."""

from hauntkit.rulesets.betrayal.ruleset import BetrayalRuleset

__all__ = ["BetrayalRuleset"]
