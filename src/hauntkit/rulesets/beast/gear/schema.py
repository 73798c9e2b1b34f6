"""The `beast` gear content: shop items (every category of the Gear Shop), Dybbuk boxes,
relics, loot, arsenals and the mystery tables, as pydantic models (rules: "Arsenals", "Gear
and Equipment", "Gear Shop", "Loot Table", "Mystery Table"). docs/beast-gear.md explains each
field for authors."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from hauntkit.rulesets.beast.schema import (
    HOOKS,
    STATUSES,
    Ability,
    Element,
    StatusName,
    _Item,
    _Model,
)

Category = Literal["defense", "melee", "ranged", "augment", "ammo", "bomb", "trap", "healing",
                   "battery", "misc", "consumable", "dybbuk", "relic", "loot"]
WeaponClass = Literal["blunt", "exotic", "large", "nimble", "polearm", "sword",
                      "bow", "lmg", "magnum", "pistol", "rapid", "revolver", "rifle", "shotgun",
                      "smg", "sniper"]
Skill = Literal["engineering", "deception", "empathy", "athletics", "tactician", "personality",
                "survival", "knowledge", "computer_use", "occult", "investigation",
                "dare_devil"]
# Hooks only gear uses (named Python effects, resolved in rulesets/beast/gear/using.py).
GEAR_HOOKS = ("ammo", "heal_roll", "trap", "evasive_roll", "crimson_box", "emerald_box",
              "flashlight", "restore_interrupts", "quick_attack", "fan_the_hammer",
              "burst_fire", "extra_turn", "called_shot", "suppressive_fire", "load_spread",
              "move_again", "exorcise", "bugs", "move_light", "rain_stick", "dust", "bell",
              "stopwatch", "guide", "pencil", "mask", "steal")
# Which slot an item of each category goes to (rules: "Gear and Equipment"): consumables
# and Dybbuk boxes may also go to an open slot; augments only to the augment slot.
SLOT_KINDS: dict[str, tuple[str, ...]] = {
    "augment": ("augment",),
    "consumable": ("consumable", "open"),
    "dybbuk": ("consumable", "open"),
}
OPEN_SLOTS = ("open1", "open2", "open3", "open4")
SLOTS = (*OPEN_SLOTS, "augment", "consumable")
ARSENAL_SLOTS = ("open1", "augment")
# What immune_for may name: a status, BLEED (no Bleed points) or ARC (no ELEC arcs).
IMMUNITIES = (*STATUSES, "BLEED", "ARC")


class GearUse(Ability):
    """An item's usable ability: an Ability whose hook may also be one of the gear hooks."""

    hook: Literal[(*HOOKS, *GEAR_HOOKS)] | None = None  # type: ignore[valid-type]
    element_to: Element | None = Field(None, description="ammo: the ranged attack's element")
    defense_minus: int = Field(0, ge=0, le=3, description="ammo: target rolls N less defence")
    attack_plus: int = Field(0, ge=0, le=3, description="ammo: +N attack with a ranged weapon")
    per_hit: int = Field(0, ge=0, le=3, description="heal_roll: HP restored per hit")
    trigger: Literal["enter", "detonator", "tile"] | None = Field(
        None, description="trap: an enemy moving onto it, its owner's free action, or an "
        "enemy moving onto its map tile (Caltrops)")
    single: bool = Field(False, description="trap: hits only the enemy that set it off")
    check: list[int] = Field(default_factory=list,
                             description="relic: Occult N+ for each level (I, II, ...)")
    holy_light: bool = Field(False, description="create_light: the light cannot be destroyed")
    light_turns: int | None = Field(None, ge=1, le=9, description="create_light: the light "
                                    "fades after N hunters' turns (RULING HR-49)")
    sanity_cost: int = Field(0, ge=0, le=5, description="Sanity the user loses per use")
    level2: Literal["interrupt", "freeze", "move_light"] | None = Field(
        None, description="relic: what its level II check adds (RULING HR-101): an interrupt "
        "use, FROZEN on a hit, or moving a light")
    picks: list[Element] = Field(default_factory=list, description="the user picks one "
                                 "element: one ability per element (Rain Stick, Dust)")
    bonus: int = Field(0, ge=0, le=3, description="guide: + to the target's next skill check")
    lights: int = Field(1, ge=1, le=3, description="create_light: light sources it sets up, "
                        "each on a map tile next to the one before (Flood Light)")
    cure: list[StatusName] = Field(default_factory=list, description="statuses it removes")
    unbleed: int = Field(0, ge=0, le=5, description="Bleed points it takes off")
    immune_for: dict[str, int] = Field(
        default_factory=dict, description="status (or BLEED, ARC) -> turns of immunity")

    @model_validator(mode="after")
    def _immunities(self) -> GearUse:
        for name in self.immune_for:
            if name not in IMMUNITIES:
                raise ValueError(f"immune_for: unknown {name!r}; known: {', '.join(IMMUNITIES)}")
        return self


