"""Turns: start and end of a turn, the haunt roll (RULING B3), starting the haunt with the chart
and the traitor rule (B13), turn order before and after it (B12), and winning."""

from __future__ import annotations

from typing import Any

from hauntkit.core import rng
from hauntkit.rulesets.betrayal import cards, conditions, frames, placing, progress, state_access
from hauntkit.rulesets.betrayal.index import Index

State = dict[str, Any]


def new_turn(who: Any, moves: int) -> dict[str, Any]:
    t = _NEW_TURN.copy()  # the keys in this order; then a new list or dict for each
    t["who"] = who
    t["moves_left"] = moves
    t["used"] = []
    t["actions_used"] = []
    t["rolls"] = []
    t["categories_rolled"] = []
    t["omens"] = []
    t["once"] = []
    t["monster_turns"] = {}
    return t


_NEW_TURN: dict[str, Any] = {
    "who": None, "moves_left": 0, "moved": 0, "movement_ended": False, "end_requested": False,
    "used": None, "actions_used": None,
    "gave": False, "dropped": False, "picked": False, "attacked": False, "rolls": None,
    "categories_rolled": None,
    "omens": None, "once": None, "monster_turns": None, "actions_taken": 0}


def next_turn(ix: Index, s: State, _fr: Any = None) -> None:
    """Advance to the next living explorer (or the monsters' turn) in the order."""
    check_win(ix, s)
    if s["result"] is not None:
        return
    order = s["order"]
    for _ in range(len(order) + 1):
        s["order_index"] = (s["order_index"] + 1) % len(order)
        who = order[s["order_index"]]
        if who == "m":
            if ix.rules.monsters_take_turn(ix, s):
                break
            continue
        if s["explorers"][who]["alive"]:
            break
    else:  # nobody can act (cannot happen while a hero lives; guarded for safety)
        declare_winner(ix, s, None, "nobody is left to act")
        return
    start_turn(ix, s, order[s["order_index"]])


def start_turn(ix: Index, s: State, who: Any) -> None:
    s["turns"] += 1
    if s["turns"] > s["max_turns"]:
        declare_winner(ix, s, None, "turn cap reached")
        return
    if who == "m":
        s["turn"] = new_turn("m", 0)
        moves = ix.rules.monster_moves
        s["turn"]["monster_turns"] = {m: {"moves_left": moves(ix, s, m),
                                          "attacked": False} for m in s["monsters"]}
        state_access.log(s, "turn", "The monsters' turn.")
        skip_stunned = ix.rules.stunned_skips_box
        for mid in sorted(s["monsters"], reverse=True):
            k = s["monsters"][mid]["kind"]
            if ix.monsters[k].on_start_of_turn and not (skip_stunned
                                                         and s["monsters"][mid]["stunned"]):
                frames.push(s, f"m:{k}:on_start_of_turn", mid, f"m:{k}")
        ix.rules.monster_turn_started(ix, s)
        return
    e = s["explorers"][who]
    s["turn"] = new_turn(who, state_access.value(ix, s, who, "speed"))
    state_access.log(s, "turn", f"{state_access.name(ix, s, who)}'s turn.", seat=who)
    ix.rules.turn_started(ix, s, who)
    room = e["room"]
    _side_reactions(ix, s, who, "on_start_of_turn")
    for cid in reversed(e["cards"]):
        card = ix.cards.get(cid)
        if card is not None and card.on_start_of_turn:
            frames.push(s, f"c:{cid}:on_start_of_turn", who, f"c:{cid}")
    if ix.rooms[room].on_start_of_turn:
        frames.push(s, f"r:{room}:on_start_of_turn", who, f"r:{room}")


def _side_reactions(ix: Index, s: State, who: int, when: str) -> None:
    h = s["haunt"]
    side = s["explorers"][who]["side"]
    if h is None or side is None:
        return
    haunt = ix.haunts[h["id"]]
    key, book = ("heroes", haunt.heroes) if side == "heroes" else ("traitor", haunt.traitor_book)
    for i, re in enumerate(book.reactions):
        if re.when == when:
            frames.push(s, f"h:{h['id']}:{key}:re{i}", who, "haunt")


