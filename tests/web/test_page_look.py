"""How the betrayal page looks (issue 12): screenshots at desktop and phone width compared with
committed baselines, and at phone width (390 px) the player's own figure and choices fit on the
screen without scrolling.

Every picture is of a fixed position (seed 7 and a scenario set-up), one page per game, with
animations off, so it is the same on every run.
"""

from __future__ import annotations

import re
from pathlib import Path

import httpx
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


def _no_leftovers(page) -> None:
    """No JavaScript or Python placeholder reaches the player (issue 12: no ``None``)."""
    text = page.inner_text("body")
    assert not re.findall(r"\b(undefined|null|NaN|None|\[object Object\])\b", text), text


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


def open_haunt_page(browser, web_server: ServerProcess, size: str):
    """The recorded haunt page (seat 1, the haunt revealed, its secret panel shown)."""
    made = web_server.create("betrayal", seats=SEATS, seed=7, title="The look", setup=HAUNT)
    ctx, page, errors = _open(browser, made["seats"][1]["url"], size)
    page.wait_for_selector(".haunt-intro")
    page.wait_for_selector("#secret-panel:not([hidden])")
    return ctx, page, errors


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_haunt_page_looks_as_recorded(browser, web_server: ServerProcess, shots: Path,
                                      size: str) -> None:
    ctx, page, errors = open_haunt_page(browser, web_server, size)
    png = page.screenshot(animations="disabled", caret="hide")
    assert_matches(png, f"haunt-{size}", shots)
    _no_leftovers(page)
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
    _no_leftovers(page)
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


def test_map_has_a_legend_tooltips_zoom_pan_and_a_round_counter(browser,
                                                                 web_server: ServerProcess
                                                                 ) -> None:
    made = web_server.create("betrayal", seats=SEATS, seed=7, title="Map", setup=CARD)
    ctx, page, errors = _open(browser, made["seats"][0]["url"], "desktop")
    # the round sits beside the turn counter
    assert page.inner_text(".status-bar .round") == "Round 1"
    assert page.inner_text(".status-bar .turn-no").startswith("Turn 1:")
    # discover the Attic (an event room): its symbol explains itself, and the legend names it
    page.locator(".explore.clickable[data-dir=n]").click()
    page.wait_for_selector("#cardshow:not([hidden]) .card-big")
    page.click(".card-big-close")
    symbol = page.locator(".tile[data-room=attic] .symbol.sym-event")
    assert symbol.evaluate("n => n.firstChild.textContent") == "E"
    assert "event card" in symbol.locator("title").text_content()
    legend = page.inner_text(".map-legend")
    for words in ("omen room", "item room", "event room", "doorway", "monster"):
        assert words in legend
    assert "event card" in page.locator(".map-legend .legend-sym.sym-event").get_attribute("title")
    # zoom in and out with the buttons; the choice survives a redraw
    svg = page.locator(".floor-map")
    width = float(svg.get_attribute("width"))
    page.click(".map-tools .zoom-in")
    page.click(".map-tools .zoom-in")
    assert float(page.locator(".floor-map").get_attribute("width")) == pytest.approx(width * 1.5, abs=1)
    assert page.inner_text(".zoom-level") == "150%"
    page.click(".floor-tab[data-floor=upper]")  # redraws the board
    assert float(page.locator(".floor-map").get_attribute("width")) == pytest.approx(width * 1.5, abs=1)
    page.click(".map-tools .zoom-out")
    assert page.inner_text(".zoom-level") == "125%"
    # pan: dragging the map scrolls it (zoomed in far enough to overflow)
    for _ in range(5):
        page.click(".map-tools .zoom-in")
    assert page.inner_text(".zoom-level") == "300%"
    wrap = page.locator(".map-wrap")
    assert wrap.evaluate("n => n.scrollHeight > n.clientHeight")
    box = wrap.bounding_box()
    before = wrap.evaluate("n => [n.scrollLeft, n.scrollTop]")
    page.mouse.move(box["x"] + box["width"] - 20, box["y"] + box["height"] - 20)
    page.mouse.down()
    page.mouse.move(box["x"] + 40, box["y"] + 40, steps=8)
    page.mouse.up()
    after = wrap.evaluate("n => [n.scrollLeft, n.scrollTop]")
    assert after != before, (before, after)
    assert not errors, errors
    ctx.close()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_end_screen_looks_as_recorded(browser, web_server: ServerProcess, shots: Path,
                                      size: str) -> None:
    made = web_server.create("betrayal", seats=SEATS, seed=3, title="The end",
                             config={"max_turns": 1})
    for seat in made["seats"]:  # whoever has the first turn ends it: the turn cap ends the game
        state = web_server.state(made["id"], seat["token"])
        if state["legal_actions"]:
            r = httpx.post(f"{web_server.url}/api/games/{made['id']}/act", timeout=10,
                           headers={"Authorization": f"Bearer {seat['token']}"},
                           json={"action": {"type": "end_turn"}})
            assert r.status_code == 200, r.text
            break
    ctx, page, errors = _open(browser, made["seats"][0]["url"], size)
    page.wait_for_selector("#endscreen:not([hidden]) .end-figures")
    _settle(page)
    assert_matches(page.screenshot(animations="disabled", caret="hide"), f"end-{size}", shots)
    table = page.locator(".end-figures-wrap")
    assert table.evaluate("n => n.scrollWidth <= n.clientWidth")  # every column fits
    _no_leftovers(page)
    assert not errors, errors
    ctx.close()
