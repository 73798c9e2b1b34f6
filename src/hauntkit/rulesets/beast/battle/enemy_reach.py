"""Where an enemy can go and what its attacks can reach (rules: "Combat Logic", "Enemy
Turn"; RULING R7): the movement search over the map with its barricades and units, paths
toward a space, and the best aim of an area (beam or AOE) attack."""

from __future__ import annotations

from typing import Any

from hauntkit.rulesets.beast.battle.board import (
    area_cells,
    beam_cells,
    los,
)
from hauntkit.rulesets.beast.data import DIRS, MapData
from hauntkit.rulesets.beast.schema import Ability

State = dict[str, Any]
Unit = dict[str, Any]


# Compiled by mypyc as a plain (non-native) class, since BeastRuleset mixes it with the others;
# ``self: Any`` because mypyc would check an annotated self's exact class at run time.


def reach_search(md: MapData, units: dict[str, Unit], bars: list[dict[str, Any]], unit: Unit,
                 block: frozenset[tuple[int, int]], occ: dict[tuple[int, int], str],
                 goal: tuple[int, int, int, bool] | None
                 ) -> tuple[list[list[int]] | None, dict[tuple[int, int], tuple[int, Any]]]:
    """Breadth-first search: every space reachable this turn (cost, parent), in order of
    cost; enemies pass through each other but never through hunters nor barricades (``bars``,
    the ones in ``block``). With ``goal`` (target x, y, reach, STEALTH doubling) the search
    stops at the first space in its order (the start, or a free space) from which the target
    is in reach and sight (as ``plan`` picks it from the whole map) and returns
    ``(path to it, {})``; ``(None, map)`` when no space reaches."""
    sx: int = unit["x"]
    sy: int = unit["y"]
    seek = goal is not None
    tx = ty = reach = 0
    stealth = False
    if goal is not None:
        tx, ty, reach, stealth = goal
        if reaches_from(md, block, sx, sy, tx, ty, reach, stealth):
            return [], {}
    limit: int = unit["mv"]
    if limit <= 0:
        return None, {(sx, sy): (0, None)}
    side = unit["side"]
    width = md.width
    height = md.height
    size = width * height
    # Cells are indices here. ``mark`` flags the seen and the stopping ones (the other side's
    # units, barricades; neighbours never hold walls); ``taken`` every unit's space.
    mark = [False] * size
    taken = [False] * size if seek else mark
    for (cx, cy), o in occ.items():
        i = cx + cy * width
        if seek:
            taken[i] = True
        if units[o]["side"] != side:
            mark[i] = True
    for b in bars:
        bx: int = b["x"]
        by: int = b["y"]
        if 0 <= bx < width and 0 <= by < height:
            mark[bx + by * width] = True
    nbrs = md.nbr_index
    first = sx + sy * width
    mark[first] = True
    parent = [0] * size
    order = [first]
    costs = [0]
    frontier = [first]
    for cost in range(1, limit + 1):
        nxt: list[int] = []
        for c in frontier:
            around = nbrs[c]
            for k in range(len(around)):
                n = around[k]
                if mark[n]:
                    continue
                mark[n] = True
                nxt.append(n)
                parent[n] = c
                if seek and not taken[n] and reaches_from(md, block, n % width, n // width,
                                                          tx, ty, reach, stealth):
                    path: list[list[int]] = []
                    while n != first:
                        path.append([n % width, n // width])
                        n = parent[n]
                    path.reverse()
                    return path, {}
        if not nxt:
            break
        order.extend(nxt)
        costs.extend([cost] * len(nxt))
        frontier = nxt
    cells = md.cells
    seen: dict[tuple[int, int], tuple[int, Any]] = {(sx, sy): (0, None)}
    for i in range(1, len(order)):
        c = order[i]
        seen[cells[c]] = (costs[i], cells[parent[c]])
    return None, seen


def path_to(reach_map: dict[tuple[int, int], tuple[int, Any]],
            cell: tuple[int, int] | None) -> list[list[int]]:
    """The steps from the start of ``reach_map`` to ``cell`` (none for None)."""
    path: list[list[int]] = []
    step: Any = cell
    while step is not None:
        prev = reach_map[step][1]
        if prev is None:
            break
        path.append(list(step))
        step = prev
    path.reverse()
    return path


def closest_toward(reach_map: dict[tuple[int, int], tuple[int, Any]],
                   occ: dict[tuple[int, int], str], unit: Unit, gx: int,
                   gy: int) -> tuple[int, int] | None:
    """The free space within this turn's movement closest to (gx, gy), then cheapest."""
    mv: int = unit["mv"]
    here = (unit["x"], unit["y"])
    best: tuple[int, int] | None = None
    best_d = best_cost = 0
    for cell, entry in reach_map.items():
        cost: int = entry[0]
        if cost > mv or (cell in occ and cell != here):
            continue
        d = max(abs(cell[0] - gx), abs(cell[1] - gy))
        if best is None or d < best_d or (d == best_d and cost < best_cost):
            best, best_d, best_cost = cell, d, cost
    return best


def best_area(md: MapData, units: dict[str, Unit], unit: Unit, ab: Ability,
              reach_map: dict[tuple[int, int], tuple[int, Any]],
              block: frozenset[tuple[int, int]],
              occ: dict[tuple[int, int], str]) -> tuple[tuple[int, int], Any] | None:
    """Where to stand and aim an AOE or beam to hit the most hunters (then fewest allies,
    then least movement); None when no hunter can be caught this turn."""
    if ab.shape == "aoe":
        return best_aoe(md, block, units, unit, ab.radius, ab.range, reach_map, occ)
    best, key = None, None
    hunters = [(u["x"], u["y"]) for u in units.values()
               if u["alive"] and u["side"] == "hunters"]
    for cell, (cost, _) in reach_map.items():
        if cost > unit["mv"] or (cell in occ and cell != (unit["x"], unit["y"])):
            continue
        for aim in _beam_dirs(cell, hunters, ab.range):
            nh, na = _count(units, unit["id"], occ,
                            beam_cells(md, block, cell[0], cell[1], aim, ab.range))
            if nh == 0:
                continue
            k = (-nh, na, cost)
            if key is None or k < key:
                best, key = (cell, aim), k
    return best


def _count(units: dict[str, Unit], uid: str, occ: dict[tuple[int, int], str],
           cells: list[tuple[int, int]]) -> tuple[int, int]:
    """Hunters and other enemies standing in ``cells`` (the user ``uid`` never counts)."""
    nh = na = 0
    for c in cells:
        o = occ.get(c)
        if o is None or o == uid:
            continue
        if units[o]["side"] == "hunters":
            nh += 1
        else:
            na += 1
    return nh, na


def reaches_from(md: MapData, block: frozenset[tuple[int, int]], cx: int, cy: int, tx: int,
                 ty: int, reach: int, stealth: bool) -> bool:
    """Whether a target on (tx, ty) is in ``reach`` of (cx, cy) and, beyond 1, in sight;
    ``stealth``: its STEALTH doubles the distance."""
    d = max(abs(cx - tx), abs(cy - ty))
    if stealth:
        d *= 2
    return d <= reach and (reach <= 1 or los(md, block, cx, cy, tx, ty))


def _beam_dirs(cell: tuple[int, int], hunters: list[tuple[int, int]], rng: int) -> list[int]:
    """Directions (index in DIRS) from ``cell`` whose line holds a hunter within ``rng``."""
    out = set()
    for hx, hy in hunters:
        dx, dy = hx - cell[0], hy - cell[1]
        if (dx or dy) and (dx == 0 or dy == 0 or abs(dx) == abs(dy)) and max(
                abs(dx), abs(dy)) <= rng:
            out.add(DIRS.index(((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))))
    return sorted(out)


def best_aoe(md: MapData, block: frozenset[tuple[int, int]], units: dict[str, Unit],
             unit: Unit, radius: int, rng: int, reach_map: dict[tuple[int, int], Any],
             occ: dict[tuple[int, int], str]) -> tuple[tuple[int, int], Any] | None:
    """``best_area`` for an AOE. Its score depends only on its aim (hunters, then other
    enemies, within ``radius``; the user never counts): rank the aims, then find the cheapest
    space to throw each from (reach_map is in order of cost)."""
    width, height = md.width, md.height
    size = width * height
    uid = unit["id"]
    # Only aims whose area holds a hunter can score. Counting by area is counting by unit:
    # every unit stands on an open space, in an aim's area exactly when within radius of it.
    hits = [0] * size
    allies = [0] * size
    aims: list[int] = []
    for o, u in units.items():
        if not u["alive"] or o == uid:
            continue
        area = area_cells(md, u["x"], u["y"], radius)
        if u["side"] == "hunters":
            for cx, cy in area:
                i = cx + cy * width
                n = hits[i]
                if not n:
                    aims.append(i)
                hits[i] = n + 1
        else:
            for cx, cy in area:
                i = cx + cy * width
                allies[i] = allies[i] + 1
    # One int per aim, ordered as (-hunters, allies, (x, y)) would be.
    bound = len(units) + 1
    barred = block is not md.walls
    keys: list[int] = []
    for i in aims:
        x, y = i % width, i // width
        if barred and (x, y) in block:
            continue
        keys.append(((bound - hits[i]) * bound + allies[i]) * size + x * height + y)
    keys.sort()
    here = (unit["x"], unit["y"])
    mv: int = unit["mv"]
    # Free spaces to throw from, in order of cost (costs never decrease along reach_map).
    spots: list[tuple[int, int]] = []
    costs: list[int] = []
    lox, loy, hix, hiy = width, height, -1, -1  # the spots' box: aims beyond it never reach
    for cell, entry in reach_map.items():
        cost: int = entry[0]
        if cost <= mv and (cell not in occ or cell == here):
            spots.append(cell)
            costs.append(cost)
            cx, cy = cell
            lox, hix = min(lox, cx), max(hix, cx)
            loy, hiy = min(loy, cy), max(hiy, cy)
    best: tuple[tuple[int, int], Any] | None = None
    best_score = best_cost = 0
    for k in keys:
        score = k // size
        if best is not None and score > best_score:
            break
        ax, ay = divmod(k % size, height)
        if ax < lox - rng or ax > hix + rng or ay < loy - rng or ay > hiy + rng:
            continue
        for j in range(len(spots)):
            cost = costs[j]
            if best is not None and cost >= best_cost:
                break
            cx, cy = spots[j]
            if max(abs(cx - ax), abs(cy - ay)) <= rng and los(md, block, cx, cy, ax, ay):
                best, best_score, best_cost = (spots[j], (ax, ay)), score, cost
                break
    return best
