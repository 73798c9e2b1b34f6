"""The enemy turn driven by the rules' own AI (RULING R7; rules: "Enemy Turn", "Combat Cards",
"Combat Logic", "Cruelty"). It runs inside ``apply`` as a resumable machine in
``state["eturn"]``: it pauses only where hunter seats may interrupt."""

from __future__ import annotations

from typing import Any, Final

from mypy_extensions import mypyc_attr

from hauntkit.core.log import emit
from hauntkit.core.rng import shuffle
from hauntkit.rulesets.beast.battle import bounty_traits, combat, frames, status
from hauntkit.rulesets.beast.battle.board import (
    blockers,
    dist,
    nearest,
    occupancy,
)
from hauntkit.rulesets.beast.battle.enemy_reach import (
    best_area,
    closest_toward,
    path_to,
    reach_search,
    reaches_from,
)
from hauntkit.rulesets.beast.battle.reach import shielded_by_barricade
from hauntkit.rulesets.beast.gear import using
from hauntkit.rulesets.beast.labels import CARD_ACTION_WORDS, count_of, object_name, space_name
from hauntkit.rulesets.beast.schema import Ability

State = dict[str, Any]
Unit = dict[str, Any]


# Compiled by mypyc as a plain (non-native) class, since BeastRuleset mixes it with the others;
# ``self: Any`` because mypyc would check an annotated self's exact class at run time.
@mypyc_attr(native_class=False)
class EnemySide:
    """Mixin: the enemy turn."""

    def begin_enemy_turn(self: Any, state: State) -> None:
        units: dict[str, Unit] = state["units"]
        enemies = self.c.enemies
        # by CP; ties keep unit order (the index i: a stable sort that never compares units)
        order = sorted([(enemies[u["kind"]].cp, i, u) for i, u in enumerate(units.values())
                        if u["side"] == "enemies" and u["alive"]])
        todo = []
        for _cp, _i, u in order:
            todo.extend([u["id"]] * self.template(u).actions_per_turn)
        deck = list(self.c.deck)
        shuffle(state["rng"], deck)
        state["deck"] = deck
        state["eturn"] = {"todo": todo, "cur": None}

    def draw(self: Any, state: State) -> str:
        return draw_card(self.c, state)

    def enemy_step(self: Any, state: State) -> None:
        """Advance the enemy turn by one step (an activation, a space, or an action)."""
        et = state["eturn"]
        units: dict[str, Unit] = state["units"]
        cur = et["cur"]
        if cur is None:
            if not et["todo"]:
                self.end_side_turn(state)
                return
            uid = et["todo"].pop(0)
            unit = units[uid]
            if not unit["alive"]:
                return
            if "PARALYZE" in unit["st"]:
                emit(state, "paralyzed", f"{self.name(unit)} is paralyzed and loses its action.")
                return
            unit["mv"] = self.movement(state, unit)
            self.consume_immobilize(state, unit)
            et["cur"] = self.plan(state, unit)
            return
        unit = units[cur["uid"]]
        if cur["path"] and unit["alive"] and "PARALYZE" not in unit["st"] and unit["mv"] > 0:
            if not cur["asked"]:
                cur["asked"] = True
                self.open_window(state, unit["id"])
                return
            cur["asked"] = False
            nxt = tuple(cur["path"].pop(0))
            nx, ny = nxt
            walls = self.md(state).walls
            holder = space_holder(state, walls, unit, nxt)
            if holder == FRIEND and cur["path"] and unit["mv"] >= 2 and \
                    space_holder(state, walls, unit, tuple(cur["path"][0])) == FREE:
                # through a friendly unit's space to the next one ("Combat Basics", HR-6)
                emit(state, "move", f"{self.name(unit)} moves through {space_name(nx, ny)}, "
                     f"a space an ally holds, {_toward(self, state, unit, cur)}.",
                     unit=unit["id"], at=list(nxt))
                unit["mv"] -= 1
                nxt = tuple(cur["path"].pop(0))
                nx, ny = nxt
                holder = FREE
            if holder != FREE:
                cur["path"] = []  # the space is taken or blocked: the move ends here
                return
            unit["x"], unit["y"] = nxt
            unit["mv"] -= 1
            emit(state, "move", f"{self.name(unit)} moves to {space_name(nx, ny)}, "
                 f"{_toward(self, state, unit, cur)}.", unit=unit["id"], at=list(nxt))
            if "traps" in state:  # a trap it steps on goes off (using.py)
                using.stepped_on(self, state, unit)
            return
        et["cur"] = None
        if unit["alive"] and "PARALYZE" not in unit["st"] and cur["act"] is not None:
            self.enemy_act(state, unit, cur)

    # -- planning --------------------------------------------------------------------------
    def card_action(self: Any, state: State, unit: Unit) -> tuple[str | None, str, bool]:
        """Draw a card; a disabled ability draws again, and the same card twice loses the
        turn (R7, Tricks of the Trade). Returns (action, card id, cruelty)."""
        c = self.c
        enemy = c.enemies[unit["kind"]]
        first = draw_card(c, state)
        emit(state, "card", f"{self.name(unit)} draws the combat card {c.card_names[first]}: "
             f"{card_intent(c, unit, first)}.", unit=unit["id"], card=first)
        act = c.cards[first]
        if not _disabled(unit, enemy, act):
            return act, first, c.card_cruelty[first]
        again = draw_card(c, state)
        emit(state, "card", f"That action is disabled for {self.name(unit)}, so it draws "
             f"again: the combat card {c.card_names[again]}, {card_intent(c, unit, again)}.",
             unit=unit["id"], card=again)
        act2 = c.cards[again]
        if again == first or _disabled(unit, enemy, act2):
            emit(state, "lose_turn", f"{self.name(unit)} cannot act on that card either and "
                 "loses its turn.")
            return None, again, False
        return act2, again, c.card_cruelty[again]

    def action_spec(self: Any, unit: Unit, act: str) -> Ability:
        return action_spec(self.c, unit, act)

    def ranged_reach(self: Any, unit: Unit, ab: Ability) -> int:
        return ranged_reach(unit, ab)

    def plan(self: Any, state: State, unit: Unit) -> dict[str, Any]:
        act, card, cruelty = self.card_action(state, unit)
        cur = {"uid": unit["id"], "card": card, "act": act, "cruel": cruelty, "path": [],
               "asked": False}
        if act is None:
            return cur
        ab = action_spec(self.c, unit, act)
        units: dict[str, Unit] = state["units"]
        hunters = [uid for uid, u in units.items() if u["side"] == "hunters" and u["alive"]]
        if not hunters:
            return cur
        md = self.md(state)
        block = blockers(state, md)
        occ = occupancy(state)
        bars = state["barricades"]
        reach_map: dict[tuple[int, int], tuple[int, Any]] | None = None
        shape = ab.shape
        if shape == "aoe" or shape == "beam":
            reach_map = reach_search(md, units, bars, unit, block, occ, None)[1]
            best = best_area(md, units, unit, ab, reach_map, block, occ)
            if best is not None:
                cur["path"] = path_to(reach_map, best[0])
                return cur
        reach = 1 if ab.style == "melee" or shape == "self" else ranged_reach(unit, ab)
        if shape == "aoe":
            reach = ab.range + ab.radius
        pool = hunters
        if cruelty:
            ux, uy, span = unit["x"], unit["y"], unit["mv"] + reach
            near = [h for h in hunters if dist(ux, uy, units[h]["x"], units[h]["y"]) <= span]
            pool = near or hunters
        target = self.pick_by_logic(state, unit, pool, cruelty=cruelty)
        cur["target"] = target
        t = units[target]
        if ab.style != "melee" and shape != "self" and shape != "aoe" and shape != "beam":
            reach = reach_on(self.c, reach, t)  # the Stealth Suit: plan with the shorter range
        here = (unit["x"], unit["y"])
        tx, ty = t["x"], t["y"]
        # STEALTH doubles the distance for reaches beyond 1
        stealth = reach > 1 and "STEALTH" in t["st"] and "MARKED" not in t["st"]
        best_cell = None
        if reach_map is None:
            # the search stops at the first space (breadth-first order) that reaches
            path, reach_map = reach_search(md, units, bars, unit, block, occ,
                                           (tx, ty, reach, stealth))
            if path is not None:
                cur["path"] = path
                return cur
            searched: dict[tuple[int, int], Any] = {}  # no space of reach_map reaches
        else:
            searched = reach_map
        for cell in searched:  # breadth-first order: the first that reaches moves least
            if cell != here and cell in occ:
                continue
            if reaches_from(md, block, cell[0], cell[1], tx, ty, reach, stealth):
                best_cell = cell
                break
        if best_cell is None:
            # Out of reach this turn: close in as far as its movement allows.
            best_cell = closest_toward(reach_map, occ, unit, tx, ty)
        cur["path"] = path_to(reach_map, best_cell)
        return cur

    def reachable(self: Any, state: State, unit: Unit, block: frozenset[tuple[int, int]],
                  occ: dict) -> dict[tuple[int, int], tuple[int, Any]]:
        """Breadth-first search: every space reachable this turn (cost, parent), in order of
        cost; enemies pass through each other but never through hunters."""
        return self.reach_search(state, unit, block, occ, None)[1]

    def reach_search(self: Any, state: State, unit: Unit, block: frozenset[tuple[int, int]],
                     occ: dict[tuple[int, int], str],
                     goal: tuple[int, int, int, bool] | None
                     ) -> tuple[list[list[int]] | None, dict[tuple[int, int], tuple[int, Any]]]:
        """``reach_search`` below, for ``block`` = blockers(state, ...)."""
        return reach_search(self.md(state), state["units"], state["barricades"], unit, block,
                            occ, goal)

    def path_to(self: Any, reach_map: dict, cell: tuple[int, int] | None) -> list[list[int]]:
        return path_to(reach_map, cell)

    # -- acting ----------------------------------------------------------------------------
    def enemy_act(self: Any, state: State, unit: Unit, cur: dict[str, Any]) -> None:
        act = cur["act"]
        ab = action_spec(self.c, unit, act)
        if act in ("melee", "range") and "DISARMED" in unit["st"]:
            emit(state, "disarmed", f"{self.name(unit)} is disarmed and cannot attack.")
            return
        md = self.md(state)
        block = blockers(state, md)
        units: dict[str, Unit] = state["units"]
        shape = ab.shape
        if shape == "aoe" or shape == "beam":
            here = {(unit["x"], unit["y"]): (0, None)}
            best = best_area(md, units, unit, ab, here, block, occupancy(state))
            if best is None:
                emit(state, "no_target", f"{self.name(unit)} cannot catch a hunter with "
                     f"{ab.name} from here, so it does nothing more this turn.")
                return
            if "BLIND" in unit["st"] and not combat.blind_check(self, state, unit, ab.range):
                return
            emit(state, "ability", f"{self.name(unit)} uses {ab.name}.", unit=unit["id"],
                 ability=ab.id)
            self.enemy_area(state, unit, ab, act, best[1])
            return
        hook = ab.hook
        if shape == "self" or hook == "destroy_light":
            emit(state, "ability", f"{self.name(unit)} uses {ab.name}.", unit=unit["id"],
                 ability=ab.id)
            self.resolve_ability(state, unit, ab, unit["id"])
            return
        ab_style = ab.style
        reach = 1 if ab_style == "melee" else ranged_reach(unit, ab)
        ux, uy = unit["x"], unit["y"]
        c = self.c
        in_reach = []
        for uid, u in units.items():
            if u["side"] != "hunters" or not u["alive"]:
                continue
            on = reach if ab_style == "melee" else reach_on(c, reach, u)
            if reaches_from(md, block, ux, uy, u["x"], u["y"], on, on > 1 and
                            "STEALTH" in u["st"] and "MARKED" not in u["st"]):
                in_reach.append(uid)
        if not in_reach:
            emit(state, "no_target", f"{self.name(unit)} has no hunter within reach of "
                 f"{action_words(act, ab)}, so it does nothing more this turn.")
            return
        target: str = cur.get("target") or ""  # none yet: pick one
        if target not in in_reach:
            target = self.pick_by_logic(state, unit, in_reach, cruelty=cur["cruel"])
        t = units[target]
        attack = ab.attack
        if attack and reach > 1 and shielded_by_barricade(state, unit, t):
            bar = nearest(state["barricades"], t["x"], t["y"])
            target = bar["id"]
        if "BLIND" in unit["st"] and not combat.blind_check(self, state, unit, reach):
            return
        aimed_at = object_name(state, target) if target not in units else self.name(t)
        shield = f", which stands between it and {self.name(t)}" if target not in units else ""
        doing = f"makes {action_words(act, ab)}" if act in ("melee", "range") else \
            f"uses {ab.name}"
        emit(state, "enemy_action", f"{self.name(unit)} {doing} on {aimed_at}{shield}.",
             unit=unit["id"], ability=ab.id, target=target)
        if hook == "hex":
            self.resolve_ability(state, unit, ab, target)
            return
        if not attack:
            self.apply_effects(state, ab, unit, t, hit=True, damaged=False)
            return
        slot = act if act.startswith("s") else None
        style = ab_style if ab_style != "special" or reach <= 1 else "special"
        state["queue"].append(frames.frame(unit["id"], target, mode=act, atk=attack,
                                           el=ab.element, style=style, ab=slot,
                                           mult=ab.crit_multiplier,
                                           reach=1 if ab_style == "melee" else ab.range))
        if style != "melee" and reach > 1 and bounty_traits.quickshot(state, unit):
            others = [uid for uid in in_reach if uid != target]
            if others:  # QUICKSHOT: the ranged attack takes a second hunter in reach
                second = self.pick_by_logic(state, unit, others, cruelty=cur["cruel"])
                emit(state, "enemy_action", f"Quickshot: {self.name(unit)} turns "
                     f"{action_words(act, ab)} on {self.name(state['units'][second])} too.",
                     unit=unit["id"], ability=ab.id, target=second)
                state["queue"].append(frames.frame(unit["id"], second, mode=act,
                                                   atk=attack, el=ab.element, style=style,
                                                   ab=slot, mult=ab.crit_multiplier,
                                                   reach=ab.range))
        if style == "melee" and "CLEAVE" in unit["st"]:
            for uid in self.adjacent_enemies(state, unit):
                if uid != target:
                    state["queue"].append(frames.frame(unit["id"], uid, mode=act,
                                                       atk=attack, el=ab.element,
                                                       style="melee", ab=slot, reach=1))

    def enemy_area(self: Any, state: State, unit: Unit, ab: Ability, act: str, aim: Any) -> None:
        """Beams and AOEs hit everyone in the area, allies included, each rolled apart; then
        the ability cools down 2 rounds unless it says otherwise ("Attack Types", HR-18)."""
        cd = AREA_COOLDOWN if ab.cooldown is None else ab.cooldown
        if cd:
            unit["cd"][act] = cd
        targets = self.area_targets(state, unit, ab, aim)
        for tid in targets:
            if ab.attack:
                state["queue"].append(frames.frame(unit["id"], tid, mode=act, atk=ab.attack,
                                                   el=ab.element, style="special", ab=act,
                                                   mult=ab.crit_multiplier, reach=99))
            else:
                self.apply_effects(state, ab, unit, state["units"][tid], hit=True,
                                   damaged=False)



