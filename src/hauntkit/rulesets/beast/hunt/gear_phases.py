"""Gear in a hunt: the shop, loot and mystery phases (plugged into phases.HANDLERS), equipment
changes at a rest (phase.EXTRAS), and gear and omens carried onto each battle's units and
back (phase.BATTLE_START / BATTLE_END). Rules: "Gear Shop", "Gear and Equipment", "Loot
Table", "Mystery Table"; RULINGS HR-40..HR-44.

Loot and mystery choices are the party's, made by the lead seat (HR-77):
``{"type": "take", "hunter"}`` (who gets a loot item), ``{"type": "swap", "hunter", "to"}``
or ``{"type": "skip"}`` (Arsenal Swap), ``{"type": "pick", "hunter"}`` (a Mystery that picks
a hunter), ``{"type": "treasure", "entry", "hunter"}`` (Treasure Map's loot item).
"""

from __future__ import annotations

from typing import Any

from hauntkit.core.log import emit
from hauntkit.rulesets.beast.battle import status
from hauntkit.rulesets.beast.gear import arsenals, loadout, shop, using, utility
from hauntkit.rulesets.beast.hunt import finds, investigate, loot, phase
from hauntkit.rulesets.beast.hunt.party import active, lead_seat
from hauntkit.rulesets.beast.hunt.phase import Extra, Phase

State = dict[str, Any]
Unit = dict[str, Any]
Record = dict[str, Any]
Action = dict[str, Any]


class ShopPhase(Phase):
    """Buy, sell and change equipment (an investigation's first location)."""

    name = "shop"

    def enter(self, rs: Any, state: State) -> None:
        loot.expire_investigation(rs, state)

    def options(self, rs: Any, state: State, seat: int) -> list[Action]:
        return shop.shop_options(rs, state, seat) + shop.kit_options(rs, state, seat)

    def act(self, rs: Any, state: State, seat: int, action: Action) -> None:
        shop.act(rs, state, seat, action)


class _ChoicePhase(Phase):
    """A phase whose roll may leave the party a choice (``state["hunt"]["choice"]``)."""

    def seats(self, rs: Any, state: State) -> list[int]:
        seat = lead_seat(state)
        return [] if seat is None else [seat]

    def can_be_done(self, rs: Any, state: State, seat: int) -> bool:
        return not state["hunt"].get("choice")


class LootPhase(_ChoicePhase):
    """After a won battle: one roll on the Loot Table (RULING HR-40)."""

    name = "loot"

    def enter(self, rs: Any, state: State) -> None:
        entry = loot.roll_loot(rs, state)
        if entry.kind in loot.LOOT_PICK:
            state["hunt"]["choice"] = {"loot": entry.id}
        elif entry.kind == "arsenal_swap":
            if sum(1 for r in active(state)) >= 2:
                state["hunt"]["choice"] = {"swap": entry.id}
        else:
            loot.apply_loot(rs, state, entry)

    def options(self, rs: Any, state: State, seat: int) -> list[Action]:
        choice = state["hunt"].get("choice") or {}
        hunters = [r["hunter"] for r in active(state)]
        if "loot" in choice:
            return [{"type": "take", "hunter": h} for h in hunters]
        if "swap" in choice:
            return [{"type": "swap", "hunter": a, "to": b} for i, a in enumerate(hunters)
                    for b in hunters[i + 1:]] + [{"type": "skip"}]
        return []

    def act(self, rs: Any, state: State, seat: int, action: Action) -> None:
        choice = state["hunt"].pop("choice")
        if action["type"] == "take":
            entry = next(e for e in rs.c.gear.loot.values() if e.id == choice["loot"])
            loot.apply_loot(rs, state, entry, action["hunter"])
        elif action["type"] == "swap":
            loot.swap_arsenals(rs, state, action["hunter"], action["to"])


