"""Campaign HTTP endpoints (issue 8, campaign layer; docs/protocol.md "Campaigns"): create,
status, history and start-next on a real server, humans by seat links and bots in seats, and
a campaign game that survives a kill -9 of the server."""

from __future__ import annotations

import time

import httpx
import toycampaign  # noqa: F401 - registers "toyleague" here too
from harness import ServerProcess

SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"},
         {"kind": "bot", "bot": "random"}]


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _finish_as_human(srv: ServerProcess, gid: str, token: str) -> dict:
    """Play seat 0 whenever it is to act until the game ends; the bots play the rest."""
    c = srv.ws(gid, token)
    deadline = time.monotonic() + 60
    while c.last["result"] is None:
        assert time.monotonic() < deadline, "the campaign game did not end"
        if 0 in c.last["to_act"] and c.last["legal_actions"]:
            c.send({"type": "act", "action": c.last["legal_actions"][0],
                    "version": c.last["version"]})
        c.recv_until(lambda m: m["type"] == "state" or m.get("code") == "stale_version")
    c.close()
    return c.last


def test_campaign_over_http_with_a_kill_in_the_middle(campaign_db: tuple[str, str]) -> None:
    srv = ServerProcess(*campaign_db).start()
    try:
        base = srv.url + "/api/campaigns"
        refused = httpx.post(base, json={"ruleset": "toy", "seats": SEATS}, timeout=30)
        assert refused.status_code == 400 and refused.json()["code"] == "no_campaigns"
        made = httpx.post(base, json={"ruleset": "toyleague", "seats": SEATS, "seed": 3,
                                      "config": {"games": 2, "to_win": 3}}, timeout=30).json()
        cid, host = made["campaign"]["id"], made["host_token"]
        assert "host_token_hash" not in made["campaign"]
        assert httpx.post(f"{base}/{cid}/next", timeout=30).status_code == 403
        first = httpx.post(f"{base}/{cid}/next", headers=_auth(host), timeout=30).json()
        assert first["new"] and first["seats"][1]["bot"] == "random"
        again = httpx.post(f"{base}/{cid}/next", headers=_auth(host), timeout=30).json()
        assert again["game_id"] == first["game_id"] and not again["new"]
        # the host token gives the game's links again (they derive from it)
        assert [s["token"] for s in again["seats"]] == [s["token"] for s in first["seats"]]
        gid, ann = first["game_id"], first["seats"][0]["token"]
        assert srv.state(gid, ann)["you"] == 0
        srv.kill()  # mid-game: the campaign and its game come back
        srv.start()
        assert httpx.get(f"{base}/{cid}", timeout=30).json()["games"][0]["game_id"] == gid
        end = _finish_as_human(srv, gid, ann)
        status = httpx.get(f"{base}/{cid}", timeout=30).json()  # settles the finished game
        assert status["games"][0]["result"] == end["result"]
        data = httpx.get(f"{base}/{cid}", headers=_auth(host), timeout=30).json()["document"][
            "data"]
        assert data["games"] == 1 and sum(data["wins"]) == 1
        second = httpx.post(f"{base}/{cid}/next", headers=_auth(host), timeout=30).json()
        assert second["new"] and second["game_id"] != gid
        _finish_as_human(srv, second["game_id"], second["seats"][0]["token"])
        history = httpx.get(f"{base}/{cid}/history", timeout=30).json()["games"]
        assert [g["status"] for g in history] == ["finished", "finished"]
        over = httpx.get(f"{base}/{cid}", timeout=30).json()
        assert over["status"] == "finished" and "data" not in over
        assert httpx.get(f"{base}/{cid}", headers=_auth(host), timeout=30).json()["document"][
            "data"]["games"] == 2
        assert httpx.post(f"{base}/{cid}/next", headers=_auth(host),
                          timeout=30).status_code == 409
        listed = httpx.get(base, timeout=30).json()["campaigns"]
        assert any(c["id"] == cid and c["status"] == "finished" for c in listed)
        assert httpx.get(f"{base}/nope", timeout=30).status_code == 404
    finally:
        srv.kill()
