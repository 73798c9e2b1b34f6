"""Words, not ids or constants, on beast's pages (issue 10: "Screens show display names, not
ids. Statuses are words, not constants"): a drawn combat card names the special it plays
(rules: "Combat Cards"), the shop's wares speak of statuses in words, and an arsenal a hunter
takes is shown by its name (rules: "Arsenals")."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
from harness import ServerProcess
from pages import click_and_wait as _click
from pages import open_game_pages

CAPS = re.compile(r"\b(?!AOE\b|DEF\b|HP\b|CP\b|SMG\b|LMG\b)[A-Z]{3,}\b")


def test_a_drawn_special_card_names_the_special(browser, web_server: ServerProcess,
                                                shots: Path) -> None:
    """Combat Cards: the Thug draws Dark Trick (its Special 1): the card shown says which
    special that is for the Thug, Cheap Shot, and what it does."""
    made = web_server.create("beast", seats=[{"kind": "human", "name": "Ann"}],
                             config={"map": "alley", "hunters": ["fei", "joe"],
                                     "enemies": ["thug"], "dice": [6, 1]},
                             setup={"units": {"fei": {"x": 5, "y": 4}, "joe": {"x": 6, "y": 4},
                                              "thug-1": {"x": 8, "y": 2}},
                                    "cards": ["trick"]}, seed=11)
    ctx = browser.new_context(viewport={"width": 1400, "height": 950})
    errors: list[str] = []
    page, = open_game_pages(ctx, [made["seats"][0]["url"]], errors, board="svg.beast-map .unit")
    _click(page, "button.action[data-type=end_turn]")
    page.wait_for_selector("#cardshow:not([hidden]) .card-big")
    card = page.inner_text("#cardshow")
    assert "Dark Trick" in card
    assert "Its first special ability. Cheap Shot: A dirty melee blow" in card
    page.screenshot(path=str(shots / "beast-card-special.png"))
    assert not errors, errors
    ctx.close()


def test_the_shop_speaks_in_words_and_names_the_arsenal(browser, web_server: ServerProcess,
                                                        shots: Path) -> None:
    """Gear texts write statuses and elements in the document's capitals (BLIND, PHYSICAL); the
    shop shows them as words. Michael takes the Bruiser Arsenal: the party table names it."""
    r = httpx.post(f"{web_server.url}/api/campaigns", json={
        "ruleset": "beast", "seats": [{"kind": "human", "name": "Ann"}], "seed": 1,
        "config": {"hunt": "short-night"}, "title": "Words"}, timeout=120)
    assert r.status_code == 200, r.text
    camp = r.json()
    nxt = httpx.post(f"{web_server.url}/api/campaigns/{camp['campaign']['id']}/next",
                     headers={"Authorization": f"Bearer {camp['host_token']}"}, timeout=120)
    ctx = browser.new_context(viewport={"width": 1400, "height": 950})
    errors: list[str] = []
    page, = open_game_pages(ctx, [nxt.json()["seats"][0]["url"]], errors, board=".hunt-board")
    texts = []
    for shelf in page.locator("button.shelf").evaluate_all("bs => bs.map(b => b.dataset.shelf)"):
        page.click(f"button.shelf[data-shelf='{shelf}']")
        page.wait_for_selector(f"button.shelf.on[data-shelf='{shelf}']")
        texts.extend(page.locator(".ware-text").all_inner_texts())
    assert len(texts) > 50
    shown = " ".join(texts)
    assert not CAPS.findall(shown), sorted(set(CAPS.findall(shown)))
    assert "blind" in shown and "physical" in shown
    _click(page, "button.action[data-type=arsenal][data-action*='bruiser']")
    party = page.inner_text("table.party")
    assert "arsenal: Bruiser Arsenal" in party and "bruiser" not in party
    page.screenshot(path=str(shots / "beast-shop-words.png"))
    assert not errors, errors
    ctx.close()


def _leg(server: ServerProcess, camp: dict, dice: list[int]) -> str:
    """Start the hunt's next leg with scripted dice queued: Ann's seat link in it."""
    nxt = httpx.post(f"{server.url}/api/campaigns/{camp['campaign']['id']}/next",
                     headers={"Authorization": f"Bearer {camp['host_token']}"}, timeout=120)
    assert nxt.status_code == 200, nxt.text
    leg = nxt.json()
    r = httpx.post(f"{server.url}/api/games/{leg['game_id']}/dev/dice", json={"faces": dice},
                   headers={"Authorization": f"Bearer {leg['host_token']}"})
    assert r.status_code == 200, r.text
    return leg["seats"][0]["url"]


def _until(page, done) -> None:
    """Take each event's first choice, else say done, until ``done(page)`` or the leg ends."""
    for _ in range(40):
        page.wait_for_selector("#endscreen:not([hidden]), #prompt button.action")
        if done(page) or page.locator("#endscreen:not([hidden])").count():
            return
        choose = page.locator("#prompt button.action[data-type=choose]")
        _click(page, "#prompt button.action[data-type=choose] >> nth=0" if choose.count()
               else "#prompt button.action[data-type=done]")


