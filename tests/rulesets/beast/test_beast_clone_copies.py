"""``Game.clone`` of a beast battle (its copy plan, rulesets/beast/snapshot.py): the clone is
equal to the original, byte for byte, and shares no dict or list with it (log and history
entries excepted: they are never edited), so acting on either leaves the other as it was.
States come from random play with and without gear (issue 13: a copy plan for units)."""

from __future__ import annotations

import random
from typing import Any

import orjson
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hauntkit.core import Game

SETTINGS = settings(max_examples=10, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow,
                                           HealthCheck.function_scoped_fixture])


def containers(value: Any, path: str, out: dict[int, str]) -> None:
    """Every dict and list inside ``value`` by id (log and history entries left out)."""
    if isinstance(value, dict | list):
        out[id(value)] = path
        if path in ("log", "history"):
            return
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for k, v in items:
            containers(v, f"{path}.{k}" if path else str(k), out)


def assert_shares_nothing(state: dict[str, Any], copy: dict[str, Any]) -> None:
    assert orjson.dumps(copy) == orjson.dumps(state)
    mine: dict[int, str] = {}
    containers(state, "", mine)
    theirs: dict[int, str] = {}
    containers(copy, "", theirs)
    shared = sorted(mine[i] for i in mine.keys() & theirs.keys())
    assert shared == []


@SETTINGS
@given(seed=st.integers(0, 10_000), loadout=st.sampled_from([None, "full"]),
       map_id=st.sampled_from(["alley", "crypt", "mill", "manor"]))
def test_clone_shares_no_container_and_plays_apart(rs, seed, loadout, map_id):
    config: dict[str, Any] = {"map": map_id}
    if loadout:
        config["loadout"] = loadout
    game = Game.new(rs, config, seed)
    pick = random.Random(seed)
    checked = 0
    while not game.over and checked < 40:
        seat = pick.choice(game.to_act())
        game.act_trusted(seat, pick.choice(game.legal_actions(seat)))
        if pick.random() < 0.3:
            clone = game.clone()
            assert_shares_nothing(game.state, clone.state)
            before = orjson.dumps(game.state)
            for _ in range(5):  # the clone plays on; the original stays as it was
                if clone.over:
                    break
                seat = pick.choice(clone.to_act())
                clone.act_trusted(seat, pick.choice(clone.legal_actions(seat)))
            assert orjson.dumps(game.state) == before
            checked += 1


def test_flag_lists_of_a_unit_are_copied(rs):
    """A hunter's loaded special rounds (flags ``ammo``, gear/using.py) and attacks of
    opportunity taken (``aoo``) are lists the battle appends to: each clone has its own."""
    game = Game.new(rs, {"loadout": "full"}, 3)
    unit = next(iter(game.state["units"].values()))
    unit["flags"].update({"ammo": ["x"], "aoo": ["y"], "other": {"k": [1]}})
    game.state_changed()
    clone = game.clone()
    assert_shares_nothing(game.state, clone.state)
    clone.state["units"][unit["id"]]["flags"]["ammo"].append("z")
    assert unit["flags"]["ammo"] == ["x"]


def test_a_unit_with_a_key_of_its_own_is_copied_whole(rs):
    """A unit with a key the copy plan does not know (here a list beside gear) is copied the
    generic way: nothing shared; and one that lost a key of add_unit breaks the invariants
    (the plan counts keys)."""
    game = Game.new(rs, {"loadout": "full"}, 4)
    units = list(game.state["units"].values())
    units[0]["notes"] = [["a"]]
    units[1]["lost_gear"] = ["x"]
    units[1]["notes"] = {"k": []}
    game.state_changed()
    assert_shares_nothing(game.state, game.clone().state)
    del units[2]["ptaken"]
    assert any("lacks ['ptaken']" in p for p in rs.invariants(game.state))
