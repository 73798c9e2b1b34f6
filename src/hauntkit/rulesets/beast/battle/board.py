"""Battle-map geometry (RULING R5): king-step distance, sight, beams, areas, light."""

from __future__ import annotations

from typing import Any, Final

from hauntkit.rulesets.beast.data import DIRS, MapData

State = dict[str, Any]


def dist(ax: int, ay: int, bx: int, by: int) -> int:
    """Distance in king steps (8-way movement)."""
    return max(abs(ax - bx), abs(ay - by))


def nearest(objs: list[dict[str, Any]], x: int, y: int) -> dict[str, Any]:
    """The first of ``objs`` (each with "x" and "y") closest to (x, y), as ``min`` picks it."""
    best, bd = objs[0], dist(objs[0]["x"], objs[0]["y"], x, y)
    for o in objs:
        d = dist(o["x"], o["y"], x, y)
        if d < bd:
            best, bd = o, d
    return best


# blockers' sets with barricades, by (walls, barricade x, y, ...): the walls in the key keep
# them alive, so a hit is always for the same walls
_BLOCKERS: Final[dict[tuple[Any, ...], frozenset[tuple[int, int]]]] = {}


def blockers(state: State, md: MapData) -> frozenset[tuple[int, int]]:
    """Spaces that block movement and sight: walls and standing barricades."""
    bars: list[dict[str, Any]] = state["barricades"]
    walls = md.walls
    if not bars:
        return walls
    parts: list[Any] = [walls]
    for b in bars:
        parts.append(b["x"])
        parts.append(b["y"])
    key = tuple(parts)
    block = _BLOCKERS.get(key)
    if block is None:
        if len(_BLOCKERS) >= 4096:
            _BLOCKERS.clear()
        block = _BLOCKERS[key] = walls.union((b["x"], b["y"]) for b in bars)
    return block


_K: Final = 1 << 12  # packs a line's two ends in one int key (coordinates 0 to 4095)
# the spaces strictly between two ends, by packed ends
_LINES: Final[dict[int, tuple[tuple[int, int], ...]]] = {}


def line_cells(ax: int, ay: int, bx: int, by: int) -> tuple[tuple[int, int], ...]:
    """The spaces strictly between two spaces on a straight (Bresenham) line."""
    if not (0 <= ax < _K and 0 <= ay < _K and 0 <= bx < _K and 0 <= by < _K):
        return _line(ax, ay, bx, by)
    key = ((ax * _K + ay) * _K + bx) * _K + by
    cells = _LINES.get(key)
    if cells is None:
        if len(_LINES) >= 65536:
            _LINES.clear()
        cells = _LINES[key] = _line(ax, ay, bx, by)
    return cells


def _line(ax: int, ay: int, bx: int, by: int) -> tuple[tuple[int, int], ...]:
    cells = []
    dx, dy = abs(bx - ax), -abs(by - ay)
    sx, sy = (1 if ax < bx else -1), (1 if ay < by else -1)
    err, x, y = dx + dy, ax, ay
    while (x, y) != (bx, by):
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x += sx
        if e2 <= dx:
            err += dx
            y += sy
        if (x, y) != (bx, by):
            cells.append((x, y))
    return tuple(cells)


def sight(block: frozenset[tuple[int, int]], ax: int, ay: int, bx: int, by: int) -> bool:
    """Line of sight: no wall or barricade strictly between the two spaces."""
    for c in line_cells(ax, ay, bx, by):
        if c in block:
            return False
    return True


# sight past the walls, by the map's walls and packed ends
_CLEAR: Final[dict[frozenset[tuple[int, int]], dict[int, bool]]] = {}
# each barricade layout's barricades, by blockers' set (walls and barricades)
_BARRICADES: Final[dict[frozenset[tuple[int, int]], list[tuple[int, int]]]] = {}


def los(md: MapData, block: frozenset[tuple[int, int]], ax: int, ay: int, bx: int,
        by: int) -> bool:
    """``sight``: past the walls from a table per map, then past the barricades (``block``
    less the walls), which can only stand on the line inside the box of its two ends."""
    if not (0 <= ax < _K and 0 <= ay < _K and 0 <= bx < _K and 0 <= by < _K):
        return sight(block, ax, ay, bx, by)
    walls = md.walls
    table = _CLEAR.get(walls)
    if table is None:
        if len(_CLEAR) >= 64:
            _CLEAR.clear()
        table = _CLEAR[walls] = {}
    key = ((ax * _K + ay) * _K + bx) * _K + by
    clear = table.get(key)
    if clear is None:
        clear = table[key] = sight(walls, ax, ay, bx, by)
    if block is walls or not clear:
        return clear
    bars = _BARRICADES.get(block)
    if bars is None:
        if len(_BARRICADES) >= 256:
            _BARRICADES.clear()
        bars = _BARRICADES[block] = [c for c in block if c not in walls]
    lox, hix = min(ax, bx), max(ax, bx)
    loy, hiy = min(ay, by), max(ay, by)
    for cx, cy in bars:
        if lox <= cx <= hix and loy <= cy <= hiy:
            for lx, ly in line_cells(ax, ay, bx, by):
                if lx == cx and ly == cy:
                    return False
    return True


def beam_cells(md: MapData, block: frozenset[tuple[int, int]], x: int, y: int, d: int,
               rng: int) -> list[tuple[int, int]]:
    """The spaces a beam from (x, y) in direction ``d`` covers, stopping at a blocker."""
    dx, dy = DIRS[d]
    out = []
    for i in range(1, rng + 1):
        c = (x + dx * i, y + dy * i)
        if not (0 <= c[0] < md.width and 0 <= c[1] < md.height) or c in block:
            break
        out.append(c)
    return out


def area_cells(md: MapData, x: int, y: int, radius: int) -> list[tuple[int, int]]:
    """The target space and every space within ``radius`` of it."""
    key = (x, y, radius)
    cached = md.areas.get(key)
    if cached is None:
        cached = md.areas[key] = _area(md, x, y, radius)
    return cached


def _area(md: MapData, x: int, y: int, radius: int) -> list[tuple[int, int]]:
    return [(xx, yy) for yy in range(max(0, y - radius), min(md.height, y + radius + 1))
            for xx in range(max(0, x - radius), min(md.width, x + radius + 1))
            if (xx, yy) not in md.walls]


def lit_tiles(state: State, md: MapData) -> set[int]:
    """Map tiles holding at least one light source (light score 1)."""
    return {md.tile_of[(li["x"], li["y"])] for li in state["lights"]}


def is_lit(state: State, md: MapData, x: int, y: int) -> bool:
    tile = md.tile_of[(x, y)]
    return any(md.tile_of[(li["x"], li["y"])] == tile for li in state["lights"])


def occupancy(state: State) -> dict[tuple[int, int], str]:
    units: dict[str, dict[str, Any]] = state["units"]  # typed: mypyc's dict fast paths
    return {(u["x"], u["y"]): uid for uid, u in units.items() if u["alive"]}
