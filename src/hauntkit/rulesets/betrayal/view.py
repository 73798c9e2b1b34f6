"""``view(state, seat)``: everything one seat (or a spectator, ``seat=None``) may see.

Structure (all plain JSON)::

    {
      "ruleset": "betrayal", "seat": int | None, "players": int,
      "phase": "exploring" | "haunt" | "over",
      "to_act": [seat, ...],
      "turn": {"actor": seat | "monsters", "number": int, "moves_left": int,
               "movement_ended": bool, "attacked": bool, "used": [card ids]},
      "tiles": [{"room", "name", "floor", "x", "y", "rotation", "doors": [sides now],
                 "false_doors": [sides now], "symbol", "text", "tokens": {name: n},
                 "pile": [card/object ids]}],
      "explorers": [{"seat", "character", "name", "room", "alive",
                     "side": "heroes" | "traitor" | "unknown" | None,
                     "traits": {trait: {"value", "index", "track": [8 values], "start"}},
                     "cards": [ids]}],
      "monsters": [{"id", "kind", "name", "room", "stunned", "cards", "traits", "speed"}],
      "decks": {"event": n, "item": n, "omen": n}, "room_stack": n, "set_aside": n,
      "discard": {"event": [ids], "item": [ids], "omen": [ids]},
      "omens_drawn": n,
      "haunt": None | {"id", "number", "name", "intro", "setup_text", "revealer",
                       "traitor": seat | None (None while hidden, except to the traitor),
                       "my_side", "book": {"book", "goals", "facts"} of MY side only,
                       "progress": [{"label", "value", "target", "text"}] of MY side's goals so far,
                       "counters": {...}, "flags": {...}},
      "choice": None | {"seat", "kind", "prompt",
                        "tile": {"room", "floor", "x", "y"} (kind "rotate" only)},
      "legal": [actions of this seat],
      "result": None | {"winner", "reason", "haunt", "turns", "ending"},
      "log": [events this seat may read]
    }

Never in a view: deck or room-stack order, the other side's book (RULING B14), a hidden
traitor's identity, other seats' private log events.
"""

from __future__ import annotations

import re
from typing import Any

from hauntkit.core.log import visible_log
from hauntkit.rulesets.betrayal import legal_actions, progress, state_access
from hauntkit.rulesets.betrayal.index import BIT, Index
from hauntkit.rulesets.betrayal.vocabulary import SIDES, TRAITS, scaled

State = dict[str, Any]


# The sides of every door mask (four bits: 16 masks), worked out once: a view lists two
# masks per placed tile.
_SIDES_OF_MASK: tuple[tuple[str, ...], ...] = tuple(
    tuple(side for side in SIDES if mask & BIT[side]) for mask in range(16))


def _sides(mask: int) -> list[str]:
    return list(_SIDES_OF_MASK[mask])