def request_end(ix: Index, s: State) -> None:
    """The player ends the turn: end-of-turn effects, then the haunt roll, then the next turn."""
    s["turn"]["end_requested"] = False
    s["turn"]["ending"] = True
    who = s["turn"]["who"]
    frames.push_op(s, {"op": "call", "fn": "finish_turn"})
    if who == "m":
        return
    e = s["explorers"][who]
    if not e["alive"]:
        return
    _side_reactions(ix, s, who, "on_end_turn")
    for cid in reversed(e["cards"]):
        card = ix.cards.get(cid)
        if card is not None and card.on_end_turn:
            frames.push(s, f"c:{cid}:on_end_turn", who, f"c:{cid}")
    room = e["room"]
    if ix.rooms[room].on_end_turn_here:
        frames.push(s, f"r:{room}:on_end_turn_here", who, f"r:{room}")
    ix.rules.turn_ending(ix, s, who)


def end_turn(ix: Index, s: State) -> None:
    """An effect ended the turn at once (or the actor died): skip straight to the end."""
    if s["turn"].get("ending"):
        s["turn"]["end_requested"] = False
        return
    request_end(ix, s)


def finish_turn(ix: Index, s: State, _fr: Any = None) -> None:
    t = s["turn"]
    if t["who"] == "m":
        for m in s["monsters"].values():  # stunned monsters recover at the end of their turn
            m["stunned"] = False
    elif s["haunt"] is None and ix.rules.end_turn_haunt(ix, s):
        return
    next_turn(ix, s)


def haunt_roll_b3(ix: Index, s: State) -> bool:
    """Betrayal's end-of-turn haunt roll (RULING B3) and HB-3; True when the haunt started."""
    t = s["turn"]
    for omen, room in t["omens"]:  # RULING B3
        result = sum(state_access.roll(s, 6))
        omens = state_access.plural(s["omens"], "omen", "omens")
        state_access.log(s, "haunt_roll",
                         f"Haunt roll: {result} on 6 dice against {omens}: "
                         + ("under it, the haunt begins." if result < s["omens"]
                            else "not under it, no haunt yet."),
                         result=result, omens=s["omens"])
        if result < s["omens"]:
            start_haunt(ix, s, t["who"], omen, room)
            return True
    if t["omens"]:
        s["last_omen"] = t["omens"][-1]
    if s["haunt"] is None and _no_omen_left(ix, s):
        # RULING HB-3: no omen can be drawn any more; the haunt starts now
        omen, room = s.get("last_omen") or [_any_omen(ix), "entrance_hall"]
        state_access.log(s, "haunt_forced",
                         "No tile with an omen symbol is left to discover: the haunt "
                         "begins.")
        start_haunt(ix, s, t["who"], omen, room)
        return True
    return False


def _no_omen_left(ix: Index, s: State) -> bool:
    return ix.omen_rooms.isdisjoint(s["stack"])


def _any_omen(ix: Index) -> str:
    return sorted(ix.deck_ids["omen"])[0] if ix.deck_ids["omen"] else "none"


# ------------------------------------------------------------------------------- the haunt
def pick_haunt(ix: Index, s: State, omen: str, room: str) -> str | None:
    """The haunt of the chart for (omen, room) (RULING B13); if the pack has no such cell, one
    of the omen's haunts, else any haunt, at random (RULING HB-4). ``config.haunt`` overrides
    the chart (the balance lab plays one haunt at a time)."""
    forced = s.get("config", {}).get("haunt")
    if forced is not None:
        return forced
    hid = ix.chart.get((omen, room))
    if hid is not None:
        return hid
    same = sorted({h for (o, _r), h in ix.chart.items() if o == omen})
    pool = same or sorted(ix.haunts)
    return rng.choice(s["rng"], pool) if pool else None


def pick_traitor(ix: Index, s: State, rule: Any, revealer: int) -> int | None:
    n = s["players"]
    kind = rule.rule if rule.rule != "hidden" else rule.hidden_rule
    live = state_access.living(s)
    if kind == "none":
        return None
    if kind == "revealer":
        return revealer
    if kind == "left_of_revealer":
        for k in range(1, n + 1):
            seat = (revealer + k) % n
            if s["explorers"][seat]["alive"]:
                return seat
    if kind in ("highest", "lowest"):
        pool = [i for i in live if i != revealer or rule.include_revealer] or live
        vals = {i: state_access.value(ix, s, i, rule.trait or "sanity") for i in pool}
        best = max(vals.values()) if kind == "highest" else min(vals.values())
        tied = sorted(i for i, v in vals.items() if v == best)
        return state_access.draw(s, tied)  # ties at random (RULING B13; Legacy: a crest, HL-8)
    if kind == "holder":
        for i in live:
            if rule.card in s["explorers"][i]["cards"]:
                return i
        return revealer
    return state_access.draw(s, live)