_LOOK_BACK: Final = 200  # log events read back to find the activation's card (_toward)
AREA_COOLDOWN: Final = 2  # "Attack Types": beams and AOEs, unless indicated otherwise
FREE: Final = 0
FRIEND: Final = 1  # a living unit of the mover's side: it may be passed through
BLOCKED: Final = 2  # a wall, a barricade or a hostile unit


def space_holder(state: State, walls: Any, unit: Unit, cell: tuple[int, ...]) -> int:
    """What holds ``cell`` for ``unit`` moving onto it: FREE, FRIEND or BLOCKED."""
    if cell in walls:
        return BLOCKED
    cx, cy = cell[0], cell[1]
    for b in state["barricades"]:
        if b["x"] == cx and b["y"] == cy:
            return BLOCKED
    for u in state["units"].values():
        if u["x"] == cx and u["y"] == cy and u["alive"]:
            return FRIEND if u["side"] == unit["side"] else BLOCKED
    return FREE


def draw_card(c: Any, state: State) -> str:
    """The next card: a forced one first, else the deck's top (reshuffled when empty)."""
    if state["forced"]:
        return state["forced"].pop(0)
    if not state["deck"]:
        deck = list(c.deck)
        shuffle(state["rng"], deck)
        state["deck"] = deck
    return state["deck"].pop(0)


