"""The Gear Shop and the inventory between battles: buying, selling, equipping, unequipping,
handing items over and choosing an arsenal, as functions over a hunt state and its party
records (rules: "Gear Shop", "Gear and Equipment", "Arsenals"; RULINGS HR-30, HR-31, HR-40).

A party record (hunt/party.py) holds ``gear`` (the six slots), ``pack`` (owned, not equipped),
``arsenal`` and, added here, ``rewards`` (ids of items it got as rewards: they cannot be sold)
and ``attached`` (slotless attachments in use). Actions, each naming the ``hunter`` (a record):

    {"type": "buy", "hunter", "item"}       {"type": "sell", "hunter", "item"}
    {"type": "equip", "hunter", "item", "slot"}   {"type": "unequip", "hunter", "slot"}
    {"type": "give", "hunter", "item", "to"}      {"type": "arsenal", "hunter", "arsenal"}
"""

from __future__ import annotations

from typing import Any

from hauntkit.core.errors import IllegalActionError
from hauntkit.core.log import emit
from hauntkit.rulesets.beast.gear import utility
from hauntkit.rulesets.beast.gear.loadout import slot_options
from hauntkit.rulesets.beast.gear.schema import ARSENAL_SLOTS, SLOTS
from hauntkit.rulesets.beast.hunt.party import active
from hauntkit.rulesets.beast.hunters.pets import pet_arsenals

State = dict[str, Any]
Record = dict[str, Any]
Action = dict[str, Any]
SHOP_TYPES = frozenset({"buy", "sell"})
KIT_TYPES = frozenset({"equip", "unequip", "give", "arsenal", "read"})


def record(state: State, hunter: str) -> Record:
    for r in active(state):
        if r["hunter"] == hunter:
            return r
    raise IllegalActionError(f"{hunter!r} is not a hunter still in the hunt")


def owned(state: State) -> list[str]:
    """Every item the party owns: packs, slots and attachments (arsenal items are not owned:
    they belong to the arsenal, HR-31)."""
    out: list[str] = []
    for r in state.get("party", ()):
        out.extend(r["pack"])
        out.extend(i for i in r["gear"].values() if i)
        out.extend(r.get("attached", ()))
    return out


def can_buy(rs: Any, state: State, item_id: str) -> str:
    """'' if the party may buy the item now, else why not."""
    item = rs.c.gear.items.get(item_id)
    if item is None:
        return f"no item {item_id!r}"
    if item.cost is None:
        return f"{item.name} cannot be bought"
    if item.cost > state["crypto"]:
        return f"{item.name} costs {item.cost} Crypto; the party has {state['crypto']}"
    if item.unique and item_id in owned(state):
        return f"only one {item.name} can be bought (Relics)"
    return ""


def buy(rs: Any, state: State, hunter: str, item_id: str) -> None:
    """Pay the item's cost in Crypto; the item goes to the hunter's pack ("Gear Shop")."""
    r = record(state, hunter)
    why = can_buy(rs, state, item_id)
    if why:
        raise IllegalActionError(why)
    item = rs.c.gear.items[item_id]
    state["crypto"] -= item.cost
    r["pack"].append(item_id)
    emit(state, "buy", f"{rs.c.hunters[hunter].name} buys {item.name} for {item.cost} "
         f"Crypto ({state['crypto']} left).", hunter=hunter, item=item_id, crypto=-item.cost)


def sellable(rs: Any, r: Record, item_id: str) -> bool:
    """In the pack, bought (not a reward: "Items acquired as rewards cannot be sold"), priced."""
    item = rs.c.gear.items.get(item_id)
    if item is None or item.cost is None or item_id not in r["pack"]:
        return False
    return r["pack"].count(item_id) > r.get("rewards", []).count(item_id)