class Weapon(_Model):
    """A melee or ranged weapon: a second attack beside the hunter's base value."""

    mode: Literal["melee", "ranged"]
    attack: int = Field(ge=1, le=10)
    range: int = Field(1, ge=1, le=12)
    classes: list[WeaponClass] = Field(default_factory=list)
    element: Element = "PHYSICAL"
    min_range: int = Field(1, ge=1, le=3, description="polearms reach only range 2")
    crit_multiplier: int = Field(2, ge=1, le=4, description="1: criticals add no damage")
    on_crit: list[StatusName] = Field(default_factory=list, description="1 turn, on a crit")
    crit_turns: int = Field(1, ge=1, le=3)
    crit_bleed: int = Field(0, ge=0, le=3, description="extra Bleed points on a crit")
    on_damage: list[StatusName] = Field(default_factory=list, description="1 turn, if hurt")
    damage_turns: int = Field(1, ge=1, le=3)
    reroll_defense: int = Field(0, ge=0, le=2, description="target's blocks rerolled")
    bonus_vs_def: tuple[int, int] | None = Field(
        None, description="(max defence, extra damage): +N damage to targets at most that DEF")
    second_attack: Literal["same", "adjacent", "crit"] | None = None
    no_interrupt: bool = Field(False, description="no interrupt the turn it attacks")
    charges: int | None = Field(None, ge=1, le=10, description="attacks per battle")
    spreads: list[tuple[int, int]] = Field(
        default_factory=list, description="(attack, range) cartridges; one is loaded as an "
        "action before it fires (Mossberg 500; RULING HR-46)")
    crit_rest: int = Field(0, ge=0, le=3, description="rounds the weapon cannot attack after "
                           "its on_crit status lands (Baton)")
    dbl_melee_down: bool = Field(False, description="each double sword rolled: target's melee "
                                 "attack -1 for 1 turn (Sword Breaker)")
    again_vs: list[Literal["BASE", "UNDEAD", "CREATURE_OF_THE_NIGHT", "MONSTER", "CONDEMNED",
                           "BEHEMOTH"]] = Field(
        default_factory=list, description="an attack that fails to hurt a target of these "
        "templates is rolled again, once per turn (Silver Wolf Blade)")
    miss_keeps_ready: bool = Field(False, description="a Quick Fire that rolls no HIT does "
                                   "not cool down (Boomerang; RULING HR-33)")
    tags: list[Literal["silver", "stake"]] = Field(
        default_factory=list, description="the banes of Undying foes it counts as (HR-100)")
    double_vs: list[Literal["vampire", "poltergeist", "phantasm"]] = Field(
        default_factory=list, description="double damage against enemies of these kinds")
    spent_on_kill: list[Literal["vampire", "poltergeist", "phantasm"]] = Field(
        default_factory=list, description="used up when it slays an enemy of these kinds")


