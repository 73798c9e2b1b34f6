"""The characters' named skills (rules: "Skills and Proficiencies", "Abilities of Note").

``SkillsMixin`` gives the ruleset each hunter's abilities now (``unit_abilities``), the skill
actions and pending choices, and the hooks the battle calls. Per-hunter skill records live in
``state["hx"][uid]`` during a battle (public): the hunt passes each record's ``skills`` in with
battle config ``skills`` (hunter id -> dict) and reads them back with :func:`carry_out`.
Between battles: forage.py and hunt/bounties.py (Joe), blood.py (Mathias), pets.py
(Serenity), tarot.form (Nysa), proficiency.py; hunt/hunter_skills.py plugs them into the hunt.
"""

from __future__ import annotations

import copy
from typing import Any

from mypy_extensions import mypyc_attr

from hauntkit.core.errors import IllegalActionError
from hauntkit.core.log import emit
from hauntkit.rulesets.beast.battle import bounty_traits, clash
from hauntkit.rulesets.beast.hunters import tarot
from hauntkit.rulesets.beast.hunters.blood import BloodMixin
from hauntkit.rulesets.beast.hunters.pets import PetsMixin
from hauntkit.rulesets.beast.hunters.tarot import CardsMixin
from hauntkit.rulesets.beast.hunters.trigger import TriggerMixin
from hauntkit.rulesets.beast.schema import Ability

State = dict[str, Any]
Unit = dict[str, Any]
SKILL_ACTIONS = frozenset({"card", "arcana", "tarot", "command", "trigger", "mulligan",
                           "decline", "run_away"})
# Keys of a battle-only nature, dropped from a record when the battle ends.
_BATTLE_ONLY = ("tarot_drawn", "tarot_s2_used", "pet_of")
_EMPTY: frozenset[str] = frozenset()


def carry_out(state: State) -> dict[str, dict[str, Any]]:
    """Each hunter's skill record after a battle (hunter unit id -> dict), for the party
    record's ``skills``; madness points stay under ``mad`` (the record's ``madness``)."""
    out = {}
    for uid, rec in state.get("hx", {}).items():
        if "pet_of" in rec:
            continue
        out[uid] = {k: v for k, v in rec.items() if k not in _BATTLE_ONLY}
    return out


