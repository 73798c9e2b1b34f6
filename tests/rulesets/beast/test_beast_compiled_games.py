"""beast's compiled battle modules (mypyc_modules.txt) play the very games of the pure-Python
ones, gear included: every map, without and with the pack's full loadout (the gear hooks of
gear.using / gear.utility / gear.relics / gear.foes, which the recorded fingerprints, plain
battles, do not reach). Issue 13: "a pure-Python fallback that gives identical games"."""

from __future__ import annotations

import importlib.machinery
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import orjson

from hauntkit.compiled import PURE_ENV

ROOT = Path(__file__).resolve().parents[3]
SO = importlib.machinery.EXTENSION_SUFFIXES[0]

GAMES = """
import hashlib, random, orjson
import hauntkit.rulesets.beast.battle.hunter_actions as hunter
from hauntkit.core.game import Game
from hauntkit.core.ruleset import get_ruleset
rs = get_ruleset("beast")
maps = rs.scenario_ids()
out = {"hunter": hunter.__file__, "games": []}
for config in ({}, {"loadout": "full"}):
    for seed in range(2 * len(maps)):
        cfg = dict(config, map=maps[seed % len(maps)])
        game, driver, n = Game.new(rs, cfg, seed), random.Random(seed), 0
        while n < 2000 and (waiting := game.to_act()):
            seat = waiting[driver.randrange(len(waiting))]
            legal = game.legal_actions(seat)
            game.act_trusted(seat, legal[driver.randrange(len(legal))])
            n += 1
        digest = hashlib.sha256(orjson.dumps(game.state, option=orjson.OPT_SORT_KEYS))
        out["games"].append([cfg, seed, n, digest.hexdigest()[:16]])
print(orjson.dumps(out).decode())
"""


def _play(pure: bool) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if k != PURE_ENV}
    if pure:
        env[PURE_ENV] = "1"
    run = subprocess.run([sys.executable, "-c", GAMES], capture_output=True, text=True,
                         env=env, cwd=ROOT, check=False, timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    return orjson.loads(run.stdout.strip().splitlines()[-1])


def test_compiled_and_pure_beast_play_the_same_games_with_gear() -> None:
    compiled, pure = _play(pure=False), _play(pure=True)
    assert compiled["hunter"].endswith(SO), "beast is not compiled here: `make install`"
    assert pure["hunter"].endswith(".py")
    assert len(compiled["games"]) >= 2 * 2 * 4
    assert {cfg.get("loadout") for cfg, *_ in compiled["games"]} == {None, "full"}
    assert all(n > 0 for _, _, n, _ in compiled["games"])
    assert compiled["games"] == pure["games"]
