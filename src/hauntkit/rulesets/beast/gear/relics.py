"""Relics beyond a plain ability: the Occult check and its levels, and the relic hooks
(rules: "Gear Shop / Relics"; RULINGS HR-38, HR-101): Constantine's Lighter II (move a light),
Crones Finger II (FROZEN on a hit), Pyromaniacs Lantern II (an interrupt; gear.use_variants),
Broken Phylactery (an interrupt back when anyone dies), Broken Stopwatch (statuses last a turn
longer), Rain Stick (the weather), Philosophers Dust (an ability's element) and the Gothic
Bell (an enemy under the user's control).
"""

from __future__ import annotations

from typing import Any

from hauntkit.core.log import emit
from hauntkit.rulesets.beast.battle import frames, status
from hauntkit.rulesets.beast.battle.board import blockers, dist, los
from hauntkit.rulesets.beast.labels import element_word, space_of, status_word
from hauntkit.rulesets.beast.schema import ELEMENTS, Ability

State = dict[str, Any]
Unit = dict[str, Any]
WEATHER_TURNS = 3  # Rain Stick: "Lasts 3 turns"


def knows_occult(rs: Any, state: State, unit: Unit) -> bool:
    """Whether the unit has the Occult skill (a value of 1 or more, augments and boosts
    counted): relics "can only be used by those knowledgeable in the Occult" ("Gear and
    Equipment", "Relics")."""
    return rs.skill_values(state, unit).get("occult", 0) > 0


def relic_check(rs: Any, state: State, unit: Unit, ab: Ability) -> Ability | None:
    """Relics: the Occult check (one d6 roll) before the effect, or it fails (None). A roll
    that also reaches level II's number resolves the level II form where there is one
    (Crones Finger: FROZEN on a hit)."""
    check = getattr(ab, "check", None)
    if not check:
        return ab
    total = rs.skill_roll(state, unit, "occult", check[0])
    if total < check[0]:
        return None
    if getattr(ab, "level2", None) == "freeze" and len(check) > 1 and total >= check[1]:
        return rs.c.gear.abilities.get(f"{ab.id}-ii", ab)
    return ab


# -- Constantine's Lighter II --------------------------------------------------------------
def _movable(state: State) -> list[dict]:
    return [li for li in state["lights"] if "carrier" not in li]


def move_light_targets(rs: Any, state: State, unit: Unit, ab: Ability) -> list[dict]:
    """One target per unlit map tile: its free space nearest the user (RULING HR-101)."""
    if not _movable(state):
        return []
    md = rs.md(state)
    block = blockers(state, md)
    lit = {md.tile_of[(li["x"], li["y"])] for li in state["lights"]}
    best: dict[int, tuple[int, int, int]] = {}
    for (x, y), tile in md.tile_of.items():
        if tile in lit or (x, y) in block:
            continue
        key = (dist(unit["x"], unit["y"], x, y), y, x)
        if tile not in best or key < best[tile]:
            best[tile] = key
    return [{"type": "ability", "unit": unit["id"], "ability": ab.id, "target": [k[2], k[1]]}
            for k in sorted(best.values())]


def move_light(rs: Any, state: State, unit: Unit, target: list[int]) -> None:
    """The light nearest the user (ties: the older) is drawn to the chosen space."""
    lights = _movable(state)
    if not lights:
        return
    li = min(lights, key=lambda li: dist(unit["x"], unit["y"], li["x"], li["y"]))
    li["x"], li["y"] = target[0], target[1]
    emit(state, "light_moved", f"{rs.name(unit)} draws a light to {space_of(target)}.",
         obj=li["id"])


# -- Broken Phylactery ---------------------------------------------------------------------
def on_death(rs: Any, state: State, dead: Unit) -> None:
    """Whenever anyone dies, each living wearer rolls its Occult check; on a success it
    regains an interrupt: the one it used this turn, else a charge of its first spent one."""
    for u in state["units"].values():
        if not u["alive"] or "gear" not in u:
            continue
        need = rs.c.gear.profile(u).regain_on_death
        if not need or not knows_occult(rs, state, u) \
                or rs.skill_roll(state, u, "occult", need) < need:
            continue
        if u["intr"]:
            u["intr"] = False
        else:
            spent = next((a for a in rs.c.interrupts.get(u["kind"], ())
                          if a.charges is not None and u["ch"].get(a.id, 0) < a.charges), None)
            if spent is None:
                continue
            u["ch"][spent.id] += 1
        emit(state, "interrupt_back", f"{rs.name(u)} regains an interrupt (Broken "
             "Phylactery).", unit=u["id"])


