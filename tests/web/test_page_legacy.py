"""The legacy game page (issue 12, "a page players enjoy", legacy too): it drew the generic
tree of the raw view (``null``, ``choice: null``, ``result: null`` on screen). Betrayal Legacy
is played in a house like betrayal's, so its page is the betrayal renderer reading the legacy
catalogue (js/render/legacy.js): floors (the outside too), tiles, figures, trait tracks, the
legend, prompts, drawn cards and the end screen; at phone width the player's figure and
choices fit without scrolling."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from harness import ServerProcess
from pages import open_game_pages

SEATS = [{"kind": "human", "name": n} for n in ("Ann", "Ben", "Cy")]
PLACEHOLDERS = re.compile(r"\b(undefined|null|NaN|None|\[object Object\])\b")


def _clean(page) -> None:
    text = page.inner_text("body")
    assert not PLACEHOLDERS.findall(text), text
    assert not page.locator(".generic-view").count()


def test_the_legacy_house_is_drawn_and_played_by_clicking(browser, web_server: ServerProcess,
                                                          shots: Path) -> None:
    made = web_server.create("legacy", seats=SEATS, seed=4, title="Legacy look")
    errors: list[str] = []
    ctx = browser.new_context(viewport={"width": 1400, "height": 950})
    pages = open_game_pages(ctx, [s["url"] for s in made["seats"]], errors)
    actor = next(p for p in pages if p.locator("button.act-end_turn").count())
    actor.bring_to_front()
    _clean(actor)
    tabs = actor.locator(".floor-tab").all_inner_texts()
    assert [t.split(" (")[0] for t in tabs] == ["Upper floor", "Ground floor", "Outside",
                                                "Basement"]
    assert actor.locator(".floor-map .tile[data-room=entrance_hall]").count() == 1
    assert actor.locator(".explorer-card").count() == 3
    assert actor.locator(".map-legend").is_visible()
    assert actor.inner_text(".status-bar .round").startswith("Round ")
    actor.click(".floor-tab[data-floor=outside]")  # the legacy catalogue names the tile
    assert "Front Steps" in actor.locator(".floor-map").text_content()
    # a move by clicking a room, then the turn's end: every page follows
    v = int(actor.evaluate("document.body.dataset.version"))
    actor.click(".floor-tab.follow")
    actor.locator(".floor-map .tile.clickable").first.click()
    actor.wait_for_function(f"Number(document.body.dataset.version) > {v}", polling=100)
    assert " enters " in actor.inner_text("#log")
    _clean(actor)
    actor.screenshot(path=str(shots / "legacy-desktop.png"))
    assert not errors, errors
    ctx.close()


def test_legacy_on_a_phone_shows_my_figure_and_choices(browser, web_server: ServerProcess,
                                                        shots: Path) -> None:
    made = web_server.create("legacy", seats=SEATS, seed=4, title="Legacy phone")
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    errors: list[str] = []
    seat = next(i for i, s in enumerate(made["seats"])
                if web_server.state(made["id"], s["token"])["legal_actions"])
    (page,) = open_game_pages(ctx, [made["seats"][seat]["url"]], errors)
    _clean(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    name = page.inner_text(f".explorer-card[data-seat='{seat}'] strong")
    assert name in page.inner_text("#mine")
    for selector in ("#mine", "#prompt-panel", "button.act-end_turn"):
        box = page.locator(selector).bounding_box()
        assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= 844, selector
    page.screenshot(path=str(shots / "legacy-phone.png"))
    assert not errors, errors
    ctx.close()


def test_legacy_end_screen_and_its_save(browser, web_server: ServerProcess, shots: Path,
                                        tmp_path: Path) -> None:
    made = web_server.create("legacy", seats=SEATS, seed=4, title="Short legacy",
                             config={"max_turns": 1})
    errors: list[str] = []
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
    pages = open_game_pages(ctx, [s["url"] for s in made["seats"]], errors)
    actor = next(p for p in pages if p.locator("button.act-end_turn").count())
    actor.bring_to_front()
    actor.click("button.act-end_turn")
    actor.wait_for_selector("#endscreen:not([hidden])")
    assert actor.inner_text(".end-outcome") == "Nobody won"
    rows = actor.locator(".end-figures tbody tr")
    assert [rows.nth(i).inner_text().split("\t")[0] for i in range(3)] == ["Ann", "Ben", "Cy"]
    assert all(t in actor.inner_text(".end-figures thead") for t in ("Might", "Sanity"))
    _clean(actor)
    with actor.expect_download() as got:
        actor.click("button.save-download")
    path = tmp_path / got.value.suggested_filename
    got.value.save_as(path)
    assert json.loads(path.read_text())["ruleset"] == "legacy"
    out = subprocess.run([str(Path(sys.executable).parent / "hauntkit"), "replay", str(path)],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and "Traceback" not in out.stderr, out.stderr
    assert "None" not in out.stdout
    actor.screenshot(path=str(shots / "legacy-end.png"))
    assert not errors, errors
    ctx.close()


def test_haunt_boxes_are_drawn_with_their_colours(browser, web_server: ServerProcess) -> None:
    """betrayal-legacy-rulebook.md "Learning the Haunt" and "Hidden Traitor / The Traitor":
    the haunt's boxes reach the page as boxes (kind, title, text, the actions printed in them);
    in a hidden-traitor haunt every player, heroes and the traitor alike, reads the traitor's
    gray box, and a hero's page names no traitor."""
    seats = [{"kind": "human", "name": n} for n in ("Ann", "Ben", "Cy", "Di")]
    made = web_server.create(
        "legacy", seats=seats, seed=4, title="Legacy boxes",
        config={"families": ["ashdown", "crowley", "hartwell", "mercer"]},
        setup={"haunt": {"id": "the_changeling", "revealer": 0, "traitor": 3}})
    errors: list[str] = []
    ctx = browser.new_context(viewport={"width": 1400, "height": 950})
    pages = open_game_pages(ctx, [s["url"] for s in made["seats"]], errors)
    for page in pages:
        page.bring_to_front()
        page.wait_for_selector("#secret-panel:not([hidden]) .haunt-box")
        gray = page.locator("#secret .haunt-box.box-gray")
        assert gray.count() >= 1
        assert "Snuff the Light" in gray.first.inner_text()
        assert "SNUFF" in gray.first.inner_text()
        _clean(page)
    hero_text = pages[0].inner_text("#secret")
    assert "The heroes' book" in hero_text and "Di" not in hero_text
    assert "The traitor's book" in pages[3].inner_text("#secret")
    assert pages[0].locator("#secret .haunt-box.box-blue").count() >= 1  # the heroes' own goal
    assert not errors, errors
    ctx.close()


def test_the_haunts_progress_is_shown_in_words(browser, web_server: ServerProcess) -> None:
    """betrayal-legacy-rulebook.md "Goals (Main and Side)": a side's counted goal shows on its
    page in words, with the target for the number of players ("PRAY: 1 of 2")."""
    made = web_server.create(
        "legacy", seats=SEATS, seed=4, title="Legacy progress",
        config={"families": ["ashdown", "crowley", "hartwell"]},
        setup={"haunt": {"id": "the_first_blood", "revealer": 0, "traitor": 0},
               "counters": {"pray": 1}})
    errors: list[str] = []
    ctx = browser.new_context(viewport={"width": 1400, "height": 950})
    (hero,) = open_game_pages(ctx, [made["seats"][1]["url"]], errors)
    hero.wait_for_selector("#secret-panel:not([hidden]) .progress-item")
    assert hero.locator("#secret .progress-item").all_inner_texts() == ["PRAY: 1 of 2"]
    _clean(hero)
    assert not errors, errors
    ctx.close()
