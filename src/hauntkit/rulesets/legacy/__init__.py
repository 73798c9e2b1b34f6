"""The ``legacy`` ruleset: Betrayal Legacy, one game, on the betrayal engine (docs/legacy.md)."""
