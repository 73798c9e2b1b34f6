"""Attacks (RULING B10), distance attacks along line of sight (B11), stealing, and stunned or
killed monsters (rulebook digest, "Death and Stuns")."""

from __future__ import annotations

from typing import Any

from hauntkit.rulesets.betrayal import cards, frames, house, rolls, state_access
from hauntkit.rulesets.betrayal.index import Index

State = dict[str, Any]


def targets(ix: Index, s: State, who: Any, trait: str, distance: bool) -> list[Any]:
    """Opponents ``who`` may attack with ``trait``: on the tile, or in line of sight."""
    room = state_access.room_of(s, who)
    if s["haunt"] is None:
        return []  # nobody is anybody's opponent before the haunt
    rooms = {room}
    if distance:
        rooms.update(house.line_of_sight(ix, s, room))
    opponents = state_access.opponents
    out: list[Any] = [i for i, e in enumerate(s["explorers"])
                      if e["alive"] and e["room"] in rooms and opponents(s, who, i)]
    mon = s["monsters"]
    if mon:
        any_trait = ix.rules.attack_any_trait
        out += [m for m in sorted(mon) if mon[m]["room"] in rooms and opponents(s, who, m)
                and (any_trait or state_access.has_trait(ix, s, m, trait))]
    return out


def ask_target(ix: Index, s: State, who: Any, trait: str, distance: bool, weapon: str | None,
               dice: int | None) -> None:
    ts = targets(ix, s, who, trait, distance)
    if not ts:
        state_access.log(s, "attack", f"{state_access.name(ix, s, who)} finds no one to attack.")
        return
    frames.ask(s, frames.seat_of(s, who), "target", [{"type": "target", "target": t} for t in ts],
               "Choose whom to attack.", who=who, trait=trait, distance=distance, weapon=weapon,
               dice=dice)


def _target_chosen(ix: Index, s: State, ch: dict[str, Any], action: dict[str, Any]) -> None:
    attack(ix, s, ch["who"], action["target"], ch["trait"], ch["distance"], ch["weapon"],
           ch["dice"])


def attack(ix: Index, s: State, who: Any, target: Any, trait: str, distance: bool,
           weapon: str | None, dice: int | None) -> None:
    """Both roll ``trait``; the higher result deals the difference (physical for Might/Speed,
    mental for Knowledge/Sanity); a tie hurts no one (RULING B10)."""
    extra = 0
    if weapon is not None:
        w = ix.cards[weapon].weapon
        assert w is not None, weapon
        extra = w.dice
        if isinstance(who, int):
            s["turn"]["used"].append(weapon)
    if isinstance(target, str) and not state_access.has_trait(ix, s, target, trait):
        # only where the rules let an attack pick such a monster (Legacy "Other Attacks")
        target_name = state_access.name(ix, s, target)
        state_access.log(s, "attack",
                         f"{state_access.name(ix, s, who)} tries a {trait.capitalize()} attack "
                         f"on {target_name}, but {target_name} has no {trait.capitalize()}: "
                         "the attack is spent for nothing.", who=who, target=target)
        return
    n = (dice if dice is not None else state_access.value(ix, s, who, trait)) + extra
    state_access.log(s, "attack",
                     f"{state_access.name(ix, s, who)} attacks {state_access.name(ix, s, target)} with {trait.capitalize()}"
                     f"{' using ' + ix.cards[weapon].name if weapon else ''}.", who=who,
                     target=target)
    a = rolls.do_roll(ix, s, who, trait, n, "attack")  # 0 dice roll 1 die (RULING B1)
    d = rolls.do_roll(ix, s, target, trait, None, "defend")
    if weapon is not None and ix.cards[weapon].hook:
        ix.rules.hooks[ix.cards[weapon].hook](ix, s, {"who": who, "src": f"c:{weapon}"}, {})
    remote = state_access.room_of(s, who) != state_access.room_of(s, target)
    if a == d:
        state_access.log(s, "tie", "A tie: no one is hurt.")
        return
    win, lose, diff = (who, target, a - d) if a > d else (target, who, d - a)
    physical = trait in ("might", "speed")
    if lose == who:
        if remote:
            state_access.log(s, "attack", "The distance attacker loses but takes no harm.")
            return
        if isinstance(target, str) and s["monsters"][target]["stunned"]:
            state_access.log(s, "attack", "The stunned monster holds, but deals no harm.")
            return
    can_steal = ((physical or ix.rules.steal_any_damage) and diff >= 2 and not remote
                 and _stealables(ix, s, win, lose))
    if can_steal:
        opts: list[dict[str, Any]] = [{"type": "steal", "card": c} for c in _stealables(ix, s, win, lose)]
        opts.append({"type": "steal", "card": None})
        frames.ask(s, frames.seat_of(s, win), "steal", opts,
                   f"Steal an item instead of dealing {diff} "
                   "damage?", win=win, lose=lose, diff=diff, physical=physical)
        return
    _harm(ix, s, win, lose, diff, physical)


