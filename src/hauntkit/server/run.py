"""Start the server: uvicorn on the FastAPI app, printing the URL and opening a browser."""

from __future__ import annotations

import dataclasses
import json
import os
import threading
import webbrowser
from typing import Any

import uvicorn
from fastapi import FastAPI

from hauntkit.server.app import create_app
from hauntkit.server.looplag import tune_gc
from hauntkit.server.rooms import Settings

# Websocket options of every server process. No per-message compression: deflating each
# state message (a few kB of JSON) cost the server more CPU than building it (about 0.45 ms a
# message, three messages an action: the largest single cost under load), and the
# client as much again to inflate it; a game's messages are small enough to send as they are.
WS_OPTIONS: dict[str, Any] = {"ws_max_size": 1024 * 1024, "ws_ping_interval": 20,
                              "ws_ping_timeout": 30, "ws_per_message_deflate": False}
# HTTP parsing: h11 caps a request's line and headers together (httptools has no cap: an
# endless header grew the server by hundreds of MB). Game moves travel over websockets, so
# the parser is off the hot path.
MAX_HEADER_BYTES = 32 * 1024
HTTP_OPTIONS: dict[str, Any] = {"http": "h11", "h11_max_incomplete_event_size": MAX_HEADER_BYTES}


def proxy_options(settings: Settings) -> dict[str, Any]:
    """X-Forwarded-For is believed only from the configured trusted proxies."""
    if not settings.trusted_proxies:
        return {"proxy_headers": False}
    return {"proxy_headers": True, "forwarded_allow_ips": ",".join(settings.trusted_proxies)}


def build_server(settings: Settings, host: str, port: int) -> uvicorn.Server:
    """A uvicorn server for ``settings`` (not started)."""
    config = uvicorn.Config(
        create_app(settings), host=host, port=port, log_level="warning", lifespan="on",
        **WS_OPTIONS, **HTTP_OPTIONS, **proxy_options(settings),
    )
    tune_gc()
    return uvicorn.Server(config)


SETTINGS_ENV = "HAUNTKIT_SERVER_SETTINGS"


def app_from_env() -> FastAPI:
    """The app of one worker process of ``hauntkit play --workers N`` (uvicorn imports this
    factory in each worker; the settings come through the environment)."""
    app = create_app(Settings(**json.loads(os.environ[SETTINGS_ENV])))
    tune_gc()
    return app


def serve_workers(settings: Settings, host: str, port: int, workers: int) -> None:
    """Run ``workers`` processes on one port (uvicorn's supervisor restarts a dead one); they
    share the database and Redis (``settings.redis_url``) like processes on several machines."""
    shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    url = f"http://{shown}:{port}/"
    settings.base_url = settings.base_url or url.rstrip("/")
    os.environ[SETTINGS_ENV] = json.dumps(dataclasses.asdict(settings))
    print(f"hauntkit is serving at {url} with {workers} worker processes  (Ctrl-C stops it; "
          "games are saved)", flush=True)
    uvicorn.run("hauntkit.server.run:app_from_env", factory=True, host=host, port=port,
                workers=workers, log_level="warning", lifespan="on", **WS_OPTIONS,
                **HTTP_OPTIONS, **proxy_options(settings))


def serve(settings: Settings, host: str = "127.0.0.1", port: int = 8765,
          open_browser: bool = True) -> None:
    """Run until Ctrl-C. Every accepted action is already on disk, so stopping loses nothing."""
    shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    url = f"http://{shown}:{port}/"
    settings.base_url = settings.base_url or url.rstrip("/")
    server = build_server(settings, host, port)

    def announce() -> None:
        print(f"hauntkit is serving at {url}  (Ctrl-C stops it; games are saved)", flush=True)
        if open_browser:
            try:
                webbrowser.open(url)
            except Exception:  # noqa: BLE001 - no browser here: the URL is printed
                pass

    def wait_started() -> None:
        import time
        for _ in range(200):
            if server.started:
                announce()
                return
            time.sleep(0.05)

    threading.Thread(target=wait_started, daemon=True).start()
    server.run()
