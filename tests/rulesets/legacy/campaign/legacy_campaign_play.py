"""Playing a whole Legacy campaign through the real storage (server/campaigns.py on SQLite),
reopening the database between every chapter and once in the middle of one, and checking what
carried over. Used by test_legacy_campaign_whole.py."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from hauntkit.core import Game
from hauntkit.core.campaign import current_game
from hauntkit.core.ruleset import Ruleset
from hauntkit.rulesets.legacy import record
from hauntkit.rulesets.legacy.outcome import game_outcome, house_of
from hauntkit.server.campaigns import Campaigns
from hauntkit.server.db import Store


class Crash(Exception):
    """Stands for the process dying in the middle of a chapter."""


def open_campaigns(url: str, rs: Ruleset) -> Campaigns:
    """A fresh connection to the database, as a new process would open it."""
    return Campaigns(Store(url, ""), lambda rid: rs)


def expected_house(rs: Any, data: dict[str, Any]) -> dict[str, Any]:
    """The house the next game must be given: the record plus the chapter's set-up."""
    ch = rs.chapter(data["next"])
    if ch is not None:
        data, _ = record.apply_changes(data, ch.setup.changes, rs.campaign_box())
    return house_of(data)


def play_whole_campaign(rs: Any, tmp_path: Path, config: dict[str, Any],
                        seats: list[dict[str, Any]], games: int, crash_in: int,
                        crash_after: int, check_game: Any = None) -> dict[str, Any]:
    """Play ``games`` games of a new campaign; between games close the database and open it
    again, checking the stored record is the one left; in game ``crash_in`` stop after
    ``crash_after`` actions, reopen and resume. After each game the stored record must be
    exactly the campaign hooks' record of that game (pure functions of the stored game), and
    the game must have been given the house the record held. Returns the campaign."""
    url = f"sqlite:///{tmp_path / 'campaign.db'}"
    camps = open_campaigns(url, rs)
    camp = camps.create(rs.id, config, seats, seed=20261123, title="whole campaign")
    cid = camp["id"]
    camps.store.close()
    data = copy.deepcopy(camp["data"])
    for index in range(games):
        camps = open_campaigns(url, rs)
        camp = camps.open(cid)
        assert camp["data"] == data, f"game {index}: the record changed while stored"
        assert camp["status"] == "active" and len(camp["games"]) == index
        house = expected_house(rs, data)
        if index == crash_in:
            count = 0

            def crash(game: Game) -> None:
                nonlocal count
                count += 1
                if count == crash_after:
                    raise Crash

            try:
                camps.play_game(cid, on_action=crash)
            except Crash:
                pass
            else:
                raise AssertionError(f"game {index} ended before {crash_after} actions")
            camps.store.close()
            camps = open_campaigns(url, rs)
            camp = camps.open(cid)
            entry = current_game(camp)
            assert entry is not None, "the interrupted chapter is still in progress"
            mid = camps.game(camp, entry["game_id"])
            assert mid.state["version"] == crash_after and not mid.over
        camp = camps.play_game(cid)
        entry = camp["games"][index]
        assert entry["status"] == "finished"
        game = camps.game(camp, entry["game_id"])
        assert game.over and game.state["carry_in"] == data
        assert entry["config"]["house"] == house, f"game {index}: house not carried in"
        start = Game.new(rs, entry["config"], entry["seed"], carry_in=data)
        if check_game is not None:
            check_game(start, game, house)
        want = rs.record_game(data, entry["config"], game_outcome(game.state))
        assert camp["data"] == want, f"game {index}: carry-out differs from the record rules"
        assert entry["carry_out"] == want
        data = want
        camps.store.close()
    camps = open_campaigns(url, rs)
    camp = camps.open(cid)
    camps.store.close()
    assert camp["data"] == data
    return camp
