"""The browser campaign flow with the real campaign rulesets (issue 9, legacy: "tested in
Chromium: create, play a chapter with bots in the other seats, see the history"; issue 10,
beast: "`campaign new --ruleset beast` and the same in the browser"): created in the lobby,
the first game played from the human's seat (a few choices clicked, then a bot finishes it
for them) with bots in the other seats, the ruleset's own summary and the game's result on the
campaign page afterwards."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
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


@pytest.mark.parametrize(("ruleset", "seats", "noun", "summary", "per_seat"), [
    # issue 10: a beast hunt; its summary lists the party's hunters
    ("beast", 2, "leg", "Hunters", {}),
    # issue 9: "create a campaign, seat the families, play its chapters in order, and read the
    # house's history between them"
    ("legacy", 3, "chapter", "The history of the house",
     {"families": ["vance", "mercer", "crowley"]}),
])
def test_campaign_of_a_real_ruleset_in_the_browser(
        browser: Any, web_server: ServerProcess, shots: Path, ruleset: str, seats: int,
        noun: str, summary: str, per_seat: dict[str, list[str]]) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(web_server.url + "/")
    page.wait_for_selector("#campaign-panel:not([hidden])")
    page.select_option("#c-ruleset", ruleset)
    page.fill("#c-seat-count", str(seats))
    page.fill("#c-seed", "3")
    page.fill("#c-title", f"A {ruleset} campaign")
    kinds = page.locator("#c-seat-rows .c-seat-kind")
    assert kinds.count() == seats
    page.locator("#c-seat-rows .c-seat-name").nth(0).fill("Ann")
    kinds.nth(0).select_option("me")
    for i in range(1, seats):
        kinds.nth(i).select_option("bot:easy")
    for key, values in per_seat.items():  # e.g. the family each seat plays
        for i, value in enumerate(values):
            page.locator(f"#c-seat-rows .c-seat-opt[data-key={key}]").nth(i).select_option(value)
    page.click("#c-create-btn")
    page.wait_for_url("**/campaign/*")
    cid = page.url.rstrip("/").split("/campaign/")[1]
    page.wait_for_selector(f"#play-next:has-text('Play the next {noun}')")
    assert summary in page.inner_text("#summary")  # the ruleset's own summary
    page.click("#play-next")
    page.wait_for_url("**/game/*")
    assert f"campaign={cid}" in page.url
    page.wait_for_selector("#conn.live")
    page.wait_for_selector("#whoami:has-text('you are Ann')")
    _play_a_little_then_hand_to_a_bot(page)
    page.screenshot(path=str(shots / f"campaign-{ruleset}-end.png"))
    page.click("a.end-campaign")
    page.wait_for_url(f"**/campaign/{cid}")
    page.wait_for_selector(".history-row.finished")
    assert "won" in page.inner_text(".history-row.finished .history-result")
    for values in per_seat.values():  # the seats' choices are in the campaign's record
        assert all(v.capitalize() in page.inner_text("#summary") for v in values)
    # each game is named as the ruleset names it (campaign_game_title), in the order played
    shown = httpx.get(f"{web_server.url}/api/campaigns/{cid}", timeout=60).json()
    assert page.inner_text(".history-row.finished .history-title") == shown["games"][0]["title"]
    assert f"Next: {shown['next_title']}." in page.inner_text("#camp-status")
    assert shown["next_title"] != shown["games"][0]["title"]
    page.screenshot(path=str(shots / f"campaign-{ruleset}-history.png"), full_page=True)
    assert not errors


def test_campaign_page_fits_a_phone(browser: Any, web_server: ServerProcess,
                                    shots: Path) -> None:
    """The beast hunt's wide hunters table scrolls inside its panel; the page itself never
    scrolls sideways on a 390 px phone."""
    made = httpx.post(web_server.url + "/api/campaigns", timeout=60, json={
        "ruleset": "beast", "title": "A hunt with a rather long title for a phone screen",
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}]}).json()
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(made["host_url"])
    page.wait_for_selector(".summary-table")
    page.wait_for_selector("#play-next")
    page.screenshot(path=str(shots / "campaign-phone.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
