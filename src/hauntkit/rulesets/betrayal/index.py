"""The loaded betrayal pack with every lookup the engine needs precomputed at load time."""

from __future__ import annotations

from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from hauntkit.core.content import Pack
from hauntkit.rulesets.betrayal import schema, vocabulary

BIT = {"n": 1, "e": 2, "s": 4, "w": 8}
OPP = {"n": "s", "e": "w", "s": "n", "w": "e"}
STEP = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0)}
START_ROOMS = ("entrance_hall", "foyer", "grand_staircase", "upper_landing", "basement_landing")


def rotate(side: str, r: int) -> str:
    """The side a rotation-0 side faces after ``r`` quarter turns clockwise."""
    return vocabulary.SIDES[(vocabulary.SIDES.index(side) + r) % 4]


@mypyc_attr(allow_interpreted_subclasses=True)  # legacy's LegacyIndex
class Index:
    """Read-only content of one game: models by id plus derived tables.

    ``fx[key]`` is every effect list by a short key; frames in the state refer to lists by key
    (a frame's ``list_key``), so the state never embeds content.
    """

    #: the ruleset's tables and policy steps (``rules.BetrayalRules``), bound by the ruleset
    rules: Any = None
    #: the floors (regions) a tile may be on
    floor_names: ClassVar[tuple[str, ...]] = vocabulary.FLOORS  # LegacyIndex overrides it

    def __init__(self, pack: Pack) -> None:
        items = pack.items
        self.rooms: dict[str, schema.Room] = items["rooms"]  # type: ignore[assignment]
        self.cards: dict[str, schema.Card] = items["cards"]  # type: ignore[assignment]
        self.characters: dict[str,
                              schema.Character] = items["characters"]  # type: ignore[assignment]
        self.monsters: dict[str, schema.Monster] = items["monsters"]  # type: ignore[assignment]
        self.haunts: dict[str, schema.Haunt] = items["haunts"]  # type: ignore[assignment]
        # chart cells from several files merge; the first file (in load order) to fill a cell
        # keeps it unless a later entry says ``replace: true`` (RULING HB-4)
        self.chart: dict[tuple[str, str], str] = {}
        for c in items["chart"].values():
            cellkey = (c.omen, c.room)  # type: ignore[attr-defined]
            if cellkey not in self.chart or c.replace:  # type: ignore[attr-defined]
                self.chart[cellkey] = c.haunt  # type: ignore[attr-defined]
        self.char_ids = sorted(self.characters)
        # tracks[character][trait]: the trait's track values (the model's own list)
        self.tracks: dict[str, dict[str, list[int]]] = {
            cid: {t: getattr(c, t).values for t in vocabulary.TRAITS}
            for cid, c in self.characters.items()}
        self.objects: dict[str, schema.HauntObject] = {}
        for h in self.haunts.values():
            for o in h.objects:
                self.objects[o.id] = o
        # doors[room][r] = (real door sides, false door sides) as bit masks
        self.doors: dict[str, list[tuple[int, int]]] = {}
        for rid, room in self.rooms.items():
            rots = []
            for r in range(4):
                real = sum(BIT[rotate(d, r)] for d in room.doors if d not in room.false_doors)
                false = sum(BIT[rotate(d, r)] for d in room.false_doors)
                rots.append((real, false))
            self.doors[rid] = rots
        # real[room][r]: the real door mask only; rooms_links[room]: its links as a tuple
        self.real: dict[str, tuple[int, ...]] = {
            rid: tuple(real for real, _ in rots) for rid, rots in self.doors.items()}
        self.rooms_links: dict[str, tuple[Any, ...]] = {
            rid: tuple(room.links) for rid, room in self.rooms.items()}
        self.floor_ok = {rid: frozenset(r.floors) for rid, r in self.rooms.items()}
        # the card symbols of each tile (a Legacy tile may have several)
        self.symbols: dict[str, tuple[str, ...]] = {
            rid: (r.symbol,) if r.symbol else () for rid, r in self.rooms.items()}
        self.omen_rooms = frozenset(rid for rid, sy in self.symbols.items() if "omen" in sy)
        self.deck_ids = {k: sorted(c.id for c in self.cards.values() if c.kind == k and c.in_deck)
                         for k in ("event", "item", "omen")}
        self.stack_ids = sorted(r.id for r in self.rooms.values() if r.in_stack and not r.start)
        # links seen from their far end: rev_to[target room], rev_floor[target floor]
        self.rev_to: dict[str, list[tuple[str, Any]]] = {}
        self.rev_floor: dict[str, list[tuple[str, Any]]] = {}
        for rid in sorted(self.rooms):
            for lk in self.rooms[rid].links:
                if lk.to:
                    self.rev_to.setdefault(lk.to, []).append((rid, lk))
                elif lk.any_floor:
                    self.rev_floor.setdefault(lk.any_floor, []).append((rid, lk))
        self.tokens_linked = {k.token for r in self.rooms.values() for k in r.links if k.token}
        # effect lists by key
        self.fx: dict[str, list[Any]] = {}
        self._key_of: dict[int, str] = {}
        self.roll_keys: dict[str, tuple[set[str], set[str]]] = {}
        for rid, room in self.rooms.items():
            for name in ("on_enter", "on_end_turn_here", "on_start_of_turn", "on_leave",
                         "on_discover"):
                self._reg(f"r:{rid}:{name}", getattr(room, name))
            for i, link in enumerate(room.links):
                self._reg(f"r:{rid}:link{i}", link.on_fail)
            for a in room.actions:
                self._reg(f"r:{rid}:a:{a.id}", a.effects)
        for cid, card in self.cards.items():
            for name in ("on_draw", "on_gain", "on_lose", "on_start_of_turn", "on_end_turn"):
                self._reg(f"c:{cid}:{name}", getattr(card, name))
            for a in card.actions:
                self._reg(f"c:{cid}:a:{a.id}", a.effects)
        for mid, mon in self.monsters.items():
            self._reg(f"m:{mid}:on_start_of_turn", mon.on_start_of_turn)
            for a in mon.powers:
                self._reg(f"m:{mid}:a:{a.id}", a.effects)
        for hid, h in self.haunts.items():
            self._reg(f"h:{hid}:setup", h.setup)
            for side, book in (("heroes", h.heroes), ("traitor", h.traitor_book)):
                for a in book.actions:
                    self._reg(f"h:{hid}:{side}:a:{a.id}", a.effects)
                for i, re in enumerate(book.reactions):
                    self._reg(f"h:{hid}:{side}:re{i}", re.effects)

        # offered actions whose effects attack (at their top level): (trait, distance); such an
        # action is offered only while someone can be attacked so
        self.attacks: dict[str, tuple[str, bool]] = {}
        # offered actions with what ``actions`` checks each time: (action, fx key, roll keys,
        # roll categories); by room, by card, by (haunt, side)
        self.room_acts = {rid: self._acts(f"r:{rid}:a:", room.actions)
                          for rid, room in self.rooms.items()}
        self.card_acts = {cid: self._acts(f"c:{cid}:a:", card.actions)
                          for cid, card in self.cards.items()}
        self.book_acts = {(hid, side): self._acts(f"h:{hid}:{side}:a:", book.actions)
                          for hid, h in self.haunts.items()
                          for side, book in (("heroes", h.heroes),
                                             ("traitor", h.traitor_book))}

    def _acts(self, prefix: str, acts: list[Any]) -> tuple[tuple[Any, str, tuple[str, ...],
                                                                  tuple[str, ...]], ...]:
        out = []
        for a in acts:
            key = prefix + a.id
            attack = next((e for e in a.effects if isinstance(e, vocabulary.Attack)), None)
            if attack is not None:
                self.attacks[key] = (attack.trait, attack.distance)
            keys, cats = self.roll_keys[key]
            out.append((a, key, tuple(sorted(keys)), tuple(sorted(cats))))
        return tuple(out)

    def _reg(self, key: str, effects: list[Any]) -> None:
        self.fx[key] = effects
        self._key_of[id(effects)] = key
        keys: set[str] = set()
        cats: set[str] = set()
        for i, eff in enumerate(effects):
            if isinstance(eff, vocabulary.Roll):
                if eff.key:
                    keys.add(eff.key)
                if eff.category:
                    cats.add(eff.category)
            for j, sub in enumerate(vocabulary.sub_lists(eff)):
                self._reg(f"{key}/{i}.{j}", sub)
        self.roll_keys[key] = (keys, cats)

    def key(self, effects: list[Any]) -> str:
        """The key of a registered effect list."""
        return self._key_of[id(effects)]

    def value(self, ch: str, trait: str, idx: int) -> int:
        """The value of a character's trait at track index ``idx`` (-1: the skull, 0)."""
        if idx < 0:
            return 0
        return self.tracks[ch][trait][idx]
