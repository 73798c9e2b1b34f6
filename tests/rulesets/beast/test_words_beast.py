"""Beast's labels and log lines in a player's words, case by case (HR-90, HR-91): choices that
say what they do with display names and are unique in their prompt, and counts that read right
in every number ("1 round", no "heals 0", no "+0 Sanity"). test_words_scan_beast.py scans
random games for the same problems."""

from __future__ import annotations

from typing import Any

from beastkit import battle, events

from hauntkit.core import Game
from hauntkit.rulesets.beast import BeastRuleset, labels
from hauntkit.rulesets.beast.hunt import investigate, leg
from hauntkit.rulesets.beast.hunt.schema import Effects
from hauntkit.testing.wording import problems, repeated


def _leg(rs: BeastRuleset, location: str) -> dict[str, Any]:
    """The state of a leg of The Ashgrove Beast at ``location`` (The Empty Graves)."""
    cfg = {"hunt": {"hunt": "ashgrove", "investigation": "the-graves", "location": location},
           "players": 1}
    return Game.new(rs, cfg, 5).state


def test_penance_labels_say_who_pays_what_and_who_gets_which_offering(rs):
    """"Offering" (rules: "Specific Buffs"), HR-53: the payer gives up the location's Penance
    (Chapel Yard: 1 Sanity) and the Offering, a rank or an Arsenal, goes to a named hunter;
    no "(payer: ..., boon: rank)"."""
    state = _leg(rs, "chapel-yard")
    rank = rs.describe_action(state, 0, {"type": "penance", "payer": "michael",
                                         "receiver": "tamara", "boon": "rank"})
    arsenal = rs.describe_action(state, 0, {"type": "penance", "payer": "michael",
                                            "receiver": "michael", "boon": "bruiser"})
    assert rank == "Michael pays the Penance (Michael loses 1 Sanity): Tamara's Arsenal goes " \
                   "up a rank"
    assert arsenal == "Michael pays the Penance (Michael loses 1 Sanity): Michael takes the " \
                      "Bruiser Arsenal"


def test_treasure_map_and_tagging_in_labels_use_names(rs):
    """"Mystery Table" Treasure Map: the loot picked by its name, not "first_aid"; Infamy rank
    3, Tagging In (HR-52): who steps in for whom."""
    state = _leg(rs, "smugglers-wharf")
    assert rs.describe_action(state, 0, {"type": "treasure", "entry": "first_aid",
                                         "hunter": "blake"}) == "Treasure Map: First Aid Kit for Blake"
    assert rs.describe_action(state, 0, {"type": "tag_in", "hunter": "tamara"}) == \
        "Tagging In: Curtis Kaine takes Tamara's place"


def test_a_weapons_second_attack_names_attacker_target_and_weapon(rs):
    """HR-35: a weapon that attacks again lets its hunter pick the second target; each choice
    names the target and the weapon, and no two read alike."""
    g = battle(rs, ["blake"], ["thug", "thug"], {"blake": {"x": 5, "y": 2},
                                                 "thug-1": {"x": 6, "y": 2},
                                                 "thug-2": {"x": 6, "y": 3}})
    g.state["pending"] = {"kind": "second", "seat": 0, "options": ["thug-1", "thug-2"],
                          "unit": "blake", "weapon": "halberd", "why": "second_attack"}
    shown = [rs.describe_action(g.state, 0, a) for a in g.legal_actions(0)]
    assert shown == ["Blake: attack Thug 1 again with Halberd",
                     "Blake: attack Thug 2 again with Halberd"]


def test_attack_labels_differ_per_weapon(rs):
    """"Gear and Equipment": a hunter with two ranged weapons gets one ranged attack per
    weapon on the same target, each naming its weapon (never two identical labels)."""
    g = battle(rs, ["cassandra"], ["thug"], {"cassandra": {"x": 2, "y": 2},
                                             "thug-1": {"x": 4, "y": 2}},
               gear={"cassandra": ["ar_15", "shuriken"]})
    shown = [rs.describe_action(g.state, 0, a) for a in g.legal_actions(0)
             if a["type"] == "attack" and a["target"] == "thug-1"]
    assert "Cassandra: ranged attack on Thug 1 with AR-15" in shown
    assert "Cassandra: ranged attack on Thug 1 with Shuriken" in shown
    assert not repeated(shown)


