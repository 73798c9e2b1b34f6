"""Players meet bots by strength (docs/bots.md, "Strengths"; docs/protocol.md, ``GET
/api/info``): the server lists Easy, Normal and Hard with their words, still takes the research
bots' names from scripts, shows every bot seat by its title, and plays a strength's seat move
for move as ``hauntkit simulate`` does with the same seed."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest
from harness import ServerProcess

from hauntkit.bots import get_bot
from hauntkit.core.ruleset import get_ruleset
from hauntkit.sim.runner import play_game

SEATS = ["easy", "normal", "hard"]  # seat -> bot in the replayed games
MOVES = 30


def _info(server: ServerProcess) -> dict[str, Any]:
    # the first /api/info builds every ruleset's catalogue: slow on a loaded machine
    r = httpx.get(f"{server.url}/api/info", timeout=120)
    assert r.status_code == 200, r.text
    return r.json()


def test_info_lists_the_strengths_with_their_words(server: ServerProcess) -> None:
    info = _info(server)
    assert [(s["name"], s["title"]) for s in info["strengths"]] == [
        ("easy", "Easy"), ("normal", "Normal"), ("hard", "Hard")]
    assert all(len(s["description"]) > 20 for s in info["strengths"])
    assert info["default_strength"] == "normal"
    # scripts may still name the research bots
    assert {"random", "default", "heuristic", "ismcts", *SEATS} <= set(info["bots"])


def test_seats_are_shown_by_their_bots_titles(server: ServerProcess) -> None:
    made = server.create(ruleset="betrayal", seats=[
        {"kind": "human"}, {"kind": "bot", "bot": "hard"},
        {"kind": "bot", "bot": "ismcts", "iterations": 20}, {"kind": "bot"}])
    assert [s["bot_title"] for s in made["seats"]] == [None, "Hard", "Search", "Normal"]
    summary = httpx.get(f"{server.url}/api/games/{made['id']}", timeout=30).json()
    assert [s["bot"] for s in summary["seats"]] == [None, "hard", "ismcts", "normal"]
    assert [s["bot_title"] for s in summary["seats"]] == [None, "Hard", "Search", "Normal"]


def test_an_unknown_bot_is_refused_naming_the_strengths(server: ServerProcess) -> None:
    r = httpx.post(f"{server.url}/api/games", timeout=60, json={
        "ruleset": "betrayal", "seats": [{"kind": "human"}] * 2 + [{"kind": "bot",
                                                                     "bot": "grandmaster"}]})
    assert r.status_code == 422, r.text
    assert "easy" in r.json()["message"] and "hard" in r.json()["message"]


def _server_moves(server: ServerProcess, ruleset: str, seed: int) -> list[list[Any]]:
    made = server.create(ruleset=ruleset, seats=[{"kind": "bot", "bot": b} for b in SEATS],
                         seed=seed, bot_delay=0.0)
    deadline = time.monotonic() + 240
    while True:
        save = httpx.get(f"{server.url}/api/games/{made['id']}/save", timeout=30,
                         headers={"Authorization": f"Bearer {made['host_token']}"}).json()
        over = httpx.get(f"{server.url}/api/games/{made['id']}", timeout=30).json()[
            "status"] == "finished"
        if len(save["history"]) >= MOVES or over:
            return [list(move) for move in save["history"][:MOVES]]
        assert time.monotonic() < deadline, f"the bots played {len(save['history'])} moves"
        time.sleep(0.3)


@pytest.mark.parametrize("ruleset", ["betrayal", "legacy", "beast"])
def test_the_server_plays_the_strengths_as_simulate_does(server: ServerProcess,
                                                         ruleset: str) -> None:
    seed = 21
    played = _server_moves(server, ruleset, seed)
    rs = get_ruleset(ruleset)
    moves: list[list[Any]] = []
    play_game(rs, {"players": len(SEATS)}, seed,
              {seat: get_bot(name, rs) for seat, name in enumerate(SEATS)},
              max_actions=len(played),
              on_action=lambda _g, seat, action: moves.append([seat, action]))
    assert len(played) >= 10
    assert moves == played
