"""Renown and Infamy, party-wide ranks of one Investigation, and the Offering buff (rules:
"Renown vs. Infamy", "Specific Buffs" / Offering; RULINGS HR-51, HR-52, HR-53).

Battle side: ``state["renown"]`` and ``state["infamy"]`` hold the party's points (absent = 0;
battle config ``renown``/``infamy`` sets them). :func:`start_of_battle` rolls *Let's Talk*;
*Reckless* lowers every hunter's defence by 1 (``rules.defence_score``) and offers one free
melee or ranged attack per hunter per turn (``"free": true`` on an attack action).
Hunt side: :func:`karma_crypto`, :func:`can_force_fight`, :func:`risk_bonus`, :func:`tag_in`,
:func:`pay_penance` and :func:`end_investigation` work on the hunt's state and party records.
"""

from __future__ import annotations

from typing import Any

from hauntkit.core.errors import IllegalActionError
from hauntkit.core.log import emit

State = dict[str, Any]
# Level thresholds of both tables: 0-2 -> 0, 3-5 -> 1, 6-7 -> 2, 8+ -> 3.
_THRESHOLDS = (3, 6, 8)
LETS_TALK_CP, NEW_RECRUIT_CP = 500, 750
LETS_TALK_SKILLS = ("tactician", "empathy")
NEW_RECRUIT_SKILLS = ("personality", "dare_devil")
CHECK = 5
TAG_IN_HUNTER = "curtis"


def level(points: int) -> int:
    """The rank of ``points`` of Renown or of Infamy (both tables share the bands)."""
    return sum(1 for t in _THRESHOLDS if points >= t)


def renown_level(state: State) -> int:
    return level(state.get("renown", 0))


def infamy_level(state: State) -> int:
    return level(state.get("infamy", 0))


def reckless(state: State) -> bool:
    """Infamy 2+: Reckless (free attack each turn, -1 DEF); asked for every hunter's
    options, so the threshold of level 2 is compared directly."""
    return state.get("infamy", 0) >= _THRESHOLDS[1]


def gain(state: State, kind: str, n: int) -> int:
    """Add ``n`` Renown or Infamy points (event and theme cards); returns the new level."""
    if kind not in ("renown", "infamy"):
        raise ValueError(f"renown or infamy, not {kind!r}")
    state[kind] = max(0, state.get(kind, 0) + n)
    return level(state[kind])


def best_at(rs: Any, state: State, hunters: list[dict[str, Any]],
            skills: tuple[str, ...]) -> tuple[dict[str, Any], str]:
    """The hunter with the highest value in any of ``skills`` (first in unit order on a tie)
    and that skill."""
    def score(u: dict[str, Any]) -> tuple[int, str]:
        values = rs.skill_values(state, u)
        return max((values.get(s, 0), s) for s in skills)

    who = max(hunters, key=lambda u: score(u)[0])
    return who, score(who)[1]


def start_of_battle(rs: Any, state: State) -> None:
    """Renown 1+, Let's Talk: for each enemy of 500 CP or less, the hunter best at Tactics or
    Empathy rolls a check of 5+; on a success that enemy flees: it leaves the map (HR-51)."""
    if renown_level(state) < 1:
        return
    hunters = [u for u in state["units"].values() if u["side"] == "hunters" and u["alive"]]
    if not hunters:
        return
    talker, skill = best_at(rs, state, hunters, LETS_TALK_SKILLS)
    if renown_level(state) >= 2:
        new_recruit(rs, state, hunters)
    for e in list(state["units"].values()):
        if e["side"] != "enemies" or not e["alive"]:
            continue
        if rs.c.enemies[e["kind"]].cp > LETS_TALK_CP:
            continue
        if rs.skill_check(state, talker, skill, CHECK):
            del state["units"][e["id"]]
            state["alive"][1] -= 1
            emit(state, "fled", f"{rs.name(e)} is talked out of the fight and flees.",
                 unit=e["id"])


