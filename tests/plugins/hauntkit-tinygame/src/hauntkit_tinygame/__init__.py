"""Tiny: a test-only ruleset plugin for hauntkit.

Two to four seats take turns walking toward a well ``goal`` steps away (config, default 6).
On your turn: ``step`` (one step), ``leap`` (roll a die 1..3 and go that far) or ``wait`` (end
the turn doing nothing). Whoever reaches the well first wins. After ``max_turns`` turns
(config, default 60) nobody wins. The next leap's die is hidden until rolled.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import Field

from hauntkit.core.log import emit, visible_log
from hauntkit.core.rng import new_rng, roll_dice
from hauntkit.core.ruleset import Action, Ruleset, RulesetConfig, State


class TinyConfig(RulesetConfig):
    """Options of a game of Tiny."""

    goal: int = Field(default=6, gt=0, le=50, description="steps from the start to the well")
    max_turns: int = Field(default=60, gt=0, description="turns before the game is a draw")


class TinyRuleset(Ruleset):
    """A race to the well."""

    id: ClassVar[str] = "tiny"
    display_name: ClassVar[str] = "Tiny: race to the well"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4
    Config = TinyConfig
    end_action_types: ClassVar[frozenset[str]] = frozenset({"wait"})

    def new_state(self, config: dict[str, Any], seed: int) -> State:
        n = config.get("players", 2)
        state: State = {"rng": new_rng(seed), "log": [], "pos": [0] * n, "turn": 0, "turns": 0,
                        "goal": config.get("goal", 6),
                        "max_turns": config.get("max_turns", 60), "winner": None, "over": False}
        emit(state, "start", f"{n} walkers set out for the well.")
        return state

    def to_act(self, state: State) -> list[int]:
        return [] if state["over"] else [state["turn"]]

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if state["over"] or seat != state["turn"]:
            return []
        return [{"type": "step"}, {"type": "leap"}, {"type": "wait"}]

    def apply(self, state: State, seat: int, action: Action) -> None:
        kind = action["type"]
        if kind == "step":
            state["pos"][seat] += 1
            emit(state, "step", f"Walker {seat + 1} takes a step.", seat=seat)
        elif kind == "leap":
            (die,) = roll_dice(state["rng"], 1, (1, 2, 3))
            state["pos"][seat] += die
            emit(state, "leap", f"Walker {seat + 1} leaps {die}.", seat=seat, dice=[die])
        else:
            emit(state, "wait", f"Walker {seat + 1} waits.", seat=seat)
        if state["pos"][seat] >= state["goal"]:
            state["winner"], state["over"] = seat, True
            emit(state, "end", f"Walker {seat + 1} reaches the well.")
            return
        state["turn"] = (seat + 1) % len(state["pos"])
        if state["turn"] == 0:
            state["turns"] += 1
            if state["turns"] >= state["max_turns"]:
                state["over"] = True
                emit(state, "end", "Night falls; nobody reached the well.")

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {"seat": seat, "pos": list(state["pos"]), "goal": state["goal"],
                "turn": state["turn"], "turns": state["turns"], "to_act": self.to_act(state),
                "log": visible_log(state["log"], seat)}

    def result(self, state: State) -> dict[str, Any] | None:
        if not state["over"]:
            return None
        if state["winner"] is None:
            return {"winner": None, "reason": "nobody reached the well"}
        return {"winner": state["winner"], "reason": "reached the well first"}

    def stats(self, state: State) -> dict[str, Any]:
        return {"winner": state["winner"], "turns": state["turns"]}

    def catalogue(self) -> dict[str, Any]:
        return {"pieces": {"walker": {"name": "Walker", "text": "Walks toward the well."},
                           "well": {"name": "The well", "text": "Reach it first to win."}}}

    def describe_action(self, state: State, seat: int, action: Action) -> str:
        left = state["goal"] - state["pos"][seat]
        return {"step": f"Take one step ({left} to go)",
                "leap": "Leap 1 to 3 steps (roll a die)",
                "wait": "Wait (end your turn)"}.get(action["type"], action["type"])
