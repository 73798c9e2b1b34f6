"""Cards, items, companions, rolls and traits (betrayal-turn-movement-cards.md,
betrayal-items-dice-attacks.md, RULINGS B1, B2, B9)."""

from __future__ import annotations

from betrayal_helpers import dice, scenario, trait, types

from hauntkit.rulesets.betrayal import state_access


def test_item_used_once_per_turn_and_same_roll_once():
    """Items are used once per turn; the same roll at most once per turn (items doc)."""
    g = scenario({"explorers": {"0": {"cards": ["crystal_ball"]}}})
    use = {"type": "use", "card": "crystal_ball", "id": "gaze"}
    assert use in g.legal_actions(0)
    dice(g, 0, 0, 0, 0, 0)  # Knowledge 5 dice: 0 -> 1 mental damage
    g.act(0, use)
    g.act(0, {"type": "damage", "trait": "sanity"})
    assert use not in g.legal_actions(0)
    g.act(0, {"type": "end_turn"})


def test_crystal_ball_shows_undrawn_cards_only_to_the_looker():
    """Digest: the Crystal Ball looks through undrawn item and event cards; RULING B14: nobody
    else sees them and views never hold deck order."""
    g = scenario({"explorers": {"0": {"cards": ["crystal_ball"]}}})
    dice(g, 2, 2, 0, 0, 0)
    g.act(0, {"type": "use", "card": "crystal_ball", "id": "gaze"})
    ch = g.state["choice"]
    assert ch["kind"] == "pick" and ch["seat"] == 0
    offered = {a["card"] for a in ch["opts"]}
    assert offered == set(g.state["decks"]["item"]) | set(g.state["decks"]["event"])
    assert g.view(1)["legal"] == [] and g.view(1)["choice"]["prompt"] == "waiting"
    assert g.view(1)["decks"]["item"] == len(g.state["decks"]["item"])
    g.act(0, {"type": "pick", "card": "axe"})
    assert "axe" in g.state["explorers"][0]["cards"]


def test_give_drop_pick_up_once_per_turn_and_piles():
    """Once per turn each: give, drop (an item pile), pick up (turn doc)."""
    g = scenario({"explorers": {"0": {"cards": ["axe", "revolver", "spear"]}}})
    g.act(0, {"type": "give", "card": "axe", "to": 1})
    g.act(1, {"type": "accept", "accept": True})  # the receiver agrees (RULING HB-26)
    assert "axe" in g.state["explorers"][1]["cards"]
    assert "give" not in types(g, 0)
    g.act(0, {"type": "drop", "card": "revolver"})
    g.act(0, {"type": "drop", "card": None})  # keep the spear (RULING HB-2)
    assert g.state["piles"]["entrance_hall"] == ["revolver"]
    assert "drop" not in types(g, 0)
    g.act(0, {"type": "end_turn"})
    g.act(1, {"type": "pick_up", "card": "revolver"})
    assert "revolver" in g.state["explorers"][1]["cards"] and "entrance_hall" not in g.state["piles"]
    assert "pick_up" not in types(g, 1)


def test_companions_never_dropped_or_traded_and_untradeable_armor():
    """Companions follow their custodian and can't be dropped or traded; Armor can't be traded
    but can be dropped (turn doc, items doc)."""
    g = scenario({"explorers": {"0": {"cards": ["dog", "armor"]}}})
    acts = g.legal_actions(0)
    assert not any(a.get("card") == "dog" for a in acts if a["type"] in ("give", "drop"))
    assert not any(a.get("card") == "armor" for a in acts if a["type"] == "give")
    assert {"type": "drop", "card": "armor"} in acts


def test_book_gives_knowledge_while_carried():
    """Omen items change traits while carried (Book: +2 Knowledge, our wording)."""
    g = scenario()
    before = trait(g, 0, "knowledge")
    g.ruleset.apply_setup(g.state, {"decks": {"omen": ["book"]}, "room_stack": ["kitchen"]})
    g.state["rng"]["script"].extend([2] * 6)  # haunt roll 12: no haunt
    g.act(0, {"type": "explore", "dir": "e"})
    if g.state["choice"]:
        g.act(0, g.state["choice"]["opts"][0])
    assert "book" in g.state["explorers"][0]["cards"]
    assert trait(g, 0, "knowledge") > before


def test_damage_before_haunt_stops_at_lowest_value():
    """RULING B2: before the haunt a trait never goes below its lowest value."""
    g = scenario({"explorers": {"0": {"trait_index": {"sanity": 0, "knowledge": 0}}},
                  "decks": {"event": ["creaking_stairs"]}, "room_stack": ["ballroom"]})
    dice(g, 0, 0, 0)  # Sanity roll 0 -> 1 mental damage
    g.act(0, {"type": "explore", "dir": "e"})
    if g.state["choice"] and g.state["choice"]["kind"] == "rotate":
        g.act(0, g.state["choice"]["opts"][0])
    g.act(0, {"type": "damage", "trait": "sanity"})
    assert g.state["explorers"][0]["traits"]["sanity"] == 0 and g.state["explorers"][0]["alive"]


def test_event_discarded_and_ongoing_event_kept():
    """RULING B9: events resolve then are discarded unless ongoing."""
    g = scenario({"decks": {"event": ["dread"]}, "room_stack": ["ballroom"]})
    g.act(0, {"type": "explore", "dir": "e"})
    if g.state["choice"] and g.state["choice"]["kind"] == "rotate":
        g.act(0, g.state["choice"]["opts"][0])
    assert "dread" in g.state["explorers"][0]["cards"]
    g2 = scenario({"decks": {"event": ["lost_and_found"], "item": ["axe"]},
                   "room_stack": ["ballroom"]})
    g2.act(0, {"type": "explore", "dir": "e"})
    if g2.state["choice"] and g2.state["choice"]["kind"] == "rotate":
        g2.act(0, g2.state["choice"]["opts"][0])
    assert "lost_and_found" in g2.state["discard"]["event"]
    assert "axe" in g2.state["explorers"][0]["cards"]


def test_it_is_meant_to_be_saves_a_result_for_a_later_roll():
    """Digest: It Is Meant To Be saves a result for a roll you make."""
    g = scenario({"decks": {"event": ["it_is_meant_to_be"]}, "room_stack": ["ballroom"]})
    dice(g, 2, 2, 1, 0)  # saved result 5
    g.act(0, {"type": "explore", "dir": "e"})
    if g.state["choice"] and g.state["choice"]["kind"] == "rotate":
        g.act(0, g.state["choice"]["opts"][0])
    assert g.state["explorers"][0]["saved"] == 5
    g.act(0, {"type": "use", "card": "it_is_meant_to_be", "id": "fate"})
    assert g.state["explorers"][0]["fate"] == 5 and "it_is_meant_to_be" in g.state["discard"]["event"]


def test_dice_faces_and_clamp():
    """RULING B1: dice show 0, 0, 1, 1, 2, 2; a roll uses 1..8 dice."""

    g = scenario()
    faces = state_access.roll(g.state, 20)
    assert len(faces) == 8 and set(faces) <= {0, 1, 2}
    assert len(state_access.roll(g.state, 0)) == 1
