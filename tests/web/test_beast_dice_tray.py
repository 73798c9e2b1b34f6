"""The page's top dice tray shows beast's rolls (issue 10: "the dice of each roll"): before, only
the board's side column showed them and the tray under the header stayed empty for beast.

Fei stands next to a Thug on the Back Alley map; the hunters win the initiative (6 against 1,
scripted) and Fei's melee attack rolls a hit and a blank against the Thug's two blank defence
dice (rules: "Combat Dice"; RULING R1's faces)."""

from __future__ import annotations

from pathlib import Path

from harness import ServerProcess
from pages import open_game_pages


def test_the_top_tray_shows_the_dice_of_a_beast_attack(browser, web_server: ServerProcess,
                                                       shots: Path) -> None:
    made = web_server.create("beast", seats=[{"kind": "human", "name": "Ann"}],
                             config={"map": "alley", "hunters": ["fei", "joe"],
                                     "enemies": ["thug"], "dice": [6, 1]},
                             setup={"units": {"fei": {"x": 5, "y": 2}, "joe": {"x": 2, "y": 2},
                                              "thug-1": {"x": 6, "y": 2}}},
                             dice=[1, 0, 0, 0], seed=11)
    ctx = browser.new_context(viewport={"width": 1400, "height": 950})
    errors: list[str] = []
    page, = open_game_pages(ctx, [made["seats"][0]["url"]], errors, board="svg.beast-map .unit")
    assert page.locator("#dice .die").count() == 0  # nothing rolled since the page opened

    page.click("svg.beast-map .unit.can-attack[data-unit='thug-1']")
    page.click(".attack-choice button:has-text('Melee')")
    page.wait_for_selector("#dice .die")
    tray = page.inner_text("#dice")
    assert "Fei attacks Thug 1 with 2 physical attack dice" in tray
    assert "Thug 1 defends with 2 dice" in tray
    # the attack's two dice and the defence's two, drawn as the side column draws them
    assert page.locator("#dice .die").count() == 4
    assert page.locator("#dice .die.face-1").count() == 1
    assert page.locator("#dice .die.face-0").count() == 3
    assert page.locator("#dice .die svg").count() == 4
    assert "idle" not in (page.get_attribute("#dice", "class") or "")
    # the same roll is in the side column's list
    assert "Fei attacks Thug 1 with 2 physical attack dice" in page.inner_text(".rolls")
    page.locator("#dice").screenshot(path=str(shots / "beast-dice-tray.png"))
    page.screenshot(path=str(shots / "beast-dice-tray-page.png"))
    assert not errors, errors
    ctx.close()
