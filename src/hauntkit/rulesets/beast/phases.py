"""Game phases of a beast game: the dispatch table (docs/hunt.md "Phases").

A plain beast game is one battle and has no ``state["phase"]`` (it means ``"battle"``). A leg
of a hunt (RULING HR-70) moves through the phases named in ``state["hunt"]["plan"]``:
``shop -> investigate -> battle -> loot -> mystery -> rest``; ``BeastRuleset.to_act``,
``legal_actions`` and ``apply`` ask the phase's handler in ``HANDLERS``.

A handler is a ``Phase``: it lists the seats to act, each seat's options, and applies them.
Every between-battle phase offers each acting seat ``{"type": "done"}``; the phase ends when
every seat that must act has said done (or when the phase's own ``finished`` says so), and the
next phase of the plan is entered. Other modules add actions to a phase without editing its
handler through ``EXTRAS`` (an ``Extra`` lists its action types, options and how to apply
them): e.g. equipping gear in the shop and at a rest, or a hunter's skill while investigating.

Hooks run around each battle of a hunt: ``BATTLE_START`` after the party's units are placed
(carry gear and skills from ``state["party"]`` onto the units), ``BATTLE_END`` after the
battle's result is known and before the party's records are written back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hauntkit.core.errors import IllegalActionError
from hauntkit.core.log import emit
from hauntkit.rulesets.beast.hunt_party import active, away
from hauntkit.rulesets.beast.labels import seat_words

State = dict[str, Any]
Action = dict[str, Any]
RS = Any  # the BeastRuleset (kept loose: handlers live in modules it imports)

PHASES = ("shop", "investigate", "battle", "loot", "mystery", "rest")
TITLES = {"shop": "shopping", "investigate": "investigation", "battle": "battle",
          "loot": "looting", "mystery": "mystery", "rest": "rest"}  # for log lines
DONE: Action = {"type": "done"}


def phase_of(state: State) -> str:
    """The current phase; a state without one is a battle."""
    return state.get("phase", "battle")


def party_seats(state: State) -> list[int]:
    """Seats that control at least one hunter still in the hunt (not dead, not mad)."""
    return sorted({r["seat"] for r in active(state)})


@dataclass(frozen=True)
class Extra:
    """Actions another module adds to a phase: their ``types``, a seat's ``options`` and
    ``act`` (which applies one; it must check nothing: only listed options reach it)."""

    types: frozenset[str]
    options: Callable[[RS, State, int], list[Action]]
    act: Callable[[RS, State, int, Action], None]


class Phase:
    """A between-battle phase. Subclasses override ``enter``, ``options``, ``act`` and, when
    not every party seat must say done, ``seats``."""

    name = ""

    def enter(self, rs: RS, state: State) -> None:
        """Called once when the phase begins."""

    def seats(self, rs: RS, state: State) -> list[int]:
        """Seats that must act before the phase can end (default: every party seat)."""
        return party_seats(state)

    def options(self, rs: RS, state: State, seat: int) -> list[Action]:
        """``seat``'s actions besides ``done`` and the extras."""
        return []

    def act(self, rs: RS, state: State, seat: int, action: Action) -> None:
        """Apply one of ``options``."""
        raise IllegalActionError(f"{self.name}: no action {action.get('type')!r}")

    def can_be_done(self, rs: RS, state: State, seat: int) -> bool:
        """Whether ``seat`` may say done now (e.g. not while a choice is still open)."""
        return True

    # -- the dispatch used by the ruleset (not meant to be overridden) ------------------
    def to_act(self, rs: RS, state: State) -> list[int]:
        done = state["hunt"]["done"]
        return [s for s in self.seats(rs, state) if s not in done]

    def legal_actions(self, rs: RS, state: State, seat: int) -> list[Action]:
        if seat not in self.to_act(rs, state):
            return []
        out = list(self.options(rs, state, seat))
        for extra in EXTRAS.get(self.name, ()):
            out.extend(extra.options(rs, state, seat))
        if self.can_be_done(rs, state, seat):
            out.append(dict(DONE))
        return out

    def apply(self, rs: RS, state: State, seat: int, action: Action) -> None:
        kind = action["type"]
        if kind == "done":
            state["hunt"]["done"].append(seat)
            emit(state, "phase_done", f"{seat_words(rs, state, seat)}: done with the "
                 f"{TITLES[self.name]}.", seat=seat, phase=self.name)
        else:
            extra = next((e for e in EXTRAS.get(self.name, ()) if kind in e.types), None)
            if extra is not None:
                extra.act(rs, state, seat, action)
            else:
                self.act(rs, state, seat, action)
        if not self.to_act(rs, state):
            advance(rs, state)


