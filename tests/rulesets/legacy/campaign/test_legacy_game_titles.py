"""The legacy campaign's games as the campaign page names them (docs/campaigns.md "Showing the
campaign", ``campaign_game_title``): the prologue, the thirteen chapters with their titles in
the order they are played, then free play (rulebook "Overview": 13 chapters plus a prologue,
then free play)."""

from __future__ import annotations

from hauntkit.core import get_ruleset
from hauntkit.core.campaign_view import present


def test_the_prologue_the_chapters_in_order_then_free_play() -> None:
    rs = get_ruleset("legacy")
    config = {"players": 3}
    data = rs.campaign_start(config)
    titles = [rs.campaign_game_title(i, {}) for i in range(16)]
    assert titles[0].startswith("Prologue: ")
    assert [t.split(":")[0] for t in titles[1:14]] == [f"Chapter {n}" for n in range(1, 14)]
    assert titles[14:] == ["Free play 1", "Free play 2"]
    # the name agrees with the record's own "next" line before the game is played
    rows = {r["label"]: r["value"] for r in present(rs, data)["sections"][0]["rows"]}
    assert rows["next"] == "the prologue" and data["next"] == 0
    assert rs.chapter(0).title in titles[0] and rs.chapter(7).title in titles[7]
