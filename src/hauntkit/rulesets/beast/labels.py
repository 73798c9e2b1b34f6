"""What clients read about beast beyond a view: the public catalogue of its content, human
labels of a seat's own legal actions, and the words log lines use (status words, die faces,
spaces, directions) so that no line shows a raw list or a constant (issue 10; HR-90, HR-91).

Spaces are named like a chess board: columns A, B, C... from the left, rows 1, 2, 3... from
the top (HR-90); the web board prints the same letters and numbers on its edges.
"""

from __future__ import annotations

from typing import Any

from hauntkit.rulesets.beast.data import DIRS, Content
from hauntkit.rulesets.beast.schema import DEBUFFS, STATUSES

State = dict[str, Any]
Action = dict[str, Any]

# Each status as a word or two, and what it does, in our own words.
STATUS_WORDS: dict[str, tuple[str, str]] = {
    "STEALTH": ("stealthy", "counts as twice as far away for enemies' ranged targeting"),
    "CLEAVE": ("cleaving", "a melee attack also strikes every other adjacent enemy"),
    "MULTI_ATTACK": ("multi-attack", "may reroll one missed attack die"),
    "BERSERK": ("berserk", "may reroll two missed attack dice"),
    "WARD": ("warded", "the next points of damage are absorbed"),
    "COVER": ("in cover", "a ward of 1 against ranged attacks, +1 damage from melee"),
    "POISON": ("poisoned", "rolls each turn: a hit deals 1 damage"),
    "PARALYZE": ("paralyzed", "no move, action or interrupt"),
    "IMMOBILIZE": ("immobilized", "movement lowered by the value"),
    "SLOW": ("slowed", "movement lowered each turn"),
    "BLIND": ("blinded", "must roll before attacking or using an ability"),
    "DISARMED": ("disarmed", "no melee or ranged attack"),
    "MARKED": ("marked", "attackers may reroll a missed die; no stealth"),
    "WOUNDING": ("wounded", "+2 damage from physical attacks and hemorrhage"),
    "DEF_DOWN": ("defence lowered", "rolls fewer defence dice"),
    "ATTACK_DOWN": ("attack lowered", "rolls fewer attack dice"),
    "MELEE_DOWN": ("melee lowered", "rolls fewer melee attack dice"),
    "TRICKS": ("tricked", "its first ability is disabled"),
    "FLINCH": ("flinching", "-1 defence and +1 damage from the next attack"),
    "BURNING": ("burning", "takes fire damage at the start of its turn"),
    "CHILLED": ("chilled", "movement lowered by 1"),
    "FROZEN": ("frozen", "held fast by ice"),
    "PRIMED": ("primed", "the next electric hit arcs on"),
    "DECAY": ("decaying", "rotting from within"),
    "NO_HEAL": ("unhealable", "cannot be healed this turn"),
    "ETHER_BASE": ("stripped to BASE", "treated as the BASE template for 1 turn"),
    "ANOINTED": ("anointed", "the next weapon attack is ETHER"),
    "TEAM_PLAYER": ("spurred on", "may use an ability again, even on cool down"),
    "NO_DEFEND": ("defenceless", "cannot roll defence this turn"),
    "LASERED": ("laser-marked", "ranged attacks on it reach further (Laser Pointer)"),
    "MOVE_UP": ("quickened", "moves more spaces each turn"),
    "DUSTED": ("dusted", "its attacks are of another element this turn (Philosophers Dust)"),
    "MASKED": ("masked as a healer", "enemy logic takes it for a healer (Surgeon Mask)"),
    "SUPPRESSED": ("suppressed", "ranged reach shorter by its value (Suppressive Fire)"),
    "CRIMSON": ("cursed bait", "every enemy attacks it, and it cannot fall below 1 HP "
                "(Crimson Dybbuk Box)"),
}
ELEMENT_WORDS = {"PHYSICAL": "physical", "FIRE": "fire", "ELEC": "electric", "ICE": "ice",
                 "ETHER": "ether", "NETHER": "nether", "POISON": "poison"}
DIR_WORDS = ("east", "south-east", "south", "south-west", "west", "north-west", "north",
             "north-east")
