"""``clone()``: at random points of random games of every ruleset the copy serialises to the
same bytes and shares no container the engine may change in place (only tile positions, which
betrayal never edits, and the immutable log/history entries), by both paths of ``copy_state``:
the compiled one (``hauntkit.core._fastcopy``, built by ``make``) and the pure-Python one."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hauntkit.core import Game, _fastcopy
from hauntkit.core import game as core_game
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


def _played(ruleset_id: str, seed: int, point: int) -> Game:
    game = Game.new(_ruleset(ruleset_id), {}, seed)
    driver = random.Random(seed)
    for _ in range(point):
        waiting = game.to_act()
        if not waiting:
            break
        seat = pick_seat(waiting, driver)
        legal = game.legal_actions(seat)
        game.act_trusted(seat, legal[driver.randrange(len(legal))])
    return game


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ruleset_id=st.sampled_from(["betrayal", "beast", "legacy"]), seed=st.integers(0, 2**31),
       point=st.integers(0, 500))
def test_clone_is_equal_and_shares_nothing_mutable(ruleset_id: str, seed: int,
                                                   point: int) -> None:
    game = _played(ruleset_id, seed, point)
    twin = game.clone()
    assert orjson.dumps(twin.state) == orjson.dumps(game.state)
    assert list(twin.state) == list(game.state)
    assert _shared(game.state, twin.state) == []
    # the pure-Python path (machines without a C compiler) gives the same bytes, as safely
    slow = core_game.copy_state_python(game.state)
    assert orjson.dumps(slow) == orjson.dumps(game.state) and list(slow) == list(game.state)
    assert _shared(game.state, slow) == []


def test_make_builds_the_compiled_copy_and_copy_state_uses_it() -> None:
    assert core_game.COMPILED_COPY  # setup.py builds it (make install); gcc is on our machines
    state = {"ruleset": "betrayal", "tiles": {"hall": ["ground", 0, 0, 0]},
             "x": {"y": [1, {"z": 2}]}, "log": [{"type": "t", "text": "t"}], "history": []}
    copy = core_game.copy_state(state)
    assert copy == state and copy["x"]["y"][1] is not state["x"]["y"][1]
    assert copy["tiles"] is not state["tiles"]
    assert copy["tiles"]["hall"] is state["tiles"]["hall"]  # betrayal: tiles are shallow
    assert copy["log"] is not state["log"] and copy["log"][0] is state["log"][0]


def test_compiled_copy_makes_tuples_lists_as_json_would_and_refuses_subclasses() -> None:
    value = {"a": (1, [2, (3,)]), "b": "s"}
    copy = _fastcopy.deep_copy(value)
    assert copy == orjson.loads(orjson.dumps(value)) == {"a": [1, [2, [3]]], "b": "s"}

    class Odd(dict):  # type: ignore[type-arg]
        pass

    with pytest.raises(TypeError, match="not JSON data"):
        _fastcopy.deep_copy({"a": [Odd()]})
    with pytest.raises(TypeError, match="not JSON data"):
        _fastcopy.copy_state({"a": Odd()}, {})
