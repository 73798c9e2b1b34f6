"""The heuristic policy for `beast`: positioning, focus fire, cover, light and interrupts.

Every hunter picks the same focus: the living enemy with the fewest hit points (ties: the one
nearest the seat's hunters), so damage piles onto one enemy until it falls. A hunter that can
hit the focus does (abilities with attack dice before its plain attack); one that cannot steps
toward it, preferring lit spaces (darkness costs 1 Defense) and cover; it takes cover once its
action is spent. Interrupts are used when offered against an enemy; lights are never put out.
"""

from __future__ import annotations

from typing import Any

from hauntkit.bots.scoring import ScoringPolicy
from hauntkit.rulesets.beast.data import Content

Action = dict[str, Any]
View = dict[str, Any]


def _dist(ax: int, ay: int, bx: int, by: int) -> int:
    return max(abs(ax - bx), abs(ay - by))


class BeastPolicy(ScoringPolicy):
    """Scores the legal actions of one seat from its view."""

    def __init__(self, content: Content) -> None:
        self.c = content

    def scores(self, view: View, legal: list[Action]) -> list[float]:
        units = view["units"]
        seat = view["seat"]
        mine = [u for u in units.values() if u["side"] == "hunters" and u["alive"]
                and u["seat"] == seat]
        enemies = [u for u in units.values() if u["side"] == "enemies" and u["alive"]]
        focus = self.focus(enemies, mine)
        lights = view["lights"]
        cover = {tuple(c) for c in view["map"]["cover"]}
        return [self.score(a, units, enemies, focus, lights, cover) for a in legal]

    @staticmethod
    def focus(enemies: list[dict[str, Any]], mine: list[dict[str, Any]]) -> str | None:
        if not enemies:
            return None
        def key(e: dict[str, Any]) -> tuple[int, int, str]:
            near = min((_dist(e["x"], e["y"], u["x"], u["y"]) for u in mine), default=0)
            return (e["hp"], near, e["id"])
        return min(enemies, key=key)["id"]

    def score(self, a: Action, units: dict[str, Any], enemies: list[dict[str, Any]],
              focus: str | None, lights: list[dict[str, Any]], cover: set[tuple[int, int]]
              ) -> float:
        kind = a["type"]
        if kind == "end_turn":
            return 0.0
        if kind == "pass":
            return 0.0
        if kind == "crit":
            return 1.0 if a["reroll"] else 0.5
        if kind == "hex":
            return 1.0 if a["lower"] == "defense" else 0.5
        if kind == "arc":
            t = units.get(a["target"])
            return 10.0 - (t["hp"] if t else 0)
        if "unit" not in a:  # a hunt's between-battle choice (done, choose, treat, ...)
            return 1.0
        unit = units[a["unit"]]
        if kind == "attack":
            t = units.get(a["target"])
            if t is None or t["side"] != "enemies":
                return -10.0  # a light source: ours
            return 60.0 + (15.0 if a["target"] == focus else 0.0) - t["hp"] * 0.1 \
                + (0.5 if a["mode"] == "melee" else 0.0)
        if kind in ("ability", "interrupt"):
            return self._ability(a, unit, units, focus)
        if kind == "cover":
            return 40.0 if unit["acted"] or unit["mv"] <= 0 else 3.0
        if kind in ("step", "slip"):
            return self._step(a, unit, enemies, focus, lights, cover)
        if kind in ("douse", "carry"):
            return -10.0
        return 1.0

    def _ability(self, a: Action, unit: dict[str, Any], units: dict[str, Any],
                 focus: str | None) -> float:
        ab = self.c.abilities[unit["kind"]].get(a["ability"])
        if ab is None:
            return 1.0
        target = a["target"]
        t = units.get(target) if isinstance(target, str) else None
        base = 62.0 if a["type"] == "ability" else 55.0
        if ab.targets == "enemy" or ab.attack:
            if t is not None and t["side"] != "enemies":
                return -10.0
            if t is not None:
                return base + (15.0 if target == focus else 0.0) + (ab.attack or 0) * 0.5
            return base - 5.0 + (ab.attack or 0) * 0.5  # an area or a direction
        if ab.hook in ("destroy_light",):
            return -10.0
        if ab.hook == "create_light":
            return 35.0
        # help to an ally (heal, buff, ward): worth it on a hurt ally
        if t is not None and t["side"] == "hunters":
            hurt = t["max"] - t["hp"]
            return 30.0 + hurt if hurt > 0 else 8.0
        return 20.0

    def _step(self, a: Action, unit: dict[str, Any], enemies: list[dict[str, Any]],
              focus: str | None, lights: list[dict[str, Any]], cover: set[tuple[int, int]]
              ) -> float:
        if not enemies:
            return -1.0
        x, y = a["to"]
        ux, uy = unit["x"], unit["y"]
        target = next((e for e in enemies if e["id"] == focus), enemies[0])
        stats = self.c.stats(unit["kind"])  # a pet or a recruit is an enemy kind
        rng = stats.ranged.range if stats.ranged is not None else 1
        here = _dist(ux, uy, target["x"], target["y"])
        there = _dist(x, y, target["x"], target["y"])
        lit = any(_dist(x, y, li["x"], li["y"]) <= 1 for li in lights)
        lit_here = any(_dist(ux, uy, li["x"], li["y"]) <= 1 for li in lights)
        if unit["acted"] or here <= rng:
            # in range (or done): only step into light or cover, never away from the fight
            gain = (3.0 if lit and not lit_here else 0.0) + \
                (2.0 if (x, y) in cover and (ux, uy) not in cover else 0.0)
            if gain and there <= rng:
                return 20.0 + gain
            return -2.0
        if there >= here:
            return -2.0
        return 45.0 + (here - there) + (1.0 if lit else 0.0) + (0.5 if (x, y) in cover else 0.0)
