"""Clash cards: content, dealing, hidden hands, drawing, playing as free actions, burying
(rules: "Card Casting (Nysa)", "Combat Basics" / FREE ACTION; RULINGS R8, HR-54)."""

from __future__ import annotations

import random
from collections import Counter

from beastkit import battle, events

from hauntkit.core import Game
from hauntkit.rulesets.beast.battle import clash
from hauntkit.rulesets.beast.determinize import determinize


def _nysa(rs, hand, dice=(), hunters=("nysa", "joe"), cards=(), **units):
    spec = {"nysa": {"x": 5, "y": 2}, "joe": {"x": 5, "y": 3, "hp": 5},
            "thug-1": {"x": 8, "y": 2}}
    spec.update(units)
    return battle(rs, list(hunters), ["thug"], spec, hands={"nysa": hand}, dice=list(dice),
                  cards=list(cards))


def test_the_deck_is_our_content_with_two_special_cards(rs):
    """R8: clash cards are ours; Card Casting names Key Moment and You are Hunted."""
    assert len(rs.c.clash_deck) == 18
    specials = {cid: c.special for cid, c in rs.c.clash.items() if c.special}
    assert specials == {"key-moment": "key_moment", "you-are-hunted": "you_are_hunted"}


def test_nysa_starts_with_3_cards_and_draws_1_each_turn(rs):
    """Starting Cards: 3 random cards; Drawing Cards: 1 free at the start of each turn."""
    g = Game.new(rs, {"map": "alley", "hunters": ["nysa"], "enemies": ["thug"],
                      "dice": [6, 1]}, seed=7)
    assert len(clash.hand(g.state, "nysa")) == 4  # 3 dealt + 1 on the hunters' first turn
    assert len(g.state["clash"]["deck"]) == 14


def test_no_clash_state_without_a_card_caster(rs):
    g = Game.new(rs, {"map": "alley", "hunters": ["joe"], "enemies": ["thug"]}, seed=7)
    assert "clash" not in g.state and g.view(0)["clash"] is None


def test_a_hand_holds_at_most_7_and_extra_cards_are_buried(rs):
    """Card Casting: a max of 7 cards at one time; extra cards must be buried (HR-54)."""
    full = ["the-lantern", "the-lantern", "the-shield", "the-shield", "the-hound", "the-hound",
            "the-mask"]
    g = _nysa(rs, full)
    g.act(1, {"type": "end_turn"})
    g.act(0, {"type": "end_turn"})
    while g.state["window"] is not None:
        g.act(g.to_act()[0], {"type": "pass"})
    assert g.state["side"] == "hunters" and g.state["round"] == 2
    assert len(clash.hand(g.state, "nysa")) == 7
    assert len(g.state["hx"]["nysa"]["buried"]) == 1


def test_views_show_only_your_own_hand(rs):
    """Hidden information: every seat sees hand sizes, only the owner sees the cards."""
    g = _nysa(rs, ["the-lantern", "the-storm"])
    mine, theirs, spectator = g.view(0)["clash"], g.view(1)["clash"], g.view(None)["clash"]
    assert mine["hands"]["nysa"] == {"size": 2, "cards": ["the-lantern", "the-storm"]}
    assert theirs["hands"]["nysa"] == {"size": 2, "cards": None} == spectator["hands"]["nysa"]
    assert "deck" not in mine and mine["deck_size"] == 16
    drawn = [e for e in g.view(1)["log"] if e["type"] == "clash_card"]
    assert drawn == []  # the private draw events are not in other seats' logs


def test_playing_a_light_side_is_a_free_action_and_buries_the_card(rs):
    """Playing Cards: trigger the Light or Dark side; each card is buried after 1 use; a held
    card is played as a Free Action (Combat Basics)."""
    g = _nysa(rs, ["the-lantern"])
    play = {"type": "card", "unit": "nysa", "card": "the-lantern", "side": "light",
            "target": "joe"}
    assert play in g.legal_actions(0)
    g.act(0, play)
    assert g.state["units"]["joe"]["hp"] == 7
    nysa = g.state["units"]["nysa"]
    assert not nysa["acted"] and not nysa["intr"]
    assert clash.hand(g.state, "nysa") == [] and g.state["hx"]["nysa"]["buried"] == ["the-lantern"]


def test_a_dark_side_attacks_an_enemy(rs):
    g = _nysa(rs, ["the-ember"], dice=[0, 1, 1, 0, 0, 0])  # FIRE special roll, then A3
    g.act(0, {"type": "card", "unit": "nysa", "card": "the-ember", "side": "dark",
              "target": "thug-1"})
    assert events(g, "attack_roll")[-1]["tgt"] == "thug-1"
    assert g.state["units"]["thug-1"]["hp"] < 6


