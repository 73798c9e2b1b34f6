"""The rules at hand (docs/playing.md, "Rules and cards"): each ruleset's rules page shows its
rules summary in sections, and a gallery of everything its catalogue names with its text,
searchable by name or text; the game page links to it."""

from __future__ import annotations

from typing import Any

import pytest
from harness import ServerProcess
from pages import open_page

from hauntkit.core.rules_summary import load_rules_summary
from hauntkit.core.ruleset import starter_ruleset

GALLERY = {"betrayal": ("rooms", "Rooms"), "legacy": ("cards", "Cards"),
           "beast": ("enemies", "Enemies")}


def _open(browser: Any, url: str) -> tuple[Any, Any, list[str]]:
    return open_page(browser, url, ".gallery-item", width=1280, height=900)


@pytest.mark.parametrize("ruleset", sorted(GALLERY))
def test_the_rules_and_a_searchable_gallery(browser: Any, web_server: ServerProcess,
                                            ruleset: str) -> None:
    ctx, page, errors = _open(browser, f"{web_server.url}/rules/{ruleset}")
    summary = load_rules_summary(ruleset)
    assert summary is not None
    assert page.inner_text("#rules-title") == summary["title"]
    sections = page.locator(".rule-section")
    assert sections.count() == len(summary["sections"])
    first = summary["sections"][0]
    assert sections.first.locator("h2").inner_text() == first["title"]
    assert page.locator("#rules-contents a").count() == len(summary["sections"])
    key, title = GALLERY[ruleset]
    entries = starter_ruleset(ruleset).catalogue()[key]
    section = page.locator(f".gallery-section[data-section={key}]")
    assert section.locator("h3").inner_text() == title
    assert section.locator(".gallery-item").count() == len(entries)
    some_id, some = sorted(entries.items())[0]
    page.fill("#gallery-search", some["name"])
    item = page.locator(f"#{key}-{some_id}")
    assert item.is_visible() and some["text"] in item.inner_text()
    shown = page.locator(".gallery-item:visible").count()
    assert 1 <= shown < len(entries)
    assert f"{shown} of" in page.inner_text("#gallery-count")
    page.fill("#gallery-search", "no such thing anywhere xyzzy")
    assert page.locator(".gallery-item:visible").count() == 0
    assert page.inner_text("#gallery-count").startswith("0 of")
    assert not errors, errors
    ctx.close()


def test_the_game_page_links_to_its_rules(browser: Any, web_server: ServerProcess) -> None:
    made = web_server.create("betrayal", seats=[{"kind": "human"}] * 3, seed=1)
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(made["seats"][0]["url"])
    page.wait_for_selector("#rules-link:not([hidden])")
    assert page.get_attribute("#rules-link", "href") == "/rules/betrayal"
    ctx.close()


def test_an_unknown_game_is_told(browser: Any, web_server: ServerProcess) -> None:
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(f"{web_server.url}/rules/nosuchgame")
    page.wait_for_selector("#rules-error:has-text('no such game')")
    ctx.close()


def test_a_held_card_opens_in_the_gallery(browser: Any, web_server: ServerProcess) -> None:
    made = web_server.create("betrayal", seats=[{"kind": "human"}] * 3, seed=2,
                             setup={"explorers": {"0": {"cards": ["axe"]}}})
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(made["seats"][0]["url"])
    page.wait_for_selector(".explorer-card[data-seat='0'] a.card-name")
    href = page.get_attribute(".explorer-card[data-seat='0'] a.card-name", "href")
    assert href == "/rules/betrayal#cards-axe"
    page.goto(web_server.url + href)
    page.wait_for_selector("#cards-axe")
    assert "Axe" in page.inner_text("#cards-axe")
    ctx.close()
