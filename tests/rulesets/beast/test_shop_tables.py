"""The Loot Table and the Mystery Table between battles: riddle-of-the-beast-rules.md "Loot
Table" (d10; loot lasts for the investigation) and "Mystery Table" (Order and Chaos, d6);
RULINGS HR-40..HR-44. Each outcome kind is applied and checked here."""

from __future__ import annotations

import pytest
from huntkit import hunt_rs, leg, start_data

from hauntkit.core import Game
from hauntkit.rulesets.beast.hunt import gear_phases, loot, phase, phases


@pytest.fixture(scope="module")
def hrs():
    return hunt_rs()


def party_state(hrs, **changes):
    game = leg(hrs, "inv1", "t-quiet", start_data(hrs, crypto=10, **changes), players=1)
    return game


def rec(game, hunter: str = "michael"):
    return next(r for r in game.state["party"] if r["hunter"] == hunter)


def entry(hrs, roll: int):
    return hrs.c.gear.loot[roll]


def test_loot_heal_all_and_money_bag(hrs):
    """Loot Table 1 (First Aid Kit: heal all units by 2 HP) and 10 (Money Bag: Crypto +2)."""
    game = party_state(hrs)
    for r in game.state["party"]:
        r["hp"] = 3
    loot.apply_loot(hrs, game.state, entry(hrs, 1))
    assert [r["hp"] for r in game.state["party"]] == [5, 5]
    loot.apply_loot(hrs, game.state, entry(hrs, 10))
    assert game.state["crypto"] == 12


@pytest.mark.parametrize(("roll", "item"), [(3, "loot_plain_sword"), (4, "loot_armor_vest"),
                                            (5, "loot_generic_gun"), (6, "loot_frag_grenade"),
                                            (7, "loot_battle_axe"), (8, "loot_rabbit_foot")])
def test_loot_items_are_rewards_for_the_investigation(hrs, roll, item):
    """Loot Table 3-8: the item goes to the hunter the party picks; it is a reward (cannot be
    sold) and temporary (breaks at the next investigation)."""
    game = party_state(hrs)
    loot.apply_loot(hrs, game.state, entry(hrs, roll), "tamara")
    r = rec(game, "tamara")
    assert r["pack"] == [item] and r["rewards"] == [item]
    assert hrs.c.gear.items[item].temporary


def test_loot_items_work_in_battle(hrs):
    """Loot Table 4 (Armor Vest: Defense 4), 7 (Battle Axe: Cleave), 8 (Rabbit Foot:
    Multi-Attack), 5 (Generic Gun: A3/R4)."""
    rs = hrs
    g = Game.new(rs, {"map": "alley", "hunters": ["michael"], "loadout": {"michael": [
        "loot_armor_vest", "loot_battle_axe", "loot_rabbit_foot", "loot_generic_gun"]}}, 1)
    unit = g.state["units"]["michael"]
    prof = rs.c.gear.profile(unit)
    assert prof.defense_set == 4 and prof.cleave and prof.multi_attack
    assert "loot_generic_gun" in prof.weapons


def test_loot_lucky_charm_and_arsenal_swap(hrs):
    """Loot Table 2 (Lucky Charm Cereal, kept against a negative Clash Card) and 9 (Arsenal
    Swap: swap units' Arsenal cards)."""
    game = party_state(hrs)
    loot.apply_loot(hrs, game.state, entry(hrs, 2), "michael")
    assert rec(game)["charms"] == 1
    rec(game)["arsenal"] = "bruiser"
    loot.swap_arsenals(hrs, game.state, "michael", "tamara")
    assert rec(game)["arsenal"] is None and rec(game, "tamara")["arsenal"] == "bruiser"


def test_the_loot_phase_rolls_once_and_the_lead_seat_picks_the_finder(hrs):
    """Loot Table: a d10 after a won battle (HR-40); the party's pick is the lead seat's
    (HR-77): a take action names the hunter."""
    game = party_state(hrs)
    st = game.state
    st["rng"]["script"].append(3)
    st["phase"] = "loot"
    st["hunt"]["done"] = []
    phases.HANDLERS["loot"].enter(hrs, st)
    assert game.legal_actions(0) == [{"type": "take", "hunter": "michael"},
                                     {"type": "take", "hunter": "tamara"}]
    st["hunt"]["plan"] = []
    game.act(0, {"type": "take", "hunter": "tamara"})
    assert rec(game, "tamara")["pack"] == ["loot_plain_sword"]
    assert {"type": "done"} in game.legal_actions(0)


def test_supply_drop_rolls_for_each_hunter_with_plus_2_and_plus_4(hrs):
    """Mystery Order 5, Supply Drop: one Loot roll per hunter, one at +2, one at +4."""
    game = party_state(hrs)
    st = game.state
    st["rng"]["script"].extend([6, 6])  # 6+2 = Rabbit Foot (8), 6+4 = Money Bag (10)
    loot.apply_mystery(hrs, st, hrs.c.gear.mystery[("order", 5)])
    assert rec(game)["pack"] == ["loot_rabbit_foot"]
    assert st["crypto"] == 12


def test_pieces_in_a_game_costs_sanity_and_a_madness_roll(hrs):
    """Mystery Order 6: all Hunters take 2 Sanity damage and roll for Madness."""
    game = party_state(hrs)
    st = game.state
    before = [r["sanity"] for r in st["party"]]
    st["rng"]["script"].extend([6, 6])
    loot.apply_mystery(hrs, st, hrs.c.gear.mystery[("order", 6)])
    assert [r["sanity"] for r in st["party"]] == [b - 2 for b in before]
    assert len([e for e in st["log"] if e["type"] == "madness_roll"]) == 2


