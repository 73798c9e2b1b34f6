"""The shape of a saved game (``Game.save``), checked before a save is loaded or replayed: a
save that is valid JSON but damaged inside is refused naming the field, never half-loaded."""

from __future__ import annotations

from typing import Any

from hauntkit.core.errors import HauntkitError

SAVE_FORMAT = 1
MAX_SEED = 2**64


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_save(save: Any, needs_state: bool = False, needs_format: bool = True
               ) -> dict[str, Any]:
    """``save`` if it has a save's shape, else ``HauntkitError`` naming the first wrong field.
    ``needs_state``: the full state must be there too (loading, not replaying);
    ``needs_format``: the ``format`` mark must be there (a file; a replay built in code may
    leave it out, but a wrong one is refused)."""
    if not isinstance(save, dict) or save.get(
            "format", None if needs_format else SAVE_FORMAT) != SAVE_FORMAT:
        raise HauntkitError(f"not a hauntkit save (format {SAVE_FORMAT} expected)")
    if not isinstance(save.get("ruleset"), str):
        raise HauntkitError("save: ruleset: expected a ruleset id")
    seed = save.get("seed")
    if not _whole(seed) or not 0 <= seed < MAX_SEED:
        raise HauntkitError(f"save: seed: expected a whole number from 0 to 2**64 - 1, got "
                            f"{_short(seed)}")
    if not isinstance(save.get("config"), dict):
        raise HauntkitError("save: config: expected an object")
    history = save.get("history")
    if not isinstance(history, list):
        raise HauntkitError("save: history: expected a list of [seat, action] pairs")
    for i, entry in enumerate(history):
        if not (isinstance(entry, list) and len(entry) == 2 and _whole(entry[0])
                and isinstance(entry[1], dict)):
            raise HauntkitError(f"save: history[{i}]: expected [seat, action], got "
                                f"{_short(entry)}")
    if needs_state and not isinstance(save.get("state"), dict):
        raise HauntkitError("save: state: expected the game's state object")
    return save


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
