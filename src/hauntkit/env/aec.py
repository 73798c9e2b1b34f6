"""``HauntkitEnv``: a PettingZoo AEC environment over any hauntkit ruleset with an encoder.

Agents are ``player_0``..``player_{n-1}`` (seat numbers). The agent to act is the first seat of
``to_act``. Observations are ``{"observation": float32 features in [0, 1], "action_mask":
int8 over the fixed action encoding}``; ``infos[agent]`` holds the ``actions`` (index ->
action) of the agent to act and its structured ``view``, built when first read. Rewards come
at the game's end: +1 to each seat of the winning side, -1 to the others, 0 to all when nobody
wins; a game cut by ``max_actions`` is truncated. See docs/env.md.
"""

from __future__ import annotations

from typing import Any

import numpy
from gymnasium import spaces
from pettingzoo import AECEnv

from hauntkit.core.errors import HauntkitError
from hauntkit.core.game import Game
from hauntkit.core.ruleset import Ruleset
from hauntkit.env.episode import DEFAULT_PLAYERS, Episode, seat_reward

__all__ = ["DEFAULT_PLAYERS", "HauntkitEnv", "SeatInfo", "seat_reward"]


class SeatInfo(dict):
    """The acting agent's info: ``actions`` (index -> action) and ``view``, the seat's view,
    built when first read (most training loops never read it, and it costs more than the
    engine's action). Read it before the next ``step``: after it, it is refused."""

    __slots__ = ("_source",)  # (env, seat, version): one slot, set once, per step

    @classmethod
    def of(cls, actions: dict[int, dict[str, Any]], env: HauntkitEnv, seat: int,
           version: int) -> SeatInfo:
        """The info of ``seat`` at ``version``, whose legal actions are ``actions`` (built
        without a Python ``__init__``: one is made every step)."""
        info = cls()
        info["actions"] = actions
        info._source = (env, seat, version)
        return info

    def __missing__(self, key: str) -> Any:
        if key != "view":
            raise KeyError(key)
        env, seat, version = self._source
        view = self["view"] = env.seat_view(seat, version)
        return view

    def __contains__(self, key: object) -> bool:
        return key == "view" or super().__contains__(key)

    def get(self, key: str, default: Any = None) -> Any:  # type: ignore[override]
        return self[key] if key in self else default


class HauntkitEnv(AECEnv):
    """One hauntkit game per episode. ``config`` is the ruleset's game config."""

    metadata = {"name": "hauntkit_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, ruleset: str | Ruleset = "betrayal", config: dict[str, Any] | None = None,
                 max_actions: int = 20_000, log_events: int | None = 20,
                 render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise HauntkitError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.episode = Episode(ruleset, config, max_actions)
        self.rs = self.episode.rs
        self.config = self.episode.config
        self.render_mode = render_mode
        self.max_actions = max_actions
        self.log_events = log_events
        self.encoder = self.episode.encoder
        self.catalogue = self.episode.catalogue
        self.possible_agents = [f"player_{i}" for i in range(self.episode.players)]
        self.agent_seat = {a: i for i, a in enumerate(self.possible_agents)}
        obs = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (self.encoder.size,), numpy.float32),
            "action_mask": spaces.Box(0, 1, (self.catalogue.size,), numpy.int8),
        })
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.catalogue.size)
                              for a in self.possible_agents}
        self._next_seed = 0
        self._observed: tuple[int, int, dict[str, numpy.ndarray]] | None = None

    @property
    def game(self) -> Game | None:
        """The game of this episode (None before ``reset`` and after ``close``)."""
        return self.episode.game

    @property
    def steps(self) -> int:
        return self.episode.steps

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------------ episode
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` None continues from the last seed (reproducible sequence)."""
        if seed is None:
            seed = self._next_seed
        self._next_seed = seed + 1
        self.seed_used = seed
        self.episode.reset(seed)
        self._observed = None
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]
        self._select()

    def _select(self) -> None:
        """Point ``agent_selection`` at the seat to act; fill its info."""
        episode = self.episode
        infos = self.infos
        if infos[self.agent_selection]:
            infos[self.agent_selection] = {}
        seat = episode.seat
        if seat is None:  # over or cut: every agent steps once more with None
            self.agent_selection = self.agents[0]
            return
        agent = self.agent_selection = self.possible_agents[seat]
        assert episode.game is not None
        infos[agent] = SeatInfo.of(episode.actions, self, seat, episode.game.state["version"])

    def seat_view(self, seat: int, version: int) -> dict[str, Any]:
        """The seat's view of the position at ``version`` (the current one: an info read after
        the next step is refused), its log cut to the last ``log_events``."""
        game = self.game
        if game is None or game.state["version"] != version:
            raise HauntkitError("this info is of an earlier position: read info['view'] "
                                "before the next step")
        view = game.view(seat)
        if self.log_events is not None:
            view["log"] = view.get("log", [])[-self.log_events:] if self.log_events else []
        return view

    def observe(self, agent: str) -> dict[str, numpy.ndarray]:
        episode = self.episode
        game = episode.game
        assert game is not None
        seat = self.agent_seat[agent]
        version = game.state["version"]
        cached = self._observed
        if cached is not None and cached[0] == version and cached[1] == seat:
            return cached[2]
        observation = {"observation": episode.observation(seat), "action_mask": episode.mask(seat)}
        self._observed = (version, seat, observation)
        return observation

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The acting agent's observation, its reward so far, whether it is done, its info."""
        agent = self.agent_selection
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        episode = self.episode
        episode.act(action)
        self._cumulative_rewards[agent] = 0.0
        if episode.finished:
            for a, reward in zip(self.agents, episode.rewards(), strict=True):
                self.rewards[a] = reward
                self.terminations[a] = True
            self._accumulate_rewards()
        elif episode.truncated:
            for a in self.agents:
                self.truncations[a] = True
        self._select()

    # ------------------------------------------------------------------------ the rest
    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.game is None:
            return None
        view = self.game.view(None)
        lines = [str(e.get("text", "")) for e in view.get("log", [])[-5:]]
        return "\n".join(lines)

    def close(self) -> None:
        self.episode.game = None

    def state(self) -> numpy.ndarray:
        """A spectator's features (no seat's secrets)."""
        assert self.game is not None
        return self.episode.observation(None)

    def __str__(self) -> str:
        return f"hauntkit_{self.rs.id}_v0"
