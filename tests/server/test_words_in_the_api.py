"""What the lobby and the campaign page are given to show is in words (docs/playing.md: "Every
page speaks in words, never in ids"): a game created without a title is named by its ruleset
and its players, a form's choices carry the display names their ruleset declares, and the
next game of a campaign is shown by its settings, never by its haunt."""

from __future__ import annotations

import httpx
from harness import ServerProcess

from hauntkit.core.campaign import new_campaign, upcoming
from hauntkit.core.ruleset import get_ruleset
from hauntkit.server.options import lobby_options, settings_rows


def test_an_untitled_game_is_named_in_words(server: ServerProcess) -> None:
    made = server.create(seats=[{"kind": "human", "name": "Ann"}] * 3, seed=1)
    games = httpx.get(server.url + "/api/games", timeout=60).json()["games"]
    row = next(g for g in games if g["id"] == made["id"])
    assert row["title"] == "Lanterns game, 3 players"
    assert server.state(made["id"])["game"]["title"] == "Lanterns game, 3 players"


def test_choices_carry_their_declared_names() -> None:
    """Beast's maps and hunts, legacy's families and free-play haunts: each choice has the
    name its content gives it."""
    beast = get_ruleset("beast")
    maps = {o["key"]: o for o in lobby_options(beast.config_schema())}["map"]
    assert maps["names"]["alley"] == "Back Alley"
    hunts = {o["key"]: o for o in lobby_options(beast.campaign_config_schema())}["hunt"]
    assert hunts["names"]["ashgrove"] == "The Ashgrove Beast"
    legacy = {o["key"]: o for o in lobby_options(get_ruleset("legacy").campaign_config_schema())}
    assert legacy["families"]["names"]["vance"] == "Vance"
    free = legacy["free_play_haunt"]["names"]
    assert free["the_hollow_man"] == "The Hollow Man"
    assert "the_first_blood" not in free  # a chapter's haunt is never offered (nor named)
    for option in [maps, hunts, legacy["families"], legacy["free_play_haunt"]]:
        assert set(option["names"]) == set(option["choices"]), option["key"]


def test_the_next_chapter_is_shown_by_its_settings_not_its_haunt() -> None:
    """The next game's settings are the options a new game's form offers, in words; its haunt
    and the house's cards stay out."""
    rs = get_ruleset("legacy")
    seats = [{"name": name, "bot": "default"} for name in ("Ann", "Bo", "Cy")]
    nxt = upcoming(rs, new_campaign(rs, {"players": 3}, 3, seats, "c1", ""))
    assert nxt is not None and nxt["haunt"]
    rows = settings_rows(rs.config_schema(), nxt)
    assert {"label": "mode", "value": "a campaign's chapter"} in rows
    assert nxt["haunt"] not in str(rows) and "house" not in {r["label"] for r in rows}
