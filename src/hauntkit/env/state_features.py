"""The env's observation features, read straight from the state (compiled with mypyc).

``features.py`` defines the features as a function of a seat's ``view``. Building a view costs
more than the engine's action (it copies the whole house and filters the log), so the env
computes the same numbers here from the state, reading only what that seat's view shows: a
hidden traitor's side is ``unknown`` to the others, deck order is never read (only deck sizes).
tests/env/test_features.py holds the two equal, float for float, over thousands of positions of
every ruleset, for every seat and for a spectator.

An observer (``HouseObserver``, ``BattleObserver``) gives one game's features as packed float32
in one native call; the episode (episode.py) copies them into a numpy array or a shared batch.
The features are packed with ``struct`` (cheaper than writing into numpy value by value), and
a house's room blocks, most of its features, are joined from a table of packed blocks.
"""

from __future__ import annotations

import struct
from typing import Any, Final

State = dict[str, Any]

# Final: compiled code reads them as constants, not from the module's globals at each use
SEAT_SLOTS: Final = 6
MONSTER_SLOTS: Final = 12
SIDES: Final[tuple[str | None, ...]] = ("heroes", "traitor", "unknown", None)
PHASES: Final[tuple[str, ...]] = ("exploring", "haunt", "over")
TRAITS: Final[tuple[str, ...]] = ("might", "speed", "sanity", "knowledge")
ENEMY_SLOTS: Final = 16
UNIT_WIDTH: Final = 11


def scaled(value: Any, top: float) -> float:
    """``value / top`` clipped to [0, 1]; 0 for a missing or non-numeric value."""
    if type(value) is int:  # the common case, without the generic conversion
        whole: int = value
        ratio = whole / top
        return 1.0 if ratio > 1.0 else (ratio if ratio > 0.0 else 0.0)
    try:
        number = float(value) / top
    except (TypeError, ValueError):
        return 0.0
    return min(1.0, max(0.0, number))


class HouseLayout:
    """What fixes the size and order of a house game's features: the rooms and haunts of the
    pack (sorted ids), the floors, and each character's trait tracks."""

    def __init__(self, rooms: list[str], haunts: list[str], floors: list[str],
                 tracks: dict[str, list[list[int]]]) -> None:
        self.rooms = rooms
        self.room_index: dict[str, int] = {room: i for i, room in enumerate(rooms)}
        self.haunt_index: dict[str, int] = {haunt: i for i, haunt in enumerate(haunts)}
        self.floor_index: dict[str, int] = {floor: i for i, floor in enumerate(floors)}
        self.haunt_count = len(haunts)
        self.floor_count = len(floors)
        self.tracks = tracks
        self.seat_width = 2 + len(SIDES) + 2 * len(TRAITS) + 1 + len(floors) + 1
        self.size = (12 + len(haunts) + len(SIDES) + SEAT_SLOTS * self.seat_width
                     + MONSTER_SLOTS * 3 + 4 * len(rooms))
        self.head_size = self.size - 4 * len(rooms)  # the features before the rooms' blocks
        self.head_packer = struct.Struct(f"{self.head_size}f")
        self.room_blocks = [room_block(code) for code in range(ROOM_CODES)]


# A room's block (placed, the observer there, explorers there, a monster there) as one code:
# placed 1, observer 2, monster 4, plus 8 per explorer (at most SEAT_SLOTS). Its packed floats
# come from a table, so the rooms' blocks (most of the features) are joined, not packed.
PLACED: Final = 1
OBSERVER_THERE: Final = 2
MONSTER_THERE: Final = 4
PER_EXPLORER: Final = 8
ROOM_CODES: Final = PER_EXPLORER * (SEAT_SLOTS + 1)
ROOM_BLOCK: Final = struct.Struct("4f")


