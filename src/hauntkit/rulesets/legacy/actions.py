"""Legacy's free actions: action words once per turn, used and unused cards, GIVE / DROP / TAKE /
PICK UP, ATTACK after the haunt, obstacles, and the monsters' turn (betrayal-legacy-rulebook.md
"On Your Turn", "Actions", "Item/Omen Card Actions", "Monsters"; RULINGS B8, HL-*)."""

from __future__ import annotations

from typing import Any

from hauntkit.rulesets.betrayal import (
    cards,
    combat,
    conditions,
    frames,
    house,
    legal_actions,
    placing,
    state_access,
    turns,
)
from hauntkit.rulesets.betrayal.actions import APPLY as BETRAYAL_APPLY
from hauntkit.rulesets.betrayal.actions import offer, refuse_offer

State = dict[str, Any]
Action = dict[str, Any]
END = {"type": "end_turn"}
OBSTACLES = {"small_obstacle": 1, "large_obstacle": 2}
"""Obstacle tokens and the extra moves each costs to leave its tile (rulebook "Moving")."""
MONSTER_SIZE = {"small": 1, "large": 2}


# ------------------------------------------------------------------------------- moving
def leave_cost(ix: Any, s: State, seat: int, room: str) -> int:
    """1 per tile left, +1 per small and +2 per large obstacle token (a traitor ignores them),
    and after the haunt +1 per opponent on the tile, monsters by size (stunned monsters and
    corpses are no obstacles) (rulebook "Moving", "Moving Past Opponents", "Monsters"); a
    hidden traitor is no obstacle until revealed (RULING HL-15)."""
    e = s["explorers"][seat]
    cost = 1 + ix.rooms[room].obstacle
    traitor = e["side"] == "traitor"
    if not traitor:
        cost += token_cost(s, room)
    h = s["haunt"]
    if h is not None and e["side"] is not None:
        for i, x in enumerate(s["explorers"]):
            if i != seat and x["alive"] and x["room"] == room and x["side"] is not None \
                    and x["side"] != e["side"] and (h["revealed"] or not h["hidden"]):
                cost += 1
        if not traitor:
            for m in s["monsters"].values():
                if m["room"] == room and not m["stunned"]:
                    cost += MONSTER_SIZE[ix.monsters[m["kind"]].size]
    return cost


def token_cost(s: State, room: str) -> int:
    """The extra moves the obstacle tokens on ``room`` cost anyone but the traitor to leave it:
    1 per small, 2 per large (rulebook "Tokens", "Moving")."""
    toks = s["tokens"].get(room)
    if not toks:
        return 0
    return sum(extra * toks.get(name, 0) for name, extra in OBSTACLES.items())


# ------------------------------------------------------------------------------- words
def word_of(ix: Any, s: State, seat: int, a: Action) -> tuple[str | None, str | None, bool]:
    """(action word, the key that continues an open GIVE/DROP/TAKE/PICK UP, whether the action
    touches the word bookkeeping at all). Objects are never used: handing them about uses no
    word (rulebook "Objects")."""
    kind = a.get("type")
    if kind in ("give", "drop", "take", "pick_up") and a.get("card") not in ix.cards:
        return None, None, False
    if kind == "use":
        return ix.words.get(f"c:{a.get('card')}:a:{a.get('id')}"), None, True
    if kind == "room_action":
        return ix.words.get(f"r:{s['explorers'][seat]['room']}:a:{a.get('id')}"), None, True
    if kind == "haunt_action":
        found = legal_actions.haunt_book(ix, s, seat)
        side = found[0] if found else ""
        return ix.words.get(f"h:{s['haunt']['id']}:{side}:a:{a.get('id')}"), None, True
    if kind == "attack":
        return "ATTACK", None, True
    if kind == "give":
        return "GIVE", f"GIVE:{a.get('to')}", True
    if kind == "drop":
        return "DROP", "DROP", True
    if kind == "take":
        return "TAKE", f"TAKE:{a.get('from')}", True
    if kind == "pick_up":
        return "PICK UP", "PICK UP", True
    return None, None, True