def view(ix: Index, s: State, seat: int | None, to_act: list[int]) -> dict[str, Any]:
    h = s["haunt"]
    hidden = h is not None and h["hidden"] and not h["revealed"]
    tiles = []
    for room, (f, x, y, r) in sorted(s["tiles"].items()):
        real, false = ix.doors[room][r]
        model = ix.rooms[room]
        tiles.append({"room": room, "name": model.name, "floor": f, "x": x, "y": y,
                      "rotation": r, "doors": _sides(real), "false_doors": _sides(false),
                      "symbol": model.symbol, "text": model.text,
                      "tokens": dict(s["tokens"].get(room, {})),
                      "pile": list(s["piles"].get(room, []))})
    explorers = []
    for i, e in enumerate(s["explorers"]):
        ch = ix.characters[e["character"]]
        side = e["side"]
        if hidden and seat != i and side is not None:
            side = "unknown"
        traits = {}
        for t in TRAITS:
            track = getattr(ch, t)
            idx = e["traits"][t]
            traits[t] = {"value": track.values[idx] if idx >= 0 else 0, "index": idx,
                         "track": list(track.values), "start": track.start}
        explorers.append({"seat": i, "character": e["character"],
                          "name": state_access.name(ix, s, i),
                          "room": e["room"],
                          "alive": e["alive"], "side": side, "traits": traits,
                          "cards": list(e["cards"])})
    monsters = [{"id": m, "kind": v["kind"], "name": ix.monsters[v["kind"]].name, "room": v["room"],
                 "stunned": v["stunned"], "cards": list(v["cards"]),
                 "traits": dict(ix.monsters[v["kind"]].traits),
                 "speed": ix.monsters[v["kind"]].speed}
                for m, v in sorted(s["monsters"].items())]
    turn = s["turn"]
    out: dict[str, Any] = {
        "ruleset": "betrayal", "seat": seat, "players": s["players"],
        "phase": "over" if s["result"] else ("haunt" if h else "exploring"),
        "to_act": to_act,
        "turn": {"actor": "monsters" if turn["who"] == "m" else turn["who"],
                 "number": s["turns"], "moves_left": turn["moves_left"],
                 "movement_ended": turn["movement_ended"], "attacked": turn["attacked"],
                 "used": list(turn["used"])},
        "tiles": tiles, "explorers": explorers, "monsters": monsters,
        "decks": {k: len(v) for k, v in s["decks"].items()},
        "room_stack": len(s["stack"]), "set_aside": len(s["aside"]),
        "discard": {k: sorted(v) for k, v in s["discard"].items()},
        "omens_drawn": s["omens"],
        "haunt": _haunt(ix, s, seat),
        "choice": None,
        "legal": legal_actions.legal(ix, s, seat) if seat is not None else [],
        "result": s["result"],
        "log": visible_log(s["log"], seat),
    }
    ch = s["choice"]
    if ch is not None:
        out["choice"] = {"seat": ch["seat"], "kind": ch["kind"],
                         "prompt": ch["prompt"] if ch["seat"] == seat else "waiting"}
        if ch["kind"] == "rotate":  # the drawn tile is face up on the table: public
            out["choice"]["tile"] = {k: ch[k] for k in ("room", "floor", "x", "y") if k in ch}
    return out


_SCALE_IN_TEXT = re.compile(r"\{(\d+(?:/\d+){2,3})\}")


def scale_text(text: str, players: int) -> str:
    """Resolve an author's ``{3/4/5/6}`` scaling in book text to this table's number
    (3 players: first value ... 6 players: last; ``{3/4/5}``: the last value for 5 and more)."""
    if "{" not in text:
        return text
    return _SCALE_IN_TEXT.sub(lambda m: str(scaled(m.group(1), players)), text)


def _haunt(ix: Index, s: State, seat: int | None) -> dict[str, Any] | None:
    h = s["haunt"]
    if h is None:
        return None
    haunt = ix.haunts[h["id"]]
    my_side = s["explorers"][seat]["side"] if seat is not None else None
    hidden = h["hidden"] and not h["revealed"]
    traitor = h["traitor"] if (not hidden or seat == h["traitor"]) else None
    book = None
    if my_side == "heroes":
        book = haunt.heroes
    elif my_side == "traitor":
        book = haunt.traitor_book
    n = s["players"]
    return {"id": h["id"], "number": haunt.number, "name": haunt.name,
            "intro": scale_text(haunt.intro, n), "setup_text": scale_text(haunt.setup_text, n),
            "revealer": h["revealer"], "traitor": traitor,
            "my_side": "heroes" if hidden and seat != h["traitor"] and my_side else my_side,
            "book": {"book": scale_text(book.after_reveal if h["revealed"] and book.after_reveal
                                        else book.book, n),
                     "goals": [scale_text(g, n) for g in book.goals],
                     "facts": [scale_text(f, n) for f in book.facts]}
            if book is not None else None,
            # my side's goals so far in words ("PRAY: 1 of 3"); the counters are public
            "progress": progress.progress(ix, s, book, hidden) if book is not None else [],
            "counters": dict(s["counters"]), "flags": dict(s["flags"])}
