"""The Legacy campaign record's rules, as pure functions (rulesets/legacy/record.py): add vs
intensify, the Tomb vs back in box vs destroyed, heirloom limits, joining the campaign."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hauntkit.rulesets.legacy import record
from hauntkit.rulesets.legacy.chapters import Changes

FAMS = ["red", "blue", "green", "yellow", "purple"]


def fresh() -> record.Record:
    return record.new_record(FAMS)


def test_add_takes_a_purgatory_card_into_play_once() -> None:
    """Rulebook "Adding or Intensifying Event Cards": add = take it from Purgatory into its
    deck; RULING HLC-2: adding a card already in play changes nothing."""
    rec, log = record.apply_changes(fresh(), Changes(add=["ev_cold_spot"]), record.Box())
    assert rec["cards"] == ["ev_cold_spot"]
    rec2, log2 = record.apply_changes(rec, Changes(add=["ev_cold_spot"]), record.Box())
    assert rec2["cards"] == ["ev_cold_spot"] and "already in play" in log2[0]


def test_add_or_intensify_adds_first_then_checks_boxes() -> None:
    """Rulebook "Adding or Intensifying Event Cards": "If the card is still in the Purgatory
    deck, add it ... If it is already in the Event deck ... intensify it by checking one box"."""
    change = Changes(add_or_intensify=["ev_knocking"])
    rec, _ = record.apply_changes(fresh(), change, record.Box())
    assert rec["cards"] == ["ev_knocking"] and rec["intensified"] == {}
    rec, _ = record.apply_changes(rec, change, record.Box())
    rec, _ = record.apply_changes(rec, change, record.Box())
    assert rec["cards"] == ["ev_knocking"] and rec["intensified"] == {"ev_knocking": 2}


def test_a_starter_card_is_intensified_not_added() -> None:
    """A card in the box's starting decks is "already in the Event deck": add or intensify
    checks a box on it (rulebook "Adding or Intensifying Event Cards")."""
    box = record.Box(starter={"ev_start"})
    rec, _ = record.apply_changes(fresh(), Changes(add_or_intensify=["ev_start"]), box)
    assert rec["cards"] == [] and rec["intensified"] == {"ev_start": 1}


def test_intensify_stops_at_the_cards_boxes_and_needs_the_card_in_play() -> None:
    """RULING HLC-3: intensifying a card still in Purgatory, or one with every box checked,
    changes nothing."""
    box = record.Box(boxes={"ev_flood": 2})
    rec, log = record.apply_changes(fresh(), Changes(intensify=["ev_flood"]), box)
    assert rec["intensified"] == {} and "not in play" in log[0]
    rec, _ = record.apply_changes(rec, Changes(add=["ev_flood"], intensify=["ev_flood"]), box)
    rec, _ = record.apply_changes(rec, Changes(intensify=["ev_flood", "ev_flood"]), box)
    assert rec["intensified"] == {"ev_flood": 2}


def test_tomb_keeps_a_card_out_until_it_is_returned() -> None:
    """Rulebook "Back in Box and the Tomb": the Tomb keeps a card out of play until told to
    return it; RULING HLC-2: adding it meanwhile does not bring it back."""
    rec, _ = record.apply_changes(fresh(), Changes(add=["it_salt_pouch"]), record.Box())
    rec, _ = record.apply_changes(rec, Changes(tomb=["it_salt_pouch"]), record.Box())
    assert not record.in_play(rec, "it_salt_pouch", record.Box())
    rec, log = record.apply_changes(rec, Changes(add=["it_salt_pouch"]), record.Box())
    assert rec["tomb"] == ["it_salt_pouch"] and "Tomb" in log[0]
    rec, _ = record.apply_changes(rec, Changes(untomb=["it_salt_pouch"]), record.Box())
    assert record.in_play(rec, "it_salt_pouch", record.Box()) and rec["tomb"] == []