FACE_WORDS = {0: "blank", 1: "sword & shield", 2: "double sword"}
DONE_WORDS = {"shop": "Done shopping", "investigate": "Move on", "loot": "Done with the loot",
              "mystery": "Done with the mystery", "rest": "Done resting"}
CARD_ACTION_WORDS = {"melee": "a melee attack", "range": "a ranged attack",
                     "special1": "its first special", "special2": "its second special",
                     "signature": "its signature ability"}


def status_word(name: str) -> str:
    """``"ATTACK_DOWN"`` -> ``"attack lowered"`` (unknown names: lower case, no underscores)."""
    known = STATUS_WORDS.get(name)
    return known[0] if known else name.replace("_", " ").lower()


def element_word(el: str) -> str:
    return ELEMENT_WORDS.get(el, el.replace("_", " ").lower())


def space_name(x: int, y: int) -> str:
    """(2, 0) -> ``"C1"``: column letter from the left, row number from the top (HR-90)."""
    return f"{chr(ord('A') + x)}{y + 1}" if 0 <= x < 26 else f"{x + 1}/{y + 1}"


def space_of(value: Any) -> str:
    """A space given as ``[x, y]`` (or a tuple) as its name; anything else as text."""
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(
            isinstance(v, int) and not isinstance(v, bool) for v in value):
        return space_name(value[0], value[1])
    return str(value)


def dir_word(d: Any) -> str:
    return DIR_WORDS[d] if isinstance(d, int) and 0 <= d < len(DIR_WORDS) else str(d)


def faces_text(faces: list[int]) -> str:
    """Combat die faces as words: ``[2, 0]`` -> ``"double sword, blank"``."""
    return ", ".join([FACE_WORDS.get(f, str(f)) for f in faces]) if faces else "no dice"


# Texts of rolls by their faces: every attack and defence writes one (few distinct rolls).
_HITS_TEXT: dict[tuple[int, ...], str] = {}
_BLOCKS_TEXT: dict[tuple[int, ...], str] = {}


def hits_text(faces: list[int]) -> str:
    """An attack roll: its faces and its hits (1 and 2 are hits: RULING R1)."""
    key = tuple(faces)
    text = _HITS_TEXT.get(key)
    if text is None:
        n = sum(1 for f in faces if f)
        text = _HITS_TEXT[key] = f"{faces_text(faces)} ({n} hit{'' if n == 1 else 's'})"
    return text


def blocks_text(faces: list[int]) -> str:
    """A defence roll: its faces and its blocks (only sword & shield blocks: RULING R1)."""
    key = tuple(faces)
    text = _BLOCKS_TEXT.get(key)
    if text is None:
        n = sum(1 for f in faces if f == 1)
        text = _BLOCKS_TEXT[key] = f"{faces_text(faces)} ({n} block{'' if n == 1 else 's'})"
    return text


def object_name(state: State, oid: Any, rs: Any = None) -> str:
    """A light source or barricade by where it stands: ``"the light at B3"``; a light a hunter
    carries (gear) by its carrier: ``"Blake's light"``."""
    for key, word in (("lights", "light"), ("barricades", "barricade")):
        for obj in state.get(key, []):
            if obj["id"] == oid:
                carrier = state.get("units", {}).get(obj.get("carrier"))
                if carrier is not None and rs is not None:
                    return f"{rs.name(carrier)}'s light"
                if carrier is not None:
                    return f"the carried light at {space_name(obj['x'], obj['y'])}"
                return f"the {word} at {space_name(obj['x'], obj['y'])}"
    if isinstance(oid, str) and oid[:1] == "L":
        return "a light source"
    if isinstance(oid, str) and oid[:1] == "B":
        return "a barricade"
    return str(oid)


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
        "arsenals": {k: {"name": a.name, "text": a.text, "items": list(a.items)}
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
    }


