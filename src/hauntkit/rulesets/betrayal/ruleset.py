"""``BetrayalRuleset``: the betrayal rules bound to one loaded content pack."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, ClassVar

from pydantic import Field

from hauntkit.core import rng
from hauntkit.core.content import starter_dir
from hauntkit.core.errors import HauntkitError
from hauntkit.core.game import register_copy_plan
from hauntkit.core.ruleset import (
    Action,
    ConfigError,
    Ruleset,
    RulesetConfig,
    SearchActions,
    State,
)
from hauntkit.rulesets.betrayal import (
    actions,
    house,
    interpreter,
    legal_actions,
    state_access,
    turns,
)
from hauntkit.rulesets.betrayal.content_checks import CHECKS
from hauntkit.rulesets.betrayal.explain import explain
from hauntkit.rulesets.betrayal.index import START_ROOMS, Index
from hauntkit.rulesets.betrayal.labels import catalogue, describe_action
from hauntkit.rulesets.betrayal.rules import BetrayalRules
from hauntkit.rulesets.betrayal.schema import PACK_SPEC
from hauntkit.rulesets.betrayal.setup import apply_setup, invariants, stats
from hauntkit.rulesets.betrayal.snapshot import COPY_PLAN, SHALLOW
from hauntkit.rulesets.betrayal.state import upgrade_state
from hauntkit.rulesets.betrayal.view import view
from hauntkit.rulesets.betrayal.vocabulary import TRAITS

register_copy_plan("betrayal", COPY_PLAN, shallow=SHALLOW)


class BetrayalConfig(RulesetConfig):
    """Options of a betrayal game (``players``: 3 to 6 explorers, default 4)."""

    characters: list[str] | None = Field(
        default=None, description="the explorers' character ids, one per seat (default: dealt)")
    max_turns: int = Field(default=600, gt=0, json_schema_extra={"advanced": True},
                           description="cap on turns, reported as a cap")
    haunt: str | None = Field(
        default=None, description="the haunt that begins when the haunt roll starts one "
                                  "(instead of the chart's), for the balance lab")


class BetrayalRuleset(Ruleset):
    """Betrayal at House on the Hill, 2nd edition (rule documents betrayal-*.md, RULINGS B1-B14,
    docs/rulings.md HB-*)."""

    id: ClassVar[str] = "betrayal"
    display_name: ClassVar[str] = "Betrayal at House on the Hill"
    min_seats: ClassVar[int] = 3
    max_seats: ClassVar[int] = 6
    Config = BetrayalConfig
    pack_spec = PACK_SPEC
    starter_pack = starter_dir("betrayal")
    content_checks = tuple(CHECKS)
    end_action_types: ClassVar[frozenset[str]] = frozenset({"end_turn"})
    #: what Hard may judge: the contests (attacks, book actions, monster powers, items), and
    #: the moves around them (walks, picking up, exploring, ending the turn); never an answer
    #: or a hand-over (giving, permitting a TAKE, accepting, dropping), left to the heuristic
    search_actions: ClassVar[SearchActions] = SearchActions(
        judged=frozenset({"attack", "mattack", "haunt_action", "power", "use", "room_action",
                          "pick_up", "mpick", "explore", "mexplore", "move", "mmove",
                          "end_turn", "place_stairs"}),
        contests=frozenset({"attack", "mattack", "haunt_action", "power", "use"}),
        walks=frozenset({"move", "mmove"}))

    #: the rules object class bound to this ruleset's content (tables + policy steps)
    rules_class: ClassVar[type[BetrayalRules]] = BetrayalRules
    #: the starting tiles, placed in this order (RULING B5)
    start_rooms: ClassVar[tuple[str, ...]] = START_ROOMS

    def __init__(self, index: Index) -> None:
        self.ix = index
        self.rules = index.rules = self.rules_class()

    @classmethod
    def from_content(cls, paths: list[str | Path] | None = None,
                     replace_starter: bool = False) -> BetrayalRuleset:
        """Load the starter pack plus ``paths`` (only ``paths`` with ``replace_starter``)."""
        return cls(Index(cls.load_content(list(paths or []), replace_starter)))

    def catalogue(self) -> dict[str, Any]:
        return catalogue(self.ix)

    def describe_action(self, state: State, seat: int, action: Action) -> str:
        return describe_action(self.ix, state, seat, action)

    def scenario_ids(self) -> list[str]:
        return sorted(self.ix.haunts)

    def scenario_config(self, scenario_id: str) -> dict[str, Any]:
        if scenario_id not in self.ix.haunts:
            raise HauntkitError(f"unknown haunt {scenario_id!r}; known: "
                                f"{', '.join(sorted(self.ix.haunts))}")
        return {"haunt": scenario_id}

    def scenario_name(self, scenario_id: str) -> str:
        haunt = self.ix.haunts.get(scenario_id)
        return haunt.name if haunt is not None else scenario_id

    def player_counts(self) -> list[int]:
        return [3, 4, 5, 6]

    # ---------------------------------------------------------------------------- state
    def new_state(self, config: dict[str, Any], seed: int) -> State:
        ix = self.ix
        n = config.get("players", 4)
        if not isinstance(n, int) or not 3 <= n <= 6:
            raise HauntkitError(f"config.players must be 3..6, got {n!r}")
        if config.get("haunt") is not None and config["haunt"] not in ix.haunts:
            raise ConfigError("config.haunt", f"unknown haunt {config['haunt']!r}; known: "
                                              f"{', '.join(sorted(ix.haunts))}")
        missing = [r for r in self.start_rooms if r not in ix.rooms]
        if missing:
            raise HauntkitError(f"the content pack lacks the starting rooms {missing}")
        r = rng.new_rng(seed)
        chars = self.deal(r, n, config.get("characters"), "characters")
        stack = self.shuffled(r, ix.stack_ids)
        decks = {k: self.shuffled(r, ix.deck_ids[k]) for k in ("event", "item", "omen")}
        s = self.fresh_state(config, n, r, chars, stack, decks)
        self.place_start(s)
        state_access.log(s, "start", f"{n} explorers enter the house.")
        turns.next_turn(ix, s)
        interpreter.run(ix, s)
        return s

    def deal(self, r: dict[str, Any], n: int, chosen: list[str] | None, field: str) -> list[str]:
        """The ``n`` characters of the seats: ``chosen`` (config ``field``), checked, or dealt
        at random."""
        ix = self.ix
        chars = chosen
        if chars is None:
            pool = list(ix.char_ids)
            if len(pool) < n:
                raise HauntkitError(f"the pack has {len(pool)} {field}; {n} needed")
            rng.shuffle(r, pool)
            chars = sorted(pool[:n], key=pool.index)
        bad = [c for c in chars if c not in ix.characters]
        if bad or len(chars) != n or len(set(chars)) != n:
            raise ConfigError(f"config.{field}", f"must be {n} distinct known {field} "
                                                 f"(unknown: {bad})")
        return list(chars)

    @staticmethod
    def shuffled(r: dict[str, Any], ids: list[str]) -> list[str]:
        out = list(ids)
        rng.shuffle(r, out)
        return out

    def fresh_state(self, config: dict[str, Any], n: int, r: dict[str, Any], chars: list[str],
                    stack: list[str], decks: dict[str, list[str]]) -> State:
        """A state before the first turn, with no tile placed; the first player at random."""
        ix = self.ix
        first = rng.below(r, n)
        return {
            "players": n, "rng": r, "log": [], "max_turns": config.get("max_turns", 600),
            "explorers": [{"character": c, "room": "entrance_hall", "alive": True, "side": None,
                           "cards": [],
                           "fate": None,
                           "traits": {t: getattr(ix.characters[c], t).start for t in TRAITS}}
                          for c in chars],
            "tiles": {}, "grid": {}, "stack": stack, "aside": [], "decks": decks,
            "discard": {"event": [], "item": [], "omen": []}, "limbo": [], "piles": {},
            "tokens": {}, "monsters": {}, "monster_serial": 0, "flags": {}, "counters": {},
            "omens": 0,
            "order": [(first + k) % n for k in range(n)], "order_index": -1,
            "turn": turns.new_turn(0, 0),
            "haunt": None, "effect_stack": [], "choice": None, "result": None, "turns": 0,
            "deaths": 0,
        }

    def place_start(self, s: State) -> None:
        """Place the starting tiles (RULING B5), then any other tile with a start position."""
        ix = self.ix
        for rid in self.start_rooms:  # RULING B5
            st = ix.rooms[rid].start
            if st is None:
                raise HauntkitError(f"starting room {rid!r} has no 'start' position")
            house.place_tile(s, rid, st.floor, st.x, st.y, st.rotation)
            self.rules.tile_placed(ix, s, rid)
        for rid, room in ix.rooms.items():
            if room.start is not None and rid not in s["tiles"]:
                house.place_tile(s, rid, room.start.floor, room.start.x, room.start.y,
                                 room.start.rotation)

    def to_act(self, state: State) -> list[int]:
        if state["result"] is not None:
            return []
        ch = state["choice"]
        if ch is not None:
            return [ch["seat"]]
        who = state["turn"]["who"]
        return [state_access.controller(state)] if who == "m" else [who]

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return legal_actions.legal(self.ix, state, seat)

    def apply(self, state: State, seat: int, action: Action) -> None:
        actions.apply(self.ix, state, seat, action)

    def upgrade_state(self, state: State) -> State:
        """A state stored before the state's keys were renamed, with today's keys
        (``state.upgrade_state``)."""
        return upgrade_state(state)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view(self.ix, state, seat, self.to_act(state))

    def result(self, state: State) -> dict[str, Any] | None:
        return state["result"]

    def explain_illegal(self, state: State, seat: int, action: Action) -> HauntkitError:
        return explain(self.ix, state, seat, action, self.to_act(state))

    def apply_setup(self, state: State, setup: dict[str, Any]) -> None:
        apply_setup(self.ix, state, setup)

    def invariants(self, state: State) -> list[str]:
        return invariants(self.ix, state, self)

    determinizable: ClassVar[bool] = True

    def determinize(self, view: dict[str, Any], rng: Any) -> State:
        from hauntkit.rulesets.betrayal.determinize import determinize

        return determinize(self.ix, view, rng)

    def position_values(self, state: State, seats: int) -> list[float]:
        from hauntkit.rulesets.betrayal.position_values import position_values

        return position_values(self.ix, state, seats)

    def shuffle_hidden(self, state: State, rng: random.Random) -> None:
        """Permute what nobody may see: the order of the three decks and of the room stack
        (hauntkit.testing.check_ruleset checks that no view changes)."""
        for deck in state["decks"].values():
            rng.shuffle(deck)
        rng.shuffle(state["stack"])

    def stats(self, state: State) -> dict[str, Any]:
        return stats(self.ix, state)

    def stat_words(self, figure: str, value: str) -> str:
        """The haunt by its name ("no haunt" when it never began), the traitor by seat
        ("no traitor": the haunt never began, or it has none)."""
        if figure == "haunt":
            haunt = self.ix.haunts.get(value)
            return haunt.name if haunt is not None else "no haunt"
        if figure == "traitor":
            return f"seat {int(value) + 1}" if value.isdigit() else "no traitor"
        return super().stat_words(figure, value)
