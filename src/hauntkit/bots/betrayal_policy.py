"""The heuristic policy for `betrayal`: score every legal action from the seat's view.

Goals come from the content, never from a list of haunts: before the haunt the bot explores
(open doorways, cards on tiles); after it, the bot reads its own side's book (its ``actions``
with their ``when`` conditions, and its ``win`` conditions) and turns them into rooms to reach,
objects to carry, actions to take and targets to attack. Movement goes down a breadth-first
distance to the nearest goal tile, so a bot never walks back and forth; it never drops a card
(so it never drops and picks up again), and it ends its turn when nothing it can do helps.
Whether an attack or a book roll is worth it, and where a monster goes for the traitor's book,
is judged in ``betrayal_tactics`` (dice odds in ``odds``).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

import orjson

from hauntkit.bots.betrayal_tactics import (
    attack_chances,
    attack_worth,
    bonus_cards,
    book_action,
    book_action_score,
    first_roll,
    holds_card,
    monster_goals,
    poor_rooms,
    roll_chance,
)
from hauntkit.bots.scoring import ScoringPolicy
from hauntkit.rulesets.betrayal.cards import stealable
from hauntkit.rulesets.betrayal.house import cell, exits, open_sides
from hauntkit.rulesets.betrayal.index import Index
from hauntkit.rulesets.betrayal.vocabulary import scaled

Action = dict[str, Any]
View = dict[str, Any]
INF = 10_000
_dumps = orjson.dumps
LOW_STACK = 6  # tiles left in the room stack: explore the least built floors first
EXPLORER_RISK = 1.0  # an explorer attacks when it wins at least as often as it loses
NEAR_DEATH = 1  # a trait this close to the skull: attack with it only at twice the odds
MONSTER_RISK = 0.5  # a monster that is only stunned when it loses may take worse odds
PROGRESS = 10.0  # a score from here up brings the side closer (a step, an attack, a card...)
LAST_TRY = 7.0  # a book roll too unlikely to be worth its harm, when nothing else helps


@dataclass
class Goals:
    """What the seat's side wants now, in terms of the board."""

    rooms: set[str] = field(default_factory=set)        # tiles to stand on
    cards: set[str] = field(default_factory=set)        # card/object ids (or bases) to carry
    enemies: set[Any] = field(default_factory=set)      # seats and monster ids to attack
    explore: bool = False                               # discovering tiles helps


def house_of(view: View) -> dict[str, Any]:
    """The public part of the house as the engine's house functions read it."""
    tiles: dict[str, list[Any]] = {}
    grid: dict[str, str] = {}
    tokens: dict[str, dict[str, int]] = {}
    for t in view["tiles"]:
        tiles[t["room"]] = [t["floor"], t["x"], t["y"], t["rotation"]]
        grid[cell(t["floor"], t["x"], t["y"])] = t["room"]
        if t["tokens"]:
            tokens[t["room"]] = dict(t["tokens"])
    return {"tiles": tiles, "grid": grid, "tokens": tokens}


def distances(ix: Index, house: dict[str, Any], start: str, monster: bool = False
              ) -> dict[str, int]:
    """Steps from ``start`` to every reachable tile."""
    dist = {start: 0}
    todo = deque([start])
    while todo:
        room = todo.popleft()
        d = dist[room] + 1
        for nxt, _ in exits(ix, house, room, monster=monster):
            if nxt not in dist:
                dist[nxt] = d
                todo.append(nxt)
    return dist


def _matches(card: str, wants: set[str]) -> bool:
    return card in wants or card.rsplit("_", 1)[0] in wants


