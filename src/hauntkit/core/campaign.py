"""Campaigns: an ordered series of games and the data that persists between them.

A campaign is plain JSON data (a *document*)::

    {"format": 1, "id": ..., "ruleset": ..., "title": ..., "config": {...},
     "seats": [{"name": ..., "bot": ...}], "seed": 123, "status": "active" | "finished",
     "data": {...},                       # the persistent data now
     "games": [{"index": 0, "game_id": ..., "seed": ..., "config": {...},
                "status": "active" | "finished", "result": ..., "carry_out": {...}}]}

A ruleset plays campaigns through four hooks (``hauntkit.core.ruleset.Ruleset``):
``campaign_start(config)`` gives the first data; ``campaign_next(config, data, played)`` the
config of the next game (``None``: the campaign is over); the game is made with
``Game.new(..., carry_in=data)``; when it ends ``carry_out(state)`` gives the new data.

Everything here is a pure function of the document, the ruleset and the games: each game's seed
comes from the campaign's seed and the game's index, so the same campaign seed and the same
actions make the same campaign. ``finish_game`` applies a game's carry-out at most once (a game
already settled is left alone); storing the document under a version guard
(``hauntkit.server.campaigns``) makes that exactly once across crashes and processes.
"""

from __future__ import annotations

import hashlib
from typing import Any

import orjson

from hauntkit.core.errors import HauntkitError
from hauntkit.core.game import Game
from hauntkit.core.ruleset import Ruleset, plays_campaigns

CAMPAIGN_FORMAT = 1
Campaign = dict[str, Any]


class CampaignError(HauntkitError):
    """A campaign cannot do what was asked (it is over, a game is still open, ...)."""

    code = "campaign"


def _copy(data: Any) -> Any:
    return orjson.loads(orjson.dumps(data))


def game_seed(campaign_seed: int, index: int) -> int:
    """The seed of the campaign's game ``index`` (48 bits, like the server's seeds)."""
    digest = hashlib.sha256(f"hauntkit-campaign:{campaign_seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def new_campaign(rs: Ruleset, config: dict[str, Any], seed: int, seats: list[dict[str, Any]],
                 campaign_id: str, title: str = "") -> Campaign:
    """A new campaign document (no game made yet)."""
    if not plays_campaigns(rs):
        raise CampaignError(f"ruleset {rs.id!r} does not play campaigns")
    config = _copy(config)
    data = _copy(rs.campaign_start(config))
    camp: Campaign = {
        "format": CAMPAIGN_FORMAT, "id": campaign_id, "ruleset": rs.id, "title": title,
        "config": config, "seats": [{"name": s.get("name", ""), "bot": s.get("bot")}
                                    for s in seats],
        "seed": seed, "status": "active", "data": data, "games": [],
    }
    if _next_config(rs, camp) is None:
        camp["status"] = "finished"
    return camp


def played(camp: Campaign) -> list[dict[str, Any]]:
    """The finished games as ``campaign_next`` sees them (index and result)."""
    return [{"index": g["index"], "result": g["result"]}
            for g in camp["games"] if g["status"] == "finished"]


def _next_config(rs: Ruleset, camp: Campaign) -> dict[str, Any] | None:
    cfg = rs.campaign_next(_copy(camp["config"]), _copy(camp["data"]), played(camp))
    return None if cfg is None else _copy(cfg)


def upcoming(rs: Ruleset, camp: Campaign) -> dict[str, Any] | None:
    """The config the campaign's next game would be made with (None: the campaign is over or
    a game is in progress)."""
    if camp["status"] != "active" or current_game(camp) is not None:
        return None
    return _next_config(rs, camp)


def current_game(camp: Campaign) -> dict[str, Any] | None:
    """The entry of the game in progress, or None between games."""
    last = camp["games"][-1] if camp["games"] else None
    return last if last is not None and last["status"] == "active" else None


def next_game(rs: Ruleset, camp: Campaign, game_id: str) -> Game:
    """Make the campaign's next game (carrying the persistent data in) and record it in the
    document as the game in progress, with id ``game_id``. The caller stores both together."""
    if camp["status"] != "active":
        raise CampaignError(f"campaign {camp['id']} is over")
    if current_game(camp) is not None:
        raise CampaignError(f"campaign {camp['id']} already has a game in progress "
                            f"({current_game(camp)['game_id']}); finish it first")
    cfg = _next_config(rs, camp)
    if cfg is None:
        raise CampaignError(f"campaign {camp['id']} has no next game")
    cfg.setdefault("players", len(camp["seats"]))
    index = len(camp["games"])
    seed = game_seed(camp["seed"], index)
    game = Game.new(rs, cfg, seed, carry_in=camp["data"])
    camp["games"].append({"index": index, "game_id": game_id, "seed": seed,
                          "config": game.state["config"], "status": "active",
                          "result": None, "carry_out": None})
    return game


def finish_game(rs: Ruleset, camp: Campaign, game: Game, game_id: str) -> bool:
    """Apply a finished game's carry-out to the campaign: the new persistent data, the game's
    result, and the campaign's end when the ruleset offers no next game. Returns False (and
    changes nothing) when that game was settled already or is still going on."""
    entry = next((g for g in camp["games"] if g["game_id"] == game_id), None)
    if entry is None:
        raise CampaignError(f"game {game_id} is not part of campaign {camp['id']}")
    result = game.result()
    if entry["status"] == "finished" or result is None:
        return False
    out = _copy(rs.carry_out(game.state))
    entry.update(status="finished", result=_copy(result), carry_out=out)
    camp["data"] = out
    if _next_config(rs, camp) is None:
        camp["status"] = "finished"
    return True


__all__ = ["CAMPAIGN_FORMAT", "Campaign", "CampaignError", "current_game", "finish_game",
           "game_seed", "new_campaign", "next_game", "played", "upcoming"]
