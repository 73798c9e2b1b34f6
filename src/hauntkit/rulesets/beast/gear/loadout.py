"""Gear in battle: the index of the pack's gear, each loadout's combined numbers (a
``Profile``), and putting a loadout on a hunter unit (rules: "Gear and Equipment", "Gear Shop").

A hunter unit with gear carries ``unit["gear"]``: the ids of its equipped items (arsenal items
included), sorted. A unit without gear has no such key, so gearless battles are unchanged.
Usable items become abilities named ``gear-<item id>``; weapon class abilities that are
actions or interrupts become ``gear-<item id>-<name>`` (see ``class_abilities``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hauntkit.core.errors import HauntkitError
from hauntkit.rulesets.beast.gear.schema import (
    OPEN_SLOTS,
    SLOT_KINDS,
    Arsenal,
    GearItem,
    GearUse,
    LootEntry,
    MysteryEntry,
)
from hauntkit.rulesets.beast.schema import Ability, Effect

State = dict[str, Any]
Unit = dict[str, Any]
QUICK_COOLDOWN = 2  # RULING HR-33: Quick Strike and Quick Fire cool down for 2 rounds
SUPPRESS_COOLDOWN = 3  # "Range Weapons / SMG": Suppressive Fire, 3 round CD


@dataclass(frozen=True)
class Profile:
    """Everything a set of equipped items changes, summed (one copy of an item counts once:
    "Multiple effects of the same item do NOT stack")."""

    items: tuple[str, ...] = ()
    vs_melee: int = 0
    vs_ranged: int = 0
    crit_guard: int = 0
    resist: dict[str, int] = field(default_factory=dict)
    damage_vs: dict[str, int] = field(default_factory=dict)
    defense_set: int | None = None
    defense_raise: tuple[int, int] | None = None
    reroll_own_defense: int = 0
    no_perfect_defense: bool = False
    max_hp: int = 0
    max_hp_guard: bool = False
    steal: bool = False
    move: int = 0
    sanity: int = 0
    bleed_threshold: int = 0
    immune: frozenset[str] = frozenset()
    arc_proof: bool = False
    range_bonus: int = 0
    ignore_stealth: bool = False
    shroud: int = 0
    beam_cooldown: int = 0
    aoe_cooldown: int = 0
    interrupt_uses: int = 0
    regain_on_death: int = 0
    interrupt_cooldown: int | None = None
    skills: dict[str, int] = field(default_factory=dict)
    light: bool = False
    multi_attack: bool = False
    cleave: bool = False
    weapons: tuple[str, ...] = ()
    abilities: tuple[Ability, ...] = ()
    interrupts: tuple[Ability, ...] = ()


EMPTY = Profile()


def class_abilities(item: GearItem) -> list[Ability]:
    """A weapon's class abilities that are actions or interrupts, as abilities of its own
    numbers ("Weapon Class Special Ability"): Nimble Quick Strike and Rapid Quick Fire
    (interrupt attacks), LMG Full Auto (an AOE), Revolver Fan the Hammer, Sniper Called Shot,
    SMG Suppressive Fire (an interrupt), Rifle Burst Fire."""
    w = item.weapon
    if w is None:
        return []
    out: list[Ability] = []
    base = {"attack": w.attack, "element": w.element, "range": w.range}
    if "nimble" in w.classes and w.mode == "melee":
        out.append(Ability(id=f"gear-{item.id}-quick", name=f"Quick Strike ({item.name})",
                           text="Interrupt: a melee attack with this weapon.",
                           kind="interrupt", style="melee", cooldown=QUICK_COOLDOWN, **base))
    if "rapid" in w.classes:
        out.append(Ability(id=f"gear-{item.id}-quick", name=f"Quick Fire ({item.name})",
                           text="Interrupt: a ranged attack with this weapon.",
                           kind="interrupt", style="ranged", cooldown=QUICK_COOLDOWN, **base))
    if "lmg" in w.classes:
        out.append(Ability(id=f"gear-{item.id}-auto", name=f"Full Auto ({item.name})",
                           text="The weapon's attack as an AOE; 1-round cool down.",
                           shape="aoe", style="special", cooldown=1, **base))
    if "revolver" in w.classes:
        out.append(Ability(id=f"gear-{item.id}-fan", name=f"Fan the Hammer ({item.name})",
                           text="Four attacks on the target, none of them critical; 3-round "
                           "cool down.", style="ranged", cooldown=3, **base))
    if "sniper" in w.classes:
        out.append(GearUse(id=f"gear-{item.id}-aim", name=f"Called Shot ({item.name})",
                           text="Spend this turn taking aim: next turn, double swords of an "
                           "attack with this weapon get past the target's defence.",
                           shape="self", targets="ally", range=0, hook="called_shot"))
    for i, (a, r) in enumerate(w.spreads, start=1):
        out.append(GearUse(id=f"gear-{item.id}-load{i}",
                           name=f"Load {item.name} (attack {a}, range {r})",
                           text=f"Spend this turn loading a cartridge: the weapon fires with "
                           f"attack {a} and range {r} until another is loaded.", shape="self",
                           targets="ally",
                           range=0, hook="load_spread"))
    if "smg" in w.classes:
        out.append(GearUse(id=f"gear-{item.id}-suppress", name=f"Suppressive Fire ({item.name})",
                           text="Interrupt: roll the weapon's attack; every BASE enemy's "
                           "ranged reach is 1 shorter per HIT for 1 turn. No damage; 3-round "
                           "cool down.", kind="interrupt", shape="self", targets="ally",
                           range=0, attack=w.attack, cooldown=SUPPRESS_COOLDOWN,
                           hook="suppressive_fire"))
    if "rifle" in w.classes:
        out.append(Ability(id=f"gear-{item.id}-burst", name=f"Burst Fire ({item.name})",
                           text="An attack that rerolls 2 missed dice; 3-round cool down.",
                           style="ranged", cooldown=3, **base))
    return out


def use_variants(use: GearUse) -> tuple[list[GearUse], list[str]]:
    """More abilities of an item's use, and the ids of those never offered: one per element
    it lets the user pick (Rain Stick, Philosophers Dust; the plain use is hidden), and a
    relic's level II (RULING HR-101): a second use needing the level II number (Pyromaniacs
    Lantern as an interrupt, Constantine's Lighter moving a light) or, for FROZEN on a hit,
    the form resolved when the check reaches level II (Crones Finger)."""
    more: list[GearUse] = []
    hidden: list[str] = []
    for el in use.picks:
        more.append(use.model_copy(update={"id": f"{use.id}-{el.lower()}", "element": el,
                                           "name": f"{use.name} ({el.lower()})"}))
    if use.picks:
        hidden.append(use.id)
    if use.level2 is not None and len(use.check) > 1:
        two = {"id": f"{use.id}-ii", "name": f"{use.name} II", "check": [use.check[1]]}
        if use.level2 == "interrupt":
            more.append(use.model_copy(update={**two, "kind": "interrupt"}))
        elif use.level2 == "move_light":
            more.append(use.model_copy(update={**two, "hook": "move_light", "light_turns": None,
                                               "range": 12}))
        else:  # freeze: a hit also FREEZES (2 turns, as ICE's special does)
            frozen = Effect(status="FROZEN", turns=2, when="hit")
            more.append(use.model_copy(update={**two, "effects": [*use.effects, frozen]}))
            hidden.append(more[-1].id)
    return more, hidden


class GearIndex:
    """The pack's gear, arsenals, loot and mystery tables, and cached loadout profiles."""

    def __init__(self, items: dict[str, dict[str, Any]]) -> None:
        self.items: dict[str, GearItem] = dict(items.get("gear", {}))  # type: ignore[arg-type]
        self.arsenals: dict[str, Arsenal] = dict(items.get("arsenals", {}))  # type: ignore
        self.loadouts: dict[str, Any] = dict(items.get("loadouts", {}))
        self.loot: dict[int, LootEntry] = {e.roll: e for e in items.get("loot", {}).values()}  # type: ignore
        self.mystery: dict[tuple[str, int], MysteryEntry] = {
            (e.table, e.roll): e for e in items.get("mystery", {}).values()}  # type: ignore
        # every gear ability by id, and the item each belongs to; hidden ones are never
        # offered (a relic's level II form, an item whose uses are one per element)
        self.abilities: dict[str, Ability] = {}
        self.item_of: dict[str, str] = {}
        self.hidden: set[str] = set()
        self.siblings: dict[str, tuple[str, ...]] = {}  # abilities sharing a cool down
        for iid, item in self.items.items():
            abs_ = class_abilities(item)
            if item.use is not None:
                use = item.use.model_copy(update={"id": f"gear-{iid}"})
                more, hidden = use_variants(use)
                abs_[:0] = [use, *more]
                self.hidden.update(hidden)
                ids = (use.id, *(a.id for a in more))
                for i in ids:
                    self.siblings[i] = tuple(j for j in ids if j != i)
            for ab in abs_:
                self.abilities[ab.id] = ab
                self.item_of[ab.id] = iid
        self._profiles: dict[tuple[str, ...], Profile] = {}

    def profile(self, unit: Unit) -> Profile:
        """The combined numbers of the unit's gear (EMPTY without gear)."""
        gear = unit.get("gear")
        if not gear:
            return EMPTY
        key = tuple(gear)
        prof = self._profiles.get(key)
        if prof is None:
            prof = self._profiles[key] = self._build(key)
        return prof

    def _build(self, ids: tuple[str, ...]) -> Profile:
        acc: dict[str, Any] = {"resist": {}, "damage_vs": {}, "skills": {}, "immune": set()}
        nums = ("vs_melee", "vs_ranged", "crit_guard", "reroll_own_defense", "max_hp", "move",
                "sanity", "bleed_threshold", "range_bonus", "shroud", "beam_cooldown",
                "aoe_cooldown", "interrupt_uses", "regain_on_death")
        flags = ("no_perfect_defense", "arc_proof", "ignore_stealth", "light",
                 "multi_attack", "cleave", "max_hp_guard", "steal")
        weapons: list[str] = []
        abilities: list[Ability] = []
        for iid in dict.fromkeys(ids):  # each item once
            item = self.items[iid]
            m = item.mods
            for n in nums:
                acc[n] = acc.get(n, 0) + getattr(m, n)
            for f in flags:
                acc[f] = acc.get(f, False) or getattr(m, f)
            for el, v in m.resist.items():
                acc["resist"][el] = acc["resist"].get(el, 0) + v
            for tp, v in m.damage_vs.items():
                acc["damage_vs"][tp] = acc["damage_vs"].get(tp, 0) + v
            for sk, v in m.skills.items():
                acc["skills"][sk] = acc["skills"].get(sk, 0) + v
            acc["immune"].update(m.immune)
            if m.defense_set is not None:
                acc["defense_set"] = max(acc.get("defense_set") or 0, m.defense_set)
            if m.defense_raise is not None:
                acc["defense_raise"] = m.defense_raise
            if m.interrupt_cooldown is not None:
                acc["interrupt_cooldown"] = m.interrupt_cooldown
            if item.weapon is not None:
                weapons.append(iid)
            abilities.extend(ab for ab in self.abilities.values()
                             if self.item_of[ab.id] == iid and ab.id not in self.hidden)
        acc["immune"] = frozenset(acc["immune"])
        return Profile(items=ids, weapons=tuple(weapons), abilities=tuple(abilities),
                       interrupts=tuple(a for a in abilities if a.kind == "interrupt"), **acc)

    def weapon_classes(self, unit: Unit, iid: str) -> frozenset[str]:
        """A weapon's classes plus those its equipped attachments add (Under barrel)."""
        w = self.items[iid].weapon
        classes = set(w.classes) if w else set()
        for other in unit.get("gear", ()):
            it = self.items[other]
            if it.attaches_to is not None and it.attaches_to in classes and it.weapon is None:
                classes.add("shotgun")
        return frozenset(classes)


