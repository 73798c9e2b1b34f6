"""The turn clock (docs/playing.md and docs/protocol.md, "The turn clock"): off by default; when
a person lets it run out, a bot covers their seat and answers for them, a prompt in the middle
of an effect included, until the person comes back; on several processes only the game's owner
covers, once."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
import toyrules  # noqa: F401 - registers the "toy" ruleset in this process too
from harness import Client, ServerProcess, node

from hauntkit.server.db import Store


def _covered(seat: int) -> Any:
    return lambda m: m["type"] in ("seats", "state") and m["seats"][seat]["covered"]


def test_no_clock_unless_asked(server: ServerProcess) -> None:
    made = server.create(seed=1)
    st = server.state(made["id"], made["seats"][0]["token"])
    assert "clock" not in st
    assert [s["covered"] for s in st["seats"]] == [False, False, False]


@pytest.mark.parametrize("value", [0, -5, 1.5, True, "60", 86_401])
def test_a_bad_clock_is_refused(server: ServerProcess, value: Any) -> None:
    r = httpx.post(server.url + "/api/games", timeout=60, json={
        "ruleset": "toy", "seats": [{"kind": "human"}] * 3, "turn_clock": value})
    assert r.status_code == 422, r.text
    assert "turn_clock" in r.text


def test_a_bot_covers_when_time_runs_out_until_the_person_comes_back(
        server: ServerProcess) -> None:
    made = server.create(seed=2, turn_clock=1)
    gid, token = made["id"], made["seats"][0]["token"]
    away = server.ws(gid, token)  # connected, but nobody at the keyboard
    assert away.last["clock"]["limit"] == 1 and 0 < away.last["clock"]["left"] <= 1
    assert away.last["to_act"] == [0]
    watcher = server.ws(gid)
    watcher.recv_until(_covered(0), timeout=30)
    moved = watcher.state_when(lambda m: m["version"] >= 1, timeout=30)
    assert moved["seats"][0]["bot"] == "normal"  # the bot answered for seat 0
    # the person comes back (opens their link again): the seat is theirs once more
    away.close()
    back = server.ws(gid, token)
    mine = back.last["seats"][0]
    assert mine["bot"] is None and not mine["covered"]
    summary = httpx.get(f"{server.url}/api/games/{gid}", timeout=60).json()
    assert summary["seats"][0]["bot"] is None and not summary["seats"][0]["covered"]


def test_taking_the_seat_back_ends_the_cover(server: ServerProcess) -> None:
    made = server.create(seed=3, turn_clock=1)
    gid = made["id"]
    me = server.ws(gid, made["seats"][0]["token"])
    me.recv_until(_covered(0), timeout=30)
    me.send({"type": "set_bot", "seat": 0, "bot": None, "id": "back"})
    assert me.recv_until(lambda m: m.get("id") == "back")["type"] == "ack"
    seats = server.state(gid)["seats"]
    assert seats[0]["bot"] is None and not seats[0]["covered"]


def test_a_pending_prompt_of_a_disconnected_player_gets_the_bot_s_answer(
        server: ServerProcess) -> None:
    """Betrayal: seat 0 explores, and the new tile's rotation (a choice in the middle of the
    move, RULING B7) waits on them; they leave; when the clock runs out the bot chooses."""
    made = server.create("betrayal", seats=[{"kind": "human"}] * 3, seed=4, turn_clock=2,
                         setup={"room_stack": ["library"], "turn": {"seat": 0}})
    gid, token = made["id"], made["seats"][0]["token"]
    me = server.ws(gid, token)
    explore = next(a for a in me.last["legal_actions"] if a["type"] == "explore")
    me.send({"type": "act", "action": explore, "version": me.last["version"], "id": "x"})
    assert me.recv_until(lambda m: m.get("id") == "x")["type"] == "ack"
    asked = server.state(gid, token)
    if {a["type"] for a in asked["legal_actions"]} != {"rotate"}:
        pytest.fail(f"expected a rotation to choose, got {asked['legal_actions']}")
    me.close()
    watcher = server.ws(gid)
    answered = watcher.state_when(lambda m: m["version"] > asked["version"], timeout=30)
    assert answered["seats"][0]["covered"]
    assert answered["view"]["choice"] is None  # the rotation was chosen


@pytest.mark.postgres
def test_on_two_processes_the_owner_covers_once(cluster_db: tuple[str, str, str]) -> None:
    a, b = node(cluster_db), node(cluster_db)
    try:
        made = a.create(seed=5, turn_clock=1)  # owned by A
        gid = made["id"]
        on_b: Client = b.ws(gid, made["seats"][0]["token"])
        on_b.recv_until(_covered(0), timeout=30)
        on_b.state_when(lambda m: m["version"] >= 1, timeout=30)
        on_b.close()
        back = b.ws(gid, made["seats"][0]["token"])  # comes back through the other process
        assert back.last["seats"][0]["bot"] is None
        store = Store(cluster_db[0], cluster_db[1])
        try:
            versions = [row["version"] for row in store.action_rows(gid)]
        finally:
            store.close()
        assert versions == sorted(set(versions))  # every move played once
        assert a.state(gid)["seats"][0]["bot"] is None
    finally:
        a.kill()
        b.kill()
