"""A new player's way from the lobby to their first move, clicked as a person would (the
lobby's defaults: Betrayal, you and two bots): open the lobby, press "Create game and take my
seat", and make the first choice offered. The time it takes is written to
test-artifacts/first-action.json and printed (a figure for the docs, never a pass mark)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from harness import ServerProcess


def test_from_the_lobby_to_the_first_move(browser: Any, web_server: ServerProcess,
                                          shots: Path) -> None:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    started = time.perf_counter()
    page.goto(web_server.url + "/")
    page.click("#create-btn")  # the defaults: nothing to fill in
    page.wait_for_selector("#prompt button.action")
    seat_shown = time.perf_counter()
    version = int(page.evaluate("document.body.dataset.version"))
    page.locator("#prompt button.action").first.click()
    page.wait_for_function(f"Number(document.body.dataset.version) > {version}")
    moved = time.perf_counter()
    assert page.evaluate("location.hash").startswith("#t=")  # the creator's own seat
    figures = {"lobby_to_choices_s": round(seat_shown - started, 2),
               "lobby_to_first_move_s": round(moved - started, 2), "clicks": 2}
    (shots / "first-action.json").write_text(json.dumps(figures, indent=1))
    print(f"\nfrom the lobby to the first move: {figures}")
    assert not errors, errors
    ctx.close()
