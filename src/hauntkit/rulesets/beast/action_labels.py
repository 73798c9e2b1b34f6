"""Labels of a seat's own legal actions for players (names, never ids), the words naming a
seat's hunters in log lines, and the acting enemy's intent (HR-90, HR-91, HR-92).
hunters/words.py adds the labels of the skills' between-battle actions."""

from __future__ import annotations

from typing import Any

from hauntkit.rulesets.beast.hunt.renown import TAG_IN_HUNTER
from hauntkit.rulesets.beast.labels import (
    CARD_ACTION_WORDS,
    DONE_WORDS,
    dir_word,
    formation_name,
    object_name,
    space_of,
    trap_place,
)

State = dict[str, Any]
Action = dict[str, Any]


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
    t = a.get("target")
    where = "" if t is None else f"to the {dir_word(t)}" if isinstance(t, int) else \
        _target(rs, s, {"target": t})
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
        f"Hex: lower {_hexed(rs, s)} {'attack' if a.get('lower') == 'attack' else 'defence'}"),
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
        f"{who}: lay the {formation_name(a.get('formation'))} formation"),
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
    # loot and mystery (hunt/gear_phases.py: "Loot Table", "Mystery Table")
    "take": lambda rs, s, a, who: f"Give it to {thing_name(rs, s, a.get('hunter'))}",
    "swap": lambda rs, s, a, who: (
        f"Swap the arsenals of {thing_name(rs, s, a.get('hunter'))} and "
        f"{thing_name(rs, s, a.get('to'))}"),
    "skip": lambda rs, s, a, who: "Skip it",
    "pick": lambda rs, s, a, who: f"Pick {thing_name(rs, s, a.get('hunter'))}",
    "treasure": lambda rs, s, a, who: (
        f"Treasure Map: {_loot_name(rs, a.get('entry'))} for "
        f"{thing_name(rs, s, a.get('hunter'))}"),
    "second": lambda rs, s, a, who: _second_label(rs, s, a),
    "penance": lambda rs, s, a, who: _penance_label(rs, s, a),
    "tag_in": lambda rs, s, a, who: (
        f"Tagging In: {_tag_in_name(rs)} takes {thing_name(rs, s, a.get('hunter'))}'s place"),
    # between battles (docs/hunt.md "Between-battle actions")
    "done": lambda rs, s, a, who: DONE_WORDS.get(str(s.get("phase")), "Done"),
    "choose": lambda rs, s, a, who: _choice_label(rs, s, a),
    "fight": lambda rs, s, a, who: "Let's Fight: call out the ambushers",
    "treat": lambda rs, s, a, who: (
        f"Treat {thing_name(rs, s, a.get('hunter'))}'s wound{_treat_cost(rs, s)}"),
    "cover": lambda rs, s, a, who: f"{who}: take cover",
    # the Location card's light sources before a hunt's battle (hunt/lighting.py)
    "place_light": lambda rs, s, a, who: (
        f"Place a light source at {space_of(a.get('to'))}{_tile_of(rs, s, a.get('to'))}"),
    "leave_dark": lambda rs, s, a, who: "Leave the rest of the location dark",
    "douse": lambda rs, s, a, who: f"{who}: put out {object_name(s, a.get('light'), rs)}",
    "carry": lambda rs, s, a, who: (
        f"{who}: carry {object_name(s, a.get('light'), rs)} to {space_of(a.get('to'))}"),
}


def _tile_of(rs: Any, s: State, to: Any) -> str:
    """' (Hall)': the map tile of a space, or '' when it has none."""
    try:
        md = rs.md(s)
        return f" ({md.tile_ids[md.tile_of[(to[0], to[1])]].replace('-', ' ').title()})"
    except (AttributeError, KeyError, TypeError, IndexError):
        return ""


