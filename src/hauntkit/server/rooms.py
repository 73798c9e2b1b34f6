"""Rooms: one live game each, the only authority over it.

A room holds the committed ``Game``, the connected clients and the bot driver. An action is
applied to a clone of the game, the clone's state is committed to the database, and only then
does the clone become the room's game and the clients hear of it: whatever any client was ever
told is on disk, and a refused or failed action leaves the game untouched. One ``asyncio.Lock``
per room serialises actions, so of two simultaneous actions one is accepted and the other is
judged against the new position (or refused as stale when it names the version it expected).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import orjson

from hauntkit.bots import UnknownBotError, bot_rng, bot_seat, bot_title, get_bot
from hauntkit.bots.strengths import DEFAULT_STRENGTH
from hauntkit.core import ActionError, Game, HauntkitError, NotYourTurnError
from hauntkit.core.log import visible_log
from hauntkit.core.ruleset import ConfigError, Ruleset, check_seat_count, generic_label, get_ruleset
from hauntkit.server.cluster import Cluster
from hauntkit.server.cluster_factory import make_cluster
from hauntkit.server.committer import GroupCommitter
from hauntkit.server.db import (
    GameRecord,
    StaleWriteError,
    Store,
    hash_token,
    seat_token,
    token_matches,
    tokens_of,
    unseal,
)
from hauntkit.server.looplag import LoopLag
from hauntkit.server.outbox import Outbox
from hauntkit.server.protocol import ProtocolError, RateLimiter, error_message
from hauntkit.server.routing import answer, route_act
from hauntkit.server.succession import handed_config, heir, host_arrived, host_left, resume_away
from hauntkit.server.titles import untitled_game

log = logging.getLogger("hauntkit.server")

Send = Callable[[dict[str, Any]], Awaitable[None]]
SendText = Callable[[str], Awaitable[None]]
SNAPSHOT_EVERY = 20  # actions between full-state snapshots (every action row is always kept)


@dataclass
class Settings:
    """Server settings (see ``hauntkit play --help``)."""

    db_url: str
    table_prefix: str = ""
    dev: bool = False  # allow scenario set-ups and scripted dice (tests, or an explicit flag)
    bot_delay: float = 1.0  # seconds a bot waits before acting, so people can follow
    rate: float = 10.0  # messages a second per connection, on average
    burst: float = 30.0
    base_url: str = ""
    # Extra content packs per ruleset id (``hauntkit play --content``), and whether they
    # replace that ruleset's starter pack.
    content: dict[str, list[str]] = field(default_factory=dict)
    replace_starter: dict[str, bool] = field(default_factory=dict)
    # Limits: new games per client address (a second on average, and the burst),
    # rooms live in memory at once, the floor of a game's own ``bot_delay``, and how long an
    # idle (no client, no action) or finished room stays in memory before it is evicted.
    create_rate: float = 0.5
    create_burst: float = 10.0
    max_rooms: int = 1000
    min_bot_delay: float = 0.2
    idle_evict: float = 600.0
    finished_evict: float = 60.0
    sweep_every: float = 10.0
    # Several processes (docs/deploy.md): the Redis that links them (None: this process is
    # alone), and how long a game's ownership lease lasts without a heartbeat.
    redis_url: str | None = None
    lease: float = 6.0
    # Without Redis: link the processes over PostgreSQL LISTEN/NOTIFY (a postgresql db_url)
    pg_cluster: bool = False
    # Unsent text a socket may have queued before its client is dropped as too slow
    send_queue_bytes: int = 4_000_000
    # Open websockets one client address may hold at once
    max_sockets_per_address: int = 64
    # Addresses of reverse proxies whose X-Forwarded-For names the real client (empty: the
    # header is ignored, the peer's own address counts)
    trusted_proxies: list[str] = field(default_factory=list)
    # Seconds the host may be away (no page open with the host's key) before the host passes
    # to another person (``hauntkit.server.succession``)
    host_away: float = 120.0


@dataclass(eq=False)
class Conn:
    """One connected client."""

    send: Send
    # the same socket taking a message already encoded as JSON text (a broadcast encodes each
    # distinct message once for every socket that gets it); None: ``send`` is used
    send_text: SendText | None = None
    seat: int | None = None
    hello: bool = False
    log_pos: int = 0
    limiter: RateLimiter = field(default_factory=RateLimiter)
    send_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    closed: bool = False
    # the socket's bounded send queue (``hauntkit.server.outbox``); None: sends are awaited
    outbox: Outbox | None = None
    token: str | None = None  # the token it said hello with (a removed player's is stale)
    host: bool = False  # it said hello with the host's key too
    close: Callable[[int], Awaitable[None]] | None = None  # close the socket with a code


REMOVED_CLOSE = 4403  # the websocket close code of a player the host removed


class TooManyRooms(Exception):
    """The server holds as many live games as it may; a new one is refused."""


class Room:
    """One game in play."""

    def __init__(self, manager: Manager, rec: GameRecord, game: Game) -> None:
        self.manager = manager
        self.id = rec.id
        self.rec = rec
        self.game = game
        self.lock = asyncio.Lock()
        self.conns: set[Conn] = set()
        self.wake = asyncio.Event()
        self.bot_task: asyncio.Task[None] | None = None
        self.clock_task: asyncio.Task[None] | None = None  # the turn clock (owner only)
        self.clock_since = time.time()  # when the decisions waited on now became due
        self._view_cache: dict[Any, dict[str, Any]] = {}
        self._view_version = -1
        # The plain tokens, only in the room that created the game (for the creator's answer);
        # the database and a reloaded room know their hashes only.
        self.new_tokens: dict[str, Any] | None = None
        self.touched = time.monotonic()  # the last action, connection or request
        self.evicted = False  # unloaded from memory; a fresh Room is loaded on demand
        self._moved = asyncio.Event()  # set (and replaced) whenever the game changes
        self.succession_tasks: set[asyncio.Task[None]] = set()  # the host left: look again

    def _note_move(self) -> None:
        self.clock_since = time.time()
        moved, self._moved = self._moved, asyncio.Event()
        moved.set()

    def clock_left(self) -> float | None:
        """Seconds left on the turn clock for the people to act now (None: no clock)."""
        limit = self.rec.config.get("_turn_clock")
        if not limit or self.game.over:
            return None
        return max(0.0, self.clock_since + float(limit) - time.time())

    async def reached(self, version: int, timeout: float) -> None:
        """Wait until this room's game is at ``version`` or later (a move committed by the
        owner arrives over the cluster's channel); after ``timeout`` catch up from the
        database instead."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while self.game.state["version"] < version:
            left = deadline - loop.time()
            if left <= 0:
                async with self.lock:
                    if self.game.state["version"] < version:
                        await self._reload_locked()
                await self.broadcast("action")
                return
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._moved.wait(), left)

    def idle_for(self, now: float) -> float:
        """Seconds since anything happened here, or 0.0 while a client is connected or an
        action is being committed (such a room is never evicted)."""
        if self.conns or self.lock.locked():
            return 0.0
        return now - self.touched

    # -- who is who ---------------------------------------------------------------------------
    def seat_of_token(self, token: str | None) -> int | None:
        """The seat a token opens, or None; raises ProtocolError for a wrong token."""
        if token is None:
            return None
        found = None
        for i, seat in enumerate(self.rec.seats):
            if token_matches(token, seat.get("token_hash")):
                found = i
        if found is None:
            raise ProtocolError("bad_token", "this token opens no seat of this game")
        return found

    def is_host(self, token: str | None) -> bool:
        return token_matches(token, self.rec.host_token_hash)

    def links_secret(self, host: str) -> str:
        """What the seat tokens derive from (``seat_token``): the host token, or, once the
        host has handed the game over, the first host's token sealed with the present one."""
        sealed = self.rec.config.get("_links_seal")
        return unseal(sealed, host) if sealed else host

    def host_seat(self) -> int | None:
        """The seat whose person the host handed the game to (None: the creator hosts)."""
        offer = self.rec.config.get("_host_offer")
        return int(offer["seat"]) if offer else None

    async def hand_over_host(self, host: str, seat: int) -> None:
        """Make ``seat``'s person the host: a new host token, sealed with that seat's token
        (they open it with ``claim_host``), and the seat links sealed with the new host token;
        ``host``, the present host token, stops working at once."""
        if not 0 <= seat < len(self.rec.seats):
            raise ProtocolError("bad_seat", f"this game has seats 0..{len(self.rec.seats) - 1}")
        if self.rec.seats[seat].get("bot") and not self.rec.seats[seat].get("covered"):
            raise ProtocolError("bot_seat", f"seat {seat} is a bot's; a person hosts")
        secret = self.links_secret(host)
        issue = int(self.rec.seats[seat].get("issue", 0))
        share = heir(secret, seat_token(secret, tokens_of(self.rec), seat, issue))
        async with self.lock:
            config = handed_config(self.rec.config, seat, share)
            await asyncio.to_thread(self.manager.store.save_host, self.id,
                                    share["host_hash"], config)
            self.rec.host_token_hash, self.rec.config = share["host_hash"], config
        if self.manager.cluster is not None:
            await self.manager.cluster.publish({"game": self.id, "kind": "seats"})
        await self.broadcast_seats()

    async def save_host_config(self, host_hash: str | None, config: dict[str, Any]) -> None:
        """Store the host's part of the config (the prepared hand-over, the host away) and
        tell the other processes, which reload it."""
        async with self.lock:
            await asyncio.to_thread(self.manager.store.save_host, self.id, host_hash or "",
                                    config)
            self.rec.config = config
        if self.manager.cluster is not None:
            await self.manager.cluster.publish({"game": self.id, "kind": "seats"})

    async def host_here(self, conn: Conn, host: str | None) -> None:
        """A page said hello with ``host``: when it is the host's key, the host is here."""
        if host is not None and self.is_host(host):
            conn.host = True
            await host_arrived(self, host, conn.seat)

    async def gone(self, conn: Conn) -> None:
        """``conn`` closed: when it was the host's last page here, the host may have left."""
        if conn.host and not any(c.host and not c.closed for c in self.conns):
            try:
                await host_left(self, conn.seat)
            except Exception:  # noqa: BLE001 - the host then stays the host; say why
                log.exception("game %s: noting that the host left failed", self.id)

    def claim_host(self, token: str | None) -> str:
        """The host token handed to the seat ``token`` opens; raises ``ProtocolError`` when
        the host handed the game to nobody, or to another seat."""
        seat = self.seat_of_token(token)
        offer = self.rec.config.get("_host_offer")
        if seat is None or token is None or not offer or int(offer["seat"]) != seat:
            raise ProtocolError("forbidden", "the host has not handed this game to your seat")
        host = unseal(offer["sealed"], token)
        if not self.is_host(host):
            raise ProtocolError("forbidden", "the host has not handed this game to your seat")
        return host

    def connected(self, seat: int) -> int:
        return sum(1 for c in self.conns if c.seat == seat and c.hello)

    def public_seats(self) -> list[dict[str, Any]]:
        host = self.host_seat()
        return [
            {"seat": i, "name": s.get("name", ""), "bot": s.get("bot"),
             "bot_title": seat_bot_title(s), "connected": self.connected(i), "covered": bool(s.get("covered")),
             "host": i == host}
            for i, s in enumerate(self.rec.seats)
        ]

    @property
    def title(self) -> str:
        """The game's title; in words for a game stored without one."""
        return self.rec.title or untitled_game(self.manager.ruleset(self.rec.ruleset),
                                               len(self.rec.seats))

    def summary(self) -> dict[str, Any]:
        return {
            "id": self.id, "ruleset": self.rec.ruleset, "title": self.title,
            "status": "finished" if self.game.over else "active",
            "version": self.game.state["version"], "seats": self.public_seats(),
            "result": self.game.result(), "dev": self.rec.dev,
            "created": self.rec.created, "updated": self.rec.updated,
        }

    # -- what a seat is told ------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        version = self.game.state["version"]
        if version != self._view_version:
            self._view_cache.clear()
            self._view_version = version
        got = self._view_cache.get(seat)
        if got is None:
            got = self._view_cache[seat] = self.game.view(seat)
        return got

    def state_message(self, seat: int | None, log_pos: int, reason: str) -> dict[str, Any]:
        """The full picture for ``seat``, built from its view only, plus the log events it may
        read from position ``log_pos`` of its readable log on.

        When the view carries the seat's readable log (``view["log"]``), the events are taken
        from it and the log is not sent twice; otherwise from the core's ``visible_log``."""
        game = self.game
        view = self.view(seat)
        to_act = view["to_act"] if isinstance(view, dict) and "to_act" in view else game.to_act()
        result = game.result()
        legal: list[dict[str, Any]] = []
        if seat is not None and result is None and seat in to_act:
            legal = game.legal_actions(seat)
        if isinstance(view, dict) and isinstance(view.get("log"), list):
            readable = view["log"]
            view = {k: v for k, v in view.items() if k != "log"}
        else:
            readable = visible_log(game.state["log"], seat)
        msg = {
            "type": "state", "reason": reason,
            "game": {"id": self.id, "ruleset": self.rec.ruleset, "title": self.title,
                     "dev": self.rec.dev},
            "seats": self.public_seats(),
            "you": seat,
            "version": game.state["version"],
            "to_act": to_act,
            "legal_actions": legal,
            "result": result,
            "view": view,
            "events": readable[log_pos:],
            "log_size": len(readable),
        }
        if legal:
            msg["labels"] = action_labels(game.ruleset, game.state, seat, legal)
        limit = self.rec.config.get("_turn_clock")
        if limit:
            msg["clock"] = {"limit": limit, "left": self.clock_left()}
        return msg

    async def push(self, conn: Conn, reason: str,
                   shared: dict[tuple[int, int | None, int], tuple[str, int]] | None = None
                   ) -> None:
        """Send ``conn`` the current state (the events since its last update). ``shared``: the
        messages of one broadcast already encoded, by (version, seat, log position): sockets
        of the same seat (or spectators) that have read as far get the same text."""
        async with conn.send_lock:
            if conn.closed:
                return
            if shared is None or conn.send_text is None:
                msg = self.state_message(conn.seat, conn.log_pos, reason)
                conn.log_pos = msg["log_size"]
                await self._send(conn, msg)
                return
            key = (self.game.state["version"], conn.seat, conn.log_pos)
            got = shared.get(key)
            if got is None:
                msg = self.state_message(conn.seat, conn.log_pos, reason)
                got = shared[key] = (orjson.dumps(msg).decode(), msg["log_size"])
            conn.log_pos = got[1]
            await self._send(conn, got[0])

    async def tell(self, conn: Conn, msg: dict[str, Any]) -> None:
        async with conn.send_lock:
            if not conn.closed:
                await self._send(conn, msg)

    async def _send(self, conn: Conn, msg: dict[str, Any] | str) -> None:
        if conn.outbox is not None:  # queued: a slow client never holds the game up
            text = msg if isinstance(msg, str) else orjson.dumps(msg).decode()
            if not conn.outbox.put(text):  # it fell too far behind: dropped (it resyncs)
                conn.closed = True
                self.conns.discard(conn)
            return
        try:
            if isinstance(msg, str):  # encoded by a broadcast, for sockets with send_text
                assert conn.send_text is not None
                await conn.send_text(msg)
            else:
                await conn.send(msg)
        except Exception:  # noqa: BLE001 - a dead socket only loses its own client
            conn.closed = True
            self.conns.discard(conn)

    async def broadcast(self, reason: str) -> None:
        shared: dict[tuple[int, int | None, int], tuple[str, int]] = {}
        await asyncio.gather(*(self.push(c, reason, shared) for c in list(self.conns)
                               if c.hello))

    async def broadcast_seats(self, exclude: Conn | None = None) -> None:
        """Tell everyone else who is connected and who plays which seat."""
        msg: dict[str, Any] = {"type": "seats", "seats": self.public_seats()}
        if self.rec.config.get("_turn_clock"):  # a seat given back starts a new clock
            msg["clock"] = {"limit": self.rec.config["_turn_clock"], "left": self.clock_left()}
        await asyncio.gather(*(self.tell(c, msg) for c in list(self.conns)
                               if c.hello and c is not exclude))

    # -- the one way in -----------------------------------------------------------------------
    async def act(self, seat: int | None, action: dict[str, Any], version: int | None) -> int:
        """A player's move: submitted here when this process is alone, else routed to the
        game's owner (``hauntkit.server.routing``)."""
        if self.manager.cluster is None:
            return await self.submit(seat, action, version)
        return await route_act(self, seat, action, version)

    async def submit(self, seat: int | None, action: dict[str, Any], version: int | None,
                     by_bot: bool = False, req: str | None = None, retry: bool = False) -> int:
        """Check, apply, commit, then tell everyone. Returns the new version; raises
        ``ProtocolError`` or ``ActionError`` (game untouched) when refused. ``req``: the id
        of the routed request the move came by; ``retry``: it was sent before (its answer
        was lost), so it is looked up in the database first and played at most once."""
        if seat is None:
            raise ProtocolError("spectator", "spectators cannot act; open a seat's link to play")
        done = None
        for attempt in range(3):
            async with self.lock:
                if self.evicted:
                    raise ProtocolError("conflict", "this game was just unloaded from memory; "
                                                    "send the action again")
                if req is not None and (retry or attempt):
                    done = await asyncio.to_thread(self.manager.store.request_version,
                                                   self.id, req)
                    if done is not None:  # already played (here, or by the previous owner)
                        behind = self.game.state["version"] < done
                        if behind:
                            await self._reload_locked()
                        break
                game = self.game
                before = game.state["version"]
                if version is not None and version != before:
                    raise ProtocolError(
                        "stale_version",
                        f"the game moved on (you acted on version {version}, it is now at "
                        f"{before}); look at the new position and choose again",
                    )
                if not by_bot and self.rec.seats[seat].get("bot"):
                    raise ProtocolError(
                        "seat_is_bot", f"seat {seat} is played by a bot now; take it back first"
                    )
                nxt = game.clone()
                # this position's legal actions were most likely just listed (for the seat's
                # state message or its bot): the copy checks against them, not a new list
                nxt._legal_cache = game._legal_cache
                try:
                    nxt.act(seat, action)
                except NotYourTurnError:
                    raise NotYourTurnError(f"seat {seat} has no decision to make now") from None
                try:
                    await self._commit(before, seat, action, nxt, req)
                except StaleWriteError:
                    # another process moved the game on: catch up, then judge again
                    await self._reload_locked()
                    if attempt == 2:
                        raise ProtocolError("conflict", "the game keeps moving on elsewhere; "
                                                        "look at the new position") from None
                    continue
                self.game = nxt
                self.rec.updated = time.time()
                self.touched = time.monotonic()
                self.manager.commits += 1
                self._note_move()
            break
        if done is not None:
            if behind:  # the previous owner had not told anyone
                await asyncio.gather(self.broadcast("action"), self._publish(
                    {"kind": "sync", "version": self.game.state["version"]}))
                self.wake.set()
            return done
        event: dict[str, Any] = {"kind": "action", "seat": seat, "action": action,
                                 "version": nxt.state["version"]}
        if req is not None:  # the routed move's asker takes this event as its answer
            event["req"] = req
        await asyncio.gather(self.broadcast("action"), self._publish(event))
        self.wake.set()
        return nxt.state["version"]

    async def _publish(self, event: dict[str, Any]) -> None:
        cluster = self.manager.cluster
        if cluster is not None:
            await cluster.publish({"game": self.id, **event})

    async def _reload_locked(self) -> None:
        """Replace the game by the one in the database (the lock is held)."""
        store = self.manager.store
        loaded = await asyncio.to_thread(store.load_game_and_moves, self.id)
        if loaded is None:
            return
        rec, rows = loaded
        self.game = restore(self.game.ruleset, rec, rows)
        self.rec = rec
        self._note_move()

    async def hear(self, event: dict[str, Any]) -> None:
        """Another process changed this game (see ``hauntkit.server.cluster``): follow it and
        tell this process's clients."""
        if event.get("kind") == "dice":
            async with self.lock:
                await self._reload_locked()
            return
        if event.get("kind") == "seats":
            async with self.lock:
                rec = await asyncio.to_thread(self.manager.store.load_game, self.id)
                if rec is not None:  # seats, and a host handed over
                    self.rec.seats = rec.seats
                    self.rec.host_token_hash, self.rec.config = rec.host_token_hash, rec.config
                self._note_move()  # a seat handed back to its person starts a new clock
            await self.drop_removed()
            await self.broadcast_seats()
            self.start_bots()
            return
        async with self.lock:
            have = self.game.state["version"]
            if event.get("version", 0) <= have:
                return
            if event["version"] == have + 1 and "action" in event:  # else: a "sync"
                # checked by the process that committed it, on this very position: applied
                # in place (a copy only while this process's bot may be reading the game)
                searching = self.bot_task is not None and not self.bot_task.done()
                nxt = self.game.clone() if searching else self.game
                try:
                    nxt.act_trusted(event["seat"], event["action"])
                    followed = nxt.state["version"] == event["version"]
                except Exception:  # noqa: BLE001 - then trust the database instead
                    followed = False
                if followed:
                    self.game = nxt
                    self._note_move()
                else:
                    await self._reload_locked()
            else:
                await self._reload_locked()
            self.touched = time.monotonic()
        await self.broadcast("action")
        self.wake.set()

    async def _commit(self, before: int, seat: int | None, action: dict[str, Any],
                      nxt: Game, req: str | None = None) -> None:
        """Write the action (and every few actions a snapshot of the state after it); a failed
        write refuses the action."""
        snapshot = (seat is None or nxt.result() is not None
                    or nxt.state["version"] % SNAPSHOT_EVERY == 0)
        try:
            await self.manager.committer.commit(
                self.id, before, seat, action, nxt.state, nxt.result(), snapshot, req)
        except StaleWriteError:
            raise
        except Exception:
            log.exception("could not store an action of game %s", self.id)
            raise ProtocolError(
                "storage_failed", "the action could not be saved, so it was not played; "
                "try again"
            ) from None

    async def push_dice(self, faces: list[int]) -> None:
        """Dev only: queue scripted die faces (committed like an action)."""
        async with self.lock:
            nxt = self.game.clone()
            nxt.state["rng"]["script"].extend(faces)
            try:
                await self._commit(nxt.state["version"], None,
                                   {"type": "_dev_dice", "faces": faces}, nxt)
            except StaleWriteError:
                await self._reload_locked()
                raise ProtocolError("conflict", "the game moved on elsewhere; try again") from None
            self.game = nxt
        if self.manager.cluster is not None:
            await self.manager.cluster.publish({"game": self.id, "kind": "dice"})

    async def remove_player(self, seat: int, host: str) -> str:
        """Give ``seat`` a new token (derived from the host's, one issue on): its player's
        link stops working and their sockets are closed; a bot covers the seat until the
        new link's holder takes it back. Returns the new token."""
        if not 0 <= seat < len(self.rec.seats):
            raise ProtocolError("bad_seat", f"this game has seats 0..{len(self.rec.seats) - 1}")
        async with self.lock:
            seats = [dict(s) for s in self.rec.seats]
            issue = int(seats[seat].get("issue", 0)) + 1
            token = seat_token(self.links_secret(host), tokens_of(self.rec), seat, issue)
            seats[seat].update(token_hash=hash_token(token), issue=issue,
                               bot=seats[seat].get("bot") or DEFAULT_STRENGTH)
            await asyncio.to_thread(self.manager.store.save_seats, self.id, seats)
            self.rec.seats = seats
        if self.manager.cluster is not None:
            await self.manager.cluster.publish({"game": self.id, "kind": "seats"})
        await self.drop_removed()
        await self.broadcast_seats()
        self.start_bots()
        return token

    async def drop_removed(self) -> None:
        """Close the sockets whose seat token no longer opens their seat (the host removed
        the player), telling them why."""
        msg = {"type": "error", "code": "removed",
               "message": "the host gave your seat to someone else; this link no longer works"}
        for conn in list(self.conns):
            if (conn.seat is None or not conn.hello
                    or token_matches(conn.token, self.rec.seats[conn.seat].get("token_hash"))):
                continue
            await self.tell(conn, msg)
            conn.closed = True
            self.conns.discard(conn)
            if conn.outbox is not None:  # after the message above has gone out
                conn.outbox.close_after(REMOVED_CLOSE)
            elif conn.close is not None:
                with contextlib.suppress(Exception):
                    await conn.close(REMOVED_CLOSE)

    async def set_bot(self, seat: int, bot: str | None, covered: bool = False) -> None:
        """Hand ``seat`` to ``bot`` (None: back to its person). ``covered``: the turn clock
        ran out on its person, who takes the seat back by coming back (``come_back``)."""
        if not 0 <= seat < len(self.rec.seats):
            raise ProtocolError("bad_seat", f"this game has seats 0..{len(self.rec.seats) - 1}")
        if bot is not None:
            try:
                get_bot(bot)
            except UnknownBotError as exc:
                raise ProtocolError("unknown_bot", str(exc)) from None
        async with self.lock:
            seats = [dict(s) for s in self.rec.seats]
            seats[seat]["bot"] = bot
            seats[seat].pop("covered", None)
            if covered:
                seats[seat]["covered"] = True
            await asyncio.to_thread(self.manager.store.save_seats, self.id, seats)
            self.rec.seats = seats
            self._note_move()  # a seat handed back to its person starts a new clock
        if self.manager.cluster is not None:
            await self.manager.cluster.publish({"game": self.id, "kind": "seats"})
        await self.broadcast_seats()
        self.start_bots()  # restarts a bot driver that stopped

    async def come_back(self, seat: int) -> None:
        """The person of ``seat`` is here again: a bot that covers for them because the turn
        clock ran out gives the seat back."""
        if self.rec.seats[seat].get("covered"):
            await self.set_bot(seat, None)

    # -- bots ---------------------------------------------------------------------------------
    def start_bots(self) -> None:
        """Run the bot driver, on the game's owner only (see ``hauntkit.server.cluster``)."""
        cluster = self.manager.cluster
        if self.evicted or (cluster is not None and self.id not in cluster.owned):
            return
        if self.bot_task is None or self.bot_task.done():
            self.bot_task = asyncio.create_task(self._bot_loop(), name=f"bots-{self.id}")
        if self.rec.config.get("_turn_clock") and (self.clock_task is None
                                                   or self.clock_task.done()):
            self.clock_task = asyncio.create_task(self._clock_loop(), name=f"clock-{self.id}")
        self.wake.set()

    def stop_drivers(self) -> None:
        """Stop this process's bot driver and turn clock (the game is owned elsewhere now, or
        leaves memory)."""
        for task in (self.bot_task, self.clock_task):
            if task is not None:
                task.cancel()

    async def _clock_loop(self) -> None:
        """The turn clock: when the people asked to act let it run out, a bot covers each of
        their seats until they come back (docs/playing.md, "The turn clock")."""
        while not self.game.over:
            moved = self._moved  # set by any move or seat change from here on
            waiting = [s for s in self.game.to_act() if not self.rec.seats[s].get("bot")]
            left = self.clock_left()
            if waiting and left is not None and left <= 0:
                for seat in waiting:
                    await self.set_bot(seat, DEFAULT_STRENGTH, covered=True)
                    log.info("game %s: the turn clock ran out on seat %s; a bot covers it",
                             self.id, seat)
                continue
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(moved.wait(), left if waiting else None)

    async def _bot_loop(self) -> None:
        while True:
            await self.wake.wait()
            self.wake.clear()
            while True:
                game = self.game
                if game.over:
                    return
                bots = [s for s in game.to_act() if self.rec.seats[s].get("bot")]
                if not bots:
                    break
                seat = bot_seat(bots, game.state["seed"], game.state["version"])
                delay = self.rec.config.get("_bot_delay", self.manager.settings.bot_delay)
                if delay:
                    await asyncio.sleep(delay)
                game = self.game
                if seat not in game.to_act() or not self.rec.seats[seat].get("bot"):
                    continue
                version = game.state["version"]
                try:
                    action = await self._bot_choice(game, seat)
                    await self.submit(seat, action, version, by_bot=True)
                except ProtocolError as exc:
                    if exc.code != "stale_version":
                        log.warning("bot in game %s seat %s: %s", self.id, seat, exc)
                        return
                except ActionError as exc:
                    log.warning("bot in game %s seat %s refused: %s", self.id, seat, exc)
                    return
                except Exception:  # noqa: BLE001 - keep the server up, say what happened
                    log.exception("bot in game %s seat %s failed; it stops playing (take the "
                                  "seat back or hand it to another bot)", self.id, seat)
                    return

    async def _bot_choice(self, game: Game, seat: int) -> dict[str, Any]:
        name = self.rec.seats[seat]["bot"]
        bot = get_bot(name, game.ruleset)
        iterations = self.rec.seats[seat].get("iterations")
        if iterations and hasattr(bot, "iterations"):  # chosen in the lobby (bounded there)
            bot.iterations = int(iterations)
        view = self.view(seat) if bot.uses_view else {}
        legal = game.legal_actions(seat)
        rng = bot_rng(game.state["seed"], seat, game.state["version"])
        if not bot.uses_view:  # it picks from the legal list alone: quicker than a thread hop
            return bot.choose(view, legal, rng)
        return await asyncio.to_thread(bot.choose, view, legal, rng)

    async def close(self) -> None:
        self.stop_drivers()
        for waiting in list(self.succession_tasks):
            waiting.cancel()
        for task in (self.bot_task, self.clock_task):
            if task is not None:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task


