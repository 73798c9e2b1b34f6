"""The Offering and what it does to arsenals (rules: "Specific Buffs" / Offering, "Arsenals",
"Loot Table" 9 Arsenal Swap), arsenal ranks and Advanced Arsenals (RULINGS HR-53, HR-104),
and Dybbuk Boxes found at events (rules: "Gear Shop" / Dybbuk Boxes; RULING HR-105)."""

from __future__ import annotations

from typing import Any

import pytest
from huntkit import end_battle, hunt_rs, leg, rec, say_done, start_data, to_phase

from hauntkit.core import Game
from hauntkit.core.errors import IllegalActionError
from hauntkit.rulesets.beast.action_labels import describe_action
from hauntkit.rulesets.beast.gear import arsenals, loadout, shop
from hauntkit.rulesets.beast.hunt import renown


@pytest.fixture(scope="module")
def hrs():
    return hunt_rs()


def _gear(game: Game, hunter: str) -> list[str]:
    return sorted(game.state["units"][hunter].get("gear", ()))


def _penance(payer: str, receiver: str, boon: str) -> dict[str, Any]:
    return {"type": "penance", "payer": payer, "receiver": receiver, "boon": boon}


def test_an_offered_rank_brings_the_next_ranks_items_into_battle(hrs):
    """"Specific Buffs" / Offering: "increase the Rank of their Arsenal card by 1"; HR-104: the
    Bruiser card at rank 2 adds its chain vest, which the next battle's unit carries. Without
    the Offering the same battle has no vest."""
    data = start_data(hrs)
    data["party"][0]["arsenal"] = "bruiser"
    plain = leg(hrs, "inv1", "t-quiet", data, dice=[1], players=2)
    to_phase(plain, "battle")
    assert _gear(plain, "michael") == ["fitness_tracker", "sledge_hammer"]

    game = leg(hrs, "inv1", "t-quiet", data, dice=[1], players=2)
    to_phase(game, "investigate")
    offer = _penance("tamara", "michael", "rank")
    assert describe_action(hrs, game.state, 1, offer) == (
        "Tamara pays the Penance (Tamara loses 2 HP and the party pays 1 Crypto): "
        "Michael's Arsenal goes up a rank")
    game.act(1, offer)
    assert arsenals.rank_of(rec(game, "michael")) == 2
    to_phase(game, "battle")
    assert _gear(game, "michael") == ["chain_vest", "fitness_tracker", "sledge_hammer"]


def test_ranks_from_two_offerings_add_up_to_the_cards_top_rank(hrs):
    """Offering: "a single Hunter can pay the Penance at multiple different Locations"; HR-104:
    each Offering of a rank adds one, up to the card's top rank; then no rank is offered, nor
    to a hunter without an arsenal."""
    party = [{"hunter": "michael", "arsenal": "bruiser"}, {"hunter": "tamara", "arsenal": None}]
    state: dict[str, Any] = {}
    index = hrs.c.gear
    renown.pay_penance(state, party, "michael", "chapel", {"rank": 1})
    assert arsenals.can_rank_up(index, party[0])
    renown.pay_penance(state, party, "michael", "mill", {"rank": 1})
    assert arsenals.rank_of(party[0]) == 3 == arsenals.top_rank(index, "bruiser")
    assert loadout.loadout_items(index, [], "bruiser", arsenals.rank_of(party[0])) == sorted(
        ["sledge_hammer", "fitness_tracker", "chain_vest", "knee_pad"])
    assert not arsenals.can_rank_up(index, party[0])
    assert not arsenals.can_rank_up(index, party[1])


