"""``LegacyRules``: betrayal's rules object with the Legacy rulebook's steps.

Every rule here cites betrayal-legacy-rulebook.md (section) or a ruling (B*, HL-*).
"""

from __future__ import annotations

from typing import Any

from hauntkit.core import rng
from hauntkit.rulesets.betrayal import (
    cards,
    conditions,
    effects,
    frames,
    hook_registry,
    rolls,
    state_access,
    turns,
)
from hauntkit.rulesets.betrayal.conditions import EXTRA_TESTS
from hauntkit.rulesets.betrayal.rules import BetrayalRules
from hauntkit.rulesets.legacy import actions, costs, ghosts, heirlooms, ongoing
from hauntkit.rulesets.legacy.conditions import lcond_tests
from hauntkit.rulesets.legacy.house import MAX_HEIRLOOMS
from hauntkit.rulesets.legacy.index import GHOST, SECRET
from hauntkit.rulesets.legacy.schema import LCond

State = dict[str, Any]
LEGACY_HOOKS: dict[str, Any] = dict(hook_registry.HOOKS)
"""Named hooks legacy content may use (betrayal's, so far)."""

# Legacy's conditions (``LCond``): betrayal's engine runs their tests after its own
EXTRA_TESTS[LCond] = lcond_tests



# ------------------------------------------------------------------------------- haunt
def _op_haunt_roll(ix: Any, s: State, fr: dict[str, Any]) -> None:
    """RULING B4: roll dice equal to the omens discovered so far; the haunt starts when the
    result reaches the threshold (config ``haunt_threshold``, default 5). With the chapter's
    alternative trigger ``haunt_after_omens`` it starts, without a roll, at that many omens."""
    if s["haunt"] is not None:
        return
    lg = s["legacy"]
    n = s["omens"]
    after = lg.get("after_omens")
    if after is not None:
        if n < after:
            return
        state_access.log(s, "haunt_trigger", f"The {n}th omen is found: the haunt begins.")
    else:
        result = sum(state_access.roll(s, n))  # at least 1 die, at most 8 (RULING B1)
        state_access.log(s, "haunt_roll",
                         f"Haunt roll: {result} on {state_access.plural(min(max(n, 1), 8), 'die', 'dice')}"
                         f" (the haunt starts on {lg['threshold']} or more): "
                         + ("the haunt begins." if result >= lg["threshold"] else "no haunt yet."),
                         result=result, omens=n)
        if result < lg["threshold"]:
            return
    start_haunt(ix, s, fr["who"], fr.get("card"), fr.get("room"))


def start_haunt(ix: Any, s: State, revealer: int, omen: str | None, room: str | None) -> None:
    """Start the haunt with ``revealer`` as the haunt revealer. The revealer's turn is over at
    once: nothing else of that turn resolves (rulebook "Turn Timing When Discovering a Tile"
    step 2; RULINGS B4, HL-12)."""
    s["effect_stack"].clear()
    s["choice"] = None
    for cid in list(s["limbo"]):  # an event half resolved is buried
        s["limbo"].remove(cid)
        cards.discard(ix, s, cid)
    t = s["turn"]
    t["movement_ended"] = t["ending"] = True
    t["end_requested"] = False
    hid = pick_haunt(ix, s, omen, room)
    turns.begin_haunt(ix, s, hid, revealer)  # traitor ties: at random, the crest tokens (HL-8)
    h = s["haunt"]
    if h["traitor"] is not None and h["revealed"] and "traitor_card" in ix.reminders:
        state_access.log(s, "traitor_card",
                         f"{state_access.name(ix, s, h['traitor'])} takes the Traitor card: "
                         f"{ix.reminders['traitor_card'].text}", seat=h["traitor"])
    frames.push_op(s, {"op": "call", "fn": "next_turn"})
    if ix.haunts[hid].setup:
        frames.push(s, f"h:{hid}:setup", revealer, "haunt")


def pick_haunt(ix: Any, s: State, omen: str | None, room: str | None) -> str:
    """The haunt that starts: the game's (config ``haunt``: a chapter's, or one chosen for free
    play), else the haunt chart's cell for the omen just drawn and the tile it was drawn on
    (RULINGS B13, HL-20); with no such cell (the haunt started without an omen, HL-6, or on a
    chapter's tile), a free-play haunt drawn with the state's generator."""
    forced = s.get("config", {}).get("haunt")
    if forced is not None:
        return str(forced)
    hid = ix.chart.get((omen, room)) if omen is not None and room is not None else None
    if hid is not None:
        return str(hid)
    return str(rng.choice(s["rng"], ix.free_haunts or sorted(ix.haunts)))


