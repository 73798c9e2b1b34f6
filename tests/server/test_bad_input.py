"""Forged, malformed, oversized and flooding messages are refused to that client alone, and the
game is untouched (issue 5: rules of the server)."""

from __future__ import annotations

import httpx
from harness import ServerProcess


def _snapshot(server: ServerProcess, gid: str, token: str) -> dict:
    st = server.state(gid, token)
    return {k: st[k] for k in ("version", "view", "legal_actions", "to_act")}


def test_refusals_leave_the_game_untouched(server: ServerProcess) -> None:
    made = server.create(seed=5)
    gid = made["id"]
    t0, t1 = made["seats"][0]["token"], made["seats"][1]["token"]
    before = _snapshot(server, gid, t0)
    other = server.ws(gid, t1)
    c = server.ws(gid, hello=False)
    cases = [
        ({"type": "act", "action": {"type": "rest"}}, "hello_first"),
        ({"type": "hello", "token": "forged-token-xxxxxxxxxxxxxxx"}, "bad_token"),
        ({"type": "hello", "token": t0}, None),
        ({"type": "hello", "token": t1}, "already_joined"),
        ("{not json", "bad_json"),
        ("[1, 2]", "malformed"),
        ({"type": "launch"}, "unknown_type"),
        ({"type": "act", "action": "rest"}, "malformed"),
        ({"type": "act", "action": {"type": "rest"}, "seat": 1}, "malformed"),
        ({"type": "act", "action": {"type": "rest"}, "version": "0"}, "malformed"),
        ({"type": "act", "action": {"type": "fly"}}, "illegal_action"),
        ({"type": "act", "action": {"type": "rest"}, "version": 9}, "stale_version"),
        ({"type": "act", "action": {"type": "rest", "x": "y" * 20000}}, "too_large"),
    ]
    for msg, code in cases:
        c.send(msg)
        got = c.recv()
        if code is None:
            assert got["type"] == "state" and got["you"] == 0
            continue
        assert got["type"] == "error" and got["code"] == code, (msg, got)
        assert got["message"]
    # another seat acting out of turn
    other.send({"type": "act", "action": {"type": "rest"}, "id": 4})
    got = other.recv_until(lambda m: m["type"] == "error")
    assert got == {"type": "error", "code": "not_your_turn", "id": 4,
                   "message": "seat 1 has no decision to make now"}
    # a spectator cannot act
    spec = server.ws(gid)
    spec.send({"type": "act", "action": {"type": "rest"}})
    assert spec.recv()["code"] == "spectator"
    # nobody else heard of any of it, and the game did not move
    assert [m for m in other.received if m["type"] != "seats"] == [other.last, got]
    assert _snapshot(server, gid, t0) == before


def test_flood_is_rate_limited(db: tuple[str, str]) -> None:
    srv = ServerProcess(*db, rate=2.0, burst=5.0).start()
    try:
        made = srv.create(seed=1)
        c = srv.ws(made["id"], made["seats"][1]["token"])
        for _ in range(40):
            c.send({"type": "ping"})
        codes = [c.recv().get("code") for _ in range(40)]
        assert codes.count("rate_limited") >= 30
        assert srv.state(made["id"])["version"] == 0
    finally:
        srv.kill()


def test_http_refuses_wrong_tokens(server: ServerProcess) -> None:
    made = server.create(seed=5)
    gid = made["id"]
    bad = {"Authorization": "Bearer not-a-token"}
    r = httpx.post(f"{server.url}/api/games/{gid}/act", json={"action": {"type": "rest"}},
                   headers=bad, timeout=60)
    assert r.status_code == 403 and r.json()["code"] == "bad_token"
    r = httpx.get(f"{server.url}/api/games/{gid}/state", headers=bad, timeout=60)
    assert r.status_code == 403
    r = httpx.get(f"{server.url}/api/games/{gid}/links", headers=bad, timeout=60)
    assert r.status_code == 403
    r = httpx.post(f"{server.url}/api/games/{gid}/seats/0/bot", json={"bot": None},
                   headers={"Authorization": f"Bearer {made['seats'][1]['token']}"}, timeout=60)
    assert r.status_code == 403 and r.json()["code"] == "forbidden"
    r = httpx.post(f"{server.url}/api/games", content=b"x" * 300_000,
                   headers={"content-type": "application/json"}, timeout=60)
    assert r.status_code == 413
    assert server.state(gid)["version"] == 0


def test_errors_to_malformed_messages_carry_their_id(server: ServerProcess) -> None:
    """docs/protocol.md: the answer to a message carries its ``id``, refusals included, whenever
    the id can be read."""
    made = server.create(seed=5)
    c = server.ws(made["id"], made["seats"][0]["token"])
    cases = [
        ({"type": "act", "action": "rest", "id": 7}, "malformed", 7),
        ({"type": "launch", "id": "x1"}, "unknown_type", "x1"),
        ({"type": "act", "action": {"type": "rest"}, "seat": 1, "id": 8}, "malformed", 8),
        ({"type": "act", "action": {"type": "rest"}, "version": "0", "id": "v"}, "malformed", "v"),
        ({"type": "act", "action": {"type": "rest", "x": "y" * 20000}, "id": 9}, "too_large", 9),
        ({"type": "hello", "token": 5, "id": 10}, "malformed", 10),
        ({"type": "ping", "id": {"nested": 1}}, "malformed", None),
        ("{not json", "bad_json", None),
    ]
    for msg, code, rid in cases:
        c.send(msg)
        got = c.recv()
        assert got["type"] == "error" and got["code"] == code, (msg, got)
        assert got.get("id") == rid, (msg, got)
    assert server.state(made["id"])["version"] == 0


