"""PettingZoo AEC environments for researchers (the ``env`` extra: pettingzoo, gymnasium, numpy).

    from hauntkit.env import env
    e = env("betrayal", config={"players": 4})
    e.reset(seed=1)

Many games at once (Gymnasium's vector API, on several processes)::

    from hauntkit.env import vector_env
    games = vector_env("betrayal", num_envs=64)
    obs, infos = games.reset(seed=0)

See docs/env.md for the observation features and the fixed action encoding.
"""

from __future__ import annotations

from typing import Any

from hauntkit.env.actions import CATALOGUES, ActionCatalogue
from hauntkit.env.aec import HauntkitEnv
from hauntkit.env.episode import Episode, seat_reward
from hauntkit.env.vector import HauntkitVectorEnv


def env(ruleset: str = "betrayal", **kwargs: Any) -> HauntkitEnv:
    """A new AEC environment for ``ruleset`` (``config=``, ``max_actions=``, ``log_events=``,
    ``render_mode=``)."""
    return HauntkitEnv(ruleset, **kwargs)


def vector_env(ruleset: str = "betrayal", **kwargs: Any) -> HauntkitVectorEnv:
    """``num_envs`` games of ``ruleset`` stepped in one call (``num_envs=``, ``workers=``,
    ``config=``, ``max_actions=``, ``copy=``)."""
    return HauntkitVectorEnv(ruleset, **kwargs)


__all__ = ["CATALOGUES", "ActionCatalogue", "Episode", "HauntkitEnv", "HauntkitVectorEnv", "env",
           "seat_reward", "vector_env"]
