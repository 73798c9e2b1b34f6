"""Policies that score every legal action and play the best one."""

from __future__ import annotations

import random
from typing import Any

Action = dict[str, Any]


class ScoringPolicy:
    """Subclasses give ``scores(view, legal)``; ``choose`` plays a best-scored action, ties
    broken by the bot's own rng."""

    def scores(self, view: dict[str, Any], legal: list[Action]) -> list[float]:
        raise NotImplementedError

    def choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        scores = self.scores(view, legal)
        best = max(scores)
        picks = [a for a, s in zip(legal, scores, strict=True) if s == best]
        return picks[rng.randrange(len(picks))]
