"""Every label, prompt and log line a player reads in random games of betrayal and legacy is
words a player understands (``hauntkit.testing.wording``): display names, never an id, a
snake_case word, ``None`` or a ``(key: value)`` pair; numbers with the right noun ("1 die");
labels unique within one prompt.

Random legal actions from many seeds and configs: 3 to 6 players, every haunt forced in turn
(the haunt roll's threshold lowered in legacy so that the haunts start early), and legacy
campaigns played chapter by chapter (their haunts and the joining of late families).
Developer guide: "Words are product"."""

from __future__ import annotations

from typing import Any

import pytest

from hauntkit.core.ruleset import Ruleset, starter_ruleset
from hauntkit.testing.wording import Scan, problems, repeated, scan_game

GAMES = 200
MAX_ACTIONS = 1200  # nearly every game reaches its haunt well before this (and most end)
CAMPAIGNS = 2  # legacy: whole campaigns (prologue, 13 chapters, a free-play game)


def _config(rs: Ruleset, i: int) -> dict[str, Any]:
    haunts: list[str | None] = [None, *rs.scenario_ids()]
    if rs.id == "betrayal":
        return {"players": 3 + i % 4, "haunt": haunts[i % len(haunts)]}
    return {"players": 3 + i % 3, "haunt": haunts[i % len(haunts)],
            "haunt_threshold": 1 + i % 5}


def _campaigns(rs: Ruleset, scan: Scan) -> int:
    """Play ``CAMPAIGNS`` legacy campaigns chapter by chapter; the number of games played."""
    played_games = 0
    for c in range(CAMPAIGNS):
        config: dict[str, Any] = {"players": 3 + c % 2, "free_play_games": 1}
        if c % 2:  # a family that misses chapters joins late (rulebook "Joining the Campaign")
            config["lineups"] = [["ashdown", "crowley", "hartwell", "mercer"]] * 3
            config["families"] = ["ashdown", "crowley", "hartwell", "vance"]
        data = rs.campaign_start(config)
        played: list[dict[str, Any]] = []
        while (cfg := rs.campaign_next(config, data, played)) is not None:
            cfg.setdefault("players", config["players"])
            game = scan_game(rs, cfg, 1000 * c + len(played), scan, carry_in=data)
            played_games += 1
            if game.result() is None:
                break  # a chapter still open after its actions: the campaign stops here
            data = rs.carry_out(game.state)
            played.append({"index": len(played), "result": game.result()})
    return played_games


@pytest.mark.parametrize("ruleset_id", ["betrayal", "legacy"])
def test_random_games_read_as_words(ruleset_id: str) -> None:
    rs = starter_ruleset(ruleset_id)
    scan = Scan()
    games = _campaigns(rs, scan) if ruleset_id == "legacy" else 0
    for seed in range(GAMES - games):
        scan_game(rs, _config(rs, seed), seed, scan, max_actions=MAX_ACTIONS)
    assert scan.lines["label"] > 10_000 and scan.lines["prompt"] > 500 \
        and scan.lines["log"] > 10_000, dict(scan.lines)
    assert scan.total == 0, "\n" + scan.report()


def test_the_scan_finds_what_players_should_not_read() -> None:
    """The checks this file relies on fail on the words they are meant to catch."""
    for text in ("Ghoul (m1): move to Servants' Quarters", "Put (room: basement landing)",
                 "Choose a tile for secret_stairs.", "Steal (card: None)", "Roll 1 dice",
                 "Gain +0 Might", "Draw 2 item."):
        assert problems(text), text
    for text in ("Move the first Ghoul in the Servants' Quarters to the Foyer",
                 "Put a Secret Stairs token in the Foyer", "Roll 1 die", "Steal the Revolver",
                 "Draw 2 item cards."):
        assert problems(text) == [], text
    assert repeated(["Drop the Crate", "Drop the Crate", "End turn"]) == ["Drop the Crate"]
    scan = Scan()
    scan.check("label", "Put (room: basement landing)")
    assert dict(scan.counts) == {"label (key: value) pair": 1}