def test_an_offered_advanced_arsenal_fights_then_is_locked_again(hrs):
    """Offering: "swap their current Arsenal with a new set, even Advanced Arsenal sets that
    are still locked"; "Advanced Arsenals are locked once again at the end of the
    Investigation"; "Arsenals": with an arsenal only the first open slot and the augment keep
    their gear. HR-104: the next battle uses the Slayer Arsenal; at a rest it is not offered to
    anyone else; at the Investigation's end Tamara has no arsenal again, as before."""
    data = start_data(hrs)
    data["party"][1]["gear"].update(open1="bat", open2="crowbar", augment="wiki")
    game = leg(hrs, "inv1", "t-quiet", data, dice=[1], players=2)
    to_phase(game, "investigate")
    assert _penance("michael", "tamara", "slayer") in game.legal_actions(0)
    game.act(0, _penance("michael", "tamara", "slayer"))
    tamara = rec(game, "tamara")
    assert tamara["arsenal"] == "slayer" and tamara["gear"]["open2"] is None
    assert "crowbar" in tamara["pack"]
    to_phase(game, "battle")
    assert _gear(game, "tamara") == ["bat", "silver_wolf_blade", "the_art_of_war", "wiki"]
    end_battle(game, hrs, "hunters")
    to_phase(game, "rest")
    offered = {a["arsenal"] for a in game.legal_actions(0) if a["type"] == "arsenal"}
    assert offered and not offered & {"slayer", "gunslinger"}
    with pytest.raises(IllegalActionError):
        shop.choose_arsenal(hrs, game.state, "michael", "gunslinger")
    while not game.over:
        say_done(game)
    out = hrs.carry_out(game.state)

    lair = leg(hrs, "inv1", "t-lair", out, dice=[6, 1], players=2)
    assert rec(lair, "tamara")["arsenal"] == "slayer"  # the Offering lasts the Investigation
    to_phase(lair, "battle")
    assert "silver_wolf_blade" in _gear(lair, "tamara")
    end_battle(lair, hrs, "hunters")
    while not lair.over:
        say_done(lair)
    back = hrs.carry_out(lair.state)
    tamara = next(r for r in back["party"] if r["hunter"] == "tamara")
    assert tamara["arsenal"] is None and "offering" not in tamara


def test_the_offerings_arsenal_goes_back_unless_someone_took_it(hrs):
    """Offering: "The Offering buff only lasts for the current Investigation" (HR-104): a
    hunter that swapped its own arsenal away gets it back at the end, unless another hunter
    took it meanwhile; an Advanced Arsenal a loot swap moved on is locked again too."""
    index = hrs.c.gear
    empty = {s: None for s in ("open1", "open2", "open3", "open4", "augment", "consumable")}
    party = [{"hunter": "michael", "arsenal": "bruiser", "gear": dict(empty), "pack": []},
             {"hunter": "tamara", "arsenal": "medic", "gear": dict(empty), "pack": []}]
    arsenals.take_offered(index, party, party[0], "gunslinger")
    arsenals.take_offered(index, party, party[1], "marksman")
    party[1]["arsenal"], party[0]["arsenal"] = "gunslinger", "marksman"  # Arsenal Swap loot
    arsenals.relock(index, party)
    assert party[0]["arsenal"] == "bruiser" and party[1]["arsenal"] == "medic"

    party = [{"hunter": "michael", "arsenal": "bruiser", "gear": dict(empty), "pack": []},
             {"hunter": "tamara", "arsenal": None, "gear": dict(empty), "pack": []}]
    arsenals.take_offered(index, party, party[0], "slayer")
    party[1]["arsenal"] = "bruiser"  # taken at a rest while Michael held the Slayer
    arsenals.relock(index, party)
    assert party[0]["arsenal"] is None and party[1]["arsenal"] == "bruiser"


def test_a_loot_arsenal_swap_reaches_the_next_battle(hrs):
    """"Loot Table" 9, Arsenal Swap: "Swap units Arsenal Card"; "Arsenals": the hunter that
    gets one keeps only its first open slot and augment. The next battle gives Tamara the
    Bruiser's items and Michael none of them."""
    data = start_data(hrs)
    data["party"][0]["arsenal"] = "bruiser"
    data["party"][1]["gear"].update(open1="bat", open2="crowbar", augment="wiki")
    game = leg(hrs, "inv1", "t-quiet", data, dice=[1])
    to_phase(game, "battle")
    end_battle(game, hrs, "hunters")
    to_phase(game, "loot")
    game.state["hunt"]["choice"] = {"swap": "arsenal_swap"}  # the d10 rolled a 9
    game.act(0, {"type": "swap", "hunter": "michael", "to": "tamara"})
    assert rec(game, "tamara")["gear"]["open2"] is None and "crowbar" in rec(game, "tamara")[
        "pack"]
    while not game.over:
        say_done(game)
    lair = leg(hrs, "inv1", "t-lair", hrs.carry_out(game.state), dice=[6, 1])
    to_phase(lair, "battle")
    assert _gear(lair, "tamara") == ["bat", "fitness_tracker", "sledge_hammer", "wiki"]
    assert not {"fitness_tracker", "sledge_hammer"} & set(_gear(lair, "michael"))


def _at_the_flooded_crypt(rs) -> Game:
    """A one-hunter leg investigating the Flooded Crypt, whose box in the water is its first
    event."""
    data = rs.campaign_start({"hunt": "short-night", "players": 1})
    data["run"]["clues"] = 0
    cfg = {"hunt": {"hunt": "short-night", "investigation": "one-lead",
                    "location": "flooded-crypt"}, "players": 1, "dice": [6, 6, 6, 6]}
    game = Game.new(rs, cfg, 5, carry_in=data)
    to_phase(game, "investigate")
    return game