def _hexed(rs: Any, s: State) -> str:
    """Whose attack or defence a Hex lowers: ``"Thug 1's"`` (``"its"`` when unknown)."""
    target = (s.get("pending") or {}).get("target")
    return f"{_unit(rs, s, target)}'s" if isinstance(target, str) and target in s["units"] \
        else "its"


def _trap(s: State, tid: Any) -> str:
    for t in s.get("traps", []):
        if t.get("id") == tid:
            return f"the trap at {trap_place(t)}"
    return "a trap"


def skill_word(skill: str) -> str:
    """A skill as the document writes it ("Computer Use", "Dare Devil")."""
    return skill.replace("_", " ").title()


def _choice_label(rs: Any, s: State, a: Action) -> str:
    event = getattr(rs.c, "hunt_events", {}).get((s.get("hunt") or {}).get("event"))
    choice = next((ch for ch in event.choices if ch.id == a.get("choice")), None) \
        if event is not None else None
    if choice is None:
        return f"Choose {str(a.get('choice')).replace('-', ' ')}"
    check = getattr(choice, "check", None)
    if check is None or a.get("hunter") is None:
        return str(choice.text)
    skill = skill_word(str(check.skill))
    return (f"{choice.text} ({thing_name(rs, s, a.get('hunter'))} tries {skill} "
            f"{check.target}+)")


def _treat_cost(rs: Any, s: State) -> str:
    hunt = getattr(rs.c, "hunts", {}).get((s.get("hunt") or {}).get("hunt"))
    return f" (pay {hunt.rest.treat_cost} Crypto)" if hunt is not None else ""


def _loot_name(rs: Any, entry: Any) -> str:
    """A Loot Table entry by its name (Treasure Map: the hunters pick one)."""
    loot = getattr(getattr(rs.c, "gear", None), "loot", {}) or {}
    found = next((e for e in loot.values() if e.id == entry), None)
    return str(found.name) if found is not None else str(entry).replace("_", " ")


def _second_label(rs: Any, s: State, a: Action) -> str:
    """A weapon's second attack: who strikes again, at whom, with what (HR-35)."""
    pending = s.get("pending") or {}
    who = _unit(rs, s, pending.get("unit")) if pending.get("unit") else "The hunter"
    weapon = f" with {thing_name(rs, s, pending['weapon'])}" if pending.get("weapon") else ""
    return f"{who}: attack {_unit(rs, s, a.get('target'))} again{weapon}"


def _tag_in_name(rs: Any) -> str:
    hunter = rs.c.hunters.get(TAG_IN_HUNTER)
    return str(hunter.name) if hunter is not None else "A new hunter"


def _penance_label(rs: Any, s: State, a: Action) -> str:
    """Penance and Offering (HR-53): who pays what, and who gets which Offering."""
    payer, receiver = thing_name(rs, s, a.get("payer")), thing_name(rs, s, a.get("receiver"))
    loc = getattr(rs.c, "locations", {}).get((s.get("hunt") or {}).get("location"))
    price = getattr(loc, "penance", None)
    costs = []
    if price is not None:
        costs = [f"{payer} loses {n} {what}" for n, what in
                 ((price.hp, "HP"), (price.sanity, "Sanity")) if n]
        if price.crypto:
            costs.append(f"the party pays {price.crypto} Crypto")
    cost = f" ({' and '.join(costs)})" if costs else ""
    if a.get("boon") == "rank":
        gift = f"{receiver}'s Arsenal goes up a rank"
    else:
        ars = getattr(getattr(rs.c, "gear", None), "arsenals", {}).get(a.get("boon"))
        gift = f"{receiver} takes the {ars.name if ars is not None else a.get('boon')}"
    return f"{payer} pays the Penance{cost}: {gift}"


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
    rest = [_field(rs, s, v) for k, v in a.items() if k not in ("type", "unit")]
    head = str(t).replace("_", " ").capitalize()
    return (f"{who}: " if who else "") + head + (f": {', '.join(rest)}" if rest else "")


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
