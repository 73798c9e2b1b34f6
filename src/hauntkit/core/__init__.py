"""The engine core shared by every ruleset: actions, decisions, randomness, views and the log."""

from hauntkit.core.errors import (
    ActionError,
    ContentError,
    GameOverError,
    HauntkitError,
    IllegalActionError,
    MalformedActionError,
    NotYourTurnError,
    UnknownIdError,
)
from hauntkit.core.game import Game
from hauntkit.core.ruleset import Ruleset, get_ruleset, register_ruleset, ruleset_ids

__all__ = [
    "ActionError",
    "ContentError",
    "Game",
    "GameOverError",
    "HauntkitError",
    "IllegalActionError",
    "MalformedActionError",
    "NotYourTurnError",
    "Ruleset",
    "UnknownIdError",
    "get_ruleset",
    "register_ruleset",
    "ruleset_ids",
]
