"""The beast board in Chromium (issue 10): a battle drawn as a grid, played to its end by
clicking, with one person controlling two hunters.

The position is a scenario set-up on the Back Alley map (HR-90 names its spaces A1...): Fei
and Joe (one seat) against a single Thug with 1 HP, and scripted dice: the hunters win the
initiative (6 against 1), Fei's melee attack rolls two hits (a critical: two more dice, both
blank) and the Thug's two defence dice are blank (rules: "Critical Hits", "Perfect Defense").
"""

from __future__ import annotations

import re
from pathlib import Path

from harness import ServerProcess

SETUP = {"units": {"fei": {"x": 5, "y": 2}, "joe": {"x": 2, "y": 2},
                   "thug-1": {"x": 7, "y": 2, "hp": 1, "st": {"MARKED": [3, 1]}}},
         "lights": [[1, 2]]}


def _version(page) -> int:
    return int(page.evaluate("document.body.dataset.version"))


def _wait_version_above(page, version: int) -> None:
    page.wait_for_function(f"Number(document.body.dataset.version) > {version}", polling=100)


def _open(browser, web_server: ServerProcess, setup: dict, dice: list[int], **config):
    made = web_server.create("beast", seats=[{"kind": "human", "name": "Ann"}],
                             config={"map": "alley", "hunters": ["fei", "joe"],
                                     "enemies": ["thug"], "dice": [6, 1], **config},
                             setup=setup, dice=dice, seed=11)
    ctx = browser.new_context(viewport={"width": 1400, "height": 950})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(made["seats"][0]["url"])
    page.wait_for_selector("#conn.live")
    page.wait_for_selector("svg.beast-map .unit")
    return ctx, page, errors


def test_a_battle_played_to_its_end_by_clicking(browser, web_server: ServerProcess,
                                                shots: Path) -> None:
    ctx, page, errors = _open(browser, web_server, SETUP, [1, 1, 0, 0, 0, 0, 0, 0])

    # the grid: every space of the 10x5 map, walls and cover drawn, edges lettered (HR-90)
    assert page.locator("svg.beast-map rect.cell").count() == 50
    assert page.locator("svg.beast-map rect.cell.wall").count() == 4
    assert page.locator("svg.beast-map rect.cell.cover").count() == 3
    assert page.locator("svg.beast-map rect.cell.lit").count() == 25  # the west tile's lamp
    assert page.locator("svg.beast-map .light").count() == 1
    # one person, two hunters: the page says so, and the seat list says whom Ann plays
    assert "You control two hunters: Fei and Joe." in page.inner_text("#prompt")
    assert "plays Fei and Joe" in page.inner_text("#seats")
    # statuses as words, names not ids
    info = page.inner_text(".beast-info")
    assert "Thug 1" in info and "marked" in info and "MARKED" not in info
    assert "thug-1" not in page.inner_text("#log")
    # turn order and the initiative roll in the dice panel
    assert "initiative: hunters first" in page.inner_text(".turn-order")
    assert "Initiative" in page.inner_text(".rolls")
    page.screenshot(path=str(shots / "beast-start.png"))

    # aiming: the Shock Grenade (an AOE) previews its 3x3 area before any click commits it
    page.click("button.aim[data-ability=shock-grenade]")
    page.wait_for_selector("svg.beast-map rect.cell.can-aim")
    page.locator("svg.beast-map rect.cell.can-aim[data-x='7'][data-y='1']").hover()
    page.wait_for_selector("svg.beast-map rect.template")
    assert page.locator("svg.beast-map rect.template").count() == 9  # H2 and the 8 around it
    page.click("button.aim[data-ability=flame-thrower]")  # switch to the beam
    page.wait_for_selector("svg.beast-map .beam-aim")
    page.locator("svg.beast-map .beam-aim[data-dir='0']").hover()
    # range 4 to the east, G3 to J3: units do not stop a beam (rules: "Beams")
    assert page.locator("svg.beast-map rect.template").count() == 4
    page.screenshot(path=str(shots / "beast-aim.png"))
    page.click("button.aim[data-ability=flame-thrower]")  # stop aiming
    page.wait_for_selector("svg.beast-map .beam-aim", state="detached")

    # moving: click a lit-up space next to the Thug
    v = _version(page)
    page.click("svg.beast-map rect.cell.can-move[data-x='6'][data-y='2']")
    _wait_version_above(page, v)
    assert page.locator("svg.beast-map .unit[data-unit=fei]").get_attribute("data-x") == "6"
    assert "Fei moves to G3." in page.inner_text("#log")

    # attacking: click the Thug; adjacent, Fei may strike in melee or shoot: pick melee
    page.click("svg.beast-map .unit.can-attack[data-unit='thug-1']")
    page.click(".attack-choice button:has-text('Melee')")
    page.wait_for_selector("#endscreen:not([hidden])", timeout=20000)
    assert "won" in page.inner_text("#endscreen")
    assert "The hunters won: every enemy is defeated" in page.inner_text("#endscreen")
    log = page.inner_text("#log")
    assert ("Fei attacks Thug 1 with 2 physical attack dice and rolls sword & shield and "
            "sword & shield: 2 hits, a critical hit") in log
    assert not re.search(r"\[\d", log) and "Seat 0" not in log
    assert page.locator(".rolls .die").count() >= 4
    page.screenshot(path=str(shots / "beast-end.png"))
    assert not errors, errors
    ctx.close()


