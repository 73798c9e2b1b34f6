"""The Gear Shop and equipment between battles: riddle-of-the-beast-rules.md "Gear Shop"
(prices in Crypto, resale at the original value, rewards cannot be sold, one of each relic,
items shared between hunters), "Gear and Equipment" (six slots; changed after an
Investigation or during a Rest), "Arsenals"; RULINGS HR-30, HR-31, HR-40."""

from __future__ import annotations

import pytest
from huntkit import end_battle, hunt_rs, leg, say_done, start_data

from hauntkit.core.errors import IllegalActionError
from hauntkit.rulesets.beast.gear import shop
from hauntkit.rulesets.beast.hunt import gear_phases, phases


@pytest.fixture(scope="module")
def hrs():
    return hunt_rs()


def at_shop(hrs, crypto: int = 30, **changes):
    game = leg(hrs, "inv1", "t-quiet", start_data(hrs, crypto=crypto, **changes))
    assert game.state["phase"] == "shop"
    return game


def rec(game, hunter: str = "michael"):
    return next(r for r in game.state["party"] if r["hunter"] == hunter)


def test_buying_pays_the_cost_and_fills_the_pack(hrs):
    """Gear Shop: items are bought with Crypto at the listed cost."""
    game = at_shop(hrs, 30)
    game.act(0, {"type": "buy", "hunter": "michael", "item": "katana"})
    assert game.state["crypto"] == 30 - 13
    assert rec(game)["pack"] == ["katana"]


def test_what_the_party_cannot_afford_is_not_offered(hrs):
    """Gear Shop: the cost is the Crypto price; a refused buy changes nothing."""
    game = at_shop(hrs, 5)
    buys = {a["item"] for a in game.legal_actions(0) if a["type"] == "buy"}
    assert "bat" in buys and "katana" not in buys  # 2 and 13 Crypto
    assert "crimson_dybbuk_box" not in buys  # Dybbuk boxes cannot be purchased
    before = dict(game.state["party"][0])
    with pytest.raises(IllegalActionError):
        game.act(0, {"type": "buy", "hunter": "michael", "item": "katana"})
    assert game.state["crypto"] == 5 and game.state["party"][0] == before


def test_selling_returns_the_original_value_but_not_for_rewards(hrs):
    """Gear Shop: "Items that are no longer useful can be resold to the shop at its original
    value. Items acquired as rewards cannot be sold." """
    game = at_shop(hrs, 20)
    game.act(0, {"type": "buy", "hunter": "michael", "item": "body_armor"})
    assert game.state["crypto"] == 16
    game.act(0, {"type": "sell", "hunter": "michael", "item": "body_armor"})
    assert game.state["crypto"] == 20 and rec(game)["pack"] == []
    game = at_shop(hrs, 20)
    r = rec(game)
    r["pack"].append("katana")
    r["rewards"] = ["katana"]
    assert not [a for a in game.legal_actions(0) if a["type"] == "sell"]
    with pytest.raises(IllegalActionError):
        shop.sell(hrs, game.state, "michael", "katana")


def test_only_one_of_each_relic(hrs):
    """Relics: "Only one of each Relic can be purchased"."""
    game = at_shop(hrs, 40)
    game.act(0, {"type": "buy", "hunter": "michael", "item": "black_glove"})
    buys = {a["item"] for a in game.legal_actions(0) if a["type"] == "buy"}
    assert "black_glove" not in buys and "music_box" in buys
    assert "katana" in buys  # other items may be bought again
    game.act(0, {"type": "buy", "hunter": "michael", "item": "bat"})
    game.act(0, {"type": "buy", "hunter": "michael", "item": "bat"})
    assert rec(game)["pack"].count("bat") == 2


def test_slots_follow_equipment_slots(hrs):
    """Gear and Equipment / Equipment Slots: 4 open slots (any gear, utility, relic or
    consumable), 1 augment slot (augments only), 1 consumable slot (consumables only)."""
    game = at_shop(hrs, 60)
    for item in ("katana", "book_of_shadows", "trauma_kit"):
        game.act(0, {"type": "buy", "hunter": "michael", "item": item})
    slots = {(a["item"], a["slot"]) for a in game.legal_actions(0) if a["type"] == "equip"}
    assert {s for i, s in slots if i == "katana"} == {"open1", "open2", "open3", "open4"}
    assert {s for i, s in slots if i == "book_of_shadows"} == {"augment"}
    assert {s for i, s in slots if i == "trauma_kit"} == {"consumable", "open1", "open2",
                                                          "open3", "open4"}
    game.act(0, {"type": "equip", "hunter": "michael", "item": "katana", "slot": "open1"})
    with pytest.raises(IllegalActionError):
        game.act(0, {"type": "equip", "hunter": "michael", "item": "book_of_shadows",
                     "slot": "open2"})
    game.act(0, {"type": "buy", "hunter": "michael", "item": "bat"})
    game.act(0, {"type": "equip", "hunter": "michael", "item": "bat", "slot": "open1"})
    assert rec(game)["gear"]["open1"] == "bat" and "katana" in rec(game)["pack"]
    game.act(0, {"type": "unequip", "hunter": "michael", "slot": "open1"})
    assert rec(game)["gear"]["open1"] is None