def worded(fn: Any) -> Any:
    """An action handler that first books its action word: a word is used once per turn; one
    GIVE/DROP/TAKE/PICK UP may hand over several cards, one card per step, until the player
    does anything else (RULING HL-2)."""

    def handler(ix: Any, s: State, seat: int, a: Action) -> None:
        t = s["turn"]
        if t["who"] != "m":
            word, key, touches = word_of(ix, s, seat, a)
            if touches:
                if word is not None and (key is None or t["open"] != key):
                    t["words"].append(word)
                t["open"] = key
        fn(ix, s, seat, a)

    return handler


def has_found(ix: Any, e: dict[str, Any]) -> bool:
    """Whether the Family card's item actions (GIVE, DROP, TAKE, PICK UP) are open to explorer
    ``e``: "As soon as you find an Item or Omen, you have access to the actions on your Family
    card other than ATTACK" (rulebook "Actions"). RULING HL-17: found = drew one from a deck
    this game, or carries one now (however it came); a haunt's Objects are never gated."""
    if e.get("found"):
        return True
    cards = ix.cards
    return any(c in cards and cards[c].kind in ("item", "omen") for c in e["cards"])


def _free(t: dict[str, Any], word: str | None, key: str | None = None) -> bool:
    return word is None or word not in t["words"] or (key is not None and t["open"] == key)


# ------------------------------------------------------------------------------- legal
def explorer_actions(ix: Any, s: State, seat: int) -> list[Action]:
    t = s["turn"]
    e = s["explorers"][seat]
    room = e["room"]
    out: list[Action] = [END]
    if not t["movement_ended"]:
        legal_actions.movement_actions(ix, s, seat, room, out)
    words = ix.words
    for entry in ix.room_acts[room]:
        if _free(t, words[entry[1]]) and legal_actions.offer_ok(ix, s, t, entry, seat):
            out.append({"type": "room_action", "id": entry[0].id})
    used = e["used"]
    held = e["cards"]
    for cid in held:
        if cid in used:
            continue  # only an unused card's action may be taken
        for entry in ix.card_acts.get(cid, ()):
            if _free(t, words[entry[1]]) and legal_actions.offer_ok(ix, s, t, entry, seat):
                out.append({"type": "use", "card": cid, "id": entry[0].id})
    h = s["haunt"]
    if h is not None and e["side"] is not None:
        side = "heroes" if e["side"] == "heroes" else "traitor"
        for entry in ix.book_acts[(h["id"], side)]:
            if _free(t, words[entry[1]]) and legal_actions.offer_ok(ix, s, t, entry, seat):
                out.append({"type": "haunt_action", "id": entry[0].id})
        if _free(t, "ATTACK"):  # ATTACK only after the haunt starts (rulebook "Attack")
            weapons: list[str | None] = [None]
            weapons += [c for c in held if c in ix.cards and ix.cards[c].weapon is not None
                        and c not in used]
            for w in weapons:
                wp = ix.cards[w].weapon if w else None
                for tg in combat.targets(ix, s, seat, wp.trait if wp else "might",
                                         bool(wp and wp.distance)):
                    out.append({"type": "attack", "target": tg, "weapon": w})
    unused = [c for c in held if c not in used]
    found = has_found(ix, e)
    mates = [i for i,
             x in enumerate(s["explorers"]) if x["alive"] and i != seat and x["room"] == room]
    for o in mates:
        give_ok = _free(t, "GIVE", f"GIVE:{o}")
        for cid in unused:
            if cards.tradable(ix, cid) and (give_ok or cid not in ix.cards):
                out.append({"type": "give", "card": cid, "to": o})
        take_ok = _free(t, "TAKE", f"TAKE:{o}")
        theirs = s["explorers"][o]
        for cid in theirs["cards"]:
            if cid not in theirs["used"] and cards.tradable(ix, cid) and \
                    (take_ok or cid not in ix.cards) and (found or cid not in ix.cards):
                out.append({"type": "take", "card": cid, "from": o})
    drop_ok = _free(t, "DROP", "DROP")
    out += [{"type": "drop", "card": c} for c in unused
            if cards.droppable(ix, c) and (drop_ok or c not in ix.cards)]
    pile = s["piles"].get(room)
    if pile:
        pick_ok = _free(t, "PICK UP", "PICK UP")
        out += [{"type": "pick_up", "card": c} for c in pile
                if not cards.is_companion(ix, c) and (pick_ok or c not in ix.cards)
                and (found or c not in ix.cards)]
    return out


