"""Joining the Campaign (rulebook "Joining the Campaign"), played in the game: "If a family has
missed MORE than half of the played chapters, give them three random Items after step 7 of
setup and have them keep one. Shuffle the other two back into the Item deck. The player may
heirloom this item if it has a slot available, following usual heirloom rules, except this does
NOT count toward the once-per-game limit on making heirlooms."

Three choices on the legacy rules' tables (``rules.choices``/``rules.fields``): ``join_keep``
(``card``: the item kept), ``join_heirloom`` (``make``: true/false) and ``join_name`` (``name``:
the new heirloom's name, heirlooms.py). The campaign's
``carry_in`` starts them, before the first turn, for each joining seat in seat order.
"""

from __future__ import annotations

from typing import Any

from hauntkit.core import rng
from hauntkit.rulesets.betrayal import cards, frames, state_access
from hauntkit.rulesets.legacy import heirlooms
from hauntkit.rulesets.legacy.record import MAX_HEIRLOOMS

KEEP = "join_keep"
HEIRLOOM = "join_heirloom"
NAME = "join_name"
State = dict[str, Any]


def install(rules: Any) -> None:
    """Add the three choices to a legacy rules object's tables."""
    rules.choices[KEEP] = _kept
    rules.fields[KEEP] = {"card"}
    rules.choices[HEIRLOOM] = _heirloomed
    rules.fields[HEIRLOOM] = {"make"}
    rules.choices[NAME] = _named
    rules.fields[NAME] = {"name"}


def start(ix: Any, s: State, seats: list[int]) -> None:
    """Offer each joining seat its three random items, one seat after the other."""
    s["joining"] = list(seats)
    _next(ix, s)


def _next(ix: Any, s: State) -> None:
    while s.get("joining"):
        seat = s["joining"].pop(0)
        deck = s["decks"]["item"]
        picks = [deck.pop(rng.below(s["rng"], len(deck))) for _ in range(min(3, len(deck)))]
        if not picks:
            continue
        state_access.log(s, "joining",
                         f"The {state_access.name(ix, s, seat)} family joins the campaign late and "
                         f"is offered {len(picks)} items.", seat=seat)
        frames.ask(s, seat, KEEP, [{"type": KEEP, "card": c} for c in picks],
                   "Your family joins the campaign: keep one of these items.", who=seat,
                   cards=picks)
        return
    s.pop("joining", None)


def can_heirloom(ix: Any, s: State, family: str, cid: str) -> bool:
    """The usual heirloom rules (rulebook "Heirlooming Item Cards") but the once-per-game
    limit: an item with a free slot, at most nine per family."""
    card = ix.cards[cid]
    made = s["legacy"]["heirlooms"]
    return (card.kind == "item" and bool(card.heirloom_slot) and cid not in made
            and sum(1 for f in made.values() if f == family) < MAX_HEIRLOOMS)


def _kept(ix: Any, s: State, ch: dict[str, Any], action: dict[str, Any]) -> None:
    seat, cid = ch["who"], action["card"]
    cards.gain(ix, s, seat, cid)
    deck = s["decks"]["item"]
    deck.extend(c for c in ch["cards"] if c != cid)
    rng.shuffle(s["rng"], deck)
    state_access.log(s, "joining",
                     f"{state_access.name(ix, s, seat)} keeps {ix.cards[cid].name}; the others are "
                     "shuffled back into the item deck.", seat=seat, card=cid)
    family = s["explorers"][seat]["character"]
    if can_heirloom(ix, s, family, cid):
        frames.ask(s, seat, HEIRLOOM, [{"type": HEIRLOOM, "make": True},
                                       {"type": HEIRLOOM, "make": False}],
                   f"Make {ix.cards[cid].name} your family's heirloom (not counted as this "
                   "game's heirloom)?", who=seat, card=cid)
        return
    _next(ix, s)


def _heirloomed(ix: Any, s: State, ch: dict[str, Any], action: dict[str, Any]) -> None:
    if action["make"]:
        family = s["explorers"][ch["who"]]["character"]
        s["legacy"]["heirlooms"][ch["card"]] = family  # not in "heirloomed": no limit used
        state_access.log(s, "heirloom", f"{ix.cards[ch['card']].name} becomes the heirloom of the "
                         f"{ix.characters[family].name} family.", card=ch["card"], family=family)
        if heirlooms.ask_name(ix, s, ch["who"], ch["card"], NAME):
            return
    _next(ix, s)


def _named(ix: Any, s: State, ch: dict[str, Any], action: dict[str, Any]) -> None:
    heirlooms.named(ix, s, ch, action)
    _next(ix, s)
