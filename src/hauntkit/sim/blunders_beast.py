"""The blunder audit's detectors for beast battles. Rules: *Riddle of the Beast rules*,
"Combat Basics" (attack dice against defence dice), "Critical Hits", "Perfect Defense",
"Attack of Opportunity" (a ranged attack next to an enemy: 1 die, 1 damage on a hit);
RULING R1 (the combat die: of six faces three sword-and-shield, one double sword, two blank;
attacking, every face but blank hits; defending, only sword-and-shield blocks); "Light and
Darkness" (lights help the hunters: darkness costs them Defense)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar

from hauntkit.core.game import Game
from hauntkit.rulesets.beast.battle import frames, status
from hauntkit.rulesets.beast.labels import dice_count, object_name, space_of
from hauntkit.sim import odds
from hauntkit.sim.audit import HOPELESS, LOSS_THRESHOLD, OSCILLATION, OWN_SIDE, Action, Auditor

State = dict[str, Any]
Unit = dict[str, Any]
HIT = Fraction(4, 6)
BLOCK = Fraction(3, 6)
STEPS = frozenset({"step", "slip"})
QUIET = frozenset({"step", "slip", "end_turn", "pass"})
# what the chance below leaves out; an attack touched by any of them is not judged
REROLLS = frozenset({"MARKED"})  # on the target
ATTACKER_EXTRAS = frozenset({"BERSERK", "MULTI_ATTACK", "DUSTED", "ANOINTED"})
CLEARLY = Fraction(1, 10)  # a better attack: at least this much likelier to do damage


def no_damage_chance(attack_dice: int, defend_dice: int, adds: int, reduction: int,
                     perfect_possible: bool, crit_dice: int) -> Fraction:
    """The chance that an attack deals no damage: hits (each die hits 4 in 6) plus ``adds``
    minus blocks (each die blocks 3 in 6) minus ``reduction``; three blocks are a perfect
    defence when ``perfect_possible``; every die hitting rolls ``crit_dice`` more dice."""
    hits = odds.binomial(attack_dice, HIT)
    if crit_dice and attack_dice:
        every = hits.pop(attack_dice)
        for more, chance in odds.binomial(crit_dice, HIT).items():
            hits[attack_dice + more] = hits.get(attack_dice + more, Fraction(0)) + every * chance
    nothing = Fraction(0)
    for blocked, b_chance in odds.binomial(defend_dice, BLOCK).items():
        if perfect_possible and blocked >= 3:
            nothing += b_chance
            continue
        for hit, h_chance in hits.items():
            if not hit or hit + adds - blocked - reduction <= 0:
                nothing += b_chance * h_chance
    return nothing


def plain_attack_chance(rs: Any, s: State, action: Action) -> tuple[Fraction, int, int] | None:
    """(chance of no damage, attack dice, defence dice) of a hunter's plain attack on an
    enemy, or ``None`` when the attack is one this model does not cover (a light, gear,
    statuses that reroll or change the element)."""
    unit = s["units"][action["unit"]]
    target = s["units"].get(action["target"])
    if target is None or not modelled(s, unit, target):
        return None
    melee = action["mode"] == "melee"
    hunter = rs.c.hunters[unit["kind"]]
    element = "PHYSICAL" if melee else hunter.ranged.element
    if element != "PHYSICAL":
        return None  # elemental specials and criticals are choices this model leaves out
    atk = rs.melee_value(s, unit) if melee else hunter.ranged.attack
    fr = frames.frame(unit["id"], target["id"], mode=action["mode"], atk=atk, el=element,
                      style=action["mode"])
    return roll_chance(rs, s, unit, target, atk, fr)


def ability_attack_chance(rs: Any, s: State, action: Action) -> tuple[Fraction, int, int] | None:
    """The same for a hunter's attacking ability on one enemy: a physical strike of the
    hunter's card (Sneak Attack, Shield Shove); ``None`` for anything else (beams, areas, a
    fog cloud that widens it, elements, gear, hooks other than Sneak Attack)."""
    if action.get("type") != "ability":
        return None
    unit = s["units"][action["unit"]]
    target = s["units"].get(action["target"]) if isinstance(action.get("target"), str) \
        else None
    ab = rs.ability(unit, action["ability"])
    if target is None or target["side"] == unit["side"] or ab is None or not ab.attack \
            or s.get("fog") or not modelled(s, unit, target):
        return None
    if ab.shape != "single" or ab.element != "PHYSICAL" or ab.hook not in (None, "sneak_attack") \
            or ab.id.startswith("gear-") or ab.pierce:
        return None
    adjacent = max(abs(unit["x"] - target["x"]), abs(unit["y"] - target["y"])) <= 1
    melee = ab.style == "melee" or (adjacent and ab.hook == "sneak_attack")
    style = "melee" if melee else ("ranged" if ab.style == "ranged" else ab.style)
    fr = frames.frame(unit["id"], target["id"], mode="ability", atk=ab.attack, el="PHYSICAL",
                      style=style, ab=ab.id, mult=ab.crit_multiplier,
                      sneak=ab.hook == "sneak_attack")
    return roll_chance(rs, s, unit, target, ab.attack, fr, mult=ab.crit_multiplier,
                       can_crit=ab.can_crit, perfect=ab.perfect_defence)


def modelled(s: State, unit: Unit, target: Unit) -> bool:
    """Neither gear, a bounty's traits, Mystery omens, a reroll on the target nor an
    attacker's extra (Berserk, Multi Attack, Philosophers Dust, an anointed weapon) touches
    the attack: the chance below covers it."""
    return not ("gear" in unit or "bounty_target" in s or s.get("omens")
                or REROLLS & target["st"].keys() or ATTACKER_EXTRAS & unit["st"].keys())


def roll_chance(rs: Any, s: State, unit: Unit, target: Unit, atk: int, fr: dict[str, Any],
                mult: int = 2, can_crit: bool = True, perfect: bool = True
                ) -> tuple[Fraction, int, int]:
    """(chance of no damage, attack dice, defence dice) of ``atk`` physical dice of ``unit``
    on ``target`` under the attack frame ``fr`` (its style: melee or not)."""
    melee = fr["style"] == "melee"
    dice = max(0, atk - status.value(unit, "ATTACK_DOWN")
               - (status.value(unit, "MELEE_DOWN") if melee else 0))
    st = target["st"]
    defend = 0 if "NO_DEFEND" in st else rs.defence_dice(s, target, fr)
    adds = 2 * ("WOUNDING" in st) + ("FLINCH" in st) + ("DECAY" in st) \
        + (melee and "COVER" in st) - ("CHILLED" in unit["st"])
    reduction = rs.damage_reduction(target) + (not melee and "COVER" in st)
    perfect = perfect and rs.defence_score(s, target) < 6 and "FROZEN" not in st
    rolls = (mult or 2) - 1 + ("FROZEN" in st)
    crit = dice * rolls if can_crit and dice >= 2 else 0
    return no_damage_chance(dice, defend, adds, reduction, perfect, crit), dice, defend


def attack_chance(rs: Any, s: State, action: Action) -> Fraction | None:
    """The chance that a hunter's attack or attacking ability does no damage (``None``: not
    modelled)."""
    found = plain_attack_chance(rs, s, action) if action.get("type") == "attack" \
        else ability_attack_chance(rs, s, action)
    return None if found is None else found[0]


def provokes(rs: Any, s: State, action: Action) -> bool:
    """The action draws an attack of opportunity ("Attack of Opportunity"): a ranged attack
    or ability next to an enemy that may still take one this turn (not Paralyzed or
    Disarmed, HR-9); interrupts, melee strikes and help for an ally never do."""
    if "unit" not in action:
        return False  # ending the turn, passing
    unit = s["units"][action["unit"]]
    kind = action.get("type")
    if kind == "attack":
        if action.get("mode") != "ranged":
            return False
    elif kind in ("ability", "free"):  # a free action is no interrupt: it provokes too
        ab = rs.ability(unit, action["ability"])
        if ab is None or ab.shape == "self" or ab.targets == "ally" or ab.style == "melee":
            return False
        target = s["units"].get(action["target"]) if isinstance(action.get("target"), str) \
            else None
        if target is not None and ab.hook == "sneak_attack" and max(
                abs(unit["x"] - target["x"]), abs(unit["y"] - target["y"])) <= 1:
            return False
    else:
        return False
    done = unit["flags"].get("aoo", ())
    return any(e["alive"] and e["side"] != unit["side"] and e["id"] not in done
               and "PARALYZE" not in e["st"] and "DISARMED" not in e["st"]
               and max(abs(e["x"] - unit["x"]), abs(e["y"] - unit["y"])) <= 1
               for e in s["units"].values())


@dataclass
class BeastAuditor(Auditor):
    """Hopeless attacks, stepping back and forth, equipping then unequipping, and harming the
    hunters' own lights and barricades."""

    turn_word: ClassVar[str] = "round"

    @property
    def rs(self) -> Any:
        """The beast ruleset (its battle helpers: names, defence, the content)."""
        return self.ruleset

    walks: dict[str, tuple[tuple[int, int], tuple[int, int], tuple[Any, ...]]] = \
        field(default_factory=dict)
    equipped: dict[tuple[str, str], str] = field(default_factory=dict)

    def on_decision(self, game: Game, seat: int, legal: list[Action], action: Action) -> None:
        if len(legal) < 2:
            return
        s = game.state
        kind = action.get("type")
        if kind == "attack" or (kind == "ability" and isinstance(action.get("target"), str)
                                  and action["target"] in s["units"]):
            self._attack(s, seat, legal, action)
        elif kind == "douse":
            self._own_light(s, seat, action["unit"], action["light"], "put out")
        elif kind in STEPS:
            self._step(s, seat, action)
        elif kind in ("equip", "unequip"):
            self._gear(s, seat, action)
        if kind not in QUIET and "unit" in action:
            self.walks.pop(action["unit"], None)

    def _attack(self, s: State, seat: int, legal: list[Action], action: Action) -> None:
        """A hopeless attack in beast (docs/balance.md, "The blunder audit"): 70% or more to
        do no damage, when a safer choice existed: the attack draws an attack of opportunity
        and a choice that does not was there, or another attack of the same hunter was at
        least ``CLEARLY`` likelier to do damage and not a long shot itself. A failed attack
        costs only the action, so a long shot that was the hunter's best attack is not one
        (ending the turn instead does no damage for sure; a step or cover spends no action)."""
        rs = self.rs
        if action["target"] not in s["units"]:
            self._own_light(s, seat, action["unit"], action["target"], "attacked")
            return
        found = plain_attack_chance(rs, s, action) if action["type"] == "attack" \
            else ability_attack_chance(rs, s, action)
        if found is None or found[0] < LOSS_THRESHOLD:
            return
        chance, dice, defend = found
        if provokes(rs, s, action):
            if not any(a is not action and not provokes(rs, s, a) for a in legal):
                return
            why = "and drew an attack of opportunity, when a choice without one was there"
        else:
            other = self._better(s, legal, action, chance)
            if other is None:
                return
            why = f"when {other[1]} was there at {float(other[0]):.0%}"
        unit = s["units"][action["unit"]]
        self.note(HOPELESS, seat, s["round"],
                  f"{rs.name(unit)} {'made' if action['type'] == 'attack' else 'used'} "
                  f"{self._words(s, action)}, "
                  f"{dice_count(dice, 'attack')} against {dice_count(defend, 'defence')} "
                  f"({float(chance):.0%} to do no damage), {why}.", round(float(chance), 4))

    def _better(self, s: State, legal: list[Action], action: Action, chance: Fraction
                ) -> tuple[Fraction, str] | None:
        """The same hunter's other attack or attacking ability with the best odds, when it
        does not draw an attack of opportunity, is no long shot and beats ``chance`` by
        ``CLEARLY``: (its chance of no damage, its name in words)."""
        rs = self.rs
        best: tuple[Fraction, str] | None = None
        for a in legal:
            if a is action or a.get("unit") != action["unit"] or provokes(rs, s, a):
                continue
            other = attack_chance(rs, s, a)
            if other is None or other >= LOSS_THRESHOLD or other > chance - CLEARLY:
                continue
            if best is None or other < best[0]:
                best = (other, self._words(s, a))
        return best

    def _words(self, s: State, a: Action) -> str:
        """An attack in words: "a melee attack on Werewolf", "Sneak Attack on Werewolf"."""
        target = self.rs.name(s["units"][a["target"]])
        if a["type"] == "attack":
            return f"a {a['mode']} attack on {target}"
        ab = self.rs.ability(s["units"][a["unit"]], a["ability"])
        return f"{ab.name} on {target}" if ab is not None else f"an attack on {target}"

    def _own_light(self, s: State, seat: int, uid: str, oid: str, verb: str) -> None:
        name = self.rs.name(s["units"][uid])
        self.note(OWN_SIDE, seat, s["round"],
                  f"{name} {verb} {object_name(s, oid, self.rs)}, which helps the hunters.")

    def _situation(self, s: State, uid: str) -> tuple[Any, ...]:
        """What counts as a change: any unit's place, health and statuses, and the lights."""
        return (tuple((u["id"], u["x"], u["y"], u["hp"], u["alive"], tuple(sorted(u["st"])))
                      for u in s["units"].values() if u["id"] != uid),
                s["units"][uid]["hp"], len(s["lights"]))

    def _step(self, s: State, seat: int, action: Action) -> None:
        unit = s["units"][action["unit"]]
        here, there = (unit["x"], unit["y"]), tuple(action["to"])
        now = self._situation(s, unit["id"])
        last = self.walks.get(unit["id"])
        if last is not None and last[1] == here and last[0] == there and last[2] == now:
            self.note(OSCILLATION, seat, s["round"],
                      f"{self.rs.name(unit)} stepped from {space_of(list(there))} to "
                      f"{space_of(list(here))} and back with nothing changed in between.")
        self.walks[unit["id"]] = (here, (there[0], there[1]), now)

    def _gear(self, s: State, seat: int, action: Action) -> None:
        key = (action["hunter"], action["slot"])
        if action["type"] == "equip":
            self.equipped[key] = action["item"]
            return
        item = self.equipped.pop(key, None)
        if item is not None:
            c = self.rs.c
            hunter = c.hunters[action["hunter"]].name if action["hunter"] in c.hunters \
                else action["hunter"]
            self.note(OSCILLATION, seat, s.get("round", 0),
                      f"{hunter} equipped {c.gear.items[item].name} and took it off again "
                      "with nothing done in between.")
