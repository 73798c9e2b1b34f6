"""Beast's labels module (issue 10): the catalogue clients read, button labels of legal actions,
and log lines in words: display names, never ids, raw lists ("[2, 0]") or constants
("ATTACK_DOWN") (HR-90, HR-91, HR-92)."""

from __future__ import annotations

import random
import re

import pytest
from beastkit import battle, events

from hauntkit.core import Game
from hauntkit.rulesets.beast import action_labels, labels
from hauntkit.rulesets.beast.schema import STATUSES

CONSTANT = re.compile(r"\b(" + "|".join(STATUSES) + r"|PHYSICAL|ELEC|NETHER|ETHER|ICE|FIRE)\b")


def _raw(text: str, state: dict) -> list[str]:
    """What a reader should never see in a line: lists, constants, unit ids, seat numbers."""
    bad = []
    if "[" in text or "]" in text:
        bad.append("a raw list")
    if CONSTANT.search(text):
        bad.append(f"a constant {CONSTANT.search(text).group(0)}")
    for uid, u in state["units"].items():
        if u["side"] == "enemies" and re.search(rf"\b{re.escape(uid)}\b", text):
            bad.append(f"the unit id {uid}")
    if re.search(r"\bSeat \d", text):
        bad.append("a seat number")
    if re.search(r": [0-2]\.$", text):
        bad.append("a bare die face")
    return bad


ROSTERS = [("alley", ["joe", "fei", "tamara"], {}),
           ("manor", ["curtis", "nysa", "mathias", "serenity"], {}),
           ("mill", ["curtis", "nysa", "blake", "fei"], {"loadout": "full"})]


def _play(rs, seed: int, steps: int, roster: tuple = ROSTERS[0], players: int = 2) -> Game:
    """A random battle (every action drawn from legal_actions) on a roster's map, checking the
    label of every legal action on the way."""
    game = Game.new(rs, {"map": roster[0], "hunters": roster[1], "players": players,
                         **roster[2]}, seed=seed)
    pick = random.Random(seed)
    for _ in range(steps):
        if game.state["result"] is not None:
            break
        seat = game.to_act()[0]
        legal = rs.legal_actions(game.state, seat)
        texts = [rs.describe_action(game.state, seat, a) for a in legal]
        for a, text in zip(legal, texts, strict=True):
            assert not _raw(text, game.state), (a, text, _raw(text, game.state))
        # every button reads differently: a player can tell the choices apart
        assert len(set(texts)) == len(texts), sorted(texts)
        moves = [a for a in legal if a["type"] != "end_turn"]
        game.act(seat, pick.choice(moves if moves and pick.random() < 0.85 else legal))
    return game


def test_catalogue_names_every_piece_of_content(rs):
    cat = rs.catalogue()
    assert set(cat["hunters"]) == set(rs.c.hunters)
    assert cat["hunters"]["joe"]["name"] == "Joe"
    assert cat["hunters"]["fei"]["abilities"]["flame-thrower"]["shape"] == "beam"
    assert set(cat["enemies"]) == set(rs.c.enemies)
    assert cat["enemies"]["thug"]["abilities"]["melee"]["range"] == 1
    assert {c["action"] for c in cat["cards"].values()} == {
        "melee", "range", "special1", "special2", "signature"}
    assert sum(c["copies"] for c in cat["cards"].values()) == len(rs.c.deck)
    assert cat["maps"]["alley"]["name"] == "Back Alley"
    assert [d["name"] for d in cat["directions"]][:3] == ["east", "south-east", "south"]


def test_every_status_has_a_word_and_a_meaning(rs):
    """Rules "Status Effects": every status the engine knows is shown as words."""
    cat = rs.catalogue()["statuses"]
    assert set(cat) == set(STATUSES)
    for name, entry in cat.items():
        assert entry["name"] and entry["text"], name
        assert not CONSTANT.search(entry["name"]), (name, entry["name"])
    assert labels.status_word("ATTACK_DOWN") == "attack lowered"


