"""The Legacy campaign's chapters as content: a pydantic schema, whole-pack checks, and a loader.

A chapter file is YAML with a top-level ``chapters`` list (``ruleset: legacy``); the starter
chapters are in ``hauntkit/content/legacy/campaign/chapters/`` (a prologue, number 0, and
chapters 1-13, in our own words). Each chapter says how it is set up, how its haunt starts (the
haunt roll's threshold, RULING B4, and optionally another trigger) and which haunt it plays, and
for each winning side what changes in the house for good (its *ending*: the Bleak Journal entry
of the rulebook's "During the Campaign", step 1). See docs/legacy-campaign.md.

Errors name the file, line and field (``hauntkit.core.content.load_pack``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from hauntkit.core.content import PackSpec, load_pack, starter_dir

_ID = r"^[a-z0-9_]+$"
LAST_CHAPTER = 13  # rulebook "Overview": 13 chapters plus a prologue
Side = Literal["heroes", "traitor"]
# Who gets a crest: the traitor's family, every family of the winning side, the haunt
# revealer's family, or every family that played the chapter.
CrestFor = Literal["traitor", "winners", "revealer", "everyone"]


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class Crest(_M):
    """Place a family's crest on a card or tile (``card``), for the families ``family``
    names."""

    card: str = Field(pattern=_ID)
    family: CrestFor


class Changes(_M):
    """Permanent changes to the house (rulebook "Adding or Intensifying Event Cards", "Back in
    Box and the Tomb", "Sticker Sheet", "Omen Card Names"). Card ids are the legacy pack's."""

    add: list[str] = Field(default=[], description="Purgatory cards added to their deck")
    add_or_intensify: list[str] = Field(
        default=[], description="added if still in Purgatory, else one more box checked")
    intensify: list[str] = Field(default=[], description="one more box checked (in a deck)")
    tiles: list[str] = Field(default=[], description="tiles added from the planks to the stack")
    stickers: list[str] = Field(default=[], description="rules stickers now in force")
    tomb: list[str] = Field(default=[], description="cards or tiles put in the Tomb")
    untomb: list[str] = Field(default=[], description="cards or tiles back from the Tomb")
    destroy: list[str] = Field(default=[], description="cards or tiles destroyed for good")
    crests: list[Crest] = []
    names: dict[str, str] = Field(default={}, description="omen card id -> its final name")
    secret_passages: list[str] = Field(
        default=[], description="tiles that get a Secret Passage sticker")

    def ids(self) -> list[tuple[str, str]]:
        """Every (field, id) this names, for reference checks."""
        out = [(f, cid) for f in ("add", "add_or_intensify", "intensify", "tiles", "tomb",
                                  "untomb", "destroy", "secret_passages")
               for cid in getattr(self, f)]
        out += [("crests", c.card) for c in self.crests] + [("names", k) for k in self.names]
        return out


class Ending(Changes):
    """A chapter's ending for one winning side: its story (``text``) and its changes."""

    text: str = Field(min_length=1)


class Trigger(_M):
    """Another way the chapter's haunt starts (rulebook "Making a Haunt Roll": "in campaign
    mode, there may be another way to trigger the haunt"): without a roll once ``omens`` omen
    cards have been drawn, or when the tile ``tile`` is discovered. ``text`` says it in
    words."""

    omens: int | None = Field(default=None, ge=1, le=8)
    tile: str | None = Field(default=None, pattern=_ID)
    text: str = Field(min_length=1)

    @model_validator(mode="after")
    def _one(self) -> Trigger:
        if (self.omens is None) == (self.tile is None):
            raise ValueError("give exactly one of 'omens' or 'tile'")
        return self


class HauntStart(_M):
    """How and which haunt starts: the haunt roll succeeds at ``threshold`` or more (RULING
    B4), or ``trigger`` fires; the haunt played is ``haunt`` (an id of the legacy pack's
    haunts; none: the haunt chart decides)."""

    threshold: int = Field(default=5, ge=1, le=16)
    trigger: Trigger | None = None
    haunt: str | None = Field(default=None, pattern=_ID)


class ChapterSetup(_M):
    """What is done at set-up, before play (rulebook "Setup", step 7: read the Legacy deck):
    ``text`` to read aloud, and changes made now (kept for future chapters too)."""

    text: str = Field(min_length=1)
    changes: Changes = Changes()


class Chapter(_M):
    """One chapter of the campaign (0 is the prologue)."""

    id: str = Field(pattern=_ID)
    number: int = Field(ge=0, le=LAST_CHAPTER)
    title: str = Field(min_length=1)
    year: int = Field(ge=1000, le=3000, description="the year the chapter is set in")
    story: str = Field(min_length=1)
    setup: ChapterSetup
    haunt: HauntStart = HauntStart()
    endings: dict[Side, Ending]
    replace: bool = False

    @model_validator(mode="after")
    def _both_endings(self) -> Chapter:
        missing = sorted({"heroes", "traitor"} - set(self.endings))
        if missing:
            raise ValueError(f"endings: missing the ending of {', '.join(missing)}")
        return self


Items = dict[str, dict[str, Any]]


def check_numbers(items: Items) -> list[tuple[Any, ...]]:
    """The chapters are numbered 0 (prologue) to 13, each number once."""
    problems: list[tuple[Any, ...]] = []
    seen: dict[int, str] = {}
    for cid, ch in items.get("chapters", {}).items():
        if ch.number in seen:
            problems.append(("chapters", cid, ("number",),
                             f"chapter number {ch.number} is also chapter {seen[ch.number]!r}"))
        seen.setdefault(ch.number, cid)
    if items.get("chapters"):
        missing = [n for n in range(LAST_CHAPTER + 1) if n not in seen]
        if missing:
            first = min(items["chapters"])
            problems.append(("chapters", first, ("number",),
                             f"the campaign lacks chapter number(s) {missing} (0-13 each once)"))
    return problems


def _known(items: Items) -> dict[str, set[str]]:
    """Ids a chapter may name, from whichever kinds the pack has (the legacy pack's cards,
    tiles and haunts when the chapters are loaded with it)."""
    cards = set(items.get("cards", {}))
    tiles = set(items.get("rooms", {})) | set(items.get("tiles", {}))
    return {"cards": cards, "tiles": tiles, "haunts": set(items.get("haunts", {}))}


def check_refs(items: Items) -> list[tuple[Any, ...]]:
    """Ids named by chapters exist in the pack (checked only for kinds the pack has)."""
    known = _known(items)
    problems: list[tuple[Any, ...]] = []
    for cid, ch in items.get("chapters", {}).items():
        if known["haunts"] and ch.haunt.haunt and ch.haunt.haunt not in known["haunts"]:
            problems.append(("chapters", cid, ("haunt", "haunt"),
                             f"unknown haunt {ch.haunt.haunt!r}"))
        trig = ch.haunt.trigger
        if trig and trig.tile and known["tiles"] and trig.tile not in known["tiles"]:
            problems.append(("chapters", cid, ("haunt", "trigger", "tile"),
                             f"unknown tile {trig.tile!r}"))
        blocks: list[tuple[tuple[Any, ...], Changes]] = [(("setup", "changes"), ch.setup.changes)]
        blocks += [(("endings", side), end) for side, end in ch.endings.items()]
        for loc, changes in blocks:
            for field, ref in changes.ids():
                pool = known["tiles"] if field in ("tiles", "secret_passages") else known["cards"] | known["tiles"]
                if (known["cards"] or known["tiles"]) and ref not in pool:
                    problems.append(("chapters", cid, (*loc, field),
                                     f"unknown {'tile' if field == 'tiles' else 'card or tile'}"
                                     f" {ref!r}"))
    return problems


CHECKS = [check_numbers, check_refs]
CHAPTER_KINDS: dict[str, type[BaseModel]] = {"chapters": Chapter}
CHAPTER_SPEC = PackSpec(ruleset="legacy", kinds=CHAPTER_KINDS, checks=[check_numbers])


def chapters_dir() -> Path:
    """The starter chapters' folder."""
    return starter_dir("legacy") / "campaign" / "chapters"


def load_chapters(paths: list[str | Path] | None = None) -> list[Chapter]:
    """The chapters in campaign order (by number), from ``paths`` (default: the starter
    chapters). A bad file raises ``ContentError`` naming file, line and field."""
    pack = load_pack(CHAPTER_SPEC, paths or [chapters_dir()])
    return sorted(pack.items["chapters"].values(), key=lambda c: c.number)  # type: ignore[attr-defined]


__all__ = ["CHAPTER_KINDS", "CHAPTER_SPEC", "CHECKS", "Changes", "Chapter", "Ending",
           "LAST_CHAPTER", "load_chapters"]