def test_a_dybbuk_box_is_found_at_an_event_and_kept_by_the_partys_pick(rs):
    """"Gear Shop" / Dybbuk Boxes: "cannot be purchased. Only found." HR-105: The Flooded
    Crypt's box in the water can be taken; the lead seat picks who keeps it; it is a reward
    (not sold), never in the shop, and can be equipped at a rest."""
    game = _at_the_flooded_crypt(rs)
    assert {"type": "choose", "choice": "take"} in game.legal_actions(0)
    game.act(0, {"type": "choose", "choice": "take"})
    picks = game.legal_actions(0)
    assert picks == [{"type": "find", "item": "crimson_dybbuk_box", "hunter": h}
                     for h in ("michael", "tamara")]
    assert describe_action(rs, game.state, 0, picks[1]) == (
        "Give the Crimson Dybbuk Box to Tamara")
    game.act(0, picks[1])
    tamara = rec(game, "tamara")
    assert "crimson_dybbuk_box" in tamara["pack"] and "crimson_dybbuk_box" in tamara["rewards"]
    assert not shop.sellable(rs, tamara, "crimson_dybbuk_box")
    assert shop.can_buy(rs, game.state, "crimson_dybbuk_box")  # a reason it cannot be bought
    assert game.legal_actions(0)[0]["type"] == "choose"  # the Field Surgeon comes next
    to_phase(game, "rest")
    assert {"type": "equip", "hunter": "tamara", "item": "crimson_dybbuk_box",
            "slot": "consumable"} in game.legal_actions(0)


def test_a_box_found_with_no_hunter_at_the_location_stays_there(rs):
    """HR-105 with every hunter away (an Abducted hunter is not at this location): nobody can
    keep the box, so it stays where it was and the investigation goes on (the party is never
    asked a question it cannot answer)."""
    game = _at_the_flooded_crypt(rs)
    for record in game.state["party"]:
        record["abducted"] = 1
    game.act(0, {"type": "choose", "choice": "take"})
    assert any("no hunter is here to take it" in e["text"] for e in game.state["log"])
    assert game.legal_actions(0)  # the next event's choices, not an empty question
    assert all(a["type"] != "find" for a in game.legal_actions(0))


def test_a_found_dybbuk_box_is_opened_in_battle_and_gone_after_it(hrs):
    """Dybbuk Boxes: "Free Action"; "Each one is destroyed upon use" (HR-39, HR-105): a box in
    the consumable slot is a free action in battle; used, it leaves the record."""
    data = start_data(hrs)
    data["party"][0]["gear"]["consumable"] = "crimson_dybbuk_box"
    data["party"][0]["rewards"] = ["crimson_dybbuk_box"]
    game = leg(hrs, "inv1", "t-quiet", data, dice=[1])
    to_phase(game, "battle")
    use = {"type": "free", "unit": "michael", "ability": "gear-crimson_dybbuk_box",
           "target": "michael"}
    assert use in game.legal_actions(0)
    game.act(0, use)
    assert "CRIMSON" in game.state["units"]["michael"]["st"]
    end_battle(game, hrs, "hunters")
    to_phase(game, "loot")
    assert rec(game, "michael")["gear"]["consumable"] is None


def test_a_treasure_maps_location_can_hold_a_dybbuk_box(hrs):
    """"Mystery Table", Chaos 1 (Treasure Map): the drawn Location's Events are completed (HR-43),
    a found Dybbuk Box included: its keeper is picked before the loot item (HR-105)."""
    from hauntkit.core.rng import choice
    from hauntkit.rulesets.beast.hunt import phases

    game = leg(hrs, "inv1", "t-quiet", start_data(hrs, crypto=10), dice=[6])
    st = game.state
    ids = sorted(hrs.c.locations)
    seed = next(s for s in range(10_000)
                if choice({"s": s, "script": []}, ids) == "flooded-crypt")
    st["rng"].update(s=seed, script=[1])  # the Mystery roll: Chaos 1
    st["hunt"].update(mystery="chaos", done=[], plan=[], events=[], event=None)
    st["phase"] = "mystery"
    phases.HANDLERS["mystery"].enter(hrs, st)
    game.act(0, {"type": "choose", "choice": "take"})
    assert game.legal_actions(0)[0] == {"type": "find", "item": "crimson_dybbuk_box",
                                        "hunter": "michael"}
    game.act(0, game.legal_actions(0)[0])
    assert "crimson_dybbuk_box" in rec(game, "michael")["pack"]
    game.act(0, {"type": "choose", "choice": "decline"})  # the Field Surgeon
    assert any(a["type"] == "treasure" for a in game.legal_actions(0))
