"""The beast heuristic bot (docs/bots.md, "beast"): positions where it used to blunder, set up
in data (beast_positions.yaml), and whole battles and hunts it plays without undoing its
own moves: no step straight back within a turn, no item equipped and unequipped, no arsenal
taken twice, no harm to its own side, every Location light on the hunters' tile."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from hauntkit.bots.base import bot_rng, bot_seat, get_bot
from hauntkit.core import Game
from hauntkit.core.campaign import finish_game, new_campaign, next_game
from hauntkit.rulesets.beast.battle.board import area_cells, beam_cells, blockers
from hauntkit.sim.runner import play_game

POSITIONS = yaml.safe_load((Path(__file__).parent / "beast_positions.yaml").read_text())[
    "positions"]


def _position(rs: Any, spec: dict[str, Any]) -> Game:
    game = Game.new(rs, {"map": "alley", "hunters": spec["hunters"], "enemies": spec["enemies"],
                         "dice": [6, 1]}, 7)
    rs.apply_setup(game.state, {"units": spec["units"], "lights": spec.get("lights", [])})
    return game


def _choose(game: Game, seat: int) -> dict[str, Any]:
    return get_bot("heuristic").choose(game.view(seat), game.legal_actions(seat),
                                        bot_rng(0, seat))


def _spaces_hit(rs: Any, state: dict[str, Any], action: dict[str, Any]) -> set[tuple[int, int]]:
    """The spaces a beam or AOE action covers (empty for any other action)."""
    if action["type"] not in ("ability", "interrupt") or "unit" not in action:
        return set()
    unit = state["units"][action["unit"]]
    ab = rs.ability(unit, action["ability"])
    md = rs.c.maps[state["map"]]
    if ab is None:
        return set()
    if ab.shape == "beam":
        return set(beam_cells(md, blockers(state, md), unit["x"], unit["y"], action["target"],
                              ab.range))
    if ab.shape == "aoe":
        x, y = action["target"]
        return set(area_cells(md, x, y, ab.radius))
    return set()


def harms_own_side(rs: Any, state: dict[str, Any], action: dict[str, Any]) -> bool:
    """The action hits a hunter (a beam or AOE over one, an attack on one) or a light."""
    if action["type"] in ("douse", "carry"):
        return True
    target = action.get("target")
    units = state["units"]
    if action["type"] == "attack":
        return not (isinstance(target, str) and target in units
                    and units[target]["side"] == "enemies")
    spaces = _spaces_hit(rs, state, action)
    return any((u["x"], u["y"]) in spaces for u in units.values()
               if u["alive"] and u["side"] == "hunters")


@pytest.mark.parametrize("spec", POSITIONS, ids=[p["name"] for p in POSITIONS])
def test_position(beast: Any, spec: dict[str, Any]) -> None:
    """Each position names its rule and the old blunder; the bot now avoids it."""
    game = _position(beast, spec)
    seat = spec["seat"]
    legal = game.legal_actions(seat)
    action = _choose(game, seat)
    never = spec.get("never")
    if never == "hits_an_ally":
        assert any(harms_own_side(beast, game.state, a) for a in legal), "no trap to avoid"
        assert not harms_own_side(beast, game.state, action), action
    elif never is not None:
        assert any(all(a.get(k) == v for k, v in never.items()) for a in legal)
        assert not all(action.get(k) == v for k, v in never.items()), action
    expect = spec.get("expect") or {}
    if "type" in expect:
        assert action["type"] == expect["type"], action
    if expect.get("to_tile_lit"):
        md = beast.c.maps[game.state["map"]]
        x, y = action["to"]
        assert any(md.tile_of[(li["x"], li["y"])] == md.tile_of[(x, y)]
                   for li in game.state["lights"]), action


# -- whole battles -----------------------------------------------------------------------
class Watch:
    """Follows a game action by action: each step's space before and after, per turn."""

    def __init__(self, rs: Any) -> None:
        self.rs = rs
        self.before: dict[str, tuple[int, int]] = {}
        self.left: dict[str, tuple[int, int]] = {}  # the space each unit left this turn
        self.turn = (-1, "")
        self.problems: list[str] = []

    def position(self, state: dict[str, Any]) -> None:
        """Call before each action: where every unit stands now."""
        turn = (state["round"], state["side"])
        if turn != self.turn:
            self.turn, self.left = turn, {}
        self.before = {uid: (u["x"], u["y"]) for uid, u in state["units"].items()}

    def acted(self, state: dict[str, Any], action: dict[str, Any]) -> None:
        if harms_own_side(self.rs, state, action) and "unit" in action:
            self.problems.append(f"harm to its own side: {action}")
        if action["type"] in ("step", "slip"):
            uid = action["unit"]
            if self.left.get(uid) == tuple(action["to"]):
                self.problems.append(f"round {state['round']}: {uid} steps back to "
                                     f"{action['to']}")
            self.left[uid] = self.before[uid]


