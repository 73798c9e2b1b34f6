"""What the beast heuristic reads off the battlefield: light, cover, walking distances, sight,
the spaces an area ability covers, and the odds of a roll of combat dice.

Everything comes from a seat's view and the public content (the map's walls, tiles and cover);
nothing from the true state. Rules: "Light and Darkness" (a tile with a light source is lit;
a hunter in the dark has -1 Defense), "Cover" (a Ward of 1 against ranged attacks and
abilities, +1 damage from melee), "Attack Types" (beams and AOEs hit friend and foe),
"Perfect Defense" (3 blocks negate the attack; never at Defense 6 or more).
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache
from math import comb
from typing import Any

from hauntkit.rulesets.beast.battle.board import area_cells, beam_cells, los

Cell = tuple[int, int]
HIT = 4 / 6  # a combat die hits on four faces of six (RULING R1)
BLOCK = 3 / 6  # and blocks on three


def chebyshev(ax: int, ay: int, bx: int, by: int) -> int:
    return max(abs(ax - bx), abs(ay - by))


def _binomial(n: int, p: float) -> list[float]:
    return [comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)]


def _hit_totals(attack: int) -> dict[int, float]:
    """The chance of each total of hits of ``attack`` dice: a physical critical hit (every die
    hits, 2 dice or more) rolls the dice again and adds the hits."""
    hits = _binomial(attack, HIT)
    totals = {h: q for h, q in enumerate(hits[:-1])}
    if attack >= 2:
        for extra, q in enumerate(_binomial(attack, HIT)):
            totals[attack + extra] = totals.get(attack + extra, 0.0) + hits[-1] * q
    else:
        totals[attack] = hits[-1]
    return totals


def _outcomes(attack: int, defense: int, reduction: int) -> list[tuple[float, int]]:
    """(chance, damage) of every roll of ``attack`` dice against ``defense`` dice: 3 blocks are
    a Perfect Defense below Defense 6; ``reduction`` comes off what is left."""
    defense = max(defense, 0)
    blocks = _binomial(defense, BLOCK)
    out = []
    for h, p_hits in _hit_totals(attack).items():
        for b, p_blocks in enumerate(blocks):
            perfect = b >= 3 and defense < 6
            out.append((p_hits * p_blocks, 0 if perfect else max(0, h - b - reduction)))
    return out


@lru_cache(maxsize=256)
def expected_damage(attack: int, defense: int, reduction: int = 0) -> float:
    """The mean damage of ``attack`` dice against ``defense`` dice (``_outcomes``: criticals,
    Perfect Defense, a template's damage ``reduction``)."""
    if attack <= 0:
        return 0.0
    return sum(p * dmg for p, dmg in _outcomes(attack, defense, reduction))


@lru_cache(maxsize=256)
def miss_chance(attack: int, defense: int, reduction: int = 0) -> float:
    """The chance that ``attack`` dice against ``defense`` dice do no damage."""
    if attack <= 0:
        return 1.0
    return sum(p for p, dmg in _outcomes(attack, defense, reduction) if dmg <= 0)


class Board:
    """One decision's battlefield as a seat sees it."""

    def __init__(self, view: dict[str, Any], md: Any) -> None:
        self.md = md
        mp = view["map"]
        self.cover: frozenset[Cell] = frozenset(tuple(c) for c in mp["cover"])  # type: ignore[misc]
        self.lit_tiles = set(mp["lit_tiles"])
        self.tile_grid: list[list[int]] = mp["tile_grid"]
        bars = [(b["x"], b["y"]) for b in view["barricades"]]
        self.block: frozenset[Cell] = frozenset(md.walls).union(bars)
        self.barricades = bars
        self._paths: dict[Cell, dict[Cell, int]] = {}

    def lit(self, x: int, y: int) -> bool:
        return self.tile_grid[y][x] in self.lit_tiles

    def covered(self, x: int, y: int) -> bool:
        """A space where a unit may take the Cover buff (a cover object, or by a barricade)."""
        return (x, y) in self.cover or any(
            chebyshev(x, y, bx, by) <= 1 for bx, by in self.barricades)

    def walk(self, x: int, y: int, tx: int, ty: int) -> int:
        """Spaces walked from (x, y) to (tx, ty) around walls and barricades (units are left
        out: they move); a large number when no way leads there."""
        dists = self._paths.get((tx, ty))
        if dists is None:
            dists = self._paths[(tx, ty)] = self._flood(tx, ty)
        return dists.get((x, y), 99)

    def _flood(self, tx: int, ty: int) -> dict[Cell, int]:
        out = {(tx, ty): 0}
        queue = deque([(tx, ty)])
        while queue:
            cell = queue.popleft()
            for n in self.md.neighbours[cell]:
                if n not in out and n not in self.block:
                    out[n] = out[cell] + 1
                    queue.append(n)
        return out

    def sees(self, ax: int, ay: int, bx: int, by: int) -> bool:
        return bool(los(self.md, self.block, ax, ay, bx, by))

    def beam(self, x: int, y: int, direction: int, reach: int) -> list[Cell]:
        return list(beam_cells(self.md, self.block, x, y, direction, reach))

    def area(self, x: int, y: int, radius: int) -> list[Cell]:
        return list(area_cells(self.md, x, y, radius))
