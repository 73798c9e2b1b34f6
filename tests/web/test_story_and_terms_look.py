"""The Legacy chapter's story and the beast battle's terms look as recorded, at desktop and phone
width (screenshots compared with tests/web/baselines, see screens.py): a chapter game before its
first turn (its story panel on top of the board), and a beast battle with its tooltips, dice key
and the enemy's turn told in the story."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from harness import ServerProcess
from pages import open_page
from screens import assert_matches
from test_beast_glossary_page import blake_meets_the_thug
from test_page_look import SIZES, _settle

from hauntkit.rulesets.legacy.chapters import load_chapters

MEMBERS = [{"name": n, "age": 30} for n in ("Ada", "Bram", "Cora")]


def _open(browser: Any, url: str, size: str, board: str) -> tuple[Any, Any, list[str]]:
    width, height = SIZES[size]
    return open_page(browser, url, "#conn.live", board, width=width, height=height)


def _shot(page: Any) -> bytes:
    return page.screenshot(animations="disabled", caret="hide")


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_chapter_s_story_looks_as_recorded(browser: Any, web_server: ServerProcess,
                                             shots: Path, size: str) -> None:
    made = web_server.create("legacy", seats=[{"kind": "human", "name": n}
                                              for n in ("Ann", "Ben", "Cy")],
                             seed=4, title="The story", config={
                                 "families": ["ashdown", "crowley", "hartwell"],
                                 "mode": "campaign", "haunt": "the_first_blood",
                                 "campaign": {"chapter": 0, "characters": MEMBERS}})
    ctx, page, errors = _open(browser, made["seats"][0]["url"], size, "#board .chapter-story")
    assert load_chapters()[0].story in page.inner_text("#board .chapter-story")
    assert_matches(_shot(page), f"chapter-{size}", shots)
    assert not errors, errors
    ctx.close()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_beast_battle_s_terms_look_as_recorded(browser: Any, web_server: ServerProcess,
                                                 shots: Path, size: str) -> None:
    made = blake_meets_the_thug(web_server, title="The terms")
    ctx, page, errors = _open(browser, made["seats"][0]["url"], size, "svg.beast-map .unit")
    page.click("button.action[data-type=end_turn]")
    page.wait_for_function("document.querySelector('#log').innerText.includes('loses 2 Health')")
    page.evaluate("document.querySelector('#dice')?.classList.add('idle')")  # no fade timing
    _settle(page)
    assert_matches(_shot(page), f"terms-{size}", shots)
    assert not errors, errors
    ctx.close()
