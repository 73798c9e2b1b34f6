"""Helpers for the hunt's tests: the test hunt pack (hunt_pack/), legs made with carried data,
and battles ended by hand. A uniquely named module (see beastkit.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hauntkit.core import Game
from hauntkit.rulesets.beast import BeastRuleset

PACK = Path(__file__).resolve().parent / "hunt_pack"


def hunt_rs() -> BeastRuleset:
    return BeastRuleset.from_content([str(PACK)])


def leg(rs: BeastRuleset, inv: str, loc: str, data: dict[str, Any] | None = None,
        dice: list[int] | None = None, players: int = 1, seed: int = 3) -> Game:
    """A leg of the test hunt ``t-hunt`` (``data``: carried in, as a campaign does)."""
    cfg: dict[str, Any] = {"hunt": {"hunt": "t-hunt", "investigation": inv, "location": loc},
                           "players": players, "dice": dice or []}
    return Game.new(rs, cfg, seed, carry_in=data)


def start_data(rs: BeastRuleset, **changes: Any) -> dict[str, Any]:
    data = rs.campaign_start({"hunt": "t-hunt", "players": 1})
    data.update(changes)
    return data


def say_done(game: Game) -> None:
    """Every seat to act says done once; a seat that must choose first (the loot's or the
    mystery's roll, gear's phases) takes its first option."""
    for seat in list(game.to_act()):
        if seat not in game.to_act():
            continue
        legal = game.legal_actions(seat)
        game.act(seat, {"type": "done"} if {"type": "done"} in legal else legal[0])


def end_battle(game: Game, rs: BeastRuleset, winner: str, **units: dict[str, Any]) -> None:
    """End the battle under way: ``winner`` 'hunters' kills every enemy; 'enemies' every hunter.
    ``units``: further per-unit changes (e.g. a hunter at 0 HP)."""
    assert game.state["phase"] == "battle"
    changes = dict(units)
    for uid, u in game.state["units"].items():
        if u["side"] != winner and u["alive"]:
            changes.setdefault(uid, {}).update(alive=False, hp=0)
    rs.apply_setup(game.state, {"units": changes})


def rec(game: Game, hunter: str) -> dict[str, Any]:
    """The party record of ``hunter``."""
    return next(r for r in game.state["party"] if r["hunter"] == hunter)


def to_phase(game: Game, phase: str) -> None:
    """Say done until ``phase`` begins (fails if the leg ends first)."""
    while game.state["phase"] != phase:
        assert not game.over, game.state["log"][-1]
        say_done(game)
