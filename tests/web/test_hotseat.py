"""Hot-seat (docs/playing.md, "One screen for many"): the host's page opened with hotseat=1
plays every person's seat on one screen. When the choice passes to another person, a hand-over
screen hides the last seat's board, secrets and story until the next person says they are
looking; the page then shows that seat, and only what that seat may see."""

from __future__ import annotations

from typing import Any

from harness import ServerProcess

PEOPLE = [{"kind": "human", "name": n} for n in ("Ann", "Ben")] + [{"kind": "bot", "name": "Robo"}]
# a haunt with a traitor (Ben) whose book only Ben may read
SETUP = {"haunt": {"id": "ghoul_pack", "traitor": 1, "revealer": 0},
         "explorers": {"0": {"room": "foyer"}, "1": {"room": "upper_landing"}},
         "turn": {"seat": 0, "moves": 4}}


def _hidden_while_handing_over(page: Any, name: str) -> None:
    page.wait_for_selector(f"#handover:not([hidden]) h2:has-text('Pass the screen to {name}')")
    assert page.locator("#board *").count() == 0
    assert page.locator("#secret *").count() == 0 and page.locator("#log li").count() == 0
    assert page.evaluate("getComputedStyle(document.querySelector('.game-main')).visibility")\
        == "hidden"


def _take_the_screen(page: Any, name: str) -> None:
    page.click(".handover-ready")
    page.wait_for_function(f"document.querySelector('#whoami').textContent === 'you are {name}'")
    page.wait_for_selector("#prompt button.action")


def test_the_screen_passes_with_a_hand_over_in_between(browser: Any,
                                                       web_server: ServerProcess) -> None:
    made = web_server.create("betrayal", seats=PEOPLE, seed=12, setup=SETUP)
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(made["host_url"] + "&hotseat=1")
    _hidden_while_handing_over(page, "Ann")
    _take_the_screen(page, "Ann")
    assert "The heroes' book" in page.inner_text("#secret")  # Ann is a hero
    assert "The traitor's book" not in page.inner_text("body")  # she never sees Ben's book
    page.click("#prompt button.action[data-type=end_turn]")
    _hidden_while_handing_over(page, "Ben")
    _take_the_screen(page, "Ben")
    assert "The traitor's book" in page.inner_text("#secret")  # Ben is the traitor
    assert not errors, errors
    ctx.close()


def test_the_host_page_starts_hot_seat(browser: Any, web_server: ServerProcess) -> None:
    made = web_server.create("betrayal", seats=PEOPLE, seed=13)
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(made["host_url"])
    page.click("#host-tools .start-hotseat")
    page.wait_for_selector("#handover:not([hidden]) .handover-ready")
    assert "hotseat=1" in page.evaluate("location.hash")
    ctx.close()
