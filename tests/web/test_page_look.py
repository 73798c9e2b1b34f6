"""How the betrayal page looks (issue 12): screenshots at desktop and phone width compared with
committed baselines, and at phone width (390 px) the player's own figure and choices fit on the
screen without scrolling.

Every picture is of a fixed position (seed 7 and a scenario set-up), one page per game, with
animations off, so it is the same on every run.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from harness import ServerProcess
from screens import assert_matches

HAUNT = {"haunt": {"id": "ghoul_pack", "traitor": 0, "revealer": 0},
         "explorers": {"0": {"room": "foyer"}, "1": {"room": "upper_landing"}},
         "turn": {"seat": 1, "moves": 4}}
CARD = {"room_stack": ["attic"], "decks": {"event": ["dark_choice"]},
        "explorers": {"0": {"room": "upper_landing"}}, "turn": {"seat": 0, "moves": 4}}
SIZES = {"desktop": (1400, 950), "phone": (390, 844)}
SEATS = [{"kind": "human", "name": n} for n in ("Ann", "Ben", "Cy")]


def _settle(page) -> None:
    """Wait until the page has drawn and scrolled (two animation frames), not a fixed time."""
    page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


def _open(browser, url: str, size: str):
    w, h = SIZES[size]
    ctx = browser.new_context(viewport={"width": w, "height": h}, device_scale_factor=1)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.wait_for_selector("#conn.live")
    page.wait_for_selector(".explorer-card")
    _settle(page)
    return ctx, page, errors


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_haunt_page_looks_as_recorded(browser, web_server: ServerProcess, shots: Path,
                                      size: str) -> None:
    made = web_server.create("betrayal", seats=SEATS, seed=7, title="The look", setup=HAUNT)
    ctx, page, errors = _open(browser, made["seats"][1]["url"], size)
    page.wait_for_selector(".haunt-intro")
    page.wait_for_selector("#secret-panel:not([hidden])")
    png = page.screenshot(animations="disabled", caret="hide")
    assert_matches(png, f"haunt-{size}", shots)
    assert not errors, errors
    ctx.close()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_drawn_card_looks_as_recorded(browser, web_server: ServerProcess, shots: Path,
                                      size: str) -> None:
    made = web_server.create("betrayal", seats=SEATS, seed=7, title="The card", setup=CARD)
    ctx, page, errors = _open(browser, made["seats"][0]["url"], size)
    page.locator(".explore.clickable[data-dir=n]").click()
    page.wait_for_selector("#cardshow:not([hidden]) .card-big")
    _settle(page)
    assert_matches(page.screenshot(animations="disabled", caret="hide"), f"card-{size}", shots)
    assert not errors, errors
    ctx.close()


def test_phone_shows_my_figure_and_choices_without_scrolling(browser, web_server: ServerProcess
                                                             ) -> None:
    made = web_server.create("betrayal", seats=SEATS, seed=7, title="Phone", setup=HAUNT)
    ctx, page, errors = _open(browser, made["seats"][1]["url"], "phone")
    height = SIZES["phone"][1]
    assert page.evaluate("document.scrollingElement.scrollTop") == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES["phone"][0]
    name = page.inner_text(".explorer-card[data-seat='1'] strong")
    assert page.locator("#mine").is_visible() and name in page.inner_text("#mine")
    for selector in ("#mine", "#prompt-panel", "button.act-end_turn"):
        box = page.locator(selector).bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, selector
    # the map shows my figure (it is scrolled to it)
    figure = page.locator(".floor-map .figure.explorer[data-seat='1']").bounding_box()
    wrap = page.locator(".map-wrap").bounding_box()
    assert figure is not None and wrap["x"] <= figure["x"] <= wrap["x"] + wrap["width"]
    assert not errors, errors
    ctx.close()
