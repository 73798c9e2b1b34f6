"""Content schema of the hunt: events, locations and hunts (docs/hunt.md "Content").

Numbers here are ours (RULING R8: location cards are not in the documents); the shape follows
the document's "Renown vs. Infamy", "Mystery Table" and "A Dark World..." sections and the
rulings HR-70..HR-79.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from hauntkit.rulesets.beast.gear.schema import Skill

Alignment = Literal["order", "chaos"]
Colour = Literal["blue", "gray"]
# what a card of each colour earns ("Renown vs. Infamy"; RULING HR-107)
COLOUR_EARNS: dict[str, str] = {"blue": "renown", "gray": "infamy"}


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _Item(_Model):
    replace: bool = Field(False, description="override an item of the same id loaded earlier")


class Effects(_Model):
    """What an event (or one of its choices) does to the party; every field adds to it."""

    crypto: int = Field(0, ge=-20, le=50, description="Crypto gained (negative: paid)")
    clues: int = Field(0, ge=-5, le=5, description="clues toward the investigation's goal")
    renown: int = Field(0, ge=-5, le=5, description="party renown points (HR-71)")
    infamy: int = Field(0, ge=-5, le=5, description="party infamy points (HR-71)")
    damage: int = Field(0, ge=0, le=10, description="HP each hunter loses (never below 1)")
    sanity: int = Field(0, ge=0, le=10, description="Sanity each hunter loses (never below 1)")
    heal: int = Field(0, ge=0, le=10, description="HP each hunter regains (up to its maximum)")
    find: str | None = Field(None, description="a gear item the hunters find; the party "
                             "picks who keeps it (Dybbuk Boxes: \"Only found\", HR-105)")


class Check(_Model):
    """A skill check N+ one hunter of the party attempts (RULING HR-2: a d6 plus the skill)."""

    skill: Skill
    target: int = Field(ge=2, le=12, description="the total that passes (N+)")


class Choice(_Model):
    """One option the party may take at an event; with a ``check`` one hunter the party
    picks attempts it: ``effects`` on a success, ``fail`` on a failure (RULING HR-106)."""

    id: str
    text: str = Field(min_length=1)
    effects: Effects = Field(default_factory=Effects)
    check: Check | None = None
    fail: Effects = Field(default_factory=Effects)


class HuntEvent(_Item):
    """An event at a location: its effects, then (optionally) a choice the party makes."""

    id: str
    name: str
    text: str = Field(min_length=1, description="what happens, in our own words")
    alignment: Alignment | None = Field(None, description="Order or Chaos: the Mystery Table")
    colour: Colour | None = Field(None, description=(
        "a Blue (earns Renown) or Gray (earns Infamy) Event card, drawn at each location "
        "from the pack's coloured cards (HR-107); none: a Location card's own event"))
    effects: Effects = Field(default_factory=Effects)
    choices: list[Choice] = Field(default_factory=list)

    @model_validator(mode="after")
    def _distinct_choices(self) -> HuntEvent:
        ids = [c.id for c in self.choices]
        if len(set(ids)) != len(ids):
            raise ValueError("choice ids must be different")
        return self

    def all_effects(self) -> list[Effects]:
        """The event's own effects and every choice's (success and failure)."""
        return [self.effects, *(fx for c in self.choices for fx in (c.effects, c.fail))]

    @model_validator(mode="after")
    def _colour_earns_its_points(self) -> HuntEvent:
        """A Blue card earns Renown and never Infamy; a Gray card the reverse (HR-107)."""
        if self.colour is None:
            return self
        earns = COLOUR_EARNS[self.colour]
        other = COLOUR_EARNS["gray" if self.colour == "blue" else "blue"]
        fxs = self.all_effects()
        if not any(getattr(fx, earns) > 0 for fx in fxs):
            raise ValueError(f"colour: a {self.colour} card must earn {earns} "
                             f"(its effects or a choice's give {earns} > 0)")
        if any(getattr(fx, other) > 0 for fx in fxs):
            raise ValueError(f"colour: a {self.colour} card earns {earns}, never {other}")
        return self


class EnemyDefeated(_Model):
    """An enemy is defeated in a battle of the hunt (of that kind or template, if given)."""

    kind: Literal["enemy_defeated"]
    enemy: str | None = Field(None, description="an enemy id (default: any enemy)")
    template: Literal["BASE", "UNDEAD", "CREATURE_OF_THE_NIGHT", "MONSTER", "CONDEMNED",
                      "BEHEMOTH"] | None = Field(None, description="an enemy template")


class BattleWon(_Model):
    """The hunters win a battle (``unhurt``: without a hunter going down in it)."""

    kind: Literal["battle_won"]
    unhurt: bool = Field(False, description="no hunter falls in the battle")


class CheckPassed(_Model):
    """A hunter passes an event's skill check (of that skill, if given; HR-106)."""

    kind: Literal["check_passed"]
    skill: Skill | None = Field(None, description="the check's skill (default: any)")


