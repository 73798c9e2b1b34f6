"""The per-layout caches of the house (exits, open sides, reachable tiles; issue 13) never
change what the rules answer: after random legal play, and after undo, clone and a JSON round
trip, the cached answers equal a from-scratch computation, and the legal actions (same list,
same order: random play picks by index) equal those of a copy computed with empty caches."""

from __future__ import annotations

import random
from typing import Any

import orjson
from betrayal_helpers import ruleset
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hauntkit.core.game import Game
from hauntkit.rulesets.betrayal import house


def _uncached_legal(g: Game, seat: int) -> list[dict[str, Any]]:
    """The legal actions of a JSON copy of the state, every house cache emptied first."""
    house._EXITS.clear()
    house._OPEN.clear()
    house._REACH.clear()
    return g.ruleset.legal_actions(orjson.loads(orjson.dumps(g.state)), seat)


def _reach(ix: Any, s: dict[str, Any], room: str) -> set[str]:
    """Where monsters can go from ``room``, searched with uncached exits."""
    seen = {room}
    todo = [room]
    while todo:
        for nxt, _ in house._exits(ix, s, todo.pop(), True):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def _check_house(g: Game) -> None:
    ix, s = g.ruleset.ix, g.state
    for room in s["tiles"]:
        for monster in (False, True):
            assert house.exits(ix, s, room, monster) == house._exits(ix, s, room, monster), room
        assert house.open_sides(ix, s, room) == house._open_sides(ix, s, room), room
        table = house.exits_table(ix, s, True)
        assert house.reach_in(ix, s, table, room, True) == _reach(ix, s, room), room


def _check_legal(g: Game) -> None:
    for seat in g.to_act():
        cached = g.ruleset.legal_actions(g.state, seat)
        assert cached == _uncached_legal(g, seat)
        assert g.clone().legal_actions(seat) == cached


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 6),
       check_every=st.integers(1, 9))
def test_cached_house_answers_equal_a_fresh_computation(seed: int, players: int,
                                                        check_every: int) -> None:
    g = Game.new(ruleset(), {"players": players}, seed).track_undo()
    r = random.Random(seed)
    step = 0
    while not g.over and step < 1500:
        seat = g.to_act()[0]
        legal = g.legal_actions(seat)
        g.act_trusted(seat, r.choice(legal))
        step += 1
        if step % check_every == 0:
            _check_house(g)
            _check_legal(g)
        if step % 7 == 0 and not g.over:  # take an action back: the same legal actions again
            seat = g.to_act()[0]
            before = g.legal_actions(seat)
            g.act_trusted(seat, r.choice(before))
            g.undo()
            assert g.legal_actions(seat) == before
            _check_house(g)


def test_a_moved_tile_is_not_answered_from_the_cache() -> None:
    """A scenario set-up may turn a placed tile (the layout keeps its tile count): open sides
    and exits follow the new rotation (setup.apply_setup forgets the layout)."""
    rs = ruleset()
    g = Game.new(rs, {"players": 3}, 1)
    ix, s = rs.ix, g.state
    room = "entrance_hall"
    f, x, y, rot = s["tiles"][room]
    seen = {}
    for turn in range(4):
        r = (rot + turn) % 4
        rs.apply_setup(s, {"tiles": [{"room": room, "floor": f, "x": x, "y": y,
                                      "rotation": r}]})
        g.state_changed()
        assert house.open_sides(ix, s, room) == house._open_sides(ix, s, room)
        assert house.exits(ix, s, room) == house._exits(ix, s, room, False)
        seen[r] = list(house.open_sides(ix, s, room))
    assert len({tuple(v) for v in seen.values()}) > 1, "the rotations differ in open sides"
