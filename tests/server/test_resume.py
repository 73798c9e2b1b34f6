"""A downloaded save can be resumed (docs/protocol.md, "POST /api/games/resume"): the game
goes on from the same position with the same seats and new links. A damaged or changed save
is refused with a reason, and nothing else changes."""

from __future__ import annotations

import copy
from typing import Any

import httpx
from harness import ServerProcess


def _played(server: ServerProcess, moves: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """A betrayal game with ``moves`` moves made, and its host's save."""
    made = server.create(ruleset="betrayal", seed=21, seats=[{"kind": "human"}] * 3)
    gid = made["id"]
    for _ in range(moves):
        seat = server.state(gid)["to_act"][0]
        token = made["seats"][seat]["token"]
        legal = server.state(gid, token)["legal_actions"]
        r = httpx.post(f"{server.url}/api/games/{gid}/act", json={"action": legal[-1]},
                       headers={"Authorization": f"Bearer {token}"}, timeout=60)
        assert r.status_code == 200, r.text
    save = httpx.get(f"{server.url}/api/games/{gid}/save", timeout=60,
                     headers={"Authorization": f"Bearer {made['host_token']}"}).json()
    return made, save


def _resume(server: ServerProcess, save: Any, **extra: Any) -> httpx.Response:
    return httpx.post(f"{server.url}/api/games/resume", json={"save": save, **extra},
                      timeout=60)


def test_a_save_goes_on_where_it_was(server: ServerProcess) -> None:
    made, save = _played(server, 6)
    r = _resume(server, save, title="Friday, part two",
                seats=[{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"},
                       {"kind": "bot", "bot": "random"}])
    assert r.status_code == 200, r.text
    resumed = r.json()
    assert resumed["id"] != made["id"]
    assert resumed["seats"][0]["token"] != made["seats"][0]["token"]  # new links
    old = server.state(made["id"], made["seats"][0]["token"])
    new = server.state(resumed["id"], resumed["seats"][0]["token"])
    assert new["version"] == old["version"] == 6
    assert new["view"] == old["view"]
    assert new["legal_actions"] == old["legal_actions"]
    assert [s["name"] for s in new["seats"]] == ["Ann", "Bo", "Seat 3"]
    assert new["game"]["title"] == "Friday, part two"


def test_damaged_or_changed_saves_are_refused_and_nothing_changes(
        server: ServerProcess) -> None:
    _made, save = _played(server, 4)
    before = len(httpx.get(f"{server.url}/api/games", timeout=60).json()["games"])
    changed_state = copy.deepcopy(save)
    changed_state["state"]["turns"] = changed_state["state"]["turns"] + 5
    forged_move = copy.deepcopy(save)
    forged_move["history"][1][1] = {"type": "move", "to": "vault"}
    cases = [
        (changed_state, "the save has been changed"),
        (forged_move, "move 2 (seat"),
        ({**save, "seed": "x"}, "seed"),
        ({**save, "ruleset": "nope"}, "ruleset"),
        ({**save, "history": 5}, "history"),
        ({**save, "dev": True}, "cannot be resumed"),
        ([1, 2], "save"),
        ({**save, "format": 9}, "not a hauntkit save"),
    ]
    for bad, why in cases:
        r = _resume(server, bad)
        assert r.status_code == 422, (why, r.text)
        body = r.json()
        assert body["code"] in ("bad_save", "invalid_request") and why in body["message"], body
    assert len(httpx.get(f"{server.url}/api/games", timeout=60).json()["games"]) == before


def test_a_finished_game_is_not_resumed(server: ServerProcess) -> None:
    made = server.create(ruleset="beast", seed=2, seats=[{"kind": "bot", "bot": "random"}],
                         bot_delay=0.0)
    spec = server.ws(made["id"])
    spec.state_when(lambda m: m["result"] is not None, timeout=120)
    save = httpx.get(f"{server.url}/api/games/{made['id']}/save", timeout=60,
                     headers={"Authorization": f"Bearer {made['host_token']}"}).json()
    r = _resume(server, save)
    assert r.status_code == 422 and "over" in r.json()["message"]