def test_heuristic_battles_never_step_back_nor_harm_their_own_side(beast: Any) -> None:
    """Over seeds and every map: no two-space oscillation (A to B and straight back to A in
    one turn) and no action against a hunter or a light."""
    bot = get_bot("heuristic", beast)
    for map_id in beast.scenario_ids():
        for seed in range(12):
            watch = Watch(beast)
            game = Game.new(beast, {"map": map_id}, seed)
            while not game.over:
                waiting = game.to_act()
                version = game.state["version"]
                seat = waiting[0] if len(waiting) == 1 else bot_seat(waiting, seed, version)
                legal = game.legal_actions(seat)
                action = legal[0] if len(legal) == 1 else bot.choose(
                    game.view(seat), legal, bot_rng(seed, seat, version))
                watch.position(game.state)
                if len(legal) > 1:
                    watch.acted(game.state, action)
                game.act(seat, action)
            assert watch.problems == [], (map_id, seed, watch.problems[:3])


# -- whole hunts ---------------------------------------------------------------------------
def _kit_flips(log: list[dict[str, Any]]) -> list[str]:
    """Equip-then-unequip of one hunter's item, or a second arsenal change, in one leg."""
    out: list[str] = []
    arsenals: dict[str, int] = {}
    equipped: set[tuple[str, str]] = set()
    for event in log:
        if event["type"] == "equip":
            equipped.add((event["hunter"], event["item"]))
        elif event["type"] == "unequip" and (event.get("hunter"), event.get("item")) in equipped:
            out.append(event["text"])
        elif event["type"] == "arsenal":
            arsenals[event["hunter"]] = arsenals.get(event["hunter"], 0) + 1
            if arsenals[event["hunter"]] > 1:
                out.append(event["text"])
    return out


@pytest.mark.parametrize("hunt", ["ashgrove", "short-night"])
def test_heuristic_hunts_never_flip_their_kit(beast: Any, hunt: str) -> None:
    """docs/bots.md, "beast": between battles a change of kit is never undone; every light a
    Location card gives goes on a tile where a hunter stands (RULING HR-79)."""
    bot = get_bot("heuristic", beast)
    for seed in range(4):
        camp = new_campaign(beast, {"hunt": hunt, "players": 2}, seed,
                            [{"bot": "heuristic"}] * 2, f"c{seed}")
        index = 0
        while camp["status"] == "active":
            game = next_game(beast, camp, f"g{index}")
            while not game.over:
                waiting = game.to_act()
                version = game.state["version"]
                s = game.state["seed"]
                seat = waiting[0] if len(waiting) == 1 else bot_seat(waiting, s, version)
                legal = game.legal_actions(seat)
                action = legal[0] if len(legal) == 1 else bot.choose(
                    game.view(seat), legal, bot_rng(s, seat, version))
                if action["type"] == "place_light":
                    md = beast.c.maps[game.state["map"]]
                    tile = md.tile_of[tuple(action["to"])]
                    assert any(md.tile_of[(u["x"], u["y"])] == tile
                               for u in game.state["units"].values()
                               if u["side"] == "hunters" and u["alive"]), action
                game.act(seat, action)
            assert _kit_flips(game.state["log"]) == [], (hunt, seed, index)
            finish_game(beast, camp, game, f"g{index}")
            index += 1


def test_heuristic_beats_random_on_every_map(beast: Any) -> None:
    """The heuristic bot wins more battles than the random bot on the maps together."""
    wins = {"heuristic": 0, "random": 0}
    for name in wins:
        for map_id in beast.scenario_ids():
            for seed in range(6):
                _, record = play_game(beast, {"map": map_id}, seed, get_bot(name))
                wins[name] += record.outcome == "hunters"
    assert wins["heuristic"] > wins["random"]


def test_an_enemy_that_took_its_attack_of_opportunity_draws_no_second(beast: Any) -> None:
    """*Riddle of the Beast*, "Attack of Opportunity" and RULING HR-9 (one per enemy, per hunter
    and turn): once the werewolf has struck at Michael stepping along its side, a ranged shot
    from there draws none; the heuristic reads it from the view's log as the engine does."""
    from hauntkit.bots.beast_policy import Decision
    from hauntkit.sim.blunders_beast import provokes

    game = _position(beast, {"hunters": ["michael"], "enemies": ["werewolf"],
                             "units": {"michael": {"x": 5, "y": 2, "hp": 9},
                                       "werewolf-1": {"x": 6, "y": 2}}})
    shot = {"type": "attack", "unit": "michael", "target": "werewolf-1", "mode": "ranged"}
    michael = game.state["units"]["michael"]
    assert Decision(beast.c, game.view(0)).opportunists(michael) == 1
    assert provokes(beast, game.state, shot)
    game.act(0, {"type": "step", "unit": "michael", "to": [5, 3]})
    assert Decision(beast.c, game.view(0)).opportunists(michael) == 0
    assert not provokes(beast, game.state, shot)