class BattlePhase(Phase):
    """The battle: the ruleset's own battle rules (hunt_battle sets it up and settles it)."""

    name = "battle"

    def enter(self, rs: RS, state: State) -> None:
        from hauntkit.rulesets.beast.hunt_battle import start_battle
        start_battle(rs, state)

    def to_act(self, rs: RS, state: State) -> list[int]:
        return rs.battle_to_act(state)

    def legal_actions(self, rs: RS, state: State, seat: int) -> list[Action]:
        return rs.battle_legal_actions(state, seat)

    def apply(self, rs: RS, state: State, seat: int, action: Action) -> None:
        rs.battle_apply(state, seat, action)
        settle_battle_if_over(rs, state)


def settle_battle_if_over(rs: RS, state: State) -> None:
    """In a hunt, a battle's end is not the game's: record it and go on to the next phase."""
    if (state["result"] is None or "hunt" not in state or state.get("phase") != "battle"
            or state["hunt"]["battle"] is not None):
        return
    from hauntkit.rulesets.beast.hunt_battle import end_battle
    end_battle(rs, state)
    advance(rs, state)


def skip_reason(state: State, name: str) -> str:
    """Why the leg has no such phase this time ('' when it has): no battle without an ambush
    or a fight picked (HR-71, HR-75), no loot without a won battle ("Loot Table"), no mystery
    without an Order or Chaos event ("Mystery Table")."""
    h = state["hunt"]
    if name == "battle" and not h["fight"]:
        return "nobody to fight here"
    if name == "battle" and all(away(r) for r in active(state)):
        return "every hunter is away (Abducted)"
    if name == "loot" and (h["battle"] is None or h["battle"]["winner"] != "hunters"):
        return "no battle won"
    if name == "mystery" and h["mystery"] is None:
        return "no Order or Chaos event"
    return ""


def advance(rs: RS, state: State) -> None:
    """Leave the current phase and enter the next one of the plan that has someone to act;
    with no phase left, the leg ends (``hunt_leg.finish_leg``)."""
    from hauntkit.rulesets.beast.hunt_leg import finish_leg
    hunt = state["hunt"]
    while state["result"] is None:
        if not hunt["plan"] or not active(state):
            finish_leg(rs, state)
            return
        name = hunt["plan"].pop(0)
        why = skip_reason(state, name)
        if why:
            emit(state, "phase_skipped", f"No {name}: {why}.", phase=name)
            continue
        state["phase"] = name
        hunt["done"] = []
        emit(state, "phase", f"The {TITLES[name]} begins.", phase=name)
        handler = HANDLERS[name]
        handler.enter(rs, state)
        if name == "battle" and state["result"] is not None and hunt["battle"] is None:
            from hauntkit.rulesets.beast.hunt_battle import end_battle
            end_battle(rs, state)  # over before anyone acted (every enemy talked away)
            continue
        if state["result"] is not None:
            return
        if state.get("phase") != name:  # enter() moved on by itself (e.g. via advance)
            return
        if handler.to_act(rs, state):
            return


def _build() -> dict[str, Phase]:
    from hauntkit.rulesets.beast.gear_hunt import LootPhase, MysteryPhase, ShopPhase
    from hauntkit.rulesets.beast.hunt_investigate import InvestigatePhase
    from hauntkit.rulesets.beast.hunt_rest import RestPhase
    return {
        "shop": ShopPhase(),                  # gear_hunt.py: buy, sell, equip
        "investigate": InvestigatePhase(),
        "battle": BattlePhase(),
        "loot": LootPhase(),                  # gear_hunt.py: the Loot Table
        "mystery": MysteryPhase(),            # gear_hunt.py: the Mystery Table
        "rest": RestPhase(),
    }


class _Lazy(dict):  # type: ignore[type-arg]
    """Builds the table on first use (its handlers import modules that import this one)."""

    def __missing__(self, key: str) -> Phase:
        if not self:
            self.update(_build())
            if key in self:
                return self[key]
        raise KeyError(key)


HANDLERS: dict[str, Phase] = _Lazy()
EXTRAS: dict[str, list[Extra]] = {name: [] for name in PHASES}
BATTLE_START: list[Callable[[RS, State], None]] = []
BATTLE_END: list[Callable[[RS, State], None]] = []
# before each event of a location resolves (e.g. the Clash card drawn before each Event):
# hook(rs, state, event_id)
BEFORE_EVENT: list[Callable[[RS, State, str], None]] = []
# after each event's own effects (e.g. 7 turns counting Events down): hook(rs, state, event_id)
AFTER_EVENT: list[Callable[[RS, State, str], None]] = []
# when a leg ends, before its result (e.g. an Abducted hunter's absence): hook(rs, state)
LEG_END: list[Callable[[RS, State], None]] = []
# when an investigation ends, after its rewards, before Renown and Infamy are reset (e.g. loot
# that lasts "the length of the investigation", pets' ranks): hook(rs, state, success)
INVESTIGATION_END: list[Callable[[RS, State, bool], None]] = []

__all__ = ["AFTER_EVENT", "BATTLE_END", "BATTLE_START", "BEFORE_EVENT", "DONE",
           "INVESTIGATION_END", "EXTRAS", "HANDLERS", "LEG_END", "PHASES", "Extra",
           "Phase", "advance", "party_seats", "phase_of",
           "settle_battle_if_over"]
