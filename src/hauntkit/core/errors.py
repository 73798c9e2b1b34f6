"""Typed errors. Every refusal says why; a refused action leaves the state untouched."""

from __future__ import annotations

from typing import Any


class HauntkitError(Exception):
    """Base class of every error hauntkit raises on purpose."""

    code = "error"

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": str(self)}


class ActionError(HauntkitError):
    """An action was refused. The game state is unchanged."""

    code = "action_refused"


class MalformedActionError(ActionError):
    """The action is not a well-formed action object (wrong shape, missing or extra fields)."""

    code = "malformed_action"


class NotYourTurnError(ActionError):
    """The seat that sent the action has no decision to make now."""

    code = "not_your_turn"


class IllegalActionError(ActionError):
    """The action is well formed but not legal in the current position."""

    code = "illegal_action"


class UnknownIdError(ActionError):
    """The action names an id (tile, card, explorer, monster...) that does not exist."""

    code = "unknown_id"


class GameOverError(ActionError):
    """The game has ended; no more actions are accepted."""

    code = "game_over"


class ContentError(HauntkitError):
    """A content pack is invalid. ``problems`` lists each one with file, line and field."""

    code = "content_error"

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))


class ScriptedDiceError(HauntkitError):
    """A scripted die value does not fit the die being rolled."""

    code = "scripted_dice"