def _bounty_tables() -> dict[str, dict[str, str]]:
    """Joe's three Bounty Trait tables ("Bounties (Joe)"): d6 -> the trait in words."""
    from hauntkit.rulesets.beast.hunt import bounties
    out = {"trait1": {str(k): f"{n.lower()}: {t}" for k, (n, t, _) in bounties.TRAIT_1.items()},
           "trait2": {str(k): f"{n.lower()}: {t}" for k, (n, t, _) in bounties.TRAIT_2.items()},
           "trait3": {str(k): n.lower() for k, (n, _) in bounties.TRAIT_3.items()}}
    return out


def _hunt_catalogue(c: Content) -> dict[str, Any]:
    """The hunts (with their investigations), locations and events of the pack."""
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
                       "choices": {ch.id: ch.text for ch in e.choices}}
                   for k, e in getattr(c, "hunt_events", {}).items()},
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


def thing_name(rs: Any, s: State, value: Any) -> str:
    """Any id a label may meet, as a name: a unit, a light or barricade, a hunter of the
    party, a gear item, an enemy kind, a location; else the value itself."""
    if not isinstance(value, str):
        return str(value)
    u = s.get("units", {}).get(value)
    if u is not None:
        return str(rs.name(u))
    c = rs.c
    for table in (c.hunters, c.enemies, getattr(c, "locations", {})):
        if value in table:
            return str(table[value].name)
    items = getattr(getattr(c, "gear", None), "items", {})
    if value in items:
        return str(items[value].name)
    return object_name(s, value, rs)


def _unit(rs: Any, s: State, uid: Any) -> str:
    return thing_name(rs, s, uid)


def _target(rs: Any, s: State, action: Action) -> str:
    """Where an ability goes: a unit, a space or a beam's direction."""
    t = action.get("target")
    unit = s["units"].get(action.get("unit")) if isinstance(action.get("unit"), str) else None
    ab = rs.ability(unit, action.get("ability")) if unit is not None else None
    if ab is not None and ab.shape == "beam":
        return f"to the {dir_word(t)}"
    if ab is not None and ab.shape == "self":
        return ""
    if isinstance(t, list) and t and all(isinstance(v, str) for v in t):
        names = [_unit(rs, s, v) for v in t]  # several targets (e.g. Nysa's Pyramid)
        return "on " + (names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and "
                        + names[-1])
    if isinstance(t, list):
        return f"at {space_of(t)}"
    return f"on {_unit(rs, s, t)}"


def _ability_label(rs: Any, s: State, a: Action, who: str) -> str:
    unit = s["units"].get(a.get("unit")) if isinstance(a.get("unit"), str) else None
    ab = rs.ability(unit, a.get("ability")) if unit is not None else None
    name = ab.name if ab is not None else str(a.get("ability"))
    head = {"interrupt": "Interrupt: ", "free": "Free action: "}.get(str(a.get("type")), "")
    tail = " (Team Player)" if a.get("team") else ""
    where = _target(rs, s, a)
    return f"{head}{who}: {name}{' ' + where if where else ''}{tail}"


def _clash_name(rs: Any, cid: Any) -> str:
    card = getattr(rs.c, "clash", {}).get(cid) if isinstance(cid, str) else None
    return card.name if card is not None else str(cid).replace("-", " ")


def _card_label(rs: Any, s: State, a: Action, who: str) -> str:
    """Nysa plays a clash card (a free action): its name, side and target."""
    side = f" ({a['side']} side)" if a.get("side") else ""
    target = a.get("target")
    on = ""
    if target is not None:
        on = f" {_target(rs, s, {'target': target})}"
    key = " with Key Moment" if a.get("key") else ""
    return f"{who}: play {_clash_name(rs, a.get('card'))}{side}{on}{key}"


def _pending_unit(rs: Any, s: State) -> str:
    pending = s.get("pending") or {}
    return _unit(rs, s, pending.get("unit")) if pending.get("unit") else "the hunter"


def _trigger_label(rs: Any, s: State, a: Action, who: str) -> str:
    unit = s["units"].get((s.get("pending") or {}).get("unit"))
    ab = rs.ability(unit, a.get("ability")) if unit is not None else None
    name = ab.name if ab is not None else str(a.get("ability")).replace("-", " ")
    return f"Trigger Happy: {_pending_unit(rs, s)} fires {name} at once"


