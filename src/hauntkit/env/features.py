"""Fixed-size numeric features of a seat's ``view``, all in [0, 1]. See docs/env.md.

One encoder per ruleset; each is built from the loaded content (the room, haunt and hunter
lists fix the sizes). Calling an encoder on a view is the definition of the features: it reads
only the view, so an agent never sees more than its seat may. ``observe(state, seat, waiting)``
gives the same numbers without building the view (state_features.py, compiled); the env uses
it, and tests/env/test_features.py holds the two equal.
"""

from __future__ import annotations

from typing import Any

import numpy

from hauntkit.core.ruleset import Ruleset
from hauntkit.env import state_features
from hauntkit.env.state_features import scaled

View = dict[str, Any]


def _unpacked(packed: bytes) -> numpy.ndarray:
    """Packed float32 features as a new, writable array."""
    return numpy.frombuffer(bytearray(packed), numpy.float32)


class BetrayalFeatures:
    """Global figures, the haunt, one block per seat (rotated: block 0 is the observer), the
    monsters, and per room: placed, the observer there, anyone there, a monster there."""

    SEATS = state_features.SEAT_SLOTS
    MONSTERS = state_features.MONSTER_SLOTS
    SIDES = state_features.SIDES
    PHASES = state_features.PHASES
    TRAITS = state_features.TRAITS
    FLOORS: tuple[str, ...] = ("basement", "ground", "upper", "roof")

    def __init__(self, rs: Ruleset) -> None:
        ix = rs.ix  # type: ignore[attr-defined]
        self.rooms = {r: i for i, r in enumerate(sorted(ix.rooms))}
        self.haunts = {h: i for i, h in enumerate(sorted(ix.haunts))}
        self.floors = {f: i for i, f in enumerate(self.FLOORS)}
        tracks = {character: [list(getattr(model, trait).values) for trait in self.TRAITS]
                  for character, model in ix.characters.items()}
        self.layout = state_features.HouseLayout(sorted(ix.rooms), sorted(ix.haunts),
                                                 list(self.FLOORS), tracks)
        self.observer: state_features.StateObserver = state_features.HouseObserver(self.layout)
        self.size = self.layout.size

    def observe(self, state: dict[str, Any], seat: int | None,
                waiting: list[int]) -> numpy.ndarray:
        """``self(view(state, seat))``, computed from the state without building the view."""
        return _unpacked(self.observer.packed(state, seat, waiting))

    def __call__(self, view: View) -> numpy.ndarray:
        f: list[float] = []
        me = view.get("seat") or 0
        n = view["players"]
        phase = view.get("phase")
        turn = view.get("turn") or {}
        f += [scaled(n, self.SEATS)] + [float(phase == p) for p in self.PHASES]
        f += [scaled(turn.get("number", 0), 600), scaled(turn.get("moves_left", 0), 10),
              float(turn.get("actor") == me), float(turn.get("actor") == "monsters"),
              float(view.get("choice") is not None), scaled(view.get("omens_drawn", 0), 13),
              scaled(view.get("room_stack", 0), len(self.rooms)),
              scaled(sum((view.get("decks") or {}).values()), 100)]
        haunt = view.get("haunt") or {}
        f += [float(haunt.get("id") == h) for h in self.haunts]
        f += [float(haunt.get("my_side") == s) for s in self.SIDES]
        rooms_of: dict[str, int] = {}
        explorers = {e["seat"]: e for e in view.get("explorers", [])}
        tiles = {t["room"]: t for t in view.get("tiles", [])}
        for k in range(self.SEATS):
            seat = (me + k) % n if k < n else None
            e = explorers.get(seat) if seat is not None else None
            if e is None:
                f += [0.0] * (2 + len(self.SIDES) + 2 * len(self.TRAITS) + 1
                              + len(self.floors) + 1)
                continue
            f += [1.0, float(e.get("alive", False))]
            f += [float(e.get("side") == s) for s in self.SIDES]
            for t in self.TRAITS:
                tr = (e.get("traits") or {}).get(t) or {}
                f += [scaled(tr.get("value", 0), 8), scaled(tr.get("index", -1) + 1, 8)]
            f.append(scaled(len(e.get("cards", [])), 10))
            floor = (tiles.get(e.get("room")) or {}).get("floor")
            f += [float(floor == fl) for fl in self.floors]
            f.append(scaled(self.rooms.get(e.get("room"), 0), len(self.rooms)))
            if e.get("alive"):
                rooms_of[e["room"]] = rooms_of.get(e["room"], 0) + 1
        monsters = view.get("monsters", [])
        mine = (explorers.get(me) or {}).get("room")
        for k in range(self.MONSTERS):
            m = monsters[k] if k < len(monsters) else None
            f += [0.0, 0.0, 0.0] if m is None else [
                1.0, float(bool(m.get("stunned"))), float(m.get("room") == mine)]
        monster_rooms = {m.get("room") for m in monsters}
        for room in self.rooms:
            f += [float(room in tiles), float(room == mine), scaled(rooms_of.get(room, 0), 6),
                  float(room in monster_rooms)]
        return numpy.asarray(f, dtype=numpy.float32)