class CryptoPaid(_Model):
    """The party pays Crypto at an event (a choice that costs Crypto)."""

    kind: Literal["crypto_paid"]


class ClueFound(_Model):
    """The party gains a clue at an event."""

    kind: Literal["clue_found"]


ThemeCondition = Annotated[EnemyDefeated | BattleWon | CheckPassed | CryptoPaid | ClueFound,
                           Field(discriminator="kind")]


class Theme(_Item):
    """A Theme card: drawn at an Investigation's start and shown to every hunter; each time
    its condition is met during the Investigation (up to ``times``) the party earns its
    Renown or Infamy ("Renown vs. Infamy"; RULING HR-107)."""

    id: str
    name: str
    text: str = Field(min_length=1, description="the card, in our own words")
    when: ThemeCondition = Field(description="what earns the points")
    renown: int = Field(0, ge=0, le=5, description="Renown earned each time")
    infamy: int = Field(0, ge=0, le=5, description="Infamy earned each time")
    times: int = Field(1, ge=1, le=5, description="how often it pays in one Investigation")

    @model_validator(mode="after")
    def _one_kind_of_points(self) -> Theme:
        if (self.renown > 0) == (self.infamy > 0):
            raise ValueError("renown/infamy: a Theme card earns either Renown or Infamy "
                             "points (exactly one of them above 0)")
        return self


class Penance(_Model):
    """What the hunter paying a location's Penance gives up ("Specific Buffs" / Offering)."""

    hp: int = Field(0, ge=0, le=10, description="HP the payer loses (never below 1)")
    sanity: int = Field(0, ge=0, le=10, description="Sanity the payer loses (never below 1)")
    crypto: int = Field(0, ge=0, le=50, description="Crypto the party pays")


class Location(_Item):
    """A place the hunters investigate; its ambushers fight them when the risk roll says so."""

    id: str
    name: str
    text: str = Field(min_length=1)
    map: str = Field(description="the battle map of a fight here")
    risk: int = Field(ge=0, le=6, description="ambush when a d6 rolls this or lower (HR-71)")
    events: list[str] = Field(default_factory=list, description="event ids, in order")
    ambushers: list[str] | None = Field(None, description="enemy ids (default: the map's)")
    reward: int = Field(0, ge=0, le=50, description="Crypto for winning a battle here")
    penance: Penance | None = Field(None, description="a Penance for the Offering (HR-53)")
    lights: int | None = Field(None, ge=0, le=4, description=(
        "light sources on the Location card, placed by the party before a battle here "
        "(HR-79); default: the map's own lights"))


class Investigation(_Model):
    """An investigation: locations visited in order; the last one holds its target."""

    id: str
    name: str
    text: str = Field(min_length=1)
    locations: list[str] = Field(min_length=1)
    clues_needed: int = Field(0, ge=0, le=20, description="clues to find the target (HR-75)")
    reward: int = Field(0, ge=0, le=100, description="Crypto when its target is slain")


