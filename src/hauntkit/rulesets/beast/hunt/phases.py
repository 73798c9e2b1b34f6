"""The phases of a beast game: the dispatch table, and moving a leg from phase to phase
(docs/hunt.md "Phases").

A plain beast game is one battle and has no ``state["phase"]`` (it means ``"battle"``). A leg
of a hunt (RULING HR-70) moves through the phases named in ``state["hunt"]["plan"]``:
``shop -> investigate -> battle -> loot -> mystery -> rest``; ``BeastRuleset.to_act``,
``legal_actions`` and ``apply`` ask the phase's handler in ``HANDLERS`` (phase.py: ``Phase``,
``Extra`` and the hooks).
"""

from __future__ import annotations

from typing import Any

from hauntkit.core.log import emit
from hauntkit.rulesets.beast.hunt import lighting
from hauntkit.rulesets.beast.hunt.battles import end_battle, start_battle
from hauntkit.rulesets.beast.hunt.gear_phases import LootPhase, MysteryPhase, ShopPhase
from hauntkit.rulesets.beast.hunt.investigate import InvestigatePhase
from hauntkit.rulesets.beast.hunt.leg import finish_leg, new_leg
from hauntkit.rulesets.beast.hunt.party import active, away
from hauntkit.rulesets.beast.hunt.phase import RS, TITLES, Action, Phase, State
from hauntkit.rulesets.beast.hunt.rest import RestPhase


class BattlePhase(Phase):
    """The battle: the ruleset's own battle rules (hunt.battles sets it up and settles it),
    after the party has placed the Location card's light sources (hunt.lighting, HR-79)."""

    name = "battle"

    def enter(self, rs: RS, state: State) -> None:
        start_battle(rs, state)

    def to_act(self, rs: RS, state: State) -> list[int]:
        if lighting.pending(state):
            return lighting.seats(state)
        return rs.battle_to_act(state)

    def legal_actions(self, rs: RS, state: State, seat: int) -> list[Action]:
        if lighting.pending(state):
            return lighting.options(rs, state, seat)
        return rs.battle_legal_actions(state, seat)

    def apply(self, rs: RS, state: State, seat: int, action: Action) -> None:
        if lighting.pending(state):
            if lighting.act(rs, state, action):
                rs.begin_battle(state)
        else:
            rs.battle_apply(state, seat, action)
        settle_battle_if_over(rs, state)


def settle_battle_if_over(rs: RS, state: State) -> None:
    """In a hunt, a battle's end is not the game's: record it and go on to the next phase."""
    if (state["result"] is None or "hunt" not in state or state.get("phase") != "battle"
            or state["hunt"]["battle"] is not None):
        return
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
    with no phase left, the leg ends (``hunt.leg.finish_leg``)."""
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
            end_battle(rs, state)  # over before anyone acted (every enemy talked away)
            continue
        if state["result"] is not None:
            return
        if state.get("phase") != name:  # enter() moved on by itself (e.g. via advance)
            return
        if handler.to_act(rs, state):
            return


HANDLERS: dict[str, Phase] = {
    "shop": ShopPhase(),                  # gear_phases.py: buy, sell, equip
    "investigate": InvestigatePhase(),
    "battle": BattlePhase(),
    "loot": LootPhase(),                  # gear_phases.py: the Loot Table
    "mystery": MysteryPhase(),            # gear_phases.py: the Mystery Table
    "rest": RestPhase(),
}


def apply(rs: RS, state: State, seat: int, action: Action) -> None:
    """Apply ``seat``'s ``action`` in the current phase; a between-battle phase ends when
    nobody is left to act."""
    handler = HANDLERS[state["phase"]]
    handler.apply(rs, state, seat, action)
    if not isinstance(handler, BattlePhase) and not handler.to_act(rs, state):
        advance(rs, state)


def start_leg(rs: RS, config: dict[str, Any], seed: int,
              data: dict[str, Any] | None = None) -> State:
    """A new leg of a hunt (``leg.new_leg``), entered into its first phase."""
    state = new_leg(rs, config, seed, data)
    advance(rs, state)
    return state


__all__ = ["HANDLERS", "BattlePhase", "advance", "apply", "settle_battle_if_over",
           "skip_reason", "start_leg"]