# Compiled by mypyc as a plain (non-native) class, since BeastRuleset mixes it with the others;
# ``self: Any`` because mypyc would check an annotated self's exact class at run time.
@mypyc_attr(native_class=False)
class SkillsMixin(TriggerMixin, BloodMixin, PetsMixin, CardsMixin):
    """Mixin: named skills of the characters in battle."""

    def passives(self: Any, unit: Unit) -> frozenset[str]:
        return self.c.passives.get(unit["kind"], _EMPTY)

    def hx(self: Any, state: State, uid: str) -> dict[str, Any]:
        """The unit's skill record, created if missing."""
        return state.setdefault("hx", {}).setdefault(uid, {})

    def unit_abilities(self: Any, state: State, unit: Unit) -> list[Ability]:
        """The hunter's abilities now: its card's (Arcana ones only while formed), its slotted
        Blood Arts, its Tarot spirit's; Compulsion once a pet was gained this Investigation."""
        h = self.c.hunters.get(unit["kind"])
        if h is None:
            return []
        passives = h.passives
        if not passives:
            return h.abilities
        rec = state.get("hx", {}).get(unit["id"], {})
        out = [ab for ab in h.abilities
               if (ab.requires is None or tarot.formed(rec, ab.requires))
               and not (ab.hook == "compel" and rec.get("compelled"))]
        gained = self.c.gained.get(unit["kind"], {})
        for eid in rec.get("arts", []):
            ab = gained.get(f"art-{eid}")
            if ab is not None:
                out.append(ab)
        spirit = rec.get("tarot")
        if spirit:
            for part in ("range", "s1", "s2"):
                ab = gained.get(f"tarot-{spirit}-{part}")
                if ab is not None and not (part == "s2" and rec.get("tarot_s2_used")):
                    out.append(ab)
        return out

    def unit_interrupts(self: Any, state: State, unit: Unit) -> list[Ability]:
        if unit["kind"] not in self.c.hunters:
            return []
        if not self.c.passives[unit["kind"]]:
            own = self.c.interrupts[unit["kind"]]
        else:
            own = [ab for ab in self.unit_abilities(state, unit) if ab.kind == "interrupt"]
        if "gear" in unit:  # the interrupts of its gear (gear.py)
            return [*own, *self.c.gear.profile(unit).interrupts]
        return own

    # -- battle hooks ------------------------------------------------------------------------
    def skills_carry_in(self: Any, state: State, skills: dict[str, dict[str, Any]]) -> None:
        """Each hunter's skill record (a party record's ``skills``) into ``state["hx"]``,
        before ``begin_battle``."""
        units = state["units"]
        for hid, rec in skills.items():
            if hid not in units:
                raise IllegalActionError(f"config.skills: no hunter {hid!r} in this battle")
            self.hx(state, hid).update(copy.deepcopy(rec))

    def skills_start_battle(self: Any, state: State) -> None:
        """When the battle begins: herbs work, pets join, clash cards are dealt."""
        units = state["units"]
        for uid, rec in state.get("hx", {}).items():
            herb = self.c.herbs.get(rec.get("herb") or "")
            u = units.get(uid)
            if herb is None or u is None or u["kind"] not in self.c.hunters:
                continue
            u["max"] += herb.max_hp
            u["hp"] += herb.max_hp
            u["san"] = min(u["san"] + herb.sanity, self.c.hunters[u["kind"]].sanity + herb.sanity)
            if herb.ward:
                u["st"]["WARD"] = [2, herb.ward]
            emit(state, "herb", f"{self.name(u)} benefits from {herb.name}.", unit=uid,
                 herb=herb.id)
        for u in list(units.values()):
            if "compulsion" in self.passives(u):
                self.bring_pet(state, u)
        self.deal_clash(state)

    def skills_turn_start(self: Any, state: State, side: str) -> None:
        if side == "hunters" and state.get("clash") is not None:
            self.clash_turn_draw(state)
        if side == "enemies" and "bounty_target" in state:
            bounty_traits.turn_start(self, state)  # SHIELDED

    def after_attack(self: Any, state: State, fr: dict[str, Any], att: Unit, tgt: Unit, hit: bool,
                     lost: int) -> None:
        """After an attack's damage: Vigilante Justice, Blood Rite, attack again on a crit;
        a bounty target's traits."""
        if "bounty_target" in state:
            bounty_traits.after_attack(self, state, fr, att, tgt, hit, lost)
        if att["side"] != "hunters":
            return
        self.vigilante_justice(state, fr, att, tgt, hit)
        self.blood_rite(state, fr, att, tgt, lost)
        if fr["ab"] and fr.get("crit") and tgt["alive"] and not att["flags"].get("again"):
            ab = self.ability(att, fr["ab"])
            if ab is not None and ab.hook == "again_on_crit":
                att["flags"]["again"] = 1
                new = {k: v for k, v in fr.items()
                       if k not in ("h", "crit", "nodef", "sp", "reroll")}
                new["ph"] = "pre"
                state["queue"].insert(1, new)
                emit(state, "skill", f"{self.name(att)} strikes again.", unit=att["id"])

    # -- actions ----------------------------------------------------------------------------
    def skill_actions(self: Any, state: State, unit: Unit, occ: dict, block: frozenset[tuple[int, int]]) -> list[dict]:
        """Card plays (free), Arcana and Tarot actions of ``unit`` on its own turn."""
        if not self.passives(unit):
            return []
        return self.card_plays(state, unit, occ, block) + self.arcana_actions(state, unit)

    def pending_actions(self: Any, state: State) -> list[dict] | None:
        pending = state["pending"]
        if pending["kind"] == "trigger":
            return [{"type": "trigger", "ability": a} for a in pending["options"]] + [
                {"type": "decline"}]
        if pending["kind"] == "mulligan":
            return self.mulligan_actions(state, pending)
        return None

    def apply_skill(self: Any, state: State, action: dict[str, Any]) -> None:
        kind = action["type"]
        units = state["units"]
        if kind == "decline":
            state["pending"] = None
        elif kind == "trigger":
            pending, state["pending"] = state["pending"], None
            unit = units[pending["unit"]]
            emit(state, "skill", f"Trigger Happy: {self.name(unit)} fires at once.",
                 unit=unit["id"], skill="trigger_happy")
            self.use_ability(state, unit, self.ability(unit, action["ability"]),
                             pending["target"], free=True)
        elif kind == "mulligan":
            self.mulligan(state, action["card"])
        elif kind == "card":
            self.play_card(state, units[action["unit"]], action)
        elif kind == "arcana":
            self.lay_arcana(state, units[action["unit"]], action["formation"])
        elif kind == "tarot":
            self.summon_tarot(state, units[action["unit"]])
        elif kind == "run_away":
            self.run_away(state, units[action["unit"]])
        elif kind == "command":
            self.command(state, units[action["unit"]], action["ability"], action["target"],
                         action.get("weapon"))


__all__ = ["SKILL_ACTIONS", "SkillsMixin", "carry_out", "clash"]