class MysteryPhase(_ChoicePhase):
    """After an Order or Chaos event: one roll on that Mystery table (RULING HR-42)."""

    name = "mystery"

    def enter(self, rs: Any, state: State) -> None:
        entry = loot.roll_mystery(rs, state, state["hunt"]["mystery"])
        if entry.pick is not None:
            state["hunt"]["choice"] = {"mystery": entry.id}
        else:
            loot.apply_mystery(rs, state, entry)
        if entry.kind == "treasure_map":  # its Location card's Events come first
            loot.draw_treasure_location(rs, state)
            investigate.run_events(rs, state)

    def options(self, rs: Any, state: State, seat: int) -> list[Action]:
        choice = state["hunt"].get("choice") or {}
        if "mystery" not in choice:
            return []
        if finds.waiting(state):  # a Treasure Map's event found an item (HR-105)
            return finds.options(rs, state)
        if state["hunt"]["event"] is not None:  # a Treasure Map's event waits for a choice
            return investigate.event_options(rs, state)
        hunters = [r["hunter"] for r in active(state)]
        entry = _mystery(rs, choice["mystery"])
        if entry.kind == "treasure_map":
            return [{"type": "treasure", "entry": e.id, "hunter": h}
                    for e in rs.c.gear.loot.values() for h in hunters]
        return [{"type": "pick", "hunter": h} for h in hunters]

    def act(self, rs: Any, state: State, seat: int, action: Action) -> None:
        if action["type"] == "choose":
            investigate.choose(rs, state, action)
            return
        if action["type"] == "find":
            investigate.keep_found(rs, state, action)
            return
        choice = state["hunt"].pop("choice")
        entry = _mystery(rs, choice["mystery"])
        loot.apply_mystery(rs, state, entry, action["hunter"], action.get("entry"))


def _mystery(rs: Any, mid: str) -> Any:
    return next(e for e in rs.c.gear.mystery.values() if e.id == mid)


# -- battles -------------------------------------------------------------------------------
def battle_start(rs: Any, state: State) -> None:
    """Each fighting hunter takes its slots', attachments' and arsenal's items; omens of the
    Mystery Table act on this battle and count down."""
    units = state["units"]
    party = [r for r in active(state) if r["hunter"] in units]
    for r in party:
        unit = units[r["hunter"]]
        ids = loadout.loadout_items(rs.c.gear, r["gear"], r.get("arsenal"),
                                    arsenals.rank_of(r)) + list(r.get("attached", ()))
        loadout.equip_unit(rs, state, unit, ids)
        if "batteries" in r:
            _batteries_in(rs, unit, r["batteries"])
        unit["hp"] = max(1, min(r["hp"], unit["max"]))  # carried HP; gear may raise the max
        utility.learned_into_battle(state, r)  # a Rule Book's skill (RULING HR-103)
    omens = {o["id"] for r in party for o in r.get("omens", ())}
    for mid in sorted(omens):
        _omen_battle(rs, state, _mystery(rs, mid), party)
    for r in party:
        if "omens" not in r:
            continue
        left = []
        for o in r["omens"]:
            if o["battles"] < loot.INVESTIGATION:
                o["battles"] -= 1
            if o["battles"] > 0:
                left.append(o)
        r["omens"] = left


def _omen_battle(rs: Any, state: State, entry: Any, party: list[dict]) -> None:
    units = state["units"]
    kind = entry.kind
    if kind == "battle_status":  # Chem-trails: every unit has the status this battle
        for u in units.values():
            u["st"][entry.status] = [status.PERMANENT, 1]
    elif kind == "haunted":  # NETHER on every hunter: DECAY for the battle
        for r in party:
            units[r["hunter"]]["st"]["DECAY"] = [status.PERMANENT, 1]
    elif kind == "blood_moon":
        for u in units.values():
            if u["side"] == "enemies":
                u["max"] += entry.amount
                u["hp"] += entry.amount
    elif kind == "ally":  # Ghost in the Rain: a Poltergeist beside the first hunter
        _place_ally(rs, state, party)
    elif kind in ("eclipse", "no_defense", "cursed"):
        omen = state.setdefault("omens", {})
        if kind == "cursed":
            omen.setdefault("cursed", []).extend(
                r["hunter"] for r in party
                if any(o["id"] == entry.id for o in r.get("omens", ())))
        else:
            omen[kind] = 1
    emit(state, "omen", f"{entry.name} hangs over this battle.", entry=entry.id)


ALLY = "poltergeist"  # the enemy kind of Ghost in the Rain's ally (content: enemies.yaml)