def action_words(act: str, ab: Ability) -> str:
    """What an enemy's card makes it do, in words: ``"a melee attack"``, ``"a ranged
    attack"``, or the ability's name."""
    if act == "melee":
        return "a melee attack"
    if act == "range":
        return "a ranged attack"
    return ab.name


def card_intent(c: Any, unit: Unit, card: str) -> str:
    """What a drawn combat card tells ``unit`` to do ("Combat Cards", "Cruelty"): ``"a melee
    attack"``, ``"its second special ability, Kneecap"``, with cruelty when the card has it."""
    act = c.cards[card]
    what = CARD_ACTION_WORDS.get(act, act)
    if act not in ("melee", "range"):
        spec = getattr(c.enemies[unit["kind"]], act, None)
        if spec is not None:
            what = f"{what}, {spec.name}"
    if c.card_cruelty[card]:
        what += " with cruelty, so it goes for the hunter with the least Health it can reach"
    return what


def _toward(rs: Any, state: State, unit: Unit, cur: dict[str, Any]) -> str:
    """Where a moving enemy heads and how far it has come this activation, from the log:
    ``"toward Fei (2 squares so far)"``."""
    target = state["units"].get(cur.get("target") or "")
    goal = f"toward {rs.name(target)}" if target is not None else "toward the hunters"
    moved = 1
    uid = unit["id"]
    log: list[dict[str, Any]] = state["log"]
    for i in range(len(log) - 1, max(-1, len(log) - 1 - _LOOK_BACK), -1):
        event = log[i]
        if event.get("unit") != uid:
            continue
        kind = event["type"]
        if kind == "card":
            break
        if kind == "move":
            moved += 1
    return f"{goal} ({count_of(moved, 'square')} so far)"


