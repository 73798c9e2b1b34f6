"""The core contract (docs/architecture.md), checked on the test-only dice race."""

from __future__ import annotations

import orjson
import pytest
from minirace import Race

from hauntkit.core import (
    Game,
    GameOverError,
    IllegalActionError,
    MalformedActionError,
    NotYourTurnError,
    UnknownIdError,
)
from hauntkit.core.errors import ScriptedDiceError
from hauntkit.core.game import copy_state
from hauntkit.core.log import visible_log


def new_game(seed: int = 7, players: int = 3, **config: object) -> Game:
    return Game.new(Race(), {"players": players, **config}, seed)


def snapshot(game: Game) -> bytes:
    return orjson.dumps(game.state)


def play_first(game: Game, n: int) -> None:
    """Apply the first legal action ``n`` times (a deterministic, varied line)."""
    for i in range(n):
        if game.over:
            return
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        game.act(seat, legal[i % len(legal)])


@pytest.mark.parametrize(
    ("seat", "action", "error"),
    [
        (1, {"type": "roll"}, NotYourTurnError),
        (0, {"kind": "roll"}, MalformedActionError),
        (0, "roll", MalformedActionError),
        (0, {"type": 3}, MalformedActionError),
        ("0", {"type": "roll"}, MalformedActionError),
        (True, {"type": "roll"}, MalformedActionError),
        (0, {"type": "advance"}, IllegalActionError),
        (0, {"type": "fly"}, IllegalActionError),
    ],
)
def test_refusals_leave_state_byte_identical(seat, action, error):
    game = new_game()
    before = snapshot(game)
    with pytest.raises(error) as info:
        game.act(seat, action)
    assert str(info.value)  # every refusal says why
    assert snapshot(game) == before


def test_unknown_id_is_refused_with_its_own_error():
    game = new_game()
    game.state["rng"]["script"] = [3]
    game.act(0, {"type": "roll"})
    before = snapshot(game)
    with pytest.raises(UnknownIdError, match="no seat 9"):
        game.act(0, {"type": "bump", "target": 9})
    assert snapshot(game) == before
    assert UnknownIdError("x").to_dict()["code"] == "unknown_id"


def test_game_over_refuses_everything():
    game = new_game(players=2, length=3)
    game.state["rng"]["script"] = [5]
    game.act(0, {"type": "roll"})
    game.act(0, {"type": "advance"})
    assert game.result() == {"winner": "0", "reason": "reached the end"}
    assert game.to_act() == []
    before = snapshot(game)
    with pytest.raises(GameOverError):
        game.act(1, {"type": "roll"})
    assert snapshot(game) == before


def test_pending_choice_is_an_action_and_round_trips_through_json():
    game = new_game()
    game.state["rng"]["script"] = [4]
    game.act(0, {"type": "roll"})
    assert game.to_act() == [0]
    assert {"type": "advance"} in game.legal_actions(0)
    assert {"type": "bump", "target": 2} in game.legal_actions(0)
    assert orjson.loads(orjson.dumps(game.state)) == game.state
    game.act(0, {"type": "bump", "target": 2})
    assert game.to_act() == [1]


def test_same_seed_and_actions_give_identical_state_and_log():
    a, b = new_game(seed=11), new_game(seed=11)
    play_first(a, 60)
    play_first(b, 60)
    assert snapshot(a) == snapshot(b)
    c = new_game(seed=12)
    play_first(c, 60)
    assert c.state["deck"] != a.state["deck"] or c.state["log"] != a.state["log"]


def test_clone_is_independent():
    game = new_game()
    play_first(game, 7)
    before = snapshot(game)
    twin = game.clone()
    assert twin.state == game.state
    play_first(twin, 25)
    twin.state["pos"][0] = 99
    twin.state["hands"][0].append("extra")
    assert snapshot(game) == before
    # and the other way round
    twin2 = game.clone()
    frozen = snapshot(twin2)
    play_first(game, 25)
    assert snapshot(twin2) == frozen


