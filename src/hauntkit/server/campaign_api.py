"""HTTP endpoints of campaigns (see docs/protocol.md "Campaigns"):

- ``POST /api/campaigns``: create one; the answer carries its host token and the campaign
  links of its seats, shown only then (the database keeps their digests);
- ``GET /api/campaigns``: summaries, newest first;
- ``GET /api/campaigns/{id}``: the campaign (a game that has ended is settled first), with its
  data presented by the ruleset (``summary``) and the next game's config;
- ``GET /api/campaigns/{id}/history``: its games, in order, each carried-out data presented;
- ``POST /api/campaigns/{id}/next`` (``Authorization: Bearer <campaign host token>``): start
  the next game, or name the one in progress, with its seat links;
- ``GET /api/campaigns/{id}/seat`` (``Bearer <campaign seat token>``): that seat's link in the
  game in progress.

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
from hauntkit.bots.strengths import DEFAULT_STRENGTH
from hauntkit.core.campaign import Campaign, current_game, upcoming
from hauntkit.core.campaign_view import present
from hauntkit.core.errors import HauntkitError
from hauntkit.core.ruleset import ConfigError, Ruleset, plays_campaigns
from hauntkit.server.campaigns import (
    Campaigns,
    campaign_seat_token,
    document,
    game_seat_token,
    game_tokens,
    public,
    public_game,
)
from hauntkit.server.db import token_matches
from hauntkit.server.http_common import TableSpec, bearer_token, error_response, unechoed
from hauntkit.server.options import settings_rows
from hauntkit.server.rooms import Manager, seat_bot_title
from hauntkit.server.titles import campaign_game_title, ruleset_name


class CreateCampaign(TableSpec):
    """A new campaign: the same fields as a new game's table."""


def presented(rs: Ruleset, camp: Campaign, host: bool = False) -> dict[str, Any]:
    """The campaign as the page shows it: the public document, the summary of its data, what
    one game is called and the next game's settings in words (the options a new game's form
    offers; never its haunt or other secrets); for its host (``host``) also the whole
    document (``document``: seeds and raw data included) and the next game's whole config."""
    nxt = upcoming(rs, camp)
    out: dict[str, Any] = {
        **public(camp), "games": [titled(rs, g) for g in camp["games"]],
        "summary": present(rs, camp["data"]), "noun": rs.campaign_noun,
        "ruleset_name": ruleset_name(rs),
        "next_settings": [] if nxt is None else settings_rows(rs.config_schema(), nxt),
        "next_title": None if nxt is None else campaign_game_title(rs, len(camp["games"]), nxt)}
    if host:
        out["document"] = document(camp)
        out["next_config"] = nxt
    return out


def titled(rs: Ruleset, game: dict[str, Any]) -> dict[str, Any]:
    """A campaign's game entry as anyone may see it, with its ``title``."""
    return {**public_game(game), "title": campaign_game_title(rs, game["index"], game["config"])}


