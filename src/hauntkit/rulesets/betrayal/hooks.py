"""Betrayal's named Python hooks (effects the declarative vocabulary can't say), registered in
``hook_registry.HOOKS``, and the choice kinds they ask."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hauntkit.core import rng
from hauntkit.rulesets.betrayal import cards, frames, house, rolls, state_access, traits
from hauntkit.rulesets.betrayal.hook_registry import HOOKS, hook


# ------------------------------------------------------------------------------- card hooks
@hook("crystal_ball")
def crystal_ball(ix: Any, s: dict[str, Any], fr: dict[str, Any], args: dict[str, Any]) -> None:
    """Look through the undrawn item and event cards and take one; that deck is then shuffled.
    Only the looker sees the cards (the options of their private choice, sorted by id)."""

    who = fr["who"]
    opts = [{"type": "pick", "card": c} for c in sorted(s["decks"]["item"] + s["decks"]["event"])]
    if opts:
        frames.ask(s, who, "pick", opts, "Take one undrawn card; its deck is then shuffled.",
                   who=who)


def _picked(ix: Any, s: dict[str, Any], ch: dict[str, Any], action: dict[str, Any]) -> None:
    cid = action["card"]
    kind = ix.cards[cid].kind
    s["decks"][kind].remove(cid)
    rng.shuffle(s["rng"], s["decks"][kind])
    state_access.log(s, "crystal_ball",
                     f"{state_access.name(ix, s, ch['who'])} takes {'an' if kind[0] in 'aeiou' else 'a'} "
                     f"{kind} card from the deck.")
    state_access.log(s, "crystal_ball_card",
                     f"{state_access.name(ix, s, ch['who'])} takes {ix.cards[cid].name}.",
                     to=[ch["who"]])
    if kind == "event":
        s["limbo"].append(cid)
        frames.push_op(s, {"op": "card_done", "card": cid, "who": ch["who"]})
        if ix.cards[cid].on_draw:
            frames.push(s, f"c:{cid}:on_draw", ch["who"], f"c:{cid}")
    else:
        cards.gain(ix, s, ch["who"], cid)


@hook("dog_fetch")
def dog_fetch(ix: Any, s: dict[str, Any], fr: dict[str, Any], args: dict[str, Any]) -> None:
    """The Dog runs up to 4 tiles (no one-way or roll passages, no elevator, not slowed by
    monsters) to hand one of your tradable items to an explorer there."""

    who = fr["who"]
    start = s["explorers"][who]["room"]
    seen = {start: 0}
    todo = [start]
    while todo:
        r = todo.pop(0)
        if seen[r] == 4 or r == "mystic_elevator":
            continue
        for nxt, link in house.exits(ix, s, r):
            if link is not None and (link.one_way or link.trait or not link.dog_ok):
                continue
            if nxt not in seen:
                seen[nxt] = seen[r] + 1
                todo.append(nxt)
    mates = [i for i, e in enumerate(s["explorers"])
             if e["alive"] and i != who and e["room"] in seen]
    items = [c for c in s["explorers"][who]["cards"] if cards.tradable(ix, c)]
    opts = [{"type": "fetch", "to": m, "card": c} for m in mates for c in items]
    if opts:
        frames.ask(s, who, "fetch", opts, "Choose who gets which item.", who=who)


def _fetched(ix: Any, s: dict[str, Any], ch: dict[str, Any], action: dict[str, Any]) -> None:

    cards.lose(ix, s, ch["who"], action["card"])
    cards.gain(ix, s, action["to"], action["card"])
    state_access.log(s, "dog", f"The dog carries {state_access.card_name(ix, action['card'])} to "
                     f"{state_access.name(ix, s, action['to'])}.")


@hook("bite")
def bite(ix: Any, s: dict[str, Any], fr: dict[str, Any], args: dict[str, Any]) -> None:
    """Something bites: 4 dice against the drawer's Might roll; the difference, if the bite is
    higher, is physical damage."""

    who = fr["who"]
    a = sum(state_access.roll(s, 4))
    d = rolls.do_roll(ix, s, who, "might", None, "defend")
    state_access.log(s, "bite", f"The bite rolls {a} against {d}.")
    if a > d:
        frames.damage(s, [[who, a - d]], "physical")


@hook("image_in_the_mirror")
def image_in_the_mirror(ix: Any, s: dict[str, Any], fr: dict[str, Any],
                        args: dict[str, Any]) -> None:
    """You may discard an item you carry that is not an omen (so never the Book) and draw an
    item instead (rulebook digest)."""

    who = fr["who"]
    items = [c for c in s["explorers"][who]["cards"] if c in ix.cards and ix.cards[c].kind == "item"]
    if items:
        opts = [{"type": "swap", "card": None}] + [{"type": "swap", "card": c} for c in items]
        frames.ask(s, who, "swap", opts, "Trade an item with your reflection?", who=who)


def _swapped(ix: Any, s: dict[str, Any], ch: dict[str, Any], action: dict[str, Any]) -> None:

    if action["card"] is None:
        return
    cards.lose(ix, s, ch["who"], action["card"])
    cards.discard(ix, s, action["card"])
    frames.push_op(s, {"op": "draw", "who": ch["who"], "deck": "item"})


@hook("meant_to_be_roll")
def meant_to_be_roll(ix: Any, s: dict[str, Any], fr: dict[str, Any], args: dict[str, Any]
                     ) -> None:
    """Roll 4 dice and save the result on the explorer."""

    result = sum(state_access.roll(s, 4))
    s["explorers"][fr["who"]]["saved"] = result
    state_access.log(s, "fate", f"{state_access.name(ix, s, fr['who'])} saves the result {result}.")


@hook("meant_to_be_use")
def meant_to_be_use(ix: Any, s: dict[str, Any], fr: dict[str, Any], args: dict[str, Any]
                    ) -> None:
    """The next roll this explorer makes uses the saved result; the card is discarded."""

    e = s["explorers"][fr["who"]]
    e["fate"] = e.pop("saved", 0)
    if "it_is_meant_to_be" in e["cards"]:
        e["cards"].remove("it_is_meant_to_be")
        cards.discard(ix, s, "it_is_meant_to_be")


def _lose_after_weapon(trait: str) -> Callable[..., Any]:
    def fn(ix: Any, s: dict[str, Any], fr: dict[str, Any], args: dict[str, Any]) -> None:

        if isinstance(fr["who"], int):
            traits.change(ix, s, fr["who"], trait, -1)

    return fn


HOOKS["blood_dagger"] = _lose_after_weapon("speed")
HOOKS["sacrificial_dagger"] = _lose_after_weapon("sanity")


# the hooks' choice kinds (a ruleset's rules object adds them to its choices table)
CHOICES: dict[str, Callable[..., Any]] = {"pick": _picked, "fetch": _fetched, "swap": _swapped}
