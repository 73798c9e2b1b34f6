"""Ruleset ``beast``: Riddle of the Beast battles on the shared engine core.

Hunters are played by seats; enemies are driven inside ``apply`` by the rules' own AI (R7).
The state is plain JSON; see docs/scenarios.md ("## beast") for actions and set-up fields.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, ClassVar

from pydantic import Field

from hauntkit.core.errors import (
    HauntkitError,
    IllegalActionError,
    MalformedActionError,
    UnknownIdError,
)
from hauntkit.core.game import register_copy_plan
from hauntkit.core.log import emit
from hauntkit.core.rng import new_rng
from hauntkit.core.ruleset import (
    Action,
    ConfigError,
    Ruleset,
    RulesetConfig,
    SearchActions,
    State,
)
from hauntkit.rulesets.beast import action_labels, catalogue
from hauntkit.rulesets.beast.battle import clash, dice, play, status
from hauntkit.rulesets.beast.battle.enemy_turn import EnemySide
from hauntkit.rulesets.beast.battle.flow import FlowMixin
from hauntkit.rulesets.beast.battle.hunter_actions import HunterSide
from hauntkit.rulesets.beast.battle.unit_rules import Rules
from hauntkit.rulesets.beast.data import Content
from hauntkit.rulesets.beast.gear import loadout
from hauntkit.rulesets.beast.hunt import finds, hunter_skills, offers, phases, renown
from hauntkit.rulesets.beast.hunt.campaign import HuntCampaign
from hauntkit.rulesets.beast.hunt.schema import HuntLegConfig, Location
from hauntkit.rulesets.beast.hunters import words as skill_words
from hauntkit.rulesets.beast.hunters.skills import SkillsMixin
from hauntkit.rulesets.beast.pack import PACK_SPEC
from hauntkit.rulesets.beast.snapshot import COPY_PLAN
from hauntkit.rulesets.beast.views import ViewsMixin

STARTER = Path(__file__).resolve().parents[2] / "content" / "beast"
DEFAULT_MAX_ROUNDS = 30


register_copy_plan("beast", COPY_PLAN)
hunter_skills.register()  # the characters' skills on a hunt (hunt/hunter_skills.py)
skill_words.register()  # their actions' labels (hunters/words.py)
offers.register_labels()  # the Penance's label (hunt/offers.py)
finds.register_labels()  # who keeps a found item (hunt/finds.py)


class BeastConfig(RulesetConfig):
    """Options of a beast battle (``players``: 1 to 4 seats; hunters are dealt round-robin)."""

    map: str | None = Field(default=None, description="the battle map; if none is chosen, the first")
    hunters: list[str] | None = Field(default=None, description="hunter ids (default: 4)")
    enemies: list[str] | None = Field(default=None, description="enemy ids (default: the map's)")
    max_rounds: int = Field(default=DEFAULT_MAX_ROUNDS, gt=0, description="cap on rounds",
                            json_schema_extra={"advanced": True})
    dice: list[int] = Field(default_factory=list,
                            description="scripted die faces queued before initiative")
    renown: int = Field(default=0, ge=0, le=30, description="the party's Renown points",
                        json_schema_extra={"advanced": True})
    infamy: int = Field(default=0, ge=0, le=30, description="the party's Infamy points",
                        json_schema_extra={"advanced": True})
    hunt: HuntLegConfig | None = Field(default=None, description=(
        "a leg of a hunt: hunt, investigation and location ids (a hunt campaign sets it; "
        "docs/hunt.md)"))
    skills: dict[str, dict[str, Any]] = Field(
        default_factory=dict, description="hunter id -> its skill record (docs/hunters.md)")
    loadout: dict[str, list[str] | str] | str | None = Field(
        default=None, description="gear per hunter id (a list of item ids, or an arsenal "
        "id), or the id of a pack loadout such as 'full' (docs/beast-gear.md)")


class BeastRuleset(FlowMixin, ViewsMixin, HunterSide, EnemySide, SkillsMixin, Rules,
                   HuntCampaign, Ruleset):
    """Riddle of the Beast battles."""

    id = "beast"
    display_name: ClassVar[str] = "Riddle of the Beast"
    min_seats: ClassVar[int] = 1
    max_seats: ClassVar[int] = 4
    Config = BeastConfig
    pack_spec = PACK_SPEC
    starter_pack = STARTER
    end_action_types: ClassVar[frozenset[str]] = frozenset({"end_turn", "pass", "done"})
    #: what Hard may judge in a battle: attacks, abilities, interrupts, free actions and pet
    #: commands (the contests), taking cover, steps and slips, passing and ending the turn
    search_actions: ClassVar[SearchActions] = SearchActions(
        judged=frozenset({"attack", "ability", "interrupt", "free", "command", "cover", "step",
                          "slip", "pass", "end_turn"}),
        contests=frozenset({"attack", "ability", "interrupt", "free", "command"}),
        walks=frozenset({"step", "slip"}))
    default_max_rounds: ClassVar[int] = DEFAULT_MAX_ROUNDS

    def __init__(self, content: Content) -> None:
        self.c = content
        self.maps = content.maps  # Rules.md and Rules.name: one attribute lookup, not two
        self.unit_names = content.unit_names

    @classmethod
    def from_content(cls, paths: list[str] | None = None,
                     replace_starter: bool = False) -> BeastRuleset:
        """Load the starter pack plus ``paths`` (or only ``paths`` with ``replace_starter``)."""
        return cls(Content(cls.load_content(list(paths or []), replace_starter)))

    def scenario_ids(self) -> list[str]:
        """The maps: each is a battle the balance lab can play."""
        return list(self.c.map_order)

    def scenario_config(self, scenario_id: str) -> dict[str, Any]:
        if scenario_id not in self.c.maps:
            raise HauntkitError(f"unknown map {scenario_id!r}; known: {sorted(self.c.maps)}")
        return {"map": scenario_id}

    def scenario_name(self, scenario_id: str) -> str:
        info = self.c.map_info.get(scenario_id)
        return str(info["name"]) if info is not None else scenario_id

    # -- set-up ----------------------------------------------------------------------------
    def new_state(self, config: dict[str, Any], seed: int) -> State:
        if config.get("hunt") is not None:  # a leg of a hunt (docs/hunt.md)
            return phases.start_leg(self, config, seed)
        c = self.c
        map_id = config.get("map") or c.map_order[0]
        if map_id not in c.maps:
            raise ConfigError("config.map", f"unknown map {map_id!r}; known: {sorted(c.maps)}")
        md = c.maps[map_id]
        hunters = config.get("hunters") or list(c.hunters)[:4]
        for hid in hunters:
            if hid not in c.hunters:
                raise ConfigError("config.hunters", f"unknown hunter {hid!r}")
        if len(set(hunters)) != len(hunters) or not 1 <= len(hunters) <= len(md.hunter_starts):
            raise ConfigError("config.hunters", f"1 to {len(md.hunter_starts)} different hunters")
        players = int(config.get("players", len(hunters)))
        if not 1 <= players <= len(hunters):
            raise ConfigError("players", "between 1 and the number of hunters")
        enemies = config.get("enemies") or md.enemies
        for eid in enemies:
            if eid not in c.enemies:
                raise ConfigError("config.enemies", f"unknown enemy {eid!r}")
        if len(enemies) > len(md.enemy_starts):
            raise ConfigError("config.enemies", f"this map has {len(md.enemy_starts)} starts")
        state = self.blank_state(map_id, players, seed,
                                 int(config.get("max_rounds", DEFAULT_MAX_ROUNDS)))
        for key in ("renown", "infamy"):
            if config.get(key):
                state[key] = int(config[key])
        state["rng"]["script"].extend(config.get("dice", []))
        self.place_battle(state, hunters, [i % players for i in range(len(hunters))], enemies)
        self.skills_carry_in(state, config.get("skills") or {})
        if config.get("loadout"):  # gear per hunter (loadout.py, docs/beast-gear.md)
            loadout.apply_loadout(self, state, config["loadout"])
        self.begin_battle(state)
        return state

    def blank_state(self, map_id: str, players: int, seed: int, max_rounds: int) -> State:
        """A state with no unit on ``map_id`` yet (``place_battle`` fills it)."""
        return {
            "rng": new_rng(seed), "log": [], "history": [], "version": 0,
            "map": map_id, "players": players, "round": 0, "side": "hunters",
            "first": "hunters", "units": {}, "lights": [], "barricades": [], "fog": None,
            "deck": [], "forced": [], "queue": [], "pending": None, "window": None,
            "eturn": None, "passed": [], "lost": [], "result": None, "next_id": 0,
            "alive": [0, 0], "max_rounds": max_rounds,
            "mission": dict(self.c.maps[map_id].mission),
        }

    def place_battle(self, state: State, hunters: list[str], seats: list[int],
                     enemies: list[str], map_lights: bool = True) -> None:
        """Put the hunters (``seats[i]`` plays ``hunters[i]``), enemies and lights on the map
        (the map's own lights unless ``map_lights`` is False: a Location card's, HR-79)."""
        md = self.c.maps[state["map"]]
        for i, hid in enumerate(hunters):
            self.add_unit(state, hid, hid, *md.hunter_starts[i], seat=seats[i])
        counts: dict[str, int] = {}
        for i, eid in enumerate(enemies):
            counts[eid] = counts.get(eid, 0) + 1
            self.add_unit(state, eid, f"{eid}-{counts[eid]}", *md.enemy_starts[i])
        for lx, ly in (md.lights if map_lights else ()):
            state["lights"].append({"id": self.new_id(state, "L"), "x": lx, "y": ly, "hp": 2})

    def begin_battle(self, state: State) -> None:
        """Roll initiative and play until a seat must decide."""
        self.count_alive(state)
        self.skills_start_battle(state)
        renown.start_of_battle(self, state)
        # RULING R6: each side rolls a d6, ties reroll; the winner goes first all battle.
        while True:
            h, e = dice.d6(state), dice.d6(state)
            emit(state, "initiative", f"Initiative: hunters {h}, enemies {e}.", hunters=h,
                 enemies=e)
            if h != e:
                break
        state["first"] = "hunters" if h > e else "enemies"
        self.count_alive(state)
        self.start_side_turn(state, state["first"])
        self.run(state)

    def location_enemies(self, loc: Location) -> list[str]:
        """The enemies that fight at a hunt's location (its ambushers, or its map's)."""
        return list(loc.ambushers if loc.ambushers is not None else self.c.maps[loc.map].enemies)

    def add_unit(self, state: State, kind: str, uid: str, x: int, y: int,
                 seat: int = -1) -> dict[str, Any]:
        c = self.c
        if uid in state["units"]:
            raise HauntkitError(f"unit id {uid!r} already exists")
        if kind in c.hunters:
            h = c.hunters[kind]
            unit = {"side": "hunters", "hp": h.hp, "max": h.hp, "san": h.sanity, "st": {},
                    "ch": {a.id: a.charges for a in h.abilities if a.charges is not None}}
        elif kind in c.enemies:
            e = c.enemies[kind]
            unit = {"side": "enemies", "hp": e.hp, "max": e.hp, "san": 0, "st": {b: [status.PERMANENT, 1] for b in e.buffs}, "ch": {}}
        else:
            raise HauntkitError(f"unknown hunter or enemy {kind!r}")
        unit.update({"id": uid, "kind": kind, "seat": seat, "x": x, "y": y, "imm": {},
                     "cd": {}, "bleed": 0, "ptaken": 0, "mv": 0, "acted": False,
                     "intr": False, "alive": True, "flags": {}})
        state["units"][uid] = unit
        return unit

    # -- the Ruleset contract: a plain battle, or the phase's handler (phases.py) -----------
    def to_act(self, state: State) -> list[int]:
        if "phase" not in state:
            return play.to_act(self, state)
        if state["result"] is not None:
            return []
        return phases.HANDLERS[state["phase"]].to_act(self, state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if "phase" not in state:
            return play.legal_actions(self, state, seat)
        if state["result"] is not None:
            return []
        return phases.HANDLERS[state["phase"]].legal_actions(self, state, seat)

    def apply(self, state: State, seat: int, action: Action) -> None:
        if "phase" not in state:
            play.apply(self, state, seat, action)
        else:
            phases.apply(self, state, seat, action)

    # -- battles (play.py) -----------------------------------------------------------------
    def battle_to_act(self, state: State) -> list[int]:
        return play.to_act(self, state)

    def battle_legal_actions(self, state: State, seat: int) -> list[Action]:
        return play.legal_actions(self, state, seat)

    def battle_apply(self, state: State, seat: int, action: Action) -> None:
        play.apply(self, state, seat, action)

    def explain_illegal(self, state: State, seat: int, action: Action) -> HauntkitError:
        uid = action.get("unit")
        for field, value in action.items():  # only spaces ([x, y]) are lists; nothing a dict
            if isinstance(value, dict) or (isinstance(value, list)
                                           and field not in ("to", "through", "target")):
                return MalformedActionError(f"action {action.get('type')!r}: field {field!r} "
                                            f"must be a single id or value, got {value!r}")
        if uid is not None and uid not in state["units"]:
            return UnknownIdError(f"no unit {uid!r}; units: {sorted(state['units'])}")
        if uid is not None and state["units"][uid]["seat"] != seat:  # names, not seats: HR-91
            return IllegalActionError(f"{self.name(state['units'][uid])} ({uid!r}) is not one "
                                      "of your hunters")
        if uid is not None and "PARALYZE" in state["units"][uid]["st"]:
            return IllegalActionError(f"{self.name(state['units'][uid])} ({uid!r}) is "
                                      "paralyzed: no move, action or interrupt")
        return super().explain_illegal(state, seat, action)

    def catalogue(self) -> dict[str, Any]:
        """Names and texts of the content for clients (rulesets/beast/labels.py)."""
        return catalogue.catalogue(self.c)

    def describe_action(self, state: State, seat: int, action: Action) -> str:
        return action_labels.describe_action(self, state, seat, action)

    def result(self, state: State) -> dict[str, Any] | None:
        return state["result"]

    determinizable: ClassVar[bool] = True

    def determinize(self, view: dict[str, Any], rng: Any) -> State:
        from hauntkit.rulesets.beast.determinize import determinize

        return determinize(self, view, rng)

    def position_values(self, state: State, seats: int) -> list[float]:
        from hauntkit.rulesets.beast.position_values import position_values

        return position_values(state, seats)

    def shuffle_hidden(self, state: State, rng: random.Random) -> None:
        """Permute what nobody may see: the order of the enemies' combat deck (the cards a
        scenario forces first stay first) and of the clash deck; hauntkit.testing.check_ruleset
        checks the views."""
        rng.shuffle(state["deck"])
        clash.shuffle_hidden(state, rng)


__all__ = ["PACK_SPEC", "BeastRuleset"]
