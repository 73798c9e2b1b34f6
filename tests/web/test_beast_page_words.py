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

CAPS = re.compile(r"\b(?!AOE\b|DEF\b|HP\b|CP\b)[A-Z]{3,}\b")


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
    assert "Its first special. Cheap Shot: A dirty melee blow" in card
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
