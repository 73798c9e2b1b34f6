"""Words, not ids, on every page a player reads (the rule "words are product": display names,
never ids, never ``None``, never ``(key: value)``, the right number grammar; docs/playing.md).
The scan of the engine's labels, prompts and log lines (tests/rulesets/test_words_scan.py) runs
here over the rendered pages in Chromium: the lobby with games of every ruleset listed (one
untitled), a game page of each ruleset with a few choices played and bots at the other seats,
a legacy campaign's page and a beast hunt's, and the host's page. Every visible text, option,
title and label is checked, and the prompt's buttons are told apart by their labels."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from harness import ServerProcess
from pages import click_and_wait
from wordscan import Finding, page_problems, report, scan

BOTS = [{"kind": "bot", "bot": "default"}] * 2


def _context(browser: Any) -> tuple[Any, list[str]]:
    ctx = browser.new_context(viewport={"width": 1400, "height": 950})
    return ctx, []


def _open(ctx: Any, url: str, errors: list[str], ready: str) -> Any:
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.wait_for_selector(ready, state="attached")
    return page


def _campaign(server: ServerProcess, ruleset: str, seats: list[dict[str, Any]],
              config: dict[str, Any], title: str = "") -> dict[str, Any]:
    r = httpx.post(f"{server.url}/api/campaigns", json={
        "ruleset": ruleset, "seats": seats, "seed": 3, "config": config, "title": title},
        timeout=120)
    assert r.status_code == 200, r.text
    return r.json()


def _next(server: ServerProcess, camp: dict[str, Any]) -> dict[str, Any]:
    r = httpx.post(f"{server.url}/api/campaigns/{camp['campaign']['id']}/next",
                   headers={"Authorization": f"Bearer {camp['host_token']}"}, timeout=120)
    assert r.status_code == 200, r.text
    return r.json()


def _finished(server: ServerProcess, gid: str) -> None:
    """Wait until the bots have played game ``gid`` to its end."""
    for _ in range(600):
        if httpx.get(f"{server.url}/api/games/{gid}", timeout=30).json()["status"] == "finished":
            return
        time.sleep(0.5)
    raise AssertionError(f"the bots did not finish game {gid}")


def test_the_scan_finds_an_id_put_into_a_page(browser: Any, web_server: ServerProcess) -> None:
    """The scan can fail: a button labelled with a (key: value) pair and a snake_case id, put
    into the lobby's page, is reported with the page and the text."""
    ctx, errors = _context(browser)
    page = _open(ctx, web_server.url + "/", errors, "#ruleset option[value=betrayal]")
    page.evaluate("""() => {
      const b = document.createElement("button");
      b.textContent = "Put (room: grand_ballroom)";
      document.body.prepend(b);
    }""")
    found = report(page_problems(page, "lobby")).splitlines()
    assert "lobby: line: (key: value) pair: (room: grand_ballroom): 'Put (room: grand_ballroom)'" \
        in found
    assert any("snake_case word: grand_ballroom" in line for line in found)
    ctx.close()


def test_the_lobby_speaks_in_words(browser: Any, web_server: ServerProcess, shots: Path) -> None:
    """The lobby lists games of every ruleset (one without a title) and campaigns by their
    names, and its forms offer each ruleset's options by their display names."""
    ids = [web_server.create("betrayal", seats=[{"kind": "human", "name": "Ann"}, *BOTS],
                             seed=1)["id"],
           web_server.create("legacy", seats=[{"kind": "human", "name": "Ann"}, *BOTS], seed=2,
                             title="Legacy night")["id"],
           web_server.create("beast", seats=[{"kind": "human", "name": "Ann"}], seed=3,
                             config={"map": "crypt"})["id"]]
    ids += [_campaign(web_server, "legacy", [{"kind": "human", "name": "Ann"}, *BOTS],
                      {})["campaign"]["id"],
            _campaign(web_server, "beast", [{"kind": "human", "name": "Ann"}],
                      {"hunt": "ashgrove"})["campaign"]["id"]]
    ctx, errors = _context(browser)
    page = _open(ctx, web_server.url + "/", errors, f"tr.game-row[data-id='{ids[2]}']")
    page.wait_for_selector(f"tr.campaign-row[data-id='{ids[4]}']")
    found = scan(page, "lobby", ids)
    names = {r["id"]: r["name"] for r in httpx.get(f"{web_server.url}/api/info").json()["rulesets"]}
    for row in page.locator("tr.game-row, tr.campaign-row").all():
        shown = row.locator("td").nth(1).inner_text()
        if shown not in names.values():
            found.append(Finding("lobby", "ruleset column", "not a ruleset's name", shown))
    for ruleset in ("betrayal", "legacy", "beast"):
        page.select_option("#ruleset", ruleset)
        found += scan(page, f"lobby, new {ruleset} game", ids)
    for ruleset in ("legacy", "beast"):
        page.select_option("#c-ruleset", ruleset)
        found += scan(page, f"lobby, new {ruleset} campaign", ids)
    page.screenshot(path=str(shots / "words-lobby.png"), full_page=True)
    assert not found, report(found)
    assert not errors, errors
    ctx.close()