def test_haunted_and_blood_moon_pay_crypto_and_mark_the_next_battle(hrs):
    """Mystery Chaos 4 (Haunted!: NETHER on every hunter in the next battle, +10 Crypto) and
    5 (Blood Moon: enemies +3 HP, +3 Crypto)."""
    game = party_state(hrs)
    st = game.state
    loot.apply_mystery(hrs, st, hrs.c.gear.mystery[("chaos", 4)])
    loot.apply_mystery(hrs, st, hrs.c.gear.mystery[("chaos", 5)])
    assert st["crypto"] == 10 + 10 + 3
    assert {o["id"] for o in rec(game)["omens"]} == {"haunted", "blood_moon"}


def omen_battle(hrs, omens: list[str], cursed: bool = False):
    """A hunt battle after omens were laid on the party's records."""
    data = start_data(hrs)
    for r in data["party"]:
        r["omens"] = [{"id": o, "battles": 1} for o in omens]
    game = leg(hrs, "inv1", "t-quiet", data, dice=[1, 6, 1])
    from huntkit import say_done
    say_done(game)  # the shop (a new investigation: investigation-long omens end there)
    if cursed:
        rec(game)["omens"].append({"id": "cursed", "battles": loot.INVESTIGATION})
    say_done(game)
    assert game.state["phase"] == "battle"
    return game


def test_omens_act_on_the_next_battle_only(hrs):
    """Mystery Order 1 (Chem-trails: all units gain Multi-Attack), Chaos 4 (NETHER: DECAY on
    the hunters), Chaos 5 (enemies +3 HP), Order 4 (no units can defend), Order 3 (Eclipse),
    Chaos 3 (Cursed: +2 DEF in the dark)."""
    game = omen_battle(hrs, ["chem_trails", "haunted", "blood_moon", "subliminal_messages",
                             "eclipse"], cursed=True)
    st = game.state
    units = st["units"]
    assert all("MULTI_ATTACK" in u["st"] for u in units.values())
    assert all("DECAY" in u["st"] for u in units.values() if u["side"] == "hunters")
    enemy = next(u for u in units.values() if u["side"] == "enemies")
    assert enemy["max"] == hrs.c.enemies[enemy["kind"]].hp + 3
    assert st["omens"]["no_defense"] and st["omens"]["eclipse"]
    m = units["michael"]
    lit = hrs.tile_lit(st, (m["x"], m["y"]))
    base = hrs.c.hunters["michael"].defense
    assert hrs.defence_score(st, m) == (base - 1 if lit else base - 1 + 2)
    # the one-battle omens are spent; the curse stays for the investigation
    assert {o["id"] for o in rec(game)["omens"]} == {"cursed"}


def test_picks_for_cursed_abducted_seven_turns_and_treasure_map(hrs):
    """Mystery Chaos 3 (Cursed), 2 (Abducted: taken away), 6 (7 turns: doom in 7
    Events), 1 (Treasure Map: pick any item from the Loot Table)."""
    game = party_state(hrs)
    st = game.state
    loot.apply_mystery(hrs, st, hrs.c.gear.mystery[("chaos", 3)], "tamara")
    assert rec(game, "tamara")["omens"][0]["id"] == "cursed"
    loot.apply_mystery(hrs, st, hrs.c.gear.mystery[("chaos", 2)], "michael")
    assert rec(game)["abducted"] == loot.ABDUCTED_LEGS  # test_hunt_mystery_outcomes.py
    loot.apply_mystery(hrs, st, hrs.c.gear.mystery[("chaos", 6)], "michael")
    assert rec(game)["doom"] == 7
    loot.apply_mystery(hrs, st, hrs.c.gear.mystery[("chaos", 1)], "michael", "rabbit_foot")
    assert "loot_rabbit_foot" in rec(game)["pack"]


def test_the_mystery_phase_asks_the_lead_seat_to_pick(hrs):
    """Mystery Table: results that pick one unit are chosen by the party (HR-77)."""
    game = party_state(hrs)
    st = game.state
    st["hunt"]["mystery"] = "chaos"
    st["rng"]["script"].append(3)
    st["phase"] = "mystery"
    st["hunt"]["done"] = []
    st["hunt"]["plan"] = []
    phases.HANDLERS["mystery"].enter(hrs, st)
    assert {"type": "pick", "hunter": "michael"} in game.legal_actions(0)
    assert {"type": "done"} not in game.legal_actions(0)
    game.act(0, {"type": "pick", "hunter": "michael"})
    assert rec(game)["omens"][0]["id"] == "cursed"


def test_ghost_in_the_rain_lasts_the_investigation(hrs):
    """Mystery Order 2: recorded for the rest of the investigation (its Poltergeist ally in
    battle: test_hunt_mystery_outcomes.py), cleared at the next investigation's shop."""
    game = party_state(hrs)
    loot.apply_mystery(hrs, game.state, hrs.c.gear.mystery[("order", 2)])
    assert rec(game)["omens"] == [{"id": "ghost_in_the_rain", "battles": loot.INVESTIGATION}]
    loot.expire_investigation(hrs, game.state)
    assert rec(game)["omens"] == []
    assert gear_phases.MysteryPhase.name == "mystery"


def test_loot_breaks_when_the_investigation_ends(hrs):
    """Loot Table: "Loot found on this table lasts for the length of the investigation only"
    (the hunt's INVESTIGATION_END hook, HR-41)."""
    game = party_state(hrs)
    loot.apply_loot(hrs, game.state, entry(hrs, 3), "michael")
    rec(game)["gear"]["open1"] = rec(game)["pack"].pop()
    for hook in phase.INVESTIGATION_END:
        hook(hrs, game.state, True)
    assert rec(game)["gear"]["open1"] is None and "loot_plain_sword" not in rec(game)["pack"]
