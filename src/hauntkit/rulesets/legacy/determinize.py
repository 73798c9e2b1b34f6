"""``determinize(ix, view, rng)``: a full, plausible Legacy state built from one seat's view.

Betrayal's determinization (``rulesets/betrayal/determinize.py``) builds the board, explorers,
monsters, haunt (a hidden traitor sampled among the suspects, RULING B14) and turn; Legacy
then replaces what its rules make different, from the view only:

- deck orders: the backs of every deck are public (rulebook "Card Decks and the Tile Stack":
  players may look through the backs), so each position gets an unseen card **with that back**
  (the same regions); the tile stack likewise gets unplaced tiles with the floors of each back;
- Legacy's own state: used cards (``explorers.N.used``), the action words used this turn (and the
  GIVE/DROP/TAKE/PICK UP still open, read from the seat's own legal actions), the heirlooms, the haunt threshold and the mode, all shown in the view;
- cards and tiles the view cannot place anywhere are out of this game (``legacy.out``).

Not in the view, so set to their plain defaults: a chapter's other haunt triggers, intensity
boxes and rule stickers (free play has none), which families made an heirloom this game, and
the cards this game sent to the box or Tomb (``house_changes``, for the campaign's record).
Buried cards are sampled like any unseen card (their place at the bottom is not remembered):
the sample uses less than the seat knows, never more.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from typing import Any

from hauntkit.rulesets.betrayal.determinize import NotDeterminizable
from hauntkit.rulesets.betrayal.determinize import determinize as betrayal_determinize

State = dict[str, Any]

__all__ = ["NotDeterminizable", "determinize"]


def determinize(ix: Any, view: dict[str, Any], rng: random.Random) -> State:
    """A Legacy state consistent with ``view`` (of seat ``view["seat"]``), hidden parts sampled."""
    s = betrayal_determinize(ix, view, rng)
    s["ruleset"] = "legacy"
    # campaign: Purgatory cards and tiles are out unless the house added them (which the view
    # does not say): they fill a back only when no other unseen card has it
    late = set(ix.purgatory) if view["mode"] == "campaign" else set()
    seen: set[str] = set()
    for e in view["explorers"]:
        seen.update(e["cards"])
    for m in view["monsters"]:
        seen.update(m["cards"])
    for t in view["tiles"]:
        seen.update(t["pile"])
    seen.update(view.get("ongoing", {}))  # ongoing events lie beside the board, face up
    backs = view["backs"]
    s["decks"] = {
        kind: _deal([c for c in ix.deck_ids[kind] if c not in seen],
                    backs["decks"].get(kind, []),
                    lambda c: tuple(sorted(ix.card_regions[c])), late, rng)
        for kind in view["decks"]}
    placed = set(s["tiles"])
    s["stack"] = _deal([r for r in ix.stack_ids if r not in placed],
                       backs["stack"], lambda r: tuple(ix.rooms[r].floors), late, rng)
    s["aside"] = []
    for shown, e in zip(view["explorers"], s["explorers"], strict=True):
        e["used"] = list(shown["used"])
        if shown.get("given_name"):
            e["given_name"], e["age"] = shown["given_name"], shown["age"]
        if shown.get("found"):
            e["found"] = True
    s["turn"]["words"] = list(view["turn"].get("words", []))
    s["turn"]["open"] = _open_key(ix, view)
    everywhere = seen | {c for d in s["decks"].values() for c in d}
    out = [c for kind in ix.deck_ids for c in ix.deck_ids[kind] if c not in everywhere]
    out += [r for r in ix.stack_ids if r not in placed and r not in s["stack"]]
    s["legacy"] = {"threshold": view["haunt_threshold"], "after_omens": None, "on_tile": None,
                   "mode": view["mode"], "heirlooms": dict(view["heirlooms"]),
                   "heirloomed": [], "passages": [], "out": sorted(out),
                   "ongoing": dict(view.get("ongoing", {}))}
    if view.get("heirloom_names"):
        s["legacy"]["names"] = dict(view["heirloom_names"])
    if view.get("dead_monsters"):
        s["dead_monsters"] = dict(view["dead_monsters"])
    if view.get("boxes_used"):
        s["legacy"]["boxes_used"] = list(view["boxes_used"])
    s["intensity"] = {}
    s["stickers"] = []
    s["house_changes"] = {"box": [], "tomb": [], "destroyed": []}  # the campaign's record
    return s


_KEYS = {"give": ("GIVE", "to"), "drop": ("DROP", None), "take": ("TAKE", "from"),
         "pick_up": ("PICK UP", None)}


def _open_key(ix: Any, view: dict[str, Any]) -> str | None:
    """The GIVE/DROP/TAKE/PICK UP still open this turn (one word may hand over several cards
    until the player does anything else, RULING HL-2): shown by the seat's own legal actions,
    which offer that word again though it is used."""
    words = view["turn"].get("words", [])
    for a in view["legal"]:
        found = _KEYS.get(a["type"])
        if found is None or a.get("card") not in ix.cards or found[0] not in words:
            continue
        word, arg = found
        return word if arg is None else f"{word}:{a[arg]}"
    return None


def _deal(pool: list[str], backs: list[Any], back_of: Callable[[str], Hashable],
          late: set[str], rng: random.Random) -> list[str]:
    """One item of ``pool`` per back, each with that back where the pool allows (items in
    ``late`` only when no other has it); the pool is shuffled first so every consistent order
    is possible."""
    pool = list(pool)
    rng.shuffle(pool)
    pool.sort(key=lambda x: x not in late)  # stable: pop() takes the others first
    by_back: dict[Hashable, list[str]] = {}
    for x in pool:
        by_back.setdefault(back_of(x), []).append(x)
    out: list[str | None] = []
    for b in backs:
        group = by_back.get(tuple(b))
        out.append(group.pop() if group else None)
    rest = sorted((x for g in by_back.values() for x in g), key=lambda x: x not in late)
    return [x if x is not None else rest.pop() for x in out if x is not None or rest]