def goals(ix: Index, view: View, seat: int) -> Goals:
    """The seat's goals, read from the content of its own side's book."""
    g = Goals()
    h = view["haunt"]
    me = view["explorers"][seat]
    if h is None:
        g.explore = True
        return g
    side = h["my_side"]
    haunt = ix.haunts[h["id"]]
    book = haunt.heroes if side == "heroes" else haunt.traitor_book
    tiles = {t["room"]: t for t in view["tiles"]}
    monsters = view["monsters"]
    explorers = view["explorers"]
    flags = h["flags"]
    # whom to attack
    if side == "heroes":
        g.enemies |= {m["id"] for m in monsters}
        traitor = h["traitor"]
        if traitor is None:
            traitor = next((e["seat"] for e in explorers if e["side"] == "traitor"), None)
        if traitor is not None:
            g.enemies.add(traitor)
    else:
        # a hidden traitor sees every other explorer as a suspect: all of them are heroes
        g.enemies |= {e["seat"] for e in explorers
                      if e["alive"] and e["seat"] != seat and e["side"] in ("heroes", "unknown")}
    mine = me["cards"]
    counters = h.get("counters", {})
    players = view["players"]
    for act in book.actions:
        if act.when is None:
            continue
        roll = first_roll(act)
        poor = poor_rooms(ix, view, seat, act, side) if roll is not None else set()
        if poor is None:
            # not worth rolling yet: fetch what the roll's bonuses need, not the room
            g.cards |= bonus_cards(roll, me["cards"])
            continue
        part = Goals()
        _cond_goals(ix, part, act.when, tiles, monsters, explorers, mine, flags, counters,
                    players)
        g.rooms |= part.rooms - poor  # only the tiles where the roll is worth making
        g.cards |= part.cards
    for c in book.win:
        _cond_goals(ix, g, c, tiles, monsters, explorers, mine, flags, counters, players)
    if g.rooms and not all(r in tiles for r in g.rooms):
        g.explore = True  # a goal tile is not in the house yet
        g.rooms = {r for r in g.rooms if r in tiles}
    return g


def _counters_reached(c: Any, counters: dict[str, int], players: int) -> bool:
    return all(counters.get(name, 0) >= scaled(need, players)
               for name, need in (c.counter_at_least or {}).items())


def _cond_goals(ix: Index, g: Goals, c: Any, tiles: dict[str, Any], monsters: list[Any],
                explorers: list[Any], mine: list[str], flags: dict[str, Any],
                counters: dict[str, int], players: int) -> None:
    if c.flag is not None and not flags.get(c.flag):
        return  # it waits for a flag: another action (a goal of its own) sets it first
    if c.not_flag is not None and flags.get(c.not_flag):
        return  # this action is done
    if not _counters_reached(c, counters, players):
        return  # other actions raise the counter first (e.g. gather herbs, then brew)
    for sub in c.any_of or []:
        _cond_goals(ix, g, sub, tiles, monsters, explorers, mine, flags, counters, players)
    if c.carrying:
        if not any(holds_card(mine, x) for x in c.carrying):
            g.cards |= set(c.carrying) | {x.rsplit("_", 1)[0] for x in c.carrying}
            return  # first get the card, then the room matters
    if c.in_room:
        g.rooms |= set(c.in_room)
    if c.explorers_in_room is not None:
        g.rooms.add(c.explorers_in_room.room)
    if c.token_here:
        g.rooms |= {r for r, t in tiles.items() if t["tokens"].get(c.token_here)}
    if c.room_has_symbol:
        g.rooms |= {r for r, t in tiles.items() if t["symbol"] == c.room_has_symbol}
    if c.monster_here and not (c.in_room or c.room_has_symbol or c.token_here):
        # with a room of its own the condition brings the monster there (monster_goals)
        g.rooms |= {m["room"] for m in monsters
                    if c.monster_here == "any" or m["kind"] == c.monster_here}


Distances = dict[tuple[str, bool], dict[str, int]]  # (start, monster) -> steps to each tile
LAYOUTS = 32  # houses a policy remembers (a process plays one game at a time, or a few)


