"""axe-core finds no serious or critical accessibility violation on the pages people use: the
lobby, each ruleset's game page (a seat's and the host's), and a campaign page of each
campaign ruleset (docs/playing.md, "Accessibility")."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from accessibility import blocking, report
from harness import ServerProcess
from test_page_look import open_haunt_page

GAME_BOARDS = {"betrayal": ".explorer-card", "legacy": ".explorer-card",
               "beast": "svg.beast-map .unit"}
BOTS = {"betrayal": 2, "legacy": 2, "beast": 0}  # betrayal and legacy need 3 seats or more


def _open(ctx: Any, url: str, ready: str) -> tuple[Any, list[str]]:
    errors: list[str] = []
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.wait_for_selector(ready)
    return page, errors


def _check(page: Any, errors: list[str]) -> None:
    found = blocking(page)
    assert not found, "\n" + report(found)
    assert not errors, errors


def test_the_lobby(browser: Any, web_server: ServerProcess) -> None:
    web_server.create(ruleset="betrayal", seed=3, seats=[{"kind": "human", "name": "Ann"}] * 3)
    ctx = browser.new_context()
    page, errors = _open(ctx, web_server.url + "/", "#games tr, #games li")
    _check(page, errors)
    ctx.close()


@pytest.mark.parametrize("ruleset", sorted(GAME_BOARDS))
def test_a_game_page_for_a_seat_and_for_the_host(browser: Any, web_server: ServerProcess,
                                                 ruleset: str) -> None:
    made = web_server.create(ruleset=ruleset, seed=5,
                             seats=[{"kind": "human", "name": "Ann"},
                                    *[{"kind": "bot", "bot": "random"}] * BOTS[ruleset]])
    ctx = browser.new_context()
    for url in (made["seats"][0]["url"], made["host_url"]):
        page, errors = _open(ctx, url, "#conn.live")
        page.wait_for_selector(GAME_BOARDS[ruleset])
        _check(page, errors)
    ctx.close()


@pytest.mark.parametrize("ruleset", ["legacy", "beast"])
def test_a_campaign_page(browser: Any, web_server: ServerProcess, ruleset: str) -> None:
    made = httpx.post(web_server.url + "/api/campaigns", timeout=30, json={
        "ruleset": ruleset, "title": "Accessible",
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"},
                  {"kind": "bot", "bot": "random"}]}).json()
    ctx = browser.new_context()
    page, errors = _open(ctx, web_server.url + f"/campaign/{made['campaign']['id']}",
                         "#camp-status")
    _check(page, errors)
    ctx.close()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_haunt_page_with_its_secret_book(browser: Any, web_server: ServerProcess,
                                             size: str) -> None:
    ctx, page, errors = open_haunt_page(browser, web_server, size)
    _check(page, errors)
    ctx.close()


def test_the_check_finds_what_it_is_meant_to(browser: Any, web_server: ServerProcess) -> None:
    """A button without a name and an image without a text are reported (the check can fail)."""
    ctx = browser.new_context()
    page, _errors = _open(ctx, web_server.url + "/", "#games tr, #games li")
    page.evaluate("() => { const b = document.createElement('button'); document.body.append(b);"
                  " const i = document.createElement('img'); i.src = 'data:,'; "
                  "document.body.append(i); }")
    assert {v["id"] for v in blocking(page)} >= {"button-name", "image-alt"}
    ctx.close()


@pytest.mark.parametrize("ruleset", sorted(GAME_BOARDS))
def test_a_rules_page(browser: Any, web_server: ServerProcess, ruleset: str) -> None:
    ctx = browser.new_context()
    page, errors = _open(ctx, f"{web_server.url}/rules/{ruleset}", ".gallery-item")
    _check(page, errors)
    ctx.close()
