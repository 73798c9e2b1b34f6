"""Clicking through games (issue 12): a drawn event card is shown large with its text while its
question waits, to the drawer and (without blocking the page) to the others; the end screen says
who won, shows everyone's figures, downloads a save that ``hauntkit replay`` opens, and its
rematch button takes every player to their own seat of one new game."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from harness import ServerProcess
from pages import open_game_pages

SEATS = [{"kind": "human", "name": n} for n in ("Ann", "Ben", "Cy")]
# Ann on the Upper Landing; north of it the Attic (an event room), then Crossroads on top of the
# event deck: "The red door / The blue door".
CARD = {"room_stack": ["attic"], "decks": {"event": ["dark_choice"]},
        "explorers": {"0": {"room": "upper_landing"}}, "turn": {"seat": 0, "moves": 4}}


def _version(page) -> int:
    return int(page.evaluate("document.body.dataset.version"))


def _pages(browser, urls: list[str], errors: list[str]):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
    return ctx, open_game_pages(ctx, urls, errors)


def test_a_drawn_card_is_shown_with_its_text(browser, web_server: ServerProcess,
                                              shots: Path) -> None:
    made = web_server.create("betrayal", seats=SEATS, seed=7, setup=CARD)
    errors: list[str] = []
    ctx, (ann, ben) = _pages(browser, [s["url"] for s in made["seats"][:2]], errors)
    ann.bring_to_front()
    ann.locator(".explore.clickable[data-dir=n]").click()
    ann.wait_for_selector("#cardshow:not([hidden]) .card-big")
    assert ann.inner_text(".card-big-name") == "Crossroads"
    assert "Two doors appear" in ann.inner_text(".card-big-text")
    assert "draws Crossroads" in ann.inner_text(".card-big-who")
    assert "Choose one" in ann.inner_text(".card-big-pending")
    assert not ann.locator("#cardshow").evaluate("n => n.classList.contains('passive')")
    # Ben sees the same card for a few seconds, and it does not stop him using his page
    ben.bring_to_front()
    ben.wait_for_selector("#cardshow:not([hidden]) .card-big")
    assert ben.inner_text(".card-big-name") == "Crossroads"
    assert ben.locator("#cardshow").evaluate("n => n.classList.contains('passive')")
    assert not ben.locator(".card-big-pending").count()
    ben.click(".floor-tab[data-floor=ground]")  # goes through the card to the page
    assert ben.locator(".floor-tab.active").inner_text().startswith("Ground floor")
    ben.wait_for_selector("#cardshow", state="hidden")  # by itself
    # Ann, who drew it, closes it herself: it is still there after Ben's went away
    ann.bring_to_front()
    assert ann.locator("#cardshow .card-big").is_visible()
    # the question stays next to the card's text in the prompt once the card is closed
    ann.click(".card-big-close")
    ann.wait_for_selector("#cardshow", state="hidden")
    assert "Two doors appear" in ann.inner_text("#prompt-panel .prompt-card")
    assert ann.locator("button.act-option:has-text('The red door')").is_visible()
    v = _version(ann)
    ann.click("button.act-option:has-text('The red door')")
    ann.wait_for_function(f"Number(document.body.dataset.version) > {v}", polling=100)
    assert "Crossroads" in ann.inner_text("#log")
    ann.screenshot(path=str(shots / "11-card-answered.png"))
    assert not errors, errors
    ctx.close()


def test_end_screen_outcome_figures_save_and_rematch(browser, web_server: ServerProcess,
                                                     shots: Path, tmp_path: Path) -> None:
    made = web_server.create("betrayal", seats=SEATS, seed=3, title="Short",
                             config={"max_turns": 1})
    errors: list[str] = []
    ctx, pages = _pages(browser, [s["url"] for s in made["seats"]], errors)
    actor = next(p for p in pages if p.locator("button.act-end_turn").count())
    actor.bring_to_front()
    actor.click("button.act-end_turn")
    for p in pages:
        p.bring_to_front()
        p.wait_for_selector("#endscreen:not([hidden])")
        assert p.inner_text(".end-outcome") == "Nobody won"  # the turn cap: a draw
        assert "turn cap" in p.inner_text(".end-text")
    ann, ben = pages[0], pages[1]
    ann.bring_to_front()
    rows = ann.locator(".end-figures tbody tr")
    assert [rows.nth(i).inner_text().split("\t")[0] for i in range(3)] == ["Ann", "Ben", "Cy"]
    assert ann.locator(".end-figures tr.mine").inner_text().startswith("Ann")
    heads = ann.inner_text(".end-figures thead")
    assert all(t in heads for t in ("Might", "Speed", "Knowledge", "Sanity"))
    ann.screenshot(path=str(shots / "12-end-screen.png"))
    # the save download opens in hauntkit replay
    with ann.expect_download() as got:
        ann.click("button.save-download")
    path = tmp_path / got.value.suggested_filename
    got.value.save_as(path)
    assert json.loads(path.read_text())["ruleset"] == "betrayal"
    hauntkit = Path(sys.executable).parent / "hauntkit"
    out = subprocess.run([str(hauntkit), "replay", str(path)], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert "Nobody wins (turn cap reached)." in out.stdout
    # rematch: Ann and Ben land on their own seats of the same new game
    ann.click("button.rematch")
    ann.wait_for_url(lambda url: made["id"] not in url)
    ann.wait_for_selector(".explorer-card")
    ben.bring_to_front()
    ben.click("button.rematch")
    ben.wait_for_url(lambda url: made["id"] not in url)
    ben.wait_for_selector(".explorer-card")
    new_id = ann.url.split("/game/")[1].split("#")[0]
    assert ben.url.split("/game/")[1].split("#")[0] == new_id
    assert "you are Ann" in ann.inner_text("#whoami") and "you are Ben" in ben.inner_text("#whoami")
    assert ann.locator("#endscreen").is_hidden()
    assert ann.inner_text("#game-title") == "Rematch: Short"
    assert not errors, errors
    ctx.close()
