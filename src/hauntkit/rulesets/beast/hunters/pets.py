"""Serenity's Compulsion and her Pets (rules: "Abilities of Note" / Compulsion, Pets, Pet Ranks
and Death, Pet Rank Table; RULING HR-59).

Compulsion (an action, range 3): an enemy of 250 CP or less rolls a Sanity check, a d6 that
resists on 4+; on a failure it becomes Serenity's pet at once: it joins her side and seat for
the rest of the battle, and her record. One pet per Investigation (``compelled``).
A pet moves on its own and takes one action a turn (``command``: its melee, range, special 1 or
special 2) that uses up Serenity's interrupt for the turn; beams and AOEs cool down 2 rounds
like hunters'. A pet at 0 HP is dead for good.
Ranks: rank 1 +2 HP; rank 2 COME MY PET, +1 DEF to pet and Serenity while adjacent; rank 3 may
equip an Arsenal (``can_equip_arsenal``; ``pet_arsenal`` between battles, RULING HR-59): the
pet takes the arsenal's items into battle as a hunter does (their numbers count for it) and
may be commanded to attack with the arsenal's weapons. A pet gains a rank for each successful
Investigation it fought in, except the one in which it was compelled.
Records: ``skills = {"pets": [{"kind", "rank", "hp"?, "arsenal"?}], "pet": index or None,
"compelled": bool}``.
"""

from __future__ import annotations

from typing import Any

from hauntkit.core.errors import IllegalActionError
from hauntkit.core.log import emit
from hauntkit.rulesets.beast.battle import dice
from hauntkit.rulesets.beast.battle.board import dist, occupancy
from hauntkit.rulesets.beast.gear import loadout, using

State = dict[str, Any]
Unit = dict[str, Any]
MAX_CP = 250
RESIST = 4
MAX_RANK = 3
PET_ACTIONS = ("melee", "range", "special1", "special2")


def can_equip_arsenal(pet: dict[str, Any]) -> bool:
    """Pet rank 3: the pet may equip an Arsenal."""
    return pet.get("rank", 0) >= 3


def pet_arsenals(party: list[dict[str, Any]]) -> set[str]:
    """The arsenals the party's pets hold (an arsenal goes to one holder at a time)."""
    return {p["arsenal"] for r in party for p in (r.get("skills") or {}).get("pets", ())
            if p.get("arsenal")}


def arsenal_options(index: Any, party: list[dict[str, Any]], skills: dict[str, Any]
                    ) -> list[tuple[int, str | None]]:
    """(pet index, arsenal id or None) pairs a rank 3 pet may take now: arsenals no hunter and
    no other pet holds, or none."""
    taken = {r.get("arsenal") for r in party} | pet_arsenals(party)
    out: list[tuple[int, str | None]] = []
    for i, pet in enumerate(skills.get("pets", [])):
        if not can_equip_arsenal(pet):
            continue
        out.extend((i, aid) for aid, ars in index.arsenals.items()  # none Advanced (HR-104)
                   if aid not in taken and aid != pet.get("arsenal") and not ars.advanced)
        if pet.get("arsenal"):
            out.append((i, None))
    return out


def equip_arsenal(index: Any, party: list[dict[str, Any]], skills: dict[str, Any], pet: int,
                  arsenal: str | None) -> None:
    """Pet rank 3 ("PASSIVE: Pet can now equip an Arsenal"): give pet ``pet`` an arsenal (or
    take it off with None)."""
    if (pet, arsenal) not in arsenal_options(index, party, skills):
        raise IllegalActionError("only a rank 3 pet may equip an arsenal nobody else holds")
    if arsenal is None:
        skills["pets"][pet].pop("arsenal", None)
    else:
        skills["pets"][pet]["arsenal"] = arsenal


def choose(skills: dict[str, Any], index: int | None) -> None:
    """Pick the one pet Serenity brings to the next mission (None: none)."""
    pets = skills.get("pets", [])
    if index is not None and not 0 <= index < len(pets):
        raise IllegalActionError(f"Serenity has {len(pets)} pets")
    skills["pet"] = index


def end_investigation(skills: dict[str, Any], success: bool) -> None:
    """Ranks after an Investigation: +1 (max 3) for each pet that fought in it, if it was a
    success, unless it was compelled in it or ran away; ``compelled`` resets."""
    for pet in skills.get("pets", []):
        if success and pet.get("fought") and not pet.get("new") and not pet.get("fled"):
            pet["rank"] = min(MAX_RANK, pet.get("rank", 0) + 1)
        for key in ("fought", "new", "fled"):
            pet.pop(key, None)
    skills["compelled"] = False


