"""The Legacy story reaches the table in the browser: the campaign page tells the next chapter's
story (never its haunt); the chapter's game page shows its title, year, story and set-up before
the first turn (the player may fold them away and read them again); a chapter game's end screen
reads the winning side's ending. Rules: betrayal-legacy-rulebook.md "Setup" step 7 (read the
Legacy deck), "The Legacy Decks" (read in order), "During the Campaign" step 1 (the chapter
ending of the side that won); RULING HLC-6 (no winner: the heroes' ending)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from harness import ServerProcess
from pages import open_game_pages

from hauntkit.rulesets.legacy.chapters import load_chapters

HUMANS = [{"kind": "human", "name": n} for n in ("Ann", "Ben", "Cy")]
PROLOGUE = load_chapters()[0]


def test_the_prologue_story_on_the_campaign_page_and_before_the_first_turn(
        browser: Any, web_server: ServerProcess, shots: Path) -> None:
    made = httpx.post(web_server.url + "/api/campaigns", timeout=60, json={
        "ruleset": "legacy", "title": "Story", "seed": 2, "seats": HUMANS}).json()
    errors: list[str] = []
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(made["host_url"])
    page.wait_for_selector("#summary .summary-text")
    summary = page.inner_text("#summary")
    assert "Next: Prologue (1666): The First Stone" in summary
    assert PROLOGUE.story in summary and "First Blood" not in summary
    cid, host = made["campaign"]["id"], made["host_token"]
    game = httpx.post(f"{web_server.url}/api/campaigns/{cid}/next", timeout=60,
                      headers={"Authorization": f"Bearer {host}"}).json()
    (seat,) = open_game_pages(ctx, [game["seats"][0]["url"]], errors)
    panel = seat.locator("#board .chapter-story")
    assert panel.locator(".chapter-title").inner_text() == "Prologue, 1666: The First Stone"
    assert panel.locator(".chapter-text").inner_text() == PROLOGUE.story
    assert PROLOGUE.setup.text in panel.locator(".chapter-setup").inner_text()
    assert "First Blood" not in seat.inner_text("body")  # the coming haunt stays unknown
    seat.screenshot(path=str(shots / "legacy-story.png"))
    panel.locator(".chapter-toggle").click()
    seat.wait_for_selector("#board .chapter-story .chapter-text", state="detached")
    seat.locator("#board .chapter-toggle").click()
    seat.wait_for_selector("#board .chapter-story .chapter-text")
    assert not errors, errors
    ctx.close()


def test_a_chapter_game_ends_with_its_ending(browser: Any, web_server: ServerProcess) -> None:
    members = [{"name": n, "age": 30} for n in ("Ada", "Bram", "Cora")]
    made = web_server.create("legacy", seats=HUMANS, seed=4, title="Short prologue", config={
        "families": ["ashdown", "crowley", "hartwell"], "mode": "campaign", "max_turns": 1,
        "haunt": "the_first_blood", "campaign": {"chapter": 0, "characters": members}})
    errors: list[str] = []
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    pages = open_game_pages(ctx, [s["url"] for s in made["seats"]], errors)
    actor = next(p for p in pages if p.locator("button.act-end_turn").count())
    actor.click("button.act-end_turn")
    actor.wait_for_selector("#endscreen:not([hidden])")
    heroes = PROLOGUE.endings["heroes"].text  # nobody won: the heroes' ending (HLC-6)
    assert heroes in actor.inner_text(".end-text")
    assert heroes in actor.inner_text("#board .chapter-ending")
    assert not errors, errors
    ctx.close()