def _op_start_haunt(ix: Any, s: State, fr: dict[str, Any]) -> None:
    if s["haunt"] is None:
        state_access.log(s, "haunt_trigger",
                         f"{ix.rooms[fr['room']].name} is discovered: the haunt "
                         "begins.")
        start_haunt(ix, s, fr["who"], None, fr["room"])


# ------------------------------------------------------------------------------- effects
def _draw(ix: Any, s: State, fr: dict[str, Any], eff: Any) -> None:
    """Draw cards: of the drawer's region, or with ``top`` the top card whatever its region
    (rulebook "Cards")."""
    who = fr["who"]
    if not isinstance(who, int):
        return
    op = "draw_top" if eff.top else "draw"
    for _ in range(state_access.count(s, eff.count) - 1):
        frames.push_op(s, {"op": op, "who": who, "deck": eff.deck})
    (draw_top if eff.top else cards.draw)(ix, s, who, eff.deck)


def draw_top(ix: Any, s: State, who: int, deck: str) -> None:
    deck_cards = s["decks"][deck]
    cid = deck_cards.pop(0) if deck_cards else None
    ix.rules.card_drawn(ix, s, who, cid)
    if cid is not None:
        cards.drawn(ix, s, who, deck, cid)


def _op_draw_top(ix: Any, s: State, fr: dict[str, Any]) -> None:
    if s["explorers"][fr["who"]]["alive"]:
        draw_top(ix, s, fr["who"], fr["deck"])


def _remove_card(ix: Any, s: State, fr: dict[str, Any], eff: Any) -> None:
    """A card leaves this game for the box, the Tomb or for good (RemoveCard)."""
    cid = fr["src"][2:] if eff.card == "this" and fr["src"].startswith("c:") else eff.card
    if cid not in ix.cards or cid in s["legacy"]["out"]:
        return
    if cid in s["limbo"]:
        s["limbo"].remove(cid)
    for i, e in enumerate(s["explorers"]):
        if cid in e["cards"]:
            cards.lose(ix, s, i, cid)
    for m in s["monsters"].values():
        if cid in m["cards"]:
            m["cards"].remove(cid)
    for room, pile in list(s["piles"].items()):
        if cid in pile:
            cards.from_pile(s, room, cid)
    for deck in s["decks"].values():
        if cid in deck:
            deck.remove(cid)
    s["legacy"]["out"].append(cid)
    s["house_changes"][eff.to].append(cid)
    state_access.log(s, "remove_card", f"{ix.cards[cid].name} leaves the game ({eff.to}).",
                     card=cid,
                     to=eff.to)


def _event_src(ix: Any, src: str) -> bool:
    card = ix.cards.get(src[2:]) if src.startswith("c:") else None
    return card is not None and card.kind == "event"


def _if(ix: Any, s: State, fr: dict[str, Any], eff: Any) -> None:
    """Betrayal's ``if``; while an event card resolves, a traitor is immune to its ghost
    effects ("So You're Evil Now"; RULING HL-9)."""
    if not _event_src(ix, fr["src"]):
        effects.EFFECTS["if"](ix, s, fr, eff)
        return
    s["resolving_event"] = True
    try:
        held = conditions.holds(ix, s, eff.cond, fr["who"])
    finally:
        del s["resolving_event"]
    branch = eff.then if held else eff.else_
    if branch:
        frames.push(s, ix.key(branch), fr["who"], fr["src"])


def _damage(ix: Any, s: State, fr: dict[str, Any], eff: Any) -> None:
    """Betrayal's damage; several people take it starting with the player to the left of the
    current player, clockwise (rulebook "Damage, Gaining, Losing, and Healing")."""
    before = len(s["effect_stack"])
    effects.EFFECTS["damage"](ix, s, fr, eff)
    cur = s["turn"]["who"]
    if len(s["effect_stack"]) > before and isinstance(cur, int):
        n = s["players"]
        s["effect_stack"][-1]["queue"].sort(key=lambda q: (q[0] - cur - 1) % n)