def test_spaces_are_named_like_the_board_edges():
    """HR-90: columns A, B, C... from the left, rows 1, 2, 3... from the top."""
    assert labels.space_name(0, 0) == "A1"
    assert labels.space_name(2, 0) == "C1"
    assert labels.space_of([9, 4]) == "J5"
    assert labels.faces_text([2, 0]) == "double sword, blank"
    assert labels.hits_text([2, 1, 0]).endswith("(2 hits)")
    assert labels.blocks_text([2, 1, 0]).endswith("(1 block)")


def test_action_labels_name_units_spaces_and_abilities(rs):
    g = battle(rs, ["fei", "joe"], ["thug"], {"fei": {"x": 5, "y": 2}, "joe": {"x": 3, "y": 2},
                                              "thug-1": {"x": 6, "y": 2}})
    legal = rs.legal_actions(g.state, 0)
    text = {rs.describe_action(g.state, 0, a): a for a in legal}
    assert {"type": "attack", "unit": "fei", "target": "thug-1", "mode": "melee"} == \
        text["Fei: melee attack on Thug 1"]
    assert text["Fei: move to F2"] == {"type": "step", "unit": "fei", "to": [5, 1]}
    assert text["Fei: Flame Thrower to the east"]["target"] == 0
    assert "End turn" in text


@pytest.mark.parametrize("roster", ROSTERS, ids=["basic", "characters", "full-gear"])
def test_random_battles_label_every_action_and_log_every_line_in_words(rs, roster):
    """Every character's actions too (Nysa's clash cards and Arcanas, Curtis's Trigger Happy,
    Serenity's pets: rules "Skills and Proficiencies"), and gear's (items, traps, Dybbuk boxes:
    "Gear Shop", with every hunter fully equipped)."""
    for seed in (1, 2, 3):
        game = _play(rs, seed, 200, roster)
        for e in game.state["log"]:
            assert not _raw(e["text"], game.state), (e, _raw(e["text"], game.state))


def test_a_seat_with_two_hunters_ends_the_turn_by_their_names(rs):
    """HR-91: log lines name the hunters a seat plays, never a seat number."""
    g = Game.new(rs, {"map": "alley", "hunters": ["joe", "fei", "tamara"], "players": 2,
                      "dice": [6, 1]}, seed=3)
    assert action_labels.seat_hunters(rs, g.state, 0) == ["Joe", "Tamara"]
    g.act(0, {"type": "end_turn"})
    assert events(g, "end_turn")[-1]["text"] == "Joe and Tamara end the turn."
    g.act(1, {"type": "end_turn"})
    assert "Fei ends the turn." in [e["text"] for e in events(g, "end_turn")]


def test_status_lines_use_words(rs):
    """Rules "Specific Debuffs" (Hex, HR-20): the log says "attack lowered", not ATTACK_DOWN."""
    g = battle(rs, ["cassandra"], ["thug"], {"cassandra": {"x": 5, "y": 2},
                                             "thug-1": {"x": 7, "y": 2}}, dice=[2, 1])
    g.act(0, {"type": "ability", "unit": "cassandra", "ability": "hex", "target": "thug-1"})
    g.act(0, {"type": "hex", "lower": "attack"})
    line = events(g, "status")[-1]["text"]
    assert line == "Thug 1 is now attack lowered."
    assert events(g, "hex_roll")[-1]["text"] == "Hex: double sword, sword & shield (2 hits)."


def test_the_view_tells_the_drawn_card_and_what_it_will_do(rs):
    """HR-92: while an enemy acts (an interrupt window is open), the view names its drawn
    combat card, its action and target, and the spaces it will move through."""
    g = battle(rs, ["fei"], ["thug"], {"fei": {"x": 2, "y": 2}, "thug-1": {"x": 8, "y": 2}},
               cards=["strike"])
    g.act(0, {"type": "end_turn"})
    view = rs.view(g.state, 0)
    acting = view["acting"]
    assert acting is not None and g.state["window"] is not None
    assert acting["unit"] == "thug-1" and acting["card_name"] == "Strike"
    assert acting["does"] == "a melee attack" and acting["target"] == "fei"
    assert acting["ability"]["name"] == "Melee attack"
    assert acting["path"] and all(len(p) == 2 for p in acting["path"])


