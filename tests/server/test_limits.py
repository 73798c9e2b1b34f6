"""Limits against abuse (issue 12, "Abuse and bad input"): request bodies are capped whatever the
transfer encoding, error answers never echo the request, game creation is rate-limited per
address, live rooms are capped, idle rooms leave memory and come back on demand, and a game's
``bot_delay`` has a floor."""

from __future__ import annotations

import select
import socket
import time
from pathlib import Path

import httpx
from harness import ServerProcess

CAP = 256 * 1024


def _rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def test_a_chunked_body_is_cut_at_the_cap(server: ServerProcess) -> None:
    """A chunked POST with no Content-Length gets 413 as soon as it passes the cap, long before
    the 64 MB the client means to send, and the server's memory does not balloon."""
    rss_before = _rss_kb(server.proc.pid)
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=30)
    sock.sendall(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                 b"Transfer-Encoding: chunked\r\n\r\n")
    chunk = b"x" * 65536
    sent, answer = 0, b""
    deadline = time.monotonic() + 60
    while sent < 64 * 1024 * 1024 and time.monotonic() < deadline:
        ready, _, _ = select.select([sock], [], [], 0)
        if ready:
            answer = sock.recv(65536)
            break
        try:
            sock.sendall(b"%x\r\n" % len(chunk) + chunk + b"\r\n")
        except (BrokenPipeError, ConnectionResetError):
            answer = sock.recv(65536)
            break
        sent += len(chunk)
    sock.settimeout(30)
    while b"}" not in answer:  # the rest of the (small) refusal
        more = sock.recv(65536)
        if not more:
            break
        answer += more
    sock.close()
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert b"too_large" in answer and b"xxxx" not in answer
    assert sent < 8 * 1024 * 1024, f"the server let {sent} bytes in before refusing"
    assert _rss_kb(server.proc.pid) - rss_before < 32 * 1024


def test_a_declared_oversized_body_is_refused_unread(server: ServerProcess) -> None:
    r = httpx.post(server.url + "/api/games", content=b"{" + b" " * (CAP + 10) + b"}",
                   headers={"content-type": "application/json"}, timeout=30)
    assert r.status_code == 413 and r.json()["code"] == "too_large"


def test_error_answers_never_echo_the_request(server: ServerProcess) -> None:
    marker = "SECRET-MARKER-" + "q" * 30
    bodies = [
        ({"ruleset": "toy", "seats": marker}, "seats"),
        ({"ruleset": "toy", "seats": [{"kind": marker}] * 3}, "seats.0.kind"),
        ({"ruleset": "toy", "seats": [{}] * 3, "seed": marker}, "seed"),
    ]
    for body, field in bodies:
        r = httpx.post(server.url + "/api/games", json=body, timeout=30)
        assert r.status_code == 422, r.text
        assert marker not in r.text and "q" * 30 not in r.text
        assert r.json()["code"] == "invalid_request" and r.json()["message"].startswith(field)
    r = httpx.post(server.url + "/api/games", content=b'{"ruleset": "' + marker.encode(),
                   headers={"content-type": "application/json"}, timeout=30)
    assert r.status_code == 422 and marker not in r.text


def test_creating_games_is_rate_limited_per_address(db: tuple[str, str]) -> None:
    srv = ServerProcess(*db, create_rate=0.001, create_burst=3).start()
    try:
        for _ in range(3):
            srv.create()
        r = httpx.post(srv.url + "/api/games", json={"ruleset": "toy", "seats": [{}] * 3},
                       timeout=30)
        assert r.status_code == 429 and r.json()["code"] == "rate_limited"
        assert "127.0.0.1" in r.json()["message"]
    finally:
        srv.kill()


def test_live_rooms_are_capped_and_idle_ones_make_room(db: tuple[str, str]) -> None:
    srv = ServerProcess(*db, max_rooms=2, idle_evict=0.5, sweep_every=3600).start()
    try:
        held = [srv.ws(srv.create()["id"]) for _ in range(2)]
        r = httpx.post(srv.url + "/api/games", json={"ruleset": "toy", "seats": [{}] * 3},
                       timeout=30)
        assert r.status_code == 503 and r.json()["code"] == "too_many_games"
        for c in held:  # rooms with clients are never evicted; once they leave, they may be
            c.close()
        deadline = time.monotonic() + 30
        while True:
            r = httpx.post(srv.url + "/api/games", json={"ruleset": "toy", "seats": [{}] * 3},
                           timeout=30)
            if r.status_code == 200 or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        assert r.status_code == 200, r.text
    finally:
        srv.kill()


def _live_games(srv: ServerProcess) -> int:
    return httpx.get(srv.url + "/api/health", timeout=30).json()["live_games"]


def test_idle_rooms_are_evicted_and_reloaded_seamlessly(db: tuple[str, str]) -> None:
    srv = ServerProcess(*db, idle_evict=0.3, finished_evict=0.3, sweep_every=0.1).start()
    try:
        made = srv.create(seed=3)
        gid, t0, t1 = made["id"], made["seats"][0]["token"], made["seats"][1]["token"]
        a = srv.ws(gid, t0)
        a.send({"type": "act", "action": {"type": "rest"}, "version": 0, "id": 1})
        assert a.recv_until(lambda m: m["type"] == "ack")["version"] == 1
        a.close()
        deadline = time.monotonic() + 30
        while _live_games(srv) > 0:
            assert time.monotonic() < deadline, "the idle room stayed in memory"
            time.sleep(0.05)
        b = srv.ws(gid, t1)  # the evicted game comes back as it was
        assert b.last["version"] == 1 and b.last["view"]["pos"] == [1, 0, 0]
        assert {"type": "rest"} in b.last["legal_actions"]
        b.send({"type": "act", "action": {"type": "rest"}, "version": 1, "id": 2})
        assert b.recv_until(lambda m: m["type"] == "ack")["version"] == 2
        assert srv.state(gid)["view"]["pos"] == [1, 1, 0]
    finally:
        srv.kill()


