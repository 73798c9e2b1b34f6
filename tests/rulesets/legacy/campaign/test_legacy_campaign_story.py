"""The story reaches the table: a chapter game started by the campaign (``campaign_next``) shows
every seat and spectator its chapter (story, set-up, how the haunt starts) and nothing of the
coming haunt; the ending read is the winning side's; the campaign summary tells the stories.
Rules: betrayal-legacy-rulebook.md "Setup" step 7 (read the Legacy deck), "The Legacy Decks"
(read in order, one card at a time), "Making a Haunt Roll" (the Legacy deck says what starts
the haunt), "During the Campaign" step 1 (the chapter ending of the side that won); RULING
HLC-6."""

from __future__ import annotations

import json
from typing import Any

import pytest

from hauntkit.core import Game, get_ruleset
from hauntkit.rulesets.legacy.chapters import load_chapters
from hauntkit.rulesets.legacy.story import ending_side, haunt_rule
from hauntkit.testing.wording import problems

CONFIG = {"players": 3, "families": ["ashdown", "crowley", "hartwell"]}


def _haunt_words(rs: Any, haunt_id: str) -> list[str]:
    """What would tell a player which haunt is coming: its id, name and texts."""
    h = rs.ix.haunts[haunt_id]
    return [haunt_id, h.name, h.intro, h.setup_text, h.heroes.book, h.traitor_book.book]


def _chapter_game(rs: Any, number: int) -> tuple[Game, dict[str, Any]]:
    """Chapter ``number``'s game as the campaign starts it (the heroes won every chapter
    before it)."""
    data = rs.campaign_start(CONFIG)
    for _ in range(number):
        cfg = rs.campaign_next(CONFIG, data, [])
        seats = [{"traitor": i == 1, "died": False, "revealer": i == 1} for i in range(3)]
        data = rs.record_game(data, cfg, {"winner": "heroes", "haunt": cfg.get("haunt"),
                                          "seats": seats})
    cfg = rs.campaign_next(CONFIG, data, [])
    assert cfg is not None and cfg["campaign"]["chapter"] == number
    return Game.new(rs, cfg, 5), cfg


@pytest.mark.parametrize("number", [0, 1])
def test_every_seat_and_a_spectator_read_the_chapter_and_nothing_of_its_haunt(
        number: int) -> None:
    rs = get_ruleset("legacy")
    game, cfg = _chapter_game(rs, number)
    chapter = rs.chapter(number)
    assert chapter is not None
    secret = _haunt_words(rs, cfg["haunt"])
    for seat in (0, 1, 2, None):
        view = game.view(seat)
        shown = view["chapter"]
        assert shown == {
            "number": number, "name": "Prologue" if number == 0 else f"Chapter {number}",
            "title": chapter.title, "year": chapter.year, "story": chapter.story,
            "setup": chapter.setup.text, "haunt_rule": haunt_rule(chapter), "ending": None}
        assert view["haunt"] is None
        text = json.dumps(view)
        for word in secret:
            assert word not in text, (seat, word)
        for ending in chapter.endings.values():  # the endings wait for the end
            assert ending.text not in text


def test_a_free_play_game_has_no_chapter() -> None:
    """Free play (no campaign, or a campaign's games after chapter 13) shows no chapter."""
    rs = get_ruleset("legacy")
    assert Game.new(rs, dict(CONFIG), 1).view(None)["chapter"] is None
    after = {**CONFIG, "mode": "free", "campaign": {
        "chapter": 14, "characters": [{"name": n, "age": 30} for n in ("Ada", "Bo", "Cy")]}}
    assert Game.new(rs, after, 1).view(0)["chapter"] is None


@pytest.mark.parametrize(("winner", "side"), [
    ("heroes", "heroes"), ("traitor", "traitor"), ("house", "traitor"), (None, "heroes")])
def test_the_ending_shown_is_the_one_the_campaign_records(winner: str | None,
                                                          side: str) -> None:
    """The page's ending and the record's are the same: the winning side's (a haunt the house
    wins is the traitor side's), the heroes' with no winner (RULING HLC-6)."""
    rs = get_ruleset("legacy")
    game, cfg = _chapter_game(rs, 0)
    game.state["result"] = {"winner": winner, "reason": "test", "haunt": cfg["haunt"],
                            "turns": 1, "ending": ""}
    assert ending_side(winner) == side
    shown = game.view(None)["chapter"]["ending"]
    assert shown == {"side": side, "text": rs.chapter(0).endings[side].text}
    seats = [{"traitor": i == 0, "died": False, "revealer": i == 0} for i in range(3)]
    record = rs.record_game(rs.campaign_start(CONFIG), cfg, {
        "winner": "traitor" if winner == "house" else winner, "haunt": cfg["haunt"],
        "seats": seats})
    assert record["chapters"][0]["ending"] == side


def test_the_campaign_page_tells_played_stories_and_the_next_story_only() -> None:
    """The summary (the campaign page): each played chapter opens with its story and gives the
    ending read; the next chapter's story is told before it is played, never its haunt; the
    chapters table names haunts by name."""
    rs = get_ruleset("legacy")
    data = rs.campaign_start(CONFIG)
    first = rs.campaign_summary(data)
    coming = next(s for s in first["sections"] if s["title"].startswith("Next:"))
    prologue = rs.chapter(0)
    assert coming == {"title": "Next: Prologue (1666): The First Stone", "text": prologue.story}
    cfg = rs.campaign_next(CONFIG, data, [])
    seats = [{"traitor": i == 2, "died": False, "revealer": i == 2} for i in range(3)]
    data = rs.record_game(data, cfg, {"winner": "traitor", "haunt": cfg["haunt"], "seats": seats})
    summary = rs.campaign_summary(data)
    played = next(s for s in summary["sections"] if s["title"].startswith("Prologue"))
    assert played["text"] == prologue.story
    rows = {r["label"]: r["value"] for r in played["rows"]}
    assert rows["ending read"] == "the traitor's"
    assert rows["ending"] == prologue.endings["traitor"].text
    table = next(s for s in summary["sections"] if s["title"] == "Chapters")["table"]
    assert table[0][3] == "The First Blood"
    chapter_one = rs.chapter(1)
    coming = next(s for s in summary["sections"] if s["title"].startswith("Next:"))
    assert coming["text"] == chapter_one.story
    text = json.dumps(summary)
    for word in _haunt_words(rs, chapter_one.haunt.haunt):
        assert word not in text, word


def test_the_free_play_haunt_choices_name_no_chapter_haunt() -> None:
    """The new-campaign form lists haunts by id: only free-play haunts, so it never tells which
    haunt a chapter plays ("The Legacy Decks": the campaign is read in order)."""
    rs = get_ruleset("legacy")
    schema = rs.campaign_config_schema()
    option = schema["properties"]["free_play_haunt"]
    choices = next(o["enum"] for o in [option, *option.get("anyOf", [])] if "enum" in o)
    assert choices == list(rs.ix.free_haunts)
    for ch in rs.campaign_chapters():
        assert ch.haunt.haunt not in choices


def test_every_chapters_words_read_well() -> None:
    """What a chapter shows (name, title, story, set-up, how its haunt starts, both endings)
    reads as words: no ids, no placeholders (hauntkit.testing.wording)."""
    for ch in load_chapters():
        lines = [ch.title, ch.story, ch.setup.text, haunt_rule(ch),
                 *(e.text for e in ch.endings.values())]
        for line in lines:
            assert problems(line) == [], (ch.id, line)
