"""Tests citing sections of betrayal-legacy-rulebook.md that no test named: the starting box,
the Legacy decks and the Purgatory deck, the Bleak Journal, tile planks, stickers, the haunt
books, Runestones, Omen names and the outside region. Campaign rules are checked through the
campaign hooks (rulesets/legacy/campaign.py), game rules in a game set up from a house."""

from __future__ import annotations

import copy
from typing import Any

from hauntkit.core.game import Game
from hauntkit.core.ruleset import get_ruleset
from hauntkit.rulesets.legacy.chapters import load_chapters

FAMILIES = ["ashdown", "crowley", "hartwell"]
CONFIG = {"players": 3, "families": FAMILIES}


def game(house: dict[str, Any] | None = None, mode: str = "campaign", seed: int = 1) -> Game:
    """A 3-player Legacy game whose house is ``house``."""
    return Game.new(get_ruleset("legacy"), {**CONFIG, "mode": mode, "house": house or {}}, seed)


def deck_cards(g: Game) -> set[str]:
    return {c for deck in g.state["decks"].values() for c in deck}


def after_chapter(number: int, winner: str = "heroes") -> dict[str, Any]:
    """The campaign record after chapter ``number`` was won by ``winner``."""
    rs = get_ruleset("legacy")
    data = rs.campaign_start(CONFIG)
    data["next"] = number
    seats = [{}, {"traitor": True}, {}]
    return rs.record_game(data, CONFIG, {"seats": seats, "winner": winner, "haunt": None})


def test_the_starting_box_holds_7_items_11_events_no_omens_and_5_families():
    """betrayal-legacy-rulebook.md "Starting Game Components": 7 Item cards, 11 Event cards and
    5 Family cards; "Card Decks and the Tile Stack": no Omen cards yet. A campaign game with
    nothing added to the house has exactly those decks, and the box five families."""
    g = game()
    decks = g.state["decks"]
    assert (len(decks["item"]), len(decks["event"]), len(decks["omen"])) == (7, 11, 0)
    assert len(get_ruleset("legacy").campaign_families()) == 5


def test_before_you_start_families_are_chosen_for_the_whole_campaign():
    """betrayal-legacy-rulebook.md "Before You Start": the Legacy deck and the Purgatory deck
    are not shuffled and nothing from Purgatory is in play; each player chooses a Family for
    the entire campaign. A new campaign's record is at the prologue with no card added, and
    every chapter seats the same families."""
    rs = get_ruleset("legacy")
    data = rs.campaign_start(CONFIG)
    assert data["next"] == 0 and data["cards"] == [] and data["tiles"] == []
    assert set(data["families"]) == set(rs.campaign_families())
    assert rs.table(CONFIG, 0) == rs.table(CONFIG, 5) == FAMILIES


def test_the_legacy_decks_are_read_in_order_and_what_they_add_stays():
    """betrayal-legacy-rulebook.md "The Legacy Decks": never shuffled, read in order; cards
    added to decks stay there for future games. The campaign plays chapter 0, 1, 2 ... in
    turn, and the Ring the heroes' ending of chapter 2 adds is in the house of chapter 3 and
    of chapter 7 alike."""
    rs = get_ruleset("legacy")
    assert [c.number for c in load_chapters()] == list(range(14))
    data = after_chapter(2)
    assert data["next"] == 3 and "ring" in data["cards"]
    later = copy.deepcopy(data)
    later["next"] = 7
    for record in (data, later):
        assert "ring" in rs.campaign_next(CONFIG, record, [])["house"]["add"]


def test_the_purgatory_deck_is_out_of_play_until_a_card_is_added():
    """betrayal-legacy-rulebook.md "The Purgatory Deck": its cards are not in the decks at the
    start; the game says when one is added to a deck. The Ring (a Purgatory omen) is in no deck
    of a new house, and in the Omen deck once the house adds it."""
    assert "ring" not in deck_cards(game())
    assert game({"add": ["ring"]}).state["decks"]["omen"] == ["ring"]


