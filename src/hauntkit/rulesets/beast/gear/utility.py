"""Utility and miscellaneous items with an effect of their own (rules: "Gear Shop / Utility
Shop": Traps, Battery Items, Miscellaneous Items; "Consumable Shop"; "Defense Gear Shop":
Thief's Glove; "Augment Shop": Rule Book; RULINGS HR-102, HR-103): Dummies Guides, Surgeon
Mask, Wicked Pencil, Flood Light, Caltrops' map tile, Night Vision Goggles' battery, stealing
with the Thief's Glove, and reading a Rule Book between battles.
"""

from __future__ import annotations

from typing import Any

from hauntkit.core.errors import IllegalActionError
from hauntkit.core.log import emit
from hauntkit.rulesets.beast.battle import dice, frames, status
from hauntkit.rulesets.beast.battle.board import blockers, dist
from hauntkit.rulesets.beast.labels import faces_text, space_of

State = dict[str, Any]
Unit = dict[str, Any]
GUIDE = "gear-guide"  # key in unit["ch"]: the bonus waiting for the next skill check
PENCIL_MAX = 10  # the longest chain of hits a Wicked Pencil rolls (the most attack dice)
CALTROPS_TURNS = 2  # "Lasts 2 turns once triggered"
STEAL_CHECK = 5  # RULING HR-103: Deception 5+ to steal
RULE_BOOK_LEVEL = 2  # "Upgrade a Hunter's non-trained skill to skill level 2"


def guide(rs: Any, state: State, unit: Unit, ab: Any, target: str) -> None:
    """Dummies Guide (+1) / Dummies Guide + (+2): the bonus waits for the target's next skill
    check; guides do not stack: the larger bonus is kept."""
    t = state["units"][target]
    t["ch"][GUIDE] = max(t["ch"].get(GUIDE, 0), ab.bonus)
    emit(state, "guide", f"{rs.name(t)} has +{t['ch'][GUIDE]} on the next skill check.",
         unit=t["id"], bonus=t["ch"][GUIDE])


def mask(rs: Any, state: State, unit: Unit, target: str) -> None:
    """Surgeon Mask: for 2 turns enemy logic takes the target for a healer."""
    status.apply(rs, state, state["units"][target], "MASKED", 2, 1)


def pencil(rs: Any, state: State, unit: Unit, ab: Any, target: str) -> None:
    """Wicked Pencil: a die rolled again while it hits; the hits are the attack value, and
    that attack's double swords get past defence (as an aimed shot)."""
    faces: list[int] = []
    while len(faces) < PENCIL_MAX:
        f = dice.combat(state, 1)[0]
        if f == dice.BLANK:
            break
        faces.append(f)
    emit(state, "pencil", f"The Wicked Pencil writes {len(faces)} hit(s)"
         f"{': ' + faces_text(faces) if faces else ''}.", faces=faces)
    if not faces:
        return
    fr = frames.frame(unit["id"], target, mode="ability", atk=len(faces), el=ab.element,
                      style="melee", ab=ab.id, reach=1)
    fr["aimed"] = True
    state["queue"].append(fr)


def _tile_spot(rs: Any, state: State, unit: Unit, tile: int) -> tuple[int, int] | None:
    md = rs.md(state)
    block = blockers(state, md)
    spots = {(li["x"], li["y"]) for li in state["lights"]}
    cells = [c for c, t in md.tile_of.items() if t == tile and c not in block and c not in spots]
    return min(cells, key=lambda c: (dist(unit["x"], unit["y"], c[0], c[1]), c[1], c[0]),
               default=None)


def _next_to(rs: Any, state: State, unit: Unit, li: dict) -> tuple[int, int] | None:
    md = rs.md(state)
    block = blockers(state, md)
    spots = {(x["x"], x["y"]) for x in state["lights"]}
    cells = [c for c in md.neighbours.get((li["x"], li["y"]), ())
             if c not in block and c not in spots]
    return min(cells, key=lambda c: (dist(unit["x"], unit["y"], c[0], c[1]), c[1], c[0]),
               default=None)


def flood_light(rs: Any, state: State, unit: Unit, ab: Any, target: list[int]) -> None:
    """Flood Light: 3 light sources, the first on the chosen space, each next one on an unlit
    map tile next to the one before (its free space nearest the user), or with no such tile
    on a free space next to the last light (HR-102)."""
    md = rs.md(state)
    rs.resolve_plain(state, unit, ab.model_copy(update={"hook": "create_light"}), target)
    tile = md.tile_of[(target[0], target[1])]
    for _ in range(ab.lights - 1):
        lit = {md.tile_of[(li["x"], li["y"])] for li in state["lights"]}
        near = sorted({md.tile_of[n] for (x, y), t in md.tile_of.items() if t == tile
                       for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
                       if n in md.tile_of} - lit)
        spot = next((s for s in (_tile_spot(rs, state, unit, t) for t in near) if s), None)
        if spot is None:  # no unlit tile next to it: a free space next to the last light
            spot = _next_to(rs, state, unit, state["lights"][-1])
        if spot is None:
            return
        rs.resolve_plain(state, unit, ab.model_copy(update={"hook": "create_light"}),
                         list(spot))
        tile = md.tile_of[spot]


