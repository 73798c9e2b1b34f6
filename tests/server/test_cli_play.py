"""`hauntkit play`: --host, --port, --data-dir, --db, --no-browser; prints the URL; Ctrl-C keeps
every game (issue 5: starting it)."""

from __future__ import annotations

import os
import queue
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest
from harness import drop_db, free_port, pg_unavailable, pg_url

HAUNTKIT = Path(sys.executable).parent / "hauntkit"


def _start(args: list[str], cwd: Path) -> tuple[subprocess.Popen[str], str]:
    """Start `hauntkit play` and wait (up to 60 s, however loaded the machine) for its URL."""
    proc = subprocess.Popen([str(HAUNTKIT), "play", "--no-browser", *args], cwd=cwd,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env=dict(os.environ, PYTHONUNBUFFERED="1"))
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(ln) for ln in proc.stdout], daemon=True).start()
    deadline = time.monotonic() + 60
    line = ""
    while time.monotonic() < deadline and "http://" not in line:
        try:
            line = lines.get(timeout=0.5)
        except queue.Empty:
            if proc.poll() is not None and lines.empty():
                break
    assert "http://" in line, f"no URL printed: {line!r}"
    url = line[line.index("http://"):].split()[0]
    return proc, url


def _stop(proc: subprocess.Popen[str]) -> None:
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(30)
    except subprocess.TimeoutExpired:
        proc.kill()


def test_play_on_sqlite_in_the_data_dir(tmp_path: Path) -> None:
    port = free_port()
    proc, url = _start(["--host", "127.0.0.1", "--port", str(port), "--data-dir", "saves"],
                       tmp_path)
    try:
        assert url == f"http://127.0.0.1:{port}/"
        assert httpx.get(url, timeout=30).status_code == 200  # the lobby page
        r = httpx.post(url + "api/games", json={"ruleset": "betrayal",
                                               "seats": [{"kind": "human"}] * 3, "seed": 1},
                       timeout=30)
        assert r.status_code == 200, r.text
        gid = r.json()["id"]
        assert r.json()["seats"][0]["url"].startswith(f"http://127.0.0.1:{port}/game/{gid}#t=")
    finally:
        _stop(proc)
    assert (tmp_path / "saves" / "hauntkit.db").exists()
    proc, url = _start(["--port", str(port), "--data-dir", "saves"], tmp_path)
    try:
        games = httpx.get(url + "api/games", timeout=30).json()["games"]
        assert [g["id"] for g in games] == [gid]
    finally:
        _stop(proc)


@pytest.mark.postgres
def test_play_on_postgresql(tmp_path: Path) -> None:
    why = pg_unavailable()
    if why:
        pytest.fail(why)  # a test that should run never skips quietly
    prefix = f"cli{os.getpid()}_"
    plain = pg_url().replace("postgresql+psycopg://", "postgresql://")
    proc, url = _start(["--port", str(free_port()), "--db", plain, "--table-prefix", prefix],
                       tmp_path)
    try:
        r = httpx.post(url + "api/games", json={"ruleset": "betrayal",
                                               "seats": [{"kind": "human"}] * 4},
                       timeout=30)
        assert r.status_code == 200, r.text
        assert not (tmp_path / "data").exists()  # nothing went to SQLite
    finally:
        _stop(proc)
        drop_db(pg_url(), prefix)


_EXTRA_EXPLORER = """ruleset: betrayal
characters:
  - id: ivy_marsh
    name: Ivy Marsh
    text: A bell-ringer who counts the chimes the house should not make.
    might: {values: [2, 3, 3, 4, 5, 5, 6, 6], start: 2}
    speed: {values: [2, 3, 4, 4, 5, 6, 6, 7], start: 3}
    knowledge: {values: [3, 4, 4, 5, 5, 6, 7, 8], start: 3}
    sanity: {values: [2, 3, 3, 4, 5, 6, 6, 7], start: 2}
"""


def test_play_serves_an_authors_pack_on_top_of_the_starter(tmp_path: Path) -> None:
    """Issue 3: authors add a pack of their own from a folder (`--content PATH`)."""
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "explorers.yaml").write_text(_EXTRA_EXPLORER)
    port = free_port()
    proc, url = _start(["--port", str(port), "--content", str(pack)], tmp_path)
    try:
        catalog = httpx.get(url + "api/rulesets/betrayal/catalog", timeout=30).json()
        assert "ivy_marsh" in catalog["characters"]
        assert "ada_vance" in catalog["characters"]  # the starter pack is still there
    finally:
        _stop(proc)


def test_play_refuses_a_broken_pack_with_the_validator_messages(tmp_path: Path) -> None:
    """Issue 3: a pack with an error never loads half-way; `play` refuses it with the same
    file:line: field messages as `hauntkit validate`, and no server starts."""
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "explorers.yaml").write_text(_EXTRA_EXPLORER.replace("start: 2}\n  ", "start: 9}\n  ", 1)
                                         .replace("might: {values: [2, 3, 3, 4, 5, 5, 6, 6]",
                                                  "might: {values: [2, 3, 3]"))
    validate = subprocess.run([str(HAUNTKIT), "validate", str(pack)], capture_output=True,
                              text=True, cwd=tmp_path)
    play = subprocess.run([str(HAUNTKIT), "play", "--no-browser", "--port", str(free_port()),
                           "--content", str(pack)], capture_output=True, text=True,
                          cwd=tmp_path, timeout=120)
    assert validate.returncode == 1 and play.returncode == 1
    problems = [ln for ln in validate.stdout.splitlines() + validate.stderr.splitlines()
                if "explorers.yaml:" in ln]
    assert problems and all(p in play.stderr for p in problems)
    assert "serving" not in play.stdout
    assert not (tmp_path / "data").exists()


