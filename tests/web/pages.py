"""Opening game pages in a browser context for the browser tests."""

from __future__ import annotations

from typing import Any


def open_lobby(ctx: Any, url: str, errors: list[str], ruleset: str, seats: int) -> Any:
    """The lobby at ``url`` with ``ruleset`` chosen for ``seats`` seats; page errors go to
    ``errors``."""
    lobby = ctx.new_page()
    lobby.on("pageerror", lambda e: errors.append(str(e)))
    lobby.goto(url + "/")
    lobby.wait_for_selector(f"#ruleset option[value={ruleset}]", state="attached")
    lobby.select_option("#ruleset", ruleset)
    lobby.fill("#seat-count", str(seats))
    open_more_options(lobby)
    return lobby


def open_more_options(lobby: Any) -> None:
    """Unfold the lobby's "More options" (seed, bot pace, turn clock, advanced options)."""
    lobby.evaluate("document.getElementById('more-options').open = true")


def created_links(page: Any) -> tuple[list[str], str]:
    """After "Create game and take my seat" the page is the creator's seat (or, with a bot in
    the first seat, the host's page), listing every link: (each seat's url, the host's url)."""
    page.wait_for_selector("#invite .seat-link")
    urls = [a.get_attribute("href") for a in page.locator("#invite .seat-link").all()]
    return urls, page.locator("#invite .host-link").get_attribute("href")


def open_game_pages(ctx: Any, urls: list[str], errors: list[str],
                    board: str = ".explorer-card") -> list[Any]:
    """One page per url, each live with its board drawn (``board``: a selector that shows it
    is); page errors go to ``errors``."""
    pages = []
    for url in urls:
        p = ctx.new_page()
        p.on("pageerror", lambda e: errors.append(str(e)))
        p.goto(url)
        p.wait_for_selector("#conn.live")
        p.wait_for_selector(board)
        pages.append(p)
    return pages


def overlaps(page: Any, a: str, b: str) -> bool:
    """Whether the boxes of selectors ``a`` and ``b`` (both shown) share any height."""
    ra, rb = page.locator(a).bounding_box(), page.locator(b).bounding_box()
    return not (ra["y"] + ra["height"] <= rb["y"] or rb["y"] + rb["height"] <= ra["y"])


def play_by_clicking(page: Any, button: str = "button.action", tries: int = 300) -> None:
    """Click this seat's first ``button`` whenever there is one (bots play the other seats)
    until the end screen shows."""
    for _ in range(tries):
        if page.locator("#endscreen:not([hidden])").count():
            break
        try:
            page.locator(button).first.click(timeout=3000)
        except Exception:  # noqa: BLE001 - the buttons are redrawn while we look
            continue
    page.wait_for_selector("#endscreen:not([hidden])", timeout=20000)


def page_version(page: Any) -> int:
    """The game version the page shows (``body[data-version]``)."""
    return int(page.evaluate("document.body.dataset.version"))


def click_and_wait(page: Any, selector: str) -> None:
    """Click ``selector`` and wait until the page shows a later version of the game."""
    v = page_version(page)
    page.click(selector)
    page.wait_for_function(f"Number(document.body.dataset.version) > {v}", polling=100)


def open_page(browser: Any, url: str, *ready: str, width: int = 1400, height: int = 950,
              ) -> tuple[Any, Any, list[str]]:
    """A new context (its own cookies and storage) at ``width`` x ``height`` with ``url`` open,
    once every selector of ``ready`` shows and the page has drawn (two animation frames):
    (context, page, page errors)."""
    ctx = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=1)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    for selector in ready:
        page.wait_for_selector(selector)
    page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    return ctx, page, errors