def new_recruit(rs: Any, state: State, hunters: list[dict[str, Any]]) -> None:
    """Renown 2, New Recruit (HR-62): a recruit of this Investigation fights beside its
    recruiter again; with none, the hunter best at Personality or Dare Devil rolls a check of
    5+ to win over the enemy of highest CP up to 750, which joins the hunters' side and is
    commanded like a pet (hunters/pets.py)."""
    hx = state.get("hx", {})
    for u in hunters:
        kind = hx.get(u["id"], {}).get("recruit")
        if kind:
            spot = rs.spot_near(state, u)
            if spot is not None and kind in rs.c.enemies:
                unit = rs.add_unit(state, kind, f"recruit-{kind}", *spot, seat=u["seat"])
                rs.join_pet(state, u, unit, -1)
                unit["acted"] = False
                emit(state, "recruit", f"{rs.name(unit)} fights beside {rs.name(u)} again.",
                     unit=unit["id"], owner=u["id"])
            return
    pool = [e for e in state["units"].values() if e["side"] == "enemies" and e["alive"]
            and rs.c.enemies[e["kind"]].cp <= NEW_RECRUIT_CP]
    if not pool:
        return
    recruiter, skill = best_at(rs, state, hunters, NEW_RECRUIT_SKILLS)
    target = max(pool, key=lambda e: rs.c.enemies[e["kind"]].cp)
    if rs.skill_check(state, recruiter, skill, CHECK):
        rs.join_pet(state, recruiter, target, -1)
        rs.hx(state, recruiter["id"])["recruit"] = target["kind"]
        emit(state, "recruit", f"{rs.name(target)} joins the hunters (New Recruit).",
             unit=target["id"], owner=recruiter["id"])


def karma_crypto(state: State, hunters: int) -> int:
    """Renown 3, Karma: 2 extra Crypto for every hunter at the end of the Investigation."""
    return 2 * hunters if renown_level(state) >= 3 else 0


def can_force_fight(state: State) -> bool:
    """Infamy 1+, Let's Fight: the hunters may start a battle with a location's ambushers."""
    return infamy_level(state) >= 1


def risk_bonus(state: State) -> int:
    """Infamy 2+, Reckless: every location's Risk score is 1 higher."""
    return 1 if reckless(state) else 0


def tag_in(state: State, party: list[dict[str, Any]], replaced: str) -> dict[str, Any]:
    """Infamy 3, Tagging In: Curtis Kaine replaces hunter ``replaced`` for the rest of the
    Investigation (HR-52: the replaced hunter's record is kept aside in ``"benched"`` and comes
    back at :func:`end_investigation`; Curtis takes its seat, with no gear)."""
    if infamy_level(state) < 3:
        raise IllegalActionError("Tagging In needs Infamy rank 3 (8 points)")
    if any(r["hunter"] == TAG_IN_HUNTER for r in party):
        raise IllegalActionError("Curtis Kaine is already in the party")
    for i, rec in enumerate(party):
        if rec["hunter"] == replaced and not rec.get("dead"):
            new = {"hunter": TAG_IN_HUNTER, "seat": rec.get("seat", 0), "cameo": True,
                   "benched": rec}
            party[i] = new
            return new
    raise IllegalActionError(f"no living hunter {replaced!r} in the party")


def pay_penance(state: State, party: list[dict[str, Any]], payer: str, location: str,
                boon: dict[str, Any], receiver: str | None = None) -> None:
    """Offering: ``payer`` pays a location's Penance; the Offering (``boon``: ``{"rank": 1}``
    or ``{"arsenal": id}``) goes to ``receiver`` (default the payer). Each location's Penance
    can be paid once (HR-53: once per location, whoever pays); the buff lasts until
    :func:`end_investigation`. Offerings a hunter gets at several locations add up (HR-104);
    what they do to its arsenal is gear/arsenals.py's."""
    paid = state.setdefault("penances", [])
    if location in paid:
        raise IllegalActionError(f"the Penance of {location!r} has already been paid")
    if set(boon) not in ({"rank"}, {"arsenal"}) or boon.get("rank", 1) != 1:
        raise IllegalActionError("an Offering is {'rank': 1} or {'arsenal': id}")
    by_id = {r["hunter"]: r for r in party if not r.get("dead")}
    for who in (payer, receiver or payer):
        if who not in by_id:
            raise IllegalActionError(f"no living hunter {who!r} in the party")
    paid.append(location)
    offering = by_id[receiver or payer].setdefault("offering", {})
    if "rank" in boon:  # each Offering of a rank adds one (gear/arsenals.rank_of, HR-104)
        offering["rank"] = offering.get("rank", 0) + 1
    else:
        offering["arsenal"] = boon["arsenal"]


def end_investigation(state: State, party: list[dict[str, Any]]) -> None:
    """Renown, Infamy, Penances, Offerings, the Theme card and the Blue and Gray cards drawn
    (HR-107) last one Investigation; a tagged-in Curtis Kaine steps aside for the hunter he
    replaced."""
    for key in ("renown", "infamy", "penances", "theme", "drawn"):
        state.pop(key, None)
    for i, rec in enumerate(party):
        rec.pop("offering", None)
        if rec.get("cameo") and "benched" in rec:
            party[i] = rec["benched"]

