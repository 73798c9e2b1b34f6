"""A first-time player reads the beast battle page: its terms carry their meaning as tooltips
(content/beast/glossary.yaml, delivered by the catalogue), a "Terms" list explains every one,
the dice list has a key of the combat die's faces (RULING R1), and the enemy's turn is told in
sentences ("Enemy Turn", "Combat Cards").

Blake (his Brace used up, so no interrupt is offered) stands on the Back Alley map; the hunters
win the initiative (6 against 1), he ends his turn, and the Thug draws Strike, moves two
squares and hits him twice (sword & shield, double sword, blank) through three blank defence
dice: 2 damage, Health 11 to 9 (R4)."""

from __future__ import annotations

from pathlib import Path

from harness import ServerProcess
from pages import click_and_wait, open_game_pages


def blake_meets_the_thug(server: ServerProcess, **extra: object) -> dict:
    """The battle of this file's docstring, made on ``server`` (its answer, with the links)."""
    return server.create("beast", seats=[{"kind": "human", "name": "Ann"}],
                         config={"map": "alley", "hunters": ["blake"], "enemies": ["thug"],
                                 "dice": [6, 1]},
                         setup={"units": {"blake": {"x": 5, "y": 2, "ch": {"brace": 0}},
                                          "thug-1": {"x": 8, "y": 2}},
                                "lights": [], "cards": ["strike"]},
                         dice=[1, 2, 0, 0, 0, 0, 0], seed=11, **extra)


def test_tooltips_terms_dice_key_and_the_enemy_turn_in_sentences(
        browser, web_server: ServerProcess, shots: Path) -> None:
    made = blake_meets_the_thug(web_server)
    ctx = browser.new_context(viewport={"width": 1400, "height": 950})
    errors: list[str] = []
    page, = open_game_pages(ctx, [made["seats"][0]["url"]], errors, board="svg.beast-map .unit")

    # a term on the hunter's card: dotted underline, its meaning as the tooltip, and Tab reaches it
    hp = page.locator(".mine-info .hunter-card abbr.term[data-term=hp]")
    hp.hover()
    assert "How much harm a unit can take" in (hp.get_attribute("title") or "")
    assert "dotted" in hp.evaluate("n => getComputedStyle(n).textDecorationStyle")
    hp.focus()
    assert page.evaluate("document.activeElement.dataset.term") == "hp"
    strength = page.locator(".turn-order abbr.term[data-term=strength]").first
    assert "strength rating" in (strength.get_attribute("title") or "")

    # the enemy's turn, told in sentences, its terms explained in the log too
    click_and_wait(page, "button.action[data-type=end_turn]")
    page.wait_for_function("document.querySelector('#log').innerText.includes('loses 2 Health')")
    log = page.inner_text("#log")
    for sentence in ("Thug 1 draws the combat card Strike: a melee attack.",
                     "Thug 1 moves to G3, toward Blake (2 squares so far).",
                     "Thug 1 makes a melee attack on Blake.",
                     "Thug 1 attacks Blake with 3 physical attack dice and rolls sword & shield, "
                     "double sword and blank: 2 hits.",
                     "Blake takes 2 physical damage and loses 2 Health (11 → 9)."):
        assert sentence in log, log
    card = page.locator("#log abbr.term[data-term=combat-card]").first
    assert "Each enemy draws one" in (card.get_attribute("title") or "")

    # the dice key beside the rolls, and the Terms list under the map
    key = page.inner_text(".rolls .dice-key")
    assert "sword & shield: A combat die face (three of the six). On an attack roll it is a hit" in key
    assert "double sword:" in key and "blank:" in key and "a number:" in key
    assert page.locator(".rolls .dice-key .die").count() == 3
    page.click(".beast-terms summary")
    terms = page.inner_text(".beast-terms")
    assert "Attack and Range (A/R)" in terms and "strength (CP)" in terms
    page.screenshot(path=str(shots / "beast-glossary.png"))
    assert not errors, errors
    ctx.close()