def test_the_enemy_card_and_the_interrupts_on_offer(browser, web_server: ServerProcess,
                                                    shots: Path) -> None:
    """Rules "Combat Cards" and "Interrupts": when the Thug draws its card and comes on, the
    page shows the card, what it will do and whom it goes for (HR-92), and the interrupts on
    offer, usable by clicking their target."""
    setup = {"units": {"fei": {"x": 5, "y": 4}, "joe": {"x": 6, "y": 4},
                       "thug-1": {"x": 8, "y": 2}}, "cards": ["strike"]}
    ctx, page, errors = _open(browser, web_server, setup, [])
    v = _version(page)
    page.click("button.action[data-type=end_turn]")
    _wait_version_above(page, v)
    page.wait_for_selector(".intent")
    intent = page.inner_text("#prompt .intent")
    assert "Thug 1 drew Strike: a melee attack (Melee attack) on Joe, moving through H4." in intent
    assert page.locator("svg.beast-map .intent-path").count() == 1
    assert page.locator("button.action[data-type=interrupt]").count() >= 1
    assert page.inner_text("#prompt-title") == "Interrupt?"
    page.screenshot(path=str(shots / "beast-interrupt.png"))
    # Fei's Paralyze and Joe's Bola both reach the Thug: a click on it asks which
    page.click("svg.beast-map .unit.can-aim[data-unit='thug-1']")
    choice = page.locator(".attack-choice button")
    assert sorted(choice.all_inner_texts()) == ["Interrupt: Fei: Paralyze on Thug 1",
                                                "Interrupt: Joe: Bola on Thug 1"]
    v = _version(page)
    page.click(".attack-choice button:has-text('Paralyze')")
    _wait_version_above(page, v)
    page.wait_for_function("document.querySelector('#log').innerText.includes("
                           "'Thug 1 is now paralyzed.')")
    assert not errors, errors
    ctx.close()


def test_an_area_attack_aimed_and_thrown_by_clicking_starts_its_cool_down(
        browser, web_server: ServerProcess, shots: Path) -> None:
    """Rules "Area of Effect (AOE)" and "Ability Cool Downs": Fei's Shock Grenade is aimed
    from the panel, thrown by clicking a marked space, and then cools down for 2 turns, which
    his card beside the board shows."""
    setup = {"units": {"fei": {"x": 5, "y": 2}, "joe": {"x": 2, "y": 2},
                       "thug-1": {"x": 8, "y": 2}}}
    ctx, page, errors = _open(browser, web_server, setup, [0, 1, 0, 0, 0, 0, 0, 0],
                              loadout={"fei": ["ninja_mask", "shortbow"]})
    assert "Shock Grenade — ready" in page.inner_text(".mine-info")
    # his gear by name ("Gear and Equipment"), beside the board
    assert "Gear: Ninja mask, Shortbow" in page.inner_text(".mine-info")
    page.click("button.aim[data-ability=shock-grenade]")
    v = _version(page)
    page.click("svg.beast-map rect.cell.can-aim[data-x='8'][data-y='3']")
    _wait_version_above(page, v)
    assert "Fei uses Shock Grenade." in page.inner_text("#log")
    assert "Shock Grenade — cooling down: 2 turns" in page.inner_text(".mine-info")
    assert "cooling down: Shock Grenade 2" in page.inner_text(".unit-list")
    assert page.locator("button.aim[data-ability=shock-grenade]").count() == 0
    assert re.search(r"Fei attacks Thug 1 with \d electric attack dice", page.inner_text(".rolls"))
    page.screenshot(path=str(shots / "beast-cooldown.png"))
    assert not errors, errors
    ctx.close()


