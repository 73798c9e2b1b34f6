"""The enemy turn: RULING R7, rules "Combat Cards", "Combat Logic", "Cruelty", "Interrupts"."""

from __future__ import annotations

from beastkit import battle, events, pass_windows


def test_interrupt_declared_mid_move_stops_the_mover(rs):
    # "Interrupts" (Example 3): Fei paralyzes a thug in the middle of its move.
    g = battle(rs, ["fei"], ["thug"], {"fei": {"x": 2, "y": 2}, "thug-1": {"x": 8, "y": 2}},
               cards=["strike"])
    g.act(0, {"type": "end_turn"})
    thug = g.state["units"]["thug-1"]
    # Asked once the thug is within Paralyze's range 4, before its next space.
    assert g.to_act() == [0] and g.state["window"]["focus"] == "thug-1"
    assert (thug["x"], thug["y"]) == (6, 2)
    assert {"type": "interrupt", "unit": "fei", "ability": "paralyze",
            "target": "thug-1"} in g.legal_actions(0)
    g.act(0, {"type": "interrupt", "unit": "fei", "ability": "paralyze", "target": "thug-1"})
    assert (thug["x"], thug["y"]) == (6, 2)
    assert events(g, "attack_roll") == []
    assert g.state["side"] == "hunters"


def test_interrupt_offered_before_the_attack_dice(rs):
    # An interrupt can be declared any time before the attacker's dice are rolled.
    g = battle(rs, ["michael"], ["thug"], {"michael": {"x": 5, "y": 2},
                                           "thug-1": {"x": 6, "y": 2}}, cards=["strike"])
    g.act(0, {"type": "end_turn"})
    assert g.state["window"]["focus"] is None
    assert g.legal_actions(0) == [
        {"type": "interrupt", "unit": "michael", "ability": "vanish", "target": "michael"},
        {"type": "pass"}]
    assert events(g, "attack_roll") == []
    g.state["rng"]["script"].extend([0, 0, 0, 0, 0])
    g.act(0, {"type": "pass"})
    assert len(events(g, "attack_roll")) == 1


def test_simultaneous_interrupts_go_to_the_next_player_in_turn_order(rs):
    # HR-3: seats are asked in turn order; the first to declare resolves first.
    g = battle(rs, ["fei", "joe"], ["thug"],
               {"fei": {"x": 5, "y": 0}, "joe": {"x": 5, "y": 4}, "thug-1": {"x": 9, "y": 2}},
               cards=["strike"])
    g.act(0, {"type": "end_turn"})
    g.act(1, {"type": "end_turn"})
    assert g.to_act() == [0]
    g.act(0, {"type": "pass"})
    assert g.to_act() == [1]


def test_combat_logic_picks_its_target(rs):
    # "Combat Logic": HEALER > CLOSEST -> the cultist shoots Tamara though Blake is closer.
    g = battle(rs, ["blake", "tamara"], ["cultist"],
               {"blake": {"x": 6, "y": 2, "ch": {"brace": 0}},
                "tamara": {"x": 5, "y": 0, "ch": {"mending-draught": 0}},
                "cultist-1": {"x": 8, "y": 2}},
               cards=["volley"], dice=[0] * 10)
    g.act(0, {"type": "end_turn"})
    g.act(1, {"type": "end_turn"})
    assert [e["tgt"] for e in events(g, "attack_roll")] == ["tamara"]
    # It moves no more than needed: Tamara was already within range 5.
    assert events(g, "move") == []


def _blake_near_fei_weak(rs, card):
    g = battle(rs, ["blake", "fei"], ["thug"],
               {"blake": {"x": 7, "y": 2, "ch": {"brace": 0}},
                "fei": {"x": 5, "y": 4, "hp": 2, "ch": {"paralyze": 0}},
                "thug-1": {"x": 8, "y": 2}},
               cards=[card], dice=[0] * 10)
    g.act(0, {"type": "end_turn"})
    g.act(1, {"type": "end_turn"})
    return [e["tgt"] for e in events(g, "attack_roll")]


