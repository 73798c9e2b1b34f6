"""Environments for researchers (the ``env`` extra: pettingzoo, gymnasium, numpy).

    from hauntkit.env import env
    e = env("betrayal", config={"players": 4})
    e.reset(seed=1)

Many games at once (Gymnasium's vector API, on several processes)::

    from hauntkit.env import vector_env
    games = vector_env("betrayal", num_envs=64)
    obs, infos = games.reset(seed=0)

See docs/env.md for the observation features and the fixed action encoding. The names below
are imported when first used, so that a missing extra is named in one line, and so that
``hauntkit.env.openspiel`` can say what it needs itself.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from hauntkit.core.errors import HauntkitError

if TYPE_CHECKING:
    from hauntkit.env.aec import HauntkitEnv
    from hauntkit.env.vector import HauntkitVectorEnv

_WHERE = {
    "CATALOGUES": "hauntkit.env.actions", "ActionCatalogue": "hauntkit.env.actions",
    "Episode": "hauntkit.env.episode", "seat_reward": "hauntkit.env.episode",
    "HauntkitEnv": "hauntkit.env.aec", "HauntkitVectorEnv": "hauntkit.env.vector",
}


def _module(name: str) -> Any:
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        raise HauntkitError(f"hauntkit's environments need the env extra: "
                            f"pip install 'hauntkit[env]' ({exc})") from None


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(_module(_WHERE[name]), name)
    raise AttributeError(f"module 'hauntkit.env' has no attribute {name!r}")


def env(ruleset: str = "betrayal", **kwargs: Any) -> HauntkitEnv:
    """A new AEC environment for ``ruleset`` (``config=``, ``max_actions=``, ``log_events=``,
    ``render_mode=``)."""
    return _module("hauntkit.env.aec").HauntkitEnv(ruleset, **kwargs)


def vector_env(ruleset: str = "betrayal", **kwargs: Any) -> HauntkitVectorEnv:
    """``num_envs`` games of ``ruleset`` stepped in one call (``num_envs=``, ``workers=``,
    ``config=``, ``max_actions=``, ``copy=``)."""
    return _module("hauntkit.env.vector").HauntkitVectorEnv(ruleset, **kwargs)


__all__ = ["CATALOGUES", "ActionCatalogue", "Episode", "HauntkitEnv", "HauntkitVectorEnv", "env",
           "seat_reward", "vector_env"]
