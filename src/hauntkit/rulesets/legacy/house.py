"""The ``house`` a campaign brings into one Legacy game (config field ``house``).

Everything the campaign layer changed about the components before this game: which Purgatory
cards and plank tiles were added, which components are out of the game (Tomb, destroyed, back
in the box), intensified checkboxes, heirlooms, rule stickers, crests and names. The format is
documented in docs/legacy.md; the single-game engine reads it, the campaign layer writes it.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

_ID = r"^[a-z0-9_]+$"


class House(BaseModel):
    """The persistent state of the house and its decks as one game sees it."""

    model_config = ConfigDict(extra="forbid")

    add: list[str] = Field(default=[], description=(
        "Purgatory cards and plank tiles added to the decks and the tile stack (content items "
        "marked `purgatory: true` are out of the game unless listed here)"))
    remove: list[str] = Field(default=[], description=(
        "cards and tiles out of this game: in the Tomb, destroyed, or back in the box"))
    intensify: dict[str, int] = Field(default={}, description=(
        "event card id -> checked intensify boxes (at most the card's `intensify` count)"))
    heirlooms: dict[str, str] = Field(default={}, description=(
        "item card id -> the family whose heirloom it is (at most nine per family)"))
    stickers: list[str] = Field(default=[], description="rule stickers in force (their ids)")
    crests: dict[str, list[str]] = Field(default={}, description=(
        "card or tile id -> families whose crest is on it, in the order placed"))
    names: dict[str, str] = Field(default={}, description=(
        "card id -> the name written on it (omens, heirlooms); no game effect"))
    secret_passages: list[str] = Field(default=[], description=(
        "tiles that got a Secret Passage sticker (besides those printed with one)"))

    def heirloom_count(self, family: str) -> int:
        """How many of the family's nine Heirloom stickers are used."""
        return sum(1 for f in self.heirlooms.values() if f == family)


MAX_HEIRLOOMS = 9
"""Heirloom stickers per family (rulebook, "Sticker Sheet")."""
