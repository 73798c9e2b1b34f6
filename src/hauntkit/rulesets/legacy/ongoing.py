"""Ongoing event cards stay on the tile they were drawn on (rulebook "Event Cards": "Ongoing
Event cards ... are not buried. Instead, place a token on the Event tile to mark its effect").

``state.legacy.ongoing`` maps each ongoing card to its tile (the token; the card lies face up
beside the board, in nobody's hand). The card's ``on_start_of_turn`` and ``on_end_turn``
effects apply to whoever starts or ends a turn on that tile. A revealed traitor may ignore them
each time ("So You're Evil Now"), getting none of their good either (RULING HL-21).
"""

from __future__ import annotations

from typing import Any

from hauntkit.rulesets.betrayal import effects, frames, state_access

State = dict[str, Any]
WHEN = ("on_start_of_turn", "on_end_turn")


def placed(s: State) -> dict[str, str]:
    """Ongoing card -> the tile its token is on."""
    return s["legacy"].setdefault("ongoing", {})


def put_on_tile(ix: Any, s: State, cid: str, who: int) -> None:
    """The drawn ongoing card leaves play-in-hand: its token goes on the drawer's tile."""
    if cid in s["limbo"]:
        s["limbo"].remove(cid)
    tile = s["explorers"][who]["room"]
    placed(s)[cid] = tile
    state_access.log(s, "ongoing", f"{ix.cards[cid].name} stays on {ix.rooms[tile].name}; a "
                     "token marks its effect there.", card=cid, room=tile)


def keep(ix: Any, s: State, fr: dict[str, Any], eff: Any) -> None:
    """``keep`` of an ongoing event puts it on its tile; any other kept card is betrayal's."""
    cid = fr["src"][2:]
    card = ix.cards.get(cid)
    if card is not None and card.ongoing and card.kind == "event" and isinstance(fr["who"], int):
        put_on_tile(ix, s, cid, fr["who"])
        return
    effects.EFFECTS["keep"](ix, s, fr, eff)


def ignore_chosen(base: Any) -> Any:
    """A traitor who ignores an ongoing card as it is drawn still leaves it on its tile (it is
    never buried); other ignored cards go as betrayal's choice sends them."""

    def chosen(ix: Any, s: State, ch: dict[str, Any], action: dict[str, Any]) -> None:
        cid = ch["card"]
        card = ix.cards[cid]
        if action["ignore"] and card.ongoing and card.kind == "event" and cid in s["limbo"]:
            put_on_tile(ix, s, cid, ch["seat"])
        base(ix, s, ch, action)

    return chosen


def trigger(ix: Any, s: State, who: int, when: str) -> None:
    """Queue the ``when`` effects of the ongoing cards on ``who``'s tile."""
    room = s["explorers"][who]["room"]
    for cid, tile in sorted(placed(s).items(), reverse=True):
        if tile == room and getattr(ix.cards[cid], when):
            frames.push_op(s, {"op": "ongoing", "card": cid, "when": when, "who": who})


def op_ongoing(ix: Any, s: State, fr: dict[str, Any]) -> None:
    """Apply one ongoing card's effects to ``who``; a revealed traitor chooses first."""
    who, cid = fr["who"], fr["card"]
    if not s["explorers"][who]["alive"] or s["explorers"][who]["room"] != placed(s).get(cid):
        return
    key = f"c:{cid}:{fr['when']}"
    if state_access.side(s, who) == "traitor" and s["haunt"]["revealed"]:
        frames.ask(s, who, "ignore_ongoing", [{"type": "ignore_card", "ignore": False},
                                              {"type": "ignore_card", "ignore": True}],
                   f"You may ignore {ix.cards[cid].name} (and get none of its good).",
                   card=cid, key=key)
        return
    frames.push(s, key, who, f"c:{cid}")


def ignore_ongoing_chosen(ix: Any, s: State, ch: dict[str, Any], action: dict[str, Any]
                          ) -> None:
    if action["ignore"]:
        state_access.log(s, "ignore",
                         f"{state_access.name(ix, s, ch['seat'])} ignores "
                         f"{ix.cards[ch['card']].name}.")
        return
    frames.push(s, ch["key"], ch["seat"], f"c:{ch['card']}")
