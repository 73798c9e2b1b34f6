"""Property over seeds and every starter haunt: whole games with the heuristic bot in every
seat never drop a card and pick it up again, and never walk straight back (A -> B -> A with
nothing done in between), neither an explorer nor a monster; and they end before the cap."""

from __future__ import annotations

from typing import Any

import pytest

from hauntkit.bots import get_bot
from hauntkit.core.game import Game
from hauntkit.core.ruleset import get_ruleset
from hauntkit.sim.runner import play_game

SEEDS = (11, 12)


def _cases() -> list[tuple[str, str]]:
    return [(rid, haunt) for rid in ("betrayal", "legacy")
            for haunt in get_ruleset(rid).scenario_ids()]


def _mover(state: dict[str, Any], seat: Any, action: dict[str, Any]) -> tuple[Any, str] | None:
    """(who walks, from where) for a walking action, else None."""
    if action["type"] == "move" and isinstance(seat, int):
        return seat, state["explorers"][seat]["room"]
    if action["type"] == "mmove":
        return action["monster"], state["monsters"][action["monster"]]["room"]
    return None


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("ruleset_id", "haunt"), _cases())
def test_heuristic_games_have_no_pointless_pairs(ruleset_id, haunt, seed):
    rs = get_ruleset(ruleset_id)
    config = {"players": 4, "haunt": haunt}
    game, record = play_game(rs, config, seed, get_bot("heuristic").bind(rs),
                             max_actions=20_000)
    assert not record.capped and game.over
    replay = Game.new(rs, config, seed)
    dropped: dict[Any, set[str]] = {}
    last_from: dict[Any, str | None] = {}
    for seat, action in game.state["history"]:
        if action["type"] == "drop" and action.get("card"):
            dropped.setdefault(seat, set()).add(action["card"])
        if action["type"] == "pick_up":
            assert action["card"] not in dropped.get(seat, set()), "picked up what it dropped"
        walk = _mover(replay.state, seat, action)
        replay.act_trusted(seat, action)
        if walk is None:
            last_from = {}  # something done in between: a step back may have a reason now
            continue
        who, origin = walk
        assert action["to"] != last_from.get(who), f"{who} walked straight back"
        last_from[who] = origin
