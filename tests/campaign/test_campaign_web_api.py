"""The HTTP side of the browser's campaign flow (docs/protocol.md "Campaigns"): the lobby's
listing of campaign rulesets and their options, the campaign config checked on creation, the
campaign seat links (a friend opens their seat of each game), the host's links of the game in
progress again, the ruleset's summary of the carried data, and every bad request refused with
a reason."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import toycampaign  # noqa: F401 - registers "toyleague" here too
from harness import ServerProcess

from hauntkit.core import get_ruleset
from hauntkit.core.campaign_view import check_summary
from hauntkit.server.campaigns import Campaigns
from hauntkit.server.db import Store

SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"},
         {"kind": "bot", "bot": "random"}]


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db: Path = tmp_path_factory.mktemp("camweb") / "c.db"
    server = ServerProcess(f"sqlite:///{db}", "").start()
    server.db = f"sqlite:///{db}"  # type: ignore[attr-defined]
    yield server
    server.kill()


def _auth(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


def _post(srv: ServerProcess, path: str, token: str | None = None, **body: object
          ) -> httpx.Response:
    return httpx.post(srv.url + path, json=body or None, headers=_auth(token), timeout=60)


def _get(srv: ServerProcess, path: str, token: str | None = None) -> httpx.Response:
    return httpx.get(srv.url + path, headers=_auth(token), timeout=60)


def test_info_lists_campaign_rulesets_and_their_campaign_options(srv: ServerProcess) -> None:
    rulesets = {r["id"]: r for r in _get(srv, "/api/info").json()["rulesets"]}
    league, toy = rulesets["toyleague"], rulesets["toy"]
    assert league["campaigns"] is True and league["campaign_noun"] == "game"
    assert {o["key"] for o in league["campaign_options"]} >= {"games", "to_win"}
    # a list marked per_seat is asked on each seat's row, with its items' choices
    (lanterns,) = [o for o in league["campaign_options"] if o["key"] == "lanterns"]
    assert lanterns["type"] == "per_seat"
    assert lanterns["choices"] == ["red", "gold", "blue", "green"]
    assert toy["campaigns"] is False and "campaign_options" not in toy


@pytest.mark.parametrize(("body", "status", "code", "field"), [
    ({"config": {"gamez": 2}}, 422, "bad_config", "config.gamez"),
    ({"config": {"games": "two"}}, 422, "bad_config", "config.games"),
    ({"config": {"players": 9}}, 422, "bad_config", "players"),
    ({"config": {"lanterns": ["red", "pink", "blue"]}}, 422, "bad_config", "config.lanterns.1"),
    ({"seats": [{"kind": "human"}]}, 400, "bad_seats", "seats"),
    ({"seats": [{"kind": "bot", "bot": "nobody"}] * 3}, 400, "unknown_bot", "seats"),
    ({"ruleset": "toy"}, 400, "no_campaigns", "ruleset"),
    ({"ruleset": "nosuch"}, 400, "unknown_ruleset", "ruleset"),
    ({"seats": "three"}, 422, "invalid_request", "seats"),
])
def test_bad_new_campaigns_are_refused_with_the_field(srv: ServerProcess, body: dict,
                                                      status: int, code: str, field: str) -> None:
    before = len(_get(srv, "/api/campaigns").json()["campaigns"])
    r = _post(srv, "/api/campaigns", **{"ruleset": "toyleague", "seats": SEATS, **body})
    assert r.status_code == status, r.text
    assert r.json()["code"] == code and r.json()["field"] == field
    assert r.json()["message"]
    assert len(_get(srv, "/api/campaigns").json()["campaigns"]) == before  # nothing stored


def test_friend_opens_their_seat_and_host_gets_the_links_again(srv: ServerProcess) -> None:
    made = _post(srv, "/api/campaigns", ruleset="toyleague", seats=SEATS, seed=8,
                 title="Friends", config={"games": 2}).json()
    camp, host = made["campaign"], made["host_token"]
    cid = camp["id"]
    assert not {"host_token_hash", "seat_token_hashes"} & set(camp)
    assert made["host_url"].endswith(f"/campaign/{cid}#host={host}")
    ann, bo, bot = made["seats"]
    assert bot["token"] is None and bot["url"] is None  # a bot seat has no link
    assert bo["url"].endswith(f"/campaign/{cid}#seat={bo['token']}")
    assert len({host, ann["token"], bo["token"]}) == 3

    shown = _get(srv, f"/api/campaigns/{cid}").json()
    assert shown["noun"] == "game" and shown["next_settings"] == [{"label": "round", "value": 1}]
    assert "next_config" not in shown  # the whole config is the host's (it may hold secrets)
    assert shown["next_title"] == "Game 1"
    assert check_summary(shown["summary"]) == []
    assert not {"host_token_hash", "seat_token_hashes"} & set(shown)

    # between games a friend's seat has nothing to open; a forged or missing token is refused
    waiting = _get(srv, f"/api/campaigns/{cid}/seat", bo["token"])
    assert waiting.status_code == 409 and waiting.json()["code"] == "no_game_in_progress"
    for bad in (None, "forged", host + "x"):
        r = _get(srv, f"/api/campaigns/{cid}/seat", bad)
        assert r.status_code == 403 and "seat token" in r.json()["message"]
    # a seat's token is not the host's
    r = _post(srv, f"/api/campaigns/{cid}/next", bo["token"])
    assert r.status_code == 403 and "host token" in r.json()["message"]

    first = _post(srv, f"/api/campaigns/{cid}/next", host).json()
    gid = first["game_id"]
    assert first["new"] and first["seats"][1]["url"].endswith(f"&campaign={cid}")
    mine = _get(srv, f"/api/campaigns/{cid}/seat", bo["token"]).json()
    assert mine["seat"] == 1 and mine["game_id"] == gid
    assert mine["token"] == first["seats"][1]["token"]
    assert srv.state(gid, mine["token"])["you"] == 1
    # the host asks again while the game goes on: the same game and the same links
    again = _post(srv, f"/api/campaigns/{cid}/next", host).json()
    assert not again["new"] and again["game_id"] == gid
    assert [s["token"] for s in again["seats"]] == [s["token"] for s in first["seats"]]
    assert again["host_token"] == first["host_token"]
    assert _get(srv, f"/api/campaigns/{cid}").json()["next_settings"] == []  # a game is on


def test_history_presents_what_each_game_carried_out(srv: ServerProcess) -> None:
    bots = [{"kind": "bot", "bot": "random"}] * 3
    made = _post(srv, "/api/campaigns", ruleset="toyleague", seats=bots, seed=2,
                 config={"games": 1}).json()
    cid, host = made["campaign"]["id"], made["host_token"]
    assert _post(srv, f"/api/campaigns/{cid}/next", host).json()["new"]
    deadline = time.monotonic() + 60
    while (shown := _get(srv, f"/api/campaigns/{cid}").json())["status"] != "finished":
        assert time.monotonic() < deadline, "the bots' campaign game did not end"
        time.sleep(0.3)
    assert shown["next_settings"] == [] and "data" not in shown
    assert _get(srv, f"/api/campaigns/{cid}", host).json()["document"]["data"]["games"] == 1
    rows = {r["label"]: r["value"] for r in shown["summary"]["sections"][0]["rows"]}
    assert rows["Games"] == 1
    (game,) = _get(srv, f"/api/campaigns/{cid}/history").json()["games"]
    assert game["status"] == "finished" and check_summary(game["summary"]) == []
    assert game["title"] == shown["games"][0]["title"] == "Game 1"
    assert shown["next_title"] is None  # the campaign is over
    over = _get(srv, f"/api/campaigns/{cid}/seat", made["seats"][0]["token"])
    assert over.status_code == 403  # a bot seat has no campaign token to present
    assert _get(srv, "/campaign/" + cid).status_code == 200  # the page itself


def test_a_campaign_made_on_the_command_line_cannot_be_started_over_http(
        srv: ServerProcess) -> None:
    camps = Campaigns(Store(srv.db, ""), get_ruleset)  # type: ignore[attr-defined]
    cid = camps.create("toyleague", {"players": 3}, [{"name": "A", "bot": "random"}] * 3)["id"]
    r = _post(srv, f"/api/campaigns/{cid}/next", "anything")
    assert r.status_code == 403 and r.json()["code"] == "no_host_token"
    assert f"hauntkit campaign play {cid}" in r.json()["message"]
    assert _get(srv, f"/api/campaigns/{cid}").json()["next_settings"] == [
        {"label": "round", "value": 1}]


def _keys(value: object) -> set[str]:
    """Every key at any depth of a JSON value."""
    if isinstance(value, dict):
        return set(value) | set().union(*(_keys(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(_keys(v) for v in value))
    return set()


def test_seeds_and_raw_data_go_only_to_the_host(srv: ServerProcess) -> None:
    """With a campaign's seeds its game in progress rebuilds exactly (deck orders, the room
    stack, the dice): the public status and history carry no seed and no raw data; the host's
    token gives the whole document, and a wrong token is refused."""
    bots = [{"kind": "bot", "bot": "random"}] * 3
    made = _post(srv, "/api/campaigns", ruleset="toyleague", seats=bots, seed=2,
                 config={"games": 2}).json()
    cid, host = made["campaign"]["id"], made["host_token"]
    assert _post(srv, f"/api/campaigns/{cid}/next", host).json()["new"]
    for path in (f"/api/campaigns/{cid}", f"/api/campaigns/{cid}/history", "/api/campaigns"):
        shown = _get(srv, path).json()
        assert not {"seed", "data", "host_token_hash", "seat_token_hashes"} & _keys(shown), path
    assert "seed" not in _keys(made["campaign"])
    full = _get(srv, f"/api/campaigns/{cid}", host).json()["document"]
    assert full["seed"] == 2 and "seed" in full["games"][0] and "data" in full
    assert not {"host_token_hash", "seat_token_hashes"} & set(full)
    r = _get(srv, f"/api/campaigns/{cid}", host + "x")
    assert r.status_code == 403