def test_healing_nothing_says_so_instead_of_heals_0(rs):
    """A heal on a unit at full HP reads "is already at full HP", not "heals 0"; a heal
    that lands names its HP."""
    g = battle(rs, ["michael"], ["thug"], {"michael": {"x": 2, "y": 2}, "thug-1": {"x": 9, "y": 4}})
    michael = g.state["units"]["michael"]
    rs.heal(g.state, michael, 2)
    michael["hp"] -= 1
    rs.heal(g.state, michael, 2)
    assert [e["text"] for e in events(g, "heal")] == ["Michael is already at full HP.",
                                                     "Michael heals 1 HP."]


def test_a_leg_of_one_round_says_1_round():
    """The leg's closing line counts its battle's rounds in the right number."""
    assert leg._battle_text({"winner": "hunters", "rounds": 1}) == "battle won in 1 round"
    assert leg._battle_text({"winner": "enemies", "rounds": 4}) == "battle lost in 4 rounds"
    assert leg._battle_text({"winner": None, "rounds": 1}) == "battle drawn after 1 round"


def test_event_lines_name_only_what_changes(rs):
    """HR-78: an event that costs Sanity only says so ("every hunter loses 1 Sanity"), never
    "+0 HP"; Crypto, Renown and Infamy are named as the game names them."""
    state = _leg(rs, "smugglers-wharf")
    start = len(state["log"])
    investigate.apply_effects(rs, state, Effects(sanity=1), "Cold Spot")
    investigate.apply_effects(rs, state, Effects(heal=3), "A Field Surgeon")
    investigate.apply_effects(rs, state, Effects(crypto=-3, infamy=2), "A Nervous Barkeep")
    assert [e["text"] for e in state["log"][start:]] == [
        "Cold Spot: every hunter loses 1 Sanity.",
        "A Field Surgeon: every hunter gains 3 HP.",
        "A Nervous Barkeep: -3 Crypto.",
        "A Nervous Barkeep: +2 Infamy."]


def test_number_words():
    """Counts, changes and rests in words: one and many, nothing named at 0."""
    assert labels.count_of(1, "clue") == "1 clue"
    assert labels.count_of(0, "clue") == "0 clues"
    assert labels.count_of(2, "more die", "more dice") == "2 more dice"
    assert labels.party_change_text(-1, 0) == "every hunter loses 1 HP"
    assert labels.party_change_text(2, -1) == "every hunter gains 2 HP and loses 1 Sanity"
    assert labels.rest_gain_text(2, 0) == "+2 HP"
    assert labels.immunity_word("POISON") == "poison"
    assert labels.immunity_word("DEF_DOWN") == "being defence lowered"
    assert labels.sentence("Haunted!") == "Haunted!"
    for text in ("1 round", "every hunter loses 1 HP", "+2 HP"):
        assert not problems(text)


def test_an_unknown_action_type_is_labelled_without_key_value_pairs(rs):
    """An action no label knows still reads as words: its values, never "(key: value)"."""
    g = battle(rs, ["michael"], ["thug"], {"michael": {"x": 2, "y": 2}, "thug-1": {"x": 9, "y": 4}})
    text = rs.describe_action(g.state, 0, {"type": "wave_flag", "unit": "michael",
                                           "target": "thug-1"})
    assert text == "Michael: Wave flag: Thug 1"
    assert not problems(text)


def test_two_lights_on_one_space_are_told_apart(rs):
    """HR-90: a light source is named by its space; two on the same space (a Glow Stick
    dropped by a lamp) are the first and the second there, so their choices differ."""
    g = battle(rs, ["serenity"], ["thug"], {"serenity": {"x": 3, "y": 2},
                                            "thug-1": {"x": 9, "y": 4}},
               lights=[[2, 2], [2, 2]])
    shown = [rs.describe_action(g.state, 0, a) for a in g.legal_actions(0)
             if a["type"] in ("douse", "attack")]
    assert "Serenity: put out the first light at C3" in shown
    assert "Serenity: put out the second light at C3" in shown
    assert not repeated(shown), shown