def _decline_label(rs: Any, s: State, a: Action, who: str) -> str:
    kind = (s.get("pending") or {}).get("kind")
    return {"trigger": "Hold fire", "mulligan": "Keep this hand"}.get(str(kind), "Decline")


def _command_label(rs: Any, s: State, a: Action, who: str) -> str:
    """Serenity commands her pet (the pet is the acting unit)."""
    unit = s["units"].get(a.get("unit")) if isinstance(a.get("unit"), str) else None
    act = a.get("ability")
    name = str(act)
    if act == "weapon":  # a rank 3 pet's arsenal weapon (HR-59)
        name = f"attack with {thing_name(rs, s, a.get('weapon'))}"
    elif unit is not None and unit["kind"] in rs.c.enemies and hasattr(rs, "action_spec"):
        try:
            name = rs.action_spec(unit, act).name
        except (AttributeError, KeyError, TypeError):
            name = str(act)
    where = _target(rs, s, {"target": a.get("target")}) if a.get("target") is not None else ""
    return f"Command {who}: {name}{' ' + where if where else ''}"


SLOT_WORDS = {"open1": "open slot 1", "open2": "open slot 2", "open3": "open slot 3",
              "open4": "open slot 4", "augment": "augment slot", "consumable": "consumable slot",
              "attached": "as an attachment"}


def _cost(rs: Any, iid: Any) -> str:
    item = getattr(getattr(rs.c, "gear", None), "items", {}).get(iid)
    cost = getattr(item, "cost", None)
    return f" ({cost} Crypto)" if cost is not None else ""


def _slot_item(s: State, hunter: Any, slot: Any) -> Any:
    for r in s.get("party", ()):
        if r["hunter"] == hunter:
            return (r.get("gear") or {}).get(slot) if slot != "attached" else \
                next(iter(r.get("attached") or []), None)
    return None


def _slot_word(slot: Any) -> str:
    return SLOT_WORDS.get(str(slot), str(slot).replace("_", " "))


def _arsenal_label(rs: Any, s: State, a: Action, who: str) -> str:
    hunter = thing_name(rs, s, a.get("hunter"))
    aid = a.get("arsenal")
    if aid is None:
        return f"{hunter}: no arsenal"
    ars = getattr(getattr(rs.c, "gear", None), "arsenals", {}).get(aid)
    name = ars.name if ars is not None else _field(rs, s, aid)
    return f"{hunter}: take the {name}" + ("" if name.lower().endswith("arsenal") else " arsenal")


def _unequip_label(rs: Any, s: State, a: Action, who: str) -> str:
    hunter, slot = a.get("hunter"), a.get("slot")
    item = _slot_item(s, hunter, slot)
    what = thing_name(rs, s, item) if item else f"the {_slot_word(slot)}"
    return f"{thing_name(rs, s, hunter)}: take off {what} ({_slot_word(slot)})"