def test_the_bleak_journal_entry_is_the_winning_sides():
    """betrayal-legacy-rulebook.md "The Bleak Journal" and "During the Campaign" step 1: the
    chapter ending read is the entry of the side that won. Chapter 2 won by the heroes adds the
    Ring; won by the traitor, the Skull instead."""
    heroes, traitor = after_chapter(2, "heroes"), after_chapter(2, "traitor")
    assert "ring" in heroes["cards"] and "skull" not in heroes["cards"]
    assert "skull" in traitor["cards"] and "ring" not in traitor["cards"]
    assert [c["ending"] for c in (heroes["chapters"][-1], traitor["chapters"][-1])] == [
        "heroes", "traitor"]


def test_tile_planks_are_out_of_the_stack_until_added():
    """betrayal-legacy-rulebook.md "Tile Planks": new tiles join the stack from the planks only
    when the Legacy deck says so. The Bell Tower (a plank tile) is not in a new house's stack,
    and is once added."""
    assert "bell_tower" not in game().state["stack"]
    assert "bell_tower" in game({"add": ["bell_tower"]}).state["stack"]


def test_adding_materials_a_rules_sticker_is_in_force_now_and_later():
    """betrayal-legacy-rulebook.md "Adding Materials": a rules sticker placed is in effect
    immediately and for all future games. Chapter 2's ending places sticker A: the record keeps
    it, and the next chapter's game and a later one start with it in force."""
    rs = get_ruleset("legacy")
    data = after_chapter(2)
    assert data["stickers"] == ["sticker_a"]
    for number in (3, 9):
        record = copy.deepcopy(data)
        record["next"] = number
        g = Game.new(rs, rs.campaign_next(CONFIG, record, []), 1)
        assert "sticker_a" in g.state["stickers"]
    assert game().state["stickers"] == []


def test_how_the_campaign_works_a_survivor_plays_on_or_a_relative_takes_over():
    """betrayal-legacy-rulebook.md "How Does Betrayal Legacy Work?": each chapter a player plays
    a member of their family: the character of the previous chapter if they lived, else a
    descendant. After chapter 0, the family whose member died gets a new member in chapter 1;
    a surviving family keeps its character, older."""
    rs = get_ruleset("legacy")
    data = rs.campaign_start(CONFIG)
    seats = [{"died": True}, {"traitor": True}, {}]
    data = rs.record_game(data, CONFIG, {"seats": seats, "winner": "traitor", "haunt": None})
    last = {f: data["families"][f]["members"][-1] for f in FAMILIES}
    dead, alive = rs.character(data, "ashdown", 1), rs.character(data, "hartwell", 1)
    assert alive["name"] == last["hartwell"]["name"] and alive["age"] >= last["hartwell"]["age"]
    assert dead["name"] != last["ashdown"]["name"]
    assert rs.survivor(data, "ashdown", 1) is None


def test_the_haunt_books_are_opened_only_once_the_haunt_starts():
    """betrayal-legacy-rulebook.md "Traitor's Tome and Secrets of Survival": the books are used
    once the haunt starts. Before it, no seat sees a haunt; after, the heroes see the Secrets
    of Survival side and the traitor the Traitor's Tome side."""
    g = game(mode="free")
    assert all(g.view(seat)["haunt"] is None for seat in range(3))
    get_ruleset("legacy").apply_setup(
        g.state, {"haunt": {"id": "the_hollow_man", "revealer": 0, "traitor": 1}})
    assert g.view(0)["haunt"]["my_side"] == "heroes"
    assert g.view(1)["haunt"]["my_side"] == "traitor"


