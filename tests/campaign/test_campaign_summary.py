"""Presenting a campaign's data (docs/campaigns.md "Showing the campaign"): the generic
rendering of any JSON is a valid summary, malformed summaries are named, a ruleset's broken
``campaign_summary`` falls back to the generic one, and a declared ``CampaignConfig`` is what
a new campaign's config is checked against."""

from __future__ import annotations

from typing import Any

import pytest
import toycampaign
from hypothesis import given, settings
from hypothesis import strategies as st

from hauntkit.core.campaign_view import check_summary, generic_summary, present
from hauntkit.core.ruleset import ConfigError, RulesetConfig
from hauntkit.server.titles import campaign_game_title

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=4),
    max_leaves=20)


@settings(max_examples=60, deadline=None)
@given(JSON)
def test_generic_summary_of_any_json_is_a_valid_summary(data: Any) -> None:
    assert check_summary(generic_summary(data)) == []


def test_generic_summary_reads_like_the_data() -> None:
    got = generic_summary({"wins": [1, 0], "house": {"rooms": 12, "omens": ["ring"]},
                           "families": [{"name": "Bell", "heirlooms": 2}]})
    assert got["sections"] == [
        {"title": "Campaign data", "rows": [{"label": "Wins", "value": "1, 0"}]},
        {"title": "House", "rows": [{"label": "Rooms", "value": 12},
                                    {"label": "Omens", "value": "ring"}]},
        {"title": "Families", "columns": ["Name", "Heirlooms"], "table": [["Bell", 2]]},
    ]


@pytest.mark.parametrize(("bad", "problem"), [
    ([], "a summary is an object"),
    ({"title": 3, "sections": []}, "title: expected a string"),
    ({"sections": {}}, "sections: expected a list"),
    ({"sections": [{"rows": []}]}, "sections[0].title"),
    ({"sections": [{"title": "x", "rows": [{"label": "a", "value": [1]}]}]}, "rows[0]"),
    ({"sections": [{"title": "x", "columns": ["a", "b"], "table": [[1]]}]}, "table[0]"),
    ({"sections": [{"title": "x", "table": [[1]]}]}, "columns and table go together"),
    ({"sections": [{"title": "x", "html": "<b>"}]}, "unknown keys"),
])
def test_malformed_summaries_are_named(bad: Any, problem: str) -> None:
    assert any(problem in p for p in check_summary(bad)), check_summary(bad)


class _Broken(toycampaign.LanternLeague):
    def campaign_summary(self, data: dict[str, Any]) -> dict[str, Any]:
        return {"title": "x", "sections": [{"title": "y", "rows": [{"label": 1}]}]}


class _Raises(toycampaign.LanternLeague):
    def campaign_summary(self, data: dict[str, Any]) -> dict[str, Any]:
        raise KeyError("wins")

    def campaign_game_title(self, index: int, config: dict[str, Any]) -> str:
        raise KeyError("round")


class _Own(toycampaign.LanternLeague):
    def campaign_summary(self, data: dict[str, Any]) -> dict[str, Any]:
        return {"title": "League", "sections": [
            {"title": "Wins", "columns": ["Seat", "Wins"],
             "table": [[i + 1, w] for i, w in enumerate(data["wins"])]}]}


def test_the_server_shows_a_rulesets_summary_or_falls_back_to_the_generic_one() -> None:
    data = {"wins": [1, 0, 0], "bonus": [0, 1, 1], "games": 1}
    assert present(_Own(), data)["sections"][0]["table"] == [[1, 1], [2, 0], [3, 0]]
    assert present(_Broken(), data) == generic_summary(data)
    assert present(_Raises(), data) == generic_summary(data)
    assert present(toycampaign.LanternLeague(), data) == generic_summary(data)


class _LeagueOnly(RulesetConfig):
    length: int = 3


class _Declared(toycampaign.LanternLeague):
    CampaignConfig = _LeagueOnly
    campaign_noun = "race"


def test_a_declared_campaign_config_is_what_new_campaigns_are_checked_against() -> None:
    assert _Declared.validate_campaign_config({"length": 5, "players": 3}) == {
        "length": 5, "players": 3}
    assert set(_Declared().campaign_config_schema()["properties"]) == {"players", "length"}
    with pytest.raises(ConfigError) as err:
        _Declared.validate_campaign_config({"games": 2})  # a game option, not a campaign one
    assert err.value.field == "config.games"
    with pytest.raises(ConfigError) as err:
        _Declared.validate_campaign_config({"players": 1})
    assert err.value.field == "players"
    # without a declaration the game's Config is used for both
    assert toycampaign.LanternLeague.validate_campaign_config({"games": 2}) == {"games": 2}


def test_games_are_named_by_the_ruleset_or_by_number() -> None:
    assert campaign_game_title(toycampaign.LanternLeague(), 0, {}) == "Game 1"
    assert campaign_game_title(_Declared(), 2, {}) == "Race 3"  # its campaign_noun
    assert campaign_game_title(_Raises(), 1, {}) == "Game 2"  # a failing hook: the default words
