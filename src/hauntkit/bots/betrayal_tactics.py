"""What the heuristic bot of betrayal and legacy judges from the view, beyond where to walk:

- whether an attack is worth it: the chance of winning it from both sides' trait dice
  (``odds``), so a bot never attacks with 2 dice against 6;
- what a book action's roll is worth: the chance of an outcome that advances the side (a win,
  a counter going up, a flag) with the dice and bonuses it would roll, so a bot never makes a
  roll it cannot win; an action that reveals a hidden traitor is left alone unless it wins
  at once (it raises the side's win counter to its goal);
- where a monster should go for the traitor's book (or its own powers): carry the objects a
  power wants to the power's room, bring it to the room a book action needs it in.

Only the view, the legal actions and the public content pack (the seat's own book, the monster
kinds) are read.
"""

from __future__ import annotations

from typing import Any

from hauntkit.bots import odds
from hauntkit.rulesets.betrayal.cards import stealable
from hauntkit.rulesets.betrayal.index import Index
from hauntkit.rulesets.betrayal.vocabulary import scaled

View = dict[str, Any]
GOOD_ROLL = 0.1  # below this chance of success a roll that can hurt is not worth making...
LONG_SHOT = 1e-9  # ...unless no bonus it lacks can still be had: then any chance will do


def holds_card(cards: list[str], want: str) -> bool:
    """Whether ``cards`` hold ``want`` or a numbered copy of it (``cog`` -> ``cog_2``)."""
    return any(c == want or (c.startswith(want + "_") and c[len(want) + 1:].isdigit())
               for c in cards)


def trait_value(view: View, who: Any, trait: str) -> int | None:
    """A trait of an explorer (seat) or a monster (id) as the view shows it; None: it has none."""
    if isinstance(who, int):
        return int(view["explorers"][who]["traits"][trait]["value"])
    mon = next((m for m in view["monsters"] if m["id"] == who), None)
    if mon is None or trait not in mon["traits"]:
        return None
    return int(mon["traits"][trait])


def room_of(view: View, who: Any) -> str | None:
    if isinstance(who, int):
        return str(view["explorers"][who]["room"])
    mon = next((m for m in view["monsters"] if m["id"] == who), None)
    return None if mon is None else str(mon["room"])


def attack_chances(view: View, attacker: Any, target: Any, trait: str,
                   extra_dice: int) -> tuple[float, float] | None:
    """(attacker wins, defender wins) for an attack with ``trait``; None: one of them lacks it."""
    mine = trait_value(view, attacker, trait)
    theirs = trait_value(view, target, trait)
    if mine is None or theirs is None:
        return None
    return odds.attack_odds(mine + extra_dice, theirs)


def attack_worth(view: View, attacker: Any, target: Any, trait: str, extra_dice: int,
                 risk: float) -> float | None:
    """The attacker's chance of winning when the attack is worth making, else None.

    Worth it: the chance of winning is at least ``risk`` times the chance of losing. A loss
    costs nothing (so any chance will do) for a distance attack from another tile and against
    a stunned monster (rulebook digest, "Death and Stuns")."""
    chances = attack_chances(view, attacker, target, trait, extra_dice)
    if chances is None:
        return None
    win, lose = chances
    harmless = room_of(view, attacker) != room_of(view, target) or any(
        m["id"] == target and m["stunned"] for m in view["monsters"])
    if harmless:
        return win if win > 0 else None
    return win if win >= risk * lose and win > 0 else None


# -- book actions ----------------------------------------------------------------------------
JUDGED = frozenset({"flag", "not_flag", "carrying", "in_room", "room_has_symbol", "token_here",
                    "on_floor", "monster_here"})  # the conditions ``view_holds`` can judge
PLACE = frozenset({"in_room", "room_has_symbol", "token_here", "on_floor", "monster_here"})


def view_holds(view: View, seat: int, c: Any, room: str | None = None) -> bool:
    """A bonus condition judged from the view, for the seat standing in ``room`` (default: its
    own tile); a condition the bot cannot judge does not hold, nor one about a tile not yet
    in the house."""
    me = view["explorers"][seat]
    h = view["haunt"] or {}
    flags = h.get("flags", {})
    room = me["room"] if room is None else room
    if c.flag is not None and not flags.get(c.flag):
        return False
    if c.not_flag is not None and flags.get(c.not_flag):
        return False
    if c.carrying and not any(holds_card(me["cards"], x) for x in c.carrying):
        return False
    if any(getattr(c, name) is not None for name in PLACE) and not _place_holds(view, c, room):
        return False
    return all(getattr(c, name) is None for name in type(c).model_fields if name not in JUDGED)


def _place_holds(view: View, c: Any, room: str) -> bool:
    """The condition's parts about the tile (room, symbol, token, floor, monster) hold in
    ``room``; never for a tile not yet in the house."""
    tile = next((t for t in view["tiles"] if t["room"] == room), None)
    if tile is None or (c.in_room and room not in c.in_room):
        return False
    if c.room_has_symbol and tile["symbol"] != c.room_has_symbol:
        return False
    if c.token_here and not tile["tokens"].get(c.token_here):
        return False
    if c.on_floor and tile["floor"] not in c.on_floor:
        return False
    return not c.monster_here or any(
        m["room"] == room and c.monster_here in ("any", m["kind"]) for m in view["monsters"])


