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