def test_a_hunts_legs_label_every_choice_and_log_every_line_in_words(rs):
    """docs/hunt.md "Between-battle actions" (HR-70..HR-78) with HR-91: the phases' buttons and
    lines name hunters, events' choices and costs; none shows an id, a list or a seat number."""
    seen: set[str] = set()
    for seed in (1, 2, 3, 4):
        data = rs.campaign_start({"hunt": "short-night", "players": 2,
                                  "hunters": ["joe", "fei", "tamara"]})
        cfg = rs.campaign_next({"hunt": "short-night", "players": 2}, data, [])
        game = Game.new(rs, cfg, seed, carry_in=data)
        pick = random.Random(seed)
        for _ in range(400):
            if game.state["result"] is not None:
                break
            seat = game.to_act()[0]
            legal = rs.legal_actions(game.state, seat)
            for a in legal:
                text = rs.describe_action(game.state, seat, a)
                seen.add(a["type"])
                assert not _raw(text, game.state), (a, text)
                # no ids ("storm-wraith", "frag_grenade_pro"); names such as the
                # document's "AR-15" or "Frag Grenade - Pro" keep their hyphens
                assert "_" not in text and not re.search(
                    r"\b[a-z0-9]+-[a-z0-9]+\b", text.split(":")[0]), (a, text)
            game.act(seat, pick.choice(legal))
        for e in game.state["log"]:
            assert not _raw(e["text"], game.state), e
        assert any(e["type"] == "phase_done" for e in game.state["log"])
    assert {"done", "choose"} <= seen


def test_shop_and_kit_labels_name_items_hunters_slots_and_prices(rs):
    """"Gear Shop" and "Gear and Equipment": the shop's buttons say what, for whom, where and
    for how much (the party record of docs/hunt.md; ids never shown)."""
    data = rs.campaign_start({"hunt": "short-night", "players": 1})
    cfg = rs.campaign_next({"hunt": "short-night", "players": 1}, data, [])
    state = Game.new(rs, cfg, 1, carry_in=data).state
    assert state["phase"] == "shop"
    state["party"][0]["gear"]["augment"] = "fitness_tracker"
    label = {t: rs.describe_action(state, 0, a) for t, a in (
        ("buy", {"type": "buy", "hunter": "michael", "item": "swiss_army_knife"}),
        ("sell", {"type": "sell", "hunter": "tamara", "item": "ninja_mask"}),
        ("equip", {"type": "equip", "hunter": "michael", "item": "ninja_mask",
                   "slot": "augment"}),
        ("unequip", {"type": "unequip", "hunter": "michael", "slot": "augment"}),
        ("give", {"type": "give", "hunter": "michael", "item": "ninja_mask", "to": "tamara"}),
        ("arsenal", {"type": "arsenal", "hunter": "tamara", "arsenal": "bruiser"}),
        ("done", {"type": "done"}))}
    assert label == {
        "buy": "Buy Swiss Army Knife for Michael (6 Crypto)",
        "sell": "Sell Tamara's Ninja mask",
        "equip": "Michael: equip Ninja mask (augment slot)",
        "unequip": "Michael: take off Fitness Tracker (augment slot)",
        "give": "Michael: give Ninja mask to Tamara",
        "arsenal": "Tamara: take the Bruiser Arsenal",
        "done": "Done shopping"}


def test_refusals_name_the_hunter_not_a_seat_number(rs):
    """HR-91: moving another player's hunter is refused naming the hunter, not "seat 0"."""
    from hauntkit.core.errors import IllegalActionError

    g = Game.new(rs, {"map": "alley", "hunters": ["joe", "fei"], "players": 2,
                      "dice": [6, 1]}, seed=3)
    step = next(a for a in rs.legal_actions(g.state, 1) if a["type"] == "step")
    before = g.state["version"]
    with pytest.raises(IllegalActionError, match=r"^Fei \('fei'\) is not one of your hunters"):
        g.act(0, step)
    assert g.state["version"] == before