# Each action type's label: (ruleset, state, action, the acting unit's name) -> text.
_LABELS: dict[str, Any] = {
    "end_turn": lambda rs, s, a, who: "End turn",
    "pass": lambda rs, s, a, who: "No interrupt: let it happen",
    "crit": lambda rs, s, a, who: ("Reroll to bypass defence" if a.get("reroll")
                                   else "Keep the critical roll"),
    "hex": lambda rs, s, a, who: (
        f"Hex: lower its {'attack' if a.get('lower') == 'attack' else 'defence'}"),
    "arc": lambda rs, s, a, who: f"Arc the lightning to {_unit(rs, s, a.get('target'))}",
    "step": lambda rs, s, a, who: f"{who}: move to {space_of(a.get('to'))}",
    "slip": lambda rs, s, a, who: (
        f"{who}: slip past {space_of(a.get('through'))} to {space_of(a.get('to'))}"),
    "attack": lambda rs, s, a, who: (
        f"{who}: {'melee' if a.get('mode') == 'melee' else 'ranged'} attack on "
        f"{_unit(rs, s, a.get('target'))}"
        + (f" with {thing_name(rs, s, a['weapon'])}" if a.get("weapon") else "")
        + (" (free)" if a.get("free") else "")),
    "ability": _ability_label,
    "interrupt": _ability_label,
    "free": _ability_label,
    "detonate": lambda rs, s, a, who: f"{who}: set off {_trap(s, a.get('trap'))}",
    "steal": lambda rs, s, a, who: f"{who}: steal from {_unit(rs, s, a.get('target'))}",
    # the hunters' skills (rulesets/beast/skills)
    "card": _card_label,
    "arcana": lambda rs, s, a, who: (
        f"{who}: lay the {str(a.get('formation')).replace('-', ' ').title()} formation"),
    "tarot": lambda rs, s, a, who: f"{who}: summon a Tarot spirit (Great Arcana)",
    "trigger": _trigger_label,
    "decline": _decline_label,
    "mulligan": lambda rs, s, a, who: (
        f"Bury {_clash_name(rs, a.get('card'))} and draw another"),
    "command": _command_label,
    # the shop and the kit between battles (shop.py: "Gear Shop", "Gear and Equipment")
    "buy": lambda rs, s, a, who: (
        f"Buy {thing_name(rs, s, a.get('item'))} for {thing_name(rs, s, a.get('hunter'))}"
        f"{_cost(rs, a.get('item'))}"),
    "sell": lambda rs, s, a, who: (
        f"Sell {thing_name(rs, s, a.get('hunter'))}'s {thing_name(rs, s, a.get('item'))}"),
    "equip": lambda rs, s, a, who: (
        f"{thing_name(rs, s, a.get('hunter'))}: equip {thing_name(rs, s, a.get('item'))} "
        f"({_slot_word(a.get('slot'))})"),
    "unequip": _unequip_label,
    "give": lambda rs, s, a, who: (
        f"{thing_name(rs, s, a.get('hunter'))}: give {thing_name(rs, s, a.get('item'))} to "
        f"{thing_name(rs, s, a.get('to'))}"),
    "arsenal": _arsenal_label,
    "read": lambda rs, s, a, who: (
        f"{thing_name(rs, s, a.get('hunter'))}: read the Rule Book and learn "
        f"{str(a.get('skill')).replace('_', ' ')}"),
    # loot and mystery (gear_hunt.py: "Loot Table", "Mystery Table")
    "take": lambda rs, s, a, who: f"Give it to {thing_name(rs, s, a.get('hunter'))}",
    "swap": lambda rs, s, a, who: (
        f"Swap the arsenals of {thing_name(rs, s, a.get('hunter'))} and "
        f"{thing_name(rs, s, a.get('to'))}"),
    "skip": lambda rs, s, a, who: "Skip it",
    "pick": lambda rs, s, a, who: f"Pick {thing_name(rs, s, a.get('hunter'))}",
    "treasure": lambda rs, s, a, who: (
        f"Treasure Map: {_field(rs, s, a.get('entry')).replace('-', ' ')} for "
        f"{thing_name(rs, s, a.get('hunter'))}"),
    # between battles (docs/hunt.md "Between-battle actions")
    "done": lambda rs, s, a, who: DONE_WORDS.get(str(s.get("phase")), "Done"),
    "choose": lambda rs, s, a, who: _choice_label(rs, s, a),
    "fight": lambda rs, s, a, who: "Let's Fight: call out the ambushers",
    "treat": lambda rs, s, a, who: (
        f"Treat {thing_name(rs, s, a.get('hunter'))}'s wound ({_treat_cost(rs, s)} Crypto)"),
    "cover": lambda rs, s, a, who: f"{who}: take cover",
    "douse": lambda rs, s, a, who: f"{who}: put out {object_name(s, a.get('light'), rs)}",
    "carry": lambda rs, s, a, who: (
        f"{who}: carry {object_name(s, a.get('light'), rs)} to {space_of(a.get('to'))}"),
}


def trap_place(trap: dict[str, Any]) -> str:
    """Where a trap lies, as a space name (or "its space" when it has none)."""
    return space_name(trap["x"], trap["y"]) if "x" in trap and "y" in trap else "its space"


