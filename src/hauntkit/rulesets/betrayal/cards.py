"""Cards and objects moving between decks, hands, piles and monsters (betrayal-turn-movement-
cards.md "Using Items and Omen Cards", betrayal-items-dice-attacks.md "Item Tokens")."""

from __future__ import annotations

from typing import Any

from hauntkit.core import rng
from hauntkit.rulesets.betrayal import frames, state_access
from hauntkit.rulesets.betrayal.index import Index

State = dict[str, Any]


def is_companion(ix: Index, cid: str) -> bool:
    card = ix.cards.get(cid)
    return card is not None and card.companion


def tradable(ix: Index, cid: str) -> bool:
    card = ix.cards.get(cid)
    if card is not None:
        return card.tradable and not card.companion and card.is_item()
    obj = state_access.base_object(ix, cid)
    return obj is not None and obj.tradable


def stealable(ix: Index, cid: str) -> bool:
    card = ix.cards.get(cid)
    if card is not None:
        return card.stealable and card.tradable and not card.companion and card.is_item()
    obj = state_access.base_object(ix, cid)
    return obj is not None and obj.stealable


def droppable(ix: Index, cid: str) -> bool:
    """Items (tradable or not) and objects may be dropped; companions and events may not."""
    card = ix.cards.get(cid)
    if card is not None:
        return card.is_item() and not card.companion
    return True


def gain(ix: Index, s: State, who: Any, cid: str) -> None:
    """``who`` takes custody of ``cid``; its ``on_gain`` effects apply."""
    if isinstance(who, str):
        s["monsters"][who]["cards"].append(cid)
        return
    s["explorers"][who]["cards"].append(cid)
    card = ix.cards.get(cid)
    if card is not None and card.on_gain:
        frames.push(s, f"c:{cid}:on_gain", who, f"c:{cid}")


def lose(ix: Index, s: State, who: Any, cid: str) -> None:
    """``who`` loses custody of ``cid``; its ``on_lose`` effects apply."""
    if isinstance(who, str):
        s["monsters"][who]["cards"].remove(cid)
        return
    s["explorers"][who]["cards"].remove(cid)
    card = ix.cards.get(cid)
    if card is not None and card.on_lose and s["explorers"][who]["alive"]:
        frames.push(s, f"c:{cid}:on_lose", who, f"c:{cid}")


def to_pile(s: State, room: str, cid: str) -> None:
    s["piles"].setdefault(room, []).append(cid)


def from_pile(s: State, room: str, cid: str) -> None:
    pile = s["piles"][room]
    pile.remove(cid)
    if not pile:
        del s["piles"][room]


def discard(ix: Index, s: State, cid: str) -> None:
    """A card leaves play the ruleset's way (``rules.discard``; betrayal: its discard pile)."""
    ix.rules.discard(ix, s, cid)


def to_discard_pile(ix: Index, s: State, cid: str) -> None:
    card = ix.cards.get(cid)
    if card is None:
        return  # a haunt object leaves play
    s["discard"][card.kind].append(cid)


def drop_all(ix: Index, s: State, who: Any, death: bool = False) -> None:
    """Drop everything carried into the tile's pile (death: companions too, events discarded)."""
    room = state_access.room_of(s, who)
    holder = s["explorers"][who]["cards"] if isinstance(who, int) else s["monsters"][who]["cards"]
    for cid in list(holder):
        card = ix.cards.get(cid)
        if card is not None and card.kind == "event":
            if death:
                holder.remove(cid)
                discard(ix, s, cid)
            continue
        if card is not None and card.companion and not death:
            continue
        if death:
            holder.remove(cid)
        else:
            lose(ix, s, who, cid)
        to_pile(s, room, cid)


def draw(ix: Index, s: State, who: int, deck: str) -> None:
    """Draw the top card of ``deck``: drawing ends movement (RULING B8). Events resolve and are
    discarded unless kept; items and omens are kept; omens count for the haunt roll (B3)."""
    rules = ix.rules
    cid = rules.take_card(ix, s, who, deck)
    rules.card_drawn(ix, s, who, cid)  # (betrayal: even from an empty deck)
    if cid is None:
        return
    drawn(ix, s, who, deck, cid)


def drawn(ix: Index, s: State, who: int, deck: str, cid: str) -> None:
    """``who`` drew ``cid`` from ``deck`` (already taken off it): log it, keep or resolve it."""
    rules = ix.rules
    card = ix.cards[cid]
    room = s["explorers"][who]["room"]
    state_access.log(s, "draw", f"{state_access.name(ix, s, who)} draws {card.name} ({deck}).",
                     seat=who, card=cid,
                     deck=deck)
    if deck == "omen":
        rules.omen_drawn(ix, s, who, cid, room)
    kept = card.is_item()
    if kept:
        gain(ix, s, who, cid)
        rules.item_drawn(ix, s, who, cid)
    else:
        s["limbo"].append(cid)
        frames.push_op(s, {"op": "card_done", "card": cid, "who": who})
    if not card.on_draw:
        return
    if rules.may_ignore(ix, s, who, card):
        frames.ask(s, who, "ignore", [{"type": "ignore_card", "ignore": False},
                                      {"type": "ignore_card", "ignore": True}],
                   f"You may ignore {card.name}.", card=cid)
        return
    frames.push(s, f"c:{cid}:on_draw", who, f"c:{cid}")


def take_top(ix: Index, s: State, deck: str) -> str | None:
    """Take the top card of ``deck``; an empty deck is first refilled from its shuffled discard
    pile (None: both are empty)."""
    cards = s["decks"][deck]
    if not cards:
        pile = s["discard"][deck]
        if not pile:
            state_access.log(s, "deck_empty", f"The {deck} deck is empty.")
            return None
        cards.extend(pile)
        pile.clear()
        rng.shuffle(s["rng"], cards)
    return cards.pop(0)


def card_done(ix: Index, s: State, frame: dict[str, Any]) -> None:
    """An event (or a non-item omen) finished resolving: discard it unless it was kept."""
    cid = frame["card"]
    if cid in s["limbo"]:
        s["limbo"].remove(cid)
        discard(ix, s, cid)


def take_specific(ix: Index, s: State, who: int, cid: str) -> bool:
    """Take a named card from a deck, a discard pile or an item pile; or a haunt object not in
    play yet. Returns False if it is held by someone."""
    for kind, deck in s["decks"].items():
        if cid in deck:
            deck.remove(cid)
            gain(ix, s, who, cid)
            return True
        if cid in s["discard"][kind]:
            s["discard"][kind].remove(cid)
            gain(ix, s, who, cid)
            return True
    for room, pile in list(s["piles"].items()):
        if cid in pile:
            from_pile(s, room, cid)
            gain(ix, s, who, cid)
            return True
    if cid in ix.objects and not any(cid in e["cards"] for e in s["explorers"]) and not any(
            cid in m["cards"] for m in s["monsters"].values()):
        gain(ix, s, who, cid)
        return True
    return False
