"""The house: tiles on three floor grids, doorways, adjacency, discovery and placement
(RULINGS B5, B6, B7, B11)."""

from __future__ import annotations

from typing import Any

import orjson

from hauntkit.core import rng
from hauntkit.rulesets.betrayal.index import BIT, OPP, STEP, Index
from hauntkit.rulesets.betrayal.vocabulary import FLOORS, SIDES

State = dict[str, Any]
_dumps = orjson.dumps


def cell(floor: str, x: int, y: int) -> str:
    return f"{floor},{x},{y}"


def place_tile(state: State, room: str, floor: str, x: int, y: int, r: int) -> None:
    state["tiles"][room] = [floor, x, y, r]
    state["grid"][cell(floor, x, y)] = room


def floor_of(state: State, room: str) -> str:
    return state["tiles"][room][0]


def real_doors(ix: Index, state: State, room: str) -> int:
    t = state["tiles"][room]
    return ix.doors[room][t[3]][0]


def neighbour(state: State, room: str, side: str) -> str | None:
    f, x, y, _ = state["tiles"][room]
    dx, dy = STEP[side]
    return state["grid"].get(cell(f, x + dx, y + dy))


def connected(ix: Index, state: State, room: str, side: str) -> str | None:
    """The tile through the doorway on ``side`` if both doorways face each other."""
    if not real_doors(ix, state, room) & BIT[side]:
        return None
    other = neighbour(state, room, side)
    if other is None or not real_doors(ix, state, other) & BIT[OPP[side]]:
        return None
    return other


def door_neighbours(ix: Index, state: State, room: str) -> list[str]:
    """``connected(ix, state, room, side)`` for every side where it is not None, in side
    order."""
    tiles = state["tiles"]
    f, x, y, r = tiles[room]
    real_of = ix.real
    real = real_of[room][r]
    out: list[str] = []
    if real:
        grid = state["grid"]
        for bit, opp, key in _around(f, x, y):
            if real & bit:
                other = grid.get(key)
                if other is not None and real_of[other][tiles[other][3]] & opp:
                    out.append(other)
    return out


def _around(f: str, x: int, y: int) -> list[tuple[int, int, str]]:
    """(side bit, opposite bit, grid key) of the cells around a cell, in side order."""
    around = _AROUND.get((f, x, y))
    if around is None:
        around = _AROUND[(f, x, y)] = [
            (bit, opp, f"{f},{x + dx},{y + dy}") for _s, bit, opp, (dx, dy) in _SIDE_INFO]
    return around


def open_sides(ix: Index, state: State, room: str) -> list[str]:
    """Sides with a real doorway and no tile behind it (where one can explore). The list is
    shared (cached per layout, like ``exits``): callers must not change it."""
    grid = state["grid"]
    entry = _OPEN.get(id(grid))
    if entry is None or entry[0] is not grid or entry[1] is not ix or entry[2] != len(grid):
        if len(_OPEN) >= _EXITS_GRIDS:
            _OPEN.clear()
        entry = _OPEN[id(grid)] = (grid, ix, len(grid), {})
    found = entry[3].get(room)
    if found is None:
        found = entry[3][room] = _open_sides(ix, state, room)
    return found


def _open_sides(ix: Index, state: State, room: str) -> list[str]:
    f, x, y, r = state["tiles"][room]
    doors = ix.real[room][r]
    if not doors:
        return []
    grid = state["grid"]
    return [side for side, (bit, _opp, key) in zip(SIDES, _around(f, x, y), strict=True)
            if doors & bit and key not in grid]


def placed_on(state: State, floor: str) -> list[str]:
    return sorted(r for r, t in state["tiles"].items() if t[0] == floor)


def link_targets(ix: Index, state: State, room: str, link: Any) -> list[str]:
    """Placed tiles a link of ``room`` leads to."""
    if link.to:
        return [link.to] if link.to in state["tiles"] and link.to != room else []
    if link.any_floor:
        return [r for r in placed_on(state, link.any_floor) if r != room]
    if link.token:
        return sorted(r for r, toks in state["tokens"].items()
                      if toks.get(link.token) and r != room and r in state["tiles"])
    if link.grid_neighbors:
        out = []
        for s in SIDES:
            n = neighbour(state, room, s)
            if n is not None:
                out.append(n)
        return out
    return []