def _trap(s: State, tid: Any) -> str:
    for t in s.get("traps", []):
        if t.get("id") == tid:
            return f"the trap at {trap_place(t)}"
    return "a trap"


def _choice_label(rs: Any, s: State, a: Action) -> str:
    event = getattr(rs.c, "hunt_events", {}).get((s.get("hunt") or {}).get("event"))
    text = next((ch.text for ch in event.choices if ch.id == a.get("choice")), None) \
        if event is not None else None
    return text or f"Choose {str(a.get('choice')).replace('-', ' ')}"


def _treat_cost(rs: Any, s: State) -> str:
    hunt = getattr(rs.c, "hunts", {}).get((s.get("hunt") or {}).get("hunt"))
    return f"-{hunt.rest.treat_cost}" if hunt is not None else "costs"


def _field(rs: Any, s: State, value: Any) -> str:
    if isinstance(value, list):
        return space_of(value)
    return _unit(rs, s, value) if isinstance(value, str) else str(value)


def describe_action(rs: Any, s: State, seat: int, a: Action) -> str:
    """A human label of one of ``seat``'s legal actions: names, never ids or raw lists."""
    t = a.get("type")
    who = _unit(rs, s, a.get("unit")) if a.get("unit") is not None else ""
    known = _LABELS.get(t) if isinstance(t, str) else None
    if known is not None:
        return str(known(rs, s, a, who))
    rest = [f"{k}: {_field(rs, s, v)}" for k, v in a.items() if k not in ("type", "unit")]
    head = str(t).replace("_", " ").capitalize()
    return (f"{who}: " if who else "") + head + (f" ({', '.join(rest)})" if rest else "")


def seat_hunters(rs: Any, s: State, seat: int) -> list[str]:
    """The display names of the hunters ``seat`` controls (living or not), in unit order; in a
    hunt between battles, its hunters still hunting (docs/hunt.md "The party")."""
    if s.get("party") and s.get("phase", "battle") != "battle":
        return [rs.c.hunters[r["hunter"]].name for r in s["party"]
                if r["seat"] == seat and not r.get("dead") and not r.get("broken")
                and r["hunter"] in rs.c.hunters]
    return [rs.name(u) for u in s["units"].values()
            if u["side"] == "hunters" and u["seat"] == seat]


def seat_words(rs: Any, s: State, seat: int) -> str:
    """``"Joe and Nysa"``: who a seat plays, for log lines (never a seat number: HR-91)."""
    return _names_words(seat_hunters(rs, s, seat), seat)


def _names_words(names: list[str], seat: int) -> str:
    if not names:
        return f"Seat {seat + 1}"  # as the page names a seat without a name
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def end_turn_text(rs: Any, s: State, seat: int) -> str:
    """The log line of a seat ending its turn, naming its hunters (listed once)."""
    names = seat_hunters(rs, s, seat)
    return f"{_names_words(names, seat)} {'ends' if len(names) == 1 else 'end'} the turn."


def intent(rs: Any, s: State) -> dict[str, Any] | None:
    """The acting enemy's drawn combat card and what it will do: the card, its action, the
    ability's name, its chosen target and the spaces it still means to move through. All of it
    follows from the drawn card and the public board, never from the deck (HR-92)."""
    eturn = s["eturn"]
    cur = eturn["cur"] if eturn else None
    if not cur:
        return None
    unit = s["units"][cur["uid"]]
    act = cur["act"]
    ability = None
    if act is not None:
        ab = rs.action_spec(unit, act)
        ability = {"name": ab.name, "shape": ab.shape, "range": ab.range, "radius": ab.radius,
                   "style": ab.style, "element": ab.element}
    target = cur.get("target")
    return {"unit": cur["uid"], "card": cur["card"], "action": act,
            "card_name": rs.c.card_names.get(cur["card"], cur["card"]),
            "does": CARD_ACTION_WORDS.get(act, "nothing: it loses its turn") if act else
            "nothing: it loses its turn",
            "cruelty": bool(cur.get("cruel")), "ability": ability,
            "target": target if isinstance(target, str) else None,
            "path": [list(p) for p in cur["path"]]}