def _stealables(ix: Index, s: State, win: Any, lose: Any) -> list[str]:
    """What ``win`` may steal from ``lose``: tradable items, omens, objects (monsters only when
    they may carry items)."""
    for party in (win, lose):
        if isinstance(party, str) and not ix.monsters[s["monsters"][party]["kind"]].carries:
            return []
    held = s["explorers"][lose]["cards"] if isinstance(lose, int) else s["monsters"][lose]["cards"]
    return [c for c in held if cards.stealable(ix, c)]


def _harm(ix: Index, s: State, win: Any, lose: Any, diff: int, physical: bool) -> None:
    if isinstance(lose, str):
        defeat_monster(ix, s, lose, win)
    else:
        state_access.log(s, "hurt", f"{state_access.name(ix, s, lose)} takes {diff} "
                         f"{'physical' if physical else 'mental'} damage.")
        frames.damage(s, [[lose, diff]], "physical" if physical else "mental")


def _steal_chosen(ix: Index, s: State, ch: dict[str, Any], action: dict[str, Any]) -> None:
    cid = action["card"]
    if cid is None:
        _harm(ix, s, ch["win"], ch["lose"], ch["diff"], ch["physical"])
        return
    take(ix, s, ch["win"], ch["lose"], cid)


def take(ix: Index, s: State, thief: Any, victim: Any, cid: str) -> None:
    cards.lose(ix, s, victim, cid)
    cards.gain(ix, s, thief, cid)
    if isinstance(thief, int):
        s["turn"]["used"].append(cid)
    state_access.log(s, "steal",
                     f"{state_access.name(ix, s, thief)} steals {state_access.card_name(ix, cid)} from "
                     f"{state_access.name(ix, s, victim)}.")


def ask_steal(ix: Index, s: State, who: Any, _unused: Any) -> None:
    """Steal without attacking: one tradable item or omen of an opponent on the tile."""
    room = state_access.room_of(s, who)
    opts = []
    for i in state_access.living(s):
        if s["explorers"][i]["room"] == room and i != who and state_access.opponents(s, who, i):
            opts += [{"type": "take", "from": i, "card": c} for c in _stealables(ix, s, who, i)]
    if opts:
        frames.ask(s, frames.seat_of(s, who), "take", opts, "Choose what to steal.", who=who)


def _take_chosen(ix: Index, s: State, ch: dict[str, Any], action: dict[str, Any]) -> None:
    take(ix, s, ch["who"], action["from"], action["card"])


def defeat_monster(ix: Index, s: State, mid: str, by: Any) -> None:
    """A defeated monster is stunned, unless the haunt lets it be killed (``dies``)."""
    m = s["monsters"][mid]
    kind = ix.monsters[m["kind"]]
    h = s["haunt"]
    if h is not None:
        haunt = ix.haunts[h["id"]]
        for side, book in (("heroes", haunt.heroes), ("traitor", haunt.traitor_book)):
            for i, re in enumerate(book.reactions):
                if re.when == "on_monster_defeated":
                    frames.push(s, f"h:{h['id']}:{side}:re{i}", by, "haunt")
    if kind.dies:
        m["wounds"] += 1
        if m["wounds"] >= kind.wounds:
            kill_monster(ix, s, mid)
            return
    stun(ix, s, mid)


def stun(ix: Index, s: State, mid: str) -> None:
    """Stun a monster; one that carries items drops them (rulebook digest)."""
    m = s["monsters"][mid]
    m["stunned"] = True
    state_access.log(s, "stun", f"{ix.monsters[m['kind']].name} is stunned.", monster=mid)
    for cid in list(m["cards"]):
        m["cards"].remove(cid)
        cards.to_pile(s, m["room"], cid)


def kill_monster(ix: Index, s: State, mid: str) -> None:
    m = s["monsters"].pop(mid)
    for cid in m["cards"]:
        cards.to_pile(s, m["room"], cid)
    s["counters"]["monsters_killed"] = s["counters"].get("monsters_killed", 0) + 1
    s["counters"][f"killed_{m['kind']}"] = s["counters"].get(f"killed_{m['kind']}", 0) + 1
    state_access.log(s, "kill", f"{ix.monsters[m['kind']].name} is destroyed.", monster=mid)
    ix.rules.monster_killed(ix, s, mid, m["kind"], m["room"])


CHOICES = {"target": _target_chosen, "steal": _steal_chosen, "take": _take_chosen}
