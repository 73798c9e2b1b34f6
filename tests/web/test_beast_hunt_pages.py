"""The between-battle pages of a hunt in Chromium (issue 10; docs/hunt.md, HR-70..HR-78): a
leg of the starter hunt "A Short Night" played through the page by one person with two
hunters: the shop, the location's events and their choices, the ambush, the battle on the
board (a bot finishes it), the rest, and the leg's end; names everywhere, never ids."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
from harness import ServerProcess

SEED = 2


def _campaign(server: ServerProcess) -> str:
    r = httpx.post(f"{server.url}/api/campaigns", json={
        "ruleset": "beast", "seats": [{"kind": "human", "name": "Ann"}], "seed": SEED,
        "config": {"hunt": "short-night"}, "title": "Short night"}, timeout=120)
    assert r.status_code == 200, r.text
    camp = r.json()
    r = httpx.post(f"{server.url}/api/campaigns/{camp['campaign']['id']}/next",
                   headers={"Authorization": f"Bearer {camp['host_token']}"}, timeout=120)
    assert r.status_code == 200, r.text
    return r.json()["seats"][0]["url"]


def _open_leg(browser, server: ServerProcess):
    """A new hunt's first leg, open at Ann's seat: (context, page, page errors)."""
    errors: list[str] = []
    ctx = browser.new_context(viewport={"width": 1400, "height": 950})
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(_campaign(server))
    page.wait_for_selector("#conn.live")
    return ctx, page, errors


def _version(page) -> int:
    return int(page.evaluate("document.body.dataset.version"))


def _click(page, selector: str) -> None:
    v = _version(page)
    page.click(selector)
    page.wait_for_function(f"Number(document.body.dataset.version) > {v}", polling=100)


def test_a_leg_of_a_hunt_through_the_pages(browser, web_server: ServerProcess,
                                           shots: Path) -> None:
    ctx, page, errors = _open_leg(browser, web_server)

    # the shop: where the hunt stands, the party and its Crypto
    page.wait_for_selector(".hunt-board")
    assert page.inner_text(".phase-track .phase.now") == "Shop"
    head = page.inner_text(".hunt-head")
    assert "A Short Night" in head and "One Lead" in head and "Dockside Bar" in head
    assert "Crypto 6" in head
    party = page.inner_text("table.party")
    assert "Michael" in party and "Tamara" in party and "Ann" in party
    assert "You control two hunters: Michael and Tamara." in page.inner_text("#prompt")
    assert page.inner_text("#prompt-title") == "The shop"
    page.screenshot(path=str(shots / "beast-hunt-shop.png"))
    _click(page, "button.action[data-type=done]")

    # investigating: each event with choices is asked in words
    page.wait_for_selector(".phase-track .phase.now[data-phase=investigate]")
    assert "Investigation" in page.inner_text("#prompt-title")
    seen_choice = False
    for _ in range(10):
        if page.locator("button.action[data-type=choose]").count():
            seen_choice = True
            assert page.locator(".hunt-event").count() == 1
            page.screenshot(path=str(shots / "beast-hunt-event.png"))
            _click(page, "button.action[data-type=choose] >> nth=0")
        else:
            break
    assert seen_choice
    assert "Ambush roll" in page.inner_text(".phase-page")
    _click(page, "button.action[data-type=done]")

    # ambushed (seed 2): the battle on the board, under the hunt's header; a bot finishes it
    page.wait_for_selector("svg.beast-map .unit")
    assert page.inner_text(".phase-track .phase.now") == "Battle"
    page.screenshot(path=str(shots / "beast-hunt-battle.png"))
    page.click("button.hand-to-bot")
    page.wait_for_selector("#endscreen:not([hidden]), .phase-track .phase.now[data-phase=rest]",
                           timeout=120000)
    if page.locator(".phase-track .phase.now[data-phase=rest]").count():
        page.click("button.take-back")
        page.wait_for_selector("button.action[data-type=done]")
        assert "Rest" in page.inner_text("#prompt-title")
        page.screenshot(path=str(shots / "beast-hunt-rest.png"))
        page.click("button.action[data-type=done]")
    page.wait_for_selector("#endscreen:not([hidden])", timeout=60000)
    end = page.inner_text("#endscreen")
    assert re.search(r"The hunt (goes on|is lost)", end), end
    log = page.inner_text("#log")
    assert "Seat 0" not in log and not re.search(r"\[\d", log)
    assert not errors, errors
    ctx.close()


def test_gear_bought_in_the_shop_goes_into_the_battle(browser, web_server: ServerProcess,
                                                      shots: Path) -> None:
    """"Gear Shop" and "Gear and Equipment" in a hunt (docs/hunt.md, docs/beast-gear.md): Ann
    buys a Ninja mask for Michael from the shelves (6 Crypto, all the party has), equips it in
    his augment slot, and the battle of the leg starts with Michael wearing it."""
    ctx, page, errors = _open_leg(browser, web_server)
    page.wait_for_selector(".wares")
    page.click(".shelf[data-shelf=augment]")
    row = ".ware[data-item=ninja_mask]"
    page.wait_for_selector(row)
    assert "6" in page.inner_text(f"{row} .cost")
    page.screenshot(path=str(shots / "beast-hunt-shelves.png"))
    _click(page, f"{row} button.buy[data-hunter=michael]")
    assert "Michael buys Ninja mask for 6 Crypto (0 left)." in page.inner_text("#log")
    assert "Crypto 0" in page.inner_text(".hunt-head")
    assert "pack: Ninja mask" in page.inner_text("tr[data-hunter=michael]")
    _click(page, "button.action:has-text('Michael: equip Ninja mask (augment slot)')")
    assert "Ninja mask (augment)" in page.inner_text("tr[data-hunter=michael]")
    page.screenshot(path=str(shots / "beast-hunt-bought.png"))
    _click(page, "button.action[data-type=done]")
    for _ in range(10):  # the location's events: the first choice each time
        if not page.locator("button.action[data-type=choose]").count():
            break
        _click(page, "button.action[data-type=choose] >> nth=0")
    _click(page, "button.action[data-type=done]")
    # ambushed (seed 2): Michael comes to the battle with his mask on
    page.wait_for_selector("svg.beast-map .unit")
    assert "Gear: Ninja mask" in page.inner_text(".mine-info .hunter-card[data-unit=michael]")
    page.screenshot(path=str(shots / "beast-hunt-geared-battle.png"))
    assert not errors, errors
    ctx.close()
