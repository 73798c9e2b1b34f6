"""On a phone (390 px wide) the maps fit the screen and can be zoomed, and your own figure and
your choices show without scrolling (docs/playing.md, "The page"): the beast grid of the Back
Alley (602 px at full size) starts fitted to the width with every unit on the screen; the
zoom buttons still enlarge it; the betrayal house fits too, its map ending on the first screen
with your figure in view above the fold."""

from __future__ import annotations

from typing import Any

from harness import ServerProcess
from pages import open_page

PHONE = {"width": 390, "height": 844}


def _open(browser: Any, url: str, board: str) -> tuple[Any, Any]:
    ctx, page, _errors = open_page(browser, url, "#conn.live", board, **PHONE)
    return ctx, page


def _box(page: Any, selector: str) -> dict[str, float]:
    return page.locator(selector).first.bounding_box()


def test_the_beast_grid_fits_a_phone_and_zooms(browser: Any, web_server: ServerProcess) -> None:
    made = web_server.create("beast", seats=[{"kind": "human", "name": "Ann"}], seed=10,
                             config={"map": "alley", "hunters": ["blake", "fei"],
                                     "enemies": ["thug", "cultist"]})
    ctx, page = _open(browser, made["seats"][0]["url"], "svg.beast-map .unit")
    grid = _box(page, "svg.beast-map")
    assert grid["x"] >= 0 and grid["x"] + grid["width"] <= PHONE["width"]
    for unit in page.locator("svg.beast-map .unit").all():
        box = unit.bounding_box()
        assert 0 <= box["x"] and box["x"] + box["width"] <= PHONE["width"], box
    mine = _box(page, "svg.beast-map .unit")  # the hunters stand first
    assert mine["y"] + mine["height"] <= PHONE["height"]  # your figure, without scrolling
    choice = _box(page, "#prompt button")
    assert choice["y"] + choice["height"] <= PHONE["height"]  # and your choices
    page.click(".map-tools .zoom-in")
    assert _box(page, "svg.beast-map")["width"] > grid["width"]
    ctx.close()


def test_the_house_fits_a_phone(browser: Any, web_server: ServerProcess) -> None:
    made = web_server.create("betrayal", seats=[{"kind": "human", "name": n}
                                                for n in ("Ann", "Ben", "Cy")], seed=3)
    # seed 3: the second seat (Ben) takes the first turn, with four choices
    ctx, page = _open(browser, made["seats"][1]["url"], ".explorer-card")
    page.wait_for_selector("#prompt .action")
    house = _box(page, ".map-wrap svg")
    assert house["x"] >= 0 and house["x"] + house["width"] <= PHONE["width"]
    wrap = _box(page, ".map-wrap")
    assert wrap["y"] + wrap["height"] <= PHONE["height"]  # the map ends on the first screen
    mine = _box(page, "svg .figure[data-seat='1']")  # your figure, inside the map's window
    assert wrap["y"] <= mine["y"] and mine["y"] + mine["height"] <= wrap["y"] + wrap["height"]
    assert mine["y"] + mine["height"] <= PHONE["height"]
    for choice in page.locator("#prompt .action").all():  # and every choice
        box = choice.bounding_box()
        assert box["y"] + box["height"] <= PHONE["height"], choice.inner_text()
    ctx.close()
