"""The maps can be played from the keyboard (docs/playing.md, "Accessibility"): Tab reaches the
map, the arrow keys move between the places that can be picked, Enter picks one, and the map
keeps the focus when it is redrawn after the move."""

from __future__ import annotations

from typing import Any

from harness import ServerProcess
from pages import open_page, page_version

SEATS = [{"kind": "human", "name": n} for n in ("Ann", "Ben", "Cy")]


def _open(browser: Any, url: str, board: str) -> tuple[Any, Any, list[str]]:
    return open_page(browser, url, "#conn.live", board)


def _focused(page: Any) -> dict[str, Any]:
    return page.evaluate("(() => { const a = document.activeElement; return {cls: "
                         "a.getAttribute('class') || '', dir: a.dataset?.dir || null, "
                         "inMap: Boolean(a.closest('.map-wrap'))}; })()")


def test_exploring_the_house_from_the_keyboard(browser: Any, web_server: ServerProcess) -> None:
    made = web_server.create("betrayal", seats=SEATS, seed=6,
                             setup={"room_stack": ["ballroom"], "turn": {"seat": 0}})
    ctx, page, errors = _open(browser, made["seats"][0]["url"], ".explore.clickable")
    page.focus(".map-wrap")
    # the arrow keys walk over the targets until one of the doorways to explore has the focus
    for _ in range(8):
        page.keyboard.press("ArrowRight")
        got = _focused(page)
        assert "clickable" in got["cls"] and got["inMap"], got
        if "explore" in got["cls"]:
            break
    assert got["dir"] in ("n", "e", "s", "w"), got
    before = page_version(page)
    page.keyboard.press("Enter")
    page.wait_for_function(f"Number(document.body.dataset.version) > {before}")
    log = page.inner_text("#log")
    assert "Ballroom" in log, log[-400:]
    page.wait_for_function("Boolean(document.activeElement.closest('.map-wrap'))")
    assert not errors, errors
    ctx.close()


def test_moving_a_hunter_from_the_keyboard(browser: Any, web_server: ServerProcess) -> None:
    made = web_server.create("beast", seats=[{"kind": "human", "name": "Ann"}], seed=11,
                             config={"map": "alley", "hunters": ["blake"], "enemies": ["thug"],
                                     "dice": [6, 1]},
                             setup={"units": {"blake": {"x": 5, "y": 2},
                                              "thug-1": {"x": 8, "y": 2}}})
    ctx, page, errors = _open(browser, made["seats"][0]["url"], "svg.beast-map .can-move")
    page.focus(".map-wrap")
    page.keyboard.press("ArrowLeft")
    got = _focused(page)
    assert "can-move" in got["cls"], got
    before = page_version(page)
    page.keyboard.press("Enter")
    page.wait_for_function(f"Number(document.body.dataset.version) > {before}")
    assert "moves" in page.inner_text("#log")
    assert not errors, errors
    ctx.close()
