"""A real server in a subprocess, a database per test (SQLite file or a PostgreSQL table
prefix), and small HTTP/websocket helpers."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
import orjson
from websockets.sync.client import ClientConnection, connect

from hauntkit.server.db import Store

ROOT = Path(__file__).resolve().parents[2]
SERVE = Path(__file__).resolve().parent / "serve.py"
DEFAULT_PG = "postgresql+psycopg://postgres@127.0.0.1:5432/test"


def pg_url() -> str:
    url = os.environ.get("HAUNTKIT_TEST_PG_URL", DEFAULT_PG)
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://"):]
    return url


def pg_unavailable() -> str | None:
    """Why PostgreSQL cannot be used here, or None when a server answers."""
    import psycopg

    url = pg_url().replace("postgresql+psycopg://", "postgresql://")
    try:
        psycopg.connect(url, connect_timeout=3).close()
    except Exception as exc:  # noqa: BLE001
        return (f"no PostgreSQL server answers at {url} ({exc.__class__.__name__}); start one "
                "(HAUNTKIT_TEST_PG_URL) or deselect these tests with -m 'not postgres'")
    return None


def redis_url() -> str:
    return os.environ.get("HAUNTKIT_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


def redis_unavailable() -> str | None:
    """Why Redis cannot be used here, or None when a server answers."""
    import redis

    try:
        redis.Redis.from_url(redis_url(), socket_connect_timeout=3).ping()
    except Exception as exc:  # noqa: BLE001
        return (f"no Redis server answers at {redis_url()} ({exc.__class__.__name__}); start "
                "one or deselect these tests with -m 'not postgres'")
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerProcess:
    """``python tests/server/serve.py`` on a free loopback port."""

    def __init__(self, db_url: str, prefix: str, dev: bool = True, bot_delay: float = 0.0,
                 rate: float = 10.0, burst: float = 30.0, env: dict[str, str] | None = None,
                 **limits: Any) -> None:
        """``limits``: serve.py's options by keyword (``max_rooms=2`` ...; ``True`` for a
        flag such as ``pg_cluster``); ``env``: extra environment variables."""
        self.db_url, self.prefix = db_url, prefix
        self.args = ["--dev"] if dev else []
        self.args += ["--bot-delay", str(bot_delay), "--rate", str(rate), "--burst", str(burst)]
        for key, value in limits.items():
            flag = f"--{key.replace('_', '-')}"
            self.args += [flag] if value is True else [flag, str(value)]
        self.env = env or {}
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        env = dict(os.environ, PYTHONUNBUFFERED="1", **self.env)
        self.proc = subprocess.Popen(
            [sys.executable, str(SERVE), "--db", self.db_url, "--prefix", self.prefix,
             "--port", str(self.port), *self.args],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.proc.stderr.read().decode()}")
            try:
                httpx.get(self.url + "/api/games", timeout=1).raise_for_status()
                return self
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("server did not start within 90 s")

    def kill(self) -> None:
        """Kill it hard (as a crash would)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        """Ctrl-C."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    # -- helpers ------------------------------------------------------------------------------
    def create(self, ruleset: str = "toy", seats: list[dict[str, Any]] | None = None,
               **extra: Any) -> dict[str, Any]:
        seats = seats or [{"kind": "human"}] * 3
        r = httpx.post(self.url + "/api/games", json={"ruleset": ruleset, "seats": seats,
                                                      **extra}, timeout=120)
        assert r.status_code == 200, r.text
        return r.json()

    def state(self, gid: str, token: str | None = None) -> dict[str, Any]:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        r = httpx.get(f"{self.url}/api/games/{gid}/state", headers=headers, timeout=60)
        assert r.status_code == 200, r.text
        return r.json()

    def ws(self, gid: str, token: str | None = None, hello: bool = True) -> Client:
        # max_queue=None: the client library takes in every frame as it comes, however long
        # the test waits before reading them (the server drops a socket that stops reading)
        c = Client(connect(f"ws://127.0.0.1:{self.port}/ws/{gid}", max_size=2**24, legacy=True,
                           open_timeout=60, max_queue=None))
        if hello:
            c.send({"type": "hello", "token": token})
            first = c.recv()
            assert first["type"] == "state", first
            c.last = first
        return c


class Client:
    """A websocket client that records every message it receives."""

    def __init__(self, conn: ClientConnection) -> None:
        self.conn = conn
        self.received: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self.last: dict[str, Any] | None = None

    def send(self, msg: Any) -> None:
        self.conn.send(msg if isinstance(msg, str) else json.dumps(msg))

    def recv(self, timeout: float = 30) -> dict[str, Any]:
        raw = self.conn.recv(timeout=timeout)
        self.raw.append(raw if isinstance(raw, str) else raw.decode())
        msg = orjson.loads(raw)
        self.received.append(msg)
        if msg.get("type") == "state":
            self.last = msg
        return msg

    def recv_until(self, pred: Any, timeout: float = 60) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("expected message did not arrive")
            msg = self.recv(timeout=left)
            if pred(msg):
                return msg

    def state_when(self, pred: Any, timeout: float = 60) -> dict[str, Any]:
        """The game as this client knows it once ``pred`` holds: its latest state if that
        already satisfies ``pred`` (a game can end before a client says hello, and then the
        hello's own answer is the final state), else the next state that does."""
        if self.last is not None and pred(self.last):
            return self.last
        return self.recv_until(lambda m: m["type"] == "state" and pred(m), timeout=timeout)

    def close(self) -> None:
        self.conn.close()


def make_db(kind: str, tmp_path: Path) -> tuple[str, str]:
    """(url, table prefix) of a fresh database for one test."""
    if kind == "sqlite":
        return f"sqlite:///{tmp_path / 'games.db'}", ""
    return pg_url(), f"t{uuid.uuid4().hex[:10]}_"


def drop_db(url: str, prefix: str) -> None:
    if prefix:
        store = Store(url, prefix)
        store.drop_all()
        store.close()


def node(cluster_db: tuple[str, str, str], **options: Any) -> ServerProcess:
    """A started server process of the cluster ``cluster_db`` (the conftest fixture: database
    url, table prefix, and link "redis" or "postgres"), with a 3 s lease: handovers are
    quick, and a loaded machine's stalls (it is renewed every second) do not move games."""
    url, prefix, link = cluster_db
    linked: dict[str, Any] = {"redis": redis_url()} if link == "redis" else {"pg_cluster": True}
    options.setdefault("bot_delay", 0.05)
    return ServerProcess(url, prefix, lease=3.0, **linked, **options).start()


def health(srv: ServerProcess) -> dict[str, Any]:
    return httpx.get(srv.url + "/api/health", timeout=60).json()
