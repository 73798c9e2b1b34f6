"""Campaigns in the database (issue 8, "Campaigns are stored in the database ... A campaign
survives a crash between games and in the middle of one"): the command line on SQLite and
PostgreSQL, a real CLI process killed with SIGKILL mid-game and after a game, and the
carry-out applied exactly once."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import orjson
import toycampaign  # noqa: F401 - registers "toyleague"
from campaignkit import check_games_on_disk, summary
from typer.testing import CliRunner

from hauntkit.bots import bot_rng
from hauntkit.cli.main import app
from hauntkit.core import get_ruleset
from hauntkit.core.campaign import current_game
from hauntkit.server.campaigns import Campaigns
from hauntkit.server.db import Store

RUN_CLI = Path(__file__).resolve().parent / "run_cli.py"
ROOT = Path(__file__).resolve().parents[2]
SEATS = [{"name": n, "bot": "random"} for n in ("Ann", "Bo", "Cy")]
CONFIG = {"players": 3, "games": 3, "to_win": 3}


def _db_args(db: tuple[str, str]) -> list[str]:
    return ["--db", db[0], "--table-prefix", db[1]]


def _campaigns(db: tuple[str, str]) -> Campaigns:
    return Campaigns(Store(*db), get_ruleset)


def _store_moves(camps: Campaigns, gid: str, game: Any, seed: int,
                 moves: int | None = None) -> None:
    """Play ``moves`` random moves (None: to the end) and store each as a server does, a
    snapshot only at the end; nothing is settled."""
    while not game.over and (moves is None or moves > 0):
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        action = legal[bot_rng(seed, seat, game.state["version"]).randrange(len(legal))]
        before = game.state["version"]
        game.act(seat, action)
        camps.store.commit_action(gid, before, seat, action, game.state, game.result(),
                                  snapshot=game.over)
        moves = None if moves is None else moves - 1


def test_command_line_new_play_status_history(campaign_db: tuple[str, str]) -> None:
    runner = CliRunner()
    made = runner.invoke(app, ["campaign", "new", "--ruleset", "toyleague", "--seats",
                               "random:Ann,random:Bo,random:Cy", "--seed", "11",
                               "--config", "games=3", "--config", "to_win=3",
                               *_db_args(campaign_db)])
    assert made.exit_code == 0, made.output
    cid = made.output.strip().splitlines()[-1]
    one = runner.invoke(app, ["campaign", "play", cid, "--games", "1", *_db_args(campaign_db)])
    assert one.exit_code == 0, one.output
    assert "game 1" in one.output and "active, 1 game(s) played" in one.output
    status = runner.invoke(app, ["campaign", "status", cid, "--json", *_db_args(campaign_db)])
    camp = orjson.loads(status.output)
    assert camp["status"] == "active" and len(camp["games"]) == 1
    assert camp["data"]["games"] == 1 and sum(camp["data"]["wins"]) == 1
    rest = runner.invoke(app, ["campaign", "play", cid, *_db_args(campaign_db)])
    assert rest.exit_code == 0 and "finished, 3 game(s) played" in rest.output
    history = runner.invoke(app, ["campaign", "history", cid, *_db_args(campaign_db)])
    assert history.exit_code == 0
    for g in range(1, 4):
        assert f"│ {g} " in history.output
    # the same seed and bots make the same campaign (here without the command line)
    camps = _campaigns(campaign_db)
    ref = camps.create("toyleague", {"players": 3, "games": 3, "to_win": 3},
                       [{"name": n, "bot": "random"} for n in ("Ann", "Bo", "Cy")], 11)
    while ref["status"] == "active":
        ref = camps.play_game(ref["id"])
    final = camps.open(cid)
    assert summary(final) == summary(ref)
    check_games_on_disk(camps.store, final)
    camps.store.close()


def test_command_line_errors_are_one_line(campaign_db: tuple[str, str],
                                          tmp_path: Path) -> None:
    runner = CliRunner()
    cases = [
        (["campaign", "new", "--ruleset", "betrayal", *_db_args(campaign_db)],
         "ruleset 'betrayal' does not play campaigns"),
        (["campaign", "new", "--ruleset", "nope", *_db_args(campaign_db)], "unknown ruleset"),
        (["campaign", "new", "--ruleset", "toyleague", "--seats", "random,robot",
          *_db_args(campaign_db)], "unknown bot 'robot' for seat 1"),
        (["campaign", "new", "--ruleset", "toyleague", "--seats", "random,random",
          *_db_args(campaign_db)], "takes 3 to 6 seats, not 2"),
        (["campaign", "status", "nope", *_db_args(campaign_db)], "no campaign 'nope'"),
        (["campaign", "play", "x", "--db", "foo://bar"], "cannot open the database"),
    ]
    for args, message in cases:
        got = runner.invoke(app, args)
        assert got.exit_code == 1, (args, got.output)
        lines = got.output.strip().splitlines()
        assert len(lines) == 1 and message in lines[0], (args, got.output)


def test_settling_a_finished_game_happens_once(campaign_db: tuple[str, str]) -> None:
    """A process that dies after a game's last action and before its carry-out: the next
    look at the campaign applies it, once, whoever looks and however often."""
    camps = _campaigns(campaign_db)
    camp = camps.create("toyleague", CONFIG, SEATS, 5)
    camp, game, _ = camps.start_next(camp["id"])
    gid = current_game(camp)["game_id"]
    _store_moves(camps, gid, game, 5)  # what a crashed player stored: every action, no settle
    stored, version = camps.store.load_campaign(camp["id"])
    assert current_game(stored)["game_id"] == gid and stored["data"]["games"] == 0
    other = _campaigns(campaign_db)  # a second process
    settled = other.open(camp["id"])
    assert settled["data"]["games"] == 1 and settled["games"][0]["status"] == "finished"
    assert settled["games"][0]["result"] == game.result()
    assert camps.open(camp["id"]) == settled
    assert camps.store.load_campaign(camp["id"])[1] == version + 1  # one write, not two
    for c in (camps, other):
        c.store.close()


def _cli(db: tuple[str, str], *args: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, str(RUN_CLI), "campaign", *args, *_db_args(db)],
                            cwd=ROOT, env=dict(os.environ, PYTHONUNBUFFERED="1"),
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def _wait_for(store: Store, cid: str, pred: Any, proc: subprocess.Popen[bytes]) -> dict:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        camp = store.load_campaign(cid)[0]
        if pred(camp):
            return camp
        assert proc.poll() is None, proc.stderr.read().decode()
        time.sleep(0.02)
    raise AssertionError("the campaign did not get there in time")


def _game_version(store: Store, camp: dict) -> int:
    entry = current_game(camp)
    return store.load_game(entry["game_id"]).version if entry else -1


def test_kill_9_mid_game_and_after_a_game_loses_nothing(campaign_db: tuple[str, str]) -> None:
    camps = _campaigns(campaign_db)
    store = camps.store
    ref = camps.create("toyleague", CONFIG, SEATS, 21)
    while ref["status"] == "active":
        ref = camps.play_game(ref["id"])
    cid = camps.create("toyleague", CONFIG, SEATS, 21)["id"]
    try:
        # 1. killed in the middle of the first game
        proc = _cli(campaign_db, "play", cid, "--bot-delay", "0.05")
        camp = _wait_for(store, cid, lambda c: _game_version(store, c) >= 6, proc)
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        camp = store.load_campaign(cid)[0]
        entry = current_game(camp)
        assert entry is not None and entry["index"] == 0  # the campaign points at the game
        mid = camps.game(camp, entry["game_id"])
        assert not mid.over and mid.state["version"] >= 6
        check_games_on_disk(store, camp)
        # 2. resumed, then killed as soon as the first game is settled
        proc = _cli(campaign_db, "play", cid, "--bot-delay", "0.05")
        camp = _wait_for(store, cid, lambda c: c["games"][0]["status"] == "finished", proc)
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        after = camps.open(cid)
        assert after["games"][0]["carry_out"] == ref["games"][0]["carry_out"]
        assert summary(after)[2][0] == summary(ref)[2][0]
        check_games_on_disk(store, after)
        # 3. resumed to the end: the same campaign as one never interrupted
        proc = _cli(campaign_db, "play", cid)
        assert proc.wait(120) == 0, proc.stderr.read().decode()
        final = camps.open(cid)
        assert summary(final) == summary(ref)
        check_games_on_disk(store, final)
        assert mid.state["history"] == camps.game(final, entry["game_id"]).state[
            "history"][:mid.state["version"]]
    finally:
        if proc.poll() is None:
            proc.kill()
        store.close()


def test_looking_while_a_server_stores_moves_sees_a_consistent_game(
        campaign_db: tuple[str, str]) -> None:
    """docs/campaigns.md "Storage and crashes": a look at a campaign (the campaign page polls
    it) while a server is storing its game's moves reads the game row, then its action rows;
    moves stored in between must not make the look fail (it once answered 404 under load)."""
    camps = _campaigns(campaign_db)
    camp = camps.create("toyleague", CONFIG, SEATS, 7)
    camp, game, _ = camps.start_next(camp["id"])
    gid = current_game(camp)["game_id"]
    load_game = camps.store.load_game
    early = load_game(gid)  # the game row as the look reads it, before the next moves
    _store_moves(camps, gid, game, 7, moves=3)
    camps.store.load_game = lambda game_id: early  # type: ignore[method-assign]
    seen = camps.game(camp, gid)
    assert seen.state["version"] == early.version < game.state["version"]
    camps.store.load_game = load_game  # type: ignore[method-assign]
    assert camps.game(camp, gid).state == game.state
    camps.store.close()