def campaign_routes(mgr: Manager) -> APIRouter:
    router = APIRouter()
    camps = Campaigns(mgr.store, mgr.ruleset)
    lock = asyncio.Lock()  # one campaign change at a time in this process

    async def run(fn: Any, *args: Any) -> Any:
        async with lock:
            return await asyncio.to_thread(fn, *args)

    def base() -> str:
        return mgr.settings.base_url

    def game_url(gid: str, token: str, cid: str) -> str:
        return f"{base()}/game/{gid}#t={token}&campaign={cid}"

    @router.post("/api/campaigns")
    async def _create(req: CreateCampaign) -> JSONResponse:
        try:
            rs = mgr.ruleset(req.ruleset)
        except HauntkitError as exc:
            return error_response(400, "unknown_ruleset", unechoed(str(exc), req.ruleset), "ruleset")
        if not plays_campaigns(rs):
            return error_response(400, "no_campaigns", f"ruleset {req.ruleset!r} does not play campaigns",
                        "ruleset")
        lo, hi = rs.min_seats, rs.max_seats
        if not lo <= len(req.seats) <= hi:
            return error_response(400, "bad_seats", f"{req.ruleset} needs {lo} to {hi} seats", "seats")
        seats = []
        for i, s in enumerate(req.seats):
            bot = s.bot or (DEFAULT_STRENGTH if s.kind == "bot" else None)
            if bot is not None:
                try:
                    get_bot(bot)
                except UnknownBotError:
                    return error_response(400, "unknown_bot", f"seats.{i}.bot: no bot of that name",
                                "seats")
            seats.append({"name": s.name or f"Seat {i + 1}", "bot": bot})
        cfg = dict(req.config)
        cfg.setdefault("players", len(seats))
        try:
            cfg = type(rs).validate_campaign_config(cfg)
        except ConfigError as exc:
            return error_response(422, exc.code, unechoed(exc.plain, req.config), exc.field)
        host = secrets.token_urlsafe(18)
        try:
            camp = await run(camps.create, req.ruleset, cfg, seats, req.seed, req.title, host)
        except ConfigError as exc:  # what only the content can judge (a family, a hunt...)
            return error_response(422, exc.code, unechoed(exc.plain, req.config), exc.field)
        except HauntkitError as exc:
            return error_response(400, exc.code, str(exc))
        cid = camp["id"]
        links = []
        for i, seat in enumerate(camp["seats"]):
            tok = None if seat["bot"] else campaign_seat_token(host, cid, i)
            links.append({"seat": i, "name": seat["name"], "bot": seat["bot"],
                          "bot_title": seat_bot_title(seat), "token": tok,
                          "url": f"{base()}/campaign/{cid}#seat={tok}" if tok else None})
        return JSONResponse({"campaign": public(camp), "host_token": host, "seats": links,
                             "url": f"{base()}/campaign/{cid}",
                             "host_url": f"{base()}/campaign/{cid}#host={host}"})

    @router.get("/api/campaigns")
    async def _list() -> dict[str, Any]:
        return {"campaigns": await asyncio.to_thread(mgr.store.list_campaigns)}

    async def opened(cid: str) -> Campaign | JSONResponse:
        try:
            return await run(camps.open, cid)
        except HauntkitError as exc:
            return error_response(404, "no_campaign", str(exc))

    @router.get("/api/campaigns/{cid}")
    async def _status(cid: str, authorization: str | None = Header(default=None)) -> Any:
        camp = await opened(cid)
        if isinstance(camp, JSONResponse):
            return camp
        token = bearer_token(authorization)
        host = token is not None and token_matches(token, camp.get("host_token_hash"))
        if token is not None and not host:
            return error_response(403, "forbidden", "that is not this campaign's host token")
        return presented(mgr.ruleset(camp["ruleset"]), camp, host)

    @router.get("/api/campaigns/{cid}/history")
    async def _history(cid: str) -> Any:
        camp = await opened(cid)
        if isinstance(camp, JSONResponse):
            return camp
        rs = mgr.ruleset(camp["ruleset"])
        return {"id": cid, "games": [
            {**titled(rs, g),
             "summary": None if g["carry_out"] is None else present(rs, g["carry_out"])}
            for g in camp["games"]]}

    async def game_seats(camp: Campaign, gid: str) -> list[dict[str, Any]]:
        """The stored seats of campaign game ``gid`` (with their token digests)."""
        room = await mgr.room(gid)  # loaded: its bots start playing
        if room is None:
            raise HauntkitError(f"campaign {camp['id']}: its game {gid} is missing")
        return room.rec.seats

    @router.post("/api/campaigns/{cid}/next")
    async def _next(cid: str, authorization: str | None = Header(default=None)) -> Any:
        camp = await opened(cid)
        if isinstance(camp, JSONResponse):
            return camp
        host = bearer_token(authorization)
        if not camp.get("host_token_hash"):
            return error_response(403, "no_host_token", f"campaign {cid} was made on the command line and "
                        f"has no host token; play it with `hauntkit campaign play {cid}`")
        if not token_matches(host, camp.get("host_token_hash")):
            return error_response(403, "forbidden", "the campaign's host token is needed")
        if camp["status"] != "active":
            return error_response(409, "campaign_over", f"campaign {cid} is over")
        try:
            camp, _game, tokens = await run(camps.start_next, cid, host)
            gid = current_game(camp)["game_id"]
            stored = await game_seats(camp, gid)
        except HauntkitError as exc:
            return error_response(409, exc.code, str(exc))
        out: dict[str, Any] = {"campaign": public(camp), "game_id": gid, "new": tokens is not None,
                               "spectator_url": f"{base()}/game/{gid}"}
        if tokens is None:  # a game in progress: its links again, if made under this token
            derived = game_tokens(host, camp, gid)  # type: ignore[arg-type]
            if all(token_matches(t, s.get("token_hash"))
                   for t, s in zip(derived["seats"], stored, strict=True)):
                tokens = derived
        if tokens is not None:
            out["host_token"] = tokens["host"]
            out["seats"] = [{"seat": i, "name": s["name"], "bot": s["bot"],
                             "bot_title": seat_bot_title(s), "token": tok,
                             "url": game_url(gid, tok, cid)}
                            for i, (s, tok) in enumerate(zip(camp["seats"], tokens["seats"],
                                                             strict=True))]
        return out

    @router.get("/api/campaigns/{cid}/seat")
    async def _seat(cid: str, authorization: str | None = Header(default=None)) -> Any:
        camp = await opened(cid)
        if isinstance(camp, JSONResponse):
            return camp
        token = bearer_token(authorization)
        seat = next((i for i, h in enumerate(camp.get("seat_token_hashes") or [])
                     if token_matches(token, h)), None)
        if seat is None:
            return error_response(403, "forbidden", "a seat token of this campaign is needed")
        entry = current_game(camp)
        if entry is None:
            why = "is over" if camp["status"] != "active" else \
                "has no game in progress; its host starts the next one"
            return error_response(409, "no_game_in_progress", f"campaign {cid} {why}")
        gid = entry["game_id"]
        try:
            stored = await game_seats(camp, gid)
        except HauntkitError as exc:
            return error_response(409, exc.code, str(exc))
        tok = game_seat_token(token, gid, seat)  # type: ignore[arg-type]
        if not token_matches(tok, stored[seat].get("token_hash")):
            return error_response(409, "no_seat_link", f"game {gid} was not started from the browser; "
                                             "its seat links are not derived from yours")
        return {"seat": seat, "name": camp["seats"][seat]["name"], "game_id": gid,
                "token": tok, "url": game_url(gid, tok, cid)}

    return router


__all__ = ["campaign_routes"]
