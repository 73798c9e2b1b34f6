"""The hauntkit rulesets as OpenSpiel Python games (docs/env.md, "OpenSpiel").

A game's first node is a chance node drawing the engine's seed uniformly among ``seeds``;
every later die, draw and shuffle comes from the engine's generator seeded with it, so the
seed is the only chance outcome and no player observes it. Then the seats decide in turn
(``to_act()[0]``), an action being an index of the ruleset's fixed encoding (docs/env.md).
Rewards come at the end: +1 to each seat of the winning side, -1 to the others, 0 to all
without a winner; a game cut at ``max_actions`` decisions, or left with no legal action the
encoding can name, ends with 0 for everyone.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import orjson
import pyspiel

from hauntkit.core.errors import HauntkitError
from hauntkit.core.game import Game
from hauntkit.env.aec import seat_reward
from hauntkit.env.openspiel.engine import (
    NOT_DRAWN,
    Position,
    Setup,
    canonical,
    catalogue,
    ruleset,
)
from hauntkit.env.openspiel.observer import ViewObserver
from hauntkit.env.openspiel.resample import resample

DEFAULT_PARAMS: dict[str, Any] = {"players": 4, "seeds": 1024, "max_actions": 20_000,
                                  "config": "{}"}


def game_name(ruleset_id: str) -> str:
    """The OpenSpiel name of a ruleset's game: ``python_hauntkit_<ruleset>``."""
    return f"python_hauntkit_{ruleset_id}"


def game_type(ruleset_id: str) -> pyspiel.GameType:
    rs = ruleset(ruleset_id)
    return pyspiel.GameType(
        short_name=game_name(ruleset_id),
        long_name=f"hauntkit {rs.display_name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=rs.max_seats,
        min_num_players=rs.min_seats,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=DEFAULT_PARAMS)


def make_setup(ruleset_id: str, params: dict[str, Any]) -> Setup:
    """The checked parameters of a game (``config``: the ruleset's other options as JSON)."""
    try:
        extra = orjson.loads(params["config"])
    except orjson.JSONDecodeError as error:
        raise HauntkitError(f"the 'config' parameter must be a JSON object: {error}") from None
    if not isinstance(extra, dict) or "players" in extra:
        raise HauntkitError("the 'config' parameter must be a JSON object of the ruleset's "
                            "options other than 'players' (a parameter of its own)")
    config = ruleset(ruleset_id).validate_config({"players": int(params["players"]), **extra})
    seeds, max_actions = int(params["seeds"]), int(params["max_actions"])
    if seeds < 1 or max_actions < 1:
        raise HauntkitError("the 'seeds' and 'max_actions' parameters must be at least 1")
    return Setup(ruleset_id, config, seeds, max_actions)


class HauntkitGame(pyspiel.Game):
    """One ruleset as an OpenSpiel game; parameters ``players``, ``seeds``, ``max_actions``,
    ``config`` (DEFAULT_PARAMS)."""

    ruleset_id: ClassVar[str]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**DEFAULT_PARAMS, **(params or {})}
        self.setup = make_setup(self.ruleset_id, params)
        self.features_size = len(Position.new(self.setup, 0).features(0))
        info = pyspiel.GameInfo(
            num_distinct_actions=catalogue(self.ruleset_id).size,
            max_chance_outcomes=self.setup.seeds,
            num_players=self.setup.players,
            min_utility=-1.0,
            max_utility=1.0,
            max_game_length=self.setup.max_actions)
        super().__init__(game_type(self.ruleset_id), info, params)

    def new_initial_state(self) -> HauntkitState:
        return HauntkitState(self)

    def max_chance_nodes_in_history(self) -> int:
        return 1  # the seed

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> ViewObserver:
        return ViewObserver(self.features_size, iig_obs_type, params)


class BetrayalGame(HauntkitGame):
    ruleset_id = "betrayal"


class LegacyGame(HauntkitGame):
    ruleset_id = "legacy"


class BeastGame(HauntkitGame):
    ruleset_id = "beast"


GAME_CLASSES: dict[str, type[HauntkitGame]] = {
    "betrayal": BetrayalGame, "legacy": LegacyGame, "beast": BeastGame}
RULESETS = tuple(GAME_CLASSES)