def test_a_treasure_maps_event_is_shown_on_the_mystery_page(browser, web_server: ServerProcess,
                                                           shots: Path) -> None:
    """Mystery Table, Chaos 1 (Treasure Map; RULING HR-43): the drawn Location card's event
    that waits for the party's choice is shown on the mystery page with its choices, as a
    location's event is while investigating. Ashgrove: no ambush at the Dockside Bar (a
    scripted 6); at the Chapel Yard no ambush (6) and the Cold Spot's Chaos rolls 1."""
    r = httpx.post(f"{web_server.url}/api/campaigns", json={
        "ruleset": "beast", "seats": [{"kind": "human", "name": "Ann"}], "seed": 4,
        "config": {"hunt": "ashgrove"}, "title": "Treasure"}, timeout=120)
    assert r.status_code == 200, r.text
    camp = r.json()
    ctx = browser.new_context(viewport={"width": 1400, "height": 950})
    errors: list[str] = []
    page, = open_game_pages(ctx, [_leg(web_server, camp, [6])], errors, board=".hunt-board")
    _until(page, lambda p: False)
    page.goto(_leg(web_server, camp, [6, 1]))
    page.wait_for_selector(".hunt-board")
    mystery = ".phase-track .phase.now[data-phase=mystery]"
    _until(page, lambda p: p.locator(mystery).count() > 0)
    assert page.locator(mystery).count() == 1
    assert "Treasure Map" in page.inner_text(".phase-page")
    assert page.locator("#prompt button.action[data-type=choose]").count() >= 1
    shown = page.locator(".phase-page .hunt-event:not(.table-roll)")
    assert shown.count() == 1
    assert "The lead hunter's player chooses:" in shown.inner_text()
    # one person with the party's four hunters is told so, in a plain list
    assert ("You control four hunters: Michael, Tamara, Blake and Cassandra."
            in page.inner_text("#prompt"))
    page.screenshot(path=str(shots / "beast-treasure-map-event.png"))
    assert not errors, errors
    ctx.close()


def test_joes_bounty_is_shown_while_investigating(browser, web_server: ServerProcess,
                                                  shots: Path) -> None:
    """Bounties (Joe) (RULING HR-61): the clues Joe spends roll the target's traits (scripted:
    2, STRONG; 5, SHIELDED), which the investigation page shows in words, with the tries left
    to track it: none yet, as Trait 2 was learnt after the location's last Event."""
    r = httpx.post(f"{web_server.url}/api/campaigns", json={
        "ruleset": "beast", "seats": [{"kind": "human", "name": "Ann"}], "seed": 4,
        "config": {"hunt": "ashgrove", "hunters": ["joe", "michael"]}, "title": "Bounty"},
        timeout=120)
    assert r.status_code == 200, r.text
    camp = r.json()
    ctx = browser.new_context(viewport={"width": 1400, "height": 950})
    errors: list[str] = []
    page, = open_game_pages(ctx, [_leg(web_server, camp, [2, 5, 6])], errors,
                            board=".hunt-board")
    _click(page, "#prompt button.action[data-type=done]")  # the shop
    page.wait_for_selector(".phase-track .phase.now[data-phase=investigate]")
    clue = "#prompt button.action[data-type=bounty_clue]"
    _click(page, clue)  # Torn Poster's clue: Trait 1
    assert "The bounty: traits: strong: +1 Melee Attack Value" in page.inner_text(".phase-page")
    _click(page, "#prompt button.action[data-type=choose][data-action*='pay']")  # +1 clue
    _click(page, clue)  # Trait 2
    shown = page.inner_text(".phase-page .bounty")
    assert shown == ("The bounty: traits: strong: +1 Melee Attack Value; shielded: Target "
                     "starts each turn with a ward of 1; 0 tries left to track it here (one "
                     "per Event).")
    page.screenshot(path=str(shots / "beast-bounty.png"))
    assert not errors, errors
    ctx.close()
