"""The whole `beast` content pack: ``PACK_SPEC``, its kinds (the battle's models in
schema.py, the hunt's in hunt/schema.py, the gear's in gear/schema.py) and their reference
checks. It is what ``hauntkit validate`` uses."""

from __future__ import annotations

from hauntkit.core.content import PackSpec
from hauntkit.rulesets.beast.gear.schema import (
    Arsenal,
    GearItem,
    Loadout,
    LootEntry,
    MysteryEntry,
    check_gear,
)
from hauntkit.rulesets.beast.glossary import GlossaryTerm, check_glossary
from hauntkit.rulesets.beast.hunt.schema import HUNT_KINDS, check_hunt_refs
from hauntkit.rulesets.beast.schema import (
    BattleMap,
    ClashCard,
    CombatCard,
    Enemy,
    Herb,
    Hunter,
    TarotSpirit,
    Template,
    check_refs,
)

PACK_SPEC = PackSpec(
    ruleset="beast",
    kinds={
        "templates": Template,
        "hunters": Hunter,
        "enemies": Enemy,
        "combat_cards": CombatCard,
        "maps": BattleMap,
        **HUNT_KINDS,
        "clash_cards": ClashCard,
        "herbs": Herb,
        "tarot_spirits": TarotSpirit,
        "gear": GearItem,
        "arsenals": Arsenal,
        "loadouts": Loadout,
        "loot": LootEntry,
        "mystery": MysteryEntry,
        "glossary": GlossaryTerm,
    },
    checks=[check_refs, check_hunt_refs, check_gear, check_glossary],
)

__all__ = ["PACK_SPEC"]
