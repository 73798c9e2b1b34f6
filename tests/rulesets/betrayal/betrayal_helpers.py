"""Helpers for betrayal rules tests: a position set up as data, scripted dice, actions."""

from __future__ import annotations

from typing import Any

from hauntkit.core.game import Game
from hauntkit.rulesets.betrayal import BetrayalRuleset

CHARS = ["ada_vance", "bram_okafor", "celeste_moreau", "dmitri_sokol", "esme_hartley",
         "felix_grant"]
_RS: list[BetrayalRuleset] = []


def ruleset() -> BetrayalRuleset:
    if not _RS:
        _RS.append(BetrayalRuleset.from_content([]))
    return _RS[0]


def scenario(setup: dict[str, Any] | None = None, players: int = 3, seed: int = 1,
             seat: int = 0) -> Game:
    """A game whose position is ``setup`` (apply_setup keys), with ``seat`` to play."""
    g = Game.new(ruleset(), {"players": players, "characters": CHARS[:players]}, seed)
    setup = dict(setup or {})
    setup.setdefault("turn", {"seat": seat})
    ruleset().apply_setup(g.state, setup)
    return g


def dice(g: Game, *faces: int) -> None:
    """Queue die faces (0, 1 or 2, RULING B1) for the next rolls."""
    g.state["rng"]["script"].extend(faces)


def types(g: Game, seat: int) -> set[str]:
    return {a["type"] for a in g.legal_actions(seat)}


def trait(g: Game, seat: int, name: str) -> int:
    return g.view(seat)["explorers"][seat]["traits"][name]["value"]


def choose_all(g: Game, seat: int, action_type: str, **fields: Any) -> None:
    """Answer pending choices of one type with the given fields until none is pending."""
    while g.state["choice"] and g.state["choice"]["kind"] == action_type:
        g.act(seat, {"type": action_type, **fields})


