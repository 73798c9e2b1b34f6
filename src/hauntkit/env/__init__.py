"""PettingZoo AEC environments for researchers (the ``env`` extra: pettingzoo, gymnasium, numpy).

    from hauntkit.env import env
    e = env("betrayal", config={"players": 4})
    e.reset(seed=1)

See docs/env.md for the observation features and the fixed action encoding.
"""

from __future__ import annotations

from typing import Any

from hauntkit.env.actions import CATALOGUES, ActionCatalogue
from hauntkit.env.aec import HauntkitEnv, seat_reward


def env(ruleset: str = "betrayal", **kwargs: Any) -> HauntkitEnv:
    """A new AEC environment for ``ruleset`` (``config=``, ``max_actions=``, ``log_events=``,
    ``render_mode=``)."""
    return HauntkitEnv(ruleset, **kwargs)


__all__ = ["CATALOGUES", "ActionCatalogue", "HauntkitEnv", "env", "seat_reward"]
