"""Helpers shared by the campaign storage tests (toy league and beast hunt): what must not
depend on crashes, and the check of every stored game against its replay."""

from __future__ import annotations

from typing import Any

from hauntkit.core import Game
from hauntkit.server.db import Store


def summary(camp: dict[str, Any]) -> list[Any]:
    """What must not depend on crashes: each game's seed, config, result and carry-out."""
    return [camp["status"], camp["data"],
            [(g["index"], g["seed"], g["config"], g["result"], g["carry_out"])
             for g in camp["games"]]]


def check_games_on_disk(store: Store, camp: dict[str, Any]) -> list[Game]:
    """Every game of the campaign: one action row per version, no gap, no duplicate, and the
    stored state is what its seed, carried-in data and actions replay to. Returns the
    replayed games."""
    games = []
    for g in camp["games"]:
        rec = store.load_game(g["game_id"])
        rows = store.action_rows(g["game_id"])
        assert [r["version"] for r in rows] == list(range(1, rec.version + 1))
        save = {"ruleset": camp["ruleset"], "config": g["config"], "seed": g["seed"],
                "carry_in": rec.state.get("carry_in"),
                "history": [[r["seat"], r["action"]] for r in rows]}
        game = Game.replay(save)
        assert game.state["version"] == rec.version
        games.append(game)
    return games
