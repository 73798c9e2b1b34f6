"""The FastAPI application: lobby HTTP API, the game websocket, and the static web client.

The protocol is documented in docs/protocol.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import orjson
from fastapi import FastAPI, Header, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field, StrictInt

from hauntkit.bots import UnknownBotError, bot_names, strengths
from hauntkit.bots.strengths import DEFAULT_STRENGTH
from hauntkit.core import ActionError, HauntkitError
from hauntkit.core.rules_summary import load_rules_summary
from hauntkit.core.ruleset import ConfigError, get_ruleset_class, plays_campaigns, ruleset_ids
from hauntkit.server.campaign_api import campaign_routes
from hauntkit.server.db import seat_token, token_matches
from hauntkit.server.http_common import (
    ERROR_RESPONSES,
    SeatSpec,
    TableSpec,
    Text,
    bearer_token,
    error_response,
    unechoed,
)
from hauntkit.server.limits import BodyLimit, CreationLimit, HeaderLimit, SocketCount
from hauntkit.server.options import lobby_options
from hauntkit.server.outbox import Outbox
from hauntkit.server.protocol import (
    MAX_MESSAGE_BYTES,
    ProtocolError,
    error_message,
    parse_message,
    readable_id,
)
from hauntkit.server.resume import SaveRefused, rebuild
from hauntkit.server.rooms import (
    Conn,
    Manager,
    Room,
    Settings,
    TooManyRooms,
    seat_bot_title,
    tokens_of,
)
from hauntkit.server.titles import ruleset_name

log = logging.getLogger("hauntkit.server")
WEB_DIR = Path(__file__).resolve().parent.parent / "web"
MAX_BODY_BYTES = 256 * 1024
MAX_SAVE_BYTES = 8 * 1024 * 1024  # a saved game to resume: its whole state and log
MAX_CONNECTIONS_PER_GAME = 64
MAX_HEADERS = 100  # request headers (a browser sends about 20)


# What the lobby may tune of a searching bot seat: ISMCTS iterations per decision (the server
# default is the bot's own, 1,000), bounded so that one game cannot take the machine.
BOT_OPTIONS: dict[str, dict[str, dict[str, int]]] = {
    "ismcts": {"iterations": {"min": 10, "max": 3000, "default": 1000}},
}
_ITERS = BOT_OPTIONS["ismcts"]["iterations"]


class GameSeatSpec(SeatSpec):
    iterations: StrictInt | None = Field(default=None, ge=_ITERS["min"], le=_ITERS["max"])


TURN_CLOCK = Field(default=None, ge=1, le=86_400, description=(
    "seconds a person has for each decision; when they run out a bot covers the seat until "
    "its person comes back (none: no clock)"))


class CreateGame(TableSpec):
    seats: list[GameSeatSpec] = Field(min_length=1, max_length=12)
    bot_delay: float | None = Field(default=None, ge=0, le=30)
    turn_clock: StrictInt | None = TURN_CLOCK
    setup: dict[str, Any] | None = None  # dev only: a scenario set-up
    dice: list[StrictInt] | None = Field(default=None, max_length=500)  # dev only: scripted dice


class ResumeGame(BaseModel):
    """A downloaded save to go on with, and the new game's seats (default: people, as many as
    the save has) and title."""

    save: dict[str, Any]
    seats: list[GameSeatSpec] = Field(default_factory=list, max_length=12)
    title: Text = Field(default="", max_length=200)
    bot_delay: float | None = Field(default=None, ge=0, le=30)
    turn_clock: StrictInt | None = TURN_CLOCK


class HandOver(BaseModel):
    seat: StrictInt = Field(ge=0, le=11, description="the seat whose person becomes the host")


class SetBot(BaseModel):
    bot: Text | None = Field(default=None, max_length=40)


class Act(BaseModel):
    action: dict[str, Any]
    version: StrictInt | None = None


class Dice(BaseModel):
    faces: list[StrictInt] = Field(min_length=1, max_length=500)


def available_rulesets() -> list[dict[str, Any]]:
    """Installed rulesets that load, with their declared name and seat range."""
    out = []
    for rid in ruleset_ids():
        try:
            cls = get_ruleset_class(rid)
        except HauntkitError as exc:  # a broken plugin is not offered; the log says why
            log.warning("ruleset %s is not offered: %s", rid, exc)
            continue
        out.append({"id": rid, "name": ruleset_name(cls), "min_seats": cls.min_seats,
                    "max_seats": cls.max_seats})
    return out


def validation_message(exc: RequestValidationError) -> str:
    """What is wrong with a request, each problem with where it is; never the value sent."""
    parts = []
    for err in exc.errors()[:5]:
        if err.get("type") == "json_invalid":  # its location is a character offset
            parts.append(f"body: not valid JSON (at character {err['loc'][-1]})")
            continue
        where = ".".join(str(p) for p in err.get("loc", ()) if p != "body") or "body"
        message = str(err.get("msg", "invalid")).removeprefix("Value error, ")
        parts.append(f"{where}: {message}")
    return "; ".join(parts) or "the request is not valid"


class Refusal(Exception):
    """An HTTP request refused with ``status`` and a protocol error code."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def create_app(settings: Settings, manager: Manager | None = None) -> FastAPI:
    mgr = manager or Manager(settings)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await mgr.start()
        try:
            yield
        finally:
            await mgr.stop()

    app = FastAPI(title="hauntkit", lifespan=lifespan, docs_url="/api/docs", redoc_url=None,
                  responses=ERROR_RESPONSES)
    app.state.manager = mgr

    @app.exception_handler(Refusal)
    async def _refused(_request: Request, exc: Refusal) -> JSONResponse:
        return error_response(exc.status, exc.code, exc.message)

    async def room_of(gid: str) -> Room:
        room = await mgr.room(gid)
        if room is None:
            raise Refusal(404, "no_game", f"no game {gid!r}")
        return room

    app.add_middleware(BodyLimit, limit=MAX_BODY_BYTES,
                       larger={"/api/games/resume": MAX_SAVE_BYTES})
    app.add_middleware(HeaderLimit, max_count=MAX_HEADERS)
    sockets = SocketCount(settings.max_sockets_per_address)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        field = "body" if first.get("type") == "json_invalid" else ".".join(
            str(p) for p in first.get("loc", ()) if p != "body") or "body"
        return error_response(422, "invalid_request", validation_message(exc), field)

    # -- pages ----------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def _lobby() -> FileResponse:
        return FileResponse(WEB_DIR / "index.html")

    @app.get("/game/{gid}", include_in_schema=False)
    async def _game_page(gid: str) -> FileResponse:
        return FileResponse(WEB_DIR / "game.html")

    @app.get("/campaign/{cid}", include_in_schema=False)
    async def _campaign_page(cid: str) -> FileResponse:
        return FileResponse(WEB_DIR / "campaign.html")

    @app.get("/rules/{rid}", include_in_schema=False)
    async def _rules_page(rid: str) -> FileResponse:
        return FileResponse(WEB_DIR / "rules.html")

    app.mount("/static", StaticFiles(directory=WEB_DIR), name="static")

    # -- lobby API --------------------------------------------------------------------------
    @app.get("/api/info")
    async def _info() -> dict[str, Any]:
        rulesets = available_rulesets()
        for r in rulesets:
            rs = mgr.ruleset(r["id"])
            schema = rs.config_schema()
            r["config_schema"] = schema
            r["options"] = lobby_options(schema)
            r["campaigns"] = plays_campaigns(rs)
            if r["campaigns"]:  # the "New campaign" form's fields
                r["campaign_options"] = lobby_options(rs.campaign_config_schema())
                r["campaign_noun"] = rs.campaign_noun
        return {"rulesets": rulesets, "strengths": strengths(),
                "default_strength": DEFAULT_STRENGTH, "bots": bot_names(),
                "bot_options": BOT_OPTIONS, "dev": settings.dev}

    @app.get("/api/rulesets/{rid}/catalog")
    async def _catalog(rid: str) -> Response:
        if rid not in {r["id"] for r in available_rulesets()}:
            return error_response(404, "unknown_ruleset", f"unknown ruleset {rid!r}")
        return Response(orjson.dumps(mgr.ruleset(rid).catalogue()), media_type="application/json",
                        headers={"cache-control": "max-age=300"})

    @app.get("/api/rulesets/{rid}/rules")
    async def _rules(rid: str) -> Response:
        """The ruleset's rules summary in our own words (content/<id>/rules.yaml)."""
        if rid not in {r["id"] for r in available_rulesets()}:
            return error_response(404, "unknown_ruleset", "no such ruleset on this server")
        summary = load_rules_summary(rid)
        if summary is None:
            return error_response(404, "no_rules_summary", "this ruleset has no rules summary")
        return JSONResponse(summary, headers={"cache-control": "max-age=300"})

    @app.get("/api/health")
    async def _health(loop_lag: str | None = None) -> dict[str, Any]:
        """For load balancers and monitoring: this process is up; how many games it holds
        (``?loop_lag=1``: its event loop's lateness since ``?loop_lag=reset``)."""
        cluster = mgr.cluster
        out = {"ok": True, "live_games": len(mgr.rooms), "max_games": settings.max_rooms,
               "node": cluster.node if cluster else None,
               "owned_games": len(cluster.owned) if cluster else len(mgr.rooms),
               "moves_committed": mgr.commits}
        if loop_lag is not None:
            out["pid"] = os.getpid()
            out["loop_lag"] = mgr.loop_lag.figures()
            if loop_lag == "reset":
                mgr.loop_lag.reset()
        return out

    @app.get("/api/games")
    async def _games() -> dict[str, Any]:
        return {"games": await mgr.list_games()}

    creations = CreationLimit(settings.create_rate, settings.create_burst, mgr)

    async def creation_refused(request: Request) -> Response | None:
        """The 429 for an address that creates games too fast, or None."""
        address = request.client.host if request.client else "?"
        wait = await creations.allow(address)
        if not wait:
            return None
        return error_response(429, "rate_limited", f"too many new games from {address}; "
                              f"try again in {max(1, round(wait))} s")

    async def created(ruleset: str, seats: list[dict[str, Any]], seed: int | None,
                      config: dict[str, Any], title: str, **options: Any) -> Response:
        """Create and store the game (``Manager.create``): its links, or the refusal in the
        documented shape (the value a request gave is never echoed)."""
        try:
            room = await mgr.create(ruleset, seats, seed, config, title, **options)
        except ConfigError as exc:
            return error_response(422, "bad_seats" if exc.field == "seats" else exc.code,
                                  unechoed(exc.plain, config), exc.field)
        except UnknownBotError as exc:
            return error_response(422, exc.code,
                                  unechoed(str(exc), [s.get("bot") for s in seats]), "seats")
        except TooManyRooms as exc:
            return error_response(503, "too_many_games", str(exc))
        except HauntkitError as exc:
            return error_response(400, exc.code, str(exc))
        return JSONResponse(_created(room))

    @app.post("/api/games")
    async def _create(req: CreateGame, request: Request) -> Response:
        refused = await creation_refused(request)
        if refused is not None:
            return refused
        for i, s in enumerate(req.seats):
            if s.iterations is not None and "iterations" not in BOT_OPTIONS.get(
                    s.bot or "", {}):
                return error_response(422, "invalid_request", f"seats.{i}.iterations: only a "
                                      "bot that searches (ismcts) takes iterations",
                                      f"seats.{i}.iterations")
        known = {r["id"]: r for r in available_rulesets()}
        if req.ruleset not in known:
            return error_response(422, "unknown_ruleset", f"ruleset: unknown ruleset; "
                                  f"available: {', '.join(known)}", "ruleset")
        return await created(req.ruleset, [s.model_dump() for s in req.seats], req.seed,
                             req.config, req.title, setup=req.setup, dice=req.dice,
                             bot_delay=req.bot_delay, turn_clock=req.turn_clock)

    @app.post("/api/games/resume")
    async def _resume(req: ResumeGame, request: Request) -> Response:
        """A new game that goes on from a downloaded save: the same position, new links."""
        refused = await creation_refused(request)
        if refused is not None:
            return refused
        try:
            game = rebuild(req.save, mgr.ruleset)
        except SaveRefused as exc:
            return error_response(422, exc.code, str(exc), "save")
        seats = [s.model_dump() for s in req.seats] or [
            {"kind": "human"} for _ in range(int(game.state["config"]["players"]))]
        return await created(game.ruleset.id, seats, game.state["seed"],
                             dict(game.state["config"]), req.title or "Resumed game",
                             bot_delay=req.bot_delay, turn_clock=req.turn_clock, resumed=game)

    @app.get("/api/games/{gid}")
    async def _game(gid: str) -> Response:
        room = await room_of(gid)
        return JSONResponse(room.summary())

    @app.get("/api/games/{gid}/state")
    async def _state(gid: str, authorization: str | None = Header(default=None)) -> Response:
        room = await room_of(gid)
        try:
            seat = room.seat_of_token(bearer_token(authorization))
        except ProtocolError as exc:
            return error_response(403, exc.code, exc.message)
        return Response(orjson.dumps(room.state_message(seat, 0, "http")),
                        media_type="application/json")

    @app.post("/api/games/{gid}/act")
    async def _act(gid: str, req: Act, authorization: str | None = Header(default=None)
                   ) -> Response:
        room = await room_of(gid)
        try:
            seat = room.seat_of_token(bearer_token(authorization))
            version = await room.act(seat, req.action, req.version)
        except ProtocolError as exc:
            return error_response(403 if exc.code in ("bad_token", "spectator") else 409,
                        exc.code, exc.message)
        except ActionError as exc:
            return error_response(409, exc.code, str(exc))
        return JSONResponse({"type": "ack", "version": version})

    @app.post("/api/games/{gid}/seats/{seat}/bot")
    async def _set_bot(gid: str, seat: int, req: SetBot,
                       authorization: str | None = Header(default=None)) -> Response:
        room = await room_of(gid)
        token = bearer_token(authorization)
        try:
            who = None if room.is_host(token) else room.seat_of_token(token)
            if who is None and not room.is_host(token):
                raise ProtocolError("forbidden", "a seat's token or the host token is needed")
            check_set_bot(room, who, seat, req.bot)
            await room.set_bot(seat, req.bot)
        except ProtocolError as exc:
            return error_response(403, exc.code, exc.message)
        return JSONResponse({"type": "ok", "seats": room.public_seats()})

    @app.post("/api/games/{gid}/seats/{seat}/remove")
    async def _remove_player(gid: str, seat: int,
                             authorization: str | None = Header(default=None)) -> Response:
        """The host takes a seat from its player: the old link stops working at once (its
        sockets are closed), a bot covers the seat, and the answer holds the seat's new link
        for whoever plays it next (they take it back from the bot)."""
        room = await room_of(gid)
        host = bearer_token(authorization)
        if host is None or not room.is_host(host):
            return error_response(403, "forbidden", "only the host may remove a player")
        try:
            token = await room.remove_player(seat, host)
        except ProtocolError as exc:
            return error_response(403, exc.code, exc.message)
        base = room.manager.settings.base_url
        return JSONResponse({"type": "ok", "seat": seat, "token": token,
                             "url": f"{base}/game/{room.id}#t={token}",
                             "seats": room.public_seats()})

    @app.post("/api/games/{gid}/host")
    async def _hand_over(gid: str, req: HandOver,
                         authorization: str | None = Header(default=None)) -> Response:
        """The host hands the game to a seat's person: their page becomes the host's (it
        claims the new host token with its seat token); this host token stops working."""
        room = await room_of(gid)
        host = bearer_token(authorization)
        if host is None or not room.is_host(host):
            return error_response(403, "forbidden", "only the host may hand the game over")
        try:
            await room.hand_over_host(host, req.seat)
        except ProtocolError as exc:
            return error_response(403, exc.code, exc.message)
        return JSONResponse({"type": "ok", "seats": room.public_seats()})

    @app.post("/api/games/{gid}/host/claim")
    async def _claim_host(gid: str, authorization: str | None = Header(default=None)
                          ) -> Response:
        """The seat the host handed the game to takes the host token, with its seat token."""
        room = await room_of(gid)
        try:
            host = room.claim_host(bearer_token(authorization))
        except ProtocolError as exc:
            return error_response(403, exc.code, exc.message)
        return JSONResponse(_created(room, _host_links(room, host)))

    @app.get("/api/games/{gid}/links")
    async def _links(gid: str, authorization: str | None = Header(default=None)) -> Response:
        room = await room_of(gid)
        host = bearer_token(authorization)
        if host is None or not room.is_host(host):
            return error_response(403, "forbidden", "only the host token may list the seat links")
        return JSONResponse(_created(room, _host_links(room, host)))

    @app.post("/api/games/{gid}/dev/dice")
    async def _dice(gid: str, req: Dice, authorization: str | None = Header(default=None)
                    ) -> Response:
        room = await room_of(gid)
        if not settings.dev:
            return error_response(403, "dev_only", "scripted dice need a server started with --dev")
        if not room.is_host(bearer_token(authorization)):
            return error_response(403, "forbidden", "only the host token may script dice")
        await room.push_dice(req.faces)
        return JSONResponse({"type": "ok", "queued": room.game.state["rng"]["script"]})

    # -- after the game: the save download and the rematch (the end screen) ----------------

    @app.get("/api/games/{gid}/save")
    async def _save(gid: str, authorization: str | None = Header(default=None)) -> Response:
        """The game's save (``hauntkit replay`` opens it): for the host at any time, for a
        seat's token once the game is over (the save holds every secret)."""
        room = await room_of(gid)
        token = bearer_token(authorization)
        if not room.is_host(token):
            try:
                seat = room.seat_of_token(token)
            except ProtocolError as exc:
                return error_response(403, exc.code, exc.message)
            if seat is None:
                return error_response(403, "forbidden", "a seat's token or the host token is needed")
            if not room.game.over:
                return error_response(403, "not_over", "the save holds every secret of the game; a "
                                             "seat may download it once the game is over")
        save = room.game.save()
        if room.rec.dev:  # a set-up or scripted dice: `hauntkit replay` tells it, not replays
            save["dev"] = True
        return Response(orjson.dumps(save), media_type="application/json", headers={
            "content-disposition": f'attachment; filename="hauntkit-{room.id}.json"'})

    @app.post("/api/games/{gid}/rematch")
    async def _rematch(gid: str, authorization: str | None = Header(default=None)) -> Response:
        """A new game with the same ruleset, config and seats, made once per finished game:
        every player who asks gets their own seat's link in the same new game."""
        room = await room_of(gid)
        token = bearer_token(authorization)
        host = room.is_host(token)
        try:
            seat = None if host else room.seat_of_token(token)
        except ProtocolError as exc:
            return error_response(403, exc.code, exc.message)
        if not host and seat is None:
            return error_response(403, "forbidden", "a seat's token or the host token is needed")
        if not room.game.over:
            return error_response(409, "not_over", "a rematch can be made once the game is over")
        # made once, in the database (any process answers); it opens with the same tokens
        new_id = await asyncio.to_thread(mgr.store.rematch_of, gid)
        new = await mgr.room(new_id) if new_id is not None else None
        if new is None:
            cfg = {k: v for k, v in room.rec.config.items() if not k.startswith("_")}
            # a seat a bot only covered (the turn clock ran out) is its person's again
            seats = [{"kind": "human", "name": s.get("name", "")} if s.get("covered") else
                     {"kind": "bot" if s.get("bot") else "human", "name": s.get("name", ""),
                      "bot": s.get("bot"), "iterations": s.get("iterations")}
                     for s in room.rec.seats]
            title = room.rec.title if room.rec.title.startswith("Rematch: ") else \
                f"Rematch: {room.title}"
            try:
                new = await mgr.create(room.rec.ruleset, seats, None, cfg, title[:200],
                                       bot_delay=room.rec.config.get("_bot_delay"),
                                       turn_clock=room.rec.config.get("_turn_clock"),
                                       rematch_of=room.rec)
            except HauntkitError as exc:
                return error_response(400, exc.code, str(exc))
        assert token is not None
        if host:
            return JSONResponse(_created(new, _host_links(new, token)))
        url = f"{settings.base_url}/game/{new.id}#t={token}"
        return JSONResponse({"id": new.id, "seat": seat, "url": url, "token": token})

    # -- the game websocket -----------------------------------------------------------------
    @app.websocket("/ws/{gid}")
    async def _ws(ws: WebSocket, gid: str) -> None:
        address = ws.client.host if ws.client else "?"
        if not sockets.take(address):
            await ws.close(code=4429, reason="too many open connections from this address")
            return
        try:
            await _game_socket(ws, gid)
        finally:
            sockets.give_back(address)

    async def _game_socket(ws: WebSocket, gid: str) -> None:
        await ws.accept()

        async def send(msg: dict[str, Any]) -> None:
            await ws.send_text(orjson.dumps(msg).decode())

        async def refuse(code: str, message: str, close_code: int) -> None:
            """Say why and close; a client already gone is simply gone."""
            with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
                await send({"type": "error", "code": code, "message": message})
                await ws.close(code=close_code)

        room = await mgr.room(gid)
        if room is None:
            await refuse("no_game", f"no game {gid!r}", 4404)
            return
        if len(room.conns) >= MAX_CONNECTIONS_PER_GAME:
            await refuse("too_many_connections", f"this game already has "
                         f"{MAX_CONNECTIONS_PER_GAME} connections; try again later", 4429)
            return
        outbox = Outbox(ws.send_text, lambda code: ws.close(code=code),
                        settings.send_queue_bytes)
        conn = Conn(send=send, send_text=ws.send_text, outbox=outbox,
                    close=lambda code: ws.close(code=code))
        conn.limiter.rate = settings.rate
        conn.limiter.burst = conn.limiter.tokens = settings.burst
        outbox.start()
        try:
            await mgr.connect_and_serve(room, conn, lambda live: _serve(ws, live, conn))
        finally:
            await outbox.stop()

    app.include_router(campaign_routes(mgr))
    return app