def test_destroyed_is_for_good_and_takes_its_heirloom_with_it() -> None:
    """Rulebook "Event Cards": a destroyed card is "not used in any future game"; neither
    untomb nor add brings it back; its heirloom sticker is gone with it."""
    rec, _ = record.apply_changes(fresh(), Changes(add=["it_lamp"]), record.Box())
    record.add_heirloom(rec, "red", "it_lamp", "Ada's Lamp", 1, [])
    rec, _ = record.apply_changes(rec, Changes(tomb=["it_lamp"], destroy=["it_lamp"]), record.Box())
    assert rec["destroyed"] == ["it_lamp"] and rec["tomb"] == [] and rec["heirlooms"] == {}
    rec, _ = record.apply_changes(rec, Changes(untomb=["it_lamp"], add=["it_lamp"]), record.Box())
    assert not record.in_play(rec, "it_lamp", record.Box())


def test_nine_heirlooms_per_family_and_one_sticker_per_card() -> None:
    """Rulebook "Heirlooming Item Cards": "up to nine Items each over the course of the
    campaign"; a card carries one family's heirloom sticker."""
    rec = fresh()
    log: list[str] = []
    for i in range(10):
        record.add_heirloom(rec, "red", f"item{i}", f"Heirloom {i}", i, log)
    assert record.heirloom_count(rec, "red") == 9 and "item9" not in rec["heirlooms"]
    assert not record.can_heirloom(rec, "red", "other")
    record.add_heirloom(rec, "blue", "item0", "Stolen name", 3, log)
    assert rec["heirlooms"]["item0"]["family"] == "red"
    assert record.can_heirloom(rec, "blue", "item9")


def test_crests_follow_the_selector() -> None:
    """Crests are placed for the families the ending names (rulebook "Sticker Sheet": no limit
    on crest stickers)."""
    change = Changes.model_validate(
        {"crests": [{"card": "om_key", "family": "winners"}, {"card": "om_key",
                                                              "family": "traitor"}]})
    rec, _ = record.apply_changes(fresh(), change, record.Box(),
                             {"winners": ["red", "blue"], "traitor": ["green"]})
    assert rec["crests"] == {"om_key": ["red", "blue", "green"]}


def test_joining_counts_more_than_half_of_played_chapters() -> None:
    """Rulebook "Joining the Campaign": a family that missed MORE than half of the played
    chapters joins (exactly half is not more than half)."""
    rec = fresh()
    assert not record.missed_too_many(rec, "purple")  # nothing played: nothing missed
    rec["chapters"] = [{"seats": [{"family": f} for f in fams]}
                       for fams in (["red", "blue", "purple"], ["red", "blue", "green"])]
    assert not record.missed_too_many(rec, "purple")  # missed 1 of 2
    assert record.missed_too_many(rec, "yellow")      # missed 2 of 2
    rec["chapters"].append({"seats": [{"family": "red"}]})
    assert record.missed_too_many(rec, "purple")      # missed 2 of 3


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["add", "add_or_intensify", "intensify", "tomb",
                                           "untomb", "destroy", "tiles"]),
                          st.sampled_from(["a", "b", "c"])), max_size=25))
def test_the_house_record_stays_consistent(ops: list[tuple[str, str]]) -> None:
    """Whatever the endings do: a card is in at most one of play/Tomb/destroyed, never added
    twice, destroyed is final, and the input record is never changed."""
    rec = fresh()
    destroyed: set[str] = set()
    for op, cid in ops:
        before = repr(rec)
        new, _ = record.apply_changes(rec, Changes.model_validate({op: [cid]}), record.Box())
        assert repr(rec) == before
        rec = new
        destroyed |= {cid} if op == "destroy" else set()
        assert set(rec["destroyed"]) == destroyed
        assert len(rec["cards"]) == len(set(rec["cards"]))
        assert not set(rec["tomb"]) & set(rec["destroyed"])
        for c in rec["intensified"]:
            assert c in rec["cards"] or c in rec["tiles"]


def test_new_record_refuses_repeated_families() -> None:
    with pytest.raises(record.RecordError):
        record.new_record(["red", "red"])
