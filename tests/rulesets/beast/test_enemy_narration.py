"""The enemy turn told in sentences: what the drawn combat card makes the enemy do, each square
it moves and toward whom, its attack, the dice against the hits, and Health before and after.

Rules cited: "Enemy Turn" and "Combat Cards" (one card per enemy says its action), "Combat
Logic" and "Cruelty" (whom it goes for), "Combat Basics" (movement, square by square), RULINGS
R1 (die faces: hits and blocks), R3 (perfect defence) and R4 (damage: hits minus blocks).
Blake has no Brace left, so that no interrupt is offered and the turn runs through."""

from __future__ import annotations

from beastkit import battle, events, pass_windows

from hauntkit.testing.wording import problems

BLAKE_NO_INTERRUPT = {"ch": {"brace": 0}}


def _enemy_turn(rs, units, card, dice):
    g = battle(rs, ["blake"], ["thug"], units, cards=[card], dice=dice)
    g.act(0, {"type": "end_turn"})
    pass_windows(g)
    return g


def _texts(g, *kinds):
    return [e["text"] for e in g.state["log"] if e["type"] in kinds]


def test_the_thug_moves_toward_blake_and_hits_him_in_sentences(rs):
    # "Combat Cards": Strike is a melee attack; "Combat Logic": the closest hunter, Blake.
    # R1: sword & shield and double sword hit, the blank misses; every defence die is blank,
    # so R4: 2 hits, no blocks, 2 damage.
    g = _enemy_turn(rs, {"blake": {"x": 5, "y": 2, "hp": 5, **BLAKE_NO_INTERRUPT},
                         "thug-1": {"x": 8, "y": 2}}, "strike", [1, 2, 0, 0, 0, 0, 0])
    assert _texts(g, "card", "move", "enemy_action", "attack_roll", "defence_roll", "damage") == [
        "Thug 1 draws the combat card Strike: a melee attack.",
        "Thug 1 moves to H3, toward Blake (1 square so far).",
        "Thug 1 moves to G3, toward Blake (2 squares so far).",
        "Thug 1 makes a melee attack on Blake.",
        "Thug 1 attacks Blake with 3 physical attack dice and rolls sword & shield, double "
        "sword and blank: 2 hits.",
        "Blake defends with 3 dice and rolls blank, blank and blank: no blocks against 2 hits.",
        "Blake takes 2 physical damage and loses 2 Health (5 → 3).",
    ]
    assert g.state["units"]["blake"]["hp"] == 3


def test_a_blocked_attack_says_that_no_damage_gets_through(rs):
    # R4: 1 hit against 1 block is no damage; the defence line says so (no damage line).
    g = _enemy_turn(rs, {"blake": {"x": 5, "y": 2, **BLAKE_NO_INTERRUPT},
                         "thug-1": {"x": 6, "y": 2}}, "strike", [1, 0, 0, 1, 0, 0])
    assert _texts(g, "move") == []
    assert _texts(g, "defence_roll") == [
        "Blake defends with 3 dice and rolls sword & shield, blank and blank: 1 block against "
        "1 hit. No damage gets through."]
    assert events(g, "damage") == []


def test_a_perfect_defence_is_named_with_its_outcome(rs):
    # R3: three blocks on one defence roll negate the whole attack.
    g = _enemy_turn(rs, {"blake": {"x": 5, "y": 2, **BLAKE_NO_INTERRUPT},
                         "thug-1": {"x": 6, "y": 2}}, "strike", [1, 1, 0, 1, 1, 1])
    assert _texts(g, "defence_roll") == [
        "Blake defends with 3 dice and rolls sword & shield, sword & shield and sword & shield: "
        "3 blocks against 2 hits, a perfect defence: the attack does no damage."]
    assert events(g, "damage") == []


def test_cruelty_is_told_when_the_card_is_drawn(rs):
    # "Cruelty": the card overrides the enemy's logic with the lowest Health in reach.
    g = _enemy_turn(rs, {"blake": {"x": 5, "y": 2, **BLAKE_NO_INTERRUPT},
                         "thug-1": {"x": 6, "y": 2}}, "savage-strike", [0] * 8)
    assert _texts(g, "card") == [
        "Thug 1 draws the combat card Savage Strike: a melee attack with cruelty, so it goes "
        "for the hunter with the least Health it can reach."]


def test_an_enemy_out_of_reach_says_it_does_nothing_more(rs):
    # "Enemy Turn": it moves as far as it can toward its target (4 squares), then cannot strike.
    g = _enemy_turn(rs, {"blake": {"x": 0, "y": 2, **BLAKE_NO_INTERRUPT},
                         "thug-1": {"x": 9, "y": 2}}, "strike", [])
    moves = _texts(g, "move")
    assert len(moves) == 4 and moves[-1].endswith("toward Blake (4 squares so far).")
    assert _texts(g, "no_target") == [
        "Thug 1 has no hunter within reach of a melee attack, so it does nothing more this turn."]


def test_every_enemy_turn_line_is_a_sentence_with_plain_numbers(rs):
    g = _enemy_turn(rs, {"blake": {"x": 5, "y": 2, "hp": 5, **BLAKE_NO_INTERRUPT},
                         "thug-1": {"x": 8, "y": 2}}, "strike", [1, 2, 0, 0, 0, 0, 0])
    for text in _texts(g, "card", "move", "enemy_action", "attack_roll", "defence_roll",
                       "damage"):
        assert text[0].isupper() and text.endswith("."), text
        assert problems(text) == [], text
        assert "+0" not in text and "0 hits" not in text, text
