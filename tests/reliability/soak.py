"""How long the reliability suite runs: short in `make test`, long in `make soak`."""

from __future__ import annotations

import os

SOAK = os.environ.get("HAUNTKIT_SOAK") == "1"


def rounds(short: int, long: int) -> int:
    """How many of something a test does: ``short`` in `make test`, ``long`` in `make soak`
    (HAUNTKIT_SOAK=1)."""
    return long if SOAK else short
