"""A campaign in the browser (issues 9 and 10, "the browser flow of a campaign"), with the
test campaign ruleset ``toyleague``: create it in the lobby, play its first game by clicking
with bots in the other seats, come back to the campaign page from the end screen, read the
history with the result and the carried data, start the second game. And a page without the
host's key, or with a forged one, cannot start games and says why (a forged key at once, before
any click)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from harness import ServerProcess
from pages import play_by_clicking


def test_campaign_created_in_the_lobby_played_and_continued(
        browser: Any, web_server: ServerProcess, shots: Path) -> None:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(web_server.url + "/")
    page.wait_for_selector("#campaign-panel:not([hidden])")
    # only rulesets that play campaigns are offered
    offered = page.locator("#c-ruleset option").evaluate_all("os => os.map(o => o.value)")
    assert "toyleague" in offered and "toy" not in offered
    page.select_option("#c-ruleset", "toyleague")
    page.fill("#c-title", "Lantern league")
    page.fill("#c-seed", "4")
    # the ruleset's declared campaign options are offered (the toy league's games, to_win)
    page.fill("#copt-games", "2")
    page.fill("#copt-to_win", "3")
    kinds = page.locator("#c-seat-rows .c-seat-kind")
    assert kinds.count() == 3
    page.locator("#c-seat-rows .c-seat-name").nth(0).fill("Ann")
    kinds.nth(0).select_option("me")
    kinds.nth(1).select_option("bot:easy")
    kinds.nth(2).select_option("bot:easy")
    # a per-seat option (the league's lantern colours) is asked on each seat's row
    lanterns = page.locator("#c-seat-rows .c-seat-opt[data-key=lanterns]")
    assert lanterns.count() == 3 and "lanterns" in page.inner_text("#c-seat-head")
    lanterns.nth(0).select_option("gold")
    page.click("#c-create-btn")
    page.wait_for_selector("#c-error:has-text('choose lanterns for every seat, or for none')")
    lanterns.nth(1).select_option("red")
    lanterns.nth(2).select_option("blue")
    page.click("#c-create-btn")
    page.wait_for_url("**/campaign/*")
    cid = page.url.rstrip("/").split("/campaign/")[1]
    assert "#" not in page.url  # no token in the address bar
    page.wait_for_selector("#play-next")
    assert "Next: Game 1." in page.inner_text("#camp-status")
    assert "No game played yet" in page.inner_text("#history")
    assert "Wins" in page.inner_text("#summary")  # the generic rendering of the data
    assert "gold, red, blue" in page.inner_text("#summary")  # the seats' lanterns
    page.screenshot(path=str(shots / "campaign-new.png"))
    # the host key is kept in this browser only, like game seat tokens
    keys = page.evaluate("JSON.parse(localStorage.getItem('hauntkit.campaigns'))")
    assert keys[cid]["host_token"] and keys[cid]["me"] == 0

    page.click("#play-next")
    page.wait_for_url("**/game/*")
    assert "#t=" in page.url and f"campaign={cid}" in page.url
    page.wait_for_selector("#conn.live")
    play_by_clicking(page)
    assert page.locator("button.rematch").count() == 0  # a campaign game has no rematch
    page.screenshot(path=str(shots / "campaign-game-end.png"))
    page.click("a.end-campaign")
    page.wait_for_url(f"**/campaign/{cid}")
    row = page.locator(".history-row.finished")
    row.first.wait_for()
    assert row.count() == 1
    result = page.inner_text(".history-row.finished .history-result")
    assert "won" in result and "reached the tower first" in result
    assert "Next: Game 2." in page.inner_text("#camp-status")
    summary = page.inner_text("#summary")
    assert "Games" in summary and "1" in summary
    page.screenshot(path=str(shots / "campaign-history.png"))

    page.click("#play-next")  # the second game
    page.wait_for_url("**/game/*")
    second = page.url.split("/game/")[1].split("#")[0]
    page.wait_for_selector("#conn.live")
    page.goto(web_server.url + f"/campaign/{cid}")
    page.wait_for_selector(".history-row.active")
    assert "Game 2 is being played" in page.inner_text("#camp-status")
    # going back to the game in progress gives the same seat again
    page.click("#play-next")
    page.wait_for_url(f"**/game/{second}#t=*")
    assert not errors
    ctx.close()


def test_campaign_page_without_or_with_a_forged_host_key(
        browser: Any, web_server: ServerProcess) -> None:
    import httpx

    made = httpx.post(web_server.url + "/api/campaigns", timeout=30, json={
        "ruleset": "toyleague", "title": "Somebody else's",
        "seats": [{"kind": "human", "name": "Bo"}, {"kind": "bot", "bot": "random"},
                  {"kind": "bot", "bot": "random"}]}).json()
    cid = made["campaign"]["id"]
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(web_server.url + f"/campaign/{cid}")
    page.wait_for_selector("#camp-status:has-text('Next: Game 1')")
    assert page.locator("#play-next").count() == 0  # a visitor cannot start games
    assert "watching" in page.inner_text("#camp-role")
    # a forged key is told at once, before any click: the page says the key is not this
    # campaign's, shows the visitor's view and offers no button
    page.close()
    page = ctx.new_page()
    page.goto(web_server.url + f"/campaign/{cid}#host=forged-token")
    page.wait_for_selector("#camp-error:has-text('host key is not this campaign')")
    assert "watching" in page.inner_text("#camp-role")
    assert page.locator("#play-next").count() == 0
    assert "/campaign/" in page.url
    # an unknown campaign
    page = ctx.new_page()
    page.goto(web_server.url + "/campaign/nope")
    page.wait_for_selector("#camp-error:has-text('no campaign')")
    ctx.close()


def test_a_friend_seat_gets_one_link_for_the_whole_campaign(
        browser: Any, web_server: ServerProcess) -> None:
    host_ctx = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
    friend_ctx = browser.new_context()
    host = host_ctx.new_page()
    host.goto(web_server.url + "/")
    host.wait_for_selector("#campaign-panel:not([hidden])")
    host.select_option("#c-ruleset", "toyleague")
    kinds = host.locator("#c-seat-rows .c-seat-kind")
    names = host.locator("#c-seat-rows .c-seat-name")
    names.nth(0).fill("Ann")
    names.nth(1).fill("Bo")
    kinds.nth(0).select_option("me")
    kinds.nth(1).select_option("friend")
    kinds.nth(2).select_option("bot:easy")
    host.click("#c-create-btn")
    host.wait_for_url("**/campaign/*")
    link = host.locator("input.friend-link")
    link.wait_for()
    assert link.count() == 1  # Bo's seat; not the host's own, not the bot's
    bo_url = link.input_value()
    assert "#seat=" in bo_url
    host.click("button.copy-friend-link")  # copying the link says so on the button
    host.wait_for_selector("button.copy-friend-link:has-text('link copied')")
    assert host.evaluate("navigator.clipboard.readText()") == bo_url

    friend = friend_ctx.new_page()
    friend.goto(bo_url)
    friend.wait_for_selector("#camp-role:has-text('you have a seat')")
    assert "#" not in friend.url  # the token went to this browser's storage, not the address
    assert friend.locator("#play-next").count() == 0  # only the host starts games
    assert "The host starts the next game" in friend.inner_text("#camp-actions")

    host.click("#play-next")
    host.wait_for_url("**/game/*")
    gid = host.url.split("/game/")[1].split("#")[0]
    friend.reload()
    friend.click("#play-next")  # "Go to game 1": Bo's seat in the game the host started
    friend.wait_for_url(f"**/game/{gid}#t=*")
    friend.wait_for_selector("#whoami:has-text('you are Bo')")
    # the host continues on another device with their host link (it names their seat too)
    host.go_back()
    host.click("details.host-key > summary")
    mine = host.locator("input.host-link").input_value()
    assert "#host=" in mine and mine.endswith("&me=0")
    other_ctx = browser.new_context()
    other = other_ctx.new_page()
    other.goto(mine)
    other.wait_for_selector("#camp-role:has-text('you are the host')")
    other.click("#play-next")
    other.wait_for_url(f"**/game/{gid}#t=*")
    other.wait_for_selector("#whoami:has-text('you are Ann')")
    for ctx in (host_ctx, friend_ctx, other_ctx):
        ctx.close()
