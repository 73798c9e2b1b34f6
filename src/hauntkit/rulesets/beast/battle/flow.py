"""Turn flow of a battle: side turns and their clocks, the end of the battle, the resolution
loop that runs until a seat must decide, and interrupt windows (rules: "Combat Rules",
"Interrupts"; RULINGS R6, R7, HR-3, HR-4, HR-14).

The work is in module-level functions of the ruleset ``rs``: calls among them (and from
battle.py) are native calls in the compiled group; FlowMixin's methods delegate to them."""

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr

from hauntkit.core.log import emit
from hauntkit.rulesets.beast.battle import combat, status
from hauntkit.rulesets.beast.battle.board import blockers, dist, occupancy
from hauntkit.rulesets.beast.battle.hunter_options import kind_facts, ready
from hauntkit.rulesets.beast.battle.reach import Scan, target_list
from hauntkit.rulesets.beast.gear import relics, using, utility
from hauntkit.rulesets.beast.labels import count_of
from hauntkit.rulesets.beast.records import record_of

State = dict[str, Any]
Action = dict[str, Any]
SIDES = ("hunters", "enemies")


# Compiled by mypyc as a plain (non-native) class, since BeastRuleset mixes it with the others;
# ``self: Any`` because mypyc would check an annotated self's exact class at run time.
@mypyc_attr(native_class=False)
class FlowMixin:
    """Mixin: turn flow and interrupt windows."""

    def start_side_turn(self: Any, state: State, side: str) -> None:
        start_side_turn(self, state, side)

    def end_side_turn(self: Any, state: State) -> None:
        end_side_turn(self, state)

    def finish(self: Any, state: State, winner: str | None, why: str) -> None:
        finish(state, winner, why)

    def check_end(self: Any, state: State) -> bool:
        return check_end(state)

    def count_alive(self: Any, state: State) -> None:
        """Recount the living units of each side (kept in ``state["alive"]``)."""
        count_alive(state)

    def run(self: Any, state: State) -> None:
        """Resolve until a seat must decide or the battle ends."""
        run(self, state)

    def any_hunter_seat_left(self: Any, state: State) -> bool:
        return any_hunter_seat_left(state)

    def hunter_seats_left(self: Any, state: State) -> list[int]:
        return hunter_seats_left(state)

    def open_window(self: Any, state: State, focus: str | None) -> None:
        """Offer interrupts before an enemy's dice are rolled (``focus`` None) or before each
        space of its move (only interrupts that can target the mover, ``focus``)."""
        state["window"] = {"focus": focus, "passed": [], "seat": None}

    def window_options(self: Any, state: State, seat: int) -> list[Action]:
        return window_options(self, state, seat)

    def window_seat(self: Any, state: State) -> int | None:
        return window_seat(self, state)


# -- turn flow -----------------------------------------------------------------------------
def start_side_turn(rs: Any, state: State, side: str) -> None:
    state["side"] = side
    if side == state["first"]:
        state["round"] += 1
    code = SIDES.index(side)
    units: dict[str, dict[str, Any]] = state["units"]
    for u in units.values():
        nh = u["st"].get("NO_HEAL")
        if nh and nh[1] == code:
            del u["st"]["NO_HEAL"]
    for u in units.values():
        if u["side"] != side or not u["alive"]:
            continue
        # Cool downs count down at the start of each turn.
        cd = u["cd"]
        u["cd"] = {k: v - 1 for k, v in cd.items() if v > 1} if cd else {}
        u["flags"] = {}
        u["acted"] = False
        u["st"].pop("NO_DEFEND", None)
        if side == "hunters":
            u["intr"] = False
            u["mv"] = rs.movement(state, u)
            rs.consume_immobilize(state, u)
            x, y = u["x"], u["y"]
            for e in units.values():  # any adjacent enemy (adjacent_enemies)
                if e["alive"] and e["side"] != side and -1 <= e["x"] - x <= 1 \
                        and -1 <= e["y"] - y <= 1:
                    u["flags"]["adj0"] = 1
                    break
        if "POISON" in u["st"]:
            rs.poison_roll(state, u)
        if u["alive"] and "BURNING" in u["st"]:
            rs.burn(state, u)
    emit(state, "turn", f"Round {state['round']}: the {side}' turn.", side=side,
         round=state["round"])
    rs.skills_turn_start(state, side)
    if side == "hunters":
        state["passed"] = []
        if "calm" in state or "crimson" in state:
            using.hunters_turn_starts(state)
    else:
        if "bell" in state:
            relics.bell_holds(rs, state)  # Gothic Bell
        rs.begin_enemy_turn(state)


def end_side_turn(rs: Any, state: State) -> None:
    side = state["side"]
    units: dict[str, dict[str, Any]] = state["units"]
    for u in units.values():
        if u["side"] == side and u["alive"]:
            status.end_of_turn(state, u, ctx=rs)
    if side == "hunters" and any("turns" in li for li in state["lights"]):
        using.lights_fade(state)
    if side == "hunters" and "weather" in state:
        relics.weather_fades(state)  # Rain Stick
    if side == "hunters" and state["fog"]:
        state["fog"]["turns"] -= 1
        if state["fog"]["turns"] <= 0:
            state["fog"] = None
    if side == "enemies":
        state["eturn"] = None
        if "traps" in state and any("turns" in t for t in state["traps"]):
            utility.traps_fade(state)  # Caltrops
    if side != state["first"]:
        mission = state["mission"]
        if mission["type"] == "survive" and state["round"] >= mission["rounds"]:
            finish(state, "hunters", f"the hunters held out {count_of(mission['rounds'], 'round')}")
            return
        if state["round"] >= state["max_rounds"]:
            finish(state, None, "the round limit was reached")
            return
    start_side_turn(rs, state, SIDES[1 - SIDES.index(side)])


