"""The public catalogue of beast's content for clients: names, texts and printed numbers of
hunters, enemies, templates, combat cards, maps, statuses, the hunt's content and the gear
(never anything hidden: the deck's order is in no catalogue)."""

from __future__ import annotations

from typing import Any

from hauntkit.rulesets.beast.data import DIRS, Content
from hauntkit.rulesets.beast.glossary import glossary_catalogue
from hauntkit.rulesets.beast.hunt import bounties
from hauntkit.rulesets.beast.labels import (
    CARD_ACTION_WORDS,
    DIR_WORDS,
    ELEMENT_WORDS,
    FACE_WORDS,
    STATUS_WORDS,
)
from hauntkit.rulesets.beast.schema import DEBUFFS, STATUSES


def _ability(a: Any) -> dict[str, Any]:
    return {"name": a.name, "text": a.text, "kind": a.kind, "shape": a.shape,
            "targets": a.targets, "style": a.style, "range": a.range, "radius": a.radius,
            "attack": a.attack, "element": a.element, "cooldown": a.cooldown,
            "charges": a.charges, "signature": a.signature}


def catalogue(c: Content) -> dict[str, Any]:
    """Names, texts and printed numbers of hunters, enemies, templates, combat cards, maps and
    statuses, for clients. Never anything hidden: the deck's order is in no catalogue."""
    hunters = {hid: {"name": h.name, "text": h.text, "gender": h.gender, "role": h.role,
                     "move": h.move, "melee": h.melee, "defense": h.defense, "hp": h.hp,
                     "sanity": h.sanity, "ranged": h.ranged.model_dump(),
                     "abilities": {a.id: _ability(a) for a in h.abilities},
                     # gained in battle (Blood Arts, Tarot spirits): named when used
                     "gained": {k: _ability(a)
                                for k, a in getattr(c, "gained", {}).get(hid, {}).items()}}
               for hid, h in c.hunters.items()}
    enemies = {eid: {"name": e.name, "text": e.text, "cp": e.cp, "template": e.template,
                     "move": e.move, "melee": e.melee, "defense": e.defense, "hp": e.hp,
                     "ranged": e.ranged.model_dump() if e.ranged else None,
                     "abilities": {k: _ability(a) for k, a in c.abilities[eid].items()}
                     | {k: _ability(a) for k, a in c.basic[eid].items()}}
               for eid, e in c.enemies.items()}
    cards = {}
    for cid in c.cards:
        cards[cid] = {"name": c.card_names[cid], "action": c.cards[cid],
                      "does": CARD_ACTION_WORDS.get(c.cards[cid], c.cards[cid]),
                      "cruelty": c.card_cruelty[cid], "copies": c.deck.count(cid)}
    return {
        **_hunt_catalogue(c),
        "gear": _gear_catalogue(c),
        "gear_abilities": {k: _ability(a) for k, a in getattr(
            getattr(c, "gear", None), "abilities", {}).items()},
        "clash": {k: {"name": card.name,
                      **{side: getattr(card, side).text for side in ("light", "dark")
                         if getattr(card, side, None) is not None}}
                  for k, card in getattr(c, "clash", {}).items()},
        "bounty_traits": _bounty_tables(),
        "arsenals": {k: {"name": a.name, "text": a.text, "items": list(a.items),
                         "ranks": [list(r) for r in a.ranks], "advanced": a.advanced}
                     for k, a in getattr(getattr(c, "gear", None), "arsenals", {}).items()},
        "tarot": {k: {"name": t.name, "card": t.card, "text": t.text}
                  for k, t in getattr(c, "tarot", {}).items()},
        "loot": {e.id: {"name": e.name, "text": e.text, "roll": e.roll}
                 for e in getattr(getattr(c, "gear", None), "loot", {}).values()},
        "mystery": {e.id: {"name": e.name, "text": e.text, "roll": e.roll, "table": e.table}
                    for e in getattr(getattr(c, "gear", None), "mystery", {}).values()},
        "hunters": hunters,
        "enemies": enemies,
        "templates": {k: {"name": t.name, "text": t.text} for k, t in c.templates.items()},
        "cards": cards,
        "maps": {k: dict(v) for k, v in c.map_info.items()},
        "statuses": {k: {"name": STATUS_WORDS[k][0], "text": STATUS_WORDS[k][1],
                         "debuff": k in DEBUFFS} for k in STATUSES},
        "elements": dict(ELEMENT_WORDS),
        "directions": [{"name": w, "step": list(DIRS[i])} for i, w in enumerate(DIR_WORDS)],
        "faces": {str(k): v for k, v in FACE_WORDS.items()},
        "glossary": glossary_catalogue(getattr(c, "glossary", {})),
    }


def _bounty_tables() -> dict[str, dict[str, str]]:
    """Joe's three Bounty Trait tables ("Bounties (Joe)"): d6 -> the trait in words."""
    out = {"trait1": {str(k): f"{n.lower()}: {t}" for k, (n, t, _) in bounties.TRAIT_1.items()},
           "trait2": {str(k): f"{n.lower()}: {t}" for k, (n, t, _) in bounties.TRAIT_2.items()},
           "trait3": {str(k): n.lower() for k, (n, _) in bounties.TRAIT_3.items()}}
    return out


def _hunt_catalogue(c: Content) -> dict[str, Any]:
    """The hunts (with their investigations), locations, events and Theme cards of the pack."""
    hunts = getattr(c, "hunts", {})
    return {
        "hunts": {k: {"name": h.name, "text": h.text,
                      "investigations": {i.id: {"name": i.name, "text": i.text,
                                                "locations": list(i.locations),
                                                "clues_needed": i.clues_needed}
                                         for i in h.investigations}}
                  for k, h in hunts.items()},
        "locations": {k: {"name": loc.name, "text": loc.text, "risk": loc.risk,
                          "reward": loc.reward}
                      for k, loc in getattr(c, "locations", {}).items()},
        "events": {k: {"name": e.name, "text": e.text, "alignment": e.alignment,
                       "colour": e.colour,
                       "choices": {ch.id: ch.text for ch in e.choices}}
                   for k, e in getattr(c, "hunt_events", {}).items()},
        # Theme cards (HR-107): what each pays for, in words, is in the hunt's view
        "themes": {k: {"name": t.name, "text": t.text, "renown": t.renown,
                       "infamy": t.infamy, "times": t.times}
                   for k, t in getattr(c, "themes", {}).items()},
    }


def _gear_catalogue(c: Content) -> dict[str, Any]:
    """Every gear item's name and text, and its other printed fields (the gear rules')."""
    index = getattr(c, "gear", None)
    out: dict[str, Any] = {}
    for iid, item in getattr(index, "items", {}).items():
        data = item.model_dump(mode="json", exclude={"replace"})
        out[iid] = {"name": item.name, "text": getattr(item, "text", ""),
                    **{k: v for k, v in data.items() if k not in ("name", "text", "id")}}
    return out
