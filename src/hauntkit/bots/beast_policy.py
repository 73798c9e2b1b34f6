"""The heuristic policy for `beast`: focus fire, positioning by light and cover, interrupts.

**Focus.** Every seat picks the same focus: the living enemy that falls soonest (hit points
over the damage a hunter can expect to deal it; ties: the nearest to any hunter, then its
id), so damage piles onto one enemy until it falls.

**Attacks and abilities** are scored by the damage they can be expected to deal (combat dice
against the target's Defense, Perfect Defense included), on the focus first. An ability's
strike gets a bonus for its rider (a knockback, a debuff) and for being an ability only when it
expects no less damage than the hunter's plain attack from the same space (Shield Shove's 2
dice lose to Blake's 4-dice blow). A long shot (70% or more to do no damage) is refused when the
same hunter has an attack at least 10 points likelier to hurt that draws no attack of
opportunity (the blunder audit's hopeless attack); its best attack, however long, is taken. A ranged attack
or ability made next to an enemy risks an attack of opportunity ("Attack of Opportunity"): it
is taken only when the expected damage is worth that risk; an attack expected to do next to
nothing is left for a safer choice (cover, a step into light, ending the turn). A beam or
AOE whose spaces hold a hunter is never used ("Attack Types": it hits friend and foe), and
nothing of our own side is ever attacked: no hunter, no light source, no barricade.

**Positioning.** A hunter steps only to a space that is strictly better than its own by one
measure, so it never walks back and forth: before its action, closer (walking around walls)
to a space from which it can hit the focus; then lit (darkness costs 1 Defense, "Light and
Darkness"), on cover when the enemies that can reach it fight at range, and away from an
enemy's side when it shoots. Each step that leaves an enemy's side costs the risk of an attack
of opportunity. Cover is taken ("Cover": a Ward of 1 against ranged attacks, +1 damage from
melee) only where no enemy can close to melee next turn. The space a hunter left with its last
step this round is never stepped back onto.

**Ending the turn** is refused (scored below zero) while an attack or ability worth taking
is there: a failed attack costs only the action, and the action is lost when the turn ends,
so giving it up gains nothing (and Hard's rollouts never weigh it against the attack).

**Interrupts** are used when a window opens: the enemy-facing ones on the enemy about to act
(or the focus), the healing and warding ones on a hurt or threatened hunter. Lights are never
put out or carried off.

Between battles, kit choices are made once and never undone (``beast_kit``).
"""

from __future__ import annotations

from typing import Any

from hauntkit.bots.beast_board import HIT, Board, chebyshev, expected_damage, miss_chance
from hauntkit.bots.beast_kit import kit_score
from hauntkit.bots.scoring import ScoringPolicy
from hauntkit.rulesets.beast.data import Content

Action = dict[str, Any]
View = dict[str, Any]
Unit = dict[str, Any]

HARM = -100.0  # anything that hurts our own side
OPPORTUNITY = HIT  # an attack of opportunity: one die, 1 damage on a hit
ATTACK = 60.0
FOCUS = 15.0
STEP = 45.0
STEP_AFTER = 20.0
HOPELESS = 0.25  # expected damage below this is not worth an action when a safer one exists
ACTS = frozenset({"attack", "ability", "interrupt", "free", "command"})
FORFEIT = -0.5  # ending the turn with an action worth taking still there
LONG_SHOT = 0.7  # an attack this likely to do no damage is a long shot (the audit's threshold)
CLEARLY = 0.1  # ... and hopeless when another attack of the hunter is this much likelier to hurt


