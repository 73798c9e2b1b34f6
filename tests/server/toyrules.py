"""A tiny ruleset for server tests that do not depend on a real game's rules.

"Lanterns": seats take turns; on your turn ``roll`` (two dice of faces 0,1,2; move that far) or
``rest`` (move 1). Rolling a total of 4 opens a pending choice: ``gift`` one step to another
seat. When anyone reaches 5, seat 0 secretly becomes the traitor: its view and a private log
event carry text no other seat may ever receive. First to 12 wins.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from hauntkit.core.log import emit, visible_log
from hauntkit.core.rng import new_rng, roll_dice
from hauntkit.core.ruleset import Ruleset, RulesetConfig, register_ruleset

SECRET = "TRAITOR-ONLY: the lantern oil is poisoned"
GOAL = 12


@register_ruleset
class Lanterns(Ruleset):
    id = "toy"
    display_name = "Lanterns"
    min_seats = 3
    max_seats = 6

    @classmethod
    def from_content(cls, paths: list[str], replace_starter: bool) -> Lanterns:
        return cls()

    def new_state(self, config: dict[str, Any], seed: int) -> dict[str, Any]:
        n = int(config.get("players", 3))
        return {"rng": new_rng(seed), "log": [], "history": [], "version": 0,
                "pos": [0] * n, "turn": 0, "pending": None, "traitor": None, "winner": None}

    def to_act(self, state: dict[str, Any]) -> list[int]:
        if state["winner"] is not None:
            return []
        return [state["turn"]]

    def legal_actions(self, state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
        if seat not in self.to_act(state):
            return []
        if state["pending"] is not None:
            return [{"type": "gift", "to": s} for s in range(len(state["pos"])) if s != seat]
        return [{"type": "roll"}, {"type": "rest"}]

    def apply(self, state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
        pos = state["pos"]
        if action["type"] == "gift":
            pos[action["to"]] += 1
            state["pending"] = None
            emit(state, "gift", f"Seat {seat} lights a lantern for seat {action['to']}.")
        elif action["type"] == "rest":
            pos[seat] += 1
            emit(state, "move", f"Seat {seat} walks one step.")
        else:
            dice = roll_dice(state["rng"], 2, (0, 0, 1, 1, 2, 2))
            pos[seat] += sum(dice)
            emit(state, "roll", f"Seat {seat} rolls {dice}.", dice=dice, seat=seat)
            if sum(dice) == 4:
                state["pending"] = {"seat": seat}
        if state["traitor"] is None and max(pos) >= 5:
            state["traitor"] = 0
            emit(state, "haunt", "The haunt begins. Someone is not what they seem.")
            emit(state, "secret", SECRET, to=[0])
        if max(pos) >= GOAL:
            state["winner"] = pos.index(max(pos))
            emit(state, "end", f"Seat {state['winner']} reaches the tower.")
        elif state["pending"] is None:
            state["turn"] = (seat + 1) % len(pos)

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        out = {"pos": list(state["pos"]), "turn": state["turn"],
               "pending": state["pending"], "haunt": state["traitor"] is not None,
               "log": visible_log(state["log"], seat)}
        if seat is not None and state["traitor"] == seat:
            out["secret"] = SECRET
        return out

    def result(self, state: dict[str, Any]) -> dict[str, Any] | None:
        if state["winner"] is None:
            return None
        return {"winner": state["winner"], "reason": "reached the tower first"}


# "Lantern league": a campaign of Lanterns races, for the campaign tests (tests/campaign).
# The league keeps each seat's wins and a head start: every seat that did not win a game
# starts the next one a step further on. It ends after `games` games (default 3) or as soon
# as a seat has `to_win` wins (default 2).
class LeagueConfig(RulesetConfig):
    """A league game's config (``round``) and the league's own (``games``, ``to_win``, and
    each seat's lantern colour, ``lanterns``: a per-seat option of the lobby's form)."""

    round: int | None = None
    games: int | None = None
    to_win: int | None = None
    lanterns: list[Literal["red", "gold", "blue", "green"]] | None = Field(
        default=None, description="each seat's lantern colour",
        json_schema_extra={"per_seat": True})

    @classmethod
    def model_json_schema(cls, *args: Any, **kwargs: Any) -> dict[str, Any]:
        """The schema, with each lantern colour's name for the lobby (``enumNames``)."""
        schema = super().model_json_schema(*args, **kwargs)
        for branch in schema["properties"]["lanterns"]["anyOf"]:
            if branch.get("type") == "array":
                branch["items"]["enumNames"] = [c.capitalize() for c in branch["items"]["enum"]]
        return schema


@register_ruleset
class LanternLeague(Lanterns):
    """Lanterns races as a campaign (see above)."""

    id = "toyleague"
    display_name = "Lantern League"
    Config = LeagueConfig

    def campaign_start(self, config: dict[str, Any]) -> dict[str, Any]:
        n = int(config.get("players", 3))
        data = {"wins": [0] * n, "bonus": [0] * n, "games": 0}
        if config.get("lanterns"):
            data["lanterns"] = list(config["lanterns"])
        return data

    def campaign_next(self, config: dict[str, Any], data: dict[str, Any],
                      played: list[dict[str, Any]]) -> dict[str, Any] | None:
        if len(played) >= int(config.get("games", 3)):
            return None
        if max(data["wins"]) >= int(config.get("to_win", 2)):
            return None
        return {"players": len(data["wins"]), "round": len(played) + 1}

    def carry_in(self, state: dict[str, Any], data: dict[str, Any]) -> None:
        state["pos"] = list(data["bonus"])

    def carry_out(self, state: dict[str, Any]) -> dict[str, Any]:
        data = state["carry_in"]
        winner = state["winner"]
        return {
            "wins": [w + (i == winner) for i, w in enumerate(data["wins"])],
            "bonus": [b + (i != winner) for i, b in enumerate(data["bonus"])],
            "games": data["games"] + 1,
            **({"lanterns": data["lanterns"]} if "lanterns" in data else {}),
        }
