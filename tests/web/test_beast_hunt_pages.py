"""The between-battle pages of a hunt in Chromium (issue 10; docs/hunt.md, HR-70..HR-78): a
leg of the starter hunt "A Short Night" played through the page by one person with two
hunters: the shop, the location's events and their choices, the ambush, the battle on the
board, the loot, the rest, and the leg's end; names everywhere, never ids."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import httpx
from harness import ServerProcess
from pages import click_and_wait as _click

from hauntkit.core import Game
from hauntkit.core.campaign import finish_game, new_campaign, next_game
from hauntkit.rulesets.beast import BeastRuleset

BUY = [{"type": "buy", "hunter": "michael", "item": "ninja_mask"},
       {"type": "equip", "hunter": "michael", "item": "ninja_mask", "slot": "augment"}]
AFTER = ("take", "pick", "skip")


def _battle_choice(state: dict, legal: list[dict]) -> dict:
    """What ``_fight`` clicks: the first offer of an interrupt window or a pending choice,
    leaving the location dark when its light is to be placed, else the first attack in the
    list of choices, else the end of the turn."""
    if state["pending"] or state["window"]:
        return legal[0]
    if {"type": "leave_dark"} in legal:  # the Location card's light: the "end" button (HR-79)
        return {"type": "leave_dark"}
    return next((a for a in legal if a["type"] == "attack"), {"type": "end_turn"})


def _phase_choice(legal: list[dict]) -> dict:
    """What ``_investigate`` and ``_after_battle`` click: an event's first choice; done when
    offered; the loot's (or mystery's) first taker; else the first button."""
    return next((a for a in legal if a["type"] == "choose"), None) or \
        next((a for a in legal if a["type"] == "done"), None) or \
        next((a for a in legal if a["type"] in AFTER), legal[0])


def _play_leg(rs: BeastRuleset, game: Game, buy: bool) -> None:
    for _ in range(3000):
        if game.state["result"] is not None:
            return
        legal = rs.legal_actions(game.state, 0)
        if game.state.get("phase") == "battle":
            game.act(0, _battle_choice(game.state, legal))
        elif game.state["phase"] == "shop" and buy and legal.count(BUY[0]):
            for a in BUY:
                game.act(0, a)
        else:
            game.act(0, _phase_choice(legal))


@cache
def _seed(buy: bool) -> int:
    """A campaign seed for which the page's way of playing (the helpers below, mirrored here
    with the rules themselves) gives the first leg a battle and, when ``buy``, a second leg with
    a battle Michael comes to wearing his mask; found afresh so the tests keep their battles
    when the hunt's dice are drawn differently."""
    rs = BeastRuleset.from_content([])
    for seed in range(1, 120):
        camp = new_campaign(rs, {"hunt": "short-night", "players": 1}, seed,
                            [{"name": "Ann"}], "probe")
        game = next_game(rs, camp, "g1")
        _play_leg(rs, game, buy)
        if not any(e["type"] == "battle_start" for e in game.state["log"]):
            continue
        if not buy:
            return seed
        finish_game(rs, camp, game, "g1")
        if camp["status"] != "active":
            continue
        game = next_game(rs, camp, "g2")
        for _ in range(40):
            if game.state.get("phase") == "battle" or game.state["result"] is not None:
                break
            game.act(0, _phase_choice(rs.legal_actions(game.state, 0)))
        michael = game.state["units"].get("michael") if game.state.get("phase") == "battle" \
            else None
        if michael and michael["alive"] and "ninja_mask" in michael.get("gear", []):
            return seed
    raise AssertionError("no seed below 120 plays out as the test needs")


def _campaign(server: ServerProcess, seed: int) -> tuple[str, str]:
    """A new hunt (one seat, Ann's): its id and host token."""
    r = httpx.post(f"{server.url}/api/campaigns", json={
        "ruleset": "beast", "seats": [{"kind": "human", "name": "Ann"}], "seed": seed,
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


def _open_leg(browser, server: ServerProcess, seed: int):
    """A new hunt's first leg, open at Ann's seat: (context, page, page errors, the next leg's
    starter)."""
    errors: list[str] = []
    ctx = browser.new_context(viewport={"width": 1400, "height": 950})
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    cid, host = _campaign(server, seed)
    page.goto(_next_leg(server, cid, host))
    page.wait_for_selector("#conn.live")
    return ctx, page, errors, lambda: _next_leg(server, cid, host)


def _fight(page) -> None:
    """Play a battle by clicking, simply (``_battle_choice``): the first offer of a window or
    choice, else the first attack in the list of choices, else "End the turn"."""
    for _ in range(600):
        page.wait_for_selector(".hunt-board, #endscreen:not([hidden]), #prompt button.action")
        if page.locator(".hunt-board, #endscreen:not([hidden])").count():
            return
        if page.locator("#prompt .interrupts button.action").count():
            _click(page, "#prompt .interrupts button.action >> nth=0")
            continue
        page.click(".all-choices summary")
        attack = page.locator(".all-choices button.action[data-type=attack]")
        _click(page, ".all-choices button.action[data-type=attack] >> nth=0" if attack.count()
               else "#prompt .actions.end button")
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
    """Take the first choice of each of the location's events (and give whatever the party
    finds to the first hunter offered), then move on: as ``_phase_choice`` does."""
    page.wait_for_selector(".phase-track .phase.now[data-phase=investigate]")
    for _ in range(10):
        if page.locator("button.action[data-type=choose]").count():
            _click(page, "button.action[data-type=choose] >> nth=0")
        elif page.locator("button.action[data-type=find]").count():
            _click(page, "button.action[data-type=find] >> nth=0")
        else:
            break
    _click(page, "button.action[data-type=done]")


def test_a_leg_of_a_hunt_through_the_pages(browser, web_server: ServerProcess,
                                           shots: Path) -> None:
    ctx, page, errors, _ = _open_leg(browser, web_server, _seed(False))

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

    # ambushed (the seed is chosen so): the battle on the board under the hunt's header, fought
    # by clicking; then the loot and the rest by hand
    page.wait_for_selector("svg.beast-map .unit")
    assert page.inner_text(".phase-track .phase.now") == "Battle"
    page.screenshot(path=str(shots / "beast-hunt-battle.png"))
    _fight(page)
    _after_battle(page)
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
    ctx, page, errors, next_leg = _open_leg(browser, web_server, _seed(True))
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
    # ambushed (the seed is chosen so): Michael comes to the battle with his mask on; a bot plays the leg out
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
