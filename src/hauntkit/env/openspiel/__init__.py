"""The hauntkit rulesets as OpenSpiel games (the ``openspiel`` extra). See docs/env.md.

    from hauntkit.env.openspiel import load
    game = load("beast", players=2)          # pyspiel.load_game("python_hauntkit_beast", ...)

Importing this package registers ``python_hauntkit_betrayal``, ``python_hauntkit_legacy`` and
``python_hauntkit_beast`` with ``pyspiel``.
"""

from __future__ import annotations

from hauntkit.core.errors import HauntkitError

try:
    import pyspiel  # noqa: F401
except ImportError:
    raise HauntkitError("hauntkit.env.openspiel needs OpenSpiel: "
                        "pip install 'hauntkit[openspiel]'") from None

from hauntkit.env.openspiel.game import (  # noqa: E402
    DEFAULT_PARAMS,
    GAME_CLASSES,
    RULESETS,
    HauntkitGame,
    HauntkitState,
    game_name,
    load,
    register,
)
from hauntkit.env.openspiel.resample import ResampleError  # noqa: E402

register()

__all__ = ["DEFAULT_PARAMS", "GAME_CLASSES", "RULESETS", "HauntkitGame", "HauntkitState",
           "ResampleError", "game_name", "load", "register"]