def test_a_mistyped_move_is_refused_and_the_game_goes_on(server: ServerProcess) -> None:
    """A float or a boolean where the engine has an integer, or an unknown field, is refused
    before anything is applied or stored (docs/protocol.md, "act"); the game stays playable,
    also when it is loaded again from the database."""
    made = server.create(ruleset="beast", seed=3, seats=[{"kind": "human"}])
    gid, token = made["id"], made["seats"][0]["token"]
    state = server.state(gid, token)
    step = next(a for a in state["legal_actions"] if a["type"] == "step")
    bad_moves = [{**step, "to": [float(step["to"][0]), step["to"][1]]},
                 {**step, "to": [True, step["to"][1]]} if step["to"][0] == 1 else
                 {**step, "extra": 0},
                 {**step, "seet": 0}]
    headers = {"Authorization": f"Bearer {token}"}
    for bad in bad_moves:
        r = httpx.post(f"{server.url}/api/games/{gid}/act", json={"action": bad},
                       headers=headers, timeout=60)
        assert r.status_code == 409, (bad, r.text)
        assert r.json()["code"] == "malformed_action", r.text
    assert server.state(gid, token)["version"] == state["version"]
    r = httpx.post(f"{server.url}/api/games/{gid}/act", json={"action": step},
                   headers=headers, timeout=60)
    assert r.status_code == 200, r.text
    assert server.state(gid, token)["version"] == state["version"] + 1


def test_odd_values_get_a_4xx_naming_the_field(server: ServerProcess) -> None:
    """Whole numbers past 64 bits in a game's options, a NUL character in a title or an id,
    and a boolean for the seed are each refused with a 4xx that names the field, on SQLite and
    PostgreSQL alike (never a server error)."""
    def create(**body: object) -> httpx.Response:
        body.setdefault("seats", [{"kind": "human"}] * 3)
        return httpx.post(server.url + "/api/games", json=body, timeout=60)

    for ruleset, key in [("betrayal", "max_turns"), ("legacy", "max_turns"),
                         ("legacy", "haunt_after_omens"), ("beast", "max_rounds")]:
        seats = [{"kind": "human"}] * (1 if ruleset == "beast" else 3)
        r = create(ruleset=ruleset, seats=seats, config={key: 2**70})
        assert r.status_code == 422, (ruleset, key, r.text)
        assert r.json()["field"] == f"config.{key}"
        assert "at most 1,000,000,000" in r.json()["message"]
    r = create(ruleset="betrayal", title="a\x00b")
    assert r.status_code == 422 and r.json()["message"] == \
        "title: must not contain a NUL character"
    r = create(ruleset="betrayal", seed=True)
    assert r.status_code == 422 and r.json()["field"] == "seed"
    for path in ("/api/games/a%00b", "/api/games/a%00b/state", "/api/campaigns/a%00b"):
        r = httpx.get(server.url + path, timeout=60)
        assert r.status_code == 404, (path, r.text)


def test_a_socket_to_no_game_that_leaves_at_once_logs_no_traceback(db: tuple[str, str]) -> None:
    from websockets.sync.client import connect

    srv = ServerProcess(*db).start()
    try:
        for _ in range(3):
            connect(f"ws://127.0.0.1:{srv.port}/ws/nosuchgame", open_timeout=30,
                    legacy=True).close()
        with connect(f"ws://127.0.0.1:{srv.port}/ws/nosuchgame", open_timeout=30,
                     legacy=True) as c:
            assert '"code":"no_game"' in c.recv(timeout=30)
        assert httpx.get(srv.url + "/api/games", timeout=30).status_code == 200
    finally:
        srv.kill()
    assert srv.proc is not None and srv.proc.stderr is not None
    assert "Traceback" not in srv.proc.stderr.read().decode()


def test_the_openapi_schema_lists_the_error_answers(server: ServerProcess) -> None:
    """Every route documents its refusals with the one error shape (docs/protocol.md)."""
    spec = httpx.get(server.url + "/openapi.json", timeout=30).json()
    assert spec["components"]["schemas"]["ErrorBody"]["properties"]["code"]
    for path, methods in spec["paths"].items():
        for method, operation in methods.items():
            codes = set(operation["responses"])
            assert {"403", "404", "409", "422", "429"} <= codes, (path, method, codes)
            ref = operation["responses"]["422"]["content"]["application/json"]["schema"]
            assert ref["$ref"].endswith("/ErrorBody"), (path, method)