def _roll(ix: Any, s: State, fr: dict[str, Any], eff: Any) -> None:
    """A revealed traitor making a trait roll for a tile's effect may use a result of 5
    instead ("So You're Evil Now"); otherwise betrayal's roll."""
    who = fr["who"]
    if not (fr["src"].startswith("r:") and isinstance(who, int)):
        effects.EFFECTS["roll"](ix, s, fr, eff)  # monsters on tiles: the traitor picks the outcome
        return
    if eff.trait and s["explorers"][who]["side"] == "traitor" and s["haunt"]["revealed"]:
        frames.ask(s, who, "five", [{"type": "five", "five": True}, {"type": "five",
                                                                     "five": False}],
                   "Use a result of 5 instead of making the roll?", list_key=fr["list_key"],
                   effect_index=fr["next"] - 1,
                   who=who, src=fr["src"])
        return
    # anyone else rolls (a hidden traitor too: choosing would give them away, B14)
    _tile_roll(ix, s, eff, who, fr["src"], False)


def _five_chosen(ix: Any, s: State, ch: dict[str, Any], action: dict[str, Any]) -> None:
    _tile_roll(ix, s, ix.fx[ch["list_key"]][ch["effect_index"]], ch["who"], ch["src"],
               action["five"])


def _tile_roll(ix: Any, s: State, eff: Any, who: int, src: str, five: bool) -> None:
    rolls.note_roll(s, eff)
    if five:
        result = 5
        state_access.log(s, "roll", f"{state_access.name(ix, s, who)} takes a result of 5.",
                         who=who, result=5)
    else:
        dice = state_access.count(s, eff.dice) if eff.dice is not None else None
        # "roll X dice" is no trait roll: nothing that affects trait rolls touches it
        # (rulebook "Roll X Dice")
        kind = "task" if eff.category else ("trait" if eff.trait else "any")
        result = rolls.do_roll(ix, s, who, eff.trait, dice, kind, eff.category, eff.bonuses,
                               state_access.count(s, eff.add))
    rolls.take_outcome(ix, s, eff, result, who, src)


# ------------------------------------------------------------------------------- discovery
def _op_symbol(ix: Any, s: State, fr: dict[str, Any]) -> None:
    """Resolve one symbol of a new tile: draw its card. A revealed traitor may decline an
    event card ("So You're Evil Now")."""
    who, deck = fr["who"], fr["deck"]
    if not s["explorers"][who]["alive"]:
        return
    if deck == "event" and s["explorers"][who]["side"] == "traitor" and s["haunt"]["revealed"]:
        frames.ask(s, who, "draw_event", [{"type": "draw_event", "draw": True},
                                          {"type": "draw_event", "draw": False}],
                   "Draw the event card of this tile?", who=who, tile=fr["tile"])
        return
    draw_for_tile(ix, s, who, deck, fr["tile"])


def draw_for_tile(ix: Any, s: State, who: int, deck: str, tile: str) -> None:
    """Draw the card of a new tile's symbol, from that tile's region (the region explored)."""
    s["draw_region"] = s["tiles"][tile][0]
    try:
        cards.draw(ix, s, who, deck)
    finally:
        del s["draw_region"]


def _draw_event_chosen(ix: Any, s: State, ch: dict[str, Any], action: dict[str, Any]) -> None:
    if action["draw"]:
        draw_for_tile(ix, s, ch["who"], "event", ch["tile"])
    else:
        state_access.log(s, "skip_event",
                         f"{state_access.name(ix, s, ch['who'])} draws no event card.")


def _heirloom_chosen(ix: Any, s: State, ch: dict[str, Any], action: dict[str, Any]) -> None:
    if not action["make"]:
        return
    fam = s["explorers"][ch["who"]]["character"]
    s["legacy"]["heirlooms"][ch["card"]] = fam
    s["legacy"]["heirloomed"].append(fam)
    state_access.log(s, "heirloom", f"{ix.cards[ch['card']].name} becomes the heirloom of the "
                     f"{ix.characters[fam].name} family.", card=ch["card"], family=fam)
    heirlooms.ask_name(ix, s, ch["who"], ch["card"])  # "If it doesn't have a name, give it one"


