"""The heuristic bot plays both sides to win without blunders (betrayal; legacy shares the
policy). Each test sets up, in data, a position where an earlier bot blundered, and checks
that the bot now makes the sensible choice. Goals are the haunt books of the starter pack.
"""

from __future__ import annotations

from collections import deque

from hauntkit.bots import bot_rng, get_bot
from hauntkit.bots.odds import attack_odds, chance_at_least
from hauntkit.core.game import Game
from hauntkit.rulesets.betrayal import house

CHARS = ["ada_vance", "bram_okafor", "celeste_moreau"]
KITCHEN = {"room": "kitchen", "floor": "ground", "x": -1, "y": 1}  # west of the Foyer
TOWER = {"room": "tower", "floor": "upper", "x": 1, "y": 0}  # east of the Upper Landing


def _game(rs, setup, seed=1):
    game = Game.new(rs, {"players": 3, "characters": CHARS}, seed)
    rs.apply_setup(game.state, setup)
    return game


def _choose(game, seat, seed=0):
    return get_bot("heuristic").choose(game.view(seat), game.legal_actions(seat),
                                       bot_rng(seed, seat))


def _steps(rs, state, start, goal, monster=False):
    dist = {start: 0}
    todo = deque([start])
    while todo:
        room = todo.popleft()
        for nxt, _ in house.exits(rs.ix, state, room, monster=monster):
            if nxt not in dist:
                dist[nxt] = dist[room] + 1
                todo.append(nxt)
    return dist.get(goal)


def test_dice_odds_follow_the_betrayal_dice():
    """Every die shows 0, 0, 1, 1, 2, 2 (RULING B1); an attack compares results (B10)."""
    assert chance_at_least(1, 0, 2) == 1 / 3
    assert chance_at_least(8, 0, 17) == 0.0
    win, lose = attack_odds(3, 3)
    assert win == lose
    win, lose = attack_odds(2, 6)
    assert win < 0.1 < 0.7 < lose


def test_traitor_does_not_attack_with_two_dice_against_eight(betrayal):
    """The traitor with Might 2 next to a hero with Might 8 (RULING B10: both roll Might) goes
    about its book instead of attacking: the lab saw such an attack end a haunt in one turn."""
    setup = {"haunt": {"id": "ghoul_pack", "revealer": 2, "traitor": 2},
             "explorers": {"1": {"room": "foyer", "trait_index": {"might": 7}},
                           "2": {"room": "foyer", "trait_index": {"might": 1}}},
             "monsters": [], "turn": {"seat": 2}}
    game = _game(betrayal, setup)
    assert {"type": "attack", "target": 1, "weapon": None} in game.legal_actions(2)
    assert _choose(game, 2)["type"] != "attack"


def test_traitor_attacks_a_weaker_hero(betrayal):
    setup = {"haunt": {"id": "ghoul_pack", "revealer": 2, "traitor": 2},
             "explorers": {"1": {"room": "foyer", "trait_index": {"might": 0}},
                           "2": {"room": "foyer", "trait_index": {"might": 7}}},
             "monsters": [], "turn": {"seat": 2}}
    game = _game(betrayal, setup)
    assert _choose(game, 2) == {"type": "attack", "target": 1, "weapon": None}


def test_a_hound_does_not_attack_a_much_stronger_hero(betrayal):
    """h17: a Hound dies when it loses (``dies``), so it waits for better odds."""
    setup = {"haunt": {"id": "hounds", "revealer": 2, "traitor": 2},
             "explorers": {"0": {"room": "foyer", "trait_index": {"might": 7}},
                           "1": {"room": "entrance_hall"}, "2": {"room": "entrance_hall"}},
             "monsters": [{"monster": "hound", "room": "foyer"}], "turn": {"seat": "m"}}
    game = _game(betrayal, setup)
    legal = game.legal_actions(2)
    assert any(a["type"] == "mattack" for a in legal)
    assert _choose(game, 2)["type"] != "mattack"


def test_hidden_traitor_keeps_the_mask_on(betrayal):
    """h02: revealing is offered to the hidden poisoner but only helps the heroes find them;
    the poison works whether or not the traitor is known."""
    setup = {"haunt": {"id": "the_poisoner", "revealer": 1, "traitor": 2},
             "explorers": {"0": {"room": "entrance_hall"}, "1": {"room": "entrance_hall"},
                           "2": {"room": "foyer"}},
             "turn": {"seat": 2}}
    game = _game(betrayal, setup)
    assert {"type": "haunt_action", "id": "unmask"} in game.legal_actions(2)
    assert _choose(game, 2) != {"type": "haunt_action", "id": "unmask"}


