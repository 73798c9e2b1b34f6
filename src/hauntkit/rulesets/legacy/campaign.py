"""The Legacy campaign: the campaign hooks of the ``legacy`` ruleset (docs/campaigns.md) on the
record of ``record.py`` and the chapters of ``chapters.py``.

- ``campaign_start``: an empty record with every family of the box;
- ``campaign_next``: the next chapter's game config (families and characters at the table,
  the haunt's threshold/trigger/haunt, the house as the record leaves it, who joins the
  campaign); after chapter 13, free-play games (rulebook "Overview");
- ``carry_out``: the record after the game: its row in the history, the families' members
  (name, age, fate, died, traitor), heirlooms made, cards sent to the Tomb or destroyed, and
  the chapter's set-up changes and the winning side's ending.

Everything is a pure function of its arguments (campaign determinism, RULING HK-1).
"""

from __future__ import annotations

import copy
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from hauntkit.core.ruleset import ConfigError, RulesetConfig
from hauntkit.rulesets.legacy import joining, record
from hauntkit.rulesets.legacy.chapters import LAST_CHAPTER, Chapter, load_chapters
from hauntkit.rulesets.legacy.outcome import game_outcome, house_of
from hauntkit.rulesets.legacy.story import chapter_name, ending_side
from hauntkit.rulesets.legacy.summary import campaign_summary

DEFAULT_FAMILIES = ("red", "blue", "green", "yellow", "purple")
MAX_AGE = 80  # RULING HLC-1: an older survivor hands over to a new member


