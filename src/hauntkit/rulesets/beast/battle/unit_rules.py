"""Unit rules shared by both sides: statistics after modifiers, damage, healing, bleeding,
poison, burning, Sanity, effects, and the combat logic that picks targets."""

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr

from hauntkit.core.log import emit
from hauntkit.rulesets.beast.battle import bounty_traits, dice, madness, status
from hauntkit.rulesets.beast.battle.board import dist, is_lit
from hauntkit.rulesets.beast.battle.knockback import knockback
from hauntkit.rulesets.beast.data import Content, MapData
from hauntkit.rulesets.beast.gear import attack_effects, foes, relics
from hauntkit.rulesets.beast.hunt import renown
from hauntkit.rulesets.beast.labels import count_of, element_word, faces_text, hits_text
from hauntkit.rulesets.beast.schema import Ability, Template

State = dict[str, Any]
Unit = dict[str, Any]


# Compiled by mypyc as a plain (non-native) class, since BeastRuleset mixes it with the others;
# ``self: Any`` because mypyc would check an annotated self's exact class at run time.
@mypyc_attr(native_class=False)
class Rules:
    """Mixin of unit rules; the ruleset class holds ``self.c`` (Content), and ``self.maps`` and
    ``self.unit_names``, its tables that ``md`` and ``name`` read on every call."""

    c: Content

    # -- lookups ---------------------------------------------------------------------------
    def md(self: Any, state: State) -> MapData:
        maps: dict[str, MapData] = self.maps
        return maps[state["map"]]

    def name(self: Any, unit: Unit) -> str:
        """A unit's display name: the hunter's name, or the enemy's with its number."""
        kind: str = unit["kind"]
        uid: str = unit["id"]
        names: dict[str, dict[str, str]] = self.unit_names
        of_kind = names.get(kind)
        if of_kind is None:
            of_kind = names[kind] = {}
        name = of_kind.get(uid)
        if name is None:
            name = of_kind[uid] = self._name(kind, uid)
        return name

    def _name(self: Any, kind: str, uid: str) -> str:
        if kind in self.c.hunters:
            return self.c.hunters[kind].name
        num = uid.rsplit("-", 1)[-1]
        name = self.c.enemies[kind].name
        return f"{name} {num}" if num.isdigit() else name

    def ability(self: Any, unit: Unit, ab_id: str) -> Ability | None:
        abilities: dict[str, dict[str, Ability]] = self.c.abilities
        ab = abilities[unit["kind"]].get(ab_id)
        if ab is None and "gear" in unit:
            ab = self.c.gear.abilities.get(ab_id)  # gear-<item> (gear.py)
        return ab

    def base_template(self: Any, unit: Unit) -> str:
        return _base_template(self.c, unit)

    def template(self: Any, unit: Unit) -> Template:
        """The template in force: ETHER damage makes some templates BASE for 1 turn."""
        c = self.c
        tid = _base_template(c, unit)
        if "ETHER_BASE" in unit["st"]:
            tid = "BASE"
        templates: dict[str, Template] = c.templates
        return templates[tid]

    def template_immunities(self: Any, unit: Unit) -> list[str]:
        if "gear" in unit:  # immunities from gear (Scale Armor, Sun Glasses...)
            return [*self.template(unit).immune, *self.c.gear.profile(unit).immune]
        return self.template(unit).immune

    def damage_reduction(self: Any, unit: Unit) -> int:
        return self.template(unit).damage_reduction

    # -- statistics ------------------------------------------------------------------------
    def defence_score(self: Any, state: State, unit: Unit) -> int:
        """Defence value: base, minus defence debuffs, darkness (hunters) and light (hindered
        templates, RULING HR-5); never below 1 (rules: "Defense Debuffs")."""
        base = attack_effects.base_defense(self, unit) if "gear" in unit else \
            _stats(self.c, unit["kind"]).defense
        score = base - status.value(unit, "DEF_DOWN")
        lit = is_lit(state, self.md(state), unit["x"], unit["y"])
        if unit["side"] == "hunters" and not lit:
            score -= 1  # "A Dark World": -1 DEFENSE in darkness
        if unit["side"] == "hunters" and renown.reckless(state):
            score -= 1  # Infamy 2, Reckless: -1 DEF
        if "omens" in state and unit["id"] in state["omens"].get("cursed", ()):
            score += -1 if lit else 2  # Mystery "Cursed": +2 DEF in the dark, -1 in light
        if "hx" in state and unit["side"] == "hunters":
            score += self.come_my_pet(state, unit)  # pet rank 2 (hunters/pets.py)
        elif unit["side"] == "enemies" and lit and self.template(unit).hindered_in_light:
            score -= 1
        return max(1, score)

    def defence_dice(self: Any, state: State, unit: Unit, fr: dict[str, Any]) -> int:
        n = self.defence_score(state, unit) - fr.get("ddm", 0)  # Large, Armor Piercing
        if fr["el"] == "ELEC":
            n -= 1  # ELEC basic effect
        if "FLINCH" in unit["st"]:
            n -= 1
        n -= fr.get("pierce", 0)  # armour-piercing rounds (Curtis Kaine)
        if "bounty_target" in state:
            n += bounty_traits.defence_bonus(state, unit, fr)  # ELUSIVE
        if fr.get("sneak"):
            # Sneak Attack: at most 1 die; a defence debuff lowers that maximum (HR-7).
            n = min(n, max(0, 1 - status.value(unit, "DEF_DOWN")))
        return max(0, n)

    def movement(self: Any, state: State, unit: Unit) -> int:
        """Movement for a new turn, before Immobilize."""
        mv = _stats(self.c, unit["kind"]).move - status.value(unit, "SLOW") \
            + status.value(unit, "MOVE_UP")  # Espresso Shot, Roller Blades
        if "gear" in unit:
            mv += self.c.gear.profile(unit).move
        if "CHILLED" in unit["st"]:
            mv -= 1
        if "bounty_target" in state:
            mv += bounty_traits.move_bonus(state, unit)  # FAST (a bounty's trait)
        if unit["side"] == "enemies" and self.template(unit).hindered_in_light and is_lit(
                state, self.md(state), unit["x"], unit["y"]):
            mv -= 1
        return max(0, mv)

    # -- harm and help ---------------------------------------------------------------------
    def deal(self: Any, state: State, unit: Unit, dmg: int, src: Unit | None, el: str,
             bypass: bool = False, weapon: str | None = None) -> int:
        """Take ``dmg``; a Ward absorbs first unless ``bypass``. Returns HP lost. An Undying
        enemy stays on 1 HP unless ``weapon`` is of its weakness (RULING HR-100)."""
        if dmg <= 0 or not unit["alive"]:
            return 0
        if not bypass and "WARD" in unit["st"]:
            ward = unit["st"]["WARD"]
            soak = min(ward[1], dmg)
            ward[1] -= soak
            dmg -= soak
            emit(state, "ward", f"A ward absorbs {soak} damage.", unit=unit["id"], absorbed=soak)
            if ward[1] <= 0:
                status.remove(state, unit, "WARD", ctx=self)
        if dmg <= 0:
            return 0
        lost = min(dmg, unit["hp"] - (1 if "CRIMSON" in unit["st"] else 0))  # Dybbuk box
        if lost >= unit["hp"] and foes.undying_holds(self, unit, weapon):
            lost = unit["hp"] - 1
            emit(state, "undying", f"{self.name(unit)} will not die but by its bane.",
                 unit=unit["id"])
        if lost <= 0:
            return 0
        before = unit["hp"]
        unit["hp"] -= lost
        emit(state, "damage", f"{self.name(unit)} takes {dmg} {element_word(el)} damage and "
             f"loses {lost} Health ({before} → {unit['hp']}).", unit=unit["id"], damage=dmg,
             element=el)
        if unit["hp"] <= 0:
            self.kill(state, unit, "slain")
        return lost

    def kill(self: Any, state: State, unit: Unit, how: str) -> None:
        unit["alive"] = False
        unit["hp"] = max(0, unit["hp"])
        state["alive"][unit["side"] == "enemies"] -= 1
        emit(state, "defeated", f"{self.name(unit)} is {how}.", unit=unit["id"], how=how)
        if unit["kind"] in self.c.hunters:
            state["lost"].append(unit["id"])
        if "phylactery" in state:
            relics.on_death(self, state, unit)  # Broken Phylactery

    def heal(self: Any, state: State, unit: Unit, n: int) -> None:
        if not unit["alive"]:
            return
        if "NO_HEAL" in unit["st"]:
            emit(state, "no_heal", f"Nether damage keeps {self.name(unit)} from healing.")
            return
        got = min(n, unit["max"] - unit["hp"])
        unit["hp"] += got
        text = (f"{self.name(unit)} heals {got} HP." if got else
                f"{self.name(unit)} is already at full HP.")
        emit(state, "heal", text, unit=unit["id"], healed=got)

    def bleed(self: Any, state: State, unit: Unit, n: int) -> None:
        """Add Bleed points; at the template's threshold, HEMORRHAGE: fixed damage, no
        defence, no reductions (rules: "Hemorrhage")."""
        tpl = self.template(unit)
        if not unit["alive"] or tpl.bleed_threshold is None or "BLEED" in unit["imm"]:
            return
        unit["bleed"] += n
        emit(state, "bleed", f"{self.name(unit)} has {count_of(unit['bleed'], 'Bleed point')}.",
             unit=unit["id"], bleed=unit["bleed"])
        self.on_status(state, unit, "BLEED")  # Trigger Happy (hunters/trigger.py)
        extra = self.c.gear.profile(unit).bleed_threshold if "gear" in unit else 0
        if unit["bleed"] >= tpl.bleed_threshold + extra:  # Chest Plate: +2
            unit["bleed"] = 0
            dmg = tpl.hemorrhage_damage + (2 if "WOUNDING" in unit["st"] else 0)
            emit(state, "hemorrhage", f"{self.name(unit)} haemorrhages for {dmg} damage.", unit=unit["id"],
                 damage=dmg)
            self.deal(state, unit, dmg, None, "PHYSICAL", bypass=True)

    def poison_roll(self: Any, state: State, unit: Unit) -> None:
        """POISON: a HIT deals 1 (no defence this turn, template reductions bypassed), a DOUBLE
        SWORD adds a turn, a MISS ends it; after 4 poison damage, immune for the battle."""
        face = dice.combat(state, 1)[0]
        if face == dice.BLANK:
            emit(state, "poison", f"Poison roll {faces_text([face])}: the poison fades from "
                 f"{self.name(unit)}.", unit=unit["id"], face=face)
            status.remove(state, unit, "POISON", ctx=self)
            return
        if face == dice.DOUBLE:
            unit["st"]["POISON"][0] += 1
        unit["st"]["NO_DEFEND"] = [1, 1]
        unit["ptaken"] += 1
        emit(state, "poison", f"Poison roll {faces_text([face])}: {self.name(unit)} suffers.",
             unit=unit["id"], face=face)
        self.deal(state, unit, 1, None, "POISON", bypass=True)
        if unit["ptaken"] >= 4:
            unit["st"].pop("POISON", None)
            unit["imm"]["POISON"] = status.PERMANENT
            emit(state, "poison_cap", f"{self.name(unit)} is now immune to poison.")

    def burn(self: Any, state: State, unit: Unit) -> None:
        """BURNING: at the start of the turn, the FIRE attack hits again; a DOUBLE SWORD
        keeps it burning, for at most two turns."""
        st = unit["st"]["BURNING"]
        faces = dice.combat(state, st[1])
        h = dice.hits(faces)
        blocked = dice.blocks(dice.combat(state, self.defence_score(state, unit)))
        dmg = max(0, h + (1 if h else 0) - blocked)
        emit(state, "burning", f"{self.name(unit)} burns: {hits_text(faces)}.", unit=unit["id"],
             faces=faces)
        self.deal(state, unit, dmg, None, "FIRE")
        st[0] += 1
        again = dice.combat(state, 1)[0]
        if st[0] >= 2 or again != dice.DOUBLE:
            status.remove(state, unit, "BURNING", ctx=self)

    def immobilize(self: Any, state: State, unit: Unit, val: int) -> None:
        """Immobilize: less movement now if its side is moving, else next turn; what
        exceeds the unit's movement carries over (rules: "Immobilize/Slow")."""
        if not status.apply(self, state, unit, "IMMOBILIZE", 1, val):
            return
        if state["side"] == unit["side"]:
            self.consume_immobilize(state, unit, mid_turn=True)

    def consume_immobilize(self: Any, state: State, unit: Unit, mid_turn: bool = False) -> None:
        """Spend Immobilize against this turn's movement; the excess over the unit's full
        movement carries over to its next turn."""
        imm = unit["st"].get("IMMOBILIZE")
        if not imm:
            return
        unit["mv"] = max(0, unit["mv"] - imm[1])
        carry = imm[1] - _stats(self.c, unit["kind"]).move
        if carry > 0:
            imm[1] = carry
            imm[0] = 1
        else:
            status.remove(state, unit, "IMMOBILIZE", ctx=self)

    def sanity_check(self: Any, state: State, unit: Unit, difficulty: int, loss: int) -> bool:
        """A Sanity check: d6, -1 in darkness, passes at ``difficulty`` or more (HR-6).
        A failure costs Sanity; at 0 the hunter rolls for Madness (HR-50)."""
        if unit["kind"] not in self.c.hunters or not unit["alive"]:
            return True  # enemies and pets take no Sanity checks
        roll = dice.d6(state)
        mod = 0 if is_lit(state, self.md(state), unit["x"], unit["y"]) else -1
        gear = self.c.gear.profile(unit).sanity if "gear" in unit else 0  # Brown Coat
        ok = roll + mod + gear >= difficulty
        emit(state, "sanity_check", f"{self.name(unit)} tries a Sanity check ({difficulty}+): rolled "
             f"{roll}{' -1 (darkness)' if mod else ''}: {'passed' if ok else 'failed'}.",
             unit=unit["id"], roll=roll, ok=ok)
        if not ok:
            madness.lose_sanity(self, state, unit, loss)
        return ok

    def skill_values(self: Any, state: State, unit: Unit) -> dict[str, int]:
        """The hunter's skill values now: its card's, raised by ``state["hx"][uid]["boost"]``
        (skill -> bonus, e.g. an augment's) and by its herb (hunters/forage.py)."""
        base = dict(self.c.hunters[unit["kind"]].skills) if unit["kind"] in self.c.hunters \
            else {}
        rec = state.get("hx", {}).get(unit["id"])
        if rec:
            boosts = dict(rec.get("boost", {}))
            herb = self.c.herbs.get(rec.get("herb") or "")
            if herb is not None:
                for k, v in herb.boost.items():
                    boosts[k] = boosts.get(k, 0) + v
            for k, v in boosts.items():
                base[k] = base.get(k, 0) + v
        if "gear" in unit:  # Augments raise the skill while equipped ("Augments")
            for k, v in self.c.gear.profile(unit).skills.items():
                base[k] = base.get(k, 0) + v
        return base

    def skill_check(self: Any, state: State, unit: Unit, skill: str, difficulty: int) -> bool:
        """A skill check N+: d6 plus the hunter's skill value (HR-6)."""
        return self.skill_roll(state, unit, skill, difficulty) >= difficulty

    def skill_roll(self: Any, state: State, unit: Unit, skill: str, difficulty: int) -> int:
        """The total of a skill check N+ (d6 + skill value, + a Dummies Guide's bonus, which
        it uses up: HR-101), logged as a success or failure against ``difficulty``."""
        roll = dice.d6(state)
        val = self.skill_values(state, unit).get(skill, 0)
        if "gear-guide" in unit["ch"]:
            val += unit["ch"].pop("gear-guide")
        ok = roll + val >= difficulty
        emit(state, "skill_check", f"{self.name(unit)} tries a {skill.capitalize()} check "
             f"({difficulty}+): rolled {roll}{f' +{val}' if val else ''}: "
             f"{'success' if ok else 'failure'}.", roll=roll, ok=ok)
        return roll + val

    def apply_effects(self: Any, state: State, ab: Ability, src: Unit, tgt: Unit, *, hit: bool,
                      damaged: bool) -> None:
        for e in ab.effects:
            if (e.when == "hit" and not hit) or (e.when == "damage" and not damaged):
                continue
            if not tgt["alive"]:
                return
            if e.status == "IMMOBILIZE":
                self.immobilize(state, tgt, e.value)
            elif e.status == "TRICKS":
                status.apply(self, state, tgt, "TRICKS", e.turns, 1)
            elif e.status is not None:
                took = status.apply(self, state, tgt, e.status, e.turns, e.value)
                if took and e.status == "POISON":
                    self.poison_roll(state, tgt)
                if took and e.status == "MOVE_UP" and tgt["side"] == state["side"]:
                    tgt["mv"] += e.value  # RULING HR-47: this turn counts as the first
            elif e.heal is not None:
                self.heal(state, tgt, e.heal)
            elif e.bleed is not None:
                self.bleed(state, tgt, e.bleed)
            elif e.sanity_check is not None:
                self.sanity_check(state, tgt, e.sanity_check, e.sanity_loss)
            elif e.max_hp_loss is not None:
                foes.lower_max_hp(self, state, tgt, e.max_hp_loss)
            elif e.knockback is not None:
                knockback(self, state, src, tgt, e.knockback)

    # -- combat logic (rules: "Combat Logic", "Cruelty") -----------------------------------
    def pick_by_logic(self: Any, state: State, enemy: Unit, options: list[str],
                      cruelty: bool = False) -> str:
        """The target ``enemy``'s logic string prefers among ``options`` (unit ids).
        CRUELTY overrides it with the lowest HP. Ties end on the closest, then unit order."""
        units: dict[str, Unit] = state["units"]
        md = self.md(state)
        ex, ey = enemy["x"], enemy["y"]

        logic: dict[str, list[str]] = self.c.logic
        words = ["LOWEST HP", "CLOSEST"] if cruelty else logic[enemy["kind"]] + ["CLOSEST"]
        pool = list(options)
        if "crimson" in state:  # Crimson Dybbuk Box: overrides all enemy logic
            pool = [uid for uid in pool if "CRIMSON" in units[uid]["st"]] or pool
        for w in words:
            if len(pool) <= 1:
                break
            if w in ("MALE", "FEMALE", "HEALER", "IN DARKNESS", "IN LIGHT"):
                keep = [uid for uid in pool if self._logic_match(state, md, units[uid], w)]
                pool = keep or pool
                continue
            if w == "CLOSEST":
                keys = [dist(ex, ey, units[uid]["x"], units[uid]["y"]) for uid in pool]
            elif w == "FARTHEST":
                keys = [-dist(ex, ey, units[uid]["x"], units[uid]["y"]) for uid in pool]
            elif w == "LOWEST HP":
                keys = [units[uid]["hp"] for uid in pool]
            elif w == "HIGHEST HP":
                keys = [-units[uid]["hp"] for uid in pool]
            elif w == "LOWEST DEF":
                keys = [self.defence_score(state, units[uid]) for uid in pool]
            elif w == "HIGHEST DEF":
                keys = [-self.defence_score(state, units[uid]) for uid in pool]
            else:
                raise KeyError(w)
            pool = _lowest(pool, keys)
        return pool[0]

    def _logic_match(self: Any, state: State, md: MapData, unit: Unit, word: str) -> bool:
        h = self.c.hunters.get(unit["kind"])
        if unit["side"] != "hunters":
            return False
        if h is None and word in ("MALE", "FEMALE", "HEALER"):
            return False  # a pet is neither (HR-59)
        if word == "MALE":
            return h.gender == "male"
        if word == "FEMALE":
            return h.gender == "female"
        if word == "HEALER":
            return h.role == "healer" or "MASKED" in unit["st"]  # Surgeon Mask
        lit = is_lit(state, md, unit["x"], unit["y"])
        return lit if word == "IN LIGHT" else not lit


def _base_template(c: Any, unit: Unit) -> str:
    """The unit's own template: its enemy card's (a hunter's is BASE)."""
    kind: str = unit["kind"]
    if kind in c.hunters:
        return "BASE"
    enemies: dict[str, Any] = c.enemies
    tid: str = enemies[kind].template
    return tid


def _stats(c: Any, kind: str) -> Any:
    """``c.stats(kind)``: the unit kind's card (a hunter's, else the enemy's)."""
    stats: dict[str, Any] = c.unit_stats
    return stats[kind]


def _lowest(pool: list[str], keys: list[int]) -> list[str]:
    """The ids of ``pool`` whose key (same position in ``keys``) is the lowest, in order."""
    best = keys[0]
    for k in keys:
        if k < best:
            best = k
    return [uid for i, uid in enumerate(pool) if keys[i] == best]