# Exits per layout: id(grid) -> (grid, ix, number of placed tiles, tokens as JSON,
# {room: exits through doorways and links}, {room: exits for monsters}). In play a house only
# grows (tiles are placed, never moved or removed), so a grid with as many tiles and the same
# tokens (which can link tiles) as when an entry was made has the same layout. Open sides
# (``_OPEN``: id(grid) -> (grid, ix, number of placed tiles, {room: sides})) don't depend on
# tokens. ``forget_layout`` drops a state's entries (set-ups that move tiles). Entries hold
# their grid, so its id can't be reused while they live.
_Table = dict[str, list[tuple[str, Any]]]
_EXITS: dict[int, tuple[dict[str, str], Index, int, bytes, _Table, _Table]] = {}
_OPEN: dict[int, tuple[dict[str, str], Index, int, dict[str, list[str]]]] = {}
_EXITS_GRIDS = 64  # at most this many houses cached (games, clones, bots' views)
_NO_TOKENS = _dumps({})


def exits_table(ix: Index, state: State, monster: bool = False) -> _Table:
    """The cached exits of this state's layout by room (``exits`` fills it): one check of the
    layout for many look-ups. Callers must not change it."""
    grid = state["grid"]
    toks = state["tokens"]
    tokens = _dumps(toks) if toks else _NO_TOKENS
    entry = _EXITS.get(id(grid))
    if entry is None or entry[2] != len(grid) or entry[3] != tokens or entry[1] is not ix \
            or entry[0] is not grid:
        if len(_EXITS) >= _EXITS_GRIDS:
            _EXITS.clear()
        entry = _EXITS[id(grid)] = (grid, ix, len(grid), tokens, {}, {})
    return entry[5] if monster else entry[4]


def exits(ix: Index, state: State, room: str, monster: bool = False) -> list[tuple[str, Any]]:
    """Every tile one step from ``room``: (tile, link or None for a doorway). Links given by
    other tiles (two-way links, and monsters going back up one-way drops) are included.
    The list is shared (cached per layout): callers must not change it."""
    return exits_in(ix, state, exits_table(ix, state, monster), room, monster)


def exits_in(ix: Index, state: State, table: _Table, room: str, monster: bool
             ) -> list[tuple[str, Any]]:
    """``exits`` looked up in (and added to) ``table`` from ``exits_table(ix, state,
    monster)``, the state's layout unchanged since."""
    found = table.get(room)
    if found is None:
        found = table[room] = _exits(ix, state, room, monster)
    return found


def reach_in(ix: Index, state: State, table: _Table, room: str, monster: bool
             ) -> frozenset[str]:
    """The tiles one can get to from ``room`` (itself included) step by step through
    ``exits_in(ix, state, table, ..., monster)``; cached with ``table`` (a layout's)."""
    entry = _REACH.get(id(table))
    if entry is None or entry[0] is not table:
        if len(_REACH) >= _EXITS_GRIDS:
            _REACH.clear()
        entry = _REACH[id(table)] = (table, {})
    found = entry[1].get(room)
    if found is None:
        seen = {room}
        todo = [room]
        while todo:
            for nxt, _ in exits_in(ix, state, table, todo.pop(), monster):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        found = entry[1][room] = frozenset(seen)
    return found


# id(exits table) -> (the table, {room: tiles reachable from it}); the table of a changed
# layout is a new one, so an entry holds as long as its table is the layout's.
_REACH: dict[int, tuple[_Table, dict[str, frozenset[str]]]] = {}


def forget_layout(state: State) -> None:
    """Drop cached exits and open sides of this state's house (after tiles were moved, not
    just placed)."""
    _EXITS.pop(id(state.get("grid")), None)
    _OPEN.pop(id(state.get("grid")), None)


def _exits(ix: Index, state: State, room: str, monster: bool) -> list[tuple[str, Any]]:
    tiles = state["tiles"]
    f, x, y, r = tiles[room]
    real_of = ix.real
    real = real_of[room][r]
    out: list[tuple[str, Any]] = []
    seen: set[str] = {room}
    if real:
        grid = state["grid"]
        for bit, opp, key in _around(f, x, y):
            if real & bit:
                other = grid.get(key)
                if other is not None and real_of[other][tiles[other][3]] & opp \
                        and other not in seen:
                    seen.add(other)
                    out.append((other, None))
    links = ix.rooms_links[room]
    if links:
        for link in links:
            for other in link_targets(ix, state, room, link):
                if other not in seen:
                    seen.add(other)
                    out.append((other, link))
    tokens = state["tokens"]
    if tokens:
        toks = tokens.get(room)
        if toks:  # marked tiles (secret stairs, passages): every tile holding the same token
            for tok, n in toks.items():
                if n and tok in ix.tokens_linked:
                    for other, others in sorted(tokens.items()):
                        if others.get(tok) and other not in seen:
                            seen.add(other)
                            out.append((other, None))
    # links given by other tiles: two-way ones, and one-way ones monsters may climb
    for rev in (ix.rev_to.get(room), ix.rev_floor.get(f)):
        if rev:
            for src, link in rev:
                if src in tiles and src not in seen and (not link.one_way or
                                                          (monster and link.monsters_free)):
                    seen.add(src)
                    out.append((src, link))
    return out


