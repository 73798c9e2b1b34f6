"""A Legacy campaign over HTTP (docs/protocol.md "Campaigns"): created with its campaign
options (LegacyCampaignConfig: a wrong one is refused naming the field), a chapter played by the
bots in its seats on a real server, and the house's history as the campaign page reads it
(``summary``)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "server"))

from harness import ServerProcess  # noqa: E402

BOTS = [{"kind": "bot", "bot": "random"}] * 3


def test_a_legacy_chapter_over_http(tmp_path: Path) -> None:
    srv = ServerProcess(f"sqlite:///{tmp_path / 'games.db'}", "").start()
    try:
        base = srv.url + "/api/campaigns"
        bad = httpx.post(base, json={"ruleset": "legacy", "seats": BOTS,
                                     "config": {"families": ["nobody", "none", "nil"]}},
                         timeout=30)
        # a config error is a 422 naming the field (issue 12), and quotes nothing sent back
        assert bad.status_code == 422 and bad.json()["code"] == "bad_config"
        assert "config.families: unknown families" in bad.json()["message"]
        assert "nobody" not in bad.text
        wrong = httpx.post(base, json={"ruleset": "legacy", "seats": BOTS,
                                       "config": {"free_play_threshold": 99}}, timeout=30)
        assert wrong.status_code == 422 and "free_play_threshold" in wrong.text
        made = httpx.post(base, json={"ruleset": "legacy", "seats": BOTS, "seed": 5,
                                      "config": {"members": {"ashdown": [
                                          {"name": "Ada", "age": 31}]}}}, timeout=30)
        assert made.status_code == 200, made.text
        cid, host = made.json()["campaign"]["id"], made.json()["host_token"]
        first = httpx.post(f"{base}/{cid}/next", timeout=30,
                           headers={"Authorization": f"Bearer {host}"}).json()
        assert first["new"]
        deadline = time.monotonic() + 120
        while True:
            status = httpx.get(f"{base}/{cid}", timeout=30).json()
            if status["games"][0]["status"] == "finished":
                break
            assert time.monotonic() < deadline, "the chapter did not end"
            time.sleep(0.5)
        assert "data" not in status  # the raw record goes to the host only
        data = httpx.get(f"{base}/{cid}", timeout=30,
                         headers={"Authorization": f"Bearer {host}"}).json()["document"]["data"]
        assert data["next"] == 1
        assert data["families"]["ashdown"]["members"][0]["name"] == "Ada"
        titles = [s["title"] for s in status["summary"]["sections"]]
        assert titles[:3] == ["The house", "Chapters", "Prologue (1666): The First Stone"]
    finally:
        srv.kill()


def test_the_new_campaign_form_seats_the_families() -> None:
    """Issue 9: "create a campaign, seat the families": the lobby asks each seat's family
    (a per-seat choice among the box's families) and offers the free-play options."""
    from hauntkit.core import get_ruleset
    from hauntkit.server.app import lobby_options

    rs = get_ruleset("legacy")
    options = {o["key"]: o for o in lobby_options(rs.campaign_config_schema())}
    assert options["families"]["type"] == "per_seat"
    assert options["families"]["choices"] == rs.campaign_families()
    assert options["free_play_haunt"]["type"] == "choice"
    assert "the_hollow_man" in options["free_play_haunt"]["choices"]
    assert options["free_play_threshold"]["min"] == 1
