"""HTTP endpoints of campaigns (see docs/protocol.md "Campaigns"):

- ``POST /api/campaigns``: create one; the answer carries its host token, shown only then;
- ``GET /api/campaigns``: summaries, newest first;
- ``GET /api/campaigns/{id}``: the campaign (a game that has ended is settled first);
- ``GET /api/campaigns/{id}/history``: its games, in order;
- ``POST /api/campaigns/{id}/next`` (``Authorization: Bearer <campaign host token>``): start
  the next game (or name the one in progress); a new game's seat links are in this answer only.

Campaign games are ordinary games of this server: players open them by their seat links, bots
in their seats play on, and they survive restarts like every game.
"""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

from fastapi import APIRouter, Header
from fastapi.responses import JSONResponse

from hauntkit.bots import UnknownBotError, get_bot
from hauntkit.core.campaign import current_game
from hauntkit.core.errors import HauntkitError
from hauntkit.core.ruleset import plays_campaigns
from hauntkit.server.app import TableSpec
from hauntkit.server.campaigns import Campaigns, public
from hauntkit.server.db import hash_token, token_matches
from hauntkit.server.rooms import Manager


class CreateCampaign(TableSpec):
    """A new campaign: the same fields as a new game's table."""


def _err(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"type": "error", "code": code, "message": message}, status_code=status)


def campaign_routes(mgr: Manager) -> APIRouter:
    router = APIRouter()
    camps = Campaigns(mgr.store, mgr.ruleset)
    lock = asyncio.Lock()  # one campaign change at a time in this process

    async def run(fn: Any, *args: Any) -> Any:
        async with lock:
            return await asyncio.to_thread(fn, *args)

    @router.post("/api/campaigns")
    async def _create(req: CreateCampaign) -> JSONResponse:
        try:
            rs = mgr.ruleset(req.ruleset)
        except HauntkitError as exc:
            return _err(400, "unknown_ruleset", str(exc))
        if not plays_campaigns(rs):
            return _err(400, "no_campaigns", f"ruleset {req.ruleset!r} does not play campaigns")
        lo, hi = rs.min_seats, rs.max_seats
        if not lo <= len(req.seats) <= hi:
            return _err(400, "bad_seats", f"{req.ruleset} needs {lo} to {hi} seats")
        seats = []
        for i, s in enumerate(req.seats):
            bot = s.bot or ("default" if s.kind == "bot" else None)
            if bot is not None:
                try:
                    get_bot(bot)
                except UnknownBotError:
                    return _err(400, "unknown_bot", f"seat {i}: no bot called {bot!r}")
            seats.append({"name": s.name or f"Seat {i + 1}", "bot": bot})
        cfg = dict(req.config)
        cfg.setdefault("players", len(seats))
        host = secrets.token_urlsafe(18)
        try:
            camp = await run(camps.create, req.ruleset, cfg, seats, req.seed, req.title,
                             hash_token(host))
        except HauntkitError as exc:
            return _err(400, exc.code, str(exc))
        return JSONResponse({"campaign": public(camp), "host_token": host})

    @router.get("/api/campaigns")
    async def _list() -> dict[str, Any]:
        return {"campaigns": await asyncio.to_thread(mgr.store.list_campaigns)}

    async def opened(cid: str) -> dict[str, Any] | JSONResponse:
        try:
            return await run(camps.open, cid)
        except HauntkitError as exc:
            return _err(404, "no_campaign", str(exc))

    @router.get("/api/campaigns/{cid}")
    async def _status(cid: str) -> Any:
        camp = await opened(cid)
        return camp if isinstance(camp, JSONResponse) else public(camp)

    @router.get("/api/campaigns/{cid}/history")
    async def _history(cid: str) -> Any:
        camp = await opened(cid)
        return camp if isinstance(camp, JSONResponse) else {"id": cid, "games": camp["games"]}

    @router.post("/api/campaigns/{cid}/next")
    async def _next(cid: str, authorization: str | None = Header(default=None)) -> Any:
        camp = await opened(cid)
        if isinstance(camp, JSONResponse):
            return camp
        token = authorization[7:].strip() if authorization and \
            authorization.lower().startswith("bearer ") else None
        if not token_matches(token, camp.get("host_token_hash")):
            return _err(403, "forbidden", "the campaign's host token is needed")
        if camp["status"] != "active":
            return _err(409, "campaign_over", f"campaign {cid} is over")
        try:
            camp, _game, tokens = await run(camps.start_next, cid)
        except HauntkitError as exc:
            return _err(409, exc.code, str(exc))
        gid = current_game(camp)["game_id"]
        await mgr.room(gid)  # loaded: its bots start playing
        base = mgr.settings.base_url
        out: dict[str, Any] = {"campaign": public(camp), "game_id": gid, "new": tokens is not None,
                               "spectator_url": f"{base}/game/{gid}"}
        if tokens is not None:
            out["host_token"] = tokens["host"]
            out["seats"] = [{"seat": i, "name": s["name"], "bot": s["bot"], "token": tok,
                             "url": f"{base}/game/{gid}#t={tok}"}
                            for i, (s, tok) in enumerate(zip(camp["seats"], tokens["seats"],
                                                             strict=True))]
        return out

    return router


__all__ = ["campaign_routes"]