class Mods(_Model):
    """What an equipped item changes while it is worn (all zero by default)."""

    vs_melee: int = Field(0, ge=0, le=5, description="less damage from melee attacks")
    vs_ranged: int = Field(0, ge=0, le=5, description="less damage from ranged attacks")
    crit_guard: int = Field(0, ge=0, le=5, description="less damage from critical hits")
    resist: dict[Element, int] = Field(default_factory=dict,
                                       description="less damage from an element (negative: more)")
    damage_vs: dict[Literal["BASE", "UNDEAD", "CREATURE_OF_THE_NIGHT", "MONSTER", "CONDEMNED",
                            "BEHEMOTH", "vampire", "poltergeist", "phantasm"], int] = Field(
        default_factory=dict, description="template -> more damage from the wearer's attacks "
        "that already hurt (Lapis Lazuli)")
    defense_set: int | None = Field(None, ge=1, le=8, description="defence value becomes N")
    defense_raise: tuple[int, int] | None = Field(None, description="(from, to) natural DEF")
    reroll_own_defense: int = Field(0, ge=0, le=2)
    no_perfect_defense: bool = False
    max_hp: int = Field(0, ge=0, le=5)
    move: int = Field(0, ge=0, le=5)
    sanity: int = Field(0, ge=0, le=3, description="bonus to Sanity checks")
    bleed_threshold: int = Field(0, ge=0, le=5, description="more Bleed points to HEMORRHAGE")
    immune: list[StatusName] = Field(default_factory=list)
    arc_proof: bool = Field(False, description="an ELEC arc never jumps to the wearer")
    max_hp_guard: bool = False
    range_bonus: int = Field(0, ge=0, le=4, description="+N range of ranged attacks")
    ignore_stealth: bool = False
    shroud: int = Field(0, ge=0, le=4, description="enemies' ranged reach vs the wearer -N")
    beam_cooldown: int = Field(0, ge=0, le=2, description="beam cool downs N shorter")
    aoe_cooldown: int = Field(0, ge=0, le=2, description="AOE cool downs N shorter")
    interrupt_uses: int = Field(0, ge=0, le=5, description="more charges of one interrupt")
    interrupt_cooldown: int | None = Field(None, ge=1, le=4,
                                           description="one interrupt: a cool down, no charges")
    skills: dict[Skill, int] = Field(default_factory=dict)
    light: bool = Field(False, description="the wearer's tile counts as lit (Light Score 1)")
    battery: int = Field(0, ge=0, le=2, description="batteries the light runs on")
    multi_attack: bool = False
    cleave: bool = False
    steal: bool = Field(False, description="the wearer may steal from an adjacent enemy, "
                        "and gets a free melee attack doing it (Thief's Glove)")
    regain_on_death: int = Field(0, ge=0, le=12, description="Occult N+: the wearer regains "
                                 "an interrupt when anyone dies (Broken Phylactery)")


class GearItem(_Item):
    """One item of the shop, a Dybbuk box, a relic or a loot find."""

    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str
    category: Category
    cost: int | None = Field(None, ge=0, le=99, description="Crypto; none = cannot be bought")
    text: str = Field(min_length=1, description="what it does, in our own words")
    weapon: Weapon | None = None
    mods: Mods = Mods()
    use: GearUse | None = None
    consumed: bool = Field(False, description="destroyed when its last charge is used")
    unique: bool = Field(False, description="only one can ever be bought (relics)")
    slotless: bool = Field(False, description="an attachment that takes no gear slot")
    attaches_to: WeaponClass | None = Field(None, description="attachment: adds its classes")
    temporary: bool = Field(False, description="loot: lasts for the investigation only")
    unmodelled: str = Field("", description="what of the rules text the engine does not do")

    @model_validator(mode="after")
    def _consistent(self) -> GearItem:
        if self.category in ("melee", "ranged") and self.weapon is None \
                and self.attaches_to is None and self.use is None:
            raise ValueError(f"a {self.category} item needs a weapon (or use)")
        if self.category == "relic" and (not self.unique or (self.use and not self.use.check)):
            raise ValueError("a relic is unique: true and its use names its Occult check")
        if self.category in ("dybbuk", "loot") and self.cost is not None:
            raise ValueError(f"{self.category} items cannot be bought: leave cost out")
        if self.use is not None and self.use.id != self.id:
            raise ValueError(f"use.id must be the item's id {self.id!r}")
        return self


class Arsenal(_Item):
    """A preset load-out: its items are locked to it (rules: "Arsenals")."""

    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str
    text: str = Field(min_length=1)
    items: list[str] = Field(min_length=1, max_length=2,
                             description="an open-slot item and, optionally, an augment")
    ranks: list[list[str]] = Field(default_factory=list, max_length=3, description=(
        "items the card adds at rank 2, 3, ... (an Offering raises the rank: HR-104)"))
    advanced: bool = Field(False, description=(
        "an Advanced Arsenal: locked, taken only through an Offering (HR-104)"))