# ------------------------------------------------------------------------------- apply
def _hand_over(ix: Any, s: State, owner: int, to: int, cid: str) -> None:
    """``cid`` passes from ``owner`` to ``to``, who receives it used (rulebook "Item/Omen Card
    Actions": GIVE, TAKE)."""
    cards.lose(ix, s, owner, cid)
    cards.gain(ix, s, to, cid)
    if cid in ix.cards:
        s["explorers"][to]["used"].append(cid)


def _give(ix: Any, s: State, seat: int, a: Action) -> None:
    """GIVE "to another willing explorer": the receiver answers (RULING HB-26); a refused GIVE
    still uses the word, as a refused TAKE does (RULING HL-13)."""
    offer(ix, s, seat, a["to"], a["card"])


def _accept_chosen(ix: Any, s: State, ch: dict[str, Any], action: Action) -> None:
    giver, to, cid = ch["giver"], ch["seat"], ch["card"]
    if not action["accept"]:
        refuse_offer(ix, s, ch)
        return
    _hand_over(ix, s, giver, to, cid)
    state_access.log(s, "give",
                     f"{state_access.name(ix, s, giver)} gives {state_access.card_name(ix, cid)} to "
                     f"{state_access.name(ix, s, to)}.")


def _drop(ix: Any, s: State, seat: int, a: Action) -> None:
    e = s["explorers"][seat]
    cards.lose(ix, s, seat, a["card"])
    cards.to_pile(s, e["room"], a["card"])
    state_access.log(s, "drop",
                     f"{state_access.name(ix, s, seat)} drops {state_access.card_name(ix, a['card'])}.")


def _pick_up(ix: Any, s: State, seat: int, a: Action) -> None:
    """PICK UP: received used (rulebook "Item/Omen Card Actions")."""
    room = s["explorers"][seat]["room"]
    cards.from_pile(s, room, a["card"])
    cards.gain(ix, s, seat, a["card"])
    if a["card"] in ix.cards:
        s["explorers"][seat]["used"].append(a["card"])
    state_access.log(s, "pick_up",
                     f"{state_access.name(ix, s, seat)} picks up {state_access.card_name(ix, a['card'])}.")


def _take(ix: Any, s: State, seat: int, a: Action) -> None:
    """TAKE, with the owner's permission: the owner decides (an action of theirs; RULING
    HL-13)."""
    frames.ask(s, a["from"], "permit", [{"type": "permit", "allow": True},
                                        {"type": "permit", "allow": False}],
               f"{state_access.name(ix, s, seat)} wants to take {state_access.card_name(ix, a['card'])}. Allow it?",
               who=seat, owner=a["from"], card=a["card"])


def _permit_chosen(ix: Any, s: State, ch: dict[str, Any], action: Action) -> None:
    who, owner, cid = ch["who"], ch["owner"], ch["card"]
    if not action["allow"]:
        state_access.log(s, "refuse",
                         f"{state_access.name(ix, s, owner)} keeps {state_access.card_name(ix, cid)}.")
        return
    _hand_over(ix, s, owner, who, cid)
    state_access.log(s, "take",
                     f"{state_access.name(ix, s, who)} takes {state_access.card_name(ix, cid)} from "
                     f"{state_access.name(ix, s, owner)}.")


def _use(ix: Any, s: State, seat: int, a: Action) -> None:
    """Using a card's action turns it sideways: used until the start of its holder's next turn
    (rulebook "Item and Omen Cards")."""
    s["explorers"][seat]["used"].append(a["card"])
    BETRAYAL_APPLY["use"](ix, s, seat, a)


