"""`hauntkit loadtest`: many games against a server over real websockets; latency, CPU, memory."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from pathlib import Path
from typing import Any

import orjson
import typer

from hauntkit.cli.markdown import markdown_table


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def process_tree(pid: int) -> list[int]:
    """``pid`` and its descendants (uvicorn workers are children of the supervisor)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(ppid, []).append(int(entry.name))
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(children.get(p, []))
    return out


def worker_count(pid: int) -> int:
    """How many uvicorn worker processes (``--workers``) run under ``pid``."""
    count = 0
    for p in process_tree(pid):
        try:
            count += b"spawn_main" in Path(f"/proc/{p}/cmdline").read_bytes()
        except OSError:
            continue
    return count


def _cpu_seconds(pids: list[int]) -> float:
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for p in pids:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


def _rss_mb(pids: list[int], key: str = "VmRSS") -> float:
    total = 0
    for p in pids:
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith(key + ":"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


class Server:
    """A `hauntkit play` started for the run (its own SQLite, or a fresh table prefix)."""

    def __init__(self, workers: int, db: str | None, redis: str | None, bot_delay: float,
                 games: int, folder: str) -> None:
        self.port = _free_port()
        self.prefix = f"load{uuid.uuid4().hex[:8]}_" if db else ""
        self.db = db
        args = [sys.executable, "-m", "hauntkit.cli.main", "play", "--no-browser",
                "--port", str(self.port), "--data-dir", folder, "--bot-delay", str(bot_delay),
                "--max-games", str(games * 2 + 10), "--games-per-minute", "1000000",
                # every game's three sockets come from this machine's one address
                "--sockets-per-address", str(games * 3 + 10),
                "--workers", str(workers)]
        if db:
            args += ["--db", db, "--table-prefix", self.prefix]
        if redis:
            args += ["--redis", redis]
        # its warnings go to a file: a pipe nobody reads would fill up and stall the server
        self.errlog = Path(folder) / "server-stderr.log"
        with self.errlog.open("wb") as err:
            self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=err)
        self.url = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                err = self.errlog.read_text(errors="replace").strip()
                raise RuntimeError(err.splitlines()[-1] if err else "the server exited")
            try:
                with urllib.request.urlopen(self.url + "/api/health", timeout=2):
                    pass
                if workers > 1 and worker_count(self.proc.pid) < workers:
                    raise OSError("workers starting")
                return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("the server did not start within 120 s")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        if self.db and self.prefix:
            from hauntkit.server.db import Store, database_url

            store = Store(database_url(self.db, "."), self.prefix)
            store.drop_all()
            store.close()


