"""The game page handles the server's messages in the order they arrive, so a client that
joins while the game moves on sees every later state (docs/protocol.md: each ``state``
replaces the one before). The page's first state waits for its renderer module to load; the
states that arrive meanwhile must not be drawn first and then overwritten by that first one,
or the page shows an old position and waits for a turn it already has."""

from __future__ import annotations

import time
from typing import Any

import httpx
from harness import ServerProcess

PAGE_SEAT = 3
MOVES = 3  # moves made while the page's renderer is held back


def _play_one(server: ServerProcess, made: dict[str, Any]) -> int:
    """Whoever is to act makes their first legal move over HTTP; returns the new version."""
    gid = made["id"]
    state = server.state(gid)
    seat = state["to_act"][0]
    token = made["seats"][seat]["token"]
    legal = server.state(gid, token)["legal_actions"]
    r = httpx.post(f"{server.url}/api/games/{gid}/act", json={"action": legal[0]},
                   headers={"Authorization": f"Bearer {token}"}, timeout=60)
    assert r.status_code == 200, r.text
    return int(r.json()["version"])


def test_states_that_arrive_while_the_page_loads_are_not_overwritten(
        browser: Any, web_server: ServerProcess) -> None:
    made = web_server.create(ruleset="betrayal", seed=5, seats=[{"kind": "human"}] * 4)
    ctx = browser.new_context()
    page = ctx.new_page()
    held: list[Any] = []
    page.route("**/static/js/render/betrayal.js", lambda route: held.append(route))
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda frame: frames.append(frame)))
    page.goto(made["seats"][PAGE_SEAT]["url"])
    # the page has its first state and is loading the renderer for it
    deadline = time.monotonic() + 60
    while not (held and frames):
        assert time.monotonic() < deadline, "the page never asked for its renderer"
        page.wait_for_timeout(50)
    first = frames[0]
    assert '"reason":"hello"' in first
    # the game moves on while the renderer is still on its way
    version = 0
    for _ in range(MOVES):
        version = _play_one(web_server, made)
    while len(frames) < 1 + MOVES:
        assert time.monotonic() < deadline, f"the page heard {len(frames)} messages"
        page.wait_for_timeout(50)
    held[0].continue_()
    page.wait_for_function("v => document.body.dataset.version === String(v)", arg=version,
                           timeout=15_000)
    page.wait_for_timeout(500)  # nothing older is drawn over it afterwards
    assert page.evaluate("document.body.dataset.version") == str(version)
    ctx.close()