def tile_trap_hit(rs: Any, state: State, trap: dict, unit: Unit) -> None:
    """Caltrops: an enemy on a space of the trap's map tile is attacked, once a turn each;
    the first such step starts the caltrops' 2 enemies' turns."""
    if unit["id"] in trap.setdefault("hit", []):
        return
    trap["hit"].append(unit["id"])
    trap.setdefault("turns", CALTROPS_TURNS)
    ab = rs.c.gear.abilities[trap["ability"]]
    emit(state, "trap_sprung", f"{ab.name} bite at {space_of((unit['x'], unit['y']))}.",
         obj=trap["id"])
    fr = frames.frame(trap["owner"], unit["id"], mode="ability", atk=ab.attack, el=ab.element,
                      style="special", ab=ab.id, reach=99)
    fr["asked"] = True
    fr["trap"] = True
    state["queue"].append(fr)


def traps_fade(state: State) -> None:
    """At the end of the enemies' turn, set-off caltrops count down and are gone at 0."""
    for trap in list(state["traps"]):
        if "turns" in trap:
            trap["turns"] -= 1
            trap["hit"] = []
            if trap["turns"] <= 0:
                state["traps"].remove(trap)
                emit(state, "trap_gone", "The caltrops are trodden away.", obj=trap["id"])
    if not state["traps"]:
        del state["traps"]


def goggles_battery(rs: Any, state: State, unit: Unit, ab: Any) -> None:
    """Night Vision Goggles switched on: their battery rolls a die; on a MISS it dies and the
    goggles cannot be used again this battle (HR-102)."""
    face = dice.combat(state, 1)[0]
    dead = face == dice.BLANK
    if dead:
        unit["ch"][f"{ab.id}-dead"] = 1
    emit(state, "battery", f"{rs.name(unit)}'s goggles hum: {faces_text([face])}"
         f"{' - the battery is dead' if dead else ''}.", face=face, dead=dead)


# -- Thief's Glove (RULING HR-103) ---------------------------------------------------------
def steal_actions(rs: Any, state: State, unit: Unit) -> list[dict]:
    """The glove's wearer may, as its action, steal from an enemy next to it."""
    if unit["acted"] or "DISARMED" in unit["st"]:
        return []
    return [{"type": "steal", "unit": unit["id"], "target": tid}
            for tid in rs.adjacent_enemies(state, unit)]


def steal(rs: Any, state: State, unit: Unit, target: str) -> None:
    """A Deception 5+ check: the enemy is DISARMED for 1 turn (its weapon taken); success or
    not, the glove gives a free melee attack on it."""
    if unit["acted"] or target not in rs.adjacent_enemies(state, unit):
        raise IllegalActionError("steal: an enemy next to a unit that has not acted")
    rs.take_action(unit)
    t = state["units"][target]
    emit(state, "steal", f"{rs.name(unit)} tries to steal from {rs.name(t)}.",
         unit=unit["id"], tgt=target)
    if rs.skill_check(state, unit, "deception", STEAL_CHECK):
        status.apply(rs, state, t, "DISARMED", 1, 1)
    state["queue"].append(frames.frame(unit["id"], target, mode="melee",
                                       atk=rs.c.stats(unit["kind"]).melee, el="PHYSICAL",
                                       style="melee"))


# -- Rule Book (between battles) -----------------------------------------------------------
def read_options(rs: Any, record: dict) -> list[dict]:
    """Reading a Rule Book the hunter holds: a skill its card has no point in."""
    held = list(record["pack"]) + [i for i in record["gear"].values() if i]
    if "rule_book" not in held:
        return []
    skills = rs.c.hunters[record["hunter"]].skills
    names = ("engineering", "deception", "empathy", "athletics", "tactician", "personality",
             "survival", "knowledge", "computer_use", "occult", "investigation", "dare_devil")
    return [{"type": "read", "hunter": record["hunter"], "item": "rule_book", "skill": s}
            for s in names if not skills.get(s)]


def read(rs: Any, state: State, record: dict, skill: str) -> None:
    """The skill is at level 2 for the hunter from now on (a later reading overwrites it);
    the book is used up."""
    if {"type": "read", "hunter": record["hunter"], "item": "rule_book",
            "skill": skill} not in read_options(rs, record):
        raise IllegalActionError(f"{record['hunter']} cannot read a Rule Book on {skill!r}")
    if "rule_book" in record["pack"]:
        record["pack"].remove("rule_book")
    else:
        slot = next(s for s, i in record["gear"].items() if i == "rule_book")
        record["gear"][slot] = None
    record["learned"] = {skill: RULE_BOOK_LEVEL}
    emit(state, "learned", f"{rs.c.hunters[record['hunter']].name} learns {skill} "
         f"(level {RULE_BOOK_LEVEL}).", hunter=record["hunter"], skill=skill)


def learned_into_battle(state: State, record: dict) -> None:
    """A learned skill counts in battle as a boost to the hunter's skill values."""
    for skill, level in record.get("learned", {}).items():
        boost = state.setdefault("hx", {}).setdefault(record["hunter"], {}).setdefault(
            "boost", {})
        boost[skill] = boost.get(skill, 0) + level

