"""The host chooses an ISMCTS seat's search budget (issue 12: "The lobby cannot set an ISMCTS
seat's iterations (server uses 1,000): let the host choose (bounded, validated)")."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest
from harness import ServerProcess

from hauntkit.bots import IsmctsBot, bot_rng
from hauntkit.core.game import Game
from hauntkit.core.ruleset import get_ruleset


def _post(server: ServerProcess, seats: list[dict[str, Any]]) -> httpx.Response:
    return httpx.post(f"{server.url}/api/games", timeout=60, json={
        "ruleset": "betrayal", "seats": seats, "seed": 5, "bot_delay": 0})


def _save_when(server: ServerProcess, made: dict[str, Any], moves: int | None
               ) -> dict[str, Any]:
    """The host's save once ``moves`` actions are played (None: once the game is over)."""
    deadline = time.monotonic() + 300
    while True:
        over = httpx.get(f"{server.url}/api/games/{made['id']}", timeout=30).json()[
            "status"] == "finished"
        save = httpx.get(f"{server.url}/api/games/{made['id']}/save", timeout=30,
                         headers={"Authorization": f"Bearer {made['host_token']}"}).json()
        if (len(save["history"]) >= moves) if moves else over:
            return save
        assert time.monotonic() < deadline, f"the bots played {len(save['history'])} moves"
        time.sleep(0.2)


def test_info_names_the_bounds(server: ServerProcess) -> None:
    info = httpx.get(f"{server.url}/api/info", timeout=120).json()
    assert info["bot_options"] == {"ismcts": {"iterations": {"min": 10, "max": 3000,
                                                             "default": 1000}}}


@pytest.mark.parametrize("value", [0, 9, 3001, 10**9, "many", 12.5, [100], None])
def test_iterations_out_of_bounds_are_refused_naming_the_field(server: ServerProcess,
                                                              value: Any) -> None:
    seats = [{"kind": "human"}, {"kind": "human"},
             {"kind": "bot", "bot": "ismcts", "iterations": value}]
    r = _post(server, seats)
    if value is None:  # leaving it out (or null) is the server default
        assert r.status_code == 200, r.text
        return
    assert r.status_code == 422, r.text
    assert r.json()["field"] == "seats.2.iterations", r.text
    assert str(value) not in r.json()["message"] or value in (0, 9)  # never the value echoed


@pytest.mark.parametrize("seat", [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"},
                                  {"kind": "bot"}])
def test_only_a_searching_bot_takes_iterations(server: ServerProcess,
                                               seat: dict[str, Any]) -> None:
    r = _post(server, [{"kind": "human"}, {"kind": "human"}, {**seat, "iterations": 100}])
    assert r.status_code == 422, r.text
    assert r.json()["field"] == "seats.2.iterations"
    assert "only a bot that searches" in r.json()["message"]


def test_an_ismcts_seat_searches_with_the_chosen_budget(server: ServerProcess) -> None:
    """Every move of the seats is the one ``IsmctsBot(iterations=10)`` picks from that seat's
    view with the server's seeding rule (docs/bots.md); with the default 1,000 iterations the
    search would choose otherwise."""
    r = _post(server, [{"kind": "bot", "bot": "ismcts", "iterations": 10}] * 3)
    assert r.status_code == 200, r.text
    made = r.json()
    assert [s["iterations"] for s in made["seats"]] == [10, 10, 10]
    rs = get_ruleset("betrayal")
    # the first 30 moves first (a server searching 1,000 iterations a move is told apart early),
    # then the whole game
    for enough in (30, None):
        save = _save_when(server, made, enough)
        bot = IsmctsBot(iterations=10).bind(rs)
        game = Game.new(rs, save["config"], save["seed"])
        searched = 0
        for seat, action in save["history"]:
            legal = game.legal_actions(seat)
            rng = bot_rng(save["seed"], seat, game.state["version"])
            assert bot.choose(game.view(seat), legal, rng) == action, game.state["version"]
            searched += bot.last_iterations == 10
            game.act(seat, action)
        assert searched > 5
    assert game.result() is not None

    rematch = httpx.post(f"{server.url}/api/games/{made['id']}/rematch", timeout=30,
                         headers={"Authorization": f"Bearer {made['host_token']}"}).json()
    assert [s["iterations"] for s in rematch["seats"]] == [10, 10, 10]
