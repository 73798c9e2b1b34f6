"""The screenshot comparison really compares (issue 12, "screenshots compared at desktop and
phone width"): the recorded haunt page matches its baseline as drawn, and no longer matches once
a small part players rely on changes: the round counter's number, the round counter gone, one
legend entry gone (on the desktop; a phone's first screen does not show the legend)."""

from __future__ import annotations

from pathlib import Path

import pytest
from harness import ServerProcess
from screens import assert_matches
from test_page_look import open_haunt_page

CHANGES = [
    (".round", "n => { n.textContent = 'Round 2'; }"),
    (".round", "n => n.remove()"),
    (".map-legend li:last-child", "n => n.remove()"),  # below the fold on a phone
]


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_small_change_fails_the_comparison(browser, web_server: ServerProcess, shots: Path,
                                             size: str) -> None:
    ctx, page, errors = open_haunt_page(browser, web_server, size)
    assert_matches(page.screenshot(animations="disabled", caret="hide"), f"haunt-{size}", shots)
    for selector, change in CHANGES if size == "desktop" else CHANGES[:2]:
        page.reload()
        page.wait_for_selector(".haunt-intro")
        page.wait_for_selector("#secret-panel:not([hidden])")
        page.locator(selector).first.evaluate(change)
        page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
        with pytest.raises(AssertionError, match="of the pixels differ"):
            assert_matches(page.screenshot(animations="disabled", caret="hide"),
                           f"haunt-{size}", shots)
    assert not errors, errors
    ctx.close()