def _advances(effects: list[Any], side: str) -> bool:
    for eff in effects:
        kind = getattr(eff, "do", None)
        if kind == "win" and eff.side == side:
            return True
        if kind == "counter" and not str(eff.add).startswith("-"):
            return True
        if kind == "flag":
            return True
    return False


def _reveals(effects: list[Any]) -> bool:
    return any(getattr(eff, "do", None) == "reveal" for eff in effects)


def book_action(ix: Index, view: View, action_id: str) -> Any:
    h = view["haunt"]
    haunt = ix.haunts[h["id"]]
    book = haunt.heroes if h["my_side"] == "heroes" else haunt.traitor_book
    return next((act for act in book.actions if act.id == action_id), None)


def roll_chance(ix: Index, view: View, seat: int, roll: Any, side: str,
                room: str | None = None) -> tuple[float, float]:
    """(chance of an outcome that advances ``side``, chance of an outcome that does not), for
    the roll made in ``room`` (default: where the seat stands)."""
    players = view["players"]
    me = view["explorers"][seat]
    dice = (me["traits"][roll.trait]["value"] if roll.trait else 0) + (
        scaled(roll.dice, players) if roll.dice is not None else 0)
    add = scaled(roll.add, players)
    bonuses = list(roll.bonuses)
    for cid in me["cards"]:
        card = ix.cards.get(cid)
        if card is not None:
            bonuses += [b for b in card.bonuses if b.roll in ("task", "any")
                        and (b.trait is None or b.trait == roll.trait)
                        and (b.category is None or b.category == roll.category)]
    for b in bonuses:
        if b.when is None or view_holds(view, seat, b.when, room):
            dice += scaled(b.dice, players)
            add += scaled(b.add, players)
    good = bad = 0.0
    for outcome in roll.outcomes:
        chance = odds.chance_between(dice, add, outcome.min, outcome.max)
        if _advances(outcome.effects, side):
            good += chance
        else:
            bad += chance
    return good, bad


def action_rooms(view: View, when: Any) -> set[str] | None:
    """The tiles where a book action can be taken by its conditions about the tile (room,
    symbol, token, floor; rooms it names that are not in the house yet too); None: it names no
    tile, so it can be taken anywhere. A monster it needs there is not asked for: the side can
    bring it."""
    if not (when.in_room or when.room_has_symbol or when.token_here or when.on_floor):
        return None
    placed = {t["room"] for t in view["tiles"]}
    where = when.model_copy(update={"monster_here": None})
    return {r for r in placed if _place_holds(view, where, r)} | (set(when.in_room or ()) - placed)


def poor_rooms(ix: Index, view: View, seat: int, act: Any, side: str) -> set[str] | None:
    """The tiles where the book action's roll is not worth making (below ``GOOD_ROLL``), judged
    for the roll made there (a bonus for a monster on the tile counts only where the monster
    is), so where the seat stands now does not change the verdict; None: the roll is worth
    making nowhere (with no tile named: not where the seat stands)."""
    roll = first_roll(act)
    rooms = action_rooms(view, act.when)
    least = worth_rolling(ix, view, seat, roll)
    if rooms is None:
        good = roll_chance(ix, view, seat, roll, side)[0] >= least
        return set() if good else None
    poor = {r for r in rooms if roll_chance(ix, view, seat, roll, side, r)[0] < least}
    return None if poor == rooms else poor


def worth_rolling(ix: Index, view: View, seat: int, roll: Any) -> float:
    """The least chance of success that makes the book roll worth its harm: ``GOOD_ROLL``
    while a bonus it lacks can still be had (then get the bonus first), else any chance (the
    roll will never be better: a long shot beats never trying)."""
    return GOOD_ROLL if can_improve(ix, view, seat, roll) else LONG_SHOT


def can_improve(ix: Index, view: View, seat: int, roll: Any) -> bool:
    """Whether a bonus of the roll that the seat lacks could still be had: a card or object to
    carry that lies on a tile or that an enemy carries and may be stolen (rulebook digest,
    "Stealing"; the Bride's Diary can't be), or a flag an action of its own book still sets."""
    me = view["explorers"][seat]
    h = view["haunt"]
    flags = h["flags"]
    for b in roll.bonuses:
        c = b.when
        if c is None:
            continue
        if c.carrying and not any(holds_card(me["cards"], x) for x in c.carrying):
            if _obtainable(ix, view, seat, c.carrying):
                return True
        if c.flag is not None and not flags.get(c.flag) and _sets_flag(ix, view, c.flag):
            return True
    return False


def _obtainable(ix: Index, view: View, seat: int, wants: list[str]) -> bool:
    mine = view["haunt"]["my_side"]
    for t in view["tiles"]:
        if any(holds_card(t["pile"], x) for x in wants):
            return True
    return any(e["alive"] and e["seat"] != seat and e["side"] not in (mine, "unknown")
               and any(stealable(ix, c) and holds_card([c], x) for c in e["cards"] for x in wants)
               for e in view["explorers"])


