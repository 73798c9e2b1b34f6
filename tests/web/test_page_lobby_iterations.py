"""The lobby lets the host choose an ISMCTS seat's iterations (issue 12): the field shows for a
searching bot only, within the server's bounds (/api/info ``bot_options``), and the game's
seat searches with that budget."""

from __future__ import annotations

from pathlib import Path

from harness import ServerProcess
from pages import created_links, open_lobby


def test_the_host_sets_a_searching_seats_iterations(browser, web_server: ServerProcess,
                                                    shots: Path) -> None:
    errors: list[str] = []
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    lobby = open_lobby(ctx, web_server.url, errors, "betrayal", 3)
    kinds, budgets = lobby.locator(".seat-kind"), lobby.locator(".seat-iterations")
    assert budgets.count() == 3 and not any(budgets.nth(i).is_visible() for i in range(3))
    kinds.nth(1).select_option("bot:ismcts")
    assert budgets.nth(1).is_visible() and not budgets.nth(2).is_visible()
    assert budgets.nth(1).get_attribute("min") == "10"
    assert budgets.nth(1).get_attribute("max") == "3000"
    assert budgets.nth(1).get_attribute("placeholder") == "1000 iterations"
    # out of bounds: the server refuses it, naming the field
    budgets.nth(1).fill("5000")
    lobby.evaluate("document.getElementById('create-form').noValidate = true")
    lobby.click("#create-btn")
    lobby.wait_for_function("document.getElementById('create-error').textContent !== ''")
    assert lobby.inner_text("#create-error").startswith("seats.1.iterations")
    # a seat handed back to a person hides (and drops) the field
    kinds.nth(2).select_option("bot:ismcts")
    budgets.nth(2).fill("90")
    kinds.nth(2).select_option("human")
    assert not budgets.nth(2).is_visible() and budgets.nth(2).input_value() == ""
    lobby.screenshot(path=str(shots / "lobby-iterations.png"))
    # within them: the link list and the stored seat say so
    budgets.nth(1).fill("40")
    kinds.nth(2).select_option("bot:heuristic")
    lobby.click("#create-btn")
    created_links(lobby)
    rows = lobby.locator("#invite .link-row")
    assert "played by bot “ismcts” (40 iterations)" in rows.nth(1).inner_text()
    assert "iterations" not in rows.nth(2).inner_text()
    assert not errors, errors
    ctx.close()
