"""Where the betrayal heuristic goes to make a book roll: it judges the roll as made on the tile
the book names, so a bonus that depends on the tile (a monster standing there) counts only
where it holds. Judged where the bot stands instead, the verdict flipped with each step and
the bot walked back and forth (the blunder audit's "back and forth", docs/balance.md).
Positions built in data; the haunt books are the starter pack's."""

from __future__ import annotations

from hauntkit.bots import bot_rng, get_bot
from hauntkit.bots.betrayal_tactics import GOOD_ROLL, first_roll, roll_chance
from hauntkit.core.game import Game

CHARS = ["ada_vance", "bram_okafor", "celeste_moreau"]
KITCHEN = {"room": "kitchen", "floor": "ground", "x": -1, "y": 1}  # west of the Foyer
TO_KITCHEN = {"type": "move", "to": "kitchen"}


def _bride_game(rs, bride_room):
    """h00 The Bride: hero 0 in the Foyer with Knowledge 4 and the groom's name (banishing
    rolls 4 more dice), the Diary (+4) far off in the Entrance Hall; the Bride in
    ``bride_room``."""
    setup = {"tiles": [KITCHEN],
             "haunt": {"id": "the_bride", "revealer": 1, "traitor": 1},
             "explorers": {"0": {"room": "foyer", "trait_index": {"knowledge": 3}},
                           "1": {"room": "basement_landing"}, "2": {"room": "basement_landing"}},
             "piles": {"entrance_hall": ["brides_diary"]}, "flags": {"groom_named": True},
             "monsters": [{"monster": "bride", "room": bride_room}], "turn": {"seat": 0}}
    game = Game.new(rs, {"players": 3, "characters": CHARS}, 1)
    rs.apply_setup(game.state, setup)
    return game


def _chance(rs, game, room):
    view = game.view(0)
    banish = next(a for a in rs.ix.haunts["the_bride"].heroes.actions if a.id == "banish")
    return roll_chance(rs.ix, view, 0, first_roll(banish), "heroes", room)[0]


def _choose(game):
    return get_bot("heuristic").choose(game.view(0), game.legal_actions(0), bot_rng(0, 0))


def test_banishing_beside_the_bride_is_judged_on_the_omen_tile(betrayal):
    """h00 heroes' book, "Banish the Bride" (on an omen tile, 13 or more; +2 with the Bride on
    the tile): beside the Bride in the Foyer (no omen) the roll would be worth it, but it is
    made in the Kitchen (omen), where she is not, at 2%: the hero goes for the Diary instead of
    stepping to the Kitchen, from where the Bride's bonus was missing and it stepped back."""
    game = _bride_game(betrayal, "foyer")
    assert betrayal.ix.rooms["kitchen"].symbol == "omen"
    assert betrayal.ix.rooms["foyer"].symbol != "omen"
    assert _chance(betrayal, game, "foyer") >= GOOD_ROLL > _chance(betrayal, game, "kitchen")
    assert TO_KITCHEN in game.legal_actions(0)
    assert _choose(game) == {"type": "move", "to": "entrance_hall"}  # toward the Diary


def test_hero_walks_to_the_omen_tile_where_the_bride_stands(betrayal):
    """h00: with the Bride in the Kitchen (an omen tile) banishing there is worth it (her +2),
    though not from the Foyer where the hero stands: the hero steps to the Kitchen."""
    game = _bride_game(betrayal, "kitchen")
    assert _chance(betrayal, game, "kitchen") >= GOOD_ROLL > _chance(betrayal, game, "foyer")
    assert _choose(game) == TO_KITCHEN


def test_hero_banishes_at_long_odds_when_the_traitor_holds_the_diary(betrayal):
    """h00: "The Bride's Diary is an object; it can't be stolen" (heroes' book facts). With the
    traitor carrying it, nothing the hero can still get makes banishing likelier (the groom is
    named), so on an omen tile the hero rolls its 2% rather than chase a card it can never
    take: a side that never tries its only win loses for sure."""
    game = _bride_game(betrayal, "basement_landing")
    game.state["explorers"][0]["room"] = "kitchen"
    game.state["piles"]["entrance_hall"].remove("brides_diary")
    game.state["explorers"][1]["cards"].append("brides_diary")
    assert 0 < _chance(betrayal, game, "kitchen") < GOOD_ROLL
    assert _choose(game) == {"type": "haunt_action", "id": "banish"}


def test_hero_fetches_the_diary_lying_in_the_house_first(betrayal):
    """h00: the same roll with the Diary on a tile of the house: +4 can still be had, so the
    hero goes for it (the long shot waits)."""
    game = _bride_game(betrayal, "basement_landing")
    game.state["explorers"][0]["room"] = "kitchen"
    assert _choose(game) == {"type": "move", "to": "foyer"}


def test_hero_with_nothing_better_to_do_rolls_the_long_shot(betrayal):
    """h00: the Diary lies on a tile the hero cannot reach (no doorway leads there), so no step
    brings the hero closer to anything: rather than end the turn it rolls its 2% on the omen
    tile it stands on."""
    game = _bride_game(betrayal, "basement_landing")
    betrayal.apply_setup(game.state, {"tiles": [{"room": "study", "x": 6, "y": 6}]})
    game.state["explorers"][0]["room"] = "kitchen"
    game.state["piles"]["entrance_hall"].remove("brides_diary")
    game.state["piles"]["study"] = ["brides_diary"]
    assert 0 < _chance(betrayal, game, "kitchen") < GOOD_ROLL
    assert _choose(game) == {"type": "haunt_action", "id": "banish"}