def test_items_can_be_shared_between_hunters(hrs):
    """Gear Shop: weapons bought can be shared, but one hunter equips one copy."""
    game = at_shop(hrs, 20)
    game.act(0, {"type": "buy", "hunter": "michael", "item": "katana"})
    game.act(0, {"type": "give", "hunter": "michael", "item": "katana", "to": "tamara"})
    assert rec(game, "tamara")["pack"] == ["katana"] and rec(game)["pack"] == []


def test_an_arsenal_leaves_one_open_slot_and_the_augment(hrs):
    """Arsenals: an arsenal goes to one hunter at a time; its hunter equips only an open slot
    and an augment beside it (RULING HR-30, HR-31)."""
    game = at_shop(hrs, 40)
    r = rec(game)
    r["gear"].update(open1="bat", open2="katana", consumable="trauma_kit")
    game.act(0, {"type": "arsenal", "hunter": "michael", "arsenal": "bruiser"})
    assert r["arsenal"] == "bruiser" and r["gear"]["open1"] == "bat"
    assert r["gear"]["open2"] is None and sorted(r["pack"]) == ["katana", "trauma_kit"]
    assert {a["slot"] for a in game.legal_actions(0)
            if a["type"] == "equip" and a["hunter"] == "michael"} <= {"open1", "augment"}
    others = {a["arsenal"] for a in game.legal_actions(0)
              if a["type"] == "arsenal" and a["hunter"] == "tamara"}
    assert "bruiser" not in others and "medic" in others


def test_equipped_gear_goes_into_the_battle_and_used_consumables_stay_used(hrs):
    """Gear and Equipment: the equipped items are the hunter's in battle; "Consumable items
    can only be used once and are destroyed after use"."""
    data = start_data(hrs)
    data["party"][0]["gear"].update(open1="katana", consumable="band_aid")
    game = leg(hrs, "inv1", "t-quiet", data, dice=[1, 6, 1])  # ambushed (HR-71)
    say_done(game)  # shop
    say_done(game)  # investigate
    assert game.state["phase"] == "battle"
    unit = game.state["units"]["michael"]
    assert unit["gear"] == ["band_aid", "katana"]
    unit["lost_gear"] = ["band_aid"]
    end_battle(game, hrs, "hunters")
    assert rec(game)["gear"]["consumable"] is None and rec(game)["gear"]["open1"] == "katana"


def test_gear_can_be_changed_at_a_rest(hrs):
    """Gear and Equipment: "Equipment can be changed ... during a Rest"."""
    game = at_shop(hrs, 20)
    game.act(0, {"type": "buy", "hunter": "michael", "item": "katana"})
    game.state["phase"] = "rest"
    game.state["hunt"]["done"] = []
    acts = phases.HANDLERS["rest"].legal_actions(hrs, game.state, 0)
    assert {"type": "equip", "hunter": "michael", "item": "katana", "slot": "open1"} in acts
    assert not [a for a in acts if a["type"] == "buy"]  # buying is for the shop


def test_a_new_investigation_breaks_loot_items(hrs):
    """Loot Table: "Loot found on this table lasts for the length of the investigation"."""
    data = start_data(hrs)
    data["party"][0]["pack"] = ["loot_plain_sword", "katana"]
    data["party"][0]["rewards"] = ["loot_plain_sword"]
    game = leg(hrs, "inv1", "t-quiet", data)
    assert rec(game)["pack"] == ["katana"] and rec(game)["rewards"] == []


def test_phase_handlers_are_the_gear_rules(hrs):
    assert isinstance(phases.HANDLERS["shop"], gear_phases.ShopPhase)
    assert isinstance(phases.HANDLERS["loot"], gear_phases.LootPhase)
    assert isinstance(phases.HANDLERS["mystery"], gear_phases.MysteryPhase)