def _attack(ix: Any, s: State, seat: int, a: Action) -> None:
    if a["weapon"] is not None:
        s["explorers"][seat]["used"].append(a["weapon"])
    BETRAYAL_APPLY["attack"](ix, s, seat, a)


def _haunt_action(ix: Any, s: State, seat: int, a: Action) -> None:
    """A haunt action; once an action of a box is taken, the other side may read that whole
    box (rulebook "Hidden Information"): it is recorded in ``legacy.boxes_used``."""
    found = legal_actions.haunt_book(ix, s, seat)
    side = found[0] if found is not None else ""
    box = ix.box_of.get((s["haunt"]["id"], side, a["id"]))
    if box is not None:
        key = f"{side}:{box}"
        used = s["legacy"].setdefault("boxes_used", [])
        if key not in used:
            used.append(key)
    BETRAYAL_APPLY["haunt_action"](ix, s, seat, a)


def _mmove(ix: Any, s: State, seat: int, a: Action) -> None:
    """A monster leaving a tile pays 1, +1 per hero there (opponents are small obstacles,
    rulebook "Moving Past Opponents") and the obstacle tokens' cost (only the traitor ignores
    tokens: "Tokens", "Moving"); it may always take one step (RULING HL-14). A swarm's members
    on the tile move with it (RULING HL-23)."""
    mid = a["monster"]
    room = s["monsters"][mid]["room"]
    heroes_here = sum(1 for x in s["explorers"] if x["alive"] and x["room"] == room
                      and x["side"] == "heroes")
    extra = heroes_here + token_cost(s, room)
    if not is_swarm(ix, s, mid):
        BETRAYAL_APPLY["mmove"](ix, s, seat, a)
        mt = s["turn"]["monster_turns"][mid]
        mt["moves_left"] = max(0, mt["moves_left"] - extra)
        return
    group = swarm_group(ix, s, mid)
    _swarm_acts(s, mid)
    turns_left = s["turn"]["monster_turns"]
    for m in group:
        turns_left[m]["moves_left"] = max(0, turns_left[m]["moves_left"] - 1 - extra)
        placing.relocate(ix, s, m, a["to"])


def _mattack(ix: Any, s: State, seat: int, a: Action) -> None:
    """Betrayal's monster attack; a swarm's members attack only once the whole swarm is done
    moving: the first attack ends the swarm's moves (RULING HL-23)."""
    mid = a["monster"]
    if not is_swarm(ix, s, mid):
        BETRAYAL_APPLY["mattack"](ix, s, seat, a)
        return
    kind = s["monsters"][mid]["kind"]
    _swarm_acts(s, mid)
    turns_left = s["turn"]["monster_turns"]
    for m, mt in turns_left.items():
        if m in s["monsters"] and s["monsters"][m]["kind"] == kind:
            mt["moves_left"] = 0
    turns_left[mid]["attacked"] = True
    mon = ix.monsters[kind]
    combat.attack(ix, s, mid, a["target"], mon.attack, mon.distance, None, None)


# ------------------------------------------------------------------------------- swarms
def is_swarm(ix: Any, s: State, mid: str) -> bool:
    """Whether monster ``mid`` belongs to a swarm (its kind is marked ``swarm``)."""
    return bool(ix.monsters[s["monsters"][mid]["kind"]].swarm)


def swarm_group(ix: Any, s: State, mid: str) -> list[str]:
    """The members of ``mid``'s swarm on its tile that can still move this turn (``mid``
    first): they move together (rulebook "Monsters": "Some act as a swarm, moving all at
    once"; RULING HL-23)."""
    m = s["monsters"][mid]
    turns_left = s["turn"]["monster_turns"]
    return [o for o in sorted(turns_left, key=state_access.monster_number)
            if o in s["monsters"] and s["monsters"][o]["kind"] == m["kind"]
            and s["monsters"][o]["room"] == m["room"] and not s["monsters"][o]["stunned"]
            and turns_left[o]["moves_left"] > 0
            and o not in s["turn"].get("stunned_at_start", ())]