def test_a_card_can_be_played_during_the_enemy_turn(rs):
    """Combat Basics: a held Clash Card can be played at anytime, even during an enemy's turn."""
    g = _nysa(rs, ["the-shield"], cards=["strike"], **{"thug-1": {"x": 6, "y": 2}})
    g.act(1, {"type": "end_turn"})
    g.act(0, {"type": "end_turn"})
    assert g.state["window"] is not None and g.to_act() == [0]
    ward = {"type": "card", "unit": "nysa", "card": "the-shield", "side": "light",
            "target": "nysa"}
    assert ward in g.legal_actions(0)
    g.act(0, ward)
    assert "WARD" in g.state["units"]["nysa"]["st"] or events(g, "ward")


def test_key_moment_keeps_the_other_card_for_one_more_use(rs):
    """Special Cards / Key Moment: used with another card; Key Moment is buried while the
    other card is protected for 1 more use."""
    g = _nysa(rs, ["key-moment", "the-lantern"])
    assert not any(a.get("card") == "key-moment" for a in g.legal_actions(0))
    g.act(0, {"type": "card", "unit": "nysa", "card": "the-lantern", "side": "light",
              "target": "joe", "key": True})
    assert clash.hand(g.state, "nysa") == ["the-lantern"]
    assert g.state["hx"]["nysa"]["buried"] == ["key-moment"]
    g.act(0, {"type": "card", "unit": "nysa", "card": "the-lantern", "side": "light",
              "target": "joe"})
    assert clash.hand(g.state, "nysa") == []
    assert g.state["units"]["joe"]["hp"] == 9


def test_you_are_hunted_mulligans_up_to_5_cards(rs):
    """Special Cards / You are Hunted: mulligan up to 5 cards in hand, drawing a replacement
    for each card buried (HR-54: one card at a time, then decline)."""
    hand = ["you-are-hunted", "the-lantern", "the-shield", "the-hound"]
    g = _nysa(rs, hand)
    g.act(0, {"type": "card", "unit": "nysa", "card": "you-are-hunted"})
    assert g.state["pending"]["kind"] == "mulligan"
    assert {"type": "mulligan", "card": "the-shield"} in g.legal_actions(0)
    g.act(0, {"type": "mulligan", "card": "the-shield"})
    g.act(0, {"type": "mulligan", "card": "the-hound"})
    g.act(0, {"type": "decline"})
    assert g.state["pending"] is None
    assert len(clash.hand(g.state, "nysa")) == 3
    assert g.state["hx"]["nysa"]["buried"] == ["you-are-hunted", "the-shield", "the-hound"]


def test_determinize_deals_the_hidden_hands_from_the_unseen_cards(rs):
    """Bots sample what views hide: the deck order and other seats' hands."""
    g = _nysa(rs, ["the-lantern", "the-storm"])
    g.state["hx"]["nysa"]["buried"] = [g.state["clash"]["deck"].pop()]
    view = g.view(1)
    st = determinize(rs, view, random.Random(3))
    cl = st["clash"]
    assert len(cl["hands"]["nysa"]) == 2 and len(cl["deck"]) == len(g.state["clash"]["deck"])
    everything = cl["deck"] + cl["hands"]["nysa"] + st["hx"]["nysa"]["buried"]
    assert Counter(everything) == Counter(rs.c.clash_deck)
    assert rs.invariants(st) == []
    own = determinize(rs, g.view(0), random.Random(3))["clash"]
    assert own["hands"]["nysa"] == ["the-lantern", "the-storm"]


def test_shuffle_hidden_permutes_the_clash_deck_only(rs):
    g = _nysa(rs, ["the-lantern"])
    before = list(g.state["clash"]["deck"])
    rs.shuffle_hidden(g.state, random.Random(5))
    after = g.state["clash"]["deck"]
    assert sorted(after) == sorted(before) and after != before
    assert clash.hand(g.state, "nysa") == ["the-lantern"]


def test_card_plays_are_labelled_with_names(rs):
    """Players read names, never ids (action_labels.describe_action)."""
    from hauntkit.rulesets.beast.action_labels import describe_action
    g = _nysa(rs, ["the-lantern", "key-moment"])
    texts = {describe_action(rs, g.state, 0, a) for a in g.legal_actions(0)
             if a["type"] == "card"}
    assert any("The Lantern" in t and "Joe" in t and "Key Moment" not in t for t in texts)
    assert any("The Lantern" in t and "Joe" in t and "Key Moment" in t for t in texts)
    assert not any("the-lantern" in t or "nysa" in t for t in texts)
