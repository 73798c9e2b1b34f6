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


def _campaign(server: ServerProcess) -> tuple[str, str]:
    """A new hunt (one seat, Ann's): its id and host token."""
    r = httpx.post(f"{server.url}/api/campaigns", json={
        "ruleset": "beast", "seats": [{"kind": "human", "name": "Ann"}], "seed": SEED,
        "config": {"hunt": "short-night"}, "title": "Short night"}, timeout=120)
    assert r.status_code == 200, r.text
    camp = r.json()
    return camp["campaign"]["id"], camp["host_token"]


def _next_leg(server: ServerProcess, cid: str, host: str) -> str:
    """Start the hunt's next leg: Ann's seat link in it."""
    r = httpx.post(f"{server.url}/api/campaigns/{cid}/next",
                   headers={"Authorization": f"Bearer {host}"}, timeout=120)
    assert r.status_code == 200, r.text
    return r.json()["seats"][0]["url"]


def _open_leg(browser, server: ServerProcess):
    """A new hunt's first leg, open at Ann's seat: (context, page, page errors, the next leg's
    starter)."""
    errors: list[str] = []
    ctx = browser.new_context(viewport={"width": 1400, "height": 950})
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    cid, host = _campaign(server)
    page.goto(_next_leg(server, cid, host))
    page.wait_for_selector("#conn.live")
    return ctx, page, errors, lambda: _next_leg(server, cid, host)


def _fight(page) -> None:
    """Play a battle by clicking, simply: each hunter attacks what it can reach (melee when it
    may choose), interrupts and criticals take the first choice, and the turn ends."""
    for _ in range(400):
        page.wait_for_selector(".hunt-board, #endscreen:not([hidden]), #prompt button")
        if page.locator(".hunt-board, #endscreen:not([hidden])").count():
            return
        if page.locator(".attack-choice button").count():
            _click(page, ".attack-choice button >> nth=0")
            continue
        if page.locator("#prompt .interrupts button.action").count():
            _click(page, "#prompt .interrupts button.action >> nth=0")
            continue
        target = page.locator("svg.beast-map .unit.can-attack")
        if target.count():
            v = _version(page)
            target.first.click()
            page.wait_for_function(f"Number(document.body.dataset.version) > {v} || "
                                   "document.querySelector('.attack-choice') !== null")
            continue
        others = page.locator(".pick-hunter .pick:not(.on)")
        if others.count() and not page.evaluate("window._picked"):
            page.evaluate("window._picked = true")
            others.first.click()
            continue
        page.evaluate("window._picked = false")
        if page.locator("#prompt .actions.end button").count():
            _click(page, "#prompt .actions.end button")
    raise AssertionError("the battle did not end")


def _after_battle(page) -> None:
    """Finish the leg by hand after the battle: the loot goes to the first hunter offered,
    every other phase is done at once (so nobody's kit is changed)."""
    for _ in range(12):
        page.wait_for_selector("#endscreen:not([hidden]), #prompt button.action")
        if page.locator("#endscreen:not([hidden])").count():
            return
        done = page.locator("#prompt button.action[data-type=done]")
        pick = page.locator("#prompt button.action[data-type=take], "
                            "#prompt button.action[data-type=pick], "
                            "#prompt button.action[data-type=skip]")
        _click(page, "#prompt button.action[data-type=done]" if done.count() else
               "#prompt button.action[data-type=take], #prompt button.action[data-type=pick], "
               "#prompt button.action[data-type=skip] >> nth=0" if pick.count() else
               "#prompt button.action >> nth=0")
    page.wait_for_selector("#endscreen:not([hidden])")


def _investigate(page) -> None:
    """Take the first choice of each of the location's events, then move on."""
    page.wait_for_selector(".phase-track .phase.now[data-phase=investigate]")
    for _ in range(10):
        if not page.locator("button.action[data-type=choose]").count():
            break
        _click(page, "button.action[data-type=choose] >> nth=0")
    _click(page, "button.action[data-type=done]")


def _version(page) -> int:
    return int(page.evaluate("document.body.dataset.version"))


def _click(page, selector: str) -> None:
    v = _version(page)
    page.click(selector)
    page.wait_for_function(f"Number(document.body.dataset.version) > {v}", polling=100)


def test_a_leg_of_a_hunt_through_the_pages(browser, web_server: ServerProcess,
                                           shots: Path) -> None:
    ctx, page, errors, _ = _open_leg(browser, web_server)

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
    his augment slot; the leg's battle starts with Michael wearing it, and so does the next
    leg's battle (gear is carried from battle to battle)."""
    ctx, page, errors, next_leg = _open_leg(browser, web_server)
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
    _investigate(page)
    # ambushed (seed 2): Michael comes to the battle with his mask on; a bot plays the leg out
    page.wait_for_selector("svg.beast-map .unit")
    assert "Gear: Ninja mask" in page.inner_text(".mine-info .hunter-card[data-unit=michael]")
    page.screenshot(path=str(shots / "beast-hunt-geared-battle.png"))
    _fight(page)
    _after_battle(page)
    assert "The hunt goes on." in page.inner_text("#endscreen")

    # the next leg (the Flooded Crypt): no shop there; its battle starts with the mask on too
    page.goto(next_leg())
    page.wait_for_selector("#conn.live")
    _investigate(page)
    page.wait_for_selector("svg.beast-map .unit")
    assert "Flooded Crypt" in page.inner_text(".battle-head")
    # the last location has no shop: the leg's track shows it skipped
    assert page.locator(".phase-track .phase.skipped[data-phase=shop]").count() == 1
    assert page.locator(".phase-track .phase.past[data-phase=investigate]").count() == 1
    assert "Gear: Ninja mask" in page.inner_text(".mine-info .hunter-card[data-unit=michael]")
    page.screenshot(path=str(shots / "beast-hunt-second-battle.png"))
    assert not errors, errors
    ctx.close()
