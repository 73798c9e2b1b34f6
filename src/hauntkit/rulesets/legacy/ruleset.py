"""``LegacyRuleset``: one game of Betrayal Legacy, a subclass of the betrayal ruleset with its
own rules object (``LegacyRules``), content, config and view."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from hauntkit.core import rng
from hauntkit.core.content import starter_dir
from hauntkit.core.errors import HauntkitError, IllegalActionError
from hauntkit.core.game import register_copy_plan
from hauntkit.core.ruleset import Action, ConfigError, RulesetConfig, State
from hauntkit.rulesets.betrayal import interpreter, state_access, turns, words
from hauntkit.rulesets.betrayal.labels import describe_action
from hauntkit.rulesets.betrayal.ruleset import BetrayalRuleset
from hauntkit.rulesets.betrayal.setup import apply_setup, invariants
from hauntkit.rulesets.betrayal.snapshot import COPY_PLAN, SHALLOW
from hauntkit.rulesets.legacy import heirlooms, record, story, view
from hauntkit.rulesets.legacy.actions import has_found
from hauntkit.rulesets.legacy.campaign import LegacyCampaignMixin, Member
from hauntkit.rulesets.legacy.house import MAX_HEIRLOOMS, House
from hauntkit.rulesets.legacy.index import START_ROOMS, LegacyIndex
from hauntkit.rulesets.legacy.rules import LegacyRules
from hauntkit.rulesets.legacy.schema import PACK_SPEC


def _explorers(v: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Explorers as betrayal's copy plan copies them, plus the list of used cards."""
    out = []
    for e in v:
        d = e.copy()
        d["cards"] = e["cards"][:]
        d["used"] = e["used"][:]
        d["traits"] = e["traits"].copy()
        out.append(d)
    return out


# legacy explorers hold only scalars besides "cards", "used" (lists of ids) and "traits"
register_copy_plan("legacy", {**COPY_PLAN, "explorers": _explorers}, shallow=SHALLOW)
_SETUP = ("used", "heirlooms", "intensity", "stickers", "threshold", "found")


class CampaignNotes(BaseModel):
    """What a campaign tells its chapter game (``LegacyCampaignMixin.game_notes``)."""

    model_config = ConfigDict(extra="forbid")
    chapter: int = Field(ge=0, description="the chapter's number (0: the prologue)")
    characters: list[Member] = Field(description="each seat's family member, in seat order")
    joining: list[int] = Field(default=[], description="the seats whose family joins late")


class LegacyConfig(RulesetConfig):
    """Options of one Legacy game (``players``: 3 to 5 families, default 4)."""

    families: list[str] | None = Field(
        default=None, description="the family ids, one per seat (default: dealt at random)")
    max_turns: int = Field(default=600, gt=0, json_schema_extra={"advanced": True},
                           description="cap on turns, reported as a cap")
    haunt: str | None = Field(
        default=None, description="the haunt that starts when the haunt is triggered "
                                  "(default: the haunt chart's, RULING HL-20)")
    haunt_threshold: int = Field(
        default=5, ge=1, le=16, json_schema_extra={"advanced": True},
        description="the haunt roll starts the haunt on this result or more (RULING B4; the "
                    "chapter's number)")
    haunt_after_omens: int | None = Field(
        default=None, ge=1, json_schema_extra={"advanced": True},
        description="alternative trigger: the haunt starts, without a roll, when this many "
                    "omens have been drawn")
    haunt_on_tile: str | None = Field(
        default=None, description="alternative trigger: the haunt starts when this tile is "
                                  "discovered")
    mode: Literal["campaign", "free"] = Field(default="free", description="campaign or free play",
                                               json_schema_extra={"enumNames": ["a campaign's chapter", "free play"]})
    house: House = Field(default_factory=House, description="the campaign's house (docs/legacy.md)")
    campaign: CampaignNotes | None = Field(
        default=None, description="set by the campaign: the chapter and each seat's family "
                                  "member (first name and age)")


