"""The blunder audit's detectors for betrayal and legacy (legacy's state and actions are
betrayal's plus a few). Rules: attacks, *Betrayal rules* "Attacks" (both roll the trait's
dice, faces 0, 0, 1, 1, 2, 2; the loser takes the difference; RULINGS B1, B10); a distance
attacker or one attacking a stunned monster takes no harm when it loses."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from hauntkit.core.game import Game
from hauntkit.rulesets.betrayal import rolls, state_access
from hauntkit.rulesets.betrayal.index import Index
from hauntkit.sim import odds
from hauntkit.sim.audit import (
    HOPELESS,
    LOSS_THRESHOLD,
    OSCILLATION,
    OWN_SIDE,
    UNUSED_BOOK,
    Action,
    Auditor,
)

State = dict[str, Any]
ATTACKS = frozenset({"attack", "mattack"})
MOVES = frozenset({"move", "mmove"})
QUIET = frozenset({"move", "mmove", "end_turn"})  # actions that leave a walk "nothing done"


# ------------------------------------------------------------------------------ attacks
@dataclass(frozen=True)
class AttackOdds:
    """An attack about to be made: who, whom, the trait, each side's dice, and the chance
    that the attacker loses the roll (``None``: losing would cost it nothing)."""

    who: Any
    target: Any
    trait: str
    attack_dice: int
    defend_dice: int
    loss: Fraction | None


def attack_parts(ix: Index, s: State, seat: int, action: Action) -> tuple[Any, Any, str, int,
                                                                          bool]:
    """(attacker, target, trait, dice before bonuses, distance) of an attack action."""
    if action["type"] == "mattack":
        who = action["monster"]
        kind = ix.monsters[s["monsters"][who]["kind"]]
        trait = kind.attack or "might"  # a monster without an attack trait is never offered one
        return who, action["target"], trait, state_access.value(ix, s, who, trait), \
            bool(kind.distance)
    weapon = action.get("weapon")
    wp = ix.cards[weapon].weapon if weapon else None
    trait = wp.trait if wp else "might"
    dice = state_access.value(ix, s, seat, trait) + (wp.dice if wp else 0)
    return seat, action["target"], trait, dice, bool(wp and wp.distance)


def attack_odds(ix: Index, s: State, seat: int, action: Action) -> AttackOdds | None:
    """The exact odds of an attack action (``None``: a target without the trait)."""
    who, target, trait, dice, _distance = attack_parts(ix, s, seat, action)
    if not state_access.has_trait(ix, s, target, trait):
        return None
    more, plus = rolls.roll_mods(ix, s, who, "attack", trait, None)
    fate = s["explorers"][who].get("fate") if isinstance(who, int) else None
    mine = {fate: Fraction(1)} if fate is not None else \
        odds.shifted(odds.sum_of_dice(state_access.DICE, _clamped(dice + more)), plus)
    d_more, d_plus = rolls.roll_mods(ix, s, target, "defend", trait, None)
    d_dice = state_access.value(ix, s, target, trait) + d_more
    theirs = odds.shifted(odds.sum_of_dice(state_access.DICE, _clamped(d_dice)), d_plus)
    remote = state_access.room_of(s, who) != state_access.room_of(s, target)
    harmless = remote or (isinstance(target, str) and s["monsters"][target]["stunned"])
    return AttackOdds(who, target, trait, _clamped(dice + more), _clamped(d_dice),
                      None if harmless else odds.chance_below(mine, theirs))


def _hidden(s: State) -> bool:
    """A traitor not yet revealed: everyone is a suspect, nobody's side is known."""
    h = s["haunt"]
    return h is not None and bool(h["hidden"]) and not h["revealed"]


def _known_enemies(s: State, a: Any, b: Any) -> bool:
    """``a`` and ``b`` are on different, known sides."""
    mine, theirs = state_access.side(s, a), state_access.side(s, b)
    return mine is not None and theirs is not None and mine != theirs and not _hidden(s)


def _clamped(n: int) -> int:
    return min(max(n, 1), 8)  # RULING B1: 0 dice still roll one die; at most 8