def test_runestones_are_printed_on_tiles_and_change_nothing_alone():
    """betrayal-legacy-rulebook.md "Runestones": some tiles have a Runestone symbol, ignored
    unless a card or haunt says otherwise. The Well shows a Runestone in every seat's view,
    other tiles do not; a player moves on and off the Well as on any tile."""
    g = game(mode="free")
    rs = get_ruleset("legacy")
    rs.apply_setup(g.state, {"tiles": [{"room": "well", "floor": "outside", "x": 1, "y": 0,
                                         "rotation": 0}], "turn": {"seat": 0}})
    tiles = {t["room"]: t for t in g.view(2)["tiles"]}
    assert tiles["well"]["runestone"] is True
    assert not any(t["runestone"] for room, t in tiles.items() if room != "well")


def test_an_omen_name_changes_nothing_in_play():
    """betrayal-legacy-rulebook.md "Omen Card Names": putting a name on an Omen does not affect
    gameplay in any way. Two games, one where the Ring is named "the Ring of Possession", play
    the same actions to the same state."""
    named = game({"add": ["ring"], "names": {"ring": "the Ring of Possession"}}, seed=4)
    plain = game({"add": ["ring"]}, seed=4)
    for _ in range(6):
        seat = named.to_act()[0]
        action = named.legal_actions(seat)[-1]
        assert action in plain.legal_actions(seat)
        named.act(seat, action)
        plain.act(seat, action)
    skip = {"config", "log", "history"}
    assert {k: v for k, v in named.state.items() if k not in skip} == \
        {k: v for k, v in plain.state.items() if k not in skip}


def test_the_outside_region_starts_with_the_front_steps_next_to_the_entrance_hall():
    """betrayal-legacy-rulebook.md "Ten Ways This Game Is Different from the Original Game",
    point 3: at the start of each game the Front Steps, the Landing tile of the outside region,
    is out and adjacent to the Entrance Hall. A player in the Entrance Hall can step onto it."""
    g = game(mode="free")
    tiles = {t["room"]: t for t in g.view(0)["tiles"]}
    assert tiles["front_steps"]["floor"] == "outside"
    get_ruleset("legacy").apply_setup(g.state, {"explorers": {"0": {"room": "entrance_hall"}},
                                                "turn": {"seat": 0}})
    assert {"type": "move", "to": "front_steps"} in g.legal_actions(0)


def test_what_happens_in_one_game_carries_forward_even_destruction():
    """betrayal-legacy-rulebook.md "What Is a Legacy Game?": things that happen in one game
    carry forward to future games; cards are added, or components destroyed for good. Knocking
    is in the Event deck of chapter 11; the heroes' ending destroys it, and the game of
    chapter 12 deals an Event deck without it."""
    rs = get_ruleset("legacy")
    data = rs.campaign_start(CONFIG)
    data["cards"] = ["ev_knocking"]
    data["next"] = 11
    before = Game.new(rs, rs.campaign_next(CONFIG, data, []), 1)
    assert "ev_knocking" in before.state["decks"]["event"]
    seats = [{}, {"traitor": True}, {}]
    after = rs.record_game(data, CONFIG, {"seats": seats, "winner": "heroes", "haunt": None})
    assert after["destroyed"] == ["ev_knocking"]
    later = Game.new(rs, rs.campaign_next(CONFIG, after, []), 1)
    assert "ev_knocking" not in deck_cards(later)


def test_key_terms_traitors_and_heroes_are_players_monsters_are_not():
    """betrayal-legacy-rulebook.md "Key Terms": Traitor and Hero are players who turned evil or
    stayed good after the haunt started, and are still players; a Monster is a monster token.
    In the Hollow Man every seat keeps its turn whatever its side, and the Hollow Man takes the
    monsters' turn, with no seat of its own and no cards to carry."""
    g = game(mode="free")
    get_ruleset("legacy").apply_setup(
        g.state, {"haunt": {"id": "the_hollow_man", "revealer": 0, "traitor": 1}})
    assert [e["side"] for e in g.state["explorers"]] == ["heroes", "traitor", "heroes"]
    assert sorted(g.state["order"][:-1]) == [0, 1, 2] and g.state["order"][-1] == "m"
    (monster,) = g.state["monsters"].values()
    assert monster["kind"] == "hollow_man" and monster["cards"] == []
