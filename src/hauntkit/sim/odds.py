"""Exact chances of dice contests, by convolution of the dice distributions (the blunder
audit's "hopeless attack": docs/balance.md, "The blunder audit")."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import comb

Distribution = dict[int, Fraction]


def sum_of_dice(faces: Sequence[int], count: int) -> Distribution:
    """The distribution of the sum of ``count`` dice, each with ``faces`` equally likely."""
    share = Fraction(1, len(faces))
    out: Distribution = {0: Fraction(1)}
    for _ in range(count):
        step: Distribution = {}
        for total, chance in out.items():
            for face in faces:
                step[total + face] = step.get(total + face, Fraction(0)) + chance * share
        out = step
    return out


def shifted(dist: Distribution, add: int) -> Distribution:
    """``max(0, result + add)``: a roll's bonus added, never below 0."""
    out: Distribution = {}
    for total, chance in dist.items():
        value = max(0, total + add)
        out[value] = out.get(value, Fraction(0)) + chance
    return out


def chance_below(mine: Distribution, theirs: Distribution) -> Fraction:
    """The chance that a roll from ``mine`` is strictly below one from ``theirs``."""
    return sum((a * b for x, a in mine.items() for y, b in theirs.items() if x < y),
               Fraction(0))


def binomial(n: int, p: Fraction) -> Distribution:
    """The number of successes of ``n`` tries, each succeeding with chance ``p``."""
    return {k: comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(max(0, n) + 1)}