def start_haunt(ix: Index, s: State, revealer: int, omen: str, room: str) -> None:
    hid = pick_haunt(ix, s, omen, room)
    if hid is None:
        next_turn(ix, s)
        return
    begin_haunt(ix, s, hid, revealer)
    frames.push_op(s, {"op": "call", "fn": "next_turn"})
    if ix.haunts[hid].setup:
        frames.push(s, f"h:{hid}:setup", revealer, "haunt")


def begin_haunt(ix: Index, s: State, hid: str, revealer: int, traitor: Any = "rule") -> None:
    """Start haunt ``hid``: traitor, sides, monsters, objects, turn order (B12, B13, B14)."""
    haunt = ix.haunts[hid]
    hidden = haunt.traitor.rule == "hidden"
    if traitor == "rule":
        traitor = pick_traitor(ix, s, haunt.traitor, revealer)
    n = s["players"]
    if haunt.monster_control == "left_of_revealer":
        control = (revealer + 1) % n
    else:
        control = revealer
    if traitor is not None and not hidden:
        control = traitor
    s["haunt"] = {"id": hid, "revealer": revealer, "traitor": traitor, "hidden": hidden,
                  "revealed": not hidden, "control": control}
    for i, e in enumerate(s["explorers"]):
        e["side"] = "traitor" if i == traitor else "heroes"
    state_access.log(s, "haunt", f"The haunt begins: {haunt.name}. {haunt.intro}", haunt=hid,
                     revealer=revealer)
    if traitor is not None:
        if hidden:
            state_access.log(s, "traitor_secret",
                             f"{state_access.name(ix, s, traitor)} is the hidden traitor "
                             "(only they know).", to=[traitor])
        else:
            state_access.log(s, "traitor", f"{state_access.name(ix, s, traitor)} is the traitor.",
                             seat=traitor)
            _clear_lingering(ix, s, traitor)
    # turn order (RULING B12)
    if traitor is not None and not hidden:
        seats = [(traitor + k) % n for k in range(1, n)] + [traitor]
    else:
        first = revealer if haunt.first == "revealer" else (revealer + 1) % n
        seats = [(first + k) % n for k in range(n)]
    s["order"] = [*seats, "m"]
    s["order_index"] = -1
    for obj in haunt.objects:
        k = state_access.count(s, obj.count)
        ids = [obj.id] if k == 1 else [f"{obj.id}_{j + 1}" for j in range(k)]
        rooms = _where(ix, s, obj.where, obj.room, obj.symbol, revealer)
        for j, oid in enumerate(ids):
            if rooms:
                cards.to_pile(s, rooms[j % len(rooms)], oid)
    for hm in haunt.monsters:
        k = state_access.count(s, hm.count)
        if hm.where == "traitor":
            rooms = [s["explorers"][traitor if traitor is not None else revealer]["room"]]
        elif hm.where == "revealer":
            rooms = [s["explorers"][revealer]["room"]]
        else:
            rooms = _where(ix, s, hm.where, hm.room, hm.symbol, revealer)
        for j in range(k):
            if rooms:
                placing.put(ix, s, rooms[j % len(rooms)], hm.monster, None)


def _where(ix: Index, s: State, where: str, room: str | None, symbol: str | None,
           revealer: int) -> list[str]:
    if where == "none":
        return []
    if where == "far":  # tiles on other floors than the revealer's, copies spread over them
        here = s["explorers"][revealer]["room"]
        floor = s["tiles"][here][0]
        others = sorted((r for r, t in s["tiles"].items() if t[0] != floor), reverse=True)
        return others or [here]
    out = placing.place_rooms(ix, s, revealer, where, room, symbol)
    return out or [s["explorers"][revealer]["room"]]