class PetsMixin:
    """Mixin: Compulsion and pets in battle."""

    def is_pet(self, unit: Unit) -> bool:
        return unit["side"] == "hunters" and unit["kind"] not in self.c.hunters

    def compellable(self, state: State, unit: Unit, t: Unit) -> bool:
        return (t["side"] == "enemies" and t["kind"] in self.c.enemies
                and self.c.enemies[t["kind"]].cp <= MAX_CP)

    def compel(self, state: State, unit: Unit, t: Unit) -> None:
        roll = dice.d6(state)
        ok = roll >= RESIST
        emit(state, "sanity_check", f"{self.name(t)} resists Compulsion on {RESIST}+: rolled "
             f"{roll}: {'resisted' if ok else 'beguiled'}.", unit=t["id"], roll=roll, ok=ok)
        if ok:
            return
        rec = self.hx(state, unit["id"])
        rec["compelled"] = True
        pets = rec.setdefault("pets", [])
        pets.append({"kind": t["kind"], "rank": 0, "new": True, "fought": True,
                     "uid": t["id"]})
        self.join_pet(state, unit, t, len(pets) - 1)
        emit(state, "pet", f"{self.name(t)} becomes {self.name(unit)}'s pet.", unit=t["id"],
             owner=unit["id"])

    def join_pet(self, state: State, owner: Unit, pet: Unit, index: int) -> None:
        pet["side"] = "hunters"
        pet["seat"] = owner["seat"]
        pet["acted"] = True
        self.hx(state, pet["id"]).update({"pet_of": owner["id"], "pet": index})
        self.count_alive(state)

    def bring_pet(self, state: State, owner: Unit) -> None:
        """At the start of a battle: the chosen pet stands next to Serenity."""
        rec = self.hx(state, owner["id"])
        idx = rec.get("pet")
        pets = rec.get("pets", [])
        if idx is None or not 0 <= idx < len(pets):
            return
        pet = pets[idx]
        if pet.get("fled"):
            return  # it ran away for the rest of the Investigation
        spot = self.spot_near(state, owner)
        if spot is None:
            return
        uid = f"pet-{pet['kind']}"
        unit = self.add_unit(state, pet["kind"], uid, *spot, seat=owner["seat"])
        if pet.get("rank", 0) >= 1:
            unit["max"] += 2
        if pet.get("arsenal") and can_equip_arsenal(pet):  # rank 3: the arsenal's items
            loadout.equip_unit(self, state, unit, list(self.c.gear.arsenals[pet["arsenal"]].items))
        unit["hp"] = min(unit["max"], pet.get("hp", unit["max"]))
        pet["fought"] = True
        self.join_pet(state, owner, unit, idx)
        unit["acted"] = False

    def spot_near(self, state: State, owner: Unit) -> tuple[int, int] | None:
        """The free space nearest ``owner`` (ties: top row first, then left)."""
        md = self.md(state)
        occ = occupancy(state)
        bars = {(b["x"], b["y"]) for b in state["barricades"]}
        spots = sorted((c for c in md.neighbours if c not in occ and c not in bars),
                       key=lambda c: (dist(c[0], c[1], owner["x"], owner["y"]), c[1], c[0]))
        return spots[0] if spots else None

    def pet_owner(self, state: State, pet: Unit) -> Unit | None:
        oid = state.get("hx", {}).get(pet["id"], {}).get("pet_of")
        return state["units"].get(oid) if oid else None

    def pet_rank(self, state: State, pet: Unit) -> int:
        owner = self.pet_owner(state, pet)
        if owner is None:
            return 0
        rec = state.get("hx", {}).get(owner["id"], {})
        idx = state["hx"][pet["id"]].get("pet", -1)
        pets = rec.get("pets", [])
        return pets[idx].get("rank", 0) if 0 <= idx < len(pets) else 0

    def pet_ability(self, pet: Unit, act: str) -> Any:
        basic = self.c.basic[pet["kind"]]
        return basic.get(act) if act in ("melee", "range") else self.c.abilities[
            pet["kind"]][act]

    def pet_actions(self, state: State, pet: Unit, occ: dict, block: frozenset[tuple[int, int]]) -> list[dict]:
        owner = self.pet_owner(state, pet)
        md = self.md(state)
        flee = []
        edge = pet["x"] in (0, md.width - 1) or pet["y"] in (0, md.height - 1)
        # rank 0: RUN AWAY, a pet's (a unit a recruit called up has no pet record)
        record = state.get("hx", {}).get(pet["id"], {})
        if edge and record.get("pet", -1) >= 0 and "PARALYZE" not in pet["st"]:
            flee = [{"type": "run_away", "unit": pet["id"]}]
        if (owner is None or not owner["alive"] or owner["intr"] or pet["acted"]
                or "PARALYZE" in owner["st"]):
            return flee
        out: list[dict] = flee
        for act in PET_ACTIONS:
            ab = self.pet_ability(pet, act)
            if ab is None or pet["cd"].get(ab.id, 0):
                continue
            if act in ("melee", "range") and "DISARMED" in pet["st"]:
                continue
            for a in self.ability_targets(state, pet, ab, occ, block, "command"):
                a["ability"] = act
                out.append(a)
        if "gear" in pet and "DISARMED" not in pet["st"]:  # rank 3: the arsenal's weapons
            for iid in self.c.gear.profile(pet).weapons:
                w = self.c.gear.items[iid].weapon
                if w.charges is not None and pet["ch"].get(f"gear-{iid}", 0) <= 0:
                    continue
                out.extend({"type": "command", "unit": pet["id"], "ability": "weapon",
                            "weapon": iid, "target": a["target"]}
                           for a in using.weapon_targets(self, state, pet, iid, block))
        return out

    def command(self, state: State, pet: Unit, act: str, target: Any,
                weapon: str | None = None) -> None:
        owner = self.pet_owner(state, pet)
        owner["intr"] = True  # the command uses Serenity's interrupt for the turn
        pet["acted"] = True
        if act == "weapon" and weapon is not None:
            self.weapon_attack(state, pet, target, weapon)
            return
        self.use_ability(state, pet, self.pet_ability(pet, act), target, free=True)

    def run_away(self, state: State, pet: Unit) -> None:
        """RUN AWAY: a pet at the map's edge flees the Investigation, alive, without a rank
        for it (HR-59)."""
        owner = self.pet_owner(state, pet)
        idx = state["hx"][pet["id"]]["pet"]
        if owner is not None:
            self.hx(state, owner["id"])["pets"][idx]["fled"] = True
            self.hx(state, owner["id"])["pets"][idx]["hp"] = pet["hp"]
        del state["units"][pet["id"]]
        self.count_alive(state)
        emit(state, "run_away", f"{self.name(pet)} runs away.", unit=pet["id"])

    def come_my_pet(self, state: State, unit: Unit) -> int:
        """Rank 2: +1 DEF to a pet and Serenity while they stand next to each other."""
        if self.is_pet(unit):
            owner = self.pet_owner(state, unit)
            return int(owner is not None and owner["alive"] and self.pet_rank(state, unit) >= 2
                       and dist(owner["x"], owner["y"], unit["x"], unit["y"]) <= 1)
        if "compulsion" not in self.passives(unit):
            return 0
        for other in state["units"].values():
            if (other["alive"] and self.is_pet(other)
                    and state["hx"].get(other["id"], {}).get("pet_of") == unit["id"]
                    and self.pet_rank(state, other) >= 2
                    and dist(other["x"], other["y"], unit["x"], unit["y"]) <= 1):
                return 1
        return 0

    def pets_after_battle(self, state: State, owner_id: str) -> None:
        """Perma-death: a pet that died is struck from the record; a living one that fought
        keeps its HP."""
        rec = state.get("hx", {}).get(owner_id)
        if not rec or "pets" not in rec:
            return
        units = state["units"]
        pets = rec["pets"]
        idx = rec.get("pet")
        chosen = pets[idx] if isinstance(idx, int) and 0 <= idx < len(pets) else None
        keep = []
        for i, pet in enumerate(pets):
            uid = pet.pop("uid", None) or f"pet-{pet['kind']}"
            u = units.get(uid)
            if u is not None and state["hx"].get(uid, {}).get("pet") == i:
                if not u["alive"]:
                    continue
                pet["hp"] = u["hp"]
            keep.append(pet)
        rec["pets"] = keep
        rec["pet"] = next((i for i, p in enumerate(keep) if p is chosen), None)