def _place_ally(rs: Any, state: State, party: list[dict]) -> None:
    """Ghost in the Rain: a Poltergeist stands next to the first fighting hunter and is
    commanded by that hunter's seat, as a pet (hunters/pets.py; RULING HR-43)."""
    owner = next((state["units"][r["hunter"]] for r in party), None)
    spot = None if owner is None else rs.spot_near(state, owner)
    if spot is None or ALLY in state["units"]:
        return
    unit = rs.add_unit(state, ALLY, ALLY, *spot, seat=owner["seat"])
    rs.join_pet(state, owner, unit, -1)
    unit["acted"] = False


# -- batteries ("Battery Items") -----------------------------------------------------------
def _battery_uses(rs: Any, unit: Unit) -> list[tuple[str, str, int]]:
    """The unit's battery items as (item id, ability id, batteries when new): flash lights
    count their batteries in ``ch``; the goggles' one battery is dead with ``<ability>-dead``."""
    index = rs.c.gear
    out = []
    for ab in index.profile(unit).abilities:
        iid = index.item_of[ab.id]
        if ab.hook == "flashlight" or iid == using.GOGGLES:
            out.append((iid, ab.id, index.items[iid].mods.battery or 1))
    return out


def _batteries_in(rs: Any, unit: Unit, left: dict[str, int]) -> None:
    """A battle starts with the batteries the last one left (new ones come only at the end of
    the Investigation)."""
    ch = unit["ch"]
    for iid, aid, _full in _battery_uses(rs, unit):
        if iid not in left:
            continue
        if iid == using.GOGGLES:
            if left[iid] <= 0:
                ch[f"{aid}-dead"] = 1
        else:
            ch[aid] = min(ch.get(aid, 0), left[iid])


def _batteries_out(rs: Any, unit: Unit, r: Record) -> None:
    """Record the batteries a battle used up (``batteries``: item id -> batteries left)."""
    if "gear" not in unit:
        return
    ch = unit["ch"]
    for iid, aid, full in _battery_uses(rs, unit):
        left = (0 if f"{aid}-dead" in ch else 1) if iid == using.GOGGLES else ch.get(aid, 0)
        if left < full:
            r.setdefault("batteries", {})[iid] = left


def battle_end(rs: Any, state: State) -> None:
    """What the battle used up (consumables, a Holy Ash Stake, batteries) leaves the records."""
    units = state["units"]
    for r in state.get("party", ()):
        unit = units.get(r["hunter"])
        if unit is None:
            continue
        _batteries_out(rs, unit, r)
        for iid in unit.get("lost_gear", ()):
            for slot, held in r["gear"].items():
                if held == iid:
                    r["gear"][slot] = None
                    break
            else:
                if iid in r.get("attached", []):
                    r["attached"].remove(iid)


def register() -> None:
    """Plug the gear rules into the phase tables (once)."""
    if getattr(register, "done", False):
        return
    register.done = True  # type: ignore[attr-defined]
    kit = Extra(types=shop.KIT_TYPES, options=shop.kit_options, act=shop.act)
    phase.EXTRAS["rest"].append(kit)
    phase.BATTLE_START.append(battle_start)
    phase.BATTLE_END.append(battle_end)
    phase.INVESTIGATION_END.append(investigation_end)
    phase.AFTER_EVENT.append(loot.count_doom)
    phase.LEG_END.append(loot.count_abducted)


def investigation_end(rs: Any, state: State, success: bool) -> None:
    """Loot breaks and investigation-long omens end with the investigation ("Loot Table");
    new batteries are acquired for free ("Battery Items"); the Offering's arsenals go back and
    Advanced Arsenals are locked again ("Specific Buffs" / Offering, HR-104)."""
    loot.expire_investigation(rs, state)
    for r, aid in arsenals.relock(rs.c.gear, state.get("party", [])):
        emit(state, "arsenal", f"{rs.c.hunters[r['hunter']].name} "
             + (f"takes back the {rs.c.gear.arsenals[aid].name}." if aid
                else "has no arsenal again."), hunter=r["hunter"], arsenal=aid)
    for r in state.get("party", ()):
        r.pop("batteries", None)


register()