async def _serve(ws: WebSocket, room: Room, conn: Conn) -> None:
    while True:
        try:
            raw = await ws.receive()
        except WebSocketDisconnect:
            return
        if raw.get("type") == "websocket.disconnect":
            return
        text = raw.get("text")
        if text is None:
            text = raw.get("bytes") or b""
        if not conn.limiter.allow():
            await room.tell(conn, error_message(ProtocolError(
                "rate_limited", "too many messages; slow down (this one was ignored)"),
                readable_id(text)))
            if conn.limiter.refused > 500:
                await ws.close(code=4429)
                return
            continue
        rid = None
        try:
            if len(text) > MAX_MESSAGE_BYTES * 4:  # do not even decode something this big
                raise ProtocolError("too_large", f"message refused; the limit is "
                                                 f"{MAX_MESSAGE_BYTES} bytes")
            msg = parse_message(text)
            rid = msg.get("id")
            await _handle(room, conn, msg)
        except ProtocolError as exc:
            await room.tell(conn, error_message(exc, rid if rid is not None else exc.rid))
        except HauntkitError as exc:
            await room.tell(conn, error_message(exc, rid))
        except Exception:  # an engine bug: this client hears of it, the game is untouched
            log.exception("game %s: message %r failed", room.id, text[:200])
            await room.tell(conn, error_message(RuntimeError(), rid))