def arsenal_items(index: GearIndex, arsenal: str, rank: int = 1) -> list[str]:
    """The items of the arsenal at ``rank``: its own and those of every rank up to it."""
    ars = index.arsenals[arsenal]
    out = list(ars.items)
    for extra in ars.ranks[:max(0, rank - 1)]:
        out.extend(extra)
    return out


def loadout_items(index: GearIndex, gear: dict[str, str | None] | list[str],
                  arsenal: str | None = None, rank: int = 1) -> list[str]:
    """The item ids a hunter takes into battle: its slots' items and its arsenal's at the
    card's ``rank`` (HR-104)."""
    ids = [i for i in (gear.values() if isinstance(gear, dict) else gear) if i]
    if arsenal:
        ids.extend(arsenal_items(index, arsenal, rank))
    return sorted(ids)


def auto_slots(index: GearIndex, ids: list[str], arsenal: str | None = None
               ) -> dict[str, str | None]:
    """Slots for a list of items, filled in order (config ``loadout``); raises when they do
    not fit the six slots (or the arsenal's two)."""
    slots: dict[str, str | None] = {s: None for s in (*OPEN_SLOTS, "augment", "consumable")}
    allowed = ("open1", "augment") if arsenal else tuple(slots)
    for iid in ids:
        if iid not in index.items:
            raise HauntkitError(f"unknown gear item {iid!r}")
        item = index.items[iid]
        if item.slotless:
            continue
        for slot in slot_options(item):
            if slot in allowed and slots[slot] is None:
                slots[slot] = iid
                break
        else:
            raise HauntkitError(f"no free slot for {iid!r} (4 open, 1 augment, 1 consumable"
                                f"{'; an arsenal leaves 1 open and the augment' if arsenal else ''})")
    return slots


