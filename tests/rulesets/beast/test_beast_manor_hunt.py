"""The Undying in a hunt, and the Location card's light sources.

riddle-of-the-beast-rules.md "Gear Shop / Melee Weapons" (silver and stake weapons: "See
Undying Template"), "Gear Shop / Defense Gear Shop" (Rosary), "Gear Shop / Relics" (Bugs in a
box), RULING HR-100 (the Undying template); "A Dark World... / Light Sources" ("When a new
Location card is drawn with a Light Source of 1 the players can place a Light icon on any tile
on this Location"), RULING HR-79. Content: Blackwood Manor (the manor map) in the hunt The
Master of Blackwood."""

from __future__ import annotations

from typing import Any

import pytest
from beastkit import pass_windows

from hauntkit.core import Game
from hauntkit.rulesets.beast import action_labels
from hauntkit.rulesets.beast.battle import board

MANOR = {"hunt": "blackwood", "investigation": "the-master", "location": "blackwood-manor"}


def manor_leg(rs, gear: dict[str, dict[str, str]] | None = None, seed: int = 5) -> Game:
    """A leg at Blackwood Manor with the clues in hand, played up to the battle's light."""
    data = rs.campaign_start({"hunt": "blackwood", "players": 1})
    data["run"]["clues"] = 2
    data["at"] = [1, 1]
    for r in data["party"]:
        r["gear"].update((gear or {}).get(r["hunter"], {}))
    game = Game.new(rs, {"hunt": MANOR, "players": 1, "dice": []}, seed, carry_in=data)
    while game.state["phase"] != "battle":
        assert not game.over, game.state["log"][-1]
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        game.act(seat, {"type": "done"} if {"type": "done"} in legal else legal[0])
    return game


def light_and_start(game: Game, to: list[int] | None = None) -> None:
    """Place the Location card's light (or leave it dark); the hunters win initiative."""
    game.state["rng"]["script"].extend([6, 1])
    game.act(0, {"type": "place_light", "to": to} if to else {"type": "leave_dark"})


def kinds(game: Game) -> list[str]:
    return sorted(u["kind"] for u in game.state["units"].values() if u["side"] == "enemies")


def test_blackwood_manor_is_a_hunt_location_on_the_manor_map(rs):
    """The manor map in a hunt: the last location of The Master of Blackwood is fought on it,
    against its Undying master (HR-100: weak to silver and stakes)."""
    hunt = rs.c.hunts["blackwood"]
    assert hunt.investigations[-1].locations[-1] == "blackwood-manor"
    game = manor_leg(rs)
    assert game.state["map"] == "manor"
    assert kinds(game) == ["bat-swarm", "nosferatu", "vampire-spawn"]
    assert rs.c.enemies["nosferatu"].undying == ["silver", "stake"]


def test_the_party_places_the_location_cards_light(rs):
    """"The players can place a Light icon on any tile on this Location": before initiative
    the lead seat is offered every floor space (and leaving it dark); the map's own lights are
    not put down (HR-79). The light placed lights its whole map tile."""
    game = manor_leg(rs)
    state = game.state
    assert state["lights"] == [] and state["hunt"]["to_light"] == 1
    assert not any(e["type"] == "initiative" for e in state["log"])
    assert game.to_act() == [0]
    legal = game.legal_actions(0)
    md = rs.md(state)
    floor = md.width * md.height - len(md.walls)
    assert len(legal) == floor + 1 and legal[-1] == {"type": "leave_dark"}
    labels = [action_labels.describe_action(rs, state, 0, a) for a in legal]
    assert len(set(labels)) == len(labels)
    assert "Place a light source at M6 (Ballroom)" in labels
    assert "Leave the rest of the location dark" in labels
    light_and_start(game, [12, 5])
    assert [(li["x"], li["y"]) for li in state["lights"]] == [(12, 5)]
    assert board.is_lit(state, md, 8, 0) and not board.is_lit(state, md, 0, 0)
    assert "to_light" not in state["hunt"]
    assert any(e["type"] == "initiative" for e in state["log"])
    assert state["side"] == "hunters" and game.to_act() == [0]


def test_leaving_the_location_dark(rs):
    """The players "can" place it: leaving it dark starts the battle with no light at all,
    so every hunter is in Darkness ("Any Hunter in the Darkness takes a penalty of -1")."""
    game = manor_leg(rs)
    light_and_start(game)
    md = rs.md(game.state)
    assert game.state["lights"] == []
    assert not any(board.is_lit(game.state, md, u["x"], u["y"])
                   for u in game.state["units"].values())