async def _handle(room: Room, conn: Conn, msg: dict[str, Any]) -> None:
    kind = msg["type"]
    rid = msg.get("id")
    if kind == "ping":
        await room.tell(conn, {"type": "pong", "id": rid})
        return
    if kind == "hello":
        if conn.hello:
            raise ProtocolError("already_joined", "this connection has already said hello")
        conn.seat = room.seat_of_token(msg.get("token"))
        conn.token = msg.get("token") if conn.seat is not None else None
        if conn.seat is not None:  # a bot covering while the turn clock ran out steps aside
            await room.come_back(conn.seat)  # (told to the others; this socket's first
        conn.hello = True                    # message stays its state)
        await room.host_here(conn, msg.get("host"))
        await room.push(conn, "hello")
        if conn.seat is not None:
            await room.broadcast_seats(exclude=conn)
        return
    if not conn.hello:
        raise ProtocolError("hello_first", "send {\"type\": \"hello\", \"token\": ...} first")
    if kind == "sync":
        conn.log_pos = 0
        await room.push(conn, "sync")
    elif kind == "act":
        version = await room.act(conn.seat, msg["action"], msg.get("version"))
        await room.tell(conn, {"type": "ack", "id": rid, "version": version})
    elif kind == "set_bot":
        if conn.seat is None:
            raise ProtocolError("spectator", "spectators cannot change seats")
        check_set_bot(room, conn.seat, msg["seat"], msg.get("bot"))
        await room.set_bot(msg["seat"], msg.get("bot"))
        await room.tell(conn, {"type": "ack", "id": rid, "version": room.game.state["version"]})


