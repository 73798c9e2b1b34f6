"""A side's progress and a roll's outcome on the page (docs/playing.md, "The page"; RULING B14:
each side reads its own book): in Out the Front Door a hero sees whether the door is forced and
how many heroes stand in the Entrance Hall of the number needed; forcing it, the story says what
the roll was and what it did, and the progress line ticks off."""

from __future__ import annotations

from typing import Any

from harness import ServerProcess
from pages import click_and_wait, open_page

SETUP = {"haunt": {"id": "front_door", "revealer": 0, "traitor": 1},
         "explorers": {"0": {"room": "entrance_hall", "traits": {"might": 4}},
                       "2": {"room": "foyer"}, "3": {"room": "foyer"}},
         "turn": {"seat": 0}}


def _progress(page: Any) -> list[str]:
    return [t.strip() for t in page.locator("#secret-panel .progress-item").all_inner_texts()]


def test_the_door_goal_ticks_off_and_the_roll_says_what_it_did(
        browser: Any, web_server: ServerProcess) -> None:
    made = web_server.create("betrayal", seats=[{"kind": "human", "name": n}
                                                for n in ("Ann", "Ben", "Cy", "Di")],
                             seed=21, setup=SETUP, dice=[2, 2, 1, 1])
    ctx, page, errors = open_page(browser, made["seats"][0]["url"],
                                  "#secret-panel:not([hidden]) .progress-item")
    assert _progress(page) == ["Force the front door: not yet",
                               "Living heroes in the Entrance Hall: 1 of 2"]
    force = page.locator("#prompt button.action", has_text="Force the front door")
    assert force.count() == 1
    click_and_wait(page, "#prompt button.action:has-text('Force the front door')")
    page.wait_for_function("() => [...document.querySelectorAll('.progress-item')]"
                           ".some((n) => n.textContent.includes('done'))", timeout=15_000)
    story = page.inner_text("#log")
    assert "a result of 5 or more" in story and "The bar gives way" in story, story[-600:]
    assert _progress(page)[0] == "Force the front door: done"
    assert not errors, errors
    ctx.close()