# ------------------------------------------------------------------------------ book actions
def _walk(value: Any) -> Iterator[dict[str, Any]]:
    """Every mapping inside ``value`` (a dumped effect or condition), depth first."""
    if isinstance(value, dict):
        yield value
        for inner in value.values():
            yield from _walk(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _walk(inner)


def winning_actions(ix: Index, haunt_id: str, side: str) -> dict[str, str]:
    """The book actions of ``side`` that advance its win (id -> label): their effects, at any
    depth, declare the side's win, or add to a counter or set a flag that the side's win
    conditions read."""
    haunt = ix.haunts[haunt_id]
    book = haunt.heroes if side == "heroes" else haunt.traitor_book
    wins = [c.model_dump(by_alias=True, exclude_none=True) for c in book.win]
    counters = {name for cond in _walk(wins) for name in cond.get("counter_at_least", {})}
    flags = {cond["flag"] for cond in _walk(wins) if isinstance(cond.get("flag"), str)}
    winners = {side, "traitor", "house"} if side == "traitor" else {side}
    out = {}
    for act in book.actions:
        effects = [e.model_dump(by_alias=True, exclude_none=True) for e in act.effects]
        for eff in _walk(effects):
            do = eff.get("do")
            if (do == "win" and eff.get("side") in winners) or \
                    (do == "counter" and eff.get("name") in counters) or \
                    (do == "flag" and eff.get("name") in flags and eff.get("value", True)):
                out[act.id] = act.label
                break
    return out


def once_short_of_win(ix: Index, s: State, side: str, action_id: str) -> bool:
    """Whether a book action could not have won the game it went unused in: it can be taken
    only once (its condition asks for a hidden traitor and it reveals them, or asks for a flag
    unset that it sets), it advances its side only by adding to counters of the side's win,
    and each of those counters, where the game ended, stays short of the win even with the
    addition (the Poisoner's reveal adds 2 poison of 36: unless the poison ended at 34 or
    more, revealing at any time could not have won)."""
    haunt = ix.haunts[s["haunt"]["id"]]
    book = haunt.heroes if side == "heroes" else haunt.traitor_book
    act = next(a for a in book.actions if a.id == action_id)
    effects = [e.model_dump(by_alias=True, exclude_none=True) for e in act.effects]
    once = (act.when is not None and act.when.traitor_revealed is False
            and any(e.get("do") == "reveal" for e in effects)) or (
        act.when is not None and act.when.not_flag is not None
        and any(e.get("do") == "flag" and e.get("name") == act.when.not_flag for e in effects))
    wins = [c.model_dump(by_alias=True, exclude_none=True) for c in book.win]
    goals: dict[str, int] = {}
    for cond in _walk(wins):
        for name, need in cond.get("counter_at_least", {}).items():
            goals[name] = min(goals.get(name, state_access.count(s, need)),
                              state_access.count(s, need))
    adds = [e for e in effects if e.get("do") == "counter" and e.get("name") in goals]
    flags = {cond["flag"] for cond in _walk(wins) if isinstance(cond.get("flag"), str)}
    other = any((e.get("do") == "win") or (e.get("do") == "flag" and e.get("name") in flags)
                for e in _walk(effects)) or any(
        e.get("do") == "counter" and e.get("name") in goals for top in effects
        if top.get("do") != "counter" for e in _walk(top))
    if not once or not adds or other:
        return False
    return all(s["counters"].get(e["name"], 0) + state_access.count(s, e.get("add", 1))
               < goals[e["name"]] for e in adds)


# ------------------------------------------------------------------------------ the auditor
@dataclass
class Walk:
    """An actor's last step: from, to, and what had been gained before it."""

    start: str
    end: str
    gained: tuple[Any, ...]


@dataclass
class BetrayalAuditor(Auditor):
    """Hopeless attacks, walking back and forth (and dropping then picking up the same card),
    attacks on one's own side, and winning book actions a losing side never used."""

    walks: dict[Any, Walk] = field(default_factory=dict)
    drops: dict[int, tuple[frozenset[str], str, tuple[Any, ...]]] = field(default_factory=dict)
    offered: dict[tuple[int, str], int] = field(default_factory=dict)
    taken: set[tuple[str, str]] = field(default_factory=set)
    _winning: dict[tuple[str, str], dict[str, str]] = field(default_factory=dict)

    @property
    def ix(self) -> Index:
        return self.ruleset.ix  # type: ignore[attr-defined, no-any-return]

    def on_decision(self, game: Game, seat: int, legal: list[Action], action: Action) -> None:
        s = game.state
        kind = action.get("type")
        if s["haunt"] is not None:
            self._book_actions(s, seat, legal, action)
        if len(legal) < 2:
            return  # a forced step is no decision
        if kind in ATTACKS:
            self._attack(s, seat, legal, action)
        elif kind in ("give", "permit"):
            self._hand_over(s, seat, action)
        if kind in MOVES:
            self._move(s, seat, action)
        elif kind in ("drop", "pick_up"):
            self._drop_and_pick(s, seat, action)
        if kind not in QUIET:
            self.walks.pop(action.get("monster", seat), None)

    # -- 1 and 3: attacks
    def _attack(self, s: State, seat: int, legal: list[Action], action: Action) -> None:
        ix = self.ix
        who, target = (action.get("monster", seat), action["target"])
        name, victim = state_access.name(ix, s, who), state_access.name(ix, s, target)
        side = state_access.side(s, who)
        if side is not None and side == state_access.side(s, target) and not _hidden(s):
            self.note(OWN_SIDE, seat, s["turns"],
                      f"{name} attacked {victim}, who is on the same side ({side}).")
            return
        if all(a["type"] in ATTACKS for a in legal):
            return  # no safer choice
        found = attack_odds(ix, s, seat, action)
        if found is None or found.loss is None or found.loss < LOSS_THRESHOLD:
            return
        self.note(HOPELESS, seat, s["turns"],
                  f"{name} attacked {victim} with {found.trait.capitalize()}, "
                  f"{state_access.plural(found.attack_dice, 'die', 'dice')} against {found.defend_dice} "
                  f"({float(found.loss):.0%} to lose), when not attacking was possible.",
                  round(float(found.loss), 4))

    def _hand_over(self, s: State, seat: int, action: Action) -> None:
        """Giving a card to the other side, or (legacy) letting it TAKE one."""
        if action["type"] == "give":
            taker, card = action["to"], action["card"]
        else:
            ch = s["choice"] or {}
            if not action.get("allow") or "who" not in ch:
                return
            taker, card = ch["who"], ch["card"]
        if card == "all" or not _known_enemies(s, seat, taker):
            return
        ix = self.ix
        self.note(OWN_SIDE, seat, s["turns"],
                  f"{state_access.name(ix, s, seat)} let {state_access.name(ix, s, taker)}, "
                  f"of the other side, have {state_access.card_name(ix, card)}.")

    # -- 2: back and forth
    def _gained(self, s: State, who: Any) -> tuple[Any, ...]:
        """What counts as a change for an actor: its cards and traits (a monster: its cards,
        wounds and stun), where everyone else stands, the tiles, the counters and flags, the
        haunt (walking back after someone moved may be chasing them, not wandering)."""
        if isinstance(who, int):
            e = s["explorers"][who]
            own: tuple[Any, ...] = (tuple(e["cards"]), tuple(sorted(e["traits"].items())))
        else:
            m = s["monsters"][who]
            own = (tuple(m["cards"]), m.get("wounds"), m["stunned"])
        h = s["haunt"]
        others = (tuple(e["room"] if i != who else None for i, e in enumerate(s["explorers"])),
                  tuple((mid, m["room"]) for mid, m in s["monsters"].items() if mid != who))
        return (own, others, len(s["tiles"]), tuple(sorted(s["counters"].items())),
                tuple(sorted(s.get("flags", {}).items())),
                (h["id"], h["revealed"]) if h else None)

    def _move(self, s: State, seat: int, action: Action) -> None:
        who = action.get("monster", seat)
        here = state_access.room_of(s, who)
        gained = self._gained(s, who)
        last = self.walks.get(who)
        if last is not None and last.end == here and last.start == action["to"] \
                and last.gained == gained:
            ix = self.ix
            self.note(OSCILLATION, seat, s["turns"],
                      f"{state_access.name(ix, s, who)} went from {ix.rooms[last.start].name} "
                      f"to {ix.rooms[here].name} and back with nothing gained in between.")
        self.walks[who] = Walk(here, action["to"], gained)

    def _drop_and_pick(self, s: State, seat: int, action: Action) -> None:
        e = s["explorers"][seat]
        card = action["card"]
        if action["type"] == "drop":
            dropped = frozenset(e["cards"] if card == "all" else [card])
            held = frozenset(e["cards"]) - dropped
            self.drops[seat] = (dropped, e["room"], self._gained_without_cards(s, seat, held))
            return
        last = self.drops.pop(seat, None)
        picked = set(s["piles"].get(e["room"], [])) if card == "all" else {card}
        if last is None or last[1] != e["room"] or not picked & last[0]:
            return
        if last[2] == self._gained_without_cards(s, seat, frozenset(e["cards"])):
            again = sorted(picked & last[0])
            self.note(OSCILLATION, seat, s["turns"],
                      f"{state_access.name(self.ix, s, seat)} dropped and picked up "
                      f"{', '.join(state_access.card_name(self.ix, c) for c in again)} "
                      "again with nothing gained in between.")

    def _gained_without_cards(self, s: State, seat: int, held: frozenset[str]) -> tuple[Any, ...]:
        return (*self._gained(s, seat)[1:], held)

    # -- 4: book actions
    def winning(self, haunt_id: str, side: str) -> dict[str, str]:
        key = (haunt_id, side)
        if key not in self._winning:
            self._winning[key] = winning_actions(self.ix, haunt_id, side)
        return self._winning[key]

    def _book_actions(self, s: State, seat: int, legal: list[Action], action: Action) -> None:
        side = s["explorers"][seat]["side"]
        if side is None:
            return
        wanted = self.winning(s["haunt"]["id"], side)
        if not wanted:
            return
        if action.get("type") == "haunt_action":
            self.taken.add((side, action["id"]))
        for a in legal:
            if a.get("type") == "haunt_action" and a["id"] in wanted:
                self.offered.setdefault((seat, a["id"]), s["turns"])

    def finish(self, game: Game) -> None:
        s = game.state
        winner = (s["result"] or {}).get("winner")
        if winner is None or s["haunt"] is None:
            return
        winners = {"traitor", "house"} if winner in ("traitor", "house") else {winner}
        for (seat, act), turn in sorted(self.offered.items()):
            side = s["explorers"][seat]["side"]
            if side is None or side in winners or (side, act) in self.taken or \
                    once_short_of_win(self.ix, s, side, act):
                continue
            label = self.winning(s["haunt"]["id"], side)[act]
            self.note(UNUSED_BOOK, seat, turn,
                      f"The {side} lost, and {state_access.name(self.ix, s, seat)} never used "
                      f"\"{label}\", offered from turn {turn}.")