def test_a_games_bot_delay_has_a_floor(db: tuple[str, str]) -> None:
    """Asked for bot_delay 0, a server whose floor is 0.4 s still waits that long before each
    bot move: consecutive moves reach a spectator at least that far apart."""
    srv = ServerProcess(*db, min_bot_delay=0.4).start()
    try:
        made = srv.create(seats=[{"kind": "bot"}] * 4, seed=2, bot_delay=0)
        spec = srv.ws(made["id"])
        seen: dict[int, float] = {}
        while len(seen) < 4:
            msg = spec.recv(timeout=30)
            if msg["type"] == "state" and msg["version"] > spec.received[0]["version"]:
                seen.setdefault(msg["version"], time.monotonic())
        versions = sorted(seen)
        assert versions == list(range(versions[0], versions[0] + 4))
        gaps = [seen[v + 1] - seen[v] for v in versions[:-1]]
        assert min(gaps) >= 0.35, gaps
    finally:
        srv.kill()


def _read_all(sock: socket.socket) -> bytes:
    """What the server answers until it closes the connection."""
    out = b""
    while True:
        try:
            got = sock.recv(65536)
        except OSError:
            return out
        if not got:
            return out
        out += got


def _answer_to(port: int, head: bytes, more: bytes = b"", seconds: float = 30) -> bytes:
    """The first bytes the server answers to a raw request ``head`` followed by ``more``
    repeated until it answers (or closes)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=seconds)
    try:
        sock.sendall(head)
        deadline = time.monotonic() + seconds
        sent = 0
        while time.monotonic() < deadline and sent < 64 * 1024 * 1024:
            ready, _, _ = select.select([sock], [], [], 0)
            if ready or not more:
                return _read_all(sock)
            try:
                sock.sendall(more)
            except OSError:
                return _read_all(sock)
            sent += len(more)
        return b""
    finally:
        sock.close()


def test_an_endless_header_is_refused_and_memory_stays_flat(server: ServerProcess) -> None:
    """Request headers are capped in size (32 KiB with the request line): a header that never
    ends gets 4xx long before the 64 MB the client means to send."""
    rss_before = _rss_kb(server.proc.pid)
    answer = _answer_to(server.port, b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Long: ",
                        b"a" * 65536)
    assert answer.startswith(b"HTTP/1.1 4"), answer[:80]
    assert _rss_kb(server.proc.pid) - rss_before < 50_000


def test_too_many_headers_are_refused(server: ServerProcess) -> None:
    headers = b"".join(b"X-H%d: 1\r\n" % i for i in range(150))
    answer = _answer_to(server.port, b"GET /api/games HTTP/1.1\r\nHost: x\r\n" + headers
                        + b"\r\n")
    assert answer.startswith(b"HTTP/1.1 431"), answer[:80]
    assert b"too_many_headers" in answer
    ok = httpx.get(server.url + "/api/games", headers={f"X-H{i}": "1" for i in range(20)})
    assert ok.status_code == 200


def test_websockets_per_address_are_capped(db: tuple[str, str]) -> None:
    from websockets.exceptions import InvalidStatus
    from websockets.sync.client import connect

    srv = ServerProcess(*db, max_sockets_per_address=3).start()
    try:
        gid = srv.create()["id"]
        url = f"ws://127.0.0.1:{srv.port}/ws/{gid}"
        held = [connect(url, open_timeout=30, legacy=True) for _ in range(3)]
        refused = None
        try:
            with connect(url, open_timeout=30, legacy=True) as extra:
                extra.recv(timeout=30)
        except (InvalidStatus, Exception) as exc:  # noqa: BLE001 - refused at the handshake
            refused = exc
        assert refused is not None
        held.pop().close()  # one is given back: a new one opens
        time.sleep(0.2)
        again = connect(url, open_timeout=30, legacy=True)
        again.send('{"type": "hello", "token": null}')
        assert '"type":"state"' in again.recv(timeout=30)
        for c in [*held, again]:
            c.close()
    finally:
        srv.kill()


def test_x_forwarded_for_counts_only_from_a_trusted_proxy(db: tuple[str, str]) -> None:
    """The creation limit counts the peer's own address; a client's X-Forwarded-For does
    not give it a fresh bucket (unless the server is told to trust that proxy)."""
    srv = ServerProcess(*db, create_rate=0.001, create_burst=2).start()
    try:
        body = {"ruleset": "toy", "seats": [{"kind": "human"}] * 3}
        codes = [httpx.post(srv.url + "/api/games", json=body, timeout=60,
                            headers={"X-Forwarded-For": f"10.0.0.{i}"}).status_code
                 for i in range(4)]
        assert codes == [200, 200, 429, 429]
    finally:
        srv.kill()
    trusting = ServerProcess(*db, create_rate=0.001, create_burst=2,
                             trusted_proxy="127.0.0.1").start()
    try:
        codes = [httpx.post(trusting.url + "/api/games", json=body, timeout=60,
                            headers={"X-Forwarded-For": f"10.0.0.{i}"}).status_code
                 for i in range(4)]
        assert codes == [200, 200, 200, 200]  # each forwarded client has its own bucket
    finally:
        trusting.kill()
