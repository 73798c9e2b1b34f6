"""The load generator behind ``hauntkit loadtest``: many games driven over real websockets.

Each game has two client seats that think before acting, two bot seats (played by the server)
and a spectator. Every client action's send time is noted; each connection of that game that
receives the state at the action's version adds one sample "action to broadcast". Finished games
are replaced so that ``games`` stay live. Everything is bounded by ``duration``.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import multiprocessing
import queue
import random
import time
import urllib.request
from dataclasses import dataclass, field
from typing import Any

import orjson
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from hauntkit.server.looplag import LoopLag


@dataclass
class Stats:
    """What the run measured."""

    samples: list[float] = field(default_factory=list)  # seconds, action -> broadcast
    actions: int = 0  # client actions acknowledged
    errors: dict[str, int] = field(default_factory=dict)
    games_started: int = 0
    games_finished: int = 0
    broadcasts: int = 0  # state messages received
    server_actions: int = 0  # actions of any seat (bots too), as the spectators saw them
    loop_lag: dict[str, Any] = field(default_factory=dict)  # the load generator's own loop
    cpu_s: float = 0.0  # the load generator's own CPU while measuring

    def error(self, code: str) -> None:
        self.errors[code] = self.errors.get(code, 0) + 1


def _post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(url, data=orjson.dumps(body), method="POST",
                                 headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as resp:
        return orjson.loads(resp.read())


class Load:
    """Drive ``games`` games against the server at ``base`` (``http://host:port``)."""

    def __init__(self, base: str, games: int, ruleset: str = "betrayal", think: float = 1.0,
                 seed: int = 0, first: int = 0) -> None:
        self.first = first  # the number of this generator's first game (several processes)
        self.base = base.rstrip("/")
        self.ws_base = "ws" + self.base[4:]
        self.games = games
        self.ruleset = ruleset
        self.think = think
        self.rng = random.Random(seed)
        self.stats = Stats()
        self.measuring = False
        self._stop = asyncio.Event()
        self.lag = LoopLag()

    async def run(self, duration: float, on_ready: Any = None) -> Stats:
        """Start the games (all connected before measuring), measure for ``duration``
        seconds, stop everything."""
        ready: list[asyncio.Event] = []
        tasks = []
        for i in range(self.games):
            ev = asyncio.Event()
            ready.append(ev)
            tasks.append(asyncio.create_task(self._slot(self.first + i, ev)))
        try:
            await asyncio.wait_for(asyncio.gather(*(e.wait() for e in ready)),
                                   timeout=max(60.0, self.games * 1.0))
        except TimeoutError:
            self.stats.error("slow_start")
        if on_ready is not None:
            on_ready()
        self.lag.start()
        cpu = time.process_time()
        self.measuring = True
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._stop.wait(), timeout=duration)
        self.measuring = False
        self.stats.cpu_s = time.process_time() - cpu
        await self.lag.stop()
        self.stats.loop_lag = self.lag.figures()
        self._stop.set()
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        return self.stats

    async def _slot(self, index: int, ready: asyncio.Event) -> None:
        """Keep one game live: play it; when it ends, start another."""
        n = 0
        while not self._stop.is_set():
            made = await asyncio.to_thread(_post, self.base + "/api/games", {
                "ruleset": self.ruleset, "title": f"load {index}.{n}",
                "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot"},
                          {"kind": "bot"}],
                "seed": index * 1000 + n,
            })
            self.stats.games_started += 1
            n += 1
            await self._play(made, ready)

    async def _play(self, made: dict[str, Any], ready: asyncio.Event) -> None:
        gid = made["id"]
        sent: dict[int, float] = {}  # version expected after a client action -> send time
        over = asyncio.Event()
        url = f"{self.ws_base}/ws/{gid}"
        conns = []
        for token in (made["seats"][0]["token"], made["seats"][1]["token"], None):
            ws = await connect(url, max_size=2**24, open_timeout=60, ping_interval=None)
            await ws.send(orjson.dumps({"type": "hello", "token": token}).decode())
            conns.append(ws)
        ready.set()
        runners = [asyncio.create_task(self._conn(ws, sent, over, acts=token is not None))
                   for ws, token in zip(conns, (1, 1, None), strict=True)]
        stop = asyncio.create_task(self._stop.wait())
        done = asyncio.create_task(over.wait())
        await asyncio.wait([stop, done], return_when=asyncio.FIRST_COMPLETED)
        for t in (*runners, stop, done):
            t.cancel()
        await asyncio.gather(*runners, stop, done, return_exceptions=True)
        for ws in conns:
            with contextlib.suppress(Exception):
                await ws.close()
        if over.is_set():
            self.stats.games_finished += 1

    async def _conn(self, ws: ClientConnection, sent: dict[int, float], over: asyncio.Event,
                    acts: bool) -> None:
        try:
            await self._receive(ws, sent, over, acts)
        except ConnectionClosed as exc:  # counted (with the close code), not a crash of the
            code = exc.rcvd.code if exc.rcvd is not None else "none"  # load generator
            self.stats.error(f"connection_closed_{code}")

    async def _receive(self, ws: ClientConnection, sent: dict[int, float],
                       over: asyncio.Event, acts: bool) -> None:
        pending: asyncio.Task[None] | None = None
        async for raw in ws:
            now = time.perf_counter()
            msg = orjson.loads(raw)
            kind = msg.get("type")
            if kind == "error":
                self.stats.error(msg.get("code", "?"))
                continue
            if kind == "ack":
                if self.measuring:
                    self.stats.actions += 1
                continue
            if kind != "state":
                continue
            self.stats.broadcasts += 1
            version = msg["version"]
            if self.measuring and msg.get("reason") == "action":
                t0 = sent.get(version)
                if t0 is not None:
                    self.stats.samples.append(now - t0)
                if msg.get("you") is None:
                    self.stats.server_actions += 1
            if msg.get("result") is not None:
                over.set()
                return
            legal = msg.get("legal_actions") or []
            if acts and legal and (pending is None or pending.done()):
                pending = asyncio.create_task(self._act(ws, version, legal, sent))

    async def _act(self, ws: ClientConnection, version: int, legal: list[dict[str, Any]],
                   sent: dict[int, float]) -> None:
        await asyncio.sleep(self.rng.uniform(0.5, 1.5) * self.think)
        action = self.rng.choice(legal)
        sent[version + 1] = time.perf_counter()
        with contextlib.suppress(ConnectionClosed):  # its reader counts the closed socket
            await ws.send(orjson.dumps({"type": "act", "action": action, "version": version,
                                        "id": version}).decode())


