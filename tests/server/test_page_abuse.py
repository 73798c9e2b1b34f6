"""Issue 12, "Abuse and bad input", as an attacker tries it on every ruleset: config values
through the ruleset's Config model (a 422 naming the field), error answers that never carry
the request back, and websocket refusals that keep the message's ``id``."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from harness import ServerProcess

MARK = "ECHO-MARKER-zq"
SEATS = {"betrayal": 3, "legacy": 3, "beast": 1}
TURNS = {"betrayal": "max_turns", "legacy": "max_turns", "beast": "max_rounds"}
NAMED = {"betrayal": "haunt", "legacy": "haunt", "beast": "map"}  # ids only the content knows


def _post(server: ServerProcess, ruleset: str, config: Any) -> httpx.Response:
    body = {"ruleset": ruleset, "seats": [{}] * SEATS[ruleset], "config": config}
    return httpx.post(f"{server.url}/api/games", content=json.dumps(body),  # NaN allowed
                      headers={"content-type": "application/json"}, timeout=60)


@pytest.mark.parametrize("ruleset", sorted(SEATS))
@pytest.mark.parametrize("value", [f"{MARK}-9", [9], float("nan"), float("inf"), 2.5, True, 0,
                                   -4, {"n": MARK}])
def test_a_bad_turn_limit_is_a_422_naming_it(server: ServerProcess, ruleset: str,
                                             value: Any) -> None:
    """Source: issue 12 ("a wrong type, NaN or a list where a number belongs gets a 422 with
    the field named, never a 500. Non-positive max_turns is refused")."""
    r = _post(server, ruleset, {TURNS[ruleset]: value})
    assert r.status_code == 422, r.text
    assert r.json()["field"] == f"config.{TURNS[ruleset]}", r.text
    assert r.json()["code"] == "bad_config"
    assert MARK not in r.text


@pytest.mark.parametrize("ruleset", sorted(SEATS))
def test_error_answers_carry_no_config_back(server: ServerProcess, ruleset: str) -> None:
    """docs/protocol.md: "The value sent is never echoed back", nor a key of any length."""
    long_key = "K" * 100_000
    r = _post(server, ruleset, {long_key: 1})
    assert r.status_code == 422 and len(r.content) < 2000, len(r.content)
    assert r.json()["field"].startswith("config.K") and "K" * 100 not in r.text
    r = _post(server, ruleset, {NAMED[ruleset]: MARK})
    assert r.status_code == 422, r.text
    assert r.json()["field"] == f"config.{NAMED[ruleset]}" and MARK not in r.text
    r = _post(server, ruleset, {NAMED[ruleset]: MARK * 10_000})
    assert r.status_code == 422 and MARK not in r.text and len(r.content) < 2000


def test_a_body_that_is_not_json_is_named_as_the_body(server: ServerProcess) -> None:
    r = httpx.post(f"{server.url}/api/games", content=b'{"ruleset": "' + MARK.encode(),
                   headers={"content-type": "application/json"}, timeout=30)
    assert r.status_code == 422 and r.json()["field"] == "body", r.text
    assert r.json()["message"].startswith("body: not valid JSON") and MARK not in r.text


def test_a_message_that_is_not_json_keeps_its_readable_id(server: ServerProcess) -> None:
    """docs/protocol.md: an error answer carries the message's ``id`` whenever one can be
    read, here from messages with a NaN, an infinity or cut short after the id."""
    made = server.create(seed=5)
    c = server.ws(made["id"], made["seats"][0]["token"])
    cases = [
        ('{"type": "act", "id": 31, "action": {"type": "rest", "x": NaN}}', 31),
        ('{"id": "n-2", "type": "act", "action": {"type": "rest"}, "version": 1e400}', "n-2"),
        ('{"type": "act", "id": 33, "action": {"type": "re', 33),
        ('{"action": {"id": 34}, "x": NaN}', None),  # an id inside is not the message's
        ('{"id": true, "x": NaN}', None),
        ("not json", None),
    ]
    for text, rid in cases:
        c.send(text)
        got = c.recv()
        assert got["type"] == "error" and got["code"] == "bad_json", (text, got)
        assert got.get("id") == rid, (text, got)
    assert server.state(made["id"])["version"] == 0


@pytest.mark.parametrize(("path", "body"), [
    ("/api/campaigns", {"ruleset": "legacy", "seats": [{}] * 3,
                        "config": {"families": [MARK]}}),
    ("/api/campaigns", {"ruleset": "beast", "seats": [{}], "config": {"hunt": MARK}}),
    ("/api/campaigns", {"ruleset": MARK[:30], "seats": [{}] * 3}),
    ("/api/campaigns", {"ruleset": "legacy", "seats": [{"kind": "bot", "bot": MARK}] * 3}),
    ("/api/games", {"ruleset": MARK[:30], "seats": [{}] * 3}),
    ("/api/games", {"ruleset": "betrayal", "seats": [{"kind": "bot", "bot": MARK}] * 3}),
])
def test_campaign_and_game_refusals_carry_nothing_back(server: ServerProcess, path: str,
                                                       body: dict[str, Any]) -> None:
    """A value only the content or the registry can judge (a family, a hunt, a ruleset, a bot)
    is refused without being quoted back (an unknown config key is named, cut at 40 chars)."""
    r = httpx.post(server.url + path, json=body, timeout=60)
    assert 400 <= r.status_code < 500, r.text
    assert r.json()["type"] == "error" and MARK[:12] not in r.json()["message"], r.text