class HauntkitState(pyspiel.State):
    """A position: before the seed (a chance node), then a hauntkit game in progress.

    Its attributes are what OpenSpiel copies on ``clone()`` and pickles on serialization:
    the setup (shared), the seed (None in a resampled state), the position, the number of
    decisions taken, and ``origin``: the engine state a resampled state started from.
    """

    def __init__(self, game: HauntkitGame) -> None:
        super().__init__(game)
        self.setup = game.setup
        self.seed: int | None = None
        self.position: Position | None = None
        self.decisions = 0
        self.origin: bytes | None = None

    # -- whose turn ------------------------------------------------------------------------
    def acting_seat(self) -> int | None:
        """The seat to decide; None before the seed and once the game has ended."""
        position = self.position
        if position is None or self.decisions >= self.setup.max_actions:
            return None
        if not position.encoded():
            return None
        return position.acting_seat()

    def current_player(self) -> int:
        if self.position is None:
            return pyspiel.PlayerId.CHANCE
        seat = self.acting_seat()
        return pyspiel.PlayerId.TERMINAL if seat is None else seat

    def is_terminal(self) -> bool:
        return self.position is not None and self.acting_seat() is None

    # -- actions ---------------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[int, float]]:
        seeds = self.setup.seeds
        return [(seed, 1.0 / seeds) for seed in range(seeds)]

    def _legal_actions(self, player: int) -> list[int]:
        if self.position is None or player != self.acting_seat():
            return []
        return sorted(self.position.encoded())

    def _apply_action(self, action: int) -> None:
        if self.position is None:
            self.seed = int(action)
            self.position = Position.new(self.setup, self.seed)
            return
        seat = self.acting_seat()
        chosen = self.position.encoded().get(int(action))
        if seat is None or chosen is None:
            raise HauntkitError(f"action {action} is not legal now")
        self.position.act(seat, chosen)
        self.decisions += 1

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        chosen = None
        if self.position is not None and player == self.acting_seat():
            chosen = self.position.encoded().get(int(action))
        return canonical(chosen).decode() if chosen is not None else f"action {action}"

    # -- results ---------------------------------------------------------------------------
    def returns(self) -> list[float]:
        players = self.setup.players
        position = self.position
        if position is None or position.game.result() is None:
            return [0.0] * players
        return [seat_reward(position.ruleset, position.state, seat) for seat in range(players)]

    def __str__(self) -> str:
        position = self.position
        name = self.setup.ruleset_id
        if position is None:
            return f"{name}: {NOT_DRAWN}"
        seed = "a sampled state" if self.seed is None else f"seed {self.seed}"
        seat = self.acting_seat()
        if seat is not None:
            now = f"seat {seat} to act"
        else:
            result = position.game.result()
            now = f"over, winner {result.get('winner')}" if result else "over, no winner"
        return (f"{name}, {seed}, {self.decisions} decisions: {now} "
                f"(state {position.digest()})")

    # -- imperfect information -------------------------------------------------------------
    def resample_from_infostate(self, player_id: int,
                                probability_sampler: Any) -> HauntkitState:
        """A state consistent with all that seat ``player_id`` has seen (resample.py): hidden
        parts sampled from its views, never read from this state."""
        sampled = self.get_game().new_initial_state()
        if self.position is None:  # nobody has seen anything yet
            return sampled
        rng = random.Random(int(probability_sampler() * 2 ** 53))
        sample = resample(self.position, self._start, int(player_id), rng)
        sampled.origin = orjson.dumps(sample.state)
        sampled.position = Position.from_state(sample.state, sample.pinned)
        sampled.decisions = self.decisions
        return sampled

    def _start(self) -> Game:
        """The game at the start of this state's engine history."""
        if self.origin is not None:
            return Position.from_state(orjson.loads(self.origin)).game
        assert self.seed is not None
        return Position.new(self.setup, self.seed).game



def register() -> None:
    """Register every ruleset's game with OpenSpiel (once per process)."""
    known = set(pyspiel.registered_names())
    for ruleset_id, cls in GAME_CLASSES.items():
        name = game_name(ruleset_id)
        if name not in known:
            pyspiel.register_game(game_type(ruleset_id), cls)


def load(ruleset_id: str, **params: Any) -> pyspiel.Game:
    """``pyspiel.load_game`` of a ruleset's game with these parameters."""
    if ruleset_id not in GAME_CLASSES:
        raise HauntkitError(f"no OpenSpiel game for ruleset {ruleset_id!r}; known: "
                            f"{', '.join(RULESETS)}")
    return pyspiel.load_game(game_name(ruleset_id), params)