def test_hero_does_not_make_a_banishing_roll_it_cannot_win(betrayal):
    """h00: banishing needs 13 or more; Knowledge 3 dice and the groom's name (4 more dice)
    without the Diary (+4) reach it less than once in ten, and a failed roll hurts: the hero
    goes for the Diary first."""
    setup = {"tiles": [KITCHEN],
             "haunt": {"id": "the_bride", "revealer": 1, "traitor": 1},
             "explorers": {"0": {"room": "kitchen", "trait_index": {"knowledge": 0}}},
             "piles": {"entrance_hall": ["brides_diary"]}, "flags": {"groom_named": True},
             "monsters": [], "turn": {"seat": 0}}
    game = _game(betrayal, setup)
    assert betrayal.ix.rooms["kitchen"].symbol == "omen"
    assert {"type": "haunt_action", "id": "banish"} in game.legal_actions(0)
    action = _choose(game, 0)
    assert action == {"type": "move", "to": "foyer"}  # toward the Diary


def test_bride_goes_to_the_chapel_once_the_corpse_is_ready(betrayal):
    """h00: the wedding needs the Bride in the Chapel (``monster_here`` with ``in_room``), so
    once the corpse is dressed the traitor's seat brings her there (walking or drifting), not
    toward a hero."""
    setup = {"tiles": [{"room": "chapel", "floor": "upper", "x": 1, "y": 0, "rotation": 3}],
             "haunt": {"id": "the_bride", "revealer": 1, "traitor": 1},
             "flags": {"corpse_ready": True, "groom_named": True},
             "explorers": {"0": {"room": "basement_landing"}, "2": {"room": "basement_landing"},
                           "1": {"room": "chapel"}},
             "monsters": [{"monster": "bride", "room": "foyer"}], "turn": {"seat": "m"}}
    game = _game(betrayal, setup)
    assert _steps(betrayal, game.state, "foyer", "chapel", monster=True) is not None
    for _ in range(12):
        seat = 1 if game.state["choice"] is None else game.state["choice"]["seat"]
        action = _choose(game, seat)
        if action["type"] == "end_turn":
            break
        game.act(seat, action)
    (bride,) = game.state["monsters"].values()
    assert bride["room"] == "chapel"


def test_magpie_picks_up_a_trinket_then_carries_it_to_the_tower_and_hoards(betrayal):
    """h13: the Magpie's `hoard` power wants a trinket in the Tower; the traitor's seat makes
    it pick one up, walk it to the Tower and hoard it."""
    setup = {"tiles": [TOWER],
             "haunt": {"id": "magpie", "revealer": 0, "traitor": 1},
             "explorers": {"0": {"room": "basement_landing"}, "2": {"room": "basement_landing"},
                           "1": {"room": "entrance_hall"}},
             "piles": {"foyer": ["trinket_1"]},
             "monsters": [{"monster": "magpie", "room": "foyer"}], "turn": {"seat": "m"}}
    game = _game(betrayal, setup)
    mid = game.state["monsters"] and sorted(game.state["monsters"])[0]
    assert _choose(game, 1) == {"type": "mpick", "monster": mid, "card": "trinket_1"}
    game.act(1, {"type": "mpick", "monster": mid, "card": "trinket_1"})
    rooms = [game.state["monsters"][mid]["room"]]
    for _ in range(10):
        action = _choose(game, 1)
        if action["type"] != "mmove":
            break
        game.act(1, action)
        rooms.append(game.state["monsters"][mid]["room"])
    steps = [_steps(betrayal, game.state, r, "tower", monster=True) for r in rooms]
    assert steps == sorted(steps, reverse=True) and len(set(rooms)) == len(rooms)
    assert rooms[-1] == "tower"
    assert action == {"type": "power", "monster": mid, "id": "hoard"}


def test_heroes_gather_herbs_before_walking_to_the_kitchen(betrayal):
    """h02: brewing needs the herbs first (``counter_at_least``), so a hero with none goes to
    a herb, not to the Kitchen next door."""
    setup = {"tiles": [KITCHEN],
             "haunt": {"id": "the_poisoner", "revealer": 1, "traitor": 2},
             "explorers": {"0": {"room": "foyer"}},
             "tokens": {"upper_landing": {"herb": 1}},
             "turn": {"seat": 0}}
    game = _game(betrayal, setup)
    assert _steps(betrayal, game.state, "foyer", "kitchen") == 1
    action = _choose(game, 0)
    assert action == {"type": "move", "to": "grand_staircase"}