def slot_options(item: GearItem) -> tuple[str, ...]:
    """The slots an item may go to ("Equipment Slots")."""
    kinds = SLOT_KINDS.get(item.category, ("open",))
    out: list[str] = []
    for k in kinds:
        out.extend(OPEN_SLOTS if k == "open" else (k,))
    return tuple(out)


def equip_unit(rs: Any, state: State, unit: Unit, ids: list[str]) -> None:
    """Put items on a hunter unit at the start of a battle: its gear list, charges of its
    usable items (restored each battle: "Utility Items"), extra max HP and carried lights."""
    index: GearIndex = rs.c.gear
    if not ids:
        unit.pop("gear", None)
        return
    unit["gear"] = sorted(ids)
    prof = index.profile(unit)
    for ab in prof.abilities:
        if ab.charges is not None:
            extra = prof.interrupt_uses if ab.kind == "interrupt" else 0
            unit["ch"][ab.id] = ab.charges + extra
        item = index.items[index.item_of[ab.id]]
        if ab.hook == "flashlight":
            unit["ch"][ab.id] = item.mods.battery
    if prof.interrupt_uses or prof.interrupt_cooldown:
        first = next((a for a in rs.c.interrupts.get(unit["kind"], ()) if a.charges), None)
        if first is not None and prof.interrupt_uses:
            unit["ch"][first.id] = unit["ch"].get(first.id, 0) + prof.interrupt_uses
    for iid in unit["gear"]:
        w = index.items[iid].weapon
        if w is not None and w.charges is not None:
            unit["ch"][f"gear-{iid}"] = w.charges
    if prof.regain_on_death:
        state["phylactery"] = 1  # Broken Phylactery: deaths are watched (gear/relics.py)
    if prof.max_hp:
        unit["max"] += prof.max_hp
        unit["hp"] += prof.max_hp
    if prof.light:  # a headlight: the wearer's tile is lit while its battery lasts
        state["lights"].append({"id": rs.new_id(state, "L"), "x": unit["x"], "y": unit["y"],
                                "hp": 2, "carrier": unit["id"]})