class Loadout(_Item):
    """A named set of kits for config ``loadout: <id>``: the hunters of a battle get the kits
    in order (benchmarks and tests of battles with full gear)."""

    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str
    text: str = Field(min_length=1)
    kits: list[list[str]] = Field(min_length=1)


LootKind = Literal["heal_all", "clash_guard", "item", "arsenal_swap", "crypto"]


class LootEntry(_Item):
    """One line of the Loot Table (d10)."""

    id: str = Field(pattern=r"^[a-z0-9_]+$")
    roll: int = Field(ge=1, le=10)
    name: str
    text: str = Field(min_length=1)
    kind: LootKind
    item: str | None = Field(None, description="kind item: the loot item granted")
    amount: int = Field(0, ge=0, le=20, description="heal_all: HP; crypto: Crypto")

    @model_validator(mode="after")
    def _item(self) -> LootEntry:
        if (self.kind == "item") != (self.item is not None):
            raise ValueError("an entry of kind item names its item; other kinds do not")
        return self


MysteryKind = Literal["battle_status", "ally", "eclipse", "no_defense", "supply_drop",
                      "sanity_madness", "treasure_map", "abducted", "cursed", "haunted",
                      "blood_moon", "seven_turns"]


class MysteryEntry(_Item):
    """One line of the Order or Chaos Mystery table (d6)."""

    id: str = Field(pattern=r"^[a-z0-9_]+$")
    table: Literal["order", "chaos"]
    roll: int = Field(ge=1, le=6)
    name: str
    text: str = Field(min_length=1)
    kind: MysteryKind
    crypto: int = Field(0, ge=0, le=20)
    amount: int = Field(0, ge=0, le=20, description="HP, Sanity or events, as the kind says")
    status: StatusName | None = None
    pick: Literal["hunter", "unit"] | None = Field(None, description="the party chooses one")


def check_gear(items: dict) -> list[tuple[str, str, str]]:
    """Whole-pack checks of the gear kinds: references, and complete dice tables."""
    problems: list[tuple[str, str, str]] = []
    gear = items.get("gear", {})
    for aid, ars in items.get("arsenals", {}).items():
        for iid in [*ars.items, *(i for rank in ars.ranks for i in rank)]:
            if iid not in gear:
                problems.append(("arsenals", aid, f"unknown gear item {iid!r}"))
        kinds = [gear[i].category == "augment" for i in ars.items if i in gear]
        if sum(kinds) > 1 or (len(kinds) == 2 and not any(kinds)):
            problems.append(("arsenals", aid, "an arsenal holds one open item and one augment"))
    for lid, lo in items.get("loadouts", {}).items():
        for kit in lo.kits:
            for iid in kit:
                if iid not in gear:
                    problems.append(("loadouts", lid, f"unknown gear item {iid!r}"))
    for lid, entry in items.get("loot", {}).items():
        if entry.item is not None and entry.item not in gear:
            problems.append(("loot", lid, f"unknown gear item {entry.item!r}"))
    rolls = sorted(e.roll for e in items.get("loot", {}).values())
    if items.get("loot") and rolls != list(range(1, len(rolls) + 1)):
        problems.append(("loot", "table", f"rolls must be 1..N once each, got {rolls}"))
    for table in ("order", "chaos"):
        rolls = sorted(e.roll for e in items.get("mystery", {}).values() if e.table == table)
        if rolls and rolls != list(range(1, 7)):
            problems.append(("mystery", table, f"rolls must be 1..6 once each, got {rolls}"))
    enemies = items.get("enemies", {})
    for eid, e in enemies.items():  # a summoning ability names a known enemy (HR-100)
        for ab in (e.special1, e.special2, e.signature):
            if ab.hook == "summon" and ab.summons not in enemies:
                problems.append(("enemies", eid, f"{ab.id}: summons unknown enemy "
                                 f"{ab.summons!r}"))
    abilities = {a.id for h in items.get("hunters", {}).values() for a in h.abilities}
    for gid, item in gear.items():
        if f"gear-{gid}" in abilities:
            problems.append(("gear", gid, "a hunter ability is named gear-<this id>"))
        if item.attaches_to and item.weapon is None and not item.slotless:
            problems.append(("gear", gid, "an attachment is slotless"))
    return problems
