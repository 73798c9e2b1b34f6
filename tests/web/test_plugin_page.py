"""The web page plays a ruleset plugin it has never heard of (issue 8): the lobby offers the
installed ``tiny`` ruleset (tests/plugins/hauntkit-tinygame) with its declared seat range and
options, refuses a seat count outside it, and the generic renderer plays it to the end with the
plugin's own action labels."""

from __future__ import annotations

from pathlib import Path

from harness import ServerProcess
from pages import created_links, open_more_options, play_by_clicking


def test_lobby_and_generic_page_play_the_plugin(browser, web_server: ServerProcess,
                                                shots: Path) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 860})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(web_server.url + "/")
    page.wait_for_selector("#ruleset option[value=tiny]", state="attached")
    page.select_option("#ruleset", "tiny")
    assert page.locator("#ruleset option[value=tiny]").inner_text() == "Tiny: race to the well"
    assert page.locator("#seat-count").get_attribute("max") == "4"
    assert page.locator("#opt-goal").count() == 1  # an option from the plugin's Config
    # out of range: a clear error, and no game is made
    page.fill("#seat-count", "5")
    page.wait_for_function(
        "document.querySelector('#create-error').textContent.includes('2 to 4 seats')")
    page.click("#create-btn")
    assert page.locator("#links-panel").is_hidden()
    assert "5 is not allowed" in page.inner_text("#create-error")
    page.fill("#seat-count", "2")
    page.wait_for_function("document.querySelector('#create-error').textContent === ''")
    assert page.locator(".seat-kind").count() == 2
    page.locator(".seat-kind").nth(0).select_option("human")
    page.locator(".seat-kind").nth(1).select_option("bot:normal")
    page.fill("#opt-goal", "5")
    open_more_options(page)
    page.fill("#seed", "2")
    page.fill("#bot-delay", "0")
    page.click("#create-btn")
    created_links(page)  # the creator's own seat
    page.wait_for_selector("#conn.live")
    page.wait_for_selector("button.action")
    assert page.locator("button.action").first.inner_text().startswith("Take one step (")
    page.screenshot(path=str(shots / "plugin-tiny.png"))
    play_by_clicking(page, "button.action[data-type=step]", tries=60)
    assert "the well" in page.inner_text("#endscreen")
    assert not errors