def _swarm_acts(s: State, mid: str) -> None:
    """Number order (RULING B12, HB-21) with a swarm as one: a swarm member acting ends the
    turns of the lower-numbered monsters that are not of its swarm."""
    kind = s["monsters"][mid]["kind"]
    turns_left = s["turn"]["monster_turns"]
    low = state_access.monster_number(mid)
    for other in [m for m in turns_left if state_access.monster_number(m) < low
                  and (m not in s["monsters"] or s["monsters"][m]["kind"] != kind)]:
        del turns_left[other]


APPLY = {"give": _give, "drop": _drop, "pick_up": _pick_up, "take": _take, "use": _use,
         "attack": _attack, "mmove": _mmove, "mattack": _mattack, "haunt_action": _haunt_action}
CHOICES = {"permit": _permit_chosen, "accept": _accept_chosen}


# ------------------------------------------------------------------------------- monsters
def monster_moves(ix: Any, s: State, mid: str) -> int:
    """A Speed roll at the start of the monsters' turn, one per monster type, at least 1; a
    stunned monster spends its whole turn getting up (rulebook "Monsters")."""
    m = s["monsters"][mid]
    t = s["turn"]
    if m["stunned"]:
        t.setdefault("stunned_at_start", []).append(mid)
        return 0
    rolls = t.setdefault("monster_speed_rolls", {})
    kind = m["kind"]
    if kind not in rolls:
        mon = ix.monsters[kind]
        speed = mon.traits.get("speed", mon.speed)
        rolls[kind] = max(1, sum(state_access.roll(s, speed)))
        n = rolls[kind]
        state_access.log(s, "monster_roll",
                         f"{mon.name}: {n} move{'' if n == 1 else 's'} this turn.",
                         monster=kind,
                         result=rolls[kind])
    return rolls[kind]


def monster_actions(ix: Any, s: State) -> list[Action]:
    """Monsters move, attack and use the haunt's powers; they never discover tiles nor carry
    anything; a stunned monster does nothing (rulebook "Monsters")."""
    t = s["turn"]
    out: list[Action] = [END]
    for mid in sorted(s["monsters"], key=state_access.monster_number):
        m = s["monsters"][mid]
        mt = t["monster_turns"].get(mid)
        if mt is None or m["stunned"] or mid in t.get("stunned_at_start", ()):
            continue
        kind = ix.monsters[m["kind"]]
        # a swarm moves together: its lowest-numbered member on a tile leads (RULING HL-23)
        leads = not kind.swarm or swarm_group(ix, s, mid)[:1] == [mid]
        if mt["moves_left"] > 0 and leads:
            out += [{"type": "mmove", "monster": mid, "to": d}
                    for d, _ in house.exits(ix, s, m["room"], monster=True)]
        if not mt["attacked"] and kind.attack:
            out += [{"type": "mattack", "monster": mid, "target": tg}
                    for tg in combat.targets(ix, s, mid, kind.attack, kind.distance)]
        for p in kind.powers:
            key = f"m:{m['kind']}:a:{p.id}"
            if f"{mid}:{key}" not in t["actions_used"] and (p.when is None or
                                                            conditions.holds(ix, s, p.when, mid)):
                out.append({"type": "power", "monster": mid, "id": p.id})
    return out


def finish_turn(ix: Any, s: State, fr: Any = None) -> None:
    """Betrayal's end of turn; a monster stunned during the monsters' own turn stays stunned
    through its next one (only those stunned when the turn began get up; RULING HL-7)."""
    t = s["turn"]
    if t["who"] == "m":
        was = set(t.get("stunned_at_start", ()))
        again = [mid for mid, m in s["monsters"].items() if m["stunned"] and mid not in was]
        turns.finish_turn(ix, s, fr)
        for mid in again:
            if mid in s["monsters"]:
                s["monsters"][mid]["stunned"] = True
        return
    turns.finish_turn(ix, s, fr)