def seat_bot_title(seat: dict[str, Any]) -> str | None:
    """The words a page shows for the bot of ``seat`` ("Hard"); None for a person's seat."""
    bot = seat.get("bot")
    return bot_title(bot) if bot else None


def restore(rs: Ruleset, rec: GameRecord, rows: list[dict[str, Any]]) -> Game:
    """The exact game on disk: the snapshot, then the action rows after it replayed through
    the engine (dev dice pushes included). Raises ``HauntkitError`` if they disagree."""
    game = Game.stored(rs, rec.state)
    for row in rows:
        action = row["action"]
        if row["seat"] is None:
            game.state["rng"]["script"].extend(action.get("faces", []))
        else:
            game.act(row["seat"], action)
        if game.state["version"] != row["version"]:
            raise HauntkitError(
                f"game {rec.id}: replaying action row {row['n']} gave version "
                f"{game.state['version']}, the database says {row['version']}"
            )
    if game.state["version"] != rec.version:
        raise HauntkitError(f"game {rec.id}: restored version {game.state['version']} is not "
                            f"the stored {rec.version}")
    return game


def action_labels(rs: Ruleset, state: dict[str, Any], seat: int,
                  legal: list[dict[str, Any]]) -> list[str]:
    """The ruleset's human label of each of ``seat``'s legal actions (a generic one if its
    ``describe_action`` fails: a label never stops a game)."""
    out = []
    for action in legal:
        try:
            out.append(str(rs.describe_action(state, seat, action)))
        except Exception:  # noqa: BLE001 - log it, show the generic label
            log.exception("%s.describe_action failed on %r", rs.id, action)
            out.append(generic_label(action))
    return out


