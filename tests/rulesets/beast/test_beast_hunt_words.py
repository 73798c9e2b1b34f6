"""Names for players on beast's pages (issue 10: "Screens show display names, not ids ... Seats
are numbered the same way everywhere"; RULING HR-91): the catalogue the page reads names the
arsenals and the Tarot's spirits, and a seat left without hunters is called as the page calls
a seat without a name (Seat 1, Seat 2, ...)."""

from __future__ import annotations

from hauntkit.core import Game
from hauntkit.rulesets.beast.action_labels import seat_words
from hauntkit.rulesets.beast.catalogue import catalogue


def test_the_catalogue_names_arsenals_and_tarot_spirits(rs):
    cat = catalogue(rs.c)
    assert cat["arsenals"]["bruiser"]["name"] == "Bruiser Arsenal"
    assert set(cat["arsenals"]) == set(rs.c.gear.arsenals)
    assert cat["tarot"]["the-tower"] == {"name": "The Storm Caller", "card": "The Tower",
                                         "text": rs.c.tarot["the-tower"].text}


def test_a_seat_without_hunters_is_numbered_from_1_as_on_the_page(rs):
    g = Game.new(rs, {"map": "alley", "hunters": ["fei", "joe"], "enemies": ["thug"],
                      "players": 2, "dice": [6, 1]}, seed=7)
    assert seat_words(rs, g.state, 1) == "Joe"
    g.state["units"]["joe"]["seat"] = 0  # e.g. a hunt's seat whose hunters are gone (HR-77)
    assert seat_words(rs, g.state, 0) == "Fei and Joe"
    assert seat_words(rs, g.state, 1) == "Seat 2"