def _drive(job: tuple[str, int, int, str, float, float], ready: Any, go: Any,
           out: Any) -> None:
    """One load generator process: its share of the games; it says when they are connected,
    waits for ``go`` (every process ready), measures, and hands back its figures."""
    base, games, first, ruleset, think, duration = job

    def on_ready() -> None:
        ready.put(first)
        go.wait(timeout=3600)

    load = Load(base, games, ruleset=ruleset, think=think, seed=first, first=first)
    out.put(dataclasses.asdict(asyncio.run(load.run(duration, on_ready))))


def run_spread(base: str, games: int, processes: int, duration: float, think: float,
               ruleset: str, on_ready: Any = None) -> Stats:
    """``Load`` split over ``processes`` processes (each with its own event loop, so that the
    generator's own lateness does not pass for the server's); their figures merged. The
    measurement starts once every process has connected all of its games."""
    ctx = multiprocessing.get_context("spawn")
    ready, out, go = ctx.Queue(), ctx.Queue(), ctx.Event()
    shares = [games // processes + (1 if i < games % processes else 0)
              for i in range(processes)]
    children, first = [], 0
    for share in shares:
        if share:
            child = ctx.Process(target=_drive, daemon=True, args=(
                (base, share, first, ruleset, think, duration), ready, go, out))
            child.start()
            children.append(child)
            first += share
    try:
        for _ in children:
            ready.get(timeout=max(60.0, games * 1.0) + 120)
        if on_ready is not None:
            on_ready()
        go.set()
        parts = [Stats(**out.get(timeout=duration + 600)) for _ in children]
    except queue.Empty:
        raise RuntimeError("a load generator process did not answer") from None
    finally:
        for child in children:
            child.join(timeout=30)
            if child.is_alive():
                child.kill()
    return merge(parts)


def merge(parts: list[Stats]) -> Stats:
    """The figures of several generators as one (lag: the worst process's)."""
    total = Stats()
    for part in parts:
        total.samples.extend(part.samples)
        for key in ("actions", "games_started", "games_finished", "broadcasts",
                    "server_actions"):
            setattr(total, key, getattr(total, key) + getattr(part, key))
        for code, n in part.errors.items():
            total.errors[code] = total.errors.get(code, 0) + n
        total.cpu_s += part.cpu_s
        lag = part.loop_lag
        if not total.loop_lag or (lag.get("p99_ms") or 0) > (total.loop_lag.get("p99_ms") or 0):
            total.loop_lag = lag
    return total