def room_block(code: int) -> bytes:
    """The four float32 features of a room whose block has ``code``."""
    return ROOM_BLOCK.pack(float(code & PLACED), 1.0 if code & OBSERVER_THERE else 0.0,
                           scaled(code // PER_EXPLORER, SEAT_SLOTS),
                           1.0 if code & MONSTER_THERE else 0.0)


def _side_slot(side: str | None) -> int:
    if side == "heroes":
        return 0
    if side == "traitor":
        return 1
    if side == "unknown":
        return 2
    return 3


def house_features(layout: HouseLayout, state: State,
                   seat: int | None) -> tuple[list[float], list[int]]:
    """The features of ``view(state, seat)`` for betrayal and legacy (see features.py): the
    features before the rooms' blocks, and each room's block as a code (``room_block``)."""
    out: list[float] = [0.0] * layout.head_size
    me: int = seat if seat is not None else 0
    players: int = state["players"]
    explorers: list[dict[str, Any]] = state["explorers"]
    tiles: dict[str, Any] = state["tiles"]
    haunt: dict[str, Any] | None = state["haunt"]
    turn: dict[str, Any] = state["turn"]
    hidden = haunt is not None and bool(haunt["hidden"]) and not haunt["revealed"]
    out[0] = scaled(players, SEAT_SLOTS)
    if state["result"]:
        out[3] = 1.0
    elif haunt:
        out[2] = 1.0
    else:
        out[1] = 1.0
    out[4] = scaled(state["turns"], 600)
    out[5] = scaled(turn["moves_left"], 10)
    who = turn["who"]
    if who != "m" and who == me:
        out[6] = 1.0
    if who == "m":
        out[7] = 1.0
    if state["choice"] is not None:
        out[8] = 1.0
    out[9] = scaled(state["omens"], 13)
    out[10] = scaled(len(state["stack"]), len(layout.rooms))
    decks: dict[str, list[str]] = state["decks"]
    out[11] = scaled(sum(len(deck) for deck in decks.values()), 100)
    at = 12
    my_side: str | None = None
    if haunt is not None:
        slot = layout.haunt_index.get(haunt["id"], -1)
        if slot >= 0:
            out[at + slot] = 1.0
        if seat is not None:
            my_side = explorers[seat]["side"]
            if hidden and seat != haunt["traitor"] and my_side:
                my_side = "heroes"
    at += layout.haunt_count
    out[at + _side_slot(my_side)] = 1.0
    at += len(SIDES)
    in_room: dict[str | None, int] = {}
    room_count = len(layout.rooms)
    for slot in range(SEAT_SLOTS):
        if slot < players and (me + slot) % players < len(explorers):
            other = (me + slot) % players
            explorer = explorers[other]
            out[at] = 1.0
            room = explorer["room"]
            if explorer["alive"]:
                out[at + 1] = 1.0
                in_room[room] = in_room.get(room, 0) + 1
            side: str | None = explorer["side"]
            if hidden and seat != other and side is not None:
                side = "unknown"
            out[at + 2 + _side_slot(side)] = 1.0
            block = at + 2 + len(SIDES)
            tracks = layout.tracks[explorer["character"]]
            levels: dict[str, int] = explorer["traits"]
            for number, trait in enumerate(TRAITS):
                index = levels[trait]
                value = tracks[number][index] if index >= 0 else 0
                out[block + 2 * number] = scaled(value, 8)
                out[block + 2 * number + 1] = scaled(index + 1, 8)
            block += 2 * len(TRAITS)
            out[block] = scaled(len(explorer["cards"]), 10)
            placed = tiles.get(room) if room is not None else None
            if placed is not None:
                floor = layout.floor_index.get(placed[0], -1)
                if floor >= 0:
                    out[block + 1 + floor] = 1.0
            out[block + 1 + layout.floor_count] = scaled(
                layout.room_index.get(room, 0) if room is not None else 0, room_count)
        at += layout.seat_width
    mine: str | None = explorers[me]["room"] if me < len(explorers) else None
    monsters: dict[str, dict[str, Any]] = state["monsters"]
    monster_rooms: set[str | None] = set()
    for number, monster_id in enumerate(sorted(monsters) if monsters else ()):
        monster = monsters[monster_id]
        monster_rooms.add(monster["room"])
        if number < MONSTER_SLOTS:
            base = at + 3 * number
            out[base] = 1.0
            if monster["stunned"]:
                out[base + 1] = 1.0
            if monster["room"] == mine:
                out[base + 2] = 1.0
    # per room (in the layout's order): placed, the observer there, explorers there, a
    # monster there; only the rooms something is true of are marked (``codes[i] = codes[i] |
    # x``, not ``|=``: compiled, the augmented form on an item is the generic operation)
    room_index = layout.room_index
    codes: list[int] = [0] * len(layout.rooms)
    for room in tiles:
        index = room_index.get(room, -1)
        if index >= 0:
            codes[index] = codes[index] | PLACED
    if mine is not None:
        index = room_index.get(mine, -1)
        if index >= 0:
            codes[index] = codes[index] | OBSERVER_THERE
    for room, count in in_room.items():
        index = room_index.get(room, -1) if room is not None else -1
        if index >= 0:
            codes[index] = codes[index] + PER_EXPLORER * min(count, SEAT_SLOTS)
    for room in monster_rooms:
        index = room_index.get(room, -1) if room is not None else -1
        if index >= 0:
            codes[index] = codes[index] | MONSTER_THERE
    return out, codes


def battle_features(hunters: list[str], state: State, seat: int | None,
                    waiting: list[int], tile_of: dict[tuple[int, int], int],
                    width: int, height: int) -> list[float]:
    """The features of a beast battle's ``view(state, seat)`` (see features.py); ``waiting``
    is ``to_act(state)``, ``tile_of`` the map's cell -> tile, ``width``/``height`` its size."""
    size = 8 + (len(hunters) + ENEMY_SLOTS) * UNIT_WIDTH
    out: list[float] = [0.0] * size
    lights: list[dict[str, Any]] = state["lights"]
    out[0] = scaled(state["round"], 30)
    if state["side"] == "hunters":
        out[1] = 1.0
    if state["first"] == "hunters":
        out[2] = 1.0
    out[3] = scaled(len(state["deck"]), 40)
    if state["pending"] is not None:
        out[4] = 1.0
    if state["window"] is not None:
        out[5] = 1.0
    out[6] = scaled(len(lights), 10)
    if seat in waiting:
        out[7] = 1.0
    lit: set[int] = {tile_of[(light["x"], light["y"])] for light in lights}
    units: dict[str, dict[str, Any]] = state["units"]
    by_id: dict[str, dict[str, Any]] = {}
    enemies: list[tuple[str, dict[str, Any]]] = []
    for unit in units.values():
        if unit["side"] == "hunters":
            by_id[unit["id"]] = unit
        elif unit["side"] == "enemies":
            enemies.append((unit["id"], unit))
    enemies.sort(key=lambda pair: pair[0])
    x_top = float(max(1, width - 1))
    y_top = float(max(1, height - 1))
    at = 8
    for hunter in hunters:
        found = by_id.get(hunter)
        if found is not None:
            _unit(out, at, found, seat, lit, tile_of, x_top, y_top)
        at += UNIT_WIDTH
    for number in range(ENEMY_SLOTS):
        if number < len(enemies):
            _unit(out, at, enemies[number][1], seat, lit, tile_of, x_top, y_top)
        at += UNIT_WIDTH
    return out


def _unit(out: list[float], at: int, unit: dict[str, Any], seat: int | None, lit: set[int],
          tile_of: dict[tuple[int, int], int], x_top: float, y_top: float) -> None:
    out[at] = 1.0
    if unit.get("alive"):
        out[at + 1] = 1.0
    x = unit.get("x", 0)
    y = unit.get("y", 0)
    out[at + 2] = scaled(x, x_top)
    out[at + 3] = scaled(y, y_top)
    out[at + 4] = scaled(unit.get("hp", 0), max(1, unit.get("max") or 1))
    out[at + 5] = scaled(unit.get("san", 0), 10)
    if unit.get("seat") == seat:
        out[at + 6] = 1.0
    if unit.get("acted"):
        out[at + 7] = 1.0
    if tile_of[(unit["x"], unit["y"])] in lit:
        out[at + 8] = 1.0
    out[at + 9] = scaled(len(unit.get("st") or {}), 5)
    out[at + 10] = scaled(unit.get("mv", 0), 10)


class StateObserver:
    """The features of a seat's view of one kind of game, computed from the state."""

    def __init__(self, size: int) -> None:
        self.size = size

    def packed(self, state: State, seat: int | None, waiting: list[int]) -> bytes:
        """The features of ``seat``'s view as ``size`` float32 (``waiting``:
        ``to_act(state)``)."""
        raise NotImplementedError


class HouseObserver(StateObserver):
    """Betrayal's and Legacy's features (``house_features``) over one pack's layout."""

    def __init__(self, layout: HouseLayout) -> None:
        super().__init__(layout.size)
        self.layout = layout

    def packed(self, state: State, seat: int | None, waiting: list[int]) -> bytes:
        head, codes = house_features(self.layout, state, seat)
        blocks = self.layout.room_blocks
        return self.layout.head_packer.pack(*head) + b"".join([blocks[c] for c in codes])


class BattleObserver(StateObserver):
    """A beast battle's features (``battle_features``); ``ruleset`` gives each state's map."""

    def __init__(self, ruleset: Any, hunters: list[str]) -> None:
        super().__init__(8 + (len(hunters) + ENEMY_SLOTS) * UNIT_WIDTH)
        self.ruleset = ruleset
        self.hunters = hunters
        self.packer = struct.Struct(f"{self.size}f")

    def packed(self, state: State, seat: int | None, waiting: list[int]) -> bytes:
        board = self.ruleset.md(state)
        return self.packer.pack(*battle_features(self.hunters, state, seat, waiting,
                                                 board.tile_of, board.width, board.height))
