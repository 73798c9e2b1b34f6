"""The campaign layer in the core (issue 8, "The campaign layer"): carry_in / carry_out,
an ordered series of games with persistent data, plain JSON, deterministic."""

from __future__ import annotations

import random

import orjson
import pytest
import toycampaign  # noqa: F401 - registers "toyleague"
from hypothesis import given, settings
from hypothesis import strategies as st

from hauntkit.core import Game, get_ruleset
from hauntkit.core.campaign import (
    CampaignError,
    current_game,
    finish_game,
    new_campaign,
    next_game,
)
from hauntkit.core.ruleset import plays_campaigns

SEATS = [{"name": n, "bot": "random"} for n in ("Ann", "Bo", "Cy")]


def _play(game: Game, rng: random.Random) -> None:
    while not game.over:
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        game.act(seat, legal[rng.randrange(len(legal))])


def _run(seed: int, play_seed: int, config: dict | None = None) -> dict:
    rs = get_ruleset("toyleague")
    camp = new_campaign(rs, config or {}, seed, SEATS, "c1")
    rng = random.Random(play_seed)
    while camp["status"] == "active":
        gid = f"g{len(camp['games'])}"
        game = next_game(rs, camp, gid)
        _play(game, rng)
        assert finish_game(rs, camp, game, gid)
    return camp


def test_rulesets_without_the_hooks_do_not_play_campaigns() -> None:
    assert not plays_campaigns(get_ruleset("betrayal"))
    assert plays_campaigns(get_ruleset("toyleague"))
    assert plays_campaigns(get_ruleset("beast"))  # the hunt, docs/hunt.md
    with pytest.raises(CampaignError, match="does not play campaigns"):
        new_campaign(get_ruleset("betrayal"), {}, 1, SEATS, "c1")


def test_carry_in_reaches_the_game_and_carry_out_the_next() -> None:
    rs = get_ruleset("toyleague")
    camp = new_campaign(rs, {"games": 3, "to_win": 3}, 7, SEATS, "c1")
    assert camp["data"] == {"wins": [0, 0, 0], "bonus": [0, 0, 0], "games": 0}
    first = next_game(rs, camp, "g0")
    assert first.state["carry_in"] == camp["data"] and first.state["pos"] == [0, 0, 0]
    _play(first, random.Random(1))
    winner = first.result()["winner"]
    assert finish_game(rs, camp, first, "g0")
    assert camp["data"]["wins"][winner] == 1 and camp["data"]["bonus"][winner] == 0
    assert sum(camp["data"]["bonus"]) == 2
    second = next_game(rs, camp, "g1")
    # the losers of game 1 start game 2 one step on
    assert second.state["pos"] == camp["data"]["bonus"]
    assert second.state["config"] == {"players": 3, "round": 2}
    assert second.state["seed"] != first.state["seed"]


def test_carry_out_is_applied_once() -> None:
    rs = get_ruleset("toyleague")
    camp = new_campaign(rs, {}, 3, SEATS, "c1")
    game = next_game(rs, camp, "g0")
    assert not finish_game(rs, camp, game, "g0")  # not over yet: nothing changes
    assert current_game(camp)["game_id"] == "g0"
    _play(game, random.Random(2))
    assert finish_game(rs, camp, game, "g0")
    data = orjson.dumps(camp)
    assert not finish_game(rs, camp, game, "g0")
    assert orjson.dumps(camp) == data
    with pytest.raises(CampaignError, match="not part of campaign"):
        finish_game(rs, camp, game, "nope")


def test_a_game_in_progress_blocks_the_next_and_an_over_campaign_has_none() -> None:
    rs = get_ruleset("toyleague")
    camp = new_campaign(rs, {"games": 1}, 3, SEATS, "c1")
    game = next_game(rs, camp, "g0")
    with pytest.raises(CampaignError, match="already has a game in progress"):
        next_game(rs, camp, "g1")
    _play(game, random.Random(0))
    finish_game(rs, camp, game, "g0")
    assert camp["status"] == "finished"
    with pytest.raises(CampaignError, match="is over"):
        next_game(rs, camp, "g1")


def test_a_campaign_game_saves_and_replays_with_its_carry_in() -> None:
    rs = get_ruleset("toyleague")
    camp = _run(5, 5, {"games": 2, "to_win": 3})
    game = next_game(rs, {**camp, "status": "active", "games": camp["games"][:1]}, "gx")
    _play(game, random.Random(9))
    replayed = Game.replay(orjson.loads(game.to_json()), rs)
    assert replayed.state == game.state


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**48), play_seed=st.integers(0, 2**32))
def test_campaigns_are_plain_json_and_deterministic(seed: int, play_seed: int) -> None:
    camp = _run(seed, play_seed)
    assert orjson.loads(orjson.dumps(camp)) == camp
    assert _run(seed, play_seed) == camp
    data = camp["data"]
    # the league's rules: ends at 2 wins or after 3 games; each game adds one win
    assert data["games"] == len(camp["games"]) == sum(data["wins"])
    assert max(data["wins"]) >= 2 or len(camp["games"]) == 3
    assert all(g["status"] == "finished" for g in camp["games"])
    assert [g["carry_out"] for g in camp["games"]][-1] == data
