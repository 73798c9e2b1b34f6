"""Dice odds for the heuristic bots of betrayal and legacy: every die shows 0, 0, 1, 1, 2 or 2,
a roll has 1 to 8 dice (RULING B1: fewer than one die still rolls one), and an attack compares
the two sides' results (RULING B10).

Public facts only (the dice and the traits in the view), so a bot may use them.
"""

from __future__ import annotations

from functools import cache

MIN_DICE = 1
MAX_DICE = 8


def dice_count(dice: int) -> int:
    """The dice actually rolled for ``dice`` (RULING B1)."""
    return max(MIN_DICE, min(MAX_DICE, dice))


@cache
def totals(dice: int) -> tuple[float, ...]:
    """Chance of each total (index = total) of ``dice`` betrayal dice."""
    dist = [1.0]
    for _ in range(dice_count(dice)):
        nxt = [0.0] * (len(dist) + 2)
        for total, chance in enumerate(dist):
            for face in (0, 1, 2):
                nxt[total + face] += chance / 3.0
        dist = nxt
    return tuple(dist)


def chance_at_least(dice: int, add: int, target: int) -> float:
    """Chance that a roll of ``dice`` dice plus ``add`` (never below 0) reaches ``target``."""
    return sum(chance for total, chance in enumerate(totals(dice))
               if max(0, total + add) >= target)


def chance_between(dice: int, add: int, low: int | None, high: int | None) -> float:
    """Chance that the result lies in ``low..high`` (either bound may be None)."""
    out = 0.0
    for total, chance in enumerate(totals(dice)):
        result = max(0, total + add)
        if (low is None or result >= low) and (high is None or result <= high):
            out += chance
    return out


@cache
def attack_odds(attacker_dice: int, defender_dice: int) -> tuple[float, float]:
    """(chance the attacker wins, chance the defender wins); the rest is a tie."""
    attack = totals(attacker_dice)
    defend = totals(defender_dice)
    win = lose = 0.0
    for a_total, a_chance in enumerate(attack):
        for d_total, d_chance in enumerate(defend):
            if a_total > d_total:
                win += a_chance * d_chance
            elif a_total < d_total:
                lose += a_chance * d_chance
    return win, lose
