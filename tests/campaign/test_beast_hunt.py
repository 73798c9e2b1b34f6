"""The hunt on the campaign layer (issue 10; docs/hunt.md): a whole hunt played by bots through
the database with a reload in the middle, a real `hauntkit campaign play` killed with SIGKILL
in the middle of a leg, and the command line's readable beast summary."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import orjson
import pytest
from campaignkit import check_games_on_disk, summary
from typer.testing import CliRunner

from hauntkit.cli.main import app
from hauntkit.core import Game, get_ruleset
from hauntkit.core.campaign import current_game
from hauntkit.server.campaigns import Campaigns
from hauntkit.server.db import Store

ROOT = Path(__file__).resolve().parents[2]
RUN_CLI = Path(__file__).resolve().parent / "run_cli.py"  # the command line, in its own process
SEATS = [{"name": n, "bot": "heuristic"} for n in ("Ann", "Bo")]
CONFIG = {"hunt": "short-night", "players": 2}
WON_SEED = 6  # a short night of 2 legs with today's bots (crash points come from the reference run)


class Crash(Exception):
    """Stands for a process that dies after an action was stored."""


def _campaigns(db: tuple[str, str]) -> Campaigns:
    return Campaigns(Store(*db), get_ruleset)


def _check_games_on_disk(store: Store, camp: dict[str, Any]) -> None:
    """Each leg's stored party is also what its replay gives (campaignkit checks the rest)."""
    for g, game in zip(camp["games"], check_games_on_disk(store, camp), strict=True):
        assert game.state["party"] == store.load_game(g["game_id"]).state["party"]


def _play_to_end(camps: Campaigns, cid: str) -> dict[str, Any]:
    camp = camps.open(cid)
    while camp["status"] == "active":
        camp = camps.play_game(cid)
    return camp


def _crash_point(camps: Campaigns, ref: dict[str, Any]) -> tuple[int, int, int]:
    """The reference hunt's longest leg (its index), the actions played before it, and the
    middle of it: where a crash lands in the middle of a leg, whatever the dice gave."""
    sizes = [camps.game(ref, g["game_id"]).state["version"] for g in ref["games"]]
    k = max(range(len(sizes)), key=lambda i: sizes[i])
    assert sizes[k] >= 4, sizes
    return k, sum(sizes[:k]), sizes[k] // 2


def test_a_whole_hunt_through_storage_with_a_reload(campaign_db: tuple[str, str]) -> None:
    """HR-70, HR-76: a hunt's legs carry the party and Crypto through the database; a process
    that dies in the middle of a leg and one reopened between legs change nothing."""
    ref_camps = _campaigns(campaign_db)
    ref = ref_camps.create("beast", CONFIG, SEATS, WON_SEED)
    ref = _play_to_end(ref_camps, ref["id"])
    assert ref["data"]["status"] in ("won", "lost") and ref["status"] == "finished"
    leg_k, before, mid = _crash_point(ref_camps, ref)
    camps = _campaigns(campaign_db)
    cid = camps.create("beast", CONFIG, SEATS, WON_SEED)["id"]
    actions = 0

    def crash_mid_leg(game: Game) -> None:
        nonlocal actions
        actions += 1
        if actions == before + mid:
            raise Crash

    with pytest.raises(Crash):  # dies in the middle of the longest leg
        for _ in range(len(ref["games"])):
            camps.play_game(cid, on_action=crash_mid_leg)
            camps.store.close()
            camps = _campaigns(campaign_db)  # and a new process between legs
    camps.store.close()
    camps = _campaigns(campaign_db)  # a new process
    camp = camps.open(cid)
    entry = current_game(camp)
    assert entry is not None and entry["index"] == leg_k
    assert camps.game(camp, entry["game_id"]).state["version"] == mid
    final = _play_to_end(camps, cid)
    assert summary(final) == summary(ref)
    _check_games_on_disk(camps.store, final)
    for c in (camps, ref_camps):
        c.store.close()


def test_carried_data_links_the_legs(campaign_db: tuple[str, str]) -> None:
    """"Gear and Equipment" / HR-72: each leg starts from the previous leg's carry-out: the
    party's HP, wounds and Crypto as they were left."""
    camps = _campaigns(campaign_db)
    camp = _play_to_end(camps, camps.create("beast", CONFIG, SEATS, WON_SEED)["id"])
    assert len(camp["games"]) >= 2, "this seed's first leg no longer lets the party live"
    first, second = camp["games"][:2]
    game = camps.game(camp, second["game_id"])
    assert game.state["carry_in"] == first["carry_out"]
    rebuilt = Game.new(get_ruleset("beast"), second["config"], second["seed"],
                       carry_in=first["carry_out"])
    assert rebuilt.state["crypto"] == first["carry_out"]["crypto"]
    assert [(r["hunter"], r["wounds"]) for r in rebuilt.state["party"]] == \
        [(r["hunter"], r["wounds"]) for r in first["carry_out"]["party"]]
    camps.store.close()


def _db_args(db: tuple[str, str]) -> list[str]:
    return ["--db", db[0], "--table-prefix", db[1]]


