"""Actions are checked strictly at the boundary (docs/protocol.md, "act"): a submitted action
is played only when it is an exact JSON copy of a legal action. A boolean is not an integer, a
float is not an integer, unknown and missing fields are refused, and a refusal leaves the
state byte for byte as it was (core/actions.py)."""

from __future__ import annotations

import math
import os
import random
from functools import cache
from typing import Any

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hauntkit.core.actions import malformed, matching_action, same_json, written_variant
from hauntkit.core.errors import ActionError, MalformedActionError
from hauntkit.core.game import Game
from hauntkit.core.ruleset import Ruleset, get_ruleset

RULESETS = ["betrayal", "legacy", "beast"]
# `make soak` (HAUNTKIT_SOAK=1) tries many more positions
EXAMPLES = 300 if os.environ.get("HAUNTKIT_SOAK") == "1" else 12


@cache
def _ruleset(rid: str) -> Ruleset:
    return get_ruleset(rid)


def test_same_json_tells_kinds_apart() -> None:
    assert same_json({"to": [1, 0]}, {"to": [1, 0]})
    assert not same_json({"to": [1.0, 0]}, {"to": [1, 0]})
    assert not same_json({"target": True}, {"target": 1})
    assert not same_json({"a": 1}, {"a": 1, "b": None})
    assert not same_json([1, 2], [1, 2, 3])


def test_a_float_for_an_integer_is_refused_naming_the_field() -> None:
    legal = [{"type": "step", "to": [1, 0]}, {"type": "step", "to": [0, 1]}]
    action = {"type": "step", "to": [1.0, 0]}
    assert matching_action(action, legal) is None
    error = malformed(action, legal)
    assert isinstance(error, MalformedActionError)
    assert "'to[0]' must be an integer, not a number 1.0" in str(error)


def test_an_unknown_field_is_refused_naming_it() -> None:
    legal = [{"type": "attack", "target": 2}]
    error = malformed({"type": "attack", "target": 2, "seet": 0}, legal)
    assert error is not None and "no field 'seet'" in str(error)
    error = malformed({"type": "attack", "target": False}, legal)
    assert error is not None and "'target' must be an integer, not a boolean" in str(error)
    error = malformed({"type": "attack"}, legal)
    assert error is not None and "needs the field 'target'" in str(error)


def _mutations(action: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
    """Mistyped and padded copies of a legal action: each field's value with its kind
    confused, an extra field, a missing field, lists padded or cut, odd numbers and text."""
    out: list[dict[str, Any]] = [{**action, "extra": 1}, {**action, "type": action["type"] + "\0"}]
    for key, value in action.items():
        if key == "type":
            continue
        out.append({k: v for k, v in action.items() if k != key})
        confused: list[Any] = [str(value), None, [value], {"v": value}, math.nan, 2**70, "a\0b"]
        if isinstance(value, bool):
            confused += [int(value), float(value)]
        elif isinstance(value, int):
            confused += [float(value), value == 1, -value - 1, 2**64 + value]
        elif isinstance(value, float):
            confused += [int(value)]
        elif isinstance(value, list):
            confused += [value + [0], value[:-1], tuple(value),
                         [float(v) if isinstance(v, int) and not isinstance(v, bool) else v
                          for v in value]]
        elif isinstance(value, str):
            confused += [value + " ", value.upper() if value.upper() != value else value + "x"]
        for bad in confused:
            out.append({**action, key: bad})
    rng.shuffle(out)
    return out


@pytest.mark.parametrize("rid", RULESETS)
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), steps=st.integers(0, 120))
def test_mutated_actions_are_refused_and_change_nothing(rid: str, seed: int, steps: int) -> None:
    rs = _ruleset(rid)
    game = Game.new(rs, {}, seed)
    rng = random.Random(seed)
    for _ in range(steps):  # random legal play to a random position
        if game.over:
            break
        seat = game.to_act()[0]
        game.act_trusted(seat, rng.choice(game.legal_actions(seat)))
    if game.over:
        return
    seat = game.to_act()[0]
    legal = game.legal_actions(seat)
    before = orjson.dumps(game.state)
    for action in legal[:6]:
        for bad in _mutations(action, rng):
            if matching_action(bad, legal) is not None:
                continue  # the mutation happens to be another legal action
            if written_variant(type(rs).written_fields, bad, legal) and bad[
                    type(rs).written_fields[bad["type"]]].isprintable():
                continue  # a player may write other text there (checked by the ruleset)
            with pytest.raises(ActionError):
                game.act(seat, bad)
            assert orjson.dumps(game.state) == before, f"{bad!r} changed the state"

