"""A link to a game that does not exist says so at once, in words, and stops reconnecting
(it showed "reconnecting…" for ever)."""

from __future__ import annotations

from typing import Any

from harness import ServerProcess


def test_a_link_to_no_game_says_so(browser: Any, web_server: ServerProcess) -> None:
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(f"{web_server.url}/game/NoSuchGame#t=whatever")
    page.wait_for_selector("p.no-game", timeout=15_000)
    assert "There is no game at this link" in page.inner_text("p.no-game")
    assert page.inner_text("#conn") == "no such game"
    page.wait_for_timeout(1500)  # it does not go back to reconnecting
    assert page.inner_text("#conn") == "no such game"
    ctx.close()