def sell(rs: Any, state: State, hunter: str, item_id: str) -> None:
    """Resell an item from the pack at its original value ("Gear Shop")."""
    r = record(state, hunter)
    if not sellable(rs, r, item_id):
        raise IllegalActionError(f"{hunter} has no {item_id!r} it may sell (rewards cannot "
                                 "be sold; equipped items must be unequipped first)")
    item = rs.c.gear.items[item_id]
    r["pack"].remove(item_id)
    state["crypto"] += item.cost
    emit(state, "sell", f"{rs.c.hunters[hunter].name} sells {item.name} for {item.cost} "
         f"Crypto.", hunter=hunter, item=item_id, crypto=item.cost)


def free_slots(r: Record) -> tuple[str, ...]:
    """The slots this hunter may fill: all six, or with an arsenal the first open slot and the
    augment ("Arsenals")."""
    return ARSENAL_SLOTS if r.get("arsenal") else SLOTS


def equip(rs: Any, state: State, hunter: str, item_id: str, slot: str) -> None:
    """Move an item from the pack to a slot it fits; what was there goes back to the pack.
    Attachments take no slot (``slot: "attached"``)."""
    r = record(state, hunter)
    item = rs.c.gear.items.get(item_id)
    if item is None or item_id not in r["pack"]:
        raise IllegalActionError(f"{hunter} has no {item_id!r} in its pack")
    if item.slotless:
        if slot != "attached":
            raise IllegalActionError(f"{item.name} takes no slot: equip it as 'attached'")
        r["pack"].remove(item_id)
        r.setdefault("attached", []).append(item_id)
    else:
        if slot not in slot_options(item) or slot not in free_slots(r):
            raise IllegalActionError(f"{item.name} cannot go in slot {slot!r}; it fits "
                                     f"{[s for s in slot_options(item) if s in free_slots(r)]}")
        r["pack"].remove(item_id)
        old = r["gear"][slot]
        if old:
            r["pack"].append(old)
        r["gear"][slot] = item_id
    emit(state, "equip", f"{rs.c.hunters[hunter].name} equips {item.name}.", hunter=hunter,
         item=item_id, slot=slot)


def unequip(rs: Any, state: State, hunter: str, slot: str) -> None:
    r = record(state, hunter)
    if slot == "attached":
        if not r.get("attached"):
            raise IllegalActionError("nothing attached")
        item_id = r["attached"].pop()
    else:
        item_id = r["gear"].get(slot)
        if not item_id:
            raise IllegalActionError(f"slot {slot!r} is empty")
        r["gear"][slot] = None
    r["pack"].append(item_id)
    emit(state, "unequip", f"{rs.c.hunters[hunter].name} takes off "
         f"{rs.c.gear.items[item_id].name}.", hunter=hunter, item=item_id)


def give(rs: Any, state: State, hunter: str, item_id: str, to: str) -> None:
    """Hand an item from one hunter's pack to another's ("can be shared between Hunters")."""
    r, other = record(state, hunter), record(state, to)
    if item_id not in r["pack"] or r is other:
        raise IllegalActionError(f"{hunter} has no {item_id!r} in its pack to give")
    r["pack"].remove(item_id)
    other["pack"].append(item_id)
    if item_id in r.get("rewards", []):
        r["rewards"].remove(item_id)
        other.setdefault("rewards", []).append(item_id)
    emit(state, "give", f"{rs.c.hunters[hunter].name} gives {rs.c.gear.items[item_id].name} "
         f"to {rs.c.hunters[to].name}.", hunter=hunter, item=item_id, to=to)