def _clear_lingering(ix: Index, s: State, seat: int) -> None:
    """A new traitor's lingering event cards go away (rulebook digest)."""
    e = s["explorers"][seat]
    for cid in [c for c in e["cards"] if c in ix.cards and ix.cards[c].kind == "event"]:
        e["cards"].remove(cid)
        cards.discard(ix, s, cid)


def reveal_traitor(ix: Index, s: State) -> None:
    h = s["haunt"]
    if h is None or h["revealed"] or h["traitor"] is None:
        return
    h["revealed"] = True
    h["control"] = h["traitor"]
    state_access.log(s, "reveal",
                     f"{state_access.name(ix, s, h['traitor'])} is revealed as the traitor!",
                     seat=h["traitor"])
    _clear_lingering(ix, s, h["traitor"])


# ------------------------------------------------------------------------------- winning
def declare_winner(ix: Index, s: State, side: str | None, reason: str) -> None:
    if s["result"] is not None:
        return
    h = s["haunt"]
    if side == "heroes" and not any(s["explorers"][i]["alive"] for i in state_access.heroes(s)):
        return  # RULING: the heroes need a living hero
    ending = ""
    if h is not None and side is not None:
        haunt = ix.haunts[h["id"]]
        ending = (haunt.heroes if side == "heroes" else haunt.traitor_book).if_you_win
    s["result"] = {"winner": side, "reason": reason, "haunt": h["id"] if h else None,
                   "turns": s["turns"], "ending": ending}
    who = f"The {side}" if side else "Nobody"
    verb = "win" if side == "heroes" else "wins"
    state_access.log(s, "game_over", f"{who} {verb} ({reason}).", winner=side)
    if ending:
        # the winners read their "If You Win" aloud (rulebook digest, "Winning the Game")
        state_access.log(s, "ending", ending, winner=side)


def check_win(ix: Index, s: State) -> None:
    """The first side to complete its goals wins; the heroes need a living hero (digest)."""
    h = s["haunt"]
    if h is None or s["result"] is not None:
        return
    hid = h["id"]
    goals = _WIN_TESTS.get(hid)
    if goals is None or goals[0] is not ix:
        haunt = ix.haunts[hid]
        goals = _WIN_TESTS[hid] = (
            ix, haunt.house_wins_if_all_dead, [conditions.compiled(c) for c in haunt.heroes.win],
            [conditions.compiled(c) for c in haunt.traitor_book.win])
    _, all_dead_wins, hero_goals, evil_goals = goals
    live_heroes = False
    for e in s["explorers"]:
        if e["side"] == "heroes" and e["alive"]:
            live_heroes = True
            break
    evil = "traitor" if h["traitor"] is not None else "house"
    if not live_heroes and all_dead_wins:
        declare_winner(ix, s, evil, "every hero is dead")
        return
    if live_heroes:
        for test in hero_goals:
            if test(ix, s, None):
                declare_winner(ix, s, "heroes", "goals completed")
                return
    for test in evil_goals:
        if test(ix, s, None):
            declare_winner(ix, s, evil, "goals completed")
            return


def decided_by(ix: Index, s: State) -> str | None:
    """Which goal ended the game, for reports: ``"<winner>: <reason>"``, where a completed
    goal is named in words (``progress.goal_words``) by the first win condition of the
    winner's book that holds at the end ("heroes: the traitor is dead", "traitor: Poison:
    target reached") or, when none holds, by ``an effect`` (a book action, a roll's
    outcome or an event said the side wins). ``None`` while playing."""
    r = s["result"]
    if r is None:
        return None
    side = r["winner"] or "nobody"
    if r["reason"] != "goals completed" or s["haunt"] is None:
        return f"{side}: {r['reason']}"
    haunt = ix.haunts[s["haunt"]["id"]]
    book = haunt.heroes if side == "heroes" else haunt.traitor_book
    for cond in book.win:
        if conditions.compiled(cond)(ix, s, None):
            return f"{side}: {progress.goal_words(ix, book, cond)}"
    return f"{side}: an effect"


# haunt id -> (the index, house wins if all heroes die, heroes' goal tests, evil goal tests)
_WIN_TESTS: dict[str, tuple[Index, bool, list[Any], list[Any]]] = {}


__all__ = ["begin_haunt", "check_win", "decided_by", "next_turn", "request_end", "start_turn"]
