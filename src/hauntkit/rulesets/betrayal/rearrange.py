"""Rearranging a region that every remaining tile would seal off (Legacy rulebook "Don't Seal
Off a Region"; RULING HL-5).

A rearrangement turns one placed tile of the region (not a starting tile) to another set of
doorways while the new tile goes behind the doorway just passed through, so that the region
keeps at least one unconnected doorway and no tile loses its way to the tiles it was connected
to. The list is
computed in a fixed order (tiles by id, rotations in order), so it is the same for the same
state; the discoverer picks one when there are several. Only a ruleset that buries refused tiles
under the stack gets here (betrayal's set-aside pile empties the stack first).
"""

from __future__ import annotations

from typing import Any

from hauntkit.rulesets.betrayal import house
from hauntkit.rulesets.betrayal.index import BIT, Index
from hauntkit.rulesets.betrayal.vocabulary import SIDES

State = dict[str, Any]
SIDE_NAMES = {"n": "north", "e": "east", "s": "south", "w": "west"}


def plans(ix: Index, s: State, new: str, floor: str, x: int, y: int, entered_from: str
          ) -> list[list[Any]]:
    """Every ``[tile, its new rotation, rotation of the new tile]`` that leaves ``floor`` an
    unconnected doorway once ``new`` is placed at ``(x, y)`` connecting ``entered_from``, and
    keeps together every group of tiles that was connected. Empty: no such rearrangement."""
    rots = house.rotations(ix, s, new, floor, x, y, entered_from)
    before = _groups(ix, s, floor)
    out: list[list[Any]] = []
    for other in house.placed_on(s, floor):
        if ix.rooms[other].start is not None:
            continue  # the starting tiles are printed in place (the Entrance Hall's bump)
        current = s["tiles"][other][3]
        seen = {ix.doors[other][current]}
        for r2 in range(4):
            if ix.doors[other][r2] in seen:
                continue
            seen.add(ix.doors[other][r2])
            for r in rots:
                if _works(ix, s, floor, (other, r2), (new, x, y, r), before):
                    out.append([other, r2, r])
    return out


def _works(ix: Index, s: State, floor: str, turn: tuple[str, int],
           placed: tuple[str, int, int, int], before: list[set[str]]) -> bool:
    """With ``turn`` applied and ``placed`` put down for a moment: an open doorway on the
    floor, every former group still in one group, and the new tile joined to them."""
    other, r2 = turn
    new, x, y, r = placed
    tiles, grid = s["tiles"], s["grid"]
    old = tiles[other][3]
    key = house.cell(floor, x, y)
    tiles[other][3] = r2
    tiles[new] = [floor, x, y, r]
    grid[key] = new
    try:
        if not any(house._open_sides(ix, s, t) for t in house.placed_on(s, floor)):
            return False
        after = _groups(ix, s, floor)
        group_of = {t: i for i, g in enumerate(after) for t in g}
        for g in before:
            if len({group_of[t] for t in g}) != 1:
                return False
        return len(house.door_neighbours(ix, s, new)) > 0
    finally:
        tiles[other][3] = old
        del tiles[new]
        del grid[key]


def _groups(ix: Index, s: State, floor: str) -> list[set[str]]:
    """The tiles of ``floor`` in groups connected through facing doorways."""
    left = set(house.placed_on(s, floor))
    groups: list[set[str]] = []
    while left:
        start = min(left)
        group = {start}
        todo = [start]
        while todo:
            for nxt in house.door_neighbours(ix, s, todo.pop()):
                if nxt not in group:
                    group.add(nxt)
                    todo.append(nxt)
        groups.append(group)
        left -= group
    return groups


def doorway_sides(ix: Index, room: str, r: int) -> str:
    """The sides ``room``'s doorways face at rotation ``r``, in words ("north and east")."""
    names = [SIDE_NAMES[side] for side in SIDES if ix.doors[room][r][0] & BIT[side]]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def label(ix: Index, plan: list[Any], new: str, several_rotations: bool) -> str:
    """What the discoverer reads for one rearrangement."""
    other, r2, r = plan
    text = (f"Turn {ix.rooms[other].name} so its doorways face {doorway_sides(ix, other, r2)}")
    if several_rotations:
        text += f"; {ix.rooms[new].name}'s doorways face {doorway_sides(ix, new, r)}"
    return text


def apply(ix: Index, s: State, plan: list[Any]) -> None:
    """Turn the plan's tile (the new tile is placed by the caller)."""
    other, r2, _ = plan
    s["tiles"][other][3] = r2
    house.forget_layout(s)
