"""Relics beyond level I and their passives: riddle-of-the-beast-rules.md "Gear Shop / Relics"
(Constantine's Lighter, Broken Phylactery, Pyromaniacs Lantern, Crones Finger, Broken
Stopwatch, Rain Stick, Gothic Bell, Philosophers Dust); "Gear and Equipment" (Relics: one
Occult check before each use, a different number per level); RULINGS HR-38, HR-101."""

from __future__ import annotations

from beastkit import battle, events, pass_windows


def field(rs, gear: list[str], dice: list[int], occult: int = 2, **setup):
    """Michael (Occult 0, raised to ``occult``) and a Thug 3 spaces away."""
    units = {"michael": {"x": 5, "y": 2}, "thug-1": {"x": 8, "y": 2}, **setup.pop("units", {})}
    enemies = setup.pop("enemies", ["thug"])
    return battle(rs, ["michael"], enemies, units, dice=dice, gear={"michael": gear},
                  hx={"michael": {"boost": {"occult": occult}}}, **setup)


def use(g, kind: str, ability: str, target) -> None:
    g.act(0, {"type": kind, "unit": "michael", "ability": ability, "target": target})


def test_crones_finger_freezes_on_a_hit_at_level_two(rs):
    """Crones Finger: "A4/R4 single target ICE attack. I - Action; II - FROZEN on HIT": one
    Occult roll; 5+ is level I, 8+ level II (HR-101). Dice: the check, ICE's special roll (a
    blank), 1 hit of 4, no blocks."""
    for roll, frozen in ((3, False), (6, True)):
        g = field(rs, ["crones_finger"], [roll, 0, 1, 0, 0, 0, 0, 0])
        use(g, "ability", "gear-crones_finger", "thug-1")
        thug = g.state["units"]["thug-1"]
        assert thug["hp"] == 6 - 1
        assert ("FROZEN" in thug["st"]) is frozen


def test_pyromaniacs_lantern_is_an_interrupt_at_level_two(rs):
    """Pyromaniacs Lantern: "I - Action; II - Interrupt": the interrupt use needs Occult 8+
    and shares the lantern's cool down (HR-101)."""
    g = field(rs, ["pyromaniacs_lantern"], [5, 0, 0, 0, 0])
    offered = {a["ability"] for a in g.legal_actions(0) if a["type"] == "interrupt"}
    assert "gear-pyromaniacs_lantern-ii" in offered
    use(g, "interrupt", "gear-pyromaniacs_lantern-ii", "thug-1")
    assert events(g, "attack_roll") == []  # 5 + 2 < 8: it fails
    cd = g.state["units"]["michael"]["cd"]
    assert cd["gear-pyromaniacs_lantern-ii"] == cd["gear-pyromaniacs_lantern"] == 2
    g = field(rs, ["pyromaniacs_lantern"], [6, 0, 1, 0, 0, 0, 0])
    use(g, "interrupt", "gear-pyromaniacs_lantern-ii", "thug-1")
    assert len(events(g, "attack_roll")) == 1
    assert g.state["units"]["michael"]["acted"] is False


def test_constantines_lighter_two_draws_a_light_to_another_tile(rs):
    """Constantine's Lighter II (8+): "Draw on the energy of another Light Source on the Map
    and move it to the tile of your choice" (HR-101: one space per unlit tile is offered)."""
    g = field(rs, ["constantines_lighter"], [6], lights=[[1, 1]])
    md = rs.md(g.state)
    spots = [a["target"] for a in g.legal_actions(0)
             if a.get("ability") == "gear-constantines_lighter-ii"]
    assert spots and all(md.tile_of[tuple(s)] != md.tile_of[(1, 1)] for s in spots)
    use(g, "ability", "gear-constantines_lighter-ii", spots[0])
    light = g.state["lights"][0]
    assert [light["x"], light["y"]] == spots[0]


def test_broken_phylactery_gives_an_interrupt_back_when_anyone_dies(rs):
    """Broken Phylactery: "Wielder regains 1 Interrupt whenever anyone dies in battle"
    (Occult 8+, rolled at each death)."""
    for roll, back in ((5, False), (6, True)):
        g = field(rs, ["broken_phylactery"], [roll], units={"michael": {"x": 5, "y": 2,
                                                                         "intr": True}})
        rs.kill(g.state, g.state["units"]["thug-1"], "slain")
        assert g.state["units"]["michael"]["intr"] is (not back)