def _sets_flag(ix: Index, view: View, flag: str) -> bool:
    """An action of the seat's own book that is still open (its ``not_flag`` unset) and whose
    effects, at any depth, set ``flag``."""
    h = view["haunt"]
    haunt = ix.haunts[h["id"]]
    book = haunt.heroes if h["my_side"] == "heroes" else haunt.traitor_book
    for act in book.actions:
        if act.when is not None and act.when.not_flag and h["flags"].get(act.when.not_flag):
            continue
        if _sets(act.effects, flag):
            return True
    return False


def _sets(effects: list[Any], flag: str) -> bool:
    for eff in effects:
        if getattr(eff, "do", None) == "flag" and eff.name == flag and eff.value:
            return True
        if _sets([e for o in getattr(eff, "outcomes", None) or [] for e in o.effects], flag):
            return True
        if _sets(list(getattr(eff, "then", None) or []) + list(getattr(eff, "else_", None) or []),
                 flag):
            return True
    return False


def book_action_score(ix: Index, view: View, seat: int, action_id: str) -> float:
    """How much a book action (``haunt_action``) is worth: 100 for one that simply does its
    work, 60-100 for a roll by its chance of success, -1 for a roll that cannot succeed and for
    revealing a hidden traitor (which only helps the heroes find the traitor)."""
    act = book_action(ix, view, action_id)
    if act is None:
        return 100.0
    side = view["haunt"]["my_side"]
    if _reveals(act.effects):
        return 100.0 if completes_win_counter(ix, view, act.effects) else -1.0
    roll = first_roll(act)
    if roll is None:
        return 100.0
    good, _ = roll_chance(ix, view, seat, roll, side)
    if good <= 0.0 or (_hurts(roll) and good < worth_rolling(ix, view, seat, roll)):
        return -1.0
    return 60.0 + 40.0 * good


def completes_win_counter(ix: Index, view: View, effects: list[Any]) -> bool:
    """Whether ``effects`` raise a counter that the seat's side wins by to its goal now (the
    Poisoner's reveal adds 2 to the poison: at 34 of 36 it wins at once)."""
    h = view["haunt"]
    haunt = ix.haunts[h["id"]]
    book = haunt.heroes if h["my_side"] == "heroes" else haunt.traitor_book
    players = view["players"]
    counters = h.get("counters", {})
    goals: dict[str, int] = {}
    todo = list(book.win)
    while todo:
        c = todo.pop()
        todo += list(c.any_of or [])
        for name, count in (c.counter_at_least or {}).items():
            need = scaled(count, players)
            goals[name] = min(goals.get(name, need), need)
    return any(getattr(eff, "do", None) == "counter" and eff.name in goals
               and counters.get(eff.name, 0) + scaled(eff.add, players) >= goals[eff.name]
               for eff in effects)


def first_roll(act: Any) -> Any:
    """The book action's roll (its first ``roll`` effect), or None."""
    return next((eff for eff in act.effects if getattr(eff, "do", None) == "roll"), None)


def bonus_cards(roll: Any, held: list[str]) -> set[str]:
    """Cards a roll's bonuses ask to carry that ``held`` lacks (ids and their bases)."""
    out: set[str] = set()
    for b in roll.bonuses:
        wants = b.when.carrying if b.when is not None and b.when.carrying else []
        if wants and not any(holds_card(held, x) for x in wants):
            out |= set(wants) | {x.rsplit("_", 1)[0] for x in wants}
    return out


def _hurts(roll: Any) -> bool:
    return any(getattr(eff, "do", None) in ("damage", "move", "lose")
               for outcome in roll.outcomes for eff in outcome.effects)


# -- monsters --------------------------------------------------------------------------------
def monster_goals(ix: Index, view: View, mon: dict[str, Any]) -> tuple[set[str], set[str]]:
    """(rooms to reach, cards to pick up) for a monster, from its kind's powers (carry the
    objects a power wants to the power's room) and the traitor's book (rooms where an action
    needs this monster, once the action's flags are set)."""
    rooms: set[str] = set()
    wanted: set[str] = set()
    kind = ix.monsters[mon["kind"]]
    for power in kind.powers:
        c = power.when
        if c is None:
            continue
        if c.carrying and not any(holds_card(mon["cards"], x) for x in c.carrying):
            wanted |= set(c.carrying) | {x.rsplit("_", 1)[0] for x in c.carrying}
            continue
        if c.in_room:
            rooms |= set(c.in_room)
    h = view["haunt"]
    if h is not None and h["my_side"] == "traitor":
        flags = h["flags"]
        for act in ix.haunts[h["id"]].traitor_book.actions:
            c = act.when
            if c is None or not c.in_room or c.monster_here not in (mon["kind"], "any"):
                continue
            if (c.flag is None or flags.get(c.flag)) and not (
                    c.not_flag is not None and flags.get(c.not_flag)):
                rooms |= set(c.in_room)
    placed = {t["room"] for t in view["tiles"]}
    return rooms & placed, wanted