def _refused(args: list[str], cwd: Path) -> str:
    """Run `hauntkit play` expecting it to refuse at once: one line on stderr, exit 2, no
    traceback, and no server started."""
    run = subprocess.run([str(HAUNTKIT), "play", "--no-browser", *args], capture_output=True,
                         text=True, cwd=cwd, timeout=120)
    assert run.returncode == 2, (run.returncode, run.stdout, run.stderr)
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in run.stderr, run.stderr
    assert "serving" not in run.stdout
    return lines[0]


def test_a_port_out_of_range_is_refused(tmp_path: Path) -> None:
    """Issue 12: `--port 99999` was silently accepted."""
    for bad in ("99999", "0", "-5"):
        line = _refused(["--port", bad], tmp_path)
        assert f"--port {bad}" in line and "1 to 65535" in line


def test_a_port_in_use_fails_at_once_and_suggests_another(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        line = _refused(["--port", str(port)], tmp_path)
    assert f"port {port}" in line and "in use" in line and "--port" in line


def test_a_bad_database_url_is_one_clear_line(tmp_path: Path) -> None:
    cases = {
        "mongodb://localhost/games": "unsupported database 'mongodb'",
        # a dialect SQLAlchemy knows whose driver is not installed (was a traceback)
        "mysql://someone@localhost/games": "unsupported database 'mysql'",
        "postgresql+asyncpg://someone@localhost/games": "unsupported database 'postgresql+asyncpg'",
        "not a url at all": "not a database URL",
        "postgresql://postgres:hunter2@127.0.0.1:1/test": "cannot open the database",
    }
    for url, expected in cases.items():
        line = _refused(["--port", str(free_port()), "--db", url], tmp_path)
        assert expected in line and "--db" in line, line
        assert "hunter2" not in line  # a password is never printed
    assert not (tmp_path / "data").exists()


def test_workers_need_redis(tmp_path: Path) -> None:
    line = _refused(["--port", str(free_port()), "--workers", "2"], tmp_path)
    assert "--workers 2 needs --redis URL or a postgresql:// --db" in line
    line = _refused(["--port", str(free_port()), "--cluster"], tmp_path)  # SQLite: no link
    assert "--cluster needs --redis URL or a postgresql:// --db" in line
    line = _refused(["--port", str(free_port()), "--redis", "redis://127.0.0.1:1/0"], tmp_path)
    assert "--redis" in line and "no answer" in line


@pytest.mark.postgres
@pytest.mark.parametrize("link", ["redis", "postgres"])
def test_play_with_two_workers(tmp_path: Path, link: str) -> None:
    """Issue 12: `hauntkit play --workers N` starts N server processes on one port, sharing
    PostgreSQL, linked by Redis or (no --redis) by PostgreSQL LISTEN/NOTIFY."""
    from harness import redis_unavailable, redis_url

    from hauntkit.cli.loadtest import worker_count

    why = pg_unavailable() or (redis_unavailable() if link == "redis" else None)
    if why:
        pytest.fail(why)  # a test that should run never skips quietly
    prefix = f"wk{os.getpid()}{link[0]}_"
    plain = pg_url().replace("postgresql+psycopg://", "postgresql://")
    port = free_port()
    linked = ["--redis", redis_url()] if link == "redis" else []
    proc, url = _start(["--port", str(port), "--db", plain, "--table-prefix", prefix,
                        *linked, "--workers", "2"], tmp_path)
    try:
        deadline = time.monotonic() + 120
        while worker_count(proc.pid) < 2:
            assert time.monotonic() < deadline and proc.poll() is None, "no workers"
            time.sleep(0.2)
        while True:
            try:
                if httpx.get(url + "api/health", timeout=30).json()["ok"]:
                    break
            except httpx.HTTPError:
                assert time.monotonic() < deadline, "the workers never answered"
                time.sleep(0.2)
        r = httpx.post(url + "api/games", json={"ruleset": "betrayal", "seed": 2,
                                               "seats": [{"kind": "human"}] * 3}, timeout=60)
        assert r.status_code == 200, r.text
        gid = r.json()["id"]
        for _ in range(4):  # whichever worker answers knows the game
            assert httpx.get(f"{url}api/games/{gid}", timeout=30).json()["id"] == gid
        seats = r.json()["seats"]
        version = 0
        while version < 3:  # moves made through either worker reach the game's owner
            st = httpx.get(f"{url}api/games/{gid}/state", timeout=30).json()
            while st["version"] < version:  # this worker has not heard of the last move yet
                assert time.monotonic() < deadline + 120, "a move never reached a worker"
                st = httpx.get(f"{url}api/games/{gid}/state", timeout=30).json()
            token = seats[st["to_act"][0]]["token"]
            mine = httpx.get(f"{url}api/games/{gid}/state", timeout=30,
                             headers={"Authorization": f"Bearer {token}"}).json()
            if mine["version"] != version:  # the other worker, and it lags: ask again
                continue
            done = httpx.post(f"{url}api/games/{gid}/act", timeout=60,
                              headers={"Authorization": f"Bearer {token}"},
                              json={"action": mine["legal_actions"][0], "version": version})
            assert done.status_code == 200 and done.json()["version"] == version + 1, done.text
            version += 1
    finally:
        _stop(proc)
        drop_db(pg_url(), prefix)

