"""Precomputed, read-only lookups over a loaded `beast` pack (built once per ruleset)."""

from __future__ import annotations

from dataclasses import dataclass, field

from hauntkit.core.content import Pack
from hauntkit.rulesets.beast.gear.loadout import GearIndex
from hauntkit.rulesets.beast.glossary import GlossaryTerm
from hauntkit.rulesets.beast.hunt.schema import Hunt, HuntEvent, Location, Theme
from hauntkit.rulesets.beast.records import AbilityRecord, ability_record
from hauntkit.rulesets.beast.schema import (
    Ability,
    BattleMap,
    ClashCard,
    Enemy,
    Herb,
    Hunter,
    TarotSpirit,
    Template,
)

DIRS = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
# Neighbour order: straight steps before diagonal ones, so paths look natural.
_STEPS = ((1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, 1), (-1, -1), (1, -1))


@dataclass
class MapData:
    """A battle map as sets and index tables."""

    id: str
    width: int
    height: int
    walls: frozenset[tuple[int, int]]
    cover: frozenset[tuple[int, int]]
    hunter_starts: list[tuple[int, int]]
    enemy_starts: list[tuple[int, int]]
    tile_ids: list[str]
    tile_of: dict[tuple[int, int], int]
    lights: list[tuple[int, int]]
    enemies: list[str]
    mission: dict
    neighbours: dict[tuple[int, int], list[tuple[int, int]]] = field(default_factory=dict)
    areas: dict[tuple[int, int, int], list[tuple[int, int]]] = field(default_factory=dict)
    # the same neighbours by cell index (y * width + x), and each index's cell
    nbr_index: list[tuple[int, ...]] = field(default_factory=list)
    cells: list[tuple[int, int]] = field(default_factory=list)


