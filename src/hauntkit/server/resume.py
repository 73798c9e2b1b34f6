"""Going on with a downloaded save: the save's game is rebuilt from its seed, config and
moves (never taken on trust), checked against the position the save holds, and becomes a new
game with new seat links."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import orjson

from hauntkit.core.errors import ActionError, HauntkitError
from hauntkit.core.game import Game
from hauntkit.core.ruleset import Ruleset
from hauntkit.core.saves import check_save


class SaveRefused(HauntkitError):
    """A save that cannot be resumed (damaged, changed by hand, over, or not replayable)."""

    code = "bad_save"


def rebuild(save: Any, ruleset_of: Callable[[str], Ruleset]) -> Game:
    """The game ``save`` holds, replayed move by move; ``SaveRefused`` says why not."""
    try:
        check_save(save)
    except HauntkitError as exc:
        raise SaveRefused(str(exc)) from None
    if save.get("dev"):
        raise SaveRefused("this save is of a game with a scenario set-up or scripted dice: "
                          "`hauntkit replay` can tell it, but it cannot be resumed")
    try:
        rs = ruleset_of(save["ruleset"])
    except HauntkitError as exc:
        raise SaveRefused(f"save: ruleset: {exc}") from None
    try:
        game = Game.new(rs, save["config"], save["seed"], save.get("carry_in"))
    except HauntkitError as exc:
        raise SaveRefused(f"save: the game cannot start again: {exc}") from None
    for number, (seat, action) in enumerate(save["history"], start=1):
        try:
            game.act(seat, action)
        except ActionError as exc:
            raise SaveRefused(f"save: move {number} (seat {seat + 1}) is not legal at that "
                              f"point: {exc}") from None
    if isinstance(save.get("state"), dict):
        held = orjson.dumps(rs.upgrade_state(save["state"]), option=orjson.OPT_SORT_KEYS)
        if held != orjson.dumps(game.state, option=orjson.OPT_SORT_KEYS):
            raise SaveRefused("the save has been changed: its moves lead to another position "
                              "than the one it holds")
    if game.over:
        raise SaveRefused("this game is over; there is nothing to go on with (start a rematch "
                          "from its end screen instead)")
    return game
