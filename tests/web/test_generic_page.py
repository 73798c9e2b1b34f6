"""The lobby and the generic game page in a real browser (a ruleset without its own renderer)."""

from __future__ import annotations

from pathlib import Path

from harness import ServerProcess
from pages import created_links, open_more_options, play_by_clicking


def test_lobby_create_and_play_to_the_end(browser, web_server: ServerProcess, shots: Path) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 860})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(web_server.url + "/")
    page.select_option("#ruleset", "toy")
    open_more_options(page)
    page.fill("#title", "Lantern test")
    page.fill("#seed", "5")
    page.fill("#bot-delay", "0")
    kinds = page.locator(".seat-kind")
    assert kinds.count() == 3
    kinds.nth(0).select_option("human")
    page.click("#create-btn")
    urls, _host = created_links(page)  # the creator lands on their own seat
    page.screenshot(path=str(shots / "generic-lobby.png"))
    assert "#t=" in urls[0]
    assert page.evaluate("location.hash").startswith("#" + urls[0].split("#")[1])
    page.wait_for_selector("#conn.live")
    play_by_clicking(page, tries=200)
    assert "won" in page.inner_text("#endscreen")
    assert page.locator("#log li").count() > 3
    page.screenshot(path=str(shots / "generic-end.png"))
    # the lobby lists it as finished
    page.goto(web_server.url + "/")
    row = f".game-row.finished[data-id='{urls[0].split('/game/')[1].split('#')[0]}']"
    page.wait_for_selector(row)
    assert "finished" in page.inner_text(f"{row} .game-state")
    assert not errors


def test_page_reconnects_after_a_server_restart(browser, tmp_path: Path) -> None:
    """Nothing lost: the server is killed mid-game and started again; the open page reconnects
    by itself and shows the same position."""
    web_server = ServerProcess(f"sqlite:///{tmp_path / 'r.db'}", "").start()
    try:
        _reconnect(browser, web_server)
    finally:
        web_server.kill()


def _reconnect(browser, web_server: ServerProcess) -> None:
    made = web_server.create(seed=3)
    page = browser.new_page(viewport={"width": 1100, "height": 700})
    page.goto(made["seats"][0]["url"])
    page.wait_for_selector("button.action[data-type=rest]")
    page.click("button.action[data-type=rest]")
    page.wait_for_function("document.body.dataset.version === '1'", polling=100)
    story = page.inner_text("#log")
    web_server.kill()
    page.wait_for_selector("#conn.down")
    web_server.start()
    page.wait_for_selector("#conn.live", timeout=20000)
    page.wait_for_function("document.body.dataset.version === '1'", polling=100)
    assert page.inner_text("#log") == story
    assert page.locator("button.action").count() == 0  # seat 1 is to act now
    page.close()
