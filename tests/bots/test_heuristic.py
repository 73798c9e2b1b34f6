"""The heuristic bot pursues its side's goals from its view (issue 11, "Bots").

Set-ups follow docs/scenarios.md; haunt goals are the books in the starter pack
(h14 The Smuggler's Cargo, h01 Ghoul Pack), never hard-coded in the bot.
"""

from __future__ import annotations

from collections import deque

import pytest

from hauntkit.bots import HeuristicBot, bot_rng, get_bot
from hauntkit.core.game import Game
from hauntkit.rulesets.betrayal import house
from hauntkit.sim.runner import play_game

CHARS = ["ada_vance", "bram_okafor", "celeste_moreau"]


def _game(rs, setup, seed=1):
    game = Game.new(rs, {"players": 3, "characters": CHARS}, seed)
    rs.apply_setup(game.state, setup)
    return game


def _choose(game, seat, seed=0):
    bot = get_bot("heuristic")
    return bot.choose(game.view(seat), game.legal_actions(seat), bot_rng(seed, seat))


def _true_distance(rs, state, start, goal):
    dist = {start: 0}
    todo = deque([start])
    while todo:
        room = todo.popleft()
        for nxt, _ in house.exits(rs.ix, state, room):
            if nxt not in dist:
                dist[nxt] = dist[room] + 1
                todo.append(nxt)
    return dist.get(goal)


def test_registered_under_its_name():
    assert isinstance(get_bot("heuristic"), HeuristicBot)


def test_hero_with_a_crate_walks_to_the_furnace_and_burns_it(betrayal):
    """h14 heroes' book: the `burn_crate` action needs the Furnace Room and a crate."""
    setup = {"tiles": [{"room": "creaky_hallway", "floor": "basement", "x": 1, "y": 0},
                       {"room": "dusty_hallway", "floor": "basement", "x": 2, "y": 0},
                       {"room": "furnace_room", "floor": "basement", "x": 3, "y": 0},
                       {"room": "junk_room", "floor": "basement", "x": 0, "y": 1}],
             "haunt": {"id": "smugglers_cargo", "revealer": 1, "traitor": 1},
             "explorers": {"0": {"room": "basement_landing", "cards": ["crate_1"]}},
             "turn": {"seat": 0, "moves": 12}}
    game = _game(betrayal, setup)
    start = _true_distance(betrayal, game.state, "basement_landing", "furnace_room")
    assert start == 3
    rooms = ["basement_landing"]
    for _ in range(40):
        if game.state["turn"]["who"] != 0 or game.state["choice"] is not None:
            break
        action = _choose(game, 0)
        game.act(0, action)
        if action["type"] == "end_turn":
            break
        if action["type"] == "haunt_action":
            assert action["id"] == "burn_crate"
            break
        rooms.append(game.state["explorers"][0]["room"])
    distances = [_true_distance(betrayal, game.state, r, "furnace_room") for r in rooms]
    assert distances == sorted(distances, reverse=True)  # never a step away from the goal
    assert len(set(rooms)) == len(rooms)  # never back and forth
    assert rooms[-1] == "furnace_room" and action == {"type": "haunt_action", "id": "burn_crate"}


def test_hero_in_the_furnace_room_burns_instead_of_wandering(betrayal):
    setup = {"tiles": [{"room": "furnace_room", "floor": "basement", "x": 1, "y": 0}],
             "haunt": {"id": "smugglers_cargo", "revealer": 1, "traitor": 1},
             "explorers": {"0": {"room": "furnace_room", "cards": ["crate_1"]}},
             "turn": {"seat": 0}}
    game = _game(betrayal, setup)
    assert _choose(game, 0) == {"type": "haunt_action", "id": "burn_crate"}


def test_hero_picks_up_a_crate_and_never_drops_it(betrayal):
    setup = {"tiles": [{"room": "furnace_room", "floor": "basement", "x": 1, "y": 0}],
             "haunt": {"id": "smugglers_cargo", "revealer": 1, "traitor": 1},
             "explorers": {"0": {"room": "foyer", "cards": []}},
             "piles": {"foyer": ["crate_2"]}, "turn": {"seat": 0}}
    game = _game(betrayal, setup)
    action = _choose(game, 0)
    assert action["type"] == "pick_up" and action["card"] in ("crate_2", "all")


