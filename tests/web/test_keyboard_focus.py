"""A keyboard player keeps the focus on the choices after each action: Enter on a choice,
and the next choice is where the focus is (it jumped to the top of the page)."""

from __future__ import annotations

from typing import Any

from harness import ServerProcess


def test_focus_stays_on_the_choices_after_an_action(browser: Any,
                                                    web_server: ServerProcess) -> None:
    made = web_server.create(ruleset="beast", seed=4, seats=[{"kind": "human"}])
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    page.goto(made["seats"][0]["url"])
    page.wait_for_selector("#prompt button.action")
    for _ in range(3):
        version = page.evaluate("document.body.dataset.version")
        page.locator("#prompt button.action").first.focus()
        page.keyboard.press("Enter")
        page.wait_for_function("v => document.body.dataset.version !== v", arg=version,
                               timeout=15_000)
        page.wait_for_timeout(100)
        inside = page.evaluate("document.getElementById('prompt')"
                               ".contains(document.activeElement)")
        assert inside, page.evaluate("document.activeElement.outerHTML.slice(0, 120)")
    ctx.close()