def _disabled(unit: Unit, enemy: Any, act: str) -> bool:
    """A card's action the enemy cannot take now: no ranged attack, Tricks of the Trade on
    Special 1, or an ability still cooling down (a beam or AOE, HR-18)."""
    if act == "range" and enemy.ranged is None:
        return True
    if act in unit["cd"]:
        return True
    return act == "special1" and "TRICKS" in unit["st"]


def action_spec(c: Any, unit: Unit, act: str) -> Ability:
    if act == "melee":
        return c.basic[unit["kind"]]["melee"]
    if act == "range":
        return c.basic[unit["kind"]]["range"]
    return getattr(c.enemies[unit["kind"]], act)


def reach_on(c: Any, reach: int, target: Unit) -> int:
    """An enemy's single-target ranged ``reach`` against the hunter ``target``: a Stealth Suit
    on it lowers the Range by its value (Defense Gear Shop, "Stealth Suit"; combat.py checks
    the same when the dice would be rolled)."""
    if "gear" in target:
        return reach - c.gear.profile(target).shroud
    return reach


def ranged_reach(unit: Unit, ab: Ability) -> int:
    """A single-target action's range, SUPPRESSED shortening it (SMG Suppressive Fire;
    RULING HR-45: never below 1)."""
    cut = status.value(unit, "SUPPRESSED")
    return max(1, ab.range - cut) if cut and ab.range > 1 else ab.range