def test_a_whole_battle_of_bots_draws_without_a_page_error(browser, web_server: ServerProcess,
                                                          shots: Path) -> None:
    """Every position of a full battle on the Flooded Crypt (four hunters, two seats, the
    default bot playing both) is drawn by the board without an error, to the end screen."""
    made = web_server.create("beast", seats=[{"kind": "human", "name": "Ann"},
                                             {"kind": "bot", "bot": "default"}],
                             config={"map": "crypt", "max_rounds": 6}, seed=5)
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(made["seats"][0]["url"])
    page.wait_for_selector("svg.beast-map .unit")
    page.click("button.hand-to-bot")
    page.wait_for_selector("#endscreen:not([hidden])", timeout=180000)
    assert re.search(r"The (hunters|enemies) won|Nobody won", page.inner_text("#endscreen"))
    assert page.locator("svg.beast-map rect.cell").count() == 60
    page.screenshot(path=str(shots / "beast-bots-end.png"))
    assert not errors, errors
    ctx.close()


def test_nysas_clash_hand_is_named_for_her_player_only(browser, web_server: ServerProcess,
                                                       shots: Path) -> None:
    """"Card Casting (Nysa)" (HR-54): her player sees the names of the clash cards in her hand
    on her card (3 dealt, 1 drawn as the hunters' turn starts); a spectator sees only how many
    she holds (the hand is hidden)."""
    made = web_server.create("beast", seats=[{"kind": "human", "name": "Ann"}],
                             config={"map": "alley", "hunters": ["nysa", "joe"],
                                     "enemies": ["thug"], "dice": [6, 1]}, seed=4)
    ctx = browser.new_context(viewport={"width": 1400, "height": 950})
    errors: list[str] = []
    pages = []
    for url in (made["seats"][0]["url"], made["spectator_url"]):
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(url)
        page.wait_for_selector("svg.beast-map .unit")
        pages.append(page)
    mine, watcher = pages
    mine.bring_to_front()
    card = mine.inner_text(".mine-info .hunter-card[data-unit=nysa]")
    assert re.search(r"Clash cards in hand \(4\): \w", card), card
    assert "4 clash cards" in mine.inner_text(".unit-list")
    assert "4 clash cards" in watcher.inner_text(".unit-list")
    assert watcher.locator(".mine-info").count() == 0
    names = card.split("): ", 1)[1]
    assert names.split(", ")[0] not in watcher.inner_text("body")
    mine.screenshot(path=str(shots / "beast-nysa-hand.png"))
    assert not errors, errors
    ctx.close()


def test_one_attack_button_per_weapon_names_the_weapon(browser, web_server: ServerProcess,
                                                       shots: Path) -> None:
    """"Gear and Equipment": Cassandra carries an AR-15 and Shuriken beside her own ranged
    attack; clicking the Thug offers one button per way to shoot, each naming its weapon
    (HR-91: no two choices read alike)."""
    setup = {"units": {"cassandra": {"x": 2, "y": 2}, "thug-1": {"x": 4, "y": 2}},
             "gear": {"cassandra": ["ar_15", "shuriken"]}}
    ctx, page, errors = _open(browser, web_server, setup, [], hunters=["cassandra"])
    page.click("svg.beast-map .unit.can-attack[data-unit='thug-1']")
    page.wait_for_selector(".attack-choice button")
    shown = page.locator(".attack-choice button").all_inner_texts()
    assert "Ranged attack with AR-15" in shown and "Ranged attack with Shuriken" in shown
    assert len(shown) == len(set(shown)), shown
    page.screenshot(path=str(shots / "beast-attack-per-weapon.png"))
    assert not errors, errors
    ctx.close()
