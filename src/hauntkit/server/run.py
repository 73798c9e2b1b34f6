"""Start the server: uvicorn on the FastAPI app, printing the URL and opening a browser."""

from __future__ import annotations

import threading
import webbrowser

import uvicorn

from hauntkit.server.app import create_app
from hauntkit.server.rooms import Settings


def build_server(settings: Settings, host: str, port: int) -> uvicorn.Server:
    """A uvicorn server for ``settings`` (not started)."""
    config = uvicorn.Config(
        create_app(settings), host=host, port=port, log_level="warning",
        ws_max_size=1024 * 1024, ws_ping_interval=20, ws_ping_timeout=30,
        lifespan="on",
    )
    return uvicorn.Server(config)


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
