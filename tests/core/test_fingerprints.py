"""Behaviour fingerprints: the same seeds must keep giving the same games.

Recorded before the speed work of issue 13; every optimisation of the engine must leave them
identical. For each (ruleset, config, bot, seed) we play a full game with ``play_game`` and hash:

- the final state, log and history included (log ``text`` left out: it is wording, not play);
- the ``view`` of every seat and of a spectator at fixed points of the game.

A change that legitimately alters games (a rule fix) regenerates the data file in the same
commit, with::

    .venv/bin/python tests/core/test_fingerprints.py --write
"""

from __future__ import annotations

import hashlib
import sys
from functools import cache
from pathlib import Path
from typing import Any

import orjson
import pytest

from hauntkit.bots import get_bot
from hauntkit.core.digest import without_text
from hauntkit.core.game import Game
from hauntkit.core.ruleset import Ruleset, get_ruleset
from hauntkit.sim.runner import play_game

DATA = Path(__file__).with_name("fingerprints.json")

# (ruleset id, config); seeds and bots below. Kept small: the whole file runs in seconds.
CASES: list[tuple[str, dict[str, Any]]] = [
    ("betrayal", {}),
    ("betrayal", {"players": 3}),
    ("betrayal", {"players": 6}),
    ("beast", {}),
]
BOTS = ("random", "default")
SEEDS = range(6)
VIEW_EVERY = 53  # views are hashed after every 53rd action


def _digest(value: Any) -> str:
    data = orjson.dumps(without_text(value), option=orjson.OPT_SORT_KEYS)
    return hashlib.sha256(data).hexdigest()[:24]


@cache
def _ruleset(ruleset_id: str) -> Ruleset:
    return get_ruleset(ruleset_id)


def _key(ruleset_id: str, config: dict[str, Any], bot: str, seed: int) -> str:
    return f"{ruleset_id} {orjson.dumps(config, option=orjson.OPT_SORT_KEYS).decode()} {bot} {seed}"


def fingerprint(ruleset_id: str, config: dict[str, Any], bot: str, seed: int) -> dict[str, Any]:
    """The fingerprint of one game: action count, final-state hash and mid-game view hashes."""
    rs = _ruleset(ruleset_id)
    views = hashlib.sha256()
    start = Game.new(rs, config, seed).state
    seats = range(start["players"])

    def on_action(game: Game, seat: int, action: dict[str, Any]) -> None:
        if len(game.state["history"]) % VIEW_EVERY == 0:
            for viewer in [None, *seats]:
                views.update(_digest(game.view(viewer)).encode())

    game, record = play_game(rs, config, seed, get_bot(bot), on_action=on_action)
    return {"actions": record.actions, "state": _digest(game.state),
            "views": views.hexdigest()[:24]}


def all_fingerprints() -> dict[str, Any]:
    return {_key(rid, cfg, bot, seed): fingerprint(rid, cfg, bot, seed)
            for rid, cfg in CASES for bot in BOTS for seed in SEEDS}


def _recorded() -> dict[str, Any]:
    return orjson.loads(DATA.read_bytes())


@pytest.mark.parametrize(("ruleset_id", "config"), CASES,
                         ids=[f"{r}-{c.get('players', 'default')}" for r, c in CASES])
@pytest.mark.parametrize("bot", BOTS)
def test_games_match_recorded_fingerprints(ruleset_id: str, config: dict[str, Any],
                                           bot: str) -> None:
    recorded = _recorded()
    for seed in SEEDS:
        key = _key(ruleset_id, config, bot, seed)
        assert key in recorded, f"no recorded fingerprint for {key}; regenerate the data file"
        assert fingerprint(ruleset_id, config, bot, seed) == recorded[key], (
            f"{key}: the game differs from the recorded one (same seed, same bot). If a rule "
            "change is meant to alter games, regenerate with "
            "`python tests/core/test_fingerprints.py --write` in the same commit.")


def test_fingerprints_see_a_different_seed() -> None:
    """The fingerprint depends on the game: two seeds never share one (guards the hashing)."""
    a = fingerprint("betrayal", {}, "random", 0)
    b = fingerprint("betrayal", {}, "random", 1)
    assert a["state"] != b["state"] and a["views"] != b["views"]


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python tests/core/test_fingerprints.py --write")
    DATA.write_bytes(orjson.dumps(all_fingerprints(), option=orjson.OPT_INDENT_2) + b"\n")
    print(f"wrote {DATA}")
