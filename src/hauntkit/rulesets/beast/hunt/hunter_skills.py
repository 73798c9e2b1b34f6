"""The skills on a hunt (docs/hunt.md, docs/hunters.md): records carried into and out of each
battle (``phase.BATTLE_START``/``BATTLE_END``), the skill actions of the between-battle phases
(``phase.EXTRAS``) and what ends with an Investigation (:func:`end_investigation`).

Investigate: ``forage`` (Joe, once per location; the hunters then roll for Ambush, HR-60),
``bounty_clue`` (spend a clue on the bounty), ``bounty_track`` (Joe's SURVIVAL check for the
target's Location, once after each Event), ``bounty_target`` (the lead seat picks which
ambusher of the drawn Location is the target; HR-61). Rest: ``give_herb``, ``blood_arts``
(Mathias's slots), ``lay_arcana`` (Nysa, out of battle), ``choose_pet`` and ``pet_arsenal``
(Serenity; a rank 3 pet's arsenal, HR-59).
"""

from __future__ import annotations

import re
from itertools import combinations
from typing import Any

import orjson

from hauntkit.core.errors import IllegalActionError
from hauntkit.core.log import emit
from hauntkit.core.rng import choice
from hauntkit.rulesets.beast.battle import clash, dice
from hauntkit.rulesets.beast.hunt import bounties, checks, phase
from hauntkit.rulesets.beast.hunt.investigate import roll_for_ambush
from hauntkit.rulesets.beast.hunt.party import active, lead_seat
from hauntkit.rulesets.beast.hunters import blood, forage, pets, tarot
from hauntkit.rulesets.beast.labels import formation_name

State = dict[str, Any]
Action = dict[str, Any]


def _with(rs: Any, state: State, seat: int, passive: str) -> list[dict[str, Any]]:
    return [r for r in active(state) if r["seat"] == seat
            and passive in rs.c.passives.get(r["hunter"], ())]


def _record(state: State, hunter: str) -> dict[str, Any]:
    return next(r for r in state["party"] if r["hunter"] == hunter)


def _bounty(rs: Any, state: State) -> dict[str, Any] | None:
    """The bounty being tracked: in the record of the party's (first) bounty hunter."""
    for r in active(state):
        if "bounties" in rs.c.passives.get(r["hunter"], ()):
            return r.setdefault("skills", {}).setdefault("bounty", {})
    return None


def _in_words(text: str) -> str:
    """The tables' capitalised statuses and elements as words ("inflict flinch", HR-91)."""
    return re.sub(r"\b[A-Z]{3,}(?:_[A-Z]+)*\b", lambda m: m.group(0).lower().replace("_", " "),
                  text)


def _value(rs: Any, rec: dict[str, Any], skill: str) -> int:
    """The skill between battles: card, herb, Rule Book and equipped Augment (HR-106)."""
    return checks.record_skill(rs, rec, skill)


# -- battle hooks --------------------------------------------------------------------------
def carry_in(rs: Any, state: State) -> None:
    """BATTLE_START: each fighting hunter's ``skills`` into ``state["hx"]``."""
    rs.skills_carry_in(state, {r["hunter"]: r.get("skills") or {} for r in state["party"]
                               if r["hunter"] in state["units"] and r.get("skills")})
    chase, bounty = state["hunt"].get("bounty"), _bounty(rs, state)
    if chase is not None and bounty:
        target = state["units"].get(target_unit(rs, chase))
        if target is not None:
            names = bounties.traits(bounty)
            for name in names:
                st = bounties.TRAIT_STATUS.get(name)
                if st:
                    target["st"][st] = [99, 1]
            rs.hx(state, target["id"])["traits"] = names
            emit(state, "bounty", f"The bounty is here: {rs.name(target)} "
                 f"({', '.join(t.lower() for t in bounties.traits(bounty))}).",
                 unit=target["id"])
            state["bounty_target"] = target["id"]