class Member(BaseModel):
    """A character a human names for a family (rulebook "Setup", steps 5-6)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    name: str = Field(min_length=1, max_length=60)
    age: int = Field(ge=0, le=150)


class LegacyCampaignConfig(RulesetConfig):
    """Options of a Legacy campaign (``hauntkit campaign new --ruleset legacy --config ...``)."""

    players: int | None = Field(default=None, ge=3, le=5)
    families: list[str] | None = Field(
        default=None, description="the family of each seat; if none is chosen, the first families",
        json_schema_extra={"per_seat": True})
    lineups: list[list[str]] = Field(
        default=[], description="game i is played by the families lineups[i] (a missing "
                                "entry: `families`), so families can miss chapters")
    members: dict[str, list[Member]] = Field(
        default={}, description="names and ages a family's new members take, in order "
                                "(then generated ones)")
    free_play_games: int | None = Field(
        default=None, ge=0, description="free-play games after chapter 13; if none, endless")
    free_play_haunt: str | None = Field(
        default=None, description="the haunt of free-play games; if none, the chart's")
    free_play_threshold: int = Field(
        default=5, ge=1, le=16, description="free play: the haunt roll's threshold (RULING B4)")


def parse_config(config: dict[str, Any]) -> LegacyCampaignConfig:
    """The campaign config checked; ``ConfigError`` names the first wrong field."""
    try:
        return LegacyCampaignConfig.model_validate(config)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = ".".join(str(p) for p in err["loc"])
        raise ConfigError(f"config.{loc}" if loc else "config", err["msg"]) from None


class LegacyCampaignMixin:
    """The campaign hooks of the legacy ruleset. The ruleset class lists it first among its
    bases; it reads the pack through ``campaign_families``/``campaign_box``/
    ``campaign_chapters`` (overridable)."""

    campaign_noun: ClassVar[str] = "chapter"
    CampaignConfig: ClassVar[type[RulesetConfig] | None] = LegacyCampaignConfig

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        rules = getattr(getattr(self, "ix", None), "rules", None)
        if rules is not None:
            joining.install(rules)

    # -- what the mixin needs from the ruleset ------------------------------------------
    def campaign_families(self) -> list[str]:
        """The family ids of the box, in pack order (the legacy index keeps the Family cards
        as betrayal's ``characters``)."""
        fams = getattr(getattr(self, "ix", None), "characters", None)
        return list(fams) if fams else list(DEFAULT_FAMILIES)

    def campaign_config_schema(self) -> dict[str, Any]:
        """The campaign options' JSON Schema with the box's families as each seat's choices
        (the lobby asks ``families`` on each seat's row)."""
        schema = copy.deepcopy(super().campaign_config_schema())  # type: ignore[misc]
        fam = schema.get("properties", {}).get("families", {})
        for option in [fam, *fam.get("anyOf", [])]:
            if option.get("type") == "array":
                option.setdefault("items", {})["enum"] = self.campaign_families()
                names = getattr(getattr(self, "ix", None), "characters", None) or {}
                option["items"]["enumNames"] = [names[f].name if f in names else f.capitalize()
                                                for f in self.campaign_families()]
        # free-play haunts only: a chapter's haunt, listed here by its id, would tell the table
        # which haunt a coming chapter plays (rulebook "The Legacy Decks": read in order)
        haunts = list(getattr(getattr(self, "ix", None), "free_haunts", []))
        fp = schema.get("properties", {}).get("free_play_haunt", {})
        for option in [fp, *fp.get("anyOf", [])]:
            if option.get("type") == "string" and haunts:
                option["enum"] = haunts
                option["enumNames"] = [self.ix.haunts[h].name for h in haunts]
        return schema

    def campaign_box(self) -> record.Box:
        """From the pack: which cards/tiles are in play from the start (not ``purgatory``),
        and each card's number of intensify boxes."""
        ix = getattr(self, "ix", None)
        if ix is None:
            return record.Box()
        parts = [*ix.cards.items(), *ix.rooms.items()]
        names = {i: x.name for i, x in [*parts, *getattr(ix, "characters", {}).items(),
                                        *getattr(ix, "haunts", {}).items()]}
        return record.Box(starter={i for i, x in parts if not getattr(x, "purgatory", False)},
                          boxes={i: x.intensify for i, x in ix.cards.items()
                                 if getattr(x, "intensify", 0)}, names=names)

    def campaign_chapters(self) -> list[Chapter]:
        """The chapters, prologue first: the pack's (content folders may add or replace
        chapters), else the starter chapters."""
        cached = getattr(self, "_chapters", None)
        if cached is None:
            in_pack = getattr(getattr(self, "ix", None), "chapters", None)
            cached = (sorted(in_pack.values(), key=lambda c: c.number) if in_pack
                      else load_chapters())
            self._chapters = cached
        return cached

    def card_name(self, cid: str) -> str:
        """A card's printed name (its id when the pack is not at hand)."""
        card = getattr(getattr(self, "ix", None), "cards", {}).get(cid)
        return getattr(card, "name", cid)

    def chapter(self, number: int) -> Chapter | None:
        """Chapter ``number`` (None after the last: free play)."""
        return next((c for c in self.campaign_chapters() if c.number == number), None)

    # -- the hooks ----------------------------------------------------------------------
    def campaign_start(self, config: dict[str, Any]) -> dict[str, Any]:
        cfg = parse_config(config)
        fams = self.campaign_families()
        for i, lineup in enumerate([cfg.families or [], *cfg.lineups]):
            bad = [f for f in lineup if f not in fams]
            field = "config.families" if i == 0 else f"config.lineups.{i - 1}"
            if bad:
                raise ConfigError(field, f"unknown families {bad}; known: {', '.join(fams)}")
            if len(set(lineup)) != len(lineup):
                raise ConfigError(field, "a family can sit only once at the table")
        bad = sorted(set(cfg.members) - set(fams))
        if bad:
            raise ConfigError("config.members", f"unknown families {bad}")
        rec = record.new_record(fams)
        rec["named"] = {f: [m.model_dump() for m in ms] for f, ms in cfg.members.items()}
        return rec

    def table(self, config: dict[str, Any], index: int) -> list[str]:
        """The families at the table of game ``index``."""
        cfg = parse_config(config)
        n = cfg.players or 3
        lineup = cfg.lineups[index] if index < len(cfg.lineups) else cfg.families
        lineup = lineup or self.campaign_families()[:n]
        if len(lineup) != n:
            raise ConfigError("config.lineups" if index < len(cfg.lineups) else
                              "config.families", f"{len(lineup)} families for {n} seats")
        return list(lineup)

    def campaign_next(self, config: dict[str, Any], data: dict[str, Any],
                      played: list[dict[str, Any]]) -> dict[str, Any] | None:
        cfg = parse_config(config)
        number = data["next"]
        if number > LAST_CHAPTER and cfg.free_play_games is not None \
                and number - LAST_CHAPTER - 1 >= cfg.free_play_games:
            return None
        index = len(data["chapters"])
        families = self.table(config, index)
        ch = self.chapter(number)
        current = data
        if ch is not None:
            current, _ = record.apply_changes(data, ch.setup.changes, self.campaign_box())
        trig = ch.haunt.trigger if ch else None
        game: dict[str, Any] = {
            "players": len(families), "families": families,
            "mode": "campaign" if ch is not None else "free",
            "haunt_threshold": ch.haunt.threshold if ch else cfg.free_play_threshold,
            "house": house_of(current)}
        haunt = ch.haunt.haunt if ch else cfg.free_play_haunt
        if haunt is not None:
            game["haunt"] = haunt
        if trig is not None and trig.tile is not None:
            game["haunt_on_tile"] = trig.tile
        if trig is not None and trig.omens is not None:
            game["haunt_after_omens"] = trig.omens
        if "campaign" in self.game_config_fields():
            game["campaign"] = self.game_notes(data, families)
        return game

    def game_config_fields(self) -> set[str]:
        """The fields the ruleset's game ``Config`` takes."""
        model = getattr(self, "Config", None)
        return set(getattr(model, "model_fields", {}))

    def game_notes(self, data: dict[str, Any], families: list[str]) -> dict[str, Any]:
        """What the campaign tells a game beyond its rules (the game config's ``campaign``
        field when the engine takes one): chapter, characters, joining seats. A pure function
        of the record, so ``carry_out`` finds the same."""
        number = data["next"]
        return {"chapter": number,
                "characters": [self.character(data, f, number) for f in families],
                "joining": [i for i, f in enumerate(families) if record.missed_too_many(data, f)]}

    def survivor(self, data: dict[str, Any], family: str, number: int) -> dict[str, Any] | None:
        """The family's last member, now older, if they play chapter ``number`` again: they
        survived and are not older than ``MAX_AGE`` by then (RULING HLC-1)."""
        members = data["families"][family]["members"]
        if not members or members[-1]["died"]:
            return None
        last = members[-1]
        age = last["age"] + max(0, self.year(number) - last["year"])
        return {"name": last["name"], "age": age} if age <= MAX_AGE else None

    def character(self, data: dict[str, Any], family: str, number: int) -> dict[str, Any]:
        """Who plays ``family`` in chapter ``number``: the survivor of the last chapter
        (rulebook "Setup" step 5; RULING HLC-1), else a new member: the next one the config
        names, or a generated one."""
        again = self.survivor(data, family, number)
        if again is not None:
            return again
        fresh = sum(1 for m in data["families"][family]["members"] if m.get("new", True))
        named = data.get("named", {}).get(family, [])
        if fresh < len(named):
            return dict(named[fresh])
        return record.generated_member(family, number)

    def year(self, number: int) -> int:
        """The year a chapter is set in (free play: a year after the last chapter each)."""
        ch = self.chapter(number)
        if ch is not None:
            return ch.year
        last = max(self.campaign_chapters(), key=lambda c: c.number)
        return last.year + number - last.number

    def carry_in(self, state: dict[str, Any], data: dict[str, Any]) -> None:
        """Before the first turn of a chapter: families joining the campaign late are offered
        their three items (rulebook "Joining the Campaign"; ``joining.py``)."""
        config = state.get("config") or {}
        ix = getattr(self, "ix", None)
        if config.get("mode") != "campaign" or getattr(ix, "rules", None) is None:
            return
        families = [e["character"] for e in state["explorers"]]
        seats = [i for i, f in enumerate(families) if record.missed_too_many(data, f)]
        if seats:
            joining.start(ix, state, seats)

    def carry_out(self, state: dict[str, Any]) -> dict[str, Any]:
        data = state["carry_in"]
        return self.record_game(data, state["config"], game_outcome(state))

    def record_game(self, data: dict[str, Any], config: dict[str, Any],
                    outcome: dict[str, Any]) -> dict[str, Any]:
        """The record after a game with this config and outcome (a pure function)."""
        number = data["next"]
        ch = self.chapter(number)
        box = self.campaign_box()
        families = config["families"]
        notes = self.game_notes(data, families)
        chars = notes["characters"]
        seats = outcome["seats"]
        log: list[str] = []
        rec = copy.deepcopy(data)
        if ch is not None:
            rec, done = record.apply_changes(rec, ch.setup.changes, box)
            log += done
        traitor = next((families[i] for i, s in enumerate(seats) if s.get("traitor")), None)
        winner = outcome.get("winner")
        row_seats = []
        for i, fam in enumerate(families):
            s = seats[i]
            c = chars[i]
            fate = self.fate(s, winner)
            member = {"chapter": number, "year": self.year(number), "name": c.get("name", ""),
                      "age": c.get("age", 0), "new": self.survivor(data, fam, number) is None,
                      "fate": fate, "died": bool(s.get("died")),
                      "traitor": bool(s.get("traitor"))}
            rec["families"][fam]["members"].append(member)
            row_seats.append({"seat": i, "family": fam, **{k: member[k] for k in (
                "name", "age", "fate", "died", "traitor")}})
        if ch is not None:  # RULING HLC-5: heirlooms are made only during the campaign
            for h in outcome.get("heirloomed", []):
                fam = families[h["seat"]]
                name = h.get("name") or f"{chars[h['seat']].get('name', fam)}'s " \
                    f"{self.card_name(h['card'])}"
                record.add_heirloom(rec, fam, h["card"], name, number, log)
        for cid in outcome.get("tomb", []):
            record.send_to(rec, "tomb", cid, log)
        for cid in outcome.get("destroyed", []):
            record.send_to(rec, "destroyed", cid, log)
        if outcome.get("box"):
            log.append(f"back in the box, returning next game: {', '.join(outcome['box'])}")
        ending = None
        if ch is not None:
            # RULING HLC-6: a game that ends with no winning side (the turn cap) reads the
            # heroes' ending: the house's story goes on.
            ending = ending_side(winner)
            crest = {
                "traitor": [traitor] if traitor else [],
                "winners": [families[i] for i, s in enumerate(seats)
                            if winner and (s.get("traitor") == (winner == "traitor"))],
                "revealer": [families[i] for i, s in enumerate(seats) if s.get("revealer")],
                "everyone": list(families),
            }
            rec, done = record.apply_changes(rec, ch.endings[ending], box, crest)
            log += done
        rec["chapters"].append({
            "number": number, "id": ch.id if ch else f"free_play_{number - LAST_CHAPTER}",
            "title": ch.title if ch else "Free play", "year": self.year(number),
            "mode": "campaign" if ch else "free", "haunt": outcome.get("haunt"),
            "winner": winner, "traitor": traitor, "ending": ending, "seats": row_seats,
            "joined": [families[i] for i in notes["joining"]], "changes": log,
        })
        rec["next"] = number + 1
        labels = dict(rec.get("labels", {}))
        labels.update({i: box.names[i] for i in record.mentioned(rec) if i in box.names})
        rec["labels"] = labels
        return rec

    @staticmethod
    def fate(seat: dict[str, Any], winner: str | None) -> str:
        """A generated fate line (rulebook "Record Your Fate": no game effect)."""
        side = "traitor" if seat.get("traitor") else "heroes"
        if seat.get("died"):
            return "Died as the traitor" if side == "traitor" else "Died in the house"
        if winner is None:
            return "Walked out at dawn, nothing settled"
        won = winner == side
        if side == "traitor":
            return "Turned on the family and won" if won else "Turned traitor and was undone"
        return "Survived and won" if won else "Survived, but the house won"

    def campaign_game_title(self, index: int, config: dict[str, Any]) -> str:
        """The campaign page's name of game ``index``: the prologue, then chapter N with its
        title, then free play (game ``index`` plays chapter ``index``: one a game, in order)."""
        if index > LAST_CHAPTER:
            return f"Free play {index - LAST_CHAPTER}"
        name = chapter_name(index)
        ch = self.chapter(index)
        return f"{name}: {ch.title}" if ch is not None else name

    def campaign_summary(self, data: dict[str, Any]) -> dict[str, Any]:
        """The record as labelled sections for the browser and the command line."""
        ix = getattr(self, "ix", None)
        haunts = {k: h.name for k, h in getattr(ix, "haunts", {}).items()}
        return campaign_summary(data, self.chapter, haunts)


__all__ = ["LegacyCampaignConfig", "LegacyCampaignMixin", "parse_config"]