class LegacyFeatures(BetrayalFeatures):
    """Betrayal's features over Legacy's regions (``outside`` instead of a roof)."""

    FLOORS = ("basement", "ground", "upper", "outside")


class BeastFeatures:
    """Global figures, then one block per unit slot: hunters in the pack's order, then up to
    ``ENEMIES`` enemies in id order (position, health, sanity, flags)."""

    ENEMIES = state_features.ENEMY_SLOTS
    UNIT = state_features.UNIT_WIDTH

    def __init__(self, rs: Ruleset) -> None:
        self.rs = rs
        self.hunters = list(rs.c.hunters)  # type: ignore[attr-defined]
        self.observer: state_features.StateObserver = state_features.BattleObserver(
            rs, self.hunters)
        self.size = self.observer.size

    def observe(self, state: dict[str, Any], seat: int | None,
                waiting: list[int]) -> numpy.ndarray:
        """``self(view(state, seat))``, computed from the state without building the view
        (``waiting``: ``to_act(state)``)."""
        return _unpacked(self.observer.packed(state, seat, waiting))

    def _unit(self, u: dict[str, Any] | None, view: View) -> list[float]:
        if u is None:
            return [0.0] * self.UNIT
        w, h = view["map"]["width"], view["map"]["height"]
        return [1.0, float(bool(u.get("alive"))), scaled(u.get("x", 0), max(1, w - 1)),
                scaled(u.get("y", 0), max(1, h - 1)),
                scaled(u.get("hp", 0), max(1, u.get("max") or 1)), scaled(u.get("san", 0), 10),
                float(u.get("seat") == view.get("seat")), float(bool(u.get("acted"))),
                float(bool(u.get("lit"))), scaled(len(u.get("st") or {}), 5),
                scaled(u.get("mv", 0), 10)]

    def __call__(self, view: View) -> numpy.ndarray:
        units = view.get("units", {})
        f = [scaled(view.get("round", 0), 30), float(view.get("side") == "hunters"),
             float(view.get("first") == "hunters"), scaled(view.get("deck_size", 0), 40),
             float(view.get("pending") is not None), float(view.get("window") is not None),
             scaled(len(view.get("lights", [])), 10), float(view.get("seat") in
                                                            view.get("to_act", []))]
        by_kind = {u["id"]: u for u in units.values() if u.get("side") == "hunters"}
        for hid in self.hunters:
            f += self._unit(by_kind.get(hid), view)
        enemies = sorted((u for u in units.values() if u.get("side") == "enemies"),
                         key=lambda u: u["id"])
        for k in range(self.ENEMIES):
            f += self._unit(enemies[k] if k < len(enemies) else None, view)
        return numpy.asarray(f, dtype=numpy.float32)


ENCODERS = {"betrayal": BetrayalFeatures, "legacy": LegacyFeatures, "beast": BeastFeatures}


def encoder_for(rs: Ruleset) -> BetrayalFeatures | BeastFeatures:
    """The feature encoder of a ruleset (an error names the rulesets that have one)."""
    cls = ENCODERS.get(rs.id)
    if cls is None:
        from hauntkit.core.errors import HauntkitError

        raise HauntkitError(f"no environment encoding for ruleset {rs.id!r}; known: "
                            f"{', '.join(sorted(ENCODERS))}")
    return cls(rs)
