"""`hauntkit play`: the game server and web client."""

from __future__ import annotations

import errno
import socket
from pathlib import Path

import typer


def fail(message: str) -> None:
    """One clear line on stderr, exit 2: how the command refuses a user's mistake."""
    typer.echo(f"hauntkit play: {message}", err=True)
    raise typer.Exit(2)


def check_port(host: str, port: int) -> None:
    """Refuse a port out of range, or one something else already listens on, at once."""
    if not 1 <= port <= 65535:
        fail(f"--port {port} is out of range; use a port from 1 to 65535")
    try:
        infos = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM,
                                   flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        fail(f"--host {host!r} is not an address of this machine ({exc.strerror})")
    family, kind, proto, _name, addr = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(addr)
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                fail(f"port {port} on {host} is already in use; choose another with "
                     f"--port (e.g. --port {port + 1})")
            fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}")


def check_database(url: str, prefix: str, given: str | None = None) -> None:
    """Open the database once (and create the tables); refuse a bad, unreachable or unsupported
    ``--db`` with one line naming it."""
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError, SQLAlchemyError

    from hauntkit.server.db import Store

    shown = _without_password(given or url)
    try:
        Store(url, prefix).close()
    except (NoSuchModuleError, ImportError):  # no dialect, or a dialect without its driver
        scheme = url.split(":", 1)[0]
        fail(f"--db {shown}: unsupported database {scheme!r}; use postgresql://... or leave "
             "--db out for SQLite in --data-dir")
    except ArgumentError:
        fail(f"--db {shown} is not a database URL (expected e.g. "
             "postgresql://user@host:5432/dbname)")
    except SQLAlchemyError as exc:
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()
        fail(f"--db {shown}: cannot open the database: {reason[0] if reason else exc}")
    except (OSError, ValueError) as exc:
        fail(f"--db {shown}: cannot open the database: {exc}")


def check_redis(url: str) -> None:
    """Refuse a ``--redis`` that is not a Redis URL or does not answer, with one line."""
    try:
        import redis
    except ImportError:
        fail("--redis needs the redis client: pip install 'hauntkit[cluster]'")
    shown = _without_password(url)
    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=5)
        client.ping()
        client.close()
    except ValueError as exc:
        fail(f"--redis {shown} is not a Redis URL ({exc})")
    except redis.RedisError as exc:
        fail(f"--redis {shown}: no answer ({exc})")


def _without_password(url: str) -> str:
    head, at, tail = url.rpartition("@")
    if not at or "://" not in head:
        return url
    scheme, _, cred = head.partition("://")
    user = cred.split(":", 1)[0]
    return f"{scheme}://{user}:***@{tail}" if ":" in cred else url


def register(app: typer.Typer) -> None:
    @app.command("play")
    def _cmd(
        host: str = typer.Option("127.0.0.1", help="Address to listen on (0.0.0.0: all)."),
        port: int = typer.Option(8765, help="Port to listen on."),
        data_dir: str = typer.Option("data", "--data-dir",
                                      help="Folder of the SQLite database."),
        db: str | None = typer.Option(
            None, help="Database URL instead of SQLite, e.g. postgresql://user@host/db."),
        no_browser: bool = typer.Option(False, "--no-browser", help="Do not open a browser."),
        table_prefix: str = typer.Option(
            "", help="Prefix of the table names (to share one database between servers)."),
        bot_delay: float = typer.Option(1.0, help="Seconds a bot waits before each action."),
        dev: bool = typer.Option(
            False, "--dev",
            help="Allow scenario set-ups and scripted dice (for tests; never for real games)."),
        content: list[str] | None = typer.Option(  # noqa: B008 - typer's declaration style
            None, "--content",
            help="Extra content folder or file (repeatable); its ruleset comes from the files' "
                 "`ruleset:` key. Checked before the server starts."),
        replace_starter: bool = typer.Option(
            False, "--replace-starter", help="Use only --content, not the starter pack."),
        max_games: int = typer.Option(
            1000, help="Games held in memory at once; more are refused until some end."),
        games_per_minute: float = typer.Option(
            30.0, help="New games one client address may create a minute (bursts of 10)."),
        sockets_per_address: int = typer.Option(
            64, help="Game connections one client address may hold open at once."),
        redis: str | None = typer.Option(
            None, help="Redis URL linking several server processes (needs a shared --db; "
                       "see docs/deploy.md), e.g. redis://127.0.0.1:6379/0."),
        workers: int = typer.Option(
            1, help="Server processes on this port (more than 1 needs --redis or a "
                    "postgresql:// --db)."),
        cluster: bool = typer.Option(
            False, "--cluster",
            help="Link this process with the other servers of the same postgresql:// --db "
                 "over PostgreSQL LISTEN/NOTIFY (several machines without Redis; implied by "
                 "--workers N without --redis)."),
        trusted_proxy: list[str] | None = typer.Option(  # noqa: B008 - typer's declaration style
            None, "--trusted-proxy",
            help="Address of a reverse proxy whose X-Forwarded-For names the real client "
                 "(repeatable). Without it the header is ignored: each connection counts as "
                 "its own address for the limits."),
        host_away: float = typer.Option(
            120.0, help="Seconds the host may be away (no page open with the host's key) "
                        "before another person becomes the host."),
    ) -> None:
        """Serve the lobby and games in the browser; prints the URL."""
        from hauntkit.server.db import database_url
        from hauntkit.server.rooms import Settings
        from hauntkit.server.run import serve, serve_workers

        check_port(host, port)
        if workers < 1:
            fail(f"--workers {workers}: at least 1")
        postgres = (db or "").startswith(("postgresql", "postgres://"))
        pg_cluster = not redis and (cluster or workers > 1)
        if pg_cluster and not postgres:
            what = "--cluster" if cluster else f"--workers {workers}"
            fail(f"{what} needs --redis URL or a postgresql:// --db so the processes hear "
                 "each other's moves (see docs/deploy.md)")
        if redis:
            check_redis(redis)
        if bot_delay < 0:
            fail(f"--bot-delay {bot_delay} is negative")
        if host_away <= 0:
            fail(f"--host-away {host_away}: must be more than 0 seconds")
        if max_games < 1 or games_per_minute <= 0 or sockets_per_address < 1:
            fail("--max-games, --games-per-minute and --sockets-per-address must be positive")
        packs: dict[str, list[str]] = {}
        content = list(content or [])
        if content:
            from hauntkit.cli.validate import detect_ruleset
            from hauntkit.sim.cliutil import load_ruleset

            rid = detect_ruleset([Path(p) for p in content])
            load_ruleset(rid, content, replace_starter)  # refuses a broken pack, every problem
            packs[rid] = list(content)
        try:
            url = database_url(db, data_dir)
        except OSError as exc:
            fail(f"--data-dir {data_dir}: cannot create the database folder: "
                 f"{exc.strerror or exc}")
        check_database(url, table_prefix, db)
        settings = Settings(db_url=url, table_prefix=table_prefix,
                            dev=dev, bot_delay=bot_delay, content=packs,
                            replace_starter={rid: replace_starter for rid in packs},
                            max_rooms=max_games, create_rate=games_per_minute / 60.0,
                            redis_url=redis, pg_cluster=pg_cluster,
                            max_sockets_per_address=sockets_per_address,
                            trusted_proxies=list(trusted_proxy or []), host_away=host_away)
        if workers > 1:
            serve_workers(settings, host, port, workers)
        else:
            serve(settings, host, port, open_browser=not no_browser)