def target_unit(rs: Any, chase: dict[str, Any]) -> str:
    """The unit id the picked ambusher of the drawn Location gets on the map (place_battle
    numbers each kind from 1, in the location's order)."""
    kinds = rs.location_enemies(rs.c.locations[chase["location"]])
    pick = chase["target"] or 0
    return f"{kinds[pick]}-{kinds[:pick + 1].count(kinds[pick])}"


def carry_back(rs: Any, state: State) -> None:
    """BATTLE_END: pets' fates, then the records' ``skills`` from ``state["hx"]``; a bounty
    target killed pays its reward."""
    for r in state["party"]:
        if "compulsion" in rs.c.passives.get(r["hunter"], ()):
            rs.pets_after_battle(state, r["hunter"])
    from hauntkit.rulesets.beast.hunters.skills import carry_out
    out = carry_out(state)
    for r in state["party"]:
        rec = out.get(r["hunter"])
        if rec is not None:
            rec.pop("mad", None)
            r["skills"] = orjson.loads(orjson.dumps(rec))  # not sharing lists with hx
    target = state.pop("bounty_target", None)
    bounty = _bounty(rs, state)
    if bounty and target is not None:
        t = state["units"].get(target)
        if t is not None and not t["alive"]:
            gain = bounties.reward(bounty)
            state["crypto"] = state.get("crypto", 0) + gain
            emit(state, "bounty", f"Bounty collected: +{gain} Crypto.", crypto=gain)
            bounty.clear()


def end_investigation(rs: Any, state: State, success: bool) -> None:
    """INVESTIGATION_END: herbs wear off, pets rank up (on a success), Compulsion is ready
    again; a bounty not collected and a recruit are lost."""
    forage.end_investigation(state["party"])
    for r in state["party"]:
        skills = r.get("skills") or {}
        if "pets" in skills or "compelled" in skills:
            pets.end_investigation(skills, success)
        skills.pop("bounty", None)
        skills.pop("recruit", None)  # New Recruit: for the rest of the Investigation


def bounty_after_event(rs: Any, state: State, event: str) -> None:
    """AFTER_EVENT: the target's Location "can be attempted after every EVENT": each Event
    resolved while the hunters investigate earns one try (HR-61), except at the
    Investigation's last location, where the hunters face their own target."""
    if state.get("phase") == "investigate" and not state["hunt"]["last"]:
        bounties.earn_try(_bounty(rs, state))


def bounty_leg_end(rs: Any, state: State) -> None:
    """LEG_END: tries not used at a location lapse when the hunters leave it (HR-61)."""
    bounty = _bounty(rs, state)
    if bounty:
        bounty.pop("tries", None)


def clash_before_event(rs: Any, state: State, event: str) -> None:
    """BEFORE_EVENT: a clash card is drawn before each Event (HR-63). A card caster with room
    keeps it for her next battle (Weaver of Fate); otherwise a negative card costs every
    hunter 1 Sanity (never below 1) unless a Lucky Charm (a record's ``charms``) cancels it."""
    card = choice(state["rng"], rs.c.clash_deck)
    name = rs.c.clash[card].name
    for r in active(state):
        if "card_casting" in rs.c.passives.get(r["hunter"], ()):
            held = r.setdefault("skills", {}).setdefault("held", [])
            if len(held) < clash.HAND_LIMIT - clash.START_HAND:
                held.append(card)
                emit(state, "clash_event", f"A clash card turns up before the event; "
                     f"{rs.c.hunters[r['hunter']].name} keeps it (Weaver of Fate).",
                     event=event)
                return
    emit(state, "clash_event", f"A clash card turns up before the event: {name}.",
         event=event, card=card)
    if not rs.c.clash[card].negative:
        return
    for r in active(state):
        if r.get("charms", 0) > 0:
            r["charms"] -= 1
            emit(state, "clash_event", f"{rs.c.hunters[r['hunter']].name}'s Lucky Charm "
                 f"turns {name} aside.", hunter=r["hunter"])
            return
    for r in active(state):
        r["sanity"] = max(1, r["sanity"] - 1)
    emit(state, "clash_event", f"{name}: every hunter loses 1 Sanity.", card=card)