def _forced_discovery(ix: Any, s: State, ch: dict[str, Any], action: dict[str, Any]) -> None:
    """A tile discovered by an effect: placed as betrayal places it, and its symbols drawn as if
    discovered the usual way (rulebook "Discovering Multiple Tiles in a Turn")."""
    effects.CHOICES["place_tile"](ix, s, ch, action)
    who = ch.get("who")
    if isinstance(who, int) and s["explorers"][who]["alive"]:
        for sym in reversed(ix.symbols[action["room"]]):
            frames.push_op(s, {"op": "symbol", "who": who, "deck": sym, "tile": action["room"]})


def _received(fn: Any, who_key: str) -> Any:
    """A choice handler after which the card taken (``action["card"]``) is received used
    (rulebook "STEAL": you receive it used)."""

    def handler(ix: Any, s: State, ch: dict[str, Any], action: dict[str, Any]) -> None:
        fn(ix, s, ch, action)
        who, cid = ch.get(who_key), action.get("card")
        if isinstance(who, int) and cid is not None and cid in ix.cards:
            s["explorers"][who]["used"].append(cid)

    return handler


# ------------------------------------------------------------------------------- rules
class LegacyRules(BetrayalRules):
    """Betrayal Legacy (betrayal-legacy-rulebook.md, RULINGS B1-B14 with B4/B7/B8's Legacy
    parts, docs/rulings.md HL-*)."""

    # a traitor doesn't take damage (nor trait losses, which count as damage) from tile
    # effects ("So You're Evil Now", "Damage, Gaining, Losing, and Healing"; RULING HL-16)
    harmful = frozenset({"damage", "lose"})

    ruleset = "legacy"

    # "Skip all text in the monster box for a stunned monster, even mandatory reaction text"
    # (rulebook "Monsters")
    stunned_skips_box = True

    # "You might not know if a monster has a trait until you try to attack it ... you still used
    # your ATTACK action for the turn" (rulebook "Other Attacks"; RULING HL-18)
    attack_any_trait = True

    # "you would deal 2 or more damage, you may ... STEAL" (rulebook "Steal"; RULING HL-19)
    steal_any_damage = True

    def __init__(self) -> None:
        super().__init__()
        self.fields.update({"permit": {"allow"}, "five": {"five"}, "draw_event": {"draw"},
                            "heirloom": {"make"}, "pay": {"pay"}, heirlooms.NAME: {"name"},
                            ghosts.CHOICE: {"room"}})
        self.effects.update({"bury": effects.EFFECTS["discard"], "draw": _draw, "if": _if,
                             "damage": _damage, "roll": _roll, "remove_card": _remove_card,
                             "pay": costs.pay, "ghost_arrives": ghosts.ghost_arrives})
        self.ops.update({"haunt_roll": _op_haunt_roll, "symbol": _op_symbol,
                         "draw_top": _op_draw_top, "start_haunt": _op_start_haunt,
                         "ongoing": ongoing.op_ongoing, "ask_ghost": ghosts.ask_ghost})
        self.effects["keep"] = ongoing.keep
        self.choices.update({"five": _five_chosen, "draw_event": _draw_event_chosen,
                             "heirloom": _heirloom_chosen, heirlooms.NAME: heirlooms.named,
                             ghosts.CHOICE: ghosts.ghost_chosen,
                             "place_tile": _forced_discovery,
                             "steal": _received(self.choices["steal"], "win"),
                             "take": _received(self.choices["take"], "who"),
                             "ignore": ongoing.ignore_chosen(self.choices["ignore"]),
                             "ignore_ongoing": ongoing.ignore_ongoing_chosen,
                             "pay": costs.pay_chosen,
                             **actions.CHOICES})
        self.actions.update(actions.APPLY)
        self.actions = {k: actions.worded(fn) for k, fn in self.actions.items()}
        self.hooks = dict(LEGACY_HOOKS)
        self.calls["finish_turn"] = actions.finish_turn

    # ------------------------------------------------------------------ cards
    def discard(self, ix: Any, s: State, cid: str) -> None:
        """Bury: the bottom of its deck; there are no discard piles (rulebook "Ten Ways" 2)."""
        card = ix.cards.get(cid)
        if card is not None:
            s["decks"][card.kind].append(cid)

    def take_card(self, ix: Any, s: State, who: int, deck: str) -> str | None:
        """The first card of the drawer's region, burying the ones before it; none matches:
        the top card (rulebook "Drawing Event, Item, and Omen Cards"; events too, HL-3).
        Omens: the top card. An empty deck gives nothing (HL-4)."""
        deck_cards = s["decks"][deck]
        if not deck_cards:
            state_access.log(s, "deck_empty", f"The {deck} deck is empty.")
            return None
        if deck != "omen":
            region = s.get("draw_region") or s["tiles"][s["explorers"][who]["room"]][0]
            regions = ix.card_regions
            for i, cid in enumerate(deck_cards):
                r = regions[cid]
                if not r or region in r:
                    if i:
                        buried = deck_cards[:i]
                        del deck_cards[:i]
                        deck_cards.extend(buried)
                        state_access.log(s, "bury",
                                         f"{state_access.plural(i, 'card', 'cards')} of other regions "
                                         f"{'is' if i == 1 else 'are'} buried.", deck=deck, n=i)
                    break
        return deck_cards.pop(0)

    def card_drawn(self, ix: Any, s: State, who: int, cid: str | None) -> None:
        """Drawing a card loses the remaining moves, not the actions (RULING B8); an empty deck
        draws nothing and loses nothing (rulebook "Drawing ... Omen Cards"). No more moves at
        all this turn (RULING HL-11)."""
        t = s["turn"]
        if cid is not None and t["who"] == who:
            t["moves_left"] = 0
            t["movement_ended"] = True

    def omen_drawn(self, ix: Any, s: State, who: int, cid: str, room: str) -> None:
        """Count it; before the haunt, check whether it starts, once the card is resolved
        (rulebook "Making a Haunt Roll", RULING B4)."""
        s["omens"] += 1
        if s["haunt"] is None:
            frames.push_op(s, {"op": "haunt_roll", "who": who, "card": cid, "room": room})

    def item_drawn(self, ix: Any, s: State, who: int, cid: str) -> None:
        """Drawn unused; once per game a freshly drawn item with an heirloom slot may become
        the family's heirloom, decided at once (rulebook "Heirlooming Item Cards"). Finding an
        Item or Omen opens the Family card's actions (rulebook "Actions", RULING HL-17)."""
        e = s["explorers"][who]
        e["found"] = True
        if cid in e["used"]:
            e["used"].remove(cid)
        card = ix.cards[cid]
        lg = s["legacy"]
        fam = e["character"]
        if not card.heirloom_slot or card.kind != "item" or cid in lg["heirlooms"] \
                or fam in lg["heirloomed"]:
            return
        if sum(1 for f in lg["heirlooms"].values() if f == fam) >= MAX_HEIRLOOMS:
            return
        frames.ask(s, who, "heirloom", [{"type": "heirloom", "make": True},
                                        {"type": "heirloom", "make": False}],
                   f"Make {card.name} your family's heirloom (once per game)?", who=who, card=cid)

    def may_ignore(self, ix: Any, s: State, who: int, card: Any) -> bool:
        """A revealed traitor may ignore an ongoing event card (and then gets none of its
        good either; the card still goes on its tile for the others, rulebook "Event Cards");
        any other drawn event resolves as normal ("So You're Evil Now")."""
        return bool(card.kind == "event" and card.ongoing and s["explorers"][who]["side"] == "traitor"
                    and s["haunt"]["revealed"])

    def turn_started(self, ix: Any, s: State, who: int) -> None:
        """Straighten used cards; no action word used yet (rulebook "On Your Turn" 1)."""
        s["explorers"][who]["used"].clear()
        s["turn"]["words"] = []
        s["turn"]["open"] = None
        ongoing.trigger(ix, s, who, "on_start_of_turn")  # RULING HL-21

    def turn_ending(self, ix: Any, s: State, who: int) -> None:
        """Ongoing events on the tile act on whoever ends a turn there (rulebook "Event
        Cards")."""
        ongoing.trigger(ix, s, who, "on_end_turn")  # RULING HL-21

    def extra_bonuses(self, ix: Any, s: State, who: Any) -> tuple[Any, ...]:
        """The heirloom extra of the family's heirloom its member carries (rulebook
        "Item and Omen Cards")."""
        if not isinstance(who, int):
            return ()
        lg = s["legacy"]["heirlooms"]
        if not lg:
            return ()
        e = s["explorers"][who]
        out: list[Any] = []
        for cid in e["cards"]:
            if lg.get(cid) == e["character"]:
                h = ix.cards[cid].heirloom
                if h is not None:
                    out.extend(h.bonuses)
        return tuple(out)

    # ------------------------------------------------------------------ house
    def set_aside_tile(self, ix: Any, s: State, room: str) -> None:
        """Bury the tile: the bottom of the stack (RULING B7, rulebook "Discovering a New
        Tile")."""
        s["stack"].append(room)

    def tile_placed(self, ix: Any, s: State, room: str) -> None:
        """Printed ghosts and secret passages (and stickered ones) come with the tile."""
        r = ix.rooms[room]
        toks = s["tokens"]
        if r.ghosts_start:
            toks.setdefault(room, {})[GHOST] = r.ghosts_start
        if r.secret_passage or room in s["legacy"]["passages"]:
            toks.setdefault(room, {})[SECRET] = 1

    def discovered(self, ix: Any, s: State, who: int, room: str) -> None:
        """Resolve each symbol left to right, then the tile's "on discover" (rulebook "Turn
        Timing When Discovering a Tile"); the haunt check of an omen comes with its card."""
        r = ix.rooms[room]
        if r.on_discover:
            frames.push(s, f"r:{room}:on_discover", who, f"r:{room}")
        if s["haunt"] is None and s["legacy"].get("on_tile") == room:
            frames.push_op(s, {"op": "start_haunt", "who": who, "room": room})
        for sym in reversed(ix.symbols[room]):
            frames.push_op(s, {"op": "symbol", "who": who, "deck": sym, "tile": room})

    def leave_cost(self, ix: Any, s: State, seat: int, room: str) -> int:
        return actions.leave_cost(ix, s, seat, room)

    # ------------------------------------------------------------------ turns
    def explorer_actions(self, ix: Any, s: State, seat: int) -> list[dict[str, Any]]:
        return actions.explorer_actions(ix, s, seat)

    def monster_actions(self, ix: Any, s: State) -> list[dict[str, Any]]:
        return actions.monster_actions(ix, s)

    def monster_moves(self, ix: Any, s: State, mid: str) -> int:
        return actions.monster_moves(ix, s, mid)

    def monsters_take_turn(self, ix: Any, s: State) -> bool:
        """The monsters' turn comes while a monster is in play, or one that acts while dead
        is dead (rulebook "Monsters"; RULING HL-24)."""
        return bool(s["monsters"]) or bool(s.get("dead_monsters"))

    def monster_turn_started(self, ix: Any, s: State) -> None:
        """Each dead monster that still takes its turn does so: its ``while_dead`` effects, in
        number order (rulebook "Monsters"; RULING HL-24)."""
        dead = s.get("dead_monsters") or {}
        for mid in sorted(dead, key=state_access.monster_number, reverse=True):
            kind = dead[mid]
            state_access.log(s, "dead_monster_turn", f"{ix.monsters[kind].name} is dead, but "
                             "still takes a turn.", monster=mid)
            frames.push(s, f"m:{kind}:while_dead", None, f"m:{kind}")

    def monster_killed(self, ix: Any, s: State, mid: str, kind: str, room: str) -> None:
        """A killed monster that acts while dead is remembered (``state["dead_monsters"]``:
        id -> kind) so that it keeps taking its turn (RULING HL-24)."""
        if ix.monsters[kind].while_dead:
            s.setdefault("dead_monsters", {})[mid] = kind

    def end_turn_haunt(self, ix: Any, s: State) -> bool:
        """No end-of-turn haunt roll in Legacy (B4: it comes with the omen). When no omen can
        be drawn any more, the haunt starts now (RULING HL-6)."""
        if s["decks"]["omen"] and not ix.omen_rooms.isdisjoint(s["stack"]):
            return False
        on_tile = s["legacy"]["on_tile"]
        if on_tile is not None and on_tile in s["stack"]:
            return False  # the chapter's own trigger may still fire
        state_access.log(s, "haunt_forced",
                         "The house has no more omens to give: the haunt begins.")
        start_haunt(ix, s, s["turn"]["who"], None, None)
        return True


__all__ = ["LEGACY_HOOKS", "LegacyRules", "start_haunt"]