class RestRules(_Model):
    """What a rest gives (HR-74)."""

    hp: int = Field(2, ge=0, le=10)
    sanity: int = Field(1, ge=0, le=10)
    treat_cost: int = Field(3, ge=0, le=50, description="Crypto to treat one wound")


class Hunt(_Item):
    """A hunt: the campaign of investigations (HR-70)."""

    id: str
    name: str
    text: str = Field(min_length=1)
    crypto: int = Field(0, ge=0, le=200, description="Crypto the party starts with")
    hunters: list[str] = Field(min_length=1, max_length=4, description="the default party")
    investigations: list[Investigation] = Field(min_length=1)
    rest: RestRules = Field(default_factory=RestRules)
    max_wounds: int = Field(3, ge=1, le=10, description="a hunter dies at this many (HR-72)")
    event_cards: int = Field(1, ge=0, le=3, description=(
        "Blue or Gray Event cards drawn at each location, after its own events (HR-107)"))
    themes: bool = Field(True, description="a Theme card for each Investigation (HR-107)")


class HuntLegConfig(_Model):
    """The config of one leg of a hunt (``campaign_next`` makes it)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    hunt: str
    investigation: str
    location: str


def check_hunt_refs(items: dict) -> list[tuple[str, str, str]]:
    """Every id a hunt, location or event names exists, and fights fit their maps."""
    problems: list[tuple[str, str, str]] = []
    maps, enemies = items.get("maps", {}), items.get("enemies", {})
    events, locations = items.get("hunt_events", {}), items.get("locations", {})
    for lid, loc in locations.items():
        if loc.map not in maps:
            problems.append(("locations", lid, f"unknown map {loc.map!r}"))
        for eid in loc.events:
            if eid not in events:
                problems.append(("locations", lid, f"unknown event {eid!r}"))
        for eid in loc.ambushers or []:
            if eid not in enemies:
                problems.append(("locations", lid, f"unknown enemy {eid!r}"))
        if loc.map in maps and loc.ambushers is not None:
            starts = "".join(maps[loc.map].rows).count("E")
            if len(loc.ambushers) > starts:
                problems.append(("locations", lid, f"map {loc.map} has {starts} enemy starts"))
    for tid, theme in items.get("themes", {}).items():
        enemy = getattr(theme.when, "enemy", None)
        if enemy is not None and enemy not in enemies:
            problems.append(("themes", tid, f"when.enemy: unknown enemy {enemy!r}"))
    gear = items.get("gear", {})
    for eid, event in events.items():
        for fx in [event.effects, *(c.effects for c in event.choices)]:
            if fx.find is not None and fx.find not in gear:
                problems.append(("hunt_events", eid, f"unknown gear item {fx.find!r}"))
    for hid, hunt in items.get("hunts", {}).items():
        for name in hunt.hunters:
            if name not in items.get("hunters", {}):
                problems.append(("hunts", hid, f"unknown hunter {name!r}"))
        seen: set[str] = set()
        for inv in hunt.investigations:
            if inv.id in seen:
                problems.append(("hunts", hid, f"investigation id {inv.id!r} repeats"))
            seen.add(inv.id)
            for lid in inv.locations:
                if lid not in locations:
                    problems.append(("hunts", hid, f"{inv.id}: unknown location {lid!r}"))
    return problems


HUNT_KINDS = {"hunt_events": HuntEvent, "locations": Location, "hunts": Hunt, "themes": Theme}

__all__ = ["COLOUR_EARNS", "HUNT_KINDS", "BattleWon", "CheckPassed", "Choice", "ClueFound",
           "CryptoPaid", "Effects", "EnemyDefeated", "Hunt", "HuntEvent", "HuntLegConfig",
           "Investigation", "Location", "Penance", "RestRules", "Theme", "ThemeCondition",
           "check_hunt_refs"]
