"""The blunder audit's detectors for beast battles. Rules: *Riddle of the Beast rules*,
"Combat Basics" (attack dice against defence dice), "Critical Hits", "Perfect Defense";
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
HIT = Fraction(4, 6)
BLOCK = Fraction(3, 6)
STEPS = frozenset({"step", "slip"})
QUIET = frozenset({"step", "slip", "end_turn", "pass"})
# what the chance below leaves out; an attack touched by any of them is not judged
REROLLS = frozenset({"MARKED"})  # on the target
ATTACKER_EXTRAS = frozenset({"BERSERK", "MULTI_ATTACK", "DUSTED", "ANOINTED"})


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
    if target is None or "gear" in unit or "bounty_target" in s or s.get("omens") \
            or REROLLS & target["st"].keys() or ATTACKER_EXTRAS & unit["st"].keys():
        return None
    melee = action["mode"] == "melee"
    hunter = rs.c.hunters[unit["kind"]]
    element = "PHYSICAL" if melee else hunter.ranged.element
    if element != "PHYSICAL":
        return None  # elemental specials and criticals are choices this model leaves out
    atk = rs.melee_value(s, unit) if melee else hunter.ranged.attack
    dice = max(0, atk - status.value(unit, "ATTACK_DOWN")
               - (status.value(unit, "MELEE_DOWN") if melee else 0))
    fr = frames.frame(unit["id"], target["id"], mode=action["mode"], atk=atk, el=element,
                      style=action["mode"])
    st = target["st"]
    defend = 0 if "NO_DEFEND" in st else rs.defence_dice(s, target, fr)
    adds = 2 * ("WOUNDING" in st) + ("FLINCH" in st) + ("DECAY" in st) \
        + (melee and "COVER" in st) - ("CHILLED" in unit["st"])
    reduction = rs.damage_reduction(target) + (not melee and "COVER" in st)
    perfect = rs.defence_score(s, target) < 6 and "FROZEN" not in st
    crit = dice * (1 + ("FROZEN" in st)) if dice >= 2 else 0
    return no_damage_chance(dice, defend, adds, reduction, perfect, crit), dice, defend


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
        if kind == "attack":
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
        rs = self.rs
        if action["target"] not in s["units"]:
            self._own_light(s, seat, action["unit"], action["target"], "attacked")
            return
        if all(a.get("type") == "attack" for a in legal):
            return
        found = plain_attack_chance(rs, s, action)
        if found is None or found[0] < LOSS_THRESHOLD:
            return
        chance, dice, defend = found
        unit, target = s["units"][action["unit"]], s["units"][action["target"]]
        self.note(HOPELESS, seat, s["round"],
                  f"{rs.name(unit)} made a {action['mode']} attack on {rs.name(target)}, "
                  f"{dice_count(dice, 'attack')} against {dice_count(defend, 'defence')} "
                  f"({float(chance):.0%} to do no damage), when another action was possible.", round(float(chance), 4))

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