# -- investigate ----------------------------------------------------------------------------
def _investigate_options(rs: Any, state: State, seat: int) -> list[Action]:
    loc = state["hunt"]["location"]
    out: list[Action] = []
    for r in _with(rs, state, seat, "forage"):
        if loc not in (r.get("skills") or {}).get("foraged", []):
            out.append({"type": "forage", "hunter": r["hunter"]})
    for r in _with(rs, state, seat, "bounties"):
        bounty = _bounty(rs, state) or {}
        if bounties.next_clue(bounty) and state.get("clues", 0) >= 1:
            out.append({"type": "bounty_clue", "hunter": r["hunter"]})
        if bounties.can_track(bounty) and bounty.get("tries", 0) > 0:
            out.append({"type": "bounty_track", "hunter": r["hunter"]})
    chase = state["hunt"].get("bounty")
    if chase is not None and chase["target"] is None and seat == lead_seat(state):
        kinds = rs.location_enemies(rs.c.locations[chase["location"]])
        out += [{"type": "bounty_target", "target": i} for i, k in enumerate(kinds)
                if k not in kinds[:i]]
    return out


def _investigate_act(rs: Any, state: State, seat: int, action: Action) -> None:
    h = state["hunt"]
    rec = _record(state, action["hunter"]) if "hunter" in action else {}
    kind = action["type"]
    if kind == "forage":
        roll = dice.d6(state)
        herb = forage.forage(rs.c, rec.setdefault("skills", {}), h["location"], roll,
                             _value(rs, rec, "survival"))
        emit(state, "forage", f"{rs.c.hunters[rec['hunter']].name} forages (rolled {roll}): "
             + (f"{rs.c.herbs[herb].name}." if herb else "nothing."), herb=herb, roll=roll)
        if not h.get("fight") and not h["last"]:  # "Foraging requires ... roll for Ambush"
            roll_for_ambush(rs, state)
    elif kind == "bounty_clue":
        roll = dice.d6(state)
        bounty = _bounty(rs, state)
        step = bounties.spend_clue(bounty, state, roll)
        table = {"trait1": bounties.TRAIT_1, "trait2": bounties.TRAIT_2}.get(step)
        does = f" ({_in_words(table[roll][1])})" if table else ""
        emit(state, "bounty", f"A clue spent on the bounty: Trait {step[-1]} is "
             f"{bounties.traits(bounty)[-1].lower()}{does}.", step=step, roll=roll)
    elif kind == "bounty_track":
        roll = dice.d6(state)
        total = roll + _value(rs, rec, "survival")
        lid = bounties.draw_location(rs, state) if total >= bounties.FIND else ""
        found = bounties.track(_bounty(rs, state), total, lid)
        emit(state, "bounty", f"Tracking the bounty: Survival check {total} "
             + (f"({bounties.FIND}+): the trail leads to {rs.c.locations[lid].name}!" if found
                else f"({bounties.FIND}+ needed): no trace."), total=total, found=found,
             location=lid or None)
        if found:  # the leg's battle is fought at the drawn Location (HR-61)
            kinds = rs.location_enemies(rs.c.locations[lid])
            h["bounty"] = {"location": lid,
                           "target": 0 if len(set(kinds)) == 1 else None}
            h["fight"] = True
    elif kind == "bounty_target":
        chase = h["bounty"]
        chase["target"] = action["target"]
        kinds = rs.location_enemies(rs.c.locations[chase["location"]])
        emit(state, "bounty", f"The hunters pick their target: "
             f"{rs.c.enemies[kinds[action['target']]].name}.", target=action["target"])