def test_traitor_attacks_a_hero_not_a_monster_and_heroes_attack_the_traitor(betrayal):
    """h01: the traitor's side fights the heroes; heroes attack the traitor, not each other."""
    # no ghouls: the haunt would raise them on the traitor's tile (the foyer, as the explorers
    # are placed first), and scattering them comes before any attack
    setup = {"haunt": {"id": "ghoul_pack", "revealer": 2, "traitor": 2},
             "explorers": {"0": {"room": "foyer"}, "1": {"room": "foyer"},
                           "2": {"room": "foyer"}},
             "monsters": [],
             "turn": {"seat": 0}}
    game = _game(betrayal, setup)
    legal = game.legal_actions(0)
    assert any(a["type"] == "attack" for a in legal)
    action = _choose(game, 0)
    assert action["type"] == "attack" and action["target"] == 2


def test_heroes_do_not_attack_unknown_suspects_of_a_hidden_traitor(betrayal):
    """h02 The Poisoner keeps the traitor hidden: a hero sees only suspects."""
    setup = {"haunt": {"id": "the_poisoner", "revealer": 1, "traitor": 2},
             "explorers": {"0": {"room": "foyer"}, "1": {"room": "foyer"},
                           "2": {"room": "foyer"}},
             "turn": {"seat": 0}}
    game = _game(betrayal, setup)
    assert game.view(0)["haunt"]["traitor"] is None
    action = _choose(game, 0)
    assert action["type"] != "attack"


def test_explores_before_the_haunt(betrayal):
    game = _game(betrayal, {"turn": {"seat": 0}})
    assert game.state["haunt"] is None
    action = _choose(game, 0)
    assert action["type"] in ("explore", "move")


@pytest.mark.parametrize("seed", [3, 4])
def test_whole_games_have_no_pointless_pairs(betrayal, seed):
    """No drop followed by picking the same card up, and no A->B->A walk with nothing done
    in between."""
    game, record = play_game(betrayal, {"players": 4}, seed, get_bot("heuristic"),
                             max_actions=20_000)
    assert not record.capped
    history = game.state["history"]
    dropped: dict[int, set[str]] = {}
    for seat, action in history:
        if action["type"] == "drop":
            dropped.setdefault(seat, set()).add(action["card"])
        if action["type"] == "pick_up":
            assert action["card"] not in dropped.get(seat, set())
    replay = Game.new(betrayal, {"players": 4}, seed)
    prev: dict[int, list[str]] = {}
    for seat, action in history:
        room_before = replay.state["explorers"][seat]["room"]
        replay.act_trusted(seat, action)
        if action["type"] != "move":
            prev[seat] = []  # a step that did something in between is not pointless
        else:
            trail = prev.setdefault(seat, [])
            trail.append(room_before)
            assert action["to"] not in trail[-2:-1], "walked straight back"


def test_heuristic_game_ends_in_fewer_turns_than_the_default_bot(betrayal):
    turns = {}
    for name in ("heuristic", "default"):
        total = 0
        for seed in range(3):
            _, record = play_game(betrayal, {"players": 4}, seed, get_bot(name),
                                  max_actions=20_000)
            total += record.stats["turns"]
        turns[name] = total
    assert turns["heuristic"] < turns["default"]


# ------------------------------------------------------------------------------- beast
def _beast(rs, units, **extra):
    game = Game.new(rs, {"map": "alley", "hunters": ["michael"], "enemies": ["thug", "thug"],
                         "dice": [6, 1]}, 1)
    rs.apply_setup(game.state, {"units": units, **extra})
    return game


def test_beast_focus_fire_on_the_weakest_enemy(beast):
    game = _beast(beast, {"michael": {"x": 3, "y": 2}, "thug-1": {"x": 4, "y": 2, "hp": 5},
                          "thug-2": {"x": 2, "y": 2, "hp": 1}})
    action = _choose(game, 0)
    assert action["type"] in ("attack", "ability")
    assert action["target"] == "thug-2"


def test_beast_steps_toward_the_enemy_when_out_of_reach(beast):
    """Michael's ranged attack reaches 4 spaces (content): 9 away he must close in."""
    game = _beast(beast, {"michael": {"x": 0, "y": 0}, "thug-1": {"x": 9, "y": 4},
                          "thug-2": {"x": 9, "y": 3}}, lights=[])
    legal = game.legal_actions(0)
    assert not any(a["type"] == "attack" for a in legal)
    action = _choose(game, 0)
    assert action["type"] == "step"
    # the focus is thug-1 or thug-2 (same hit points): either way the step closes in
    after = max(abs(action["to"][0] - 9), abs(action["to"][1] - 3))
    assert after < 9
