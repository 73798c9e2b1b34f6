"""What the lobby, a game's page and a campaign's page call a game or campaign nobody named:
its ruleset's display name and its number of players, in words ("Betrayal at House on the
Hill game, 3 players"; docs/playing.md, "The lobby"), never its id. And what a campaign calls
each of its games."""

from __future__ import annotations

import logging
from typing import Any

from hauntkit.core.ruleset import Ruleset

log = logging.getLogger(__name__)


def ruleset_name(rs: Ruleset | type[Ruleset]) -> str:
    """The ruleset's declared display name (its id when it declares none)."""
    return rs.display_name or rs.id


def players(n: int) -> str:
    return f"{n} player" if n == 1 else f"{n} players"


def untitled_game(rs: Ruleset | type[Ruleset], seats: int) -> str:
    """The title of a game created without one."""
    return f"{ruleset_name(rs)} game, {players(seats)}"


def untitled_campaign(rs: Ruleset | type[Ruleset], seats: int) -> str:
    """The title of a campaign created without one."""
    return f"{ruleset_name(rs)} campaign, {players(seats)}"


def campaign_game_title(rs: Ruleset, index: int, config: dict[str, Any]) -> str:
    """What a campaign calls its game ``index`` (0-based): ``rs.campaign_game_title``, or the
    default's words when the hook fails."""
    try:
        title = rs.campaign_game_title(index, config)
        if isinstance(title, str) and title:
            return title
    except Exception:  # noqa: BLE001 - a broken hook must not hide the campaign
        log.warning("ruleset %s: campaign_game_title failed", rs.id, exc_info=True)
    return f"{rs.campaign_noun.capitalize()} {index + 1}"