class BetrayalPolicy(ScoringPolicy):
    """Scores actions for one seat; the best (ties broken by the bot's rng) is played."""

    def __init__(self, ix: Index) -> None:
        self.ix = ix
        self._layouts: dict[bytes, tuple[dict[str, Any], Distances]] = {}

    def layout(self, view: View) -> tuple[dict[str, Any], Distances]:
        """``house_of(view)`` and the distances found in it so far, kept per layout (tiles,
        rotations and tokens): the house changes a few dozen times a game, the bot decides
        hundreds of times, and the same house object lets the engine's exits cache hit."""
        key = _dumps([(t["room"], t["floor"], t["x"], t["y"], t["rotation"], t["tokens"])
                      for t in view["tiles"]])
        known = self._layouts.get(key)
        if known is None:
            if len(self._layouts) >= LAYOUTS:
                self._layouts.clear()
            known = self._layouts[key] = (house_of(view), {})
        return known

    def scores(self, view: View, legal: list[Action]) -> list[float]:
        seat = view["seat"]
        ix = self.ix
        house, dists = self.layout(view)
        g = goals(ix, view, seat)
        ctx = _Ctx(ix, view, seat, house, g, dists)
        out = [ctx.score(a) for a in legal]
        if max(out) < PROGRESS and any(a["type"] == "end_turn" for a in legal):
            # nothing brings the side closer this turn: a long shot beats never trying
            out = [LAST_TRY if a["type"] == "haunt_action" and s < 0.0 and ctx.long_shot(a)
                   else s for a, s in zip(legal, out, strict=True)]
        return out