def apply_loadout(rs: Any, state: State, loadout: dict[str, list[str] | str] | str) -> None:
    """Config ``loadout``: hunter id -> item ids (slots filled in order) or an arsenal id; or
    the id of a pack ``loadouts`` entry, whose kits go to the hunters in order."""
    from hauntkit.core.ruleset import ConfigError
    index: GearIndex = rs.c.gear
    if isinstance(loadout, str):
        if loadout not in index.loadouts:
            raise ConfigError("config.loadout", f"unknown loadout {loadout!r}; known: "
                              f"{sorted(index.loadouts)}")
        kits = index.loadouts[loadout].kits
        hunters = [uid for uid, u in state["units"].items() if u["side"] == "hunters"]
        loadout = {hid: kits[i % len(kits)] for i, hid in enumerate(hunters)}
    for hid, spec in loadout.items():
        if hid not in state["units"] or state["units"][hid]["side"] != "hunters":
            raise ConfigError("config.loadout", f"{hid!r} is not a hunter of this battle")
        arsenal = spec if isinstance(spec, str) else None
        if arsenal is not None and arsenal not in index.arsenals:
            raise ConfigError("config.loadout", f"unknown arsenal {arsenal!r}; known: "
                              f"{sorted(index.arsenals)}")
        ids = [] if arsenal else list(spec)
        try:
            slots = auto_slots(index, ids, arsenal)
        except HauntkitError as exc:
            raise ConfigError(f"config.loadout.{hid}", str(exc)) from None
        extra = [i for i in ids if index.items[i].slotless]
        equip_unit(rs, state, state["units"][hid],
                   loadout_items(index, slots, arsenal) + extra)
