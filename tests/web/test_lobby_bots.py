"""The lobby gives any seat a bot by strength: one game (betrayal, legacy, beast) with an Easy,
a Normal and a Hard seat plus a person, each seat played by the bot chosen for it, shown by its
strength (docs/bots.md, "Strengths": the lobby offers Easy, Normal and Hard, Normal first
chosen; issue 11: "any seat can be given any bot")."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from harness import ServerProcess
from pages import created_links, open_more_options

from hauntkit.bots import bot_rng, get_bot
from hauntkit.core.game import Game
from hauntkit.core.ruleset import get_ruleset

CHOSEN = {0: "easy", 1: "normal", 2: "hard"}  # seat -> bot; seat 3 is the person
TITLES = {"easy": "Easy", "normal": "Normal", "hard": "Hard"}
HUMAN = 3


def _save(page: Any, url: str, gid: str, host: str) -> dict[str, Any]:
    """The host's save of the game: seed, config and history ([seat, action] pairs)."""
    resp = page.request.get(f"{url}/api/games/{gid}/save",
                            headers={"authorization": f"Bearer {host}"})
    assert resp.ok, resp.text()
    return resp.json()


def _check_bot_moves(save: dict[str, Any]) -> dict[int, int]:
    """Replay the game; every action of a bot seat must be the one its chosen bot picks from
    that seat's view with the server's seeding rule (docs/bots.md, ``bot_rng``). Returns the
    number of actions each bot seat played."""
    rs = get_ruleset(save["ruleset"])
    game = Game.new(rs, save["config"], save["seed"])
    bots = {seat: get_bot(name, rs) for seat, name in CHOSEN.items()}
    played = dict.fromkeys(CHOSEN, 0)
    for seat, action in save["history"]:
        if seat in bots:
            bot = bots[seat]
            view = game.view(seat) if bot.uses_view else {}
            rng = bot_rng(save["seed"], seat, game.state["version"])
            assert bot.choose(view, game.legal_actions(seat), rng) == action, (
                f"seat {seat}'s move at version {game.state['version']} is not "
                f"{CHOSEN[seat]}'s")
            played[seat] += 1
        game.act(seat, action)
    return played


@pytest.mark.parametrize("ruleset", ["betrayal", "legacy", "beast"])
def test_each_seat_is_played_by_the_bot_chosen_in_the_lobby(
        browser, web_server: ServerProcess, shots: Path, ruleset: str) -> None:
    errors: list[str] = []
    ctx = browser.new_context(viewport={"width": 1400, "height": 950})
    lobby = ctx.new_page()
    lobby.on("pageerror", lambda e: errors.append(str(e)))
    lobby.goto(web_server.url + "/")
    lobby.wait_for_selector(f"#ruleset option[value={ruleset}]", state="attached")
    lobby.select_option("#ruleset", ruleset)
    lobby.fill("#seat-count", "4")
    open_more_options(lobby)
    lobby.fill("#seed", "11")
    lobby.fill("#bot-delay", "0")
    kinds = lobby.locator(".seat-kind")
    assert kinds.count() == 4
    # exactly the three strengths, Normal chosen for a new bot seat; no research bot
    offered = kinds.nth(1).locator("option").all_inner_texts()
    assert offered == ["a person", "bot: Easy", "bot: Normal", "bot: Hard"]
    assert kinds.nth(1).input_value() == "bot:normal"
    assert "Normal: " in lobby.locator(".bot-hint").nth(1).inner_text()
    for seat, bot in CHOSEN.items():
        kinds.nth(seat).select_option(f"bot:{bot}")
    kinds.nth(HUMAN).select_option("human")
    lobby.locator(".seat-name").nth(HUMAN).fill("Dana")
    lobby.click("#create-btn")
    urls, host_url = created_links(lobby)  # a bot in the first seat: the host's page

    # the links name each seat's bot
    rows = lobby.locator("#invite .link-row")
    for seat, bot in CHOSEN.items():
        assert f"played by Bot ({TITLES[bot]})" in rows.nth(seat).inner_text()
    assert "a person" in rows.nth(HUMAN).inner_text()
    url = urls[HUMAN]
    gid, host = host_url.split("/game/")[1].split("#host=")
    lobby.screenshot(path=str(shots / f"lobby-bots-{ruleset}.png"))

    # the server holds the same choice
    summary = lobby.request.get(f"{web_server.url}/api/games/{gid}").json()
    assert [s["bot"] for s in summary["seats"]] == [CHOSEN[0], CHOSEN[1], CHOSEN[2], None]

    # the person's page lists each seat's bot
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.wait_for_selector("#conn.live")
    seats = page.locator("#seats li.seat")
    for seat, bot in CHOSEN.items():
        assert f"played by Bot ({TITLES[bot]})" in seats.nth(seat).inner_text()
    assert "you" in seats.nth(HUMAN).inner_text()

    # the game goes on: every seat ends a turn (beast: or passes), and play goes on past a
    # full round (the person ends theirs by clicking)
    ends = get_ruleset(ruleset).end_action_types
    end_buttons = ", ".join(["button.act-end_turn",
                             *(f"button.action[data-type={t}]" for t in sorted(ends))])
    deadline = time.monotonic() + 300
    while True:
        history = _save(page, web_server.url, gid, host)["history"]
        acted = {seat for seat, _ in history}
        turns_by = [seat for seat, action in history if action.get("type") in ends]
        if (all(s in turns_by for s in [*CHOSEN, HUMAN]) and len(turns_by) > len(CHOSEN) + 1
                or summary.get("status") == "finished"):
            break
        assert time.monotonic() < deadline, f"bots stalled: seats acted {sorted(acted)}"
        try:
            if page.locator(end_buttons).count():
                page.locator(end_buttons).first.click(timeout=2000)
            elif page.locator("button.action").count():
                page.locator("button.action").first.click(timeout=2000)
            else:
                page.wait_for_timeout(300)
        except Exception:  # noqa: BLE001 - the buttons are redrawn while we look
            continue
        summary = lobby.request.get(f"{web_server.url}/api/games/{gid}").json()
    assert set(CHOSEN) <= acted and HUMAN in acted
    played = _check_bot_moves(_save(page, web_server.url, gid, host))
    assert all(n >= 1 for n in played.values()), played
    page.screenshot(path=str(shots / f"lobby-bots-{ruleset}-play.png"))
    assert not errors