class _Ctx:
    def __init__(self, ix: Index, view: View, seat: int, house: dict[str, Any],
                 g: Goals, dists: Distances | None = None) -> None:
        self.ix = ix
        self.view = view
        self.seat = seat
        self.house = house
        self.g = g
        self.me = view["explorers"][seat]
        self._targets: set[str] | None = None
        self._dist_cache: Distances = {} if dists is None else dists

    # -- where to go ---------------------------------------------------------------------
    def targets(self) -> set[str]:
        """Goal tiles: book rooms, tiles with wanted cards, enemies' tiles; before the haunt,
        tiles with open doorways and cards lying there."""
        if self._targets is not None:
            return self._targets
        g = self.g
        out = set(g.rooms)
        for t in self.view["tiles"]:
            if any(_matches(c, g.cards) for c in t["pile"]):
                out.add(t["room"])
        if g.cards:  # wanted cards carried by enemies: go take them (those one may steal)
            for e in self.view["explorers"]:
                if e["seat"] in g.enemies and any(_matches(c, g.cards) and stealable(self.ix, c)
                                                  for c in e["cards"]):
                    out.add(e["room"])
        if not out and g.enemies:
            out |= self.enemy_rooms()
        if not out and (g.explore or self.view["haunt"] is None):
            house = self.house
            floors = self.open_floors()
            for t in self.view["tiles"]:
                if t["pile"] and self.view["haunt"] is None:
                    out.add(t["room"])
                if t["floor"] in floors and open_sides(self.ix, house, t["room"]):
                    out.add(t["room"])
        self._targets = out
        return out

    def enemy_rooms(self) -> set[str]:
        """Tiles of the enemies to hunt: those it beats at least as often as it loses to them
        (Might, its best weapon); none such: its side's monsters' tiles when it has monsters
        (gang up), else every enemy."""
        view = self.view
        enemies = [e for e in view["explorers"] if e["seat"] in self.g.enemies and e["alive"]]
        enemies += [m for m in view["monsters"] if m["id"] in self.g.enemies]
        weapons = [self.ix.cards[c].weapon for c in self.me["cards"] if c in self.ix.cards]
        extra = max((w.dice for w in weapons if w is not None and w.trait == "might"), default=0)
        beaten = set()
        for enemy in enemies:
            who = enemy["seat"] if "seat" in enemy else enemy["id"]
            chances = attack_chances(view, self.seat, who, "might", extra)
            if chances is not None and chances[0] >= chances[1]:
                beaten.add(enemy["room"])
        if beaten:
            return beaten
        if view["haunt"]["my_side"] == "traitor" and view["monsters"]:
            return {m["room"] for m in view["monsters"]}
        return {e["room"] for e in enemies}

    def open_floors(self) -> set[str]:
        """Floors worth exploring. Public facts only: floors some unplaced tile may go on; and
        when few tiles are left, the least built floors (tiles drawn for a full floor are set
        aside for good, RULING B7, so the last tiles mostly belong to the floors left behind)."""
        if not self.view["room_stack"]:
            return set()
        placed = self.house["tiles"]
        ix = self.ix
        floors: set[str] = {f for r in ix.stack_ids if r not in placed for f in ix.floor_ok[r]}
        if self.view["room_stack"] > LOW_STACK:
            return floors
        built = {f: 0 for f in floors}
        for t in placed.values():
            if t[0] in built:
                built[t[0]] += 1
        openable = {t[0] for r, t in placed.items() if t[0] in floors
                    and open_sides(ix, self.house, r)}
        if not openable:
            return floors
        least = min(built[f] for f in openable)
        return {f for f in openable if built[f] == least}

    def dist(self, room: str, monster: bool = False) -> int:
        """Steps from ``room`` to the nearest goal tile."""
        key = (room, monster)
        d = self._dist_cache.get(key)
        if d is None:
            d = self._dist_cache[key] = distances(self.ix, self.house, room, monster)
        targets = self.targets()
        return min((d[r] for r in targets if r in d), default=INF)

    def dist_to(self, room: str, rooms: set[str], monster: bool) -> int:
        key = (room, monster)
        d = self._dist_cache.get(key)
        if d is None:
            d = self._dist_cache[key] = distances(self.ix, self.house, room, monster)
        return min((d[r] for r in rooms if r in d), default=INF)

    # -- scoring -------------------------------------------------------------------------
    def score(self, a: Action) -> float:
        kind = a["type"]
        fn = getattr(self, "_" + kind, None)
        return fn(a) if fn is not None else 1.0

    def _end_turn(self, a: Action) -> float:
        return 0.0

    def _move(self, a: Action) -> float:
        here = self.dist(self.me["room"])
        there = self.dist(a["to"])
        if there >= INF or there >= here:
            return -5.0
        return 50.0 + (here - there)

    def _explore(self, a: Action) -> float:
        if self.view["haunt"] is None:
            return 60.0
        return 40.0 if self.g.explore else -2.0

    def _haunt_action(self, a: Action) -> float:
        return book_action_score(self.ix, self.view, self.seat, a["id"])

    def long_shot(self, a: Action) -> bool:
        """A book roll (``haunt_action``) with some chance to advance the side, however small."""
        act = book_action(self.ix, self.view, a["id"])
        roll = first_roll(act) if act is not None else None
        side = self.view["haunt"]["my_side"]
        return roll is not None and roll_chance(self.ix, self.view, self.seat, roll, side)[0] > 0

    def _room_action(self, a: Action) -> float:
        return 8.0 if self.view["haunt"] is None else -1.0

    def _use(self, a: Action) -> float:
        return 6.0

    def _attack(self, a: Action) -> float:
        """Attack an enemy only when the odds are good (RULING B10: both roll the trait)."""
        target = a["target"]
        if target not in self.g.enemies:
            return -20.0
        w = a["weapon"]
        wp = self.ix.cards[w].weapon if w is not None else None
        trait = wp.trait if wp is not None else "might"
        near_death = self.me["traits"][trait]["index"] <= NEAR_DEATH
        chance = attack_worth(self.view, self.seat, target, trait,
                              wp.dice if wp is not None else 0,
                              EXPLORER_RISK * (2.0 if near_death else 1.0))
        if chance is None:
            return -20.0
        return 70.0 + 20.0 * chance

    def _give(self, a: Action) -> float:
        return -10.0

    def _accept(self, a: Action) -> float:
        """Take a card offered by anyone but a known enemy (the giver is the acting seat)."""
        giver = self.view["turn"]["actor"]
        friendly = giver not in self.g.enemies
        return 1.0 if a["accept"] == friendly else 0.0

    def _drop(self, a: Action) -> float:
        return 0.0 if a["card"] is None else -50.0  # keep the rest rather than drop more

    def _pick_up(self, a: Action) -> float:
        card = a["card"]
        if card is None:  # leave the rest of a pile (RULING HB-2)
            return 0.0
        room = self.me["room"]
        pile = next(t["pile"] for t in self.view["tiles"] if t["room"] == room)
        cards = pile if card == "all" else [card]
        if any(_matches(c, self.g.cards) for c in cards):
            return 90.0 + len(cards) * 0.1
        if self.view["haunt"] is None:
            return 30.0 + len(cards) * 0.1
        return 10.0 + len(cards) * 0.1

    def _place_stairs(self, a: Action) -> float:
        return 70.0

    # -- monsters (the controlling seat) ------------------------------------------------
    def _hero_rooms(self) -> set[str]:
        rooms = {e["room"] for e in self.view["explorers"]
                 if e["alive"] and e["side"] in ("heroes", "unknown") and e["seat"] != self.seat}
        return rooms

    def _monster(self, mid: str) -> dict[str, Any]:
        return next(m for m in self.view["monsters"] if m["id"] == mid)

    def _monster_targets(self, mon: dict[str, Any]) -> set[str]:
        """Where a monster goes: its book goals (rooms; tiles with or enemies holding the cards
        it wants), else the heroes it can beat, else any hero."""
        rooms, wanted = monster_goals(self.ix, self.view, mon)
        if wanted:
            rooms |= {t["room"] for t in self.view["tiles"]
                      if any(_matches(c, wanted) for c in t["pile"])}
            rooms |= {e["room"] for e in self.view["explorers"]
                      if e["alive"] and e["seat"] != self.seat
                      and any(_matches(c, wanted) for c in e["cards"])}
        if rooms:
            return rooms
        return self._hero_rooms()

    def _mmove(self, a: Action) -> float:
        mon = self._monster(a["monster"])
        targets = self._monster_targets(mon)
        here = self.dist_to(mon["room"], targets, True)
        there = self.dist_to(a["to"], targets, True)
        if there >= INF or there >= here:
            return -5.0
        return 50.0 + (here - there) - _mnum(a["monster"]) * 0.01

    def _mexplore(self, a: Action) -> float:
        return 2.0

    def _mattack(self, a: Action) -> float:
        target = a["target"]
        if not isinstance(target, int):
            return -20.0
        mon = self._monster(a["monster"])
        kind = self.ix.monsters[mon["kind"]]
        assert kind.attack is not None  # legal only for a monster with an attack trait
        risk = EXPLORER_RISK if kind.dies else MONSTER_RISK
        chance = attack_worth(self.view, mon["id"], target, kind.attack, 0, risk)
        if chance is None:
            return -20.0
        return 70.0 + 20.0 * chance - _mnum(a["monster"]) * 0.01

    def _power(self, a: Action) -> float:
        kind = self.ix.monsters[self._monster(a["monster"])["kind"]]
        power = next((p for p in kind.powers if p.id == a["id"]), None)
        if power is not None and power.when is not None:
            return 100.0  # a power with a goal's condition (e.g. hoard in the nest)
        return 20.0

    def _mpick(self, a: Action) -> float:
        _, wanted = monster_goals(self.ix, self.view, self._monster(a["monster"]))
        return 90.0 if _matches(a["card"], wanted) else 30.0

    # -- pending choices ----------------------------------------------------------------
    def _trait_value(self, trait: str) -> int:
        return self.me["traits"][trait]["index"]

    def _damage(self, a: Action) -> float:
        return float(self._trait_value(a["trait"]))  # lose from the healthiest trait

    def _trait(self, a: Action) -> float:
        choice = self.view.get("choice") or {}
        prompt = choice.get("prompt", "")
        v = float(self._trait_value(a["trait"]))
        return -v if "gain" in prompt else v

    def _target(self, a: Action) -> float:
        return 10.0 if a["target"] in self.g.enemies else -10.0

    def _steal(self, a: Action) -> float:
        card = a["card"]
        if card is None:
            return 0.0
        wanted = set(self.g.cards)
        for mon in self.view["monsters"]:
            wanted |= monster_goals(self.ix, self.view, mon)[1]
        return 20.0 if _matches(card, wanted) else 5.0

    def _take(self, a: Action) -> float:
        card = a.get("card")
        return 20.0 if isinstance(card, str) and _matches(card, self.g.cards) else 5.0

    def _go(self, a: Action) -> float:
        d = self.dist(a["room"])
        return -float(d) if d < INF else -100.0


def _mnum(mid: str) -> int:
    digits = "".join(ch for ch in mid if ch.isdigit())
    return int(digits) if digits else 0