class LegacyRuleset(LegacyCampaignMixin, BetrayalRuleset):
    """Betrayal Legacy, a single game (betrayal-legacy-rulebook.md, RULINGS B1-B14, docs/rulings.md
    HL-*); the campaign hooks are the campaign layer's mixin (campaign.py, docs/legacy-campaign.md)."""

    id: ClassVar[str] = "legacy"
    display_name: ClassVar[str] = "Betrayal Legacy"
    min_seats: ClassVar[int] = 3
    max_seats: ClassVar[int] = 5
    Config = LegacyConfig
    pack_spec = PACK_SPEC
    starter_pack = starter_dir("legacy")
    content_checks = ()
    rules_class = LegacyRules
    # an heirloom's name is written by its player (RULING HL-26)
    written_fields: ClassVar[dict[str, str]] = {heirlooms.NAME: "name", "join_name": "name"}
    start_rooms = START_ROOMS

    @classmethod
    def from_content(cls, paths: list[str | Path] | None = None,
                     replace_starter: bool = False) -> LegacyRuleset:
        return cls(LegacyIndex(cls.load_content(list(paths or []), replace_starter)))

    def player_counts(self) -> list[int]:
        return [3, 4, 5]

    def catalogue(self) -> dict[str, Any]:
        """Betrayal's catalogue plus what Legacy prints: regions, symbols, card types, action
        words, heirloom slots, family colours and the reminder cards."""
        out = super().catalogue()
        ix = self.ix
        for cid, c in ix.cards.items():
            out["cards"][cid].update(regions=list(c.regions), types=list(c.types),
                                     heirloom_slot=c.heirloom_slot,
                                     words=[a.action_word() for a in c.actions])
        for rid, r in ix.rooms.items():
            out["rooms"][rid].update(symbols=list(ix.symbols[rid]), ghosts=r.ghosts,
                                     runestone=r.runestone, secret_passage=r.secret_passage)
        for fid, f in ix.characters.items():
            out["characters"][fid]["color"] = f.color
        out["reminders"] = {k: {"name": r.name, "text": r.text} for k, r in ix.reminders.items()}
        return out

    def describe_action(self, state: State, seat: int, action: Action) -> str:
        return view.describe(self.ix, state, seat, action, describe_action)

    # ---------------------------------------------------------------------------- state
    def _house(self, config: dict[str, Any]) -> House:
        ix = self.ix
        house = House.model_validate(config.get("house") or {})
        known = set(ix.cards) | set(ix.rooms)
        for name in ("add", "remove", "secret_passages"):
            bad = [x for x in getattr(house, name) if x not in known]
            if bad:
                raise ConfigError(f"config.house.{name}", f"unknown cards or tiles {bad}")
        fams = set(ix.characters)
        for cid, fam in house.heirlooms.items():
            if cid not in ix.cards or not ix.cards[cid].heirloom_slot:
                raise ConfigError("config.house.heirlooms", f"{cid!r} is no item with an "
                                                            "heirloom slot")
            if fam not in fams:
                raise ConfigError("config.house.heirlooms", f"unknown family {fam!r}")
        for fam in fams:
            if house.heirloom_count(fam) > MAX_HEIRLOOMS:
                raise ConfigError("config.house.heirlooms", f"{fam!r} has more than "
                                                            f"{MAX_HEIRLOOMS} heirlooms")
        for cid, n in house.intensify.items():
            if cid not in ix.cards or not 0 <= n <= ix.cards[cid].intensify:
                raise ConfigError("config.house.intensify", f"{cid!r}: {n} boxes; the card "
                                  f"has {ix.cards[cid].intensify if cid in ix.cards else 0}")
        return house

    def new_state(self, config: dict[str, Any], seed: int) -> State:
        ix = self.ix
        n = config.get("players", 4)
        if not isinstance(n, int) or not 3 <= n <= 5:
            raise HauntkitError(f"config.players must be 3..5, got {n!r}")
        for field, pool in (("haunt", ix.haunts), ("haunt_on_tile", ix.rooms)):
            if config.get(field) is not None and config[field] not in pool:
                raise ConfigError(f"config.{field}", f"unknown id {config[field]!r}; known: "
                                                     f"{', '.join(sorted(pool))}")
        missing = [r for r in self.start_rooms if r not in ix.rooms]
        if missing:
            raise HauntkitError(f"the content pack lacks the starting tiles {missing}")
        house = self._house(config)
        r = rng.new_rng(seed)
        fams = self.deal(r, n, config.get("families"), "families")
        out = set(house.remove)
        if config.get("mode", "free") == "campaign":  # free play has every card (HL-1)
            out |= set(ix.purgatory) - set(house.add)
        stack = self.shuffled(r, [t for t in ix.stack_ids if t not in out])
        decks = {k: self.shuffled(r, [c for c in ix.deck_ids[k] if c not in out])
                 for k in ("event", "item", "omen")}
        # free play: who goes first at random (rulebook "Setup" 9)
        s = self.fresh_state(config, n, r, fams, stack, decks)
        members = (config.get("campaign") or {}).get("characters") or []
        for i, e in enumerate(s["explorers"]):
            e["used"] = []
            # rulebook "Setup" 5: a first name (and an age) for each family member; free play
            # names them too, so that the table tells "Ada Crowley" from the family (HL-28)
            member = members[i] if i < len(members) else record.generated_member(
                e["character"], 0)
            e["given_name"], e["age"] = member["name"], member["age"]
        s["legacy"] = {"threshold": config.get("haunt_threshold", 5),
                       "after_omens": config.get("haunt_after_omens"),
                       "on_tile": config.get("haunt_on_tile"),
                       "mode": config.get("mode", "free"),
                       "heirlooms": dict(house.heirlooms), "heirloomed": [],
                       "passages": sorted(house.secret_passages), "out": sorted(out),
                       "ongoing": {}}
        s["house_changes"] = {"box": [], "tomb": [], "destroyed": []}
        s["intensity"] = dict(house.intensify)
        s["stickers"] = sorted(house.stickers)
        self.place_start(s)  # the starting tiles; everyone on the Entrance Hall (HL-10)
        state_access.log(s, "start", f"{n} family members come to the house: " + words.listing(
            [f"{state_access.name(ix, s, i)}, {e['age']}" for i, e in enumerate(s["explorers"])])
            + ".")
        turns.next_turn(ix, s)
        interpreter.run(ix, s)
        return s

    def apply_setup(self, state: State, setup: dict[str, Any]) -> None:
        """Betrayal's set-up fields (docs/scenarios.md) plus ``used: {seat: [cards]}`` (applied
        after ``turn``), ``heirlooms: {card: family}``, ``intensity: {card: n}``,
        ``stickers: [ids]``, ``threshold: n`` (the haunt roll's), ``found: [seats]`` (HL-17)."""
        if not isinstance(setup, dict):
            raise HauntkitError("setup must be a mapping")
        apply_setup(self.ix, state, {k: v for k, v in setup.items() if k not in _SETUP})
        lg = state["legacy"]
        for key, cards in (setup.get("used") or {}).items():
            seat = int(key)
            if not 0 <= seat < state["players"] or not isinstance(cards, list):
                raise HauntkitError(f"setup.used.{key}: expected a seat and a list of cards")
            state["explorers"][seat]["used"] = [c for c in cards if c in state["explorers"][seat]["cards"]]
        for cid, fam in (setup.get("heirlooms") or {}).items():
            if cid not in self.ix.cards or fam not in self.ix.characters:
                raise HauntkitError(f"setup.heirlooms.{cid}: unknown card or family")
            lg["heirlooms"][cid] = fam
        state["intensity"].update(setup.get("intensity") or {})
        state["stickers"] = sorted(set(state["stickers"]) | set(setup.get("stickers") or []))
        if "threshold" in setup:
            lg["threshold"] = int(setup["threshold"])
        for seat in setup.get("found") or []:  # seats that found an Item or Omen (HL-17)
            if not isinstance(seat, int) or not 0 <= seat < state["players"]:
                raise HauntkitError(f"setup.found: {seat!r} is not a seat")
            state["explorers"][seat]["found"] = True

    def written_action(self, state: State, seat: int, action: Action,
                       legal: list[Action]) -> Action | None:
        """Naming an heirloom: the player may write their own name instead of the one suggested
        (rulebook "Heirlooming Item Cards"), checked by ``heirlooms.checked``."""
        kind = action.get("type")
        if kind in self.written_fields and any(a["type"] == kind for a in legal):
            return heirlooms.checked(action, kind)
        return None

    def explain_illegal(self, state: State, seat: int, action: Action) -> HauntkitError:
        """Betrayal's explanations, and why TAKE / PICK UP are closed before a first find."""
        kind = action.get("type") if isinstance(action, dict) else None
        if kind in ("take", "pick_up") and action.get("card") in self.ix.cards \
                and 0 <= seat < state["players"] and not has_found(self.ix,
                                                                   state["explorers"][seat]):
            return IllegalActionError(
                f"{kind.replace('_', ' ').upper()} is a Family card action, open only once you "
                "have found an Item or Omen (rulebook \"Actions\"; RULING HL-17)")
        return super().explain_illegal(state, seat, action)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view.view(self.ix, state, seat, self.to_act(state),
                         story.game_chapter(self.chapter, state))

    def invariants(self, state: State) -> list[str]:
        """Betrayal's invariants; components out of this game (Purgatory, Tomb, box) may be
        nowhere, and ongoing events lie beside the board (rulebook "Event Cards")."""
        out = set(state["legacy"]["out"]) | set(state["legacy"].get("ongoing", {}))
        return [m for m in invariants(self.ix, state, self)
                if not (m.split(" ")[1] in out and (m.endswith(" is in 0 places")
                                                     or m.endswith(" is nowhere")))]

    def determinize(self, view: dict[str, Any], rng: Any) -> State:
        from hauntkit.rulesets.legacy.determinize import determinize

        return determinize(self.ix, view, rng)

    def shuffle_hidden(self, state: State, rng: random.Random) -> None:
        """Permute what nobody may see: cards among deck positions with the same back (the
        regions on the backs are public), tiles among stack positions with the same back."""
        ix = self.ix
        for deck in state["decks"].values():
            _shuffle_by(deck, lambda c: tuple(sorted(ix.card_regions[c])), rng)
        _shuffle_by(state["stack"], lambda t: tuple(ix.rooms[t].floors), rng)

    def scenario_ids(self) -> list[str]:
        return list(self.ix.free_haunts)


def _shuffle_by(items: list[str], back: Any, r: random.Random) -> None:
    groups: dict[Any, list[int]] = {}
    for i, x in enumerate(items):
        groups.setdefault(back(x), []).append(i)
    for positions in groups.values():
        vals = [items[i] for i in positions]
        r.shuffle(vals)
        for i, v in zip(positions, vals, strict=True):
            items[i] = v
