"""``HauntkitEnv``: a PettingZoo AEC environment over any hauntkit ruleset with an encoder.

Agents are ``player_0``..``player_{n-1}`` (seat numbers). The agent to act is the first seat of
``to_act``. Observations are ``{"observation": float32 features in [0, 1], "action_mask":
int8 over the fixed action encoding}``; ``infos[agent]`` holds the structured ``view`` and the
``actions`` (index -> action) of the agent to act. Rewards come at the game's end: +1 to each
seat of the winning side, -1 to the others, 0 to all when nobody wins; a game cut by
``max_actions`` is truncated. See docs/env.md.
"""

from __future__ import annotations

from typing import Any

import numpy
from gymnasium import spaces
from pettingzoo import AECEnv

from hauntkit.core.errors import HauntkitError
from hauntkit.core.game import Game
from hauntkit.core.ruleset import Ruleset, get_ruleset
from hauntkit.env.actions import ActionCatalogue
from hauntkit.env.features import encoder_for

DEFAULT_PLAYERS = {"betrayal": 4, "legacy": 4, "beast": 4}


def seat_reward(rs: Ruleset, state: dict[str, Any], seat: int) -> float:
    """+1 if ``seat``'s side won, -1 if another side won, 0 without a winner."""
    result = rs.result(state) or {}
    winner = result.get("winner")
    if winner is None or winner == "draw":
        return 0.0
    if rs.id in ("betrayal", "legacy"):
        side = state["explorers"][seat]["side"] or "heroes"
    else:  # every seat of beast plays the hunters
        side = "hunters"
    return 1.0 if side == winner else -1.0


class HauntkitEnv(AECEnv):
    """One hauntkit game per episode. ``config`` is the ruleset's game config."""

    metadata = {"name": "hauntkit_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, ruleset: str | Ruleset = "betrayal", config: dict[str, Any] | None = None,
                 max_actions: int = 20_000, log_events: int | None = 20,
                 render_mode: str | None = None) -> None:
        super().__init__()
        self.rs = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        self.config = dict(config or {})
        if render_mode not in (None, "ansi"):
            raise HauntkitError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.render_mode = render_mode
        self.max_actions = max_actions
        self.log_events = log_events
        self.encoder = encoder_for(self.rs)
        self.catalogue = ActionCatalogue.for_ruleset(self.rs.id)
        n = int(self.config.get("players", DEFAULT_PLAYERS.get(self.rs.id, 4)))
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agent_seat = {a: i for i, a in enumerate(self.possible_agents)}
        obs = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (self.encoder.size,), numpy.float32),
            "action_mask": spaces.Box(0, 1, (self.catalogue.size,), numpy.int8),
        })
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self._obs_space = obs
        self.action_spaces = {a: spaces.Discrete(self.catalogue.size)
                              for a in self.possible_agents}
        self._next_seed = 0
        self.game: Game | None = None
        self._actions: dict[int, dict[str, Any]] = {}
        self._view_key: tuple[int, int | None] | None = None
        self._view_cached: dict[str, Any] = {}

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
        self.game = Game.new(self.rs, {"players": len(self.possible_agents), **self.config},
                             seed)
        self._view_key = None
        self.steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        """Point ``agent_selection`` at the seat to act; fill its info and action map."""
        assert self.game is not None
        waiting = self.game.to_act()
        if not waiting:  # game over: every agent steps once more with None
            self.agent_selection = self.agents[0]
            return
        seat = waiting[0]
        self.agent_selection = self.possible_agents[seat]
        self._actions = self.catalogue.encode(self.game.legal_actions(seat))
        for a in self.agents:
            self.infos[a] = {}
        view = dict(self._view(seat))
        if self.log_events is not None:
            view["log"] = view.get("log", [])[-self.log_events:] if self.log_events else []
        self.infos[self.agent_selection] = {"view": view, "actions": dict(self._actions)}

    def observe(self, agent: str) -> dict[str, numpy.ndarray]:
        assert self.game is not None
        seat = self.agent_seat[agent]
        mask = numpy.zeros(self.catalogue.size, dtype=numpy.int8)
        if agent == self.agent_selection and not (self.terminations.get(agent)
                                                   or self.truncations.get(agent)):
            mask[list(self._actions)] = 1
        return {"observation": self.encoder(self._view(seat)), "action_mask": mask}

    def _view(self, seat: int | None) -> dict[str, Any]:
        """The seat's view of the current position, built once per position and seat (the
        acting seat's info and its observation share it)."""
        assert self.game is not None
        key = (self.game.state["version"], seat)
        if self._view_key != key:
            self._view_key, self._view_cached = key, self.game.view(seat)
        return self._view_cached

    def step(self, action: int | None) -> None:
        assert self.game is not None
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None or int(action) not in self._actions:
            raise HauntkitError(f"action index {action!r} is not legal for {agent} now; legal: "
                                f"{sorted(self._actions)}")
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self.rewards[a] = 0.0
        self.game.act(self.agent_seat[agent], self._actions[int(action)])
        self.steps += 1
        if self.game.result() is not None:
            for a in self.agents:
                self.rewards[a] = seat_reward(self.rs, self.game.state, self.agent_seat[a])
                self.terminations[a] = True
        elif self.steps >= self.max_actions:
            for a in self.agents:
                self.truncations[a] = True
        self._accumulate_rewards()
        self._select()

    # ------------------------------------------------------------------------ the rest
    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.game is None:
            return None
        view = self.game.view(None)
        lines = [str(e.get("text", "")) for e in view.get("log", [])[-5:]]
        return "\n".join(lines)

    def close(self) -> None:
        self.game = None

    def state(self) -> numpy.ndarray:
        """A spectator's features (no seat's secrets)."""
        assert self.game is not None
        return self.encoder(self.game.view(None))

    def __str__(self) -> str:
        return f"hauntkit_{self.rs.id}_v0"
