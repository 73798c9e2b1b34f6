"""``clone()`` with the rulesets' copy plans: at random points of random games of both rulesets
the copy serialises to the same bytes and shares no container the engine may change in place
(only tile positions, which betrayal never edits, and the immutable log/history entries)."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import orjson
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hauntkit.core import Game
from hauntkit.core.ruleset import Ruleset, get_ruleset
from hauntkit.sim.runner import pick_seat


@cache
def _ruleset(ruleset_id: str) -> Ruleset:
    return get_ruleset(ruleset_id)


def _containers(value: Any, path: str, out: dict[int, str]) -> None:
    if isinstance(value, dict):
        out[id(value)] = path
        for k, v in value.items():
            _containers(v, f"{path}.{k}", out)
    elif isinstance(value, list):
        out[id(value)] = path
        for i, v in enumerate(value):
            _containers(v, f"{path}[{i}]", out)


def _shared(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    mine: dict[int, str] = {}
    theirs: dict[int, str] = {}
    for key in a:
        if key in ("log", "history"):  # entries are shared on purpose; the lists are not
            assert a[key] is not b[key]
            continue
        _containers(a[key], key, mine)
        _containers(b[key], key, theirs)
    allowed = ("tiles.",)  # betrayal tile positions: replaced, never edited (snapshot.py)
    return [mine[i] for i in mine.keys() & theirs.keys() if not mine[i].startswith(allowed)]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ruleset_id=st.sampled_from(["betrayal", "beast"]), seed=st.integers(0, 2**31),
       point=st.integers(0, 500))
def test_clone_is_equal_and_shares_nothing_mutable(ruleset_id: str, seed: int,
                                                   point: int) -> None:
    game = Game.new(_ruleset(ruleset_id), {}, seed)
    driver = random.Random(seed)
    for _ in range(point):
        waiting = game.to_act()
        if not waiting:
            break
        seat = pick_seat(waiting, driver)
        legal = game.legal_actions(seat)
        game.act_trusted(seat, legal[driver.randrange(len(legal))])
    twin = game.clone()
    assert orjson.dumps(twin.state) == orjson.dumps(game.state)
    assert list(twin.state) == list(game.state)
    assert _shared(game.state, twin.state) == []