class Manager:
    """All rooms of a server, loaded from the store on demand."""

    def __init__(self, settings: Settings, store: Store | None = None) -> None:
        self.settings = settings
        self.store = store or Store(settings.db_url, settings.table_prefix)
        self.committer = GroupCommitter(self.store)
        self.rooms: dict[str, Room] = {}
        self.commits = 0  # moves this process committed (GET /api/health)
        self._rulesets: dict[str, Ruleset] = {}
        self._load_lock = asyncio.Lock()
        self._sweeper: asyncio.Task[None] | None = None
        self._claimer: asyncio.Task[None] | None = None
        self.loop_lag = LoopLag()
        self.cluster: Cluster | None = make_cluster(
            settings.redis_url, settings.db_url, settings.pg_cluster, settings.table_prefix,
            settings.lease)
        if self.cluster is not None:
            self.cluster.on_lost = self._lost
            self.cluster.on_relinked = self._relinked
            self.cluster.rooms_in_memory = lambda: len(self.rooms)

    def ruleset(self, rid: str) -> Ruleset:
        rs = self._rulesets.get(rid)
        if rs is None:
            rs = self._rulesets[rid] = get_ruleset(
                rid, self.settings.content.get(rid, []),
                self.settings.replace_starter.get(rid, False))
        return rs

    async def start(self) -> None:
        """Resume every unfinished game that has a bot seat, so its bots play on (with other
        processes: every such game nobody owns)."""
        if self.cluster is not None:
            await self.cluster.start(self._hear, lambda body: answer(self, body))
            self._claimer = asyncio.create_task(self._claim_loop(), name="claimer")
        await self._resume_bot_games()
        self._sweeper = asyncio.create_task(self._sweep_loop(), name="room-sweeper")
        self.loop_lag.start()

    async def _resume_bot_games(self) -> None:
        gids = await asyncio.to_thread(self.store.active_game_ids)
        if self.cluster is not None:
            gids = await self.cluster.unowned([g for g in gids if g not in self.rooms])
        for gid in gids:
            try:
                room = await self.room(gid)
            except Exception:  # noqa: BLE001 - one broken game must not stop the rest
                log.exception("could not resume game %s", gid)
                continue
            if room is not None and any(s.get("bot") for s in room.rec.seats):
                room.start_bots()

    async def stop(self) -> None:
        for task in (self._sweeper, self._claimer):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        await self.loop_lag.stop()
        for room in list(self.rooms.values()):
            await room.close()
        if self.cluster is not None:
            await self.cluster.stop()
        await self.committer.stop()
        self.store.close()

    # -- several processes --------------------------------------------------------------------
    async def _hear(self, event: dict[str, Any]) -> None:
        room = self.rooms.get(event.get("game", ""))
        if room is not None and not room.evicted:
            await room.hear(event)

    async def _relinked(self) -> None:
        """The cluster link was down for a moment: announce the games owned here again (a
        move's event may have been lost), and reload the others from the database."""
        cluster = self.cluster
        assert cluster is not None
        for room in list(self.rooms.values()):
            if room.evicted:
                continue
            if room.id in cluster.owned:
                await cluster.publish({"game": room.id, "kind": "sync",
                                       "version": room.game.state["version"]})
                continue
            async with room.lock:
                before = room.game.state["version"]
                await room._reload_locked()
            if room.game.state["version"] != before:
                await room.broadcast("action")
                room.wake.set()

    def _lost(self, gid: str) -> None:
        room = self.rooms.get(gid)
        if room is not None:
            room.stop_drivers()

    async def claim(self, room: Room) -> None:
        """Own ``room``'s game if nobody does; a new owner first catches up from the database
        (the old one may have moved on before it died), then runs the bots."""
        cluster = self.cluster
        if cluster is None or room.game.over or room.id in cluster.owned:
            return
        if await cluster.claim(room.id):
            async with room.lock:
                await room._reload_locked()
            # the old owner may have committed moves it never published: the others catch up
            await asyncio.gather(room.broadcast("action"), cluster.publish(
                {"game": room.id, "kind": "sync", "version": room.game.state["version"]}))
            room.start_bots()

    async def _claim_loop(self) -> None:
        """Take over the games whose owner stopped renewing its lease: those this process
        holds, and unfinished bot games nobody holds."""
        assert self.cluster is not None
        every = max(0.2, self.settings.lease / 3)
        scan = 0
        while True:
            await asyncio.sleep(every)
            try:
                # one look-up for every game held here but owned elsewhere: only those whose
                # lease is gone are claimed
                others = [room for room in self.rooms.values()
                          if not room.game.over and room.id not in self.cluster.owned]
                free = set(await self.cluster.unowned([room.id for room in others]))
                for room in others:
                    if room.id in free:
                        await self.claim(room)
                scan += 1
                if scan % 5 == 0:
                    await self._resume_bot_games()
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - the next round tries again
                log.exception("claiming games failed")

    async def _sweep_loop(self) -> None:
        while True:
            await asyncio.sleep(self.settings.sweep_every)
            try:
                await self.sweep()
            except Exception:  # noqa: BLE001 - the next sweep tries again
                log.exception("sweeping idle rooms failed")

    async def sweep(self, pressure: bool = False) -> int:
        """Evict idle and finished rooms from memory (their games stay in the database and
        come back on demand). Under ``pressure`` (the room cap is reached) any room without a
        client that has been idle a few seconds goes. Returns how many were evicted."""
        now = time.monotonic()
        st = self.settings
        gone = []
        for room in list(self.rooms.values()):
            idle = room.idle_for(now)
            if idle <= 0.0:
                continue
            limit = st.finished_evict if room.game.over else st.idle_evict
            if pressure:
                limit = min(limit, 5.0)
            if idle >= limit:
                gone.append(self.evict(room))
        for room in gone:
            await room.close()
            if self.cluster is not None:
                await self.cluster.release(room.id)
        return len(gone)

    def evict(self, room: Room) -> Room:
        """Take ``room`` out of memory at once (no await: nothing can slip in between); the
        caller awaits ``room.close()``."""
        room.evicted = True
        if self.rooms.get(room.id) is room:
            del self.rooms[room.id]
        room.stop_drivers()
        return room

    async def room(self, gid: str) -> Room | None:
        room = self.rooms.get(gid)
        if room is not None:
            room.touched = time.monotonic()
            return room
        async with self._load_lock:
            room = self.rooms.get(gid)
            if room is not None:
                return room
            loaded = await asyncio.to_thread(self.store.load_game_and_moves, gid)
            if loaded is None:
                return None
            rec, rows = loaded
            game = restore(self.ruleset(rec.ruleset), rec, rows)
            if len(self.rooms) >= self.settings.max_rooms:
                await self.sweep(pressure=True)  # an existing game always opens
            room = self.rooms[gid] = Room(self, rec, game)
            if self.cluster is not None and not game.over:
                await self.cluster.claim(gid)
            room.start_bots()
            resume_away(room)
            return room

    async def create(self, ruleset: str, seats: list[dict[str, Any]], seed: int | None,
                     config: dict[str, Any], title: str = "", setup: dict[str, Any] | None = None,
                     dice: list[int] | None = None, bot_delay: float | None = None,
                     turn_clock: int | None = None, rematch_of: GameRecord | None = None,
                     resumed: Game | None = None) -> Room:
        """Create and store a new game. Raises ``HauntkitError`` for a bad request.

        ``resumed``: a game rebuilt from a save (``server.resume.rebuild``), to go on from
        where it was (its seed and config are the save's; the seats and links are new).

        ``rematch_of``: a finished game whose rematch this is. It is made once, by whichever
        process gets there first (``Store.create_rematch``); the others get that game. Its
        seats and host open with the finished game's tokens (their digests are copied), so any
        process answers a player's rematch link from the token they present, and no plain
        token is ever stored."""
        if (setup is not None or dice) and not self.settings.dev:
            raise HauntkitError(
                "scenario set-ups and scripted dice need a server started with --dev"
            )
        live = await self.live_rooms()
        if live >= self.settings.max_rooms and not await self.sweep(pressure=True):
            raise TooManyRooms(
                f"this server already runs {live} games, its limit; try again later"
            )
        rs = self.ruleset(ruleset)
        seed = secrets.randbits(48) if seed is None else seed
        check_seat_count(type(rs), len(seats), "seats")
        cfg = dict(config)
        if cfg.setdefault("players", len(seats)) != len(seats):
            raise ConfigError("players", f"the game has {len(seats)} seats; leave players out "
                              f"or make it {len(seats)}")
        rec_seats = []
        gid = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
        host = secrets.token_urlsafe(18)
        plain = [seat_token(host, gid, i) for i in range(len(seats))]
        for i, s in enumerate(seats):
            bot = s.get("bot") or None
            if s.get("kind") == "bot":
                bot = bot or DEFAULT_STRENGTH
            if bot is not None:
                get_bot(bot)  # UnknownBotError names the known bots
            rec_seats.append({"name": (s.get("name") or f"Seat {i + 1}")[:40], "bot": bot,
                              "token_hash": hash_token(plain[i]) if rematch_of is None
                              else rematch_of.seats[i].get("token_hash")})
            if rematch_of is not None and rematch_of.seats[i].get("issue"):
                rec_seats[-1]["issue"] = rematch_of.seats[i]["issue"]  # its link derives so
            if bot is not None and s.get("iterations"):  # a searching bot's budget (app.py)
                rec_seats[-1]["iterations"] = int(s["iterations"])
        game = resumed if resumed is not None else Game.new(rs, cfg, seed)
        if setup is not None:
            rs.apply_setup(game.state, setup)
        if dice:
            game.state["rng"]["script"].extend(dice)
        if bot_delay is not None:
            cfg["_bot_delay"] = max(self.settings.min_bot_delay, min(float(bot_delay), 30.0))
        if turn_clock:
            cfg["_turn_clock"] = int(turn_clock)
        host_hash = hash_token(host)
        if rematch_of is not None:  # the seat tokens derive from this game's id and the host
            cfg["_tokens_of"] = tokens_of(rematch_of)
            host_hash = rematch_of.host_token_hash
            for key in ("_links_seal", "_host_offer"):  # a host the game was handed to
                if key in rematch_of.config:
                    cfg[key] = rematch_of.config[key]
        now = time.time()
        rec = GameRecord(
            id=gid, ruleset=rs.id,
            title=(title or untitled_game(rs, len(seats)))[:200], status="finished" if game.over else "active", seats=rec_seats,
            host_token_hash=host_hash, config=cfg, seed=seed,
            version=game.state["version"], state=game.state, result=game.result(),
            dev=setup is not None or bool(dice), created=now, updated=now,
        )
        if rematch_of is None:
            await asyncio.to_thread(self.store.create_game, rec)
        else:
            made = await asyncio.to_thread(self.store.create_rematch, rematch_of.id, rec)
            if made != rec.id:  # another request (maybe of another process) was first
                room = await self.room(made)
                if room is None:
                    raise HauntkitError(f"the rematch {made!r} of game {rematch_of.id!r} is gone")
                return room
        room = Room(self, rec, game)
        room.new_tokens = {"host": host, "seats": plain} if rematch_of is None else None
        self.rooms[rec.id] = room
        if self.cluster is not None:
            await self.cluster.claim(rec.id)
            await self.cluster.report_rooms()
        room.start_bots()
        return room

    async def live_rooms(self) -> int:
        """Games in memory: in this process, or with other processes in all of them (each
        process's count as it last reported it, and this one's now)."""
        if self.cluster is None:
            return len(self.rooms)
        await self.cluster.report_rooms()
        try:
            return max(len(self.rooms), await self.cluster.total_rooms())
        except Exception:  # noqa: BLE001 - the link is away: this process's own count
            log.warning("could not read the other processes' game counts")
            return len(self.rooms)

    async def list_games(self) -> list[dict[str, Any]]:
        rows = await asyncio.to_thread(self.store.list_games)
        for row in rows:
            room = self.rooms.get(row["id"])
            if room is not None:
                row.update(room.summary())
            elif not row["title"]:
                row["title"] = untitled_game(self.ruleset(row["ruleset"]), len(row["seats"]))
        return rows

    async def connect_and_serve(self, room: Room, conn: Conn,
                                handle: Callable[[Room], Awaitable[None]]) -> None:
        """Serve ``conn`` in ``room`` (in its reloaded successor if it was just evicted)."""
        if room.evicted:
            fresh = await self.room(room.id)
            if fresh is None:
                return
            room = fresh
        room.conns.add(conn)
        room.touched = time.monotonic()
        try:
            await handle(room)
        finally:
            conn.closed = True
            room.conns.discard(conn)
            room.touched = time.monotonic()
            if conn.hello and conn.seat is not None:
                await room.broadcast_seats()
            await room.gone(conn)


__all__ = ["Conn", "Manager", "Room", "Settings", "StaleWriteError", "TooManyRooms",
           "error_message", "restore"]