def test_a_location_without_a_light_count_keeps_its_maps_lights(rs):
    """Plain battles and locations without `lights` keep the map's own light sources."""
    game = Game.new(rs, {"map": "manor", "dice": [6, 1]}, 3)  # hunters first
    assert [(li["x"], li["y"]) for li in game.state["lights"]] == [(3, 2), (12, 5)]


def face_the_master(rs, game: Game, hp: int, dice: list[int], keep: str = "",
                    **setup: Any) -> dict:
    """Michael next to the Nosferatu (on ``hp``); the other enemies gone but ``keep``."""
    others = [uid for uid, u in game.state["units"].items()
              if u["side"] == "enemies" and u["kind"] not in ("nosferatu", keep)]
    rs.apply_setup(game.state, {"remove": others, "dice": dice, **setup, "units": {
        "michael": {"x": 8, "y": 2}, "nosferatu-1": {"x": 9, "y": 2, "hp": hp}}})
    return game.state["units"]["nosferatu-1"]


@pytest.mark.parametrize("weapon, slays", [("silver_sword", True), ("wooden_stakes", True),
                                           ("silver_stake", True), ("long_sword", False)])
def test_only_silver_or_a_stake_finishes_the_master_of_blackwood(rs, weapon, slays):
    """HR-100 in the hunt: a weapon carried in from Michael's record ("Treat as Silver/Stake.
    See Undying Template") kills the Nosferatu; any other leaves it on 1 HP. Dice: 2 hits and
    1 miss, no blocks."""
    game = manor_leg(rs, {"michael": {"open1": weapon}})
    light_and_start(game, [3, 2])
    # the Vampire Spawn stays (far off), so the battle goes on after a kill
    nos = face_the_master(rs, game, 2, [1, 1, 0, 0, 0, 0], keep="vampire-spawn")
    game.act(0, {"type": "attack", "unit": "michael", "target": "nosferatu-1",
                 "mode": "melee", "weapon": weapon})
    assert nos["alive"] is (not slays)
    assert nos["hp"] == (0 if slays else 1)


def test_a_rosary_carried_into_the_manor_keeps_maximum_hp(rs):
    """Rosary ("Immune to MAX HP damage") against the Nosferatu's Life Drain (HR-100), both
    brought in by the hunt: the wearer keeps its maximum HP, a hunter without loses 1."""
    for gear, expect in (({}, -1), ({"open1": "rosary"}, 0)):
        game = manor_leg(rs, {"michael": gear})
        light_and_start(game, [3, 2])
        face_the_master(rs, game, 12, [1, 1, 0, 0] + [0] * 20, cards=["wrath"])
        for uid in ("tamara", "blake", "cassandra"):  # out of the Nosferatu's logic
            rs.apply_setup(game.state, {"units": {uid: {"alive": False, "hp": 0}}})
        michael = game.state["units"]["michael"]
        before = michael["max"]
        game.act(0, {"type": "end_turn"})
        pass_windows(game)
        assert michael["max"] == before + expect


def test_bugs_in_a_box_stops_the_masters_brood(rs):
    """Bugs in a box ("up to 2 summoned monsters within 3 spaces ... PARALYZED") in the manor:
    the bats the Nosferatu's Brood Call summons are paralyzed, not the Bat Swarm that was
    there from the start (it was not summoned, HR-100)."""
    game = manor_leg(rs, {"tamara": {"open1": "bugs_in_a_box"}})
    light_and_start(game, [3, 2])
    state = game.state
    rs.apply_setup(state, {"dice": [6], "hx": {"tamara": {"boost": {"occult": 1}}}, "units": {
        "tamara": {"x": 8, "y": 2}, "nosferatu-1": {"x": 10, "y": 2},
        "bat-swarm-1": {"x": 9, "y": 3}}})
    nos = state["units"]["nosferatu-1"]
    rs.resolve_ability(state, nos, rs.c.abilities["nosferatu"]["special1"], nos["id"])
    summoned = [u["id"] for u in state["units"].values() if u.get("summoned")]
    assert len(summoned) == 1
    game.act(0, {"type": "interrupt", "unit": "tamara", "ability": "gear-bugs_in_a_box",
                 "target": "tamara"})
    paralyzed = sorted(u["id"] for u in state["units"].values() if "PARALYZE" in u["st"])
    assert paralyzed == summoned
