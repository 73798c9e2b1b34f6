"""The browser campaign flow with the real campaign rulesets (issue 10: "`campaign new
--ruleset beast` and the same in the browser"): a beast hunt created in the lobby, its first
leg played from the human's seat with a bot in the other, the hunt's own summary and the leg's
result on the campaign page afterwards."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from harness import ServerProcess


def _play_a_little_then_hand_to_a_bot(page: Any, clicks: int = 6) -> None:
    """Take a few of this seat's choices by clicking, then let a bot finish the game for it."""
    taken = 0
    for _ in range(60):
        if taken >= clicks or page.locator("#endscreen:not([hidden])").count():
            break
        try:
            closed = page.locator("#prompt details:not([open]) > summary")
            if closed.count():  # the beast page folds the plain list of choices away
                closed.first.click(timeout=3000)
            page.locator("#prompt button.action:visible").first.click(timeout=3000)
            taken += 1
        except Exception:  # noqa: BLE001 - the buttons are redrawn while we look
            continue
    assert taken, "the human never had a choice to click"
    if not page.locator("#endscreen:not([hidden])").count():
        page.locator("button.hand-to-bot").click(timeout=20000)
    page.wait_for_selector("#endscreen:not([hidden])", timeout=60000)


def test_beast_hunt_in_the_browser(browser: Any, web_server: ServerProcess,
                                   shots: Path) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(web_server.url + "/")
    page.wait_for_selector("#campaign-panel:not([hidden])")
    page.select_option("#c-ruleset", "beast")
    page.fill("#c-seat-count", "2")
    page.fill("#c-seed", "3")
    page.fill("#c-title", "Ashgrove")
    kinds = page.locator("#c-seat-rows .c-seat-kind")
    assert kinds.count() == 2
    kinds.nth(0).select_option("me")
    kinds.nth(1).select_option("bot:random")
    page.click("#c-create-btn")
    page.wait_for_url("**/campaign/*")
    cid = page.url.rstrip("/").split("/campaign/")[1]
    page.wait_for_selector("#play-next")
    assert "Hunters" in page.inner_text("#summary")  # the hunt's own summary
    page.click("#play-next")
    page.wait_for_url("**/game/*")
    assert f"campaign={cid}" in page.url
    page.wait_for_selector("#conn.live")
    _play_a_little_then_hand_to_a_bot(page)
    page.screenshot(path=str(shots / "campaign-beast-end.png"))
    page.click("a.end-campaign")
    page.wait_for_url(f"**/campaign/{cid}")
    page.wait_for_selector(".history-row.finished")
    assert "won" in page.inner_text(".history-row.finished .history-result")
    page.screenshot(path=str(shots / "campaign-beast-history.png"))
    assert not errors


def test_campaign_page_fits_a_phone(browser: Any, web_server: ServerProcess,
                                    shots: Path) -> None:
    """The beast hunt's wide hunters table scrolls inside its panel; the page itself never
    scrolls sideways on a 390 px phone."""
    import httpx

    made = httpx.post(web_server.url + "/api/campaigns", timeout=60, json={
        "ruleset": "beast", "title": "A hunt with a rather long title for a phone screen",
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}]}).json()
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(made["host_url"])
    page.wait_for_selector(".summary-table")
    page.wait_for_selector("#play-next")
    page.screenshot(path=str(shots / "campaign-phone.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