def test_broken_stopwatch_lengthens_each_status_once(rs):
    """Broken Stopwatch: "Any status effects on target now last an additional turn. This can
    only be used once for each application of a status effect." (Occult 6+)"""
    g = field(rs, ["broken_stopwatch"], [6, 6],
              units={"thug-1": {"x": 8, "y": 2, "st": {"SLOW": [1, 1], "MARKED": [2, 1]}}})
    use(g, "interrupt", "gear-broken_stopwatch", "thug-1")
    thug = g.state["units"]["thug-1"]
    assert thug["st"]["SLOW"][0] == 2 and thug["st"]["MARKED"][0] == 3
    g.state["units"]["michael"]["intr"] = False
    g.state["units"]["michael"]["cd"].clear()
    use(g, "interrupt", "gear-broken_stopwatch", "thug-1")
    assert thug["st"]["SLOW"][0] == 2 and thug["st"]["MARKED"][0] == 3


def test_rain_stick_makes_the_picked_element_trigger_on_a_hit(rs):
    """Rain Stick: "Pick between FIRE/ICE/ELEC, elemental status effects tied to this element
    now occur on a HIT. Lasts 3 turns." (Occult 8+). Dice: the check; the FIRE special roll
    is a sword-and-shield, which now triggers."""
    g = field(rs, ["rain_stick", "incendiary_ammo"], [6, 1, 1, 0, 0, 0, 0])
    names = {a["ability"] for a in g.legal_actions(0) if "rain_stick" in str(a.get("ability"))}
    assert names == {"gear-rain_stick-fire", "gear-rain_stick-ice", "gear-rain_stick-elec"}
    use(g, "ability", "gear-rain_stick-fire", "michael")
    assert g.state["weather"] == ["FIRE", 3]
    use(g, "free", "gear-incendiary_ammo", "michael")
    g.state["units"]["michael"]["acted"] = False
    g.act(0, {"type": "attack", "unit": "michael", "target": "thug-1", "mode": "ranged"})
    assert events(g, "element_roll")[-1]["triggered"] is True
    for _ in range(3):
        g.act(0, {"type": "end_turn"})
        pass_windows(g)
        while g.state["side"] != "hunters" and not g.state.get("result"):
            pass_windows(g)
    assert "weather" not in g.state


def test_philosophers_dust_changes_the_element_of_an_attack(rs):
    """Philosophers Dust: "R6 - Change Element of ability for 1 turn" (Occult 6+): Michael
    dusts himself with FIRE, and his melee attack this turn is FIRE."""
    g = field(rs, ["philosophers_dust"], [6, 0, 0, 0, 0, 0, 0, 0],
              units={"thug-1": {"x": 6, "y": 2}})
    use(g, "interrupt", "gear-philosophers_dust-fire", "michael")
    assert "DUSTED" in g.state["units"]["michael"]["st"]
    g.act(0, {"type": "attack", "unit": "michael", "target": "thug-1", "mode": "melee"})
    assert " fire attack dice" in events(g, "attack_roll")[-1]["text"]


def test_gothic_bell_turns_an_enemy_on_its_own_and_holds_it_a_turn(rs):
    """Gothic Bell: "R3 - Control enemy unit for 1 turn. User takes 1 Sanity damage. 2 round
    CD." (Occult 8+; HR-101: it attacks a fellow enemy of the user's choice now and loses its
    own next turn)."""
    g = field(rs, ["gothic_bell"], [6, 1, 0, 0, 0, 0] + [0] * 20, enemies=["thug", "thug"],
              units={"thug-1": {"x": 7, "y": 2}, "thug-2": {"x": 8, "y": 2}},
              cards=["strike", "strike"])
    san = g.state["units"]["michael"]["san"]
    assert {"type": "ability", "unit": "michael", "ability": "gear-gothic_bell",
            "target": ["thug-1", "thug-2"]} in g.legal_actions(0)
    use(g, "ability", "gear-gothic_bell", ["thug-1", "thug-2"])
    roll = events(g, "attack_roll")[-1]
    assert (roll["att"], roll["tgt"]) == ("thug-1", "thug-2")
    assert g.state["units"]["michael"]["san"] == san - 1
    g.act(0, {"type": "end_turn"})
    pass_windows(g)
    assert not [e for e in events(g, "attack_roll") if e["att"] == "thug-1"
                and e["tgt"] == "michael"]
