"""What a campaign chapter shows its table, and when (docs/legacy-campaign.md "What a chapter
shows"): before the first turn its name, year, title, story, set-up text and how its haunt
starts (rulebook "Setup" step 7: read the Legacy deck; "Making a Haunt Roll": the Legacy deck
says what starts the haunt); once the game is over, the ending of the side that won (rulebook
"During the Campaign", step 1). The haunt itself is never named here: its intro is the view's
``haunt`` once it starts (rulebook "The Legacy Decks": cards are read one at a time, in
order)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hauntkit.rulesets.legacy.chapters import Chapter, Side


def chapter_name(number: int) -> str:
    """"Prologue" or "Chapter N"."""
    return "Prologue" if number == 0 else f"Chapter {number}"


def ending_side(winner: str | None) -> Side:
    """Whose ending a chapter reads: the winning side's; a haunt the house wins counts for the
    traitor's side; a game with no winning side (the turn cap) reads the heroes' ending
    (RULING HLC-6)."""
    return "traitor" if winner in ("traitor", "house") else "heroes"


def haunt_rule(ch: Chapter) -> str:
    """How the chapter's haunt starts, in words (the roll's threshold, RULING B4, and the
    chapter's other trigger); it never says which haunt."""
    rule = f"The haunt starts on a haunt roll of {ch.haunt.threshold} or more."
    trigger = ch.haunt.trigger
    return f"{rule} {trigger.text}" if trigger is not None else rule


def shown(ch: Chapter, state: dict[str, Any]) -> dict[str, Any]:
    """The chapter as every seat and spectator sees it in this game's ``state``."""
    result = state.get("result")
    ending = None
    if result is not None:
        side = ending_side(result.get("winner"))
        ending = {"side": side, "text": ch.endings[side].text}
    return {"number": ch.number, "name": chapter_name(ch.number), "title": ch.title,
            "year": ch.year, "story": ch.story, "setup": ch.setup.text,
            "haunt_rule": haunt_rule(ch), "ending": ending}


def game_chapter(find: Callable[[int], Chapter | None],
                 state: dict[str, Any]) -> Chapter | None:
    """The chapter a campaign game plays (its config's ``campaign.chapter``, in campaign mode,
    looked up with ``find``); None in free play."""
    config = state.get("config") or {}
    notes = config.get("campaign") or {}
    if config.get("mode") != "campaign" or not isinstance(notes.get("chapter"), int):
        return None
    return find(notes["chapter"])


__all__ = ["chapter_name", "ending_side", "game_chapter", "haunt_rule", "shown"]
