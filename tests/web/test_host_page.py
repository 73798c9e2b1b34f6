"""The host's page can hand any seat to a bot and give it back to its person (docs/playing.md,
"The host"): both buttons work (the page's request once lost its JSON content type and every
click failed with 422)."""

from __future__ import annotations

from typing import Any

from harness import ServerProcess
from pages import created_links


def test_the_host_hands_a_seat_to_a_bot_and_gives_it_back(browser: Any,
                                                         web_server: ServerProcess) -> None:
    made = web_server.create(ruleset="betrayal", seed=9, seats=[{"kind": "human"}] * 3)
    gid = made["id"]
    ctx = browser.new_context()
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(made["host_url"])
    page.wait_for_selector("#seats li.seat button.host-bot")
    seat = page.locator("#seats li.seat").nth(2)
    seat.locator("button.host-bot").click()
    page.wait_for_function("() => document.querySelectorAll('#seats li.seat')[2]"
                           ".textContent.includes('played by Bot (Normal)')", timeout=15_000)
    summary = page.request.get(f"{web_server.url}/api/games/{gid}").json()
    assert summary["seats"][2]["bot"] == "normal"
    assert page.locator("#toast").is_hidden()
    page.locator("#seats li.seat").nth(2).locator("button.host-bot").click()
    page.wait_for_function("() => !document.querySelectorAll('#seats li.seat')[2]"
                           ".textContent.includes('played by Bot')", timeout=15_000)
    summary = page.request.get(f"{web_server.url}/api/games/{gid}").json()
    assert summary["seats"][2]["bot"] is None
    assert page.locator("#toast").is_hidden()
    assert not errors
    ctx.close()


def test_copying_a_seat_link_says_so(browser: Any, web_server: ServerProcess) -> None:
    ctx = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
    page = ctx.new_page()
    page.goto(web_server.url + "/")
    page.wait_for_selector("#ruleset option[value=betrayal]", state="attached")
    page.select_option("#ruleset", "betrayal")
    page.click("#create-btn")
    created_links(page)
    button = page.locator("#invite button.copy-link").first
    button.click()
    page.wait_for_function("() => document.querySelector('button.copy-link').textContent"
                           " === 'link copied'", timeout=10_000)
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == page.locator("#invite .seat-link").first.get_attribute("href")
    ctx.close()


def test_the_host_removes_a_player_and_gets_the_seats_new_link(browser: Any,
                                                              web_server: ServerProcess) -> None:
    """docs/playing.md, "The host": the removed player's page says so and stops reconnecting;
    the host's page shows the seat's new link, which opens the seat."""
    made = web_server.create(ruleset="betrayal", seed=10, seats=[{"kind": "human"}] * 3)
    ctx = browser.new_context()
    player = ctx.new_page()
    player.goto(made["seats"][1]["url"])
    player.wait_for_selector("#conn.live")
    host = ctx.new_page()
    errors: list[str] = []
    host.on("pageerror", lambda e: errors.append(str(e)))
    host.on("dialog", lambda dialog: dialog.accept())
    host.goto(made["host_url"])
    host.wait_for_selector("#seats li.seat button.host-remove")
    host.locator("#seats li.seat").nth(1).locator("button.host-remove").click()
    host.wait_for_selector("#new-link:not([hidden]) a.new-seat-link")
    new_url = host.locator("a.new-seat-link").get_attribute("href")
    assert new_url and new_url != made["seats"][1]["url"]
    host.wait_for_function("() => document.querySelectorAll('#seats li.seat')[1]"
                           ".textContent.includes('played by Bot (Normal)')", timeout=15_000)
    player.wait_for_selector("p.removed", timeout=15_000)
    assert player.locator("#conn").text_content() == "removed"
    # the new link opens the seat
    newcomer = ctx.new_page()
    newcomer.goto(new_url)
    newcomer.wait_for_function("() => document.querySelector('#whoami').textContent"
                               ".startsWith('you are')", timeout=15_000)
    assert host.locator("#toast").is_hidden()
    assert not errors
    ctx.close()


def test_the_host_makes_a_player_the_host(browser: Any, web_server: ServerProcess) -> None:
    """docs/playing.md, "The host": the host hands the game to Ben; Ben's page becomes the
    host's (it shows the host's buttons), and the old host page is a spectator's."""
    made = web_server.create(ruleset="betrayal", seed=10,
                             seats=[{"kind": "human", "name": n} for n in ("Ann", "Ben", "Cy")])
    ctx = browser.new_context()
    errors: list[str] = []
    host, ben = ctx.new_page(), ctx.new_page()
    for page in (host, ben):
        page.on("pageerror", lambda e: errors.append(str(e)))
    ben.goto(made["seats"][1]["url"])
    ben.wait_for_selector("#conn.live")
    assert ben.locator("button.host-hand-over").count() == 0
    host.goto(made["host_url"])
    host.wait_for_selector("#seats li.seat button.host-hand-over")
    host.on("dialog", lambda d: d.accept())
    host.locator("#seats li.seat").nth(1).locator("button.host-hand-over").click()
    host.wait_for_function("() => !location.hash.includes('host=')", timeout=15_000)
    host.wait_for_selector("#conn.live")
    ben.wait_for_function("() => location.hash.includes('host=')", timeout=15_000)
    ben.wait_for_selector("#seats li.seat button.host-remove")
    assert "the host" in ben.locator("#seats li.seat").nth(1).inner_text()
    assert host.locator("button.host-remove").count() == 0
    assert not errors, errors
    ctx.close()