def test_copy_state_is_a_deep_copy_sharing_only_log_entries():
    game = new_game()
    play_first(game, 9)
    copy = copy_state(game.state)
    assert copy == game.state
    assert copy["pos"] is not game.state["pos"]
    assert copy["rng"] is not game.state["rng"]
    assert copy["log"] is not game.state["log"]
    copy["log"].append({"type": "x", "text": "x"})
    assert len(copy["log"]) == len(game.state["log"]) + 1


def test_save_load_round_trip_and_replay():
    game = new_game(seed=5)
    play_first(game, 40)
    data = orjson.loads(game.to_json())
    loaded = Game.load(data, Race())
    assert snapshot(loaded) == snapshot(game)
    replayed = Game.replay(data, Race())
    assert snapshot(replayed) == snapshot(game)
    # --to N: the first N actions only, identical to playing them
    partial = Game.replay(data, Race(), to=10)
    fresh = new_game(seed=5)
    play_first(fresh, 10)
    assert snapshot(partial) == snapshot(fresh)
    # both continue identically
    play_first(loaded, 20)
    play_first(game, 20)
    assert snapshot(loaded) == snapshot(game)


def test_history_and_version_record_accepted_actions_only():
    game = new_game()
    with pytest.raises(NotYourTurnError):
        game.act(2, {"type": "roll"})
    game.act(0, {"type": "pass"})
    assert game.state["history"] == [[0, {"type": "pass"}]]
    assert game.state["version"] == 1


def test_scripted_dice_are_consumed_first_in_order():
    game = new_game()
    game.state["rng"]["script"] = [2, 5]
    game.act(0, {"type": "roll"})
    assert game.state["pending"] == {"die": 2}
    game.act(0, {"type": "advance"})
    game.act(1, {"type": "roll"})
    assert game.state["pending"] == {"die": 5}
    assert game.state["rng"]["script"] == []


def test_scripted_die_must_be_a_face():
    game = new_game()
    game.state["rng"]["script"] = [0]
    with pytest.raises(ScriptedDiceError, match="not a face"):
        game.act(0, {"type": "roll"})


def test_visible_log_filters_private_events():
    game = new_game()
    game.state["rng"]["script"] = [6]
    game.act(0, {"type": "roll"})
    draws = [e for e in game.state["log"] if e["type"] == "draw"]
    assert draws and draws[0]["to"] == [0]
    assert any(e["type"] == "draw" for e in visible_log(game.state["log"], 0))
    assert not any(e["type"] == "draw" for e in visible_log(game.state["log"], 1))
    assert not any(e["type"] == "draw" for e in visible_log(game.state["log"], None))
    assert all("draw" != e["type"] for e in game.view(1)["log"])
    assert "deck" not in game.view(1) and game.view(1)["deck_size"] == 9


def test_legal_actions_cache_follows_the_version():
    game = new_game()
    first = game.legal_actions(0)
    assert game.legal_actions(0) is first
    game.act(0, {"type": "roll"})
    assert {"type": "advance"} in game.legal_actions(0)


@pytest.mark.parametrize("order", [["a", "log", "history"], ["log", "a", "history"],
                                   ["history", "a", "log"], ["a", "log"], ["a"]])
def test_copy_state_keeps_key_order_whatever_the_layout(order):
    values = {"a": {"x": [1, {"y": "z"}]}, "log": [{"type": "t", "text": "t"}],
              "history": [[0, {"type": "roll"}]]}
    state = {k: values[k] for k in order}
    copy = copy_state(state)
    assert list(copy) == order and copy == state
    assert orjson.dumps(copy) == orjson.dumps(state)
    assert copy["a"]["x"][1] is not state["a"]["x"][1]
    if "log" in state:
        assert copy["log"] is not state["log"] and copy["log"][0] is state["log"][0]


def test_new_games_keep_the_append_only_lists_last():
    assert list(new_game().state)[-2:] == ["log", "history"]
