"""When the host leaves, the host passes to another person (docs/playing.md, "The host").

The server never stores the host's key, only its digest, and a new host needs the seat links
sealed with a new key. So the handing over is prepared while the host is there: when a page
says hello with the host's key, its process works out, for every seat, what making that
seat's person the host takes (``heir``: a new host key sealed with that seat's key, and the
links' secret sealed with the new key) and stores it with the game (``_host_heirs``); only the
heir's own seat key opens their share.

When the host's last page closes, the time is stored (``_host_away``). If the host is still
away ``Settings.host_away`` seconds later, the process that saw them go makes the first
person's seat the host (a seat with a page open on that process first): the very change of
the host's own "make them the host", made with the prepared share. The write only happens if
the host's key is still the one that left, so on several processes it is made at most once,
and a host who came back in time (on any process: their hello clears ``_host_away``) keeps
the game.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from typing import Any, Protocol

from hauntkit.server.db import GameRecord, hash_token, seal, seat_token, tokens_of

log = logging.getLogger("hauntkit.server")

class Room(Protocol):
    """What succession needs of a game in play (``hauntkit.server.rooms.Room``)."""

    id: str
    rec: GameRecord
    manager: Any
    conns: set[Any]
    lock: asyncio.Lock
    succession_tasks: set[asyncio.Task[None]]

    def links_secret(self, host: str) -> str: ...
    def connected(self, seat: int) -> int: ...
    async def save_host_config(self, host_hash: str | None,
                               config: dict[str, Any]) -> None: ...
    async def broadcast_seats(self, exclude: Any = None) -> None: ...


HEIRS = "_host_heirs"  # config key: the prepared shares, by seat
AWAY = "_host_away"  # config key: when the host's last page closed, and the seat it held


def heir(secret: str, their_token: str) -> dict[str, str]:
    """What makes a seat's person the host: a new host key (its digest), the links' secret
    sealed with it, and the key itself sealed with the seat's own token."""
    new_host = secrets.token_urlsafe(18)
    return {"host_hash": hash_token(new_host), "links_seal": seal(secret, new_host),
            "sealed": seal(new_host, their_token)}


def handed_config(config: dict[str, Any], seat: int, share: dict[str, Any]) -> dict[str, Any]:
    """The game's config once ``seat``'s person is the host (``share`` from ``heir``)."""
    rest = {k: v for k, v in config.items() if k not in (HEIRS, AWAY)}
    return {**rest, "_links_seal": share["links_seal"],
            "_host_offer": {"seat": seat, "sealed": share["sealed"]}}


async def host_arrived(room: Room, host: str, seat: int | None) -> None:
    """A page said hello with the host's key: the host is here (``_host_away`` cleared) and
    every seat's share is ready for the current key and seat links."""
    rec = room.rec
    secret = room.links_secret(host)
    issues = {str(i): int(s.get("issue", 0)) for i, s in enumerate(rec.seats)}
    prepared = rec.config.get(HEIRS)
    if (prepared and prepared.get("for") == rec.host_token_hash
            and prepared.get("issues") == issues and AWAY not in rec.config):
        return  # nothing changed since the last hello
    shares = {str(i): heir(secret, seat_token(secret, tokens_of(rec), i, issues[str(i)]))
              for i in range(len(rec.seats))}
    config = {k: v for k, v in rec.config.items() if k != AWAY}
    config[HEIRS] = {"for": rec.host_token_hash, "issues": issues, "shares": shares}
    await room.save_host_config(rec.host_token_hash, config)


async def host_left(room: Room, seat: int | None) -> None:
    """The host's last page here closed: note when, and look again after the grace time."""
    if HEIRS not in room.rec.config:
        return
    config = {**room.rec.config, AWAY: {"since": time.time(), "seat": seat}}
    await room.save_host_config(room.rec.host_token_hash, config)
    _look_again(room, room.manager.settings.host_away)


def resume_away(room: Room) -> None:
    """A game loaded while its host was away (say, after a restart): look again when the
    host's time is up."""
    away = room.rec.config.get(AWAY)
    if away and HEIRS in room.rec.config:
        since = float(away.get("since", 0))
        _look_again(room, max(0.0, since + room.manager.settings.host_away - time.time()))


def _look_again(room: Room, delay: float) -> None:
    task = asyncio.create_task(_pass_later(room, room.rec.host_token_hash, delay),
                               name=f"host-away-{room.id}")
    room.succession_tasks.add(task)
    task.add_done_callback(room.succession_tasks.discard)


async def _pass_later(room: Room, left_hash: str | None, delay: float) -> None:
    await asyncio.sleep(delay)
    try:
        await pass_if_away(room, left_hash)
    except Exception:  # noqa: BLE001 - the host stays; say why
        log.exception("game %s: passing the host on failed", room.id)


def choose_heir(room: Room, away_seat: int | None) -> int | None:
    """The seat whose person becomes the host: a person's seat (not a bot's, nor one a bot
    covers) other than the host's own, one with a page open here first, then the lowest."""
    people = [i for i, s in enumerate(room.rec.seats)
              if not s.get("bot") and not s.get("covered") and i != away_seat]
    if not people:
        return None
    here = [i for i in people if room.connected(i)]
    return (here or people)[0]


async def pass_if_away(room: Room, left_hash: str | None) -> bool:
    """Hand the game to a person if the host whose key was ``left_hash`` is still away;
    True when it was handed."""
    if any(conn.host and not conn.closed for conn in room.conns):
        return False
    store = room.manager.store
    async with room.lock:
        rec = await asyncio.to_thread(store.load_game, room.id)
        if rec is None or rec.host_token_hash != left_hash:
            return False  # handed on meanwhile (by the host, or by another process)
        away = rec.config.get(AWAY)
        prepared = rec.config.get(HEIRS) or {}
        if not away or prepared.get("for") != left_hash:
            return False  # the host came back
        if time.time() - float(away["since"]) < room.manager.settings.host_away - 0.05:
            return False  # they left again later: that departure's own timer decides
        room.rec.seats, room.rec.config = rec.seats, rec.config
        seat = choose_heir(room, away.get("seat"))
        if seat is None:
            return False
        issue = int(rec.seats[seat].get("issue", 0))
        if prepared.get("issues", {}).get(str(seat)) != issue:
            return False  # the seat has a new link since: its share no longer opens
        share = prepared["shares"][str(seat)]
        config = handed_config(rec.config, seat, share)
        passed = await asyncio.to_thread(store.pass_host, room.id, left_hash,
                                         share["host_hash"], config)
        if not passed:
            return False
        room.rec.host_token_hash, room.rec.config = share["host_hash"], config
    log.info("game %s: the host left; seat %s's person is the host now", room.id, seat)
    if room.manager.cluster is not None:
        with contextlib.suppress(Exception):
            await room.manager.cluster.publish({"game": room.id, "kind": "seats"})
    await room.broadcast_seats()
    return True