def test_command_line_hunt(campaign_db: tuple[str, str]) -> None:
    """`hauntkit campaign new --ruleset beast`, play, status (the hunt in words) and history."""
    runner = CliRunner()
    made = runner.invoke(app, ["campaign", "new", "--ruleset", "beast", "--seats",
                               "heuristic:Ann,heuristic:Bo", "--seed", str(WON_SEED),
                               "--config", "hunt=short-night", *_db_args(campaign_db)])
    assert made.exit_code == 0, made.output
    cid = made.output.strip().splitlines()[-1]
    one = runner.invoke(app, ["campaign", "play", cid, "--games", "1", *_db_args(campaign_db)])
    assert one.exit_code == 0, one.output
    assert "Dockside Bar" in one.output
    status = runner.invoke(app, ["campaign", "status", cid, *_db_args(campaign_db)])
    assert status.exit_code == 0, status.output
    for words in ("A Short Night", "under way", "Crypto", "Michael", "Tamara", "The Flooded"):
        assert words in status.output, status.output
    rest = runner.invoke(app, ["campaign", "play", cid, *_db_args(campaign_db)])
    assert rest.exit_code == 0 and "finished" in rest.output
    history = runner.invoke(app, ["campaign", "history", cid, *_db_args(campaign_db)])
    done = orjson.loads(runner.invoke(app, ["campaign", "status", cid, "--json",
                                            *_db_args(campaign_db)]).output)
    assert done["status"] == "finished" and done["data"]["status"] in ("won", "lost")
    assert history.exit_code == 0 and f"hunt {done['data']['status']}" in history.output


def test_command_line_refuses_a_bad_hunt(campaign_db: tuple[str, str]) -> None:
    """A user error is one line: an unknown hunt."""
    got = CliRunner().invoke(app, ["campaign", "new", "--ruleset", "beast", "--config",
                                   "hunt=nope", *_db_args(campaign_db)])
    assert got.exit_code == 1
    assert len(got.output.strip().splitlines()) == 1 and "unknown hunt 'nope'" in got.output


def _cli(db: tuple[str, str], *args: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, str(RUN_CLI), "campaign", *args, *_db_args(db)],
                            cwd=ROOT, env=dict(os.environ, PYTHONUNBUFFERED="1"),
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def test_kill_9_in_the_middle_of_a_leg_loses_nothing(campaign_db: tuple[str, str]) -> None:
    """docs/campaigns.md "Storage and crashes", for a hunt: a real `hauntkit campaign play`
    killed with SIGKILL mid-leg, then resumed, ends as the hunt never interrupted."""
    camps = _campaigns(campaign_db)
    store = camps.store
    ref = _play_to_end(camps, camps.create("beast", CONFIG, SEATS, WON_SEED)["id"])
    leg_k, _, mid = _crash_point(camps, ref)
    cid = camps.create("beast", CONFIG, SEATS, WON_SEED)["id"]
    proc = _cli(campaign_db, "play", cid, "--bot-delay", "0.02")
    try:
        deadline = time.monotonic() + 180
        while True:
            camp = store.load_campaign(cid)[0]
            entry = current_game(camp)
            if (entry is not None and entry["index"] == leg_k
                    and store.load_game(entry["game_id"]).version >= mid):
                break
            assert proc.poll() is None, proc.stderr.read().decode()
            assert time.monotonic() < deadline, "the hunt did not get there in time"
            time.sleep(0.02)
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        camp = store.load_campaign(cid)[0]
        entry = current_game(camp)
        assert entry is not None  # the campaign points at the leg under way
        halfway = camps.game(camp, entry["game_id"])
        assert not halfway.over and halfway.state["version"] >= mid
        proc = _cli(campaign_db, "play", cid)
        assert proc.wait(180) == 0, proc.stderr.read().decode()
        final = camps.open(cid)
        assert summary(final) == summary(ref)
        _check_games_on_disk(store, final)
    finally:
        if proc.poll() is None:
            proc.kill()
        store.close()


def test_the_summary_is_well_formed_at_every_step() -> None:
    """docs/campaigns.md "Showing the campaign": campaign_summary(data) passes check_summary
    at the start, between legs and at the end of a hunt (won or lost)."""
    from hauntkit.core.campaign import finish_game, new_campaign, next_game
    from hauntkit.core.campaign_view import check_summary

    rs = get_ruleset("beast")
    camp = new_campaign(rs, CONFIG, WON_SEED, SEATS, "c1")
    assert check_summary(rs.campaign_summary(camp["data"])) == []
    n = 0
    while camp["status"] == "active":
        game = next_game(rs, camp, f"g{n}")
        while not game.over:
            seat = game.to_act()[0]
            game.act(seat, game.legal_actions(seat)[-1])  # done / end_turn / ...
        finish_game(rs, camp, game, f"g{n}")
        n += 1
        summary_now = rs.campaign_summary(camp["data"])
        assert check_summary(summary_now) == [], summary_now
    assert camp["data"]["status"] in ("won", "lost")


def test_the_new_hunt_form_offers_the_packs_hunts() -> None:
    """docs/campaigns.md (campaign_config_schema): the lobby's "New campaign" form for beast
    offers this content's hunts as a choice (and its hunters for the party list)."""
    from hauntkit.server.app import lobby_options

    rs = get_ruleset("beast")
    options = {o["key"]: o for o in lobby_options(rs.campaign_config_schema())}
    assert options["hunt"]["type"] == "choice"
    assert options["hunt"]["choices"] == list(rs.c.hunts) == ["ashgrove", "blackwood", "short-night"]
    hunters = rs.campaign_config_schema()["properties"]["hunters"]["anyOf"][0]["items"]
    assert hunters["enum"] == list(rs.c.hunters)