# -- rest -------------------------------------------------------------------------------------
def _rest_options(rs: Any, state: State, seat: int) -> list[Action]:
    out: list[Action] = []
    mine = [r for r in active(state) if r["seat"] == seat]
    for r in mine:
        skills = r.get("skills") or {}
        for herb in sorted(set(skills.get("herbs", []))):
            for other in active(state):
                out.append({"type": "give_herb", "hunter": r["hunter"], "to": other["hunter"],
                            "herb": herb})
        if "blood_rite" in rs.c.passives.get(r["hunter"], ()):
            learned = skills.get("learned", [])
            for n in range(min(blood.SLOTS, len(learned)) + 1):
                for arts in combinations(learned, n):
                    if list(arts) != skills.get("arts", []):
                        out.append({"type": "blood_arts", "hunter": r["hunter"],
                                    "arts": list(arts)})
        if "card_casting" in rs.c.passives.get(r["hunter"], ()):
            occult = rs.c.hunters[r["hunter"]].skills.get("occult", 0)
            for f in tarot.FORMATIONS:
                if tarot.can_form(skills, f, occult) is None:
                    out.append({"type": "lay_arcana", "hunter": r["hunter"], "formation": f})
        if "compulsion" in rs.c.passives.get(r["hunter"], ()):
            for i in [None, *range(len(skills.get("pets", [])))]:
                if i != skills.get("pet"):
                    out.append({"type": "choose_pet", "hunter": r["hunter"], "pet": i})
            out.extend({"type": "pet_arsenal", "hunter": r["hunter"], "pet": i, "arsenal": a}
                       for i, a in pets.arsenal_options(rs.c.gear, state["party"], skills))
    return out


def _rest_act(rs: Any, state: State, seat: int, action: Action) -> None:
    rec = _record(state, action["hunter"])
    skills = rec.setdefault("skills", {})
    kind = action["type"]
    name = rs.c.hunters[rec["hunter"]].name
    if kind == "give_herb":
        forage.give(rec, _record(state, action["to"]), action["herb"])
        emit(state, "herb", f"{name} gives {rs.c.herbs[action['herb']].name} to "
             f"{rs.c.hunters[action['to']].name}.", herb=action["herb"], to=action["to"])
    elif kind == "blood_arts":
        blood.assign(rs.c, skills, action["arts"])
        emit(state, "blood_arts", f"{name} readies {len(action['arts'])} Blood Arts.",
             arts=action["arts"])
    elif kind == "lay_arcana":
        tarot.form(skills, action["formation"], rs.c.hunters[rec["hunter"]].skills.get(
            "occult", 0))
        emit(state, "arcana", f"{name} lays the {formation_name(action['formation'])} Arcana.",
             formation=action["formation"])
    elif kind == "choose_pet":
        pets.choose(skills, action["pet"])
        emit(state, "pet", f"{name} picks a pet for the next battle.", pet=action["pet"])
    elif kind == "pet_arsenal":
        pets.equip_arsenal(rs.c.gear, state["party"], skills, action["pet"], action["arsenal"])
        aid = action["arsenal"]
        emit(state, "pet_arsenal", f"{name}'s pet "
             + (f"takes the {rs.c.gear.arsenals[aid].name}." if aid else "puts its arsenal "
                "down."), pet=action["pet"], arsenal=aid)
    else:
        raise IllegalActionError(f"unknown rest action {kind!r}")


def register() -> None:
    """Plug the skills into the hunt's phases (once)."""
    if carry_in in phase.BATTLE_START:
        return
    phase.BATTLE_START.append(carry_in)
    phase.BATTLE_END.append(carry_back)
    phase.INVESTIGATION_END.append(end_investigation)
    phase.BEFORE_EVENT.append(clash_before_event)
    phase.AFTER_EVENT.append(bounty_after_event)
    phase.LEG_END.append(bounty_leg_end)
    phase.EXTRAS["investigate"].append(phase.Extra(
        frozenset({"forage", "bounty_clue", "bounty_track", "bounty_target"}),
        _investigate_options,
        _investigate_act))
    phase.EXTRAS["rest"].append(phase.Extra(
        frozenset({"give_herb", "blood_arts", "lay_arcana", "choose_pet", "pet_arsenal"}),
        _rest_options,
        _rest_act))