# -- Broken Stopwatch ----------------------------------------------------------------------
def stopwatch(rs: Any, state: State, unit: Unit, target: str) -> None:
    """Each timed status on the target lasts one more turn; a status already lengthened
    keeps its clock until it is applied afresh (its list carries a third entry)."""
    t = state["units"][target]
    for name, v in t["st"].items():
        if v[0] >= status.PERMANENT or name in status._NOT_TIMED or len(v) > 2:
            continue
        v[0] += 1
        v.append(1)
        emit(state, "status", f"{rs.name(t)} stays {status_word(name)} a turn longer.",
             unit=t["id"], status=name, turns=v[0], value=v[1])


# -- Rain Stick ----------------------------------------------------------------------------
def rain_stick(rs: Any, state: State, unit: Unit, ab: Ability) -> None:
    """For 3 hunters' turns (this one first, as HR-49 counts), the picked element's status
    effects happen on any HIT, whoever attacks (combat._roll)."""
    state["weather"] = [ab.element, WEATHER_TURNS]
    emit(state, "weather", f"{rs.name(unit)} calls up {element_word(ab.element)} weather.",
         element=ab.element)


def weather_fades(state: State) -> None:
    state["weather"][1] -= 1
    if state["weather"][1] <= 0:
        del state["weather"]
        emit(state, "weather_end", "The weather settles.")


# -- Philosophers Dust ---------------------------------------------------------------------
def dust(rs: Any, state: State, unit: Unit, ab: Ability, target: str) -> None:
    """The target's attacks and abilities are of the picked element for 1 of its turns."""
    t = state["units"][target]
    t["st"]["DUSTED"] = [1, ELEMENTS.index(ab.element)]
    emit(state, "status", f"{rs.name(t)}'s attacks turn {element_word(ab.element)}.",
         unit=t["id"], status="DUSTED", turns=1, value=ELEMENTS.index(ab.element))


# -- Gothic Bell ---------------------------------------------------------------------------
def bell_targets(rs: Any, state: State, actions: list[dict]) -> list[dict]:
    """Each enemy the bell may take: alone (held), or with another enemy it would attack."""
    out: list[dict] = []
    md = rs.md(state)
    block = blockers(state, md)
    for a in actions:
        e = state["units"][a["target"]]
        out.append(a)
        stats = rs.c.stats(e["kind"])
        reach = stats.ranged.range if getattr(stats, "ranged", None) else 1
        for vid, v in state["units"].items():
            if vid == e["id"] or not v["alive"] or v["side"] != e["side"]:
                continue
            d = dist(e["x"], e["y"], v["x"], v["y"])
            if d <= 1 or (d <= reach and los(md, block, e["x"], e["y"], v["x"], v["y"])):
                out.append(dict(a, target=[e["id"], vid]))
    return out


def bell(rs: Any, state: State, unit: Unit, target: Any) -> None:
    """The enemy is the user's for 1 turn (RULING HR-101): now, if the user named a victim,
    it attacks that fellow enemy (melee when next to it, else its ranged attack); and its own
    next turn is lost (held at the start of the enemies' turn)."""
    eid, victim = (target, None) if isinstance(target, str) else (target[0], target[1])
    e = state["units"][eid]
    state.setdefault("bell", []).append(eid)
    emit(state, "controlled", f"{rs.name(unit)} rings the bell: {rs.name(e)} obeys.",
         unit=eid)
    if victim is None:
        return
    v = state["units"][victim]
    stats = rs.c.stats(e["kind"])
    if dist(e["x"], e["y"], v["x"], v["y"]) <= 1:
        fr = frames.frame(eid, victim, mode="melee", atk=stats.melee,
                          el=stats.melee_element, style="melee")
    else:
        fr = frames.frame(eid, victim, mode="range", atk=stats.ranged.attack,
                          el=stats.ranged.element, style="ranged", reach=stats.ranged.range)
    state["queue"].append(fr)


def bell_holds(rs: Any, state: State) -> None:
    """At the start of the enemies' turn, the enemies the bell took lose that turn."""
    for eid in state.pop("bell"):
        e = state["units"][eid]
        if e["alive"]:
            e["st"]["PARALYZE"] = [1, 1]
            emit(state, "status", f"{rs.name(e)} stands still, spent by the bell.",
                 unit=eid, status="PARALYZE", turns=1, value=1)