def _play_and_scan(page: Any, where: str, clicks: int, ids: list[str]) -> list[Finding]:
    """Scan the page, then take ``clicks`` of the seat's choices (each a different one of the
    prompt's buttons, in turn), scanning after each."""
    found = scan(page, where, ids)
    for n in range(clicks):
        page.wait_for_selector("#endscreen:not([hidden]), #prompt button.action")
        if page.locator("#endscreen:not([hidden])").count():
            break
        if page.locator("#cardshow:not([hidden])").count():  # a drawn card, shown large
            page.click("#cardshow .card-big-close")
        closed = page.locator("#prompt details:not([open]) > summary")
        if closed.count():  # the beast page folds the plain list of choices away
            closed.first.click()
        buttons = page.locator("#prompt button.action:visible")
        click_and_wait(page, f"#prompt button.action:visible >> nth={n % buttons.count()}")
        found += scan(page, f"{where}, after {n + 1} choices", ids)
    if page.locator("#endscreen:not([hidden])").count():
        found += scan(page, f"{where}, at its end", ids)
    return found


@pytest.mark.parametrize(("ruleset", "seats", "config", "board"), [
    ("betrayal", 3, {}, ".explorer-card"),
    ("legacy", 3, {}, ".explorer-card"),
    ("beast", 1, {"map": "alley"}, "svg.beast-map .unit"),
])
def test_a_game_page_speaks_in_words(browser: Any, web_server: ServerProcess, shots: Path,
                                     ruleset: str, seats: int, config: dict[str, Any],
                                     board: str) -> None:
    made = web_server.create(ruleset, seats=[{"kind": "human", "name": "Ann"},
                                             *BOTS[:seats - 1]], seed=5, config=config)
    ctx, errors = _context(browser)
    page = _open(ctx, made["seats"][0]["url"], errors, "#conn.live")
    page.wait_for_selector(board)
    found = _play_and_scan(page, f"{ruleset} game", 60, [made["id"]])
    page.screenshot(path=str(shots / f"words-{ruleset}-game.png"), full_page=True)
    assert not found, report(found)
    assert not errors, errors
    ctx.close()


def test_the_host_page_speaks_in_words(browser: Any, web_server: ServerProcess) -> None:
    made = web_server.create("betrayal", seats=[{"kind": "human", "name": "Ann"}, *BOTS],
                             seed=6)
    ctx, errors = _context(browser)
    page = _open(ctx, made["host_url"], errors, "#seats li.seat button.host-bot")
    found = scan(page, "host page", [made["id"]])
    assert not found, report(found)
    assert not errors, errors
    ctx.close()


@pytest.mark.parametrize(("ruleset", "seats", "config"), [
    ("legacy", [{"kind": "bot", "bot": "default", "name": n} for n in ("Ann", "Bo", "Cy")], {}),
    # the Normal hunter survives the hunt's first leg (seed 3), so a next game is on offer
    ("beast", [{"kind": "bot", "bot": "normal", "name": "Ann"}], {"hunt": "ashgrove"}),
])
def test_a_campaign_page_speaks_in_words(browser: Any, web_server: ServerProcess, shots: Path,
                                         ruleset: str, seats: list[dict[str, Any]],
                                         config: dict[str, Any]) -> None:
    """A campaign's page after its first game (played by bots): its status, settings of the
    next game, summary, seats and history."""
    camp = _campaign(web_server, ruleset, seats, config)
    _finished(web_server, _next(web_server, camp)["game_id"])
    ctx, errors = _context(browser)
    page = _open(ctx, camp["host_url"], errors, ".history-row.finished")
    page.wait_for_selector("#play-next")
    choices = [o.get("choices") or [] for r in httpx.get(f"{web_server.url}/api/info").json()[
        "rulesets"] if r["id"] == ruleset for o in r["campaign_options"]]
    found = scan(page, f"{ruleset} campaign page",
                 [camp["campaign"]["id"], *(c for cs in choices for c in cs)])
    page.screenshot(path=str(shots / f"words-{ruleset}-campaign.png"), full_page=True)
    assert not found, report(found)
    assert not errors, errors
    ctx.close()


@pytest.mark.parametrize(("ruleset", "seats", "config", "board", "clicks", "dice"), [
    ("legacy", 3, {}, ".explorer-card", 60, []),  # the prologue
    # the hunt's first leg, all its choices ours: the shop, the event, an ambush (scripted
    # low rolls), its battle, the loot...
    ("beast", 1, {"hunt": "ashgrove"}, ".hunt-board", 400, [1, 1, 1]),
])
def test_a_campaign_game_page_speaks_in_words(browser: Any, web_server: ServerProcess,
                                              shots: Path, ruleset: str, seats: int,
                                              config: dict[str, Any], board: str,
                                              clicks: int, dice: list[int]) -> None:
    """The first game of a campaign, from a person's seat (bots in the others), some choices
    played."""
    camp = _campaign(web_server, ruleset, [{"kind": "human", "name": "Ann"},
                                           *BOTS[:seats - 1]], config)
    game = _next(web_server, camp)
    if dice:
        r = httpx.post(f"{web_server.url}/api/games/{game['game_id']}/dev/dice",
                       json={"faces": dice},
                       headers={"Authorization": f"Bearer {game['host_token']}"})
        assert r.status_code == 200, r.text
    ctx, errors = _context(browser)
    page = _open(ctx, game["seats"][0]["url"], errors, "#conn.live")
    page.wait_for_selector(board)
    found = _play_and_scan(page, f"{ruleset} campaign game", clicks, [game["game_id"]])
    page.screenshot(path=str(shots / f"words-{ruleset}-campaign-game.png"), full_page=True)
    assert not found, report(found)
    assert not errors, errors
    ctx.close()
