"""The `beast` content pack: pydantic models of templates, hunters, enemies, combat cards and
maps, and their reference checks (pack.py puts them with the gear and hunt content into
``PACK_SPEC``)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

Element = Literal["PHYSICAL", "FIRE", "ELEC", "ICE", "ETHER", "NETHER"]
ELEMENTS = ("PHYSICAL", "FIRE", "ELEC", "ICE", "ETHER", "NETHER")  # Element's values, in order
Shape = Literal["single", "beam", "aoe", "self", "place", "swap"]
TargetSide = Literal["enemy", "ally", "any", "cell"]

# Every status the engine knows (buffs, debuffs, element states). Content may apply these.
STATUSES = (
    "STEALTH", "CLEAVE", "MULTI_ATTACK", "BERSERK", "WARD", "COVER",
    "POISON", "PARALYZE", "IMMOBILIZE", "SLOW", "BLIND", "DISARMED", "MARKED",
    "WOUNDING", "DEF_DOWN", "ATTACK_DOWN", "MELEE_DOWN", "TRICKS", "FLINCH",
    "BURNING", "CHILLED", "FROZEN", "PRIMED", "DECAY", "NO_HEAL", "ETHER_BASE",
    "ANOINTED", "TEAM_PLAYER", "NO_DEFEND", "CRIMSON", "SUPPRESSED", "MOVE_UP", "LASERED",
    "MASKED", "DUSTED",
)
StatusName = Literal[
    "STEALTH", "CLEAVE", "MULTI_ATTACK", "BERSERK", "WARD", "COVER",
    "POISON", "PARALYZE", "IMMOBILIZE", "SLOW", "BLIND", "DISARMED", "MARKED",
    "WOUNDING", "DEF_DOWN", "ATTACK_DOWN", "MELEE_DOWN", "TRICKS", "FLINCH",
    "BURNING", "CHILLED", "FROZEN", "PRIMED", "DECAY", "NO_HEAL", "ETHER_BASE",
    "ANOINTED", "TEAM_PLAYER", "NO_DEFEND", "CRIMSON", "SUPPRESSED", "MOVE_UP", "LASERED",
    "MASKED", "DUSTED",
]
# Statuses that are debuffs (immunity for 1 turn after they end).
DEBUFFS = frozenset({
    "POISON", "PARALYZE", "IMMOBILIZE", "SLOW", "BLIND", "DISARMED", "MARKED",
    "WOUNDING", "DEF_DOWN", "ATTACK_DOWN", "MELEE_DOWN", "TRICKS", "FLINCH", "BURNING", "CHILLED",
    "FROZEN", "PRIMED", "DECAY",
})
# The named Python hooks content may refer to (effects too unique for the vocabulary).
HOOKS = ("sneak_attack", "team_player", "amplify", "barricade", "anoint", "create_light",
         "destroy_light", "hex", "bullet_storm", "bite", "compel", "swap", "again_on_crit",
         "summon")
HookName = Literal["sneak_attack", "team_player", "amplify", "barricade", "anoint",
                   "create_light", "destroy_light", "hex", "bullet_storm", "bite", "compel",
                   "swap", "again_on_crit", "summon"]
# Named character passives (rulesets/beast/skills): "Skills and Proficiencies".
PASSIVES = ("trigger_happy", "vigilante_justice", "card_casting", "blood_rite", "compulsion",
            "forage", "bounties")
PassiveName = Literal["trigger_happy", "vigilante_justice", "card_casting", "blood_rite",
                      "compulsion", "forage", "bounties"]
# Arcana formations of Card Casting and their levels (RULING HR-56).
Formation = Literal["tower-1", "tower-2", "grand-cross", "pyramid-1", "pyramid-2",
                    "great-wall-1", "great-wall-2"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class _Item(_Model):
    replace: bool = Field(False, description="override an item of the same id loaded earlier")


class Effect(_Model):
    """One effect of an ability. ``when`` says when it applies to each target: ``always``
    (no matter the roll), ``hit`` (the attack roll scored a hit) or ``damage`` (it hurt)."""

    when: Literal["always", "hit", "damage"] = "always"
    status: StatusName | None = None
    turns: int = Field(1, ge=1, le=10)
    value: int = Field(1, ge=0, le=20)
    heal: int | None = Field(None, ge=1, le=20)
    bleed: int | None = Field(None, ge=1, le=10)
    sanity_check: int | None = Field(None, ge=1, le=12, description="difficulty N+ on a d6")
    sanity_loss: int = Field(1, ge=0, le=10)
    max_hp_loss: int | None = Field(None, ge=1, le=5, description="maximum HP the target "
                                    "loses for the battle (a Rosary guards against it)")
    knockback: int | None = Field(None, ge=1, le=4, description="KNOCKBACK: spaces the target "
                                  "is pushed straight away from the user")

    @model_validator(mode="after")
    def _one_kind(self) -> Effect:
        kinds = [self.status, self.heal, self.bleed, self.sanity_check, self.max_hp_loss,
                 self.knockback]
        if sum(k is not None for k in kinds) != 1:
            raise ValueError("an effect has exactly one of: status, heal, bleed, sanity_check, "
                             "max_hp_loss, knockback")
        return self


class Ability(_Model):
    """An action, interrupt or free action of a hunter, or an enemy special/signature."""

    id: str
    name: str
    text: str = Field(min_length=1, description="what it does, in our own words")
    kind: Literal["action", "interrupt", "free"] = "action"
    shape: Shape = "single"
    targets: TargetSide = "enemy"
    style: Literal["melee", "ranged", "special"] = "special"
    range: int = Field(1, ge=0, le=12)
    radius: int = Field(1, ge=1, le=6, description="AOE reach around the chosen space")
    attack: int | None = Field(None, ge=1, le=10, description="attack dice; none = no roll")
    element: Element = "PHYSICAL"
    crit_multiplier: int = Field(2, ge=2, le=4)
    cooldown: int | None = Field(None, ge=0, le=6)
    charges: int | None = Field(None, ge=1, le=10)
    effects: list[Effect] = Field(default_factory=list)
    hook: HookName | None = None
    signature: bool = False
    trigger: Literal["BLEED", "FLINCH", "IMMOBILIZE", "SLOW", "MARKED", "DISARMED",
                     "WOUNDING", "BLIND", "POISON", "KNOCKBACK"] | None = Field(
        None, description="Trigger Happy: the debuff on an enemy that lets it fire for free")
    pierce: int = Field(0, ge=0, le=6, description="defence dice the target loses")
    can_crit: bool = Field(True, description="false: this attack never critically hits")
    perfect_defence: bool = Field(True, description="false: no Perfect Defense against it")
    requires: Formation | None = Field(None, description="an Arcana that must be formed")
    summons: str | None = Field(None, description="hook summon: the enemy kind it calls up "
                                "next to the user")


class RangedAttack(_Model):
    attack: int = Field(ge=1, le=10)
    range: int = Field(ge=2, le=12)
    element: Element = "PHYSICAL"


class Template(_Item):
    """An enemy template (BASE ... BEHEMOTH) and what the rules and our rulings give it."""

    id: Literal["BASE", "UNDEAD", "CREATURE_OF_THE_NIGHT", "MONSTER", "CONDEMNED", "BEHEMOTH"]
    name: str
    text: str
    bleed_threshold: int | None = Field(None, ge=1, le=10, description="none = no Hemorrhage")
    hemorrhage_damage: int = Field(0, ge=0, le=10)
    immune: list[StatusName] = Field(default_factory=list)
    hindered_in_light: bool = False
    damage_reduction: int = Field(0, ge=0, le=3, description="less damage from non-ETHER hits")
    actions_per_turn: int = Field(1, ge=1, le=2)


class Hunter(_Item):
    id: str
    name: str
    gender: Literal["male", "female"]
    role: Literal["healer", "tank", "damage", "support"] = "damage"
    text: str = ""
    move: int = Field(ge=1, le=10)
    melee: int = Field(ge=1, le=10)
    ranged: RangedAttack
    defense: int = Field(ge=1, le=8)
    hp: int = Field(ge=1, le=30)
    sanity: int = Field(ge=1, le=12)
    skills: dict[str, int] = Field(default_factory=dict)
    passives: list[PassiveName] = Field(default_factory=list)
    abilities: list[Ability] = Field(default_factory=list)


class TarotSpirit(_Item):
    """One of the Tarot's 18 adversaries Nysa's Great Arcana summons (rules: "Great Arcana
    (Nysa)"; the list is ours, RULING HR-110): only what it gives her: its melee attack value,
    its ranged attack, its Special 1 and its Special 2."""

    id: str
    name: str
    card: str = Field(min_length=1, description="the Tarot card the spirit is sealed in")
    text: str = Field(min_length=1)
    melee: int = Field(ge=1, le=10)
    ranged: RangedAttack | None = None
    special1: Ability
    special2: Ability


class Herb(_Item):
    """A herb Joe can Forage (rules: "Forage (Joe)"; the table is ours, RULING HR-60)."""

    id: str
    name: str
    text: str = Field(min_length=1)
    rolls: list[int] = Field(min_length=1, description="Forage totals that find it")
    boost: dict[str, int] = Field(default_factory=dict, description="skill -> bonus")
    max_hp: int = Field(0, ge=0, le=5)
    sanity: int = Field(0, ge=0, le=5)
    ward: int = Field(0, ge=0, le=5, description="a Ward at the start of each battle")


class ClashSide(_Model):
    """One side (light or dark) of a clash card, played as a free action."""

    text: str = Field(min_length=1)
    targets: Literal["ally", "enemy"] = "ally"
    range: int = Field(3, ge=0, le=12)
    attack: int | None = Field(None, ge=1, le=10)
    element: Element = "PHYSICAL"
    effects: list[Effect] = Field(default_factory=list)


class ClashCard(_Item):
    """A clash card (RULING R8: the content pack defines them, in its own words)."""

    id: str
    name: str
    copies: int = Field(1, ge=1, le=6)
    special: Literal["key_moment", "you_are_hunted"] | None = None
    negative: bool = Field(False, description="a card whose event draw harms the hunters")
    light: ClashSide | None = None
    dark: ClashSide | None = None

    @model_validator(mode="after")
    def _sides(self) -> ClashCard:
        if self.special is None and (self.light is None or self.dark is None):
            raise ValueError("a clash card needs a light and a dark side unless it is special")
        return self


class Enemy(_Item):
    id: str
    name: str
    text: str = ""
    cp: int = Field(ge=1, le=5000)
    template: Literal["BASE", "UNDEAD", "CREATURE_OF_THE_NIGHT", "MONSTER", "CONDEMNED",
                      "BEHEMOTH"]
    logic: str = Field(description="target priorities joined by '>', e.g. 'MALE > CLOSEST'")
    move: int = Field(ge=0, le=10)
    melee: int = Field(ge=1, le=10)
    melee_element: Element = "PHYSICAL"
    ranged: RangedAttack | None = None
    defense: int = Field(ge=1, le=8)
    hp: int = Field(ge=1, le=60)
    buffs: list[StatusName] = Field(default_factory=list, description="permanent buffs")
    kinds: list[Literal["vampire", "poltergeist", "phantasm"]] = Field(
        default_factory=list, description="what gear names it (Lapis Lazuli, Holy Ash Stake, "
        "Exorcists Cross)")
    undying: list[Literal["silver", "stake"]] = Field(
        default_factory=list, description="the Undying template and its weaknesses: only a "
        "weapon of a weakness can slay it (RULING HR-100)")
    special1: Ability
    special2: Ability
    signature: Ability

    @model_validator(mode="after")
    def _logic_words(self) -> Enemy:
        for word in (w.strip() for w in self.logic.split(">")):
            if word not in LOGIC_WORDS:
                raise ValueError(f"unknown logic word {word!r}; known: {', '.join(LOGIC_WORDS)}")
        return self


LOGIC_WORDS = ("CLOSEST", "FARTHEST", "LOWEST HP", "HIGHEST HP", "MALE", "FEMALE", "HEALER",
               "LOWEST DEF", "HIGHEST DEF", "IN DARKNESS", "IN LIGHT")


class CombatCard(_Item):
    id: str
    name: str
    action: Literal["melee", "range", "special1", "special2", "signature"]
    cruelty: bool = False
    copies: int = Field(1, ge=1, le=10)
    text: str = ""


class MapTile(_Model):
    id: str
    x: int = Field(ge=0)
    y: int = Field(ge=0)
    w: int = Field(ge=1)
    h: int = Field(ge=1)
    lights: list[tuple[int, int]] = Field(default_factory=list, description="light sources")


class Mission(_Model):
    type: Literal["defeat_all", "survive"] = "defeat_all"
    rounds: int = Field(0, ge=0, le=50)


class BattleMap(_Item):
    """A battle map: rows of characters ('.' floor, '#' wall, 'c' cover, 'H' hunter start,
    'E' enemy start) split into rectangular map tiles, each with its light sources."""

    id: str
    name: str
    text: str = ""
    rows: list[str] = Field(min_length=3)
    tiles: list[MapTile] = Field(min_length=1)
    enemies: list[str] = Field(min_length=1, description="default encounter (enemy ids)")
    mission: Mission = Mission()

    @model_validator(mode="after")
    def _shape(self) -> BattleMap:
        width = len(self.rows[0])
        if any(len(r) != width for r in self.rows):
            raise ValueError("every row must have the same length")
        if any(ch not in ".#cHE" for r in self.rows for ch in r):
            raise ValueError("rows may only contain . # c H E")
        cover = [[False] * width for _ in self.rows]
        for t in self.tiles:
            if t.x + t.w > width or t.y + t.h > len(self.rows):
                raise ValueError(f"tile {t.id} goes off the map")
            for yy in range(t.y, t.y + t.h):
                for xx in range(t.x, t.x + t.w):
                    if cover[yy][xx]:
                        raise ValueError(f"tile {t.id} overlaps another tile at {xx},{yy}")
                    cover[yy][xx] = True
            for lx, ly in t.lights:
                if not (t.x <= lx < t.x + t.w and t.y <= ly < t.y + t.h):
                    raise ValueError(f"light {lx},{ly} lies outside tile {t.id}")
        if not all(all(r) for r in cover):
            raise ValueError("map tiles must cover every space")
        starts = "".join(self.rows)
        if starts.count("H") < 4:
            raise ValueError("a map needs at least 4 hunter starts (H)")
        if starts.count("E") < len(self.enemies):
            raise ValueError("a map needs an enemy start (E) for each enemy of its encounter")
        return self


def check_refs(items: dict) -> list[tuple[str, str, str]]:
    """The battle content's cross references: templates, encounters, the combat deck and
    hunters' ability ids."""
    problems: list[tuple[str, str, str]] = []
    templates = items.get("templates", {})
    for tid in ("BASE", "UNDEAD", "CREATURE_OF_THE_NIGHT", "MONSTER", "CONDEMNED", "BEHEMOTH"):
        if tid not in templates:
            problems.append(("templates", tid, "the pack must define this template"))
    for eid, enemy in items.get("enemies", {}).items():
        if enemy.template not in templates:
            problems.append(("enemies", eid, f"unknown template {enemy.template!r}"))
    for mid, bmap in items.get("maps", {}).items():
        for eid in bmap.enemies:
            if eid not in items.get("enemies", {}):
                problems.append(("maps", mid, f"unknown enemy {eid!r} in its encounter"))
    actions = {c.action for c in items.get("combat_cards", {}).values()}
    for needed in ("melee", "range", "special1", "special2", "signature"):
        if items.get("combat_cards") and needed not in actions:
            problems.append(("combat_cards", needed, "the combat deck needs a card of this kind"))
    for hid, hunter in items.get("hunters", {}).items():
        seen: set[str] = set()
        for ab in hunter.abilities:
            if ab.id in seen or ab.id in ("melee", "ranged"):
                problems.append(("hunters", hid, f"duplicate or reserved ability id {ab.id!r}"))
            seen.add(ab.id)
    return problems