class Decision:
    """The facts of one decision, read once from the view."""

    def __init__(self, c: Content, view: View) -> None:
        self.c = c
        self.units: dict[str, Unit] = view["units"]
        self.seat = view["seat"]
        self.board = Board(view, c.maps[view["map"]["id"]])
        alive = [u for u in self.units.values() if u["alive"]]
        self.hunters = [u for u in alive if u["side"] == "hunters"]
        self.enemies = [u for u in alive if u["side"] == "enemies"]
        self.light_ids = {li["id"] for li in view["lights"]}
        self.barricade_ids = {b["id"] for b in view["barricades"]}
        self.window = view.get("window")
        self.focus = self._focus()
        self.log = view.get("log", [])

    def _focus(self) -> str | None:
        if not self.enemies:
            return None

        def key(e: Unit) -> tuple[float, int, str]:
            dmg = max(expected_damage(3, self.defense(e), self.reduction(e)), 0.3)
            near = min((chebyshev(e["x"], e["y"], u["x"], u["y"]) for u in self.hunters),
                       default=0)
            return (round(e["hp"] / dmg, 1), near, e["id"])
        return min(self.enemies, key=key)["id"]

    def defense(self, u: Unit) -> int:
        """The defence dice ``u`` rolls: its card's Defense less a defence debuff, and for an
        enemy of a template hindered on a lit tile one less (RULING HR-5); never below 1."""
        base = self.c.stats(u["kind"]).defense
        down = u["st"].get("DEF_DOWN")
        if isinstance(down, list) and len(down) > 1 and isinstance(down[1], int):
            base -= down[1]
        enemy = self.c.enemies.get(u["kind"]) if u["side"] == "enemies" else None
        template = self.c.templates.get(enemy.template) if enemy is not None else None
        if u.get("lit") and getattr(template, "hindered_in_light", False):
            base -= 1
        return max(1, base)

    def reduction(self, u: Unit) -> int:
        """The damage a hit on ``u`` loses to its template (enemies only)."""
        enemy = self.c.enemies.get(u["kind"]) if u["side"] == "enemies" else None
        template = self.c.templates.get(enemy.template) if enemy is not None else None
        return int(getattr(template, "damage_reduction", 0) or 0)

    def opportunists(self, unit: Unit) -> int:
        """The enemies next to ``unit`` that may still take an attack of opportunity on it this
        turn: not Paralyzed or Disarmed, and not one that took it already (from the log's
        ``opportunity`` events since the turn began: one per hunter per turn, HR-9)."""
        taken = set()
        for event in reversed(self.log):
            if event.get("type") == "turn":
                break
            if event.get("type") == "opportunity" and event.get("tgt") == unit["id"]:
                taken.add(event.get("att"))
        return sum(1 for e in self.enemies
                   if chebyshev(unit["x"], unit["y"], e["x"], e["y"]) <= 1
                   and e["id"] not in taken and "PARALYZE" not in e["st"]
                   and "DISARMED" not in e["st"])

    def adjacent_enemies(self, x: int, y: int) -> int:
        return sum(1 for e in self.enemies if chebyshev(x, y, e["x"], e["y"]) <= 1)

    def friendly(self, target: Any) -> bool:
        """True when ``target`` (an id) is one of ours: a hunter, a pet, a light, a barricade."""
        if not isinstance(target, str):
            return False
        if target in self.light_ids or target in self.barricade_ids:
            return True
        u = self.units.get(target)
        return u is not None and u["side"] == "hunters"

    def left_square(self, uid: str) -> tuple[int, int] | None:
        """The space ``uid`` left with its last step, when that step was made this turn (from
        the log: the step before it, or the unit's start space on the map)."""
        this_turn = True
        stepped = False
        for event in reversed(self.log):
            kind = event.get("type")
            if kind == "turn":
                if not stepped:
                    return None
                this_turn = False
            elif kind == "move" and event.get("unit") == uid and "at" in event:
                if stepped:
                    return (event["at"][0], event["at"][1])
                if not this_turn:
                    return None
                stepped = True
        return self.start_square(uid) if stepped else None

    def start_square(self, uid: str) -> tuple[int, int] | None:
        """Where a hunter stood when the battle began: the map's hunter starts in order."""
        hunters = [k for k, u in self.units.items()
                   if u["side"] == "hunters" and u["kind"] in self.c.hunters]
        starts = self.board.md.hunter_starts
        if uid in hunters and hunters.index(uid) < len(starts):
            x, y = starts[hunters.index(uid)]
            return (x, y)
        return None