def build_map(bmap: BattleMap) -> MapData:
    walls, cover, hs, es = set(), set(), [], []
    for y, row in enumerate(bmap.rows):
        for x, ch in enumerate(row):
            if ch == "#":
                walls.add((x, y))
            elif ch == "c":
                cover.add((x, y))
            elif ch == "H":
                hs.append((x, y))
            elif ch == "E":
                es.append((x, y))
    tile_of: dict[tuple[int, int], int] = {}
    lights: list[tuple[int, int]] = []
    for i, t in enumerate(bmap.tiles):
        for yy in range(t.y, t.y + t.h):
            for xx in range(t.x, t.x + t.w):
                tile_of[(xx, yy)] = i
        lights.extend((lx, ly) for lx, ly in t.lights)
    width, height = len(bmap.rows[0]), len(bmap.rows)
    md = MapData(bmap.id, width, height, frozenset(walls), frozenset(cover), hs, es,
                 [t.id for t in bmap.tiles], tile_of, lights, list(bmap.enemies),
                 bmap.mission.model_dump())
    for y in range(height):
        for x in range(width):
            if (x, y) in walls:
                continue
            md.neighbours[(x, y)] = [
                (x + dx, y + dy) for dx, dy in _STEPS
                if 0 <= x + dx < width and 0 <= y + dy < height and (x + dx, y + dy) not in walls
            ]
    md.cells = [(i % width, i // width) for i in range(width * height)]
    md.nbr_index = [tuple(nx + ny * width for nx, ny in md.neighbours.get(c, ()))
                    for c in md.cells]
    return md


class Content:
    """Everything the rules look up, keyed by id."""

    def __init__(self, pack: Pack) -> None:
        items = pack.items
        self.templates: dict[str, Template] = items["templates"]  # type: ignore[assignment]
        self.hunters: dict[str, Hunter] = items["hunters"]  # type: ignore[assignment]
        self.enemies: dict[str, Enemy] = items["enemies"]  # type: ignore[assignment]
        self.maps: dict[str, MapData] = {k: build_map(m) for k, m in items["maps"].items()}
        self.map_order = list(items["maps"])
        self.map_info: dict[str, dict[str, str]] = {
            k: {"name": m.name, "text": m.text} for k, m in items["maps"].items()}
        self.cards: dict[str, str] = {}
        self.card_cruelty: dict[str, bool] = {}
        self.card_names: dict[str, str] = {}
        self.deck: list[str] = []
        for cid, card in items["combat_cards"].items():
            self.cards[cid] = card.action
            self.card_cruelty[cid] = card.cruelty
            self.card_names[cid] = card.name
            self.deck.extend([cid] * card.copies)
        # abilities per unit kind: id -> Ability (hunters: their list; enemies: special slots)
        self.abilities: dict[str, dict[str, Ability]] = {}
        # each hunter's interrupts, in the order of its abilities
        self.interrupts: dict[str, list[Ability]] = {}
        for hid, h in self.hunters.items():
            self.abilities[hid] = {a.id: a for a in h.abilities}
            self.interrupts[hid] = [a for a in h.abilities if a.kind == "interrupt"]
        for eid, e in self.enemies.items():
            self.abilities[eid] = {"special1": e.special1, "special2": e.special2,
                                   "signature": e.signature}
        # enemies' plain attacks as abilities, for the MELEE and RANGE cards
        self.basic: dict[str, dict[str, Ability]] = {}
        for eid, e in self.enemies.items():
            self.basic[eid] = {"melee": Ability(
                id="melee", name="Melee attack", text="A melee attack.", style="melee",
                range=1, attack=e.melee, element=e.melee_element)}
            if e.ranged is not None:
                self.basic[eid]["range"] = Ability(
                    id="range", name="Ranged attack", text="A ranged attack.", style="ranged",
                    range=e.ranged.range, attack=e.ranged.attack, element=e.ranged.element)
        # the hunt (docs/hunt.md): its events, locations and hunts
        self.hunt_events: dict[str, HuntEvent] = items["hunt_events"]  # type: ignore[assignment]
        self.locations: dict[str, Location] = items["locations"]  # type: ignore[assignment]
        self.hunts: dict[str, Hunt] = items["hunts"]  # type: ignore[assignment]
        # Theme cards, one drawn for each Investigation (RULING HR-107)
        self.themes: dict[str, Theme] = items.get("themes", {})  # type: ignore[assignment]
        self.gear = GearIndex(items)  # gear, arsenals, loot and mystery (gear.py)
        # units' display names, filled lazily by Rules.name: kind -> unit id -> name
        self.unit_names: dict[str, dict[str, str]] = {}
        self.logic: dict[str, list[str]] = {
            eid: [w.strip() for w in e.logic.split(">")] for eid, e in self.enemies.items()
        }
        self.passives: dict[str, frozenset[str]] = {
            hid: frozenset(h.passives) for hid, h in self.hunters.items()}
        # the clash deck (Card Casting): cards, the deck list, each side as an ability
        self.clash: dict[str, ClashCard] = items.get("clash_cards", {})  # type: ignore[assignment]
        self.clash_deck: list[str] = [cid for cid, card in self.clash.items()
                                      for _ in range(card.copies)]
        self.clash_sides: dict[tuple[str, str], Ability] = {}
        for cid, card in self.clash.items():
            for side in ("light", "dark"):
                cs = getattr(card, side)
                if cs is not None:
                    self.clash_sides[(cid, side)] = Ability(
                        id=f"clash:{cid}:{side}", name=f"{card.name} ({side})", text=cs.text,
                        kind="free", targets=cs.targets, range=cs.range, attack=cs.attack,
                        element=cs.element, effects=cs.effects)
        self.herbs: dict[str, Herb] = items.get("herbs", {})  # type: ignore[assignment]
        # the page's terms and abbreviations in plain words (glossary.py)
        self.glossary: dict[str, GlossaryTerm] = items.get(
            "glossary", {})  # type: ignore[assignment]
        # the Tarot of Nysa's Great Arcana: its 18 spirits (RULING HR-110)
        self.tarot: dict[str, TarotSpirit] = items.get(
            "tarot_spirits", {})  # type: ignore[assignment]
        # abilities a hunter gains in battle (Blood Arts, Tarot spirits): looked up by id
        self.gained: dict[str, dict[str, Ability]] = {}
        for hid, h in self.hunters.items():
            gained: dict[str, Ability] = {}
            if "blood_rite" in h.passives:
                for eid, e in self.enemies.items():
                    gained[f"art-{eid}"] = blood_art(eid, e)
            if "card_casting" in h.passives:
                for sid, spirit in self.tarot.items():
                    gained.update(tarot_abilities(sid, spirit))
            self.gained[hid] = gained
            self.abilities[hid].update(gained)
        self._battle_records()

    def _battle_records(self) -> None:
        """The abilities the battle reads, as native records (records.py); an ability held in
        several tables stays one record."""
        memo: dict[int, AbilityRecord] = {}

        def rec(ab: Ability) -> AbilityRecord:
            if id(ab) not in memo:
                memo[id(ab)] = ability_record(ab)
            return memo[id(ab)]

        self.hunters = {hid: h.model_copy(update={"abilities": [rec(a) for a in h.abilities]})
                        for hid, h in self.hunters.items()}
        self.abilities = {k: {i: rec(a) for i, a in abs_.items()}
                          for k, abs_ in self.abilities.items()}
        self.interrupts = {k: [rec(a) for a in abs_]
                           for k, abs_ in self.interrupts.items()}
        self.basic = {k: {i: rec(a) for i, a in abs_.items()}
                      for k, abs_ in self.basic.items()}
        self.gained = {k: {i: rec(a) for i, a in abs_.items()}
                       for k, abs_ in self.gained.items()}
        self.clash_sides = {k: rec(a) for k, a in self.clash_sides.items()}
        # a unit kind's card, as stats() gives it: a hunter's, else the enemy's
        self.unit_stats: dict[str, Hunter | Enemy] = {**self.enemies, **self.hunters}

    def stats(self, kind: str) -> Hunter | Enemy:
        return self.unit_stats[kind]


def blood_art(eid: str, enemy: Enemy) -> Ability:
    """An enemy's Special 1 as Mathias's Blood Art: an action with a 2-round cool down
    (RULING HR-57)."""
    sp = enemy.special1
    return sp.model_copy(update={"id": f"art-{eid}", "name": f"{sp.name} (Blood Art)",
                                 "kind": "action", "cooldown": 2, "charges": None,
                                 "signature": False})


def tarot_abilities(eid: str, enemy: TarotSpirit) -> dict[str, Ability]:
    """A Tarot spirit's gifts (Great Arcana): its ranged attack, its Special 1 (2-round cool
    down) and its Special 2 (once a battle)."""
    out: dict[str, Ability] = {}
    if enemy.ranged is not None:
        out[f"tarot-{eid}-range"] = Ability(
            id=f"tarot-{eid}-range", name=f"{enemy.name}'s ranged attack (Tarot)",
            text="The spirit's ranged attack.", style="ranged", range=enemy.ranged.range,
            attack=enemy.ranged.attack, element=enemy.ranged.element)
    s1, s2 = enemy.special1, enemy.special2
    out[f"tarot-{eid}-s1"] = s1.model_copy(update={
        "id": f"tarot-{eid}-s1", "name": f"{s1.name} (Tarot)", "kind": "action",
        "cooldown": 2, "charges": None, "signature": False})
    out[f"tarot-{eid}-s2"] = s2.model_copy(update={
        "id": f"tarot-{eid}-s2", "name": f"{s2.name} (Tarot)", "kind": "action",
        "cooldown": None, "charges": 1, "signature": False})
    return out
