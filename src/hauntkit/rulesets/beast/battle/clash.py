"""The clash deck and the hands that hold it (rules: "Card Casting", "Combat Basics" / FREE
ACTION; RULINGS R8, HR-54, HR-55).

Hidden state in ``state["clash"]``: ``deck`` (order hidden from everyone) and ``hands``
(unit id -> card ids, seen only by the unit's seat). Public, per card caster, in
``state["hx"][uid]``: ``buried`` (cards buried, not yet in an Arcana) and ``arcana``.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hauntkit.core.log import emit
from hauntkit.core.rng import shuffle

State = dict[str, Any]
HAND_LIMIT = 7
START_HAND = 3


def ensure(rs: Any, state: State) -> dict[str, Any]:
    """The clash state, created the first time it is needed with the pack's deck, less the
    cards casters hold buried or in Arcanas, shuffled."""
    cl = state.get("clash")
    if cl is None:
        out = Counter()
        for rec in state.get("hx", {}).values():
            out.update(placed(rec))
        deck = []
        for card in rs.c.clash_deck:
            if out[card]:
                out[card] -= 1
            else:
                deck.append(card)
        shuffle(state["rng"], deck)
        cl = state["clash"] = {"deck": deck, "hands": {}}
    return cl


def hand(state: State, uid: str) -> list[str]:
    return state.get("clash", {}).get("hands", {}).get(uid, [])


def draw(rs: Any, state: State) -> str | None:
    """The top card of the deck, or None when it is empty (HR-54: no reshuffle; buried cards
    feed the Arcanas)."""
    deck = ensure(rs, state)["deck"]
    return deck.pop(0) if deck else None


def bury(state: State, uid: str, card: str) -> None:
    state.setdefault("hx", {}).setdefault(uid, {}).setdefault("buried", []).append(card)


def take(rs: Any, state: State, uid: str, card: str) -> bool:
    """Put ``card`` in ``uid``'s hand; a full hand (7) buries it instead (HR-54)."""
    hands = ensure(rs, state)["hands"]
    held = hands.setdefault(uid, [])
    if len(held) >= HAND_LIMIT:
        bury(state, uid, card)
        emit(state, "clash_buried", f"{rs.name(state['units'][uid])}'s hand is full: a clash "
             "card is buried.", unit=uid, card=card)
        return False
    held.append(card)
    who = rs.name(state["units"][uid])
    emit(state, "clash_draw", f"{who} draws a clash card.", unit=uid)
    emit(state, "clash_card", f"{who} draws {rs.c.clash[card].name}.",
         to=[state["units"][uid]["seat"]], unit=uid, card=card)
    return True


def draw_into_hand(rs: Any, state: State, uid: str, n: int = 1) -> int:
    """Draw up to ``n`` cards into ``uid``'s hand; returns how many were drawn."""
    got = 0
    for _ in range(n):
        card = draw(rs, state)
        if card is None:
            break
        take(rs, state, uid, card)
        got += 1
    return got


def discard_from_hand(state: State, uid: str, card: str) -> None:
    """Bury a card from the hand (it was played, or mulliganed)."""
    state["clash"]["hands"][uid].remove(card)
    bury(state, uid, card)


def view(state: State, seat: int | None) -> dict[str, Any] | None:
    """What ``seat`` sees of the clash cards: the deck's size, every hand's size, and the
    cards of its own units' hands only."""
    cl = state.get("clash")
    if cl is None:
        return None
    units = state["units"]
    return {
        "deck_size": len(cl["deck"]),
        "hands": {uid: {"size": len(cards),
                        "cards": list(cards) if seat is not None
                        and units[uid]["seat"] == seat else None}
                  for uid, cards in cl["hands"].items()},
    }


def placed(hx: dict[str, Any]) -> list[str]:
    """Every card of a caster's record that is out of the deck and not in a hand."""
    out = list(hx.get("buried", []))
    for cards in hx.get("arcana", {}).values():
        out.extend(cards)
    return out


def determinize(rs: Any, seen: dict[str, Any] | None, hx: dict[str, Any],
                rng: random.Random) -> dict[str, Any] | None:
    """A clash state consistent with a view: the unseen cards (the pack's deck less the cards
    seen in hands, buried or in Arcanas) are shuffled and dealt to the hidden hands, the rest
    form the deck."""
    if seen is None:
        return None
    pool = Counter(rs.c.clash_deck)
    for h in seen["hands"].values():
        if h["cards"] is not None:
            pool.subtract(h["cards"])
    for rec in hx.values():
        pool.subtract(placed(rec))
    unseen = sorted(pool.elements())
    rng.shuffle(unseen)
    hands = {}
    for uid, h in seen["hands"].items():
        if h["cards"] is not None:
            hands[uid] = list(h["cards"])
        else:
            hands[uid], unseen = unseen[:h["size"]], unseen[h["size"]:]
    return {"deck": unseen[:seen["deck_size"]], "hands": hands}


def shuffle_hidden(state: State, rng: random.Random) -> None:
    """Permute the deck (no seat sees its order)."""
    cl = state.get("clash")
    if cl is not None:
        rng.shuffle(cl["deck"])