def check_set_bot(room: Room, who: int | None, seat: int, bot: str | None) -> None:
    """Who may hand a seat to a bot or take it back (``who`` None: the host): the seat's own
    player always; another player may hand over a seat whose player has left; the host may do
    either."""
    if not isinstance(seat, int) or not 0 <= seat < len(room.rec.seats):
        raise ProtocolError("bad_seat", f"this game has seats 0..{len(room.rec.seats) - 1}")
    if who is None or who == seat:
        return
    if bot is None:
        raise ProtocolError("forbidden", "only that seat's player (or the host) may take it back")
    if room.connected(seat):
        raise ProtocolError(
            "forbidden", f"seat {seat}'s player is still here; only they can hand it to a bot"
        )


def _host_links(room: Room, host: str) -> dict[str, Any]:
    """The plain tokens of ``room`` the host token gives: seat tokens derive from it (the
    database keeps digests only); a seat whose token was made otherwise (a game from before
    hashing) has no link to show."""
    gid, secret = tokens_of(room.rec), room.links_secret(host)
    seats = [seat_token(secret, gid, i, int(s.get("issue", 0)))
             for i, s in enumerate(room.rec.seats)]
    seats = [tok if token_matches(tok, s.get("token_hash")) else None
             for tok, s in zip(seats, room.rec.seats, strict=True)]
    return {"host": host, "seats": seats}


def _created(room: Room, tokens: dict[str, Any] | None = None) -> dict[str, Any]:
    """The creator's answer (and the host's list of links): plain tokens are shown only to
    them (the database keeps their hashes)."""
    base = room.manager.settings.base_url
    tokens = tokens or room.new_tokens or {}
    host, plain = tokens.get("host"), tokens.get("seats") or [None] * len(room.rec.seats)
    return {
        "id": room.id,
        "host_token": host,
        "seats": [
            {"seat": i, "name": s["name"], "bot": s.get("bot"),
             "bot_title": seat_bot_title(s), "token": plain[i],
             **({"iterations": s["iterations"]} if s.get("iterations") else {}),
             "url": f"{base}/game/{room.id}#t={plain[i]}" if plain[i] else None}
            for i, s in enumerate(room.rec.seats)
        ],
        "spectator_url": f"{base}/game/{room.id}",
        "host_url": f"{base}/game/{room.id}#host={host}" if host else None,
    }