class BeastPolicy(ScoringPolicy):
    """Scores the legal actions of one seat from its view."""

    def __init__(self, content: Content) -> None:
        self.c = content

    def scores(self, view: View, legal: list[Action]) -> list[float]:
        between_battles = view.get("phase") not in (None, "battle")
        if "units" not in view or (between_battles and not any("unit" in a for a in legal)):
            return [kit_score(self.c, view, a) for a in legal]
        d = Decision(self.c, view)
        scores = self._long_shots(d, legal, [self.score(d, view, a) for a in legal])
        if any(s > 0 and a["type"] in ACTS for a, s in zip(legal, scores, strict=True)):
            # an action worth taking is there: ending the turn would throw it away for nothing
            # (a failed attack costs only the action), so it is refused (Hard never plays it)
            scores = [FORFEIT if a["type"] == "end_turn" else s
                      for a, s in zip(legal, scores, strict=True)]
        return scores

    def _long_shots(self, d: Decision, legal: list[Action], scores: list[float]) -> list[float]:
        """Refuse an attack or strike that is a long shot (``LONG_SHOT`` or more to do no
        damage) when the same hunter has another, drawing no attack of opportunity, at least
        ``CLEARLY`` likelier to hurt and no long shot itself: the audit's hopeless attack
        (docs/balance.md, "The blunder audit"), so that Hard never plays one either."""
        misses = [self._miss(d, a) for a in legal]
        best: dict[str, float] = {}
        for a, miss in zip(legal, misses, strict=True):
            if miss is not None and not self._provokes(d, a):
                best[a["unit"]] = min(best.get(a["unit"], 1.0), miss)
        out = []
        for a, miss, score in zip(legal, misses, scores, strict=True):
            better = best.get(a["unit"], 1.0) if miss is not None else 1.0
            hopeless = miss is not None and miss >= LONG_SHOT and better < LONG_SHOT \
                and better <= miss - CLEARLY
            out.append(min(score, -1.0) if hopeless else score)
        return out

    def _strike(self, d: Decision, a: Action) -> tuple[int, Unit, Any] | None:
        """(dice, target, ability or None) of an attack or a one-target ability strike on an
        enemy; ``None`` for anything else."""
        if a["type"] not in ("attack", "ability") or "unit" not in a:
            return None
        t = d.units.get(a["target"]) if isinstance(a.get("target"), str) else None
        if t is None or t["side"] != "enemies":
            return None
        unit = d.units[a["unit"]]
        if a["type"] == "attack":
            return self._attack_dice(unit, a), t, None
        ab = self.c.abilities.get(unit["kind"], {}).get(a.get("ability", ""))
        if ab is None or not ab.attack or ab.shape != "single":
            return None
        return int(ab.attack), t, ab

    def _miss(self, d: Decision, a: Action) -> float | None:
        """The chance that attack or strike ``a`` does no damage (``None``: not one)."""
        found = self._strike(d, a)
        if found is None:
            return None
        dice, t, ab = found
        cap = 1 if ab is not None and ab.hook == "sneak_attack" else 99
        return miss_chance(dice, min(d.defense(t), cap), d.reduction(t))

    def _provokes(self, d: Decision, a: Action) -> bool:
        """A ranged attack or strike made next to an enemy ("Attack of Opportunity")."""
        found = self._strike(d, a)
        unit = d.units[a["unit"]]
        if found is None or not d.opportunists(unit):
            return False
        _dice, t, ab = found
        if ab is None:
            return bool(a["mode"] == "ranged")
        return ab.style != "melee" and not (ab.hook == "sneak_attack" and chebyshev(
            unit["x"], unit["y"], t["x"], t["y"]) <= 1)

    # -- one action ------------------------------------------------------------------------
    def score(self, d: Decision, view: View, a: Action) -> float:
        kind = a["type"]
        if kind in ("end_turn", "pass"):
            return 0.0
        if kind == "crit":
            return 1.0 if a["reroll"] else 0.5
        if kind == "hex":
            return 1.0 if a["lower"] == "defense" else 0.5
        if kind in ("arc", "second"):
            return HARM if d.friendly(a["target"]) else 10.0 - self._hp(d, a["target"])
        if "unit" not in a:
            return kit_score(self.c, view, a)
        unit = d.units[a["unit"]]
        if kind == "attack":
            return self._attack(d, unit, a)
        if kind in ("ability", "interrupt", "free", "command"):
            return self._ability(d, unit, a)
        if kind == "cover":
            return self._cover(d, unit)
        if kind in ("step", "slip"):
            return self._step(d, unit, a)
        if kind in ("douse", "carry", "steal", "detonate", "run_away"):
            return HARM if kind in ("douse", "carry") else -1.0
        return -1.0  # an unknown action: not taken when a known one will do

    @staticmethod
    def _hp(d: Decision, target: Any) -> float:
        t = d.units.get(target) if isinstance(target, str) else None
        return float(t["hp"]) if t else 0.0

    # -- attacks ---------------------------------------------------------------------------
    def _attack_dice(self, unit: Unit, a: Action) -> int:
        if a.get("weapon"):
            item = self.c.gear.items.get(a["weapon"])
            if item is not None and item.weapon is not None:
                return int(item.weapon.attack)
        stats = self.c.stats(unit["kind"])
        if a["mode"] == "melee":
            return int(stats.melee)
        return int(stats.ranged.attack) if stats.ranged is not None else 0

    def _hit_value(self, d: Decision, unit: Unit, target: Unit, dice: int, ranged: bool,
                   bonus: float = 0.0, defense_cap: int = 99) -> float:
        """The score of an attack of ``dice`` on ``target`` (an enemy); ``defense_cap``: the
        most defence dice the target may roll (Sneak Attack: 1)."""
        defense = min(d.defense(target), defense_cap)
        dmg = expected_damage(dice, defense, d.reduction(target)) + bonus
        risk = OPPORTUNITY * d.adjacent_enemies(unit["x"], unit["y"]) if ranged else 0.0
        net = dmg - risk
        if dmg < HOPELESS or net <= 0:
            return -1.0 if net <= 0 else 5.0 + net  # hopeless: a safer choice comes first
        kill = 4.0 if dmg >= target["hp"] else 0.0
        return ATTACK + (FOCUS if target["id"] == d.focus else 0.0) + 8.0 * net + kill

    def _attack(self, d: Decision, unit: Unit, a: Action) -> float:
        t = d.units.get(a["target"])
        if t is None or t["side"] != "enemies":
            return HARM  # a light source, a barricade or one of ours
        return self._hit_value(d, unit, t, self._attack_dice(unit, a), a["mode"] != "melee")

    def _ability(self, d: Decision, unit: Unit, a: Action) -> float:
        ab = self.c.abilities.get(unit["kind"], {}).get(a.get("ability", ""))
        if ab is None:
            ab = self.c.gear.abilities.get(a.get("ability", ""))
        if ab is None:
            return -1.0
        interrupt = a["type"] == "interrupt"
        target = a.get("target")
        if ab.hook in ("destroy_light", "swap", "move_light"):
            return HARM if ab.hook == "destroy_light" else -1.0
        if ab.shape in ("beam", "aoe") or (ab.shape == "place" and ab.attack):
            return self._area(d, unit, ab, target, interrupt)
        if ab.hook == "create_light":
            return self._light(d, target)
        if ab.shape == "place":
            return 10.0 if ab.hook == "barricade" and d.adjacent_enemies(
                unit["x"], unit["y"]) == 0 and d.enemies else -1.0
        if isinstance(target, str) and target in d.units:
            t = d.units[target]
            if t["side"] == "enemies":
                if ab.targets == "ally":
                    return HARM
                return self._on_enemy(d, unit, ab, t, interrupt)
            return self._on_ally(d, ab, t, interrupt)
        if ab.shape == "self" or target == unit["id"]:
            return self._on_ally(d, ab, unit, interrupt)
        return -1.0

    def _on_enemy(self, d: Decision, unit: Unit, ab: Any, t: Unit, interrupt: bool) -> float:
        if ab.attack:
            ranged = ab.range > 1
            cap = 1 if ab.hook == "sneak_attack" else 99
            # a strike's rider (knockback, a debuff) and the preference for abilities count
            # only when it expects no less damage than the plain attack it replaces
            plain = self._plain_damage(d, unit, t)
            worth = expected_damage(int(ab.attack), min(d.defense(t), cap),
                                    d.reduction(t)) >= plain
            score = self._hit_value(d, unit, t, int(ab.attack), ranged,
                                    bonus=0.5 if ab.effects and worth else 0.0,
                                    defense_cap=cap)
            return score + (2.0 if not interrupt and score > 0 and worth else 0.0)
        # a debuff or a hindrance: best on the enemy about to act, or on the focus
        acting = d.window is not None and d.window.get("unit") == t["id"]
        return 50.0 + (10.0 if acting else 0.0) + (5.0 if t["id"] == d.focus else 0.0)

    def _plain_damage(self, d: Decision, unit: Unit, t: Unit) -> float:
        """The damage ``unit``'s plain attack on ``t`` can be expected to deal from where it
        stands: melee when next to it, else ranged when in reach and sight (0: neither)."""
        stats = self.c.stats(unit["kind"])
        gap = chebyshev(unit["x"], unit["y"], t["x"], t["y"])
        if gap <= 1:
            dice = int(stats.melee)
        elif stats.ranged is not None and gap <= stats.ranged.range and d.board.sees(
                unit["x"], unit["y"], t["x"], t["y"]):
            dice = int(stats.ranged.attack)
        else:
            return 0.0
        return expected_damage(dice, d.defense(t), d.reduction(t))

    @staticmethod
    def _on_ally(d: Decision, ab: Any, t: Unit, interrupt: bool) -> float:
        """Heals, wards, buffs: worth an action on a hurt or threatened hunter."""
        if ab.attack:
            return HARM  # an attack on one of ours
        hurt = t["max"] - t["hp"]
        threatened = d.adjacent_enemies(t["x"], t["y"]) > 0 or (
            d.window is not None and d.window.get("target") == t["id"])
        if interrupt:
            return 40.0 + hurt if hurt >= 2 or threatened else -1.0
        if hurt >= 2:
            return 30.0 + 2.0 * hurt
        return 12.0 if threatened else 2.0

    def _area(self, d: Decision, unit: Unit, ab: Any, target: Any, interrupt: bool) -> float:
        """A beam (target: a direction) or an area (target: a space)."""
        if ab.shape == "beam":
            if not isinstance(target, int):
                return -1.0
            cells = d.board.beam(unit["x"], unit["y"], target, ab.range)
        else:
            if not isinstance(target, list) or len(target) != 2:
                return -1.0
            cells = d.board.area(target[0], target[1], ab.radius)
        spaces = set(cells)
        hit = [u for u in d.enemies if (u["x"], u["y"]) in spaces]
        if any((u["x"], u["y"]) in spaces for u in d.hunters):
            return HARM  # beams and AOEs hit friend and foe alike
        if not hit or not ab.attack:
            return -1.0
        total = sum(expected_damage(int(ab.attack), d.defense(u), d.reduction(u)) for u in hit)
        risk = OPPORTUNITY * d.adjacent_enemies(unit["x"], unit["y"])
        if total - risk < HOPELESS:
            return -1.0
        focus = FOCUS if any(u["id"] == d.focus for u in hit) else 0.0
        return ATTACK + focus + 8.0 * (total - risk) + (2.0 if not interrupt else 0.0)

    @staticmethod
    def _light(d: Decision, target: Any) -> float:
        """A new light source (Flare): worth it on a dark tile where hunters stand."""
        if not isinstance(target, list):
            return -1.0
        tile = d.board.tile_grid[target[1]][target[0]]
        if tile in d.board.lit_tiles:
            return -1.0
        ours = sum(1 for u in d.hunters if d.board.tile_grid[u["y"]][u["x"]] == tile)
        return 30.0 + 5.0 * ours if ours else -1.0

    # -- cover and steps --------------------------------------------------------------------
    def _melee_threat(self, d: Decision, x: int, y: int) -> bool:
        """An enemy can close to melee with (x, y) next turn."""
        for e in d.enemies:
            reach = self.c.stats(e["kind"]).move + 1
            if d.board.walk(e["x"], e["y"], x, y) <= reach:
                return True
        return False

    def _cover(self, d: Decision, unit: Unit) -> float:
        if not d.enemies or self._melee_threat(d, unit["x"], unit["y"]):
            return -1.0  # +1 damage from melee: not where an enemy can reach it
        return 40.0 if unit["acted"] or unit["mv"] <= 0 else 3.0

    def _reach(self, unit: Unit) -> int:
        stats = self.c.stats(unit["kind"])
        return stats.ranged.range if stats.ranged is not None else 1

    def _shooter(self, unit: Unit) -> bool:
        stats = self.c.stats(unit["kind"])
        return stats.ranged is not None and stats.ranged.attack >= stats.melee

    def _worth(self, d: Decision, unit: Unit, x: int, y: int) -> float:
        """How good a space is for ``unit`` now (a step must raise it)."""
        value = 1.5 if d.board.lit(x, y) else 0.0
        adjacent = d.adjacent_enemies(x, y)
        if self._shooter(unit) and adjacent:
            value -= 1.0
        if d.board.covered(x, y) and not self._melee_threat(d, x, y):
            value += 1.0
        target = d.units.get(d.focus) if d.focus else None
        if target is not None and not unit["acted"]:
            value -= 3.0 * self._gap(d, unit, x, y, target)
        return value

    def _gap(self, d: Decision, unit: Unit, x: int, y: int, target: Unit) -> float:
        """0 where ``unit`` could hit ``target`` from (x, y); else the walk to it."""
        tx, ty = target["x"], target["y"]
        cheb = chebyshev(x, y, tx, ty)
        if cheb <= 1:
            return 0.0
        reach = self._reach(unit)
        if cheb <= reach and d.board.sees(x, y, tx, ty):
            return 0.0
        return float(d.board.walk(x, y, tx, ty))

    def _step(self, d: Decision, unit: Unit, a: Action) -> float:
        if not d.enemies:
            return -1.0
        x, y = a["to"]
        if d.left_square(unit["id"]) == (x, y):
            return -2.0  # never straight back
        here = self._worth(d, unit, unit["x"], unit["y"])
        there = self._worth(d, unit, x, y)
        if d.adjacent_enemies(unit["x"], unit["y"]) and "STEALTH" not in unit["st"]:
            there -= 2.0 * OPPORTUNITY * d.adjacent_enemies(unit["x"], unit["y"])
        if "COVER" in unit["st"]:
            there -= 0.5  # leaving cover costs 2 movement
        gain = there - here
        if gain <= 0.01:
            return -2.0
        return (STEP_AFTER if unit["acted"] else STEP) + gain