_SIDE_INFO = [(s, BIT[s], BIT[OPP[s]], STEP[s]) for s in SIDES]
# (side bit, opposite bit, grid key) around a cell, in side order
_AROUND: dict[tuple[str, int, int], list[tuple[int, int, str]]] = {}


def line_of_sight(ix: Index, state: State, room: str) -> list[str]:
    """Tiles in a straight line of facing doorways from ``room`` on its floor (RULING B11)."""
    out: list[str] = []
    for s in SIDES:
        cur = room
        while True:
            nxt = connected(ix, state, cur, s)
            if nxt is None:
                break
            out.append(nxt)
            if ix.rooms[nxt].blocks_sight:
                break
            cur = nxt
    return out


# ---------------------------------------------------------------------------- placement
def _floor_has_open(ix: Index, state: State, floor: str, extra: tuple[str, str, int, int, int]
                    ) -> bool:
    """Whether ``floor`` keeps an open doorway once tile ``extra`` is placed (B7)."""
    room, _f, x, y, r = extra
    grid = state["grid"]
    tmp = cell(floor, x, y)
    grid[tmp] = room
    state["tiles"][room] = [floor, x, y, r]
    try:
        tiles = state["tiles"]
        # newest first (the likeliest to have an open doorway; one is enough, in any order)
        for other in reversed(tiles):
            if tiles[other][0] == floor and _open_sides(ix, state, other):  # uncached: the
                # tile is placed for a moment
                return True
        return False
    finally:
        del grid[tmp]
        del state["tiles"][room]


def rotations(ix: Index, state: State, room: str, floor: str, x: int, y: int,
              entered_from: str | None, strict: bool = False) -> list[int]:
    """Legal rotations of ``room`` at ``(floor, x, y)`` per RULING B7: the doorway passed
    through connects; of those, the ones connecting the most doorways; not sealing the floor
    unless every rotation does (``strict``: then none is legal and the tile is set aside).
    ``entered_from`` is the side of the new tile facing the mover (None: any rotation
    connecting at least one doorway)."""
    grid = state["grid"]
    best: list[tuple[int, int]] = []
    masks: set[tuple[int, int]] = set()
    for r in range(4):
        real = ix.doors[room][r][0]
        if ix.doors[room][r] in masks:
            continue  # the same doorways as a rotation already considered
        masks.add(ix.doors[room][r])
        if entered_from is not None and not real & BIT[entered_from]:
            continue
        links = 0
        for s in SIDES:
            dx, dy = STEP[s]
            other = grid.get(cell(floor, x + dx, y + dy))
            if other is not None and real & BIT[s] and \
                    ix.doors[other][state["tiles"][other][3]][0] & BIT[OPP[s]]:
                links += 1
        if entered_from is None and links == 0:
            continue
        best.append((r, links))
    if not best:
        return []
    top = max(n for _, n in best)
    cands = sorted({r for r, n in best if n == top})
    unsealed = [r for r in cands if _floor_has_open(ix, state, floor, (room, floor, x, y, r))]
    return unsealed if strict else (unsealed or cands)


def next_fitting(ix: Index, state: State, floor: str) -> str | None:
    """Take the top tile of the room stack that may go on ``floor``; set aside the ones that
    can't (RULING B7, the rules' ``set_aside_tile``: `betrayal` to a discard pile). Each tile
    of the stack is looked at once at most."""
    stack = state["stack"]
    set_aside = ix.rules.set_aside_tile
    for _ in range(len(stack)):
        room = stack.pop(0)
        if floor in ix.floor_ok[room]:
            return room
        set_aside(ix, state, room)
    return None


def stack_has(ix: Index, state: State, floor: str) -> bool:
    floor_ok = ix.floor_ok
    for r in state["stack"]:
        if floor in floor_ok[r]:
            return True
    return False


def open_doorways(ix: Index, state: State, floor: str) -> list[tuple[str, str]]:
    return [(r, s) for r in placed_on(state, floor) for s in open_sides(ix, state, r)]


def shuffle_stack(state: State) -> None:
    rng.shuffle(state["rng"], state["stack"])


__all__ = ["FLOORS", "cell", "connected", "exits", "line_of_sight", "next_fitting",
           "open_doorways", "open_sides", "place_tile", "rotations", "stack_has"]