def test_cruelty_overrides_logic_with_lowest_hp(rs):
    # "Cruelty": the thug (CLOSEST > LOWEST HP) goes for the weakest hunter in reach.
    assert _blake_near_fei_weak(rs, "savage-strike") == ["fei"]


def test_without_cruelty_the_same_card_kind_follows_logic(rs):
    assert _blake_near_fei_weak(rs, "strike") == ["blake"]


def test_aoe_is_placed_to_hit_the_most_hunters(rs):
    # "Combat Cards": an ability that can hit several hunters is aimed to catch the most.
    g = battle(rs, ["blake", "fei", "joe"], ["thug"],
               {"blake": {"x": 1, "y": 0, "ch": {"brace": 0}},
                "fei": {"x": 6, "y": 3, "ch": {"paralyze": 0}},
                "joe": {"x": 6, "y": 4, "ch": {"bola": 0}}, "thug-1": {"x": 9, "y": 3}},
               cards=["ploy"], dice=[0] * 30)
    for seat in (0, 1, 2):
        g.act(seat, {"type": "end_turn"})
    assert sorted(e["tgt"] for e in events(g, "attack_roll")) == ["fei", "joe"]


def test_a_disabled_special_draws_again_and_the_same_card_loses_the_turn(rs):
    # RULING R7 / "Tricks of the Trade": disabled -> draw again; same card again -> no turn.
    g = battle(rs, ["fei"], ["thug"],
               {"fei": {"x": 1, "y": 2, "ch": {"paralyze": 0}},
                "thug-1": {"x": 8, "y": 2, "st": {"TRICKS": [1, 1]}}},
               cards=["trick", "trick"])
    g.act(0, {"type": "end_turn"})
    assert len(events(g, "card")) == 2
    assert events(g, "lose_turn")
    assert g.state["units"]["thug-1"]["x"] == 8


def test_enemies_act_in_ascending_cp(rs):
    g = battle(rs, ["fei"], ["cultist", "thug"],
               {"fei": {"x": 0, "y": 0, "ch": {"paralyze": 0}},
                "cultist-1": {"x": 9, "y": 4}, "thug-1": {"x": 9, "y": 3}},
               cards=["strike", "strike"])
    g.act(0, {"type": "end_turn"})
    pass_windows(g)
    assert [e["unit"] for e in events(g, "card")] == ["thug-1", "cultist-1"]


def test_enemies_do_not_provoke_attacks_of_opportunity(rs):
    g = battle(rs, ["blake"], ["thug"], {"blake": {"x": 5, "y": 2, "ch": {"brace": 0}},
                                         "thug-1": {"x": 6, "y": 2}},
               cards=["pick-off"], dice=[0] * 10)
    g.act(0, {"type": "end_turn"})
    assert events(g, "opportunity") == []


def test_stealth_interrupt_before_the_roll_puts_the_shooter_out_of_range(rs):
    # "Interrupts" (used to prevent attacks not yet rolled) + "Stealth" (twice the distance).
    g = battle(rs, ["michael"], ["thug"], {"michael": {"x": 5, "y": 0},
                                           "thug-1": {"x": 7, "y": 0}}, cards=["volley"])
    g.act(0, {"type": "end_turn"})
    assert g.state["window"]["focus"] is None
    g.act(0, {"type": "interrupt", "unit": "michael", "ability": "vanish", "target": "michael"})
    assert events(g, "attack_roll") == []
    assert "out of reach" in events(g, "attack_stopped")[-1]["text"]


def test_a_ranged_enemy_moves_only_as_far_as_it_needs(rs):
    # "Combat Cards": move to the minimum space needed to hit the target.
    g = battle(rs, ["tamara"], ["cultist"],
               {"tamara": {"x": 2, "y": 2, "ch": {"mending-draught": 0}},
                "cultist-1": {"x": 9, "y": 2}}, cards=["volley"], dice=[0] * 6)
    g.act(0, {"type": "end_turn"})
    assert len(events(g, "move")) == 2  # from distance 7 to 5, its range
    assert [e["tgt"] for e in events(g, "attack_roll")] == ["tamara"]
