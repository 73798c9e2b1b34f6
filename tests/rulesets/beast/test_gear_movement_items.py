"""Movement items, Stimulant and the glow sticks: riddle-of-the-beast-rules.md
"Gear Shop / Utility Shop / Healing Items" (Espresso Shot, Speed), "Miscellaneous Items"
(Roller Blades, Glow Stick), "Consumable Shop" (Stimulant, Blessed Glow Sticks), "Relics"
(Constantine's Lighter); RULINGS HR-47..HR-49."""

from __future__ import annotations

from beastkit import battle, events

from hauntkit.rulesets.beast.battle import status
from hauntkit.rulesets.beast.gear import using


def use_on_self(rs, item: str, dice: list[int] | None = None):
    g = battle(rs, ["michael"], ["thug"], {"michael": {"x": 5, "y": 2},
                                          "thug-1": {"x": 9, "y": 4}},
               dice=dice or [], gear={"michael": [item]})
    me = g.state["units"]["michael"]
    base = me["mv"]
    acts = [a for a in g.legal_actions(0) if a.get("ability") == f"gear-{item}"
            and a.get("target") == "michael"]
    assert acts, f"{item} is offered on the hunter himself"
    g.act(0, acts[0])
    return g, me, base


def next_hunters_turn(rs, g) -> None:
    """End the hunters' turn and the enemies' (as the flow does), back to the hunters."""
    for side in ("enemies", "hunters"):
        for u in g.state["units"].values():
            if u["side"] != side and u["alive"]:
                status.end_of_turn(g.state, u, rs)
        rs.start_side_turn(g.state, side)


def test_espresso_shot_gives_one_more_space_for_two_turns(rs):
    """Gear Shop / Utility Shop / Healing Items / Espresso Shot: "+1 Movement for 2 turns" (RULING HR-47:
    the turn it is drunk in is the first)."""
    g, me, base = use_on_self(rs, "espresso_shot")
    assert me["st"]["MOVE_UP"] == [2, 1]
    assert me["mv"] == base + 1
    next_hunters_turn(rs, g)
    assert me["mv"] == base + 1 and me["st"]["MOVE_UP"][0] == 1
    next_hunters_turn(rs, g)
    assert "MOVE_UP" not in me["st"] and me["mv"] == base


def test_roller_blades_give_two_more_spaces_for_three_turns(rs):
    """Gear Shop / Utility Shop / Miscellaneous Items / Roller Blades: "Targets movement
    increases by 2 for 3 turns"."""
    g, me, base = use_on_self(rs, "roller_blades")
    assert me["st"]["MOVE_UP"] == [3, 2] and me["mv"] == base + 2
    next_hunters_turn(rs, g)
    assert me["mv"] == base + 2


def test_speed_lets_the_target_move_again(rs):
    """Gear Shop / Utility Shop / Healing Items / Speed: "Target can make an extra movement
    action. Take 1 Sanity damage" (RULING HR-47: its full movement again, this turn)."""
    g = battle(rs, ["michael"], ["thug"], {"michael": {"x": 5, "y": 2},
                                          "thug-1": {"x": 9, "y": 4}},
               dice=[], gear={"michael": ["speed"]})
    me = g.state["units"]["michael"]
    base, sanity = me["mv"], me["san"]
    me["mv"], me["flags"]["move_done"] = 0, 1
    g.act(0, {"type": "interrupt", "unit": "michael", "ability": "gear-speed",
              "target": "michael"})
    assert me["mv"] == base and "move_done" not in me["flags"]
    assert me["san"] == sanity - 1
    assert events(g, "move_again")


def test_stimulant_keeps_debuffs_off_this_turn(rs):
    """Gear Shop / Consumable Shop / Stimulant: "R1 - Hunter is immune to negative Status
    effects this turn" (RULING HR-48: immunities count the hunter's own turns)."""
    g, me, _ = use_on_self(rs, "stimulant")
    for name in ("POISON", "BLIND", "MELEE_DOWN", "FLINCH"):
        assert status.apply(rs, g.state, me, name, 1, 1) is False
    assert status.apply(rs, g.state, me, "STEALTH", 1, 1) is True  # a buff still lands
    next_hunters_turn(rs, g)
    assert status.apply(rs, g.state, me, "BLIND", 1, 1) is True


def drop_light(rs, enemy: str, item: str, kind: str):
    """Michael at (5, 2) uses ``item`` to light (6, 2); one ``enemy`` at (8, 4)."""
    g = battle(rs, ["michael"], [enemy], {"michael": {"x": 5, "y": 2},
                                          f"{enemy}-1": {"x": 8, "y": 4}},
               dice=[0] * 30, gear={"michael": [item]})
    g.act(0, {"type": kind, "unit": "michael", "ability": f"gear-{item}", "target": [6, 2]})
    return g, next(li for li in g.state["lights"] if (li["x"], li["y"]) == (6, 2))


def test_blessed_glow_sticks_light_cannot_be_destroyed(rs):
    """Gear Shop / Consumable Shop / Blessed Glow Sticks: "Place 1 Light Source on any map
    tile. These Light Sources cannot be destroyed" - not offered as a target, untouched by
    an attack on it or by an enemy's light-snuffing ability."""
    g, light = drop_light(rs, "shade", "blessed_glow_sticks", "interrupt")
    assert light["holy"] is True
    assert all(a.get("target") != light["id"] for a in g.legal_actions(0))
    from hauntkit.rulesets.beast.battle import combat, frames
    fr = frames.frame("shade-1", light["id"], mode="melee", atk=5, el="PHYSICAL",
                      style="melee")
    combat.step(rs, g.state, fr)
    assert light in g.state["lights"] and light["hp"] == 2
    shade = g.state["units"]["shade-1"]
    snuff = rs.c.enemies["shade"].special1
    assert snuff.hook == "destroy_light"
    rs.resolve_plain(g.state, shade, snuff.model_copy(update={"range": 9}), None)
    assert light in g.state["lights"]


def test_glow_stick_fades_after_three_hunters_turns(rs):
    """Gear Shop / Utility Shop / Miscellaneous Items / Glow Stick: "Treat as Light Source for
    3 turns" (RULING HR-49: the turn it is dropped in is the first; it goes out at the end
    of the hunters' third turn)."""
    g, light = drop_light(rs, "thug", "glow_stick", "ability")
    assert light["turns"] == 3
    rs.end_side_turn(g.state)  # the hunters' first turn ends, through the turn flow
    assert light in g.state["lights"] and light["turns"] == 2
    for _ in range(2):
        using.lights_fade(g.state)
    assert light not in g.state["lights"] and events(g, "light_out")


def test_constantines_lighter_light_lasts_four_turns(rs, monkeypatch):
    """Gear Shop / Relics / Constantine's Lighter: "I - Treat the tile this unit is on as a
    Light Score of 1. Lasts 4 turns" (RULING HR-49; the Occult check passes here)."""
    monkeypatch.setattr(type(rs), "skill_roll", lambda self, *a, **k: 12)
    g = battle(rs, ["michael"], ["thug"], {"michael": {"x": 5, "y": 2},
                                          "thug-1": {"x": 9, "y": 4}},
               dice=[0] * 30, gear={"michael": ["constantines_lighter"]},
               hx={"michael": {"boost": {"occult": 1}}})  # a relic needs Occult ("Relics")
    g.act(0, {"type": "ability", "unit": "michael", "ability": "gear-constantines_lighter",
              "target": [5, 2]})
    light = next(li for li in g.state["lights"] if (li["x"], li["y"]) == (5, 2))
    assert light["turns"] == 4
