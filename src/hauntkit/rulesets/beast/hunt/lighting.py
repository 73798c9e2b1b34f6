"""The Location card's light sources, placed by the party before a hunt's battle
(riddle-of-the-beast-rules.md "A Dark World... / Light Sources": "When a new Location card is
drawn with a Light Source of 1 the players can place a Light icon on any tile on this
Location"; RULING HR-79).

A location with ``lights: N`` puts none of its map's own lights down: the lead seat (HR-77)
places up to N light sources, one action each, on any floor space (a light lights its whole
map tile), or leaves the rest dark. Initiative is rolled once they are placed.
"""

from __future__ import annotations

from typing import Any

from hauntkit.core.log import emit
from hauntkit.rulesets.beast.hunt.party import lead_seat
from hauntkit.rulesets.beast.labels import space_of

State = dict[str, Any]
Action = dict[str, Any]

KEY = "to_light"  # in state["hunt"]: light sources the party still may place


def pending(state: State) -> bool:
    """Whether the party is still placing the Location card's light sources."""
    return bool(state.get("hunt", {}).get(KEY))


def begin(rs: Any, state: State, count: int) -> bool:
    """Start the placing of ``count`` light sources; False when there is none to place."""
    if count <= 0:
        return False
    state["hunt"][KEY] = count
    emit(state, "lights_to_place", f"The Location card shows {count} light source"
         f"{'s' if count != 1 else ''}: place {'them' if count != 1 else 'it'} on the map.",
         count=count)
    return True


def seats(state: State) -> list[int]:
    seat = lead_seat(state)
    return [] if seat is None else [seat]


def options(rs: Any, state: State, seat: int) -> list[Action]:
    """Every floor space of the map (a light's space matters for putting it out or carrying
    it, HR-12), then leaving the rest dark."""
    if seat not in seats(state):
        return []
    md = rs.md(state)
    taken = {(li["x"], li["y"]) for li in state["lights"]}
    out: list[Action] = [{"type": "place_light", "to": [x, y]}
                         for y in range(md.height) for x in range(md.width)
                         if (x, y) not in md.walls and (x, y) not in taken]
    out.append({"type": "leave_dark"})
    return out


def tile_word(rs: Any, state: State, x: int, y: int) -> str:
    """The map tile of a space, as a word (tile ids are our plain words: 'hall')."""
    md = rs.md(state)
    return md.tile_ids[md.tile_of[(x, y)]].replace("-", " ").title()


def act(rs: Any, state: State, action: Action) -> bool:
    """Apply a placing action; True when the placing is over (initiative comes next)."""
    h = state["hunt"]
    if action["type"] == "leave_dark":
        emit(state, "lights_left", "The party leaves the rest of the location dark.")
        h.pop(KEY, None)
        return True
    x, y = action["to"]
    state["lights"].append({"id": rs.new_id(state, "L"), "x": x, "y": y, "hp": 2})
    emit(state, "light_placed", f"A light source is placed at {space_of([x, y])} "
         f"({tile_word(rs, state, x, y)}).", to=[x, y])
    h[KEY] -= 1
    if h[KEY] <= 0:
        h.pop(KEY)
        return True
    return False


__all__ = ["KEY", "act", "begin", "tile_word", "options", "pending", "seats"]