def finish(state: State, winner: str | None, why: str) -> None:
    state["result"] = {"winner": winner, "reason": why, "rounds": state["round"]}
    state["pending"] = None
    state["window"] = None
    emit(state, "battle_end", f"The battle is over: {why}.", winner=winner)


def check_end(state: State) -> bool:
    if state["result"] is not None:
        return True
    # No second look at state["result"]: mypy keeps it narrowed to None after the test
    # above (a call does not undo that), and mypyc would compile the look as a constant.
    alive: list[int] = state["alive"]  # [hunters, enemies]
    if not alive[1]:
        finish(state, "hunters", "every enemy is defeated")
        return True
    if not alive[0]:
        finish(state, "enemies", "every hunter is dead or mad")
        return True
    return False


def count_alive(state: State) -> None:
    alive = [0, 0]
    units: dict[str, dict[str, Any]] = state["units"]
    for u in units.values():
        if u["alive"]:
            alive[u["side"] == "enemies"] += 1
    state["alive"] = alive


def run(rs: Any, state: State) -> None:
    while not check_end(state):
        if state["pending"]:
            return
        if "offers" in state and rs.next_offer(state):
            return  # Trigger Happy (hunters/trigger.py)
        window = state["window"]
        if window is not None:
            seat = window_seat(rs, state)
            if seat is not None:
                window["seat"] = seat
                return
            state["window"] = None
            continue
        queue = state["queue"]
        if queue:
            fr = queue[0]
            if combat.step(rs, state, fr):
                for i, f in enumerate(queue):
                    if f is fr:
                        del queue[i]
                        break
            continue
        if state["side"] == "enemies":
            rs.enemy_step(state)
            continue
        if any_hunter_seat_left(state):
            return
        end_side_turn(rs, state)


def any_hunter_seat_left(state: State) -> bool:
    """``bool(hunter_seats_left(state))``, stopping at the first such seat."""
    passed = state["passed"]
    units: dict[str, dict[str, Any]] = state["units"]
    for u in units.values():
        side: str = u["side"]  # typed: a native string comparison
        if side == "hunters" and u["alive"] and u["seat"] not in passed:
            return True
    return False


def hunter_seats_left(state: State) -> list[int]:
    passed = state["passed"]
    seats: list[int] = []
    units: dict[str, dict[str, Any]] = state["units"]
    for u in units.values():
        side: str = u["side"]  # typed: a native string comparison; first, to rule out enemies
        if side == "hunters" and u["alive"]:
            seat = u["seat"]
            if seat not in passed and seat not in seats:
                seats.append(seat)
    if len(seats) > 1:
        seats.sort()
    return seats


# -- interrupt windows (rules: "Interrupts") -----------------------------------------------
def window_options(rs: Any, state: State, seat: int) -> list[Action]:
    window = state["window"]
    focus = window["focus"]
    maps: dict[str, Any] = rs.c.maps
    md = maps[state["map"]]  # rs.md
    occ, block = occupancy(state), blockers(state, md)
    out: list[Action] = []
    units: dict[str, dict[str, Any]] = state["units"]
    c = rs.c
    for u in units.values():
        if u["seat"] != seat or u["side"] != "hunters" or not u["alive"]:
            continue
        scan: Scan | None = None  # the unit's view, shared by its interrupts' targets
        for ab in rs.unit_interrupts(state, u):
            f = record_of(ab)
            if not ready(rs, u, f):  # interrupt_ready
                continue
            if scan is None:
                scan = Scan(state, u, md, block)
            for a in target_list(rs, scan, f, occ, "interrupt"):  # ability_targets
                if focus is None or a["target"] == focus:
                    out.append(a)
        kf = kind_facts(c, u["kind"])
        if kf.hunter and kf.passives:
            out.extend(rs.card_plays(state, u, occ, block, focus))
    return out


def window_seat(rs: Any, state: State) -> int | None:
    """Simultaneous interrupts go to the player next in turn order: seats are asked in
    seat order, as the hunters are next after the enemy (HR-3)."""
    window = state["window"]
    passed, focus = window["passed"], window["focus"]
    mover = state["units"][focus] if focus else None
    seats = set()
    hands = state["clash"].get("hands", {}) if "clash" in state else None
    units: dict[str, dict[str, Any]] = state["units"]
    c = rs.c
    for u in units.values():  # cheap filter before listing targets
        side: str = u["side"]
        if side != "hunters" or u["seat"] in passed or not u["alive"]:
            continue
        if hands and hands.get(u["id"]) and "card_casting" in rs.passives(u):
            seats.add(u["seat"])  # clash cards are free actions, any time
            continue
        if u["intr"]:
            continue
        kf = kind_facts(c, u["kind"])  # unit_interrupts, its call skipped for a hunter's card
        if "gear" in u or kf.passives:  # alone (a pet's kind: none)
            own = [record_of(ab) for ab in rs.unit_interrupts(state, u)]
        else:
            own = [f for f in kf.abilities if f.kind == "interrupt"]
        for f in own:
            if (mover is None or (f.targets != "ally" and f.shape != "self" and dist(
                    u["x"], u["y"], mover["x"], mover["y"]) <= f.range + 1)) and \
                    ready(rs, u, f):  # interrupt_ready
                seats.add(u["seat"])
                break
    for seat in sorted(seats):
        if window_options(rs, state, seat):
            return seat
    return None