def choose_arsenal(rs: Any, state: State, hunter: str, arsenal: str | None) -> None:
    """Take an arsenal (each goes to one hunter at a time) or none; with one, only the first
    open slot and the augment keep their items, the rest go back to the pack ("Arsenals")."""
    r = record(state, hunter)
    if arsenal is not None:
        if arsenal not in rs.c.gear.arsenals:
            raise IllegalActionError(f"no arsenal {arsenal!r}")
        taken = [o["hunter"] for o in state["party"] if o.get("arsenal") == arsenal]
        if taken and taken != [hunter]:
            raise IllegalActionError(f"{taken[0]} already has that arsenal")
        if arsenal in pet_arsenals(state["party"]):
            raise IllegalActionError("a pet holds that arsenal (HR-59)")
        if rs.c.gear.arsenals[arsenal].advanced:
            raise IllegalActionError("an Advanced Arsenal is locked: only an Offering opens "
                                     "it (HR-104)")
        for slot in SLOTS:
            if slot not in ARSENAL_SLOTS and r["gear"][slot]:
                r["pack"].append(r["gear"][slot])
                r["gear"][slot] = None
    r["arsenal"] = arsenal
    emit(state, "arsenal", f"{rs.c.hunters[hunter].name} takes "
         f"{'the ' + rs.c.gear.arsenals[arsenal].name if arsenal else 'no arsenal'}.", hunter=hunter,
         arsenal=arsenal)


# -- options and actions for the phases ------------------------------------------------------
def shop_options(rs: Any, state: State, seat: int) -> list[Action]:
    """Buying (each item the party can afford, for each of the seat's hunters) and selling."""
    out: list[Action] = []
    affordable = [iid for iid in rs.c.gear.items if not can_buy(rs, state, iid)]
    for r in active(state):
        if r["seat"] != seat:
            continue
        out.extend({"type": "buy", "hunter": r["hunter"], "item": iid} for iid in affordable)
        for iid in dict.fromkeys(r["pack"]):
            if sellable(rs, r, iid):
                out.append({"type": "sell", "hunter": r["hunter"], "item": iid})
    return out


def kit_options(rs: Any, state: State, seat: int) -> list[Action]:
    """Changing equipment: equip, unequip, give, arsenal (shop and rest phases)."""
    out: list[Action] = []
    party = active(state)
    for r in party:
        if r["seat"] != seat:
            continue
        h = r["hunter"]
        for iid in dict.fromkeys(r["pack"]):
            item = rs.c.gear.items[iid]
            if item.slotless:
                out.append({"type": "equip", "hunter": h, "item": iid, "slot": "attached"})
            else:
                out.extend({"type": "equip", "hunter": h, "item": iid, "slot": s}
                           for s in slot_options(item) if s in free_slots(r))
            out.extend({"type": "give", "hunter": h, "item": iid, "to": o["hunter"]}
                       for o in party if o is not r)
        out.extend({"type": "unequip", "hunter": h, "slot": s}
                   for s, iid in r["gear"].items() if iid)
        if r.get("attached"):
            out.append({"type": "unequip", "hunter": h, "slot": "attached"})
        taken = {o.get("arsenal") for o in state["party"] if o is not r} | pet_arsenals(
            state["party"])  # a rank 3 pet's arsenal (HR-59)
        for aid, ars in rs.c.gear.arsenals.items():  # Advanced ones are locked (HR-104)
            if aid not in taken and aid != r.get("arsenal") and not ars.advanced:
                out.append({"type": "arsenal", "hunter": h, "arsenal": aid})
        if r.get("arsenal"):
            out.append({"type": "arsenal", "hunter": h, "arsenal": None})
        out.extend(utility.read_options(rs, r))  # Rule Book (RULING HR-103)
    return out


def act(rs: Any, state: State, seat: int, action: Action) -> None:
    """Apply one shop or equipment action (listed by shop_options / kit_options)."""
    kind, h = action["type"], action["hunter"]
    if kind == "buy":
        buy(rs, state, h, action["item"])
    elif kind == "sell":
        sell(rs, state, h, action["item"])
    elif kind == "equip":
        equip(rs, state, h, action["item"], action["slot"])
    elif kind == "unequip":
        unequip(rs, state, h, action["slot"])
    elif kind == "give":
        give(rs, state, h, action["item"], action["to"])
    elif kind == "arsenal":
        choose_arsenal(rs, state, h, action["arsenal"])
    elif kind == "read":
        utility.read(rs, state, record(state, h), action["skill"])
    else:
        raise IllegalActionError(f"no shop action {kind!r}")