def _health(url: str, query: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{url}/api/health?{query}", timeout=10) as resp:
        return dict(orjson.loads(resp.read()))


def loop_lag(url: str, processes: int, reset: bool = False) -> dict[int, dict[str, Any]]:
    """Each server process's event-loop lateness (by pid), asking ``/api/health`` until every
    one of ``processes`` has answered (a few tries each; the port picks the process). With
    ``reset``: clear their figures (the measurement starts)."""
    seen: dict[int, dict[str, Any]] = {}
    for _ in range(max(1, processes) * 12):
        try:
            answer = _health(url, "loop_lag=" + ("reset" if reset else "1"))
        except (OSError, ValueError):
            break
        if "pid" not in answer:  # a server without the figure
            break
        seen.setdefault(int(answer["pid"]), answer["loop_lag"])
        if len(seen) >= processes:
            break
    return seen


def _worst(lags: dict[int, dict[str, Any]]) -> dict[str, Any]:
    """The worst process's figures (several workers: each has its own loop)."""
    out: dict[str, Any] = {"processes": len(lags)}
    for key in ("p50_ms", "p99_ms", "max_ms"):
        values = [lag[key] for lag in lags.values() if lag.get(key) is not None]
        out[key] = max(values) if values else None
    return out


def run_load(url: str, games: int, duration: float, think: float, ruleset: str,
             pid: int | None, processes: int = 1, generators: int = 1) -> dict[str, Any]:
    """Run the load and return the figures (CPU and memory of ``pid``'s process tree);
    ``generators``: load generator processes (1: this process drives every game)."""
    from hauntkit.server.loadgen import Load, run_spread
    from hauntkit.server.looplag import percentile

    marks: dict[str, float] = {}

    def on_ready() -> None:
        loop_lag(url, processes, reset=True)
        marks["wall"] = time.monotonic()
        marks["server"] = _cpu_seconds(process_tree(pid)) if pid else float("nan")

    if generators > 1:
        stats = run_spread(url, games, generators, duration, think, ruleset, on_ready)
    else:
        stats = asyncio.run(Load(url, games, ruleset=ruleset, think=think).run(duration,
                                                                               on_ready))
    wall = time.monotonic() - marks.get("wall", time.monotonic())
    pids = process_tree(pid) if pid else []
    server_cpu = _cpu_seconds(pids) - marks["server"] if pid else None
    lags = loop_lag(url, processes)
    ms = [s * 1000 for s in stats.samples]
    return {
        "games": games, "duration_s": round(wall, 1), "client_actions": stats.actions,
        "server_actions": stats.server_actions,
        "actions_per_s": round(stats.server_actions / wall, 1) if wall > 0 else None,
        "samples": len(ms), "broadcasts": stats.broadcasts,
        "p50_ms": round(percentile(ms, 0.50), 1), "p90_ms": round(percentile(ms, 0.90), 1),
        "p99_ms": round(percentile(ms, 0.99), 1),
        "max_ms": round(max(ms), 1) if ms else None,
        "server_cpu_cores": (round(server_cpu / wall, 2)
                             if server_cpu is not None and wall > 0 else None),
        "server_cpu_ms_per_action": (round(server_cpu * 1000 / stats.server_actions, 2)
                                     if server_cpu is not None and stats.server_actions
                                     else None),
        "server_loop_lag": _worst(lags) if lags else None,
        "server_rss_mb": round(_rss_mb(pids), 1) if pid else None,
        "server_peak_rss_mb": round(_rss_mb(pids, "VmHWM"), 1) if pid else None,
        "loadgen_cpu_cores": round(stats.cpu_s / wall, 2) if wall > 0 else None,
        "loadgen_processes": generators,
        "loadgen_loop_lag": stats.loop_lag,
        "games_finished": stats.games_finished, "errors": stats.errors,
        "machine_load": [round(x, 2) for x in os.getloadavg()],
    }


def parse_games(text: str) -> list[int]:
    """``--games``: one count or several separated by commas (``10,50,100,200``)."""
    try:
        counts = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        counts = []
    if not counts or min(counts) < 1:
        raise ValueError(f"--games must be positive whole numbers separated by commas, "
                         f"not {text!r}")
    return counts


TABLE = (("games", "games", 5), ("p50_ms", "p50 ms", 8), ("p90_ms", "p90 ms", 8),
         ("p99_ms", "p99 ms", 8), ("max_ms", "max ms", 8), ("actions_per_s", "act/s", 7),
         ("server_cpu_cores", "srv cores", 9), ("server_cpu_ms_per_action", "srv ms/act", 10),
         ("lag_p99", "lag p99", 8), ("loadgen_cpu_cores", "gen cores", 9),
         ("load1", "load", 6), ("errors", "errors", 6))


def table(rows: list[dict[str, Any]]) -> str:
    """One line per run: latency from action to broadcast, throughput, the server's CPU and
    event-loop lag (worst process), the load generator's CPU, the machine's load average."""
    lines = ["  ".join(f"{title:>{width}}" for _, title, width in TABLE)]
    for row in rows:
        lag = row.get("server_loop_lag") or {}
        cells = dict(row, lag_p99=lag.get("p99_ms"), load1=row["machine_load"][0],
                     errors=sum(row["errors"].values()))
        lines.append("  ".join(f"{'-' if cells.get(key) is None else cells[key]!s:>{width}}"
                               for key, _, width in TABLE))
    return "\n".join(lines)


MARKDOWN_COLUMNS = (("games", "games"), ("p50_ms", "p50 ms"), ("p99_ms", "p99 ms"),
                    ("actions_per_s", "act/s"), ("server_cpu_ms_per_action", "srv ms/act"))


def markdown_rows(rows: list[dict[str, Any]], server: str) -> str:
    """The runs as a markdown table, one row per run named by ``server`` (the docs' figure
    table of docs/loadtest.md)."""
    return markdown_table(["server", *(title for _, title in MARKDOWN_COLUMNS)],
                          [[server, *("-" if row.get(key) is None else row[key]
                                      for key, _ in MARKDOWN_COLUMNS)] for row in rows])


def is_postgres(db: str | None) -> bool:
    """Whether ``--db`` names a PostgreSQL database (else the server uses SQLite)."""
    return (db or "").startswith(("postgresql", "postgres://"))


def server_name(workers: int, db: str | None, redis: str | None, url: str | None) -> str:
    """``2 processes, PostgreSQL + Redis``: the server a run loaded."""
    if url is not None:
        return url
    database = "PostgreSQL" if is_postgres(db) else "SQLite"
    processes = "1 process" if workers == 1 else f"{workers} processes"
    return f"{processes}, {database}" + (" + Redis" if redis else "")


def register(app: typer.Typer) -> None:
    @app.command("loadtest")
    def _cmd(
        games: str = typer.Option(..., "--games", help="Games kept live at once; several "
                                                       "counts (10,50,100,200) run one after "
                                                       "another, each on a fresh server, "
                                                       "and print one table."),
        duration: float = typer.Option(30.0, help="Seconds to measure (after all games "
                                                  "are connected)."),
        think: float = typer.Option(1.0, help="Mean seconds a client seat thinks."),
        url: str | None = typer.Option(None, help="Load this running server instead of "
                                                  "starting one (no CPU/memory figures)."),
        workers: int = typer.Option(1, help="Server processes to start (more than 1 needs "
                                            "a PostgreSQL --db; --redis optional)."),
        db: str | None = typer.Option(None, help="Database of the started server (default: "
                                                 "a fresh SQLite file)."),
        redis: str | None = typer.Option(None, help="Redis linking the server processes "
                                                    "(default: PostgreSQL LISTEN/NOTIFY)."),
        bot_delay: float = typer.Option(0.5, help="Seconds a bot waits before acting."),
        ruleset: str = typer.Option("betrayal", help="Ruleset of the games (4 seats)."),
        generators: int = typer.Option(1, "--load-procs", help="Load generator processes "
                                                                "(the games are shared out)."),
        json: bool = typer.Option(False, "--json", help="Machine-readable output."),
        markdown: bool = typer.Option(False, "--markdown", help="Print a markdown table, one "
                                                                "row per count (the docs' "
                                                                "figure table)."),
    ) -> None:
        """Drive GAMES games (2 client seats with think time, 2 bots, a spectator each) over
        real websockets for DURATION seconds; print p50/p90/p99 from a client's action to
        each broadcast of it, the server's CPU (per action too), its event loop's lag and
        memory, and the load generator's own CPU and lag."""
        try:
            counts = parse_games(games)
        except ValueError as exc:
            typer.echo(f"hauntkit loadtest: {exc}", err=True)
            raise typer.Exit(2) from None
        if duration <= 0 or think < 0 or generators < 1:
            typer.echo("hauntkit loadtest: --duration and --load-procs must be positive and "
                       "--think at least 0", err=True)
            raise typer.Exit(2)
        if workers > 1 and not redis and not is_postgres(db) and not url:
            typer.echo(f"hauntkit loadtest: --workers {workers} needs --redis URL or a "
                       "postgresql:// --db", err=True)
            raise typer.Exit(2)
        rows = []
        for count in counts:
            rows.append(_one_run(count, duration, think, url, workers, db, redis, bot_delay,
                                 ruleset, generators))
            if not (json or markdown) and len(counts) > 1:
                typer.echo(f"{count} games: p99 {rows[-1]['p99_ms']} ms", err=True)
        if json:
            out: Any = rows[0] if len(rows) == 1 else rows
            sys.stdout.write(orjson.dumps(out, option=orjson.OPT_INDENT_2).decode() + "\n")
            return
        if markdown:
            typer.echo(markdown_rows(rows, server_name(workers, db, redis, url)))
            return
        if len(rows) == 1:
            for key, value in rows[0].items():
                typer.echo(f"{key:>24}: {value}")
            return
        typer.echo(f"workers: {workers}, database: {db or 'SQLite'}, {duration:g} s each, "
                   f"think {think:g} s, bot delay {bot_delay:g} s")
        typer.echo(table(rows))


def _one_run(games: int, duration: float, think: float, url: str | None, workers: int,
             db: str | None, redis: str | None, bot_delay: float,
             ruleset: str, generators: int) -> dict[str, Any]:
    """One measured run on a freshly started server (or on ``url``); exits on failure."""
    server = None
    with tempfile.TemporaryDirectory(prefix="hauntkit-load-") as folder:
        try:
            if url is None:
                server = Server(workers, db, redis, bot_delay, games, folder)
            figures = run_load(url or server.url, games, duration, think, ruleset,
                               server.proc.pid if server else None, workers, generators)
        except (RuntimeError, OSError) as exc:
            typer.echo(f"hauntkit loadtest: {exc}", err=True)
            raise typer.Exit(1) from None
        finally:
            if server is not None:
                server.stop()
    figures["workers"] = workers
    return figures
