"""THE whole-campaign test (issue 9): bots play the Legacy campaign from the prologue through
chapter 13 and one free-play game through the real storage (server/campaigns.py on SQLite),
the database closed and reopened between every chapter and once in the middle of a chapter
(the game reloaded from its stored actions), checking that every change carried over: the
house record (cards, tiles, Tomb, destroyed, intensified, stickers, crests), the families and
their members, heirlooms, and the decks each game was dealt."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from legacy_campaign_play import play_whole_campaign

from hauntkit.core import Game, get_ruleset
from hauntkit.core.campaign import current_game
from hauntkit.core.ruleset import plays_campaigns
from hauntkit.rulesets.legacy.chapters import LAST_CHAPTER

SEATS = [{"name": n, "bot": "random"} for n in ("Ann", "Bo", "Cy")]


def _in_game(state: dict[str, Any]) -> set[str]:
    """Every card and tile id a game has: decks, stack, the house, hands, piles."""
    ids = set(state["stack"]) | set(state["tiles"]) | set(state.get("aside", []))
    for deck in state["decks"].values():
        ids |= set(deck)
    for ex in state["explorers"]:
        ids |= set(ex["cards"])
    for pile in state.get("piles", {}).values():
        ids |= set(pile) if isinstance(pile, list) else set()
    ids |= set(state.get("limbo", []))
    choice = state.get("choice") or {}
    ids |= set(choice.get("cards", []))  # e.g. the three items a joining family chooses from
    return ids


def check_game(start: Game, end: Game, house: dict[str, Any]) -> None:
    """The game was dealt the house: every added card/tile is in it, nothing the Tomb holds or
    that was destroyed is, and (in a chapter) no Purgatory card that was not added."""
    rs = start.ruleset
    ids = _in_game(start.state)
    assert set(house["add"]) <= ids, f"added but not dealt: {set(house['add']) - ids}"
    assert not set(house["remove"]) & ids, f"out of play but dealt: {set(house['remove']) & ids}"
    if start.state["config"]["mode"] == "campaign":
        never = set(rs.ix.purgatory) - set(house["add"])
        assert not never & ids, f"Purgatory cards in play: {never & ids}"
    heirlooms = end.state["legacy"]["heirlooms"]
    assert {k: v for k, v in heirlooms.items() if k in house["heirlooms"]} == house["heirlooms"]


def test_bots_play_the_whole_campaign_through_storage(tmp_path: Path) -> None:
    """Rulebook "Overview" (13 chapters plus a prologue, then free play) and "During the
    Campaign"; docs/campaigns.md "Storage and crashes"; RULINGS HK-1, HLC-1..6."""
    rs = get_ruleset("legacy")
    assert plays_campaigns(rs)
    fams = rs.campaign_families()
    # the fourth family misses the prologue and chapter 1, then joins the campaign late
    config = {"players": 3, "families": fams[:3], "free_play_games": 1,
              "lineups": [fams[:3], fams[:3], [fams[0], fams[1], fams[3]]]}
    camp = play_whole_campaign(rs, tmp_path, config, SEATS, games=LAST_CHAPTER + 2,
                               crash_in=6, crash_after=40, check_game=check_game)
    assert camp["status"] == "finished" and current_game(camp) is None
    data = camp["data"]
    assert [c["number"] for c in data["chapters"]] == list(range(LAST_CHAPTER + 2))
    assert [c["mode"] for c in data["chapters"]] == ["campaign"] * 14 + ["free"]
    # every family at the table has one member a game, with name, age and fate
    assert data["chapters"][2]["joined"] == [fams[3]]
    assert len(data["families"][fams[3]]["members"]) == 1
    for fam in fams[:3]:
        members = data["families"][fam]["members"]
        assert len(members) == LAST_CHAPTER + 2 - (fam == fams[2])
        assert all(m["name"] and m["age"] > 0 and m["fate"] for m in members)
    # the chapters changed the house: cards and tiles were added, boxes checked, stickers
    assert data["cards"] and data["tiles"] and data["intensified"] and data["stickers"]
    assert data["crests"]
