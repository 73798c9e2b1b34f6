"""The haunt roll, the chart, traitor choice, turn order, secrets, combat, monsters, death and
traitor powers (RULINGS B3, B10-B14, rulebook digest)."""

from __future__ import annotations

import pytest
from betrayal_helpers import dice, scenario, types

from hauntkit.core.errors import IllegalActionError
from hauntkit.rulesets.betrayal import combat, traits, turns


def _draw_omen(g, omen: str, room: str, faces: list[int]) -> None:
    g.ruleset.apply_setup(g.state, {"decks": {"omen": [omen]}, "room_stack": [room]})
    g.act(0, {"type": "explore", "dir": "e"})
    while g.state["choice"] and g.state["choice"]["kind"] == "rotate":
        g.act(0, g.state["choice"]["opts"][0])
    dice(g, *faces)
    g.act(0, {"type": "end_turn"})


def test_haunt_roll_below_omen_count_starts_chart_haunt():
    """RULING B3 (6 dice, the haunt starts below the omens drawn) and B13 (the chart picks
    the haunt for the omen and the room it was drawn in)."""
    g = scenario({"omens_drawn": 2})
    _draw_omen(g, "book", "kitchen", [0, 0, 0, 0, 1, 1])  # 2 < 3 omens: the haunt starts
    h = g.state["haunt"]
    assert h["id"] == g.ruleset.ix.chart[("book", "kitchen")]
    assert h["revealer"] == 0


def test_no_haunt_when_roll_reaches_omen_count():
    """RULING B3: a result not below the omen count does not start the haunt."""
    g = scenario({"omens_drawn": 2})
    _draw_omen(g, "book", "kitchen", [0, 0, 0, 1, 1, 1])  # 3 is not below 3
    assert g.state["haunt"] is None


def test_turn_order_after_haunt_and_monster_turn():
    """RULING B12: the traitor's left goes first, the traitor last, then the monsters."""
    g = scenario({"haunt": {"id": "ghoul_pack", "revealer": 1, "traitor": 1}}, players=4,
                 seat=2)
    assert g.state["order"] == [2, 3, 0, 1, "m"]
    assert len(g.state["monsters"]) == 2  # {2/2/3/3} ghouls for 4 players
    for seat in (2, 3, 0, 1):
        assert g.to_act() == [seat]
        g.act(seat, {"type": "end_turn"})
    assert g.state["turn"]["who"] == "m" and g.to_act() == [1]


def test_monsters_take_their_turns_in_number_order():
    """RULING B12: the monsters' turn comes after the traitor's, small monsters in number order:
    once the second ghoul acts, the first ghoul's turn is over."""
    g = scenario({"haunt": {"id": "ghoul_pack", "revealer": 1, "traitor": 1}}, players=4,
                 seat="m")
    movers = {a["monster"] for a in g.legal_actions(1) if a["type"] == "mmove"}
    assert movers == {"m1", "m2"}
    step = next(a for a in g.legal_actions(1) if a["type"] == "mmove" and a["monster"] == "m2")
    g.act(1, step)
    assert {a.get("monster") for a in g.legal_actions(1)} == {None, "m2"}  # end_turn and m2
    first = {"type": "mmove", "monster": "m1", "to": step["to"]}
    with pytest.raises(IllegalActionError):
        g.act(1, first)


def test_secret_books_and_hidden_traitor_in_views():
    """RULING B14: each side sees only its own book; a hidden traitor is hidden from others;
    views hold deck sizes, not order."""
    g = scenario({"haunt": {"id": "the_poisoner", "revealer": 0, "traitor": 2}})
    v0, v2, spec = g.view(0), g.view(2), g.view(None)
    assert v0["haunt"]["traitor"] is None and v2["haunt"]["traitor"] == 2
    assert {e["side"] for e in v0["explorers"] if e["seat"] != 0} == {"unknown"}
    assert v0["haunt"]["book"]["goals"] != v2["haunt"]["book"]["goals"]
    assert spec["haunt"]["book"] is None and spec["haunt"]["traitor"] is None
    assert isinstance(v0["decks"]["item"], int) and isinstance(v0["room_stack"], int)
    assert not any("hidden traitor" in e["text"] for e in v0["log"])
    assert any("hidden traitor" in e["text"] for e in v2["log"])


def _ghouls(setup_extra=None, seat=0):
    setup = {"haunt": {"id": "ghoul_pack", "revealer": 2, "traitor": 2},
             "monsters": [{"monster": "ghoul", "room": "entrance_hall"}]}
    setup.update(setup_extra or {})
    return scenario(setup, seat=seat)


def test_attack_higher_roll_deals_difference_and_tie_hurts_nobody():
    """RULING B10: both roll the trait; the higher deals the difference; a tie, nothing."""
    g = _ghouls({"explorers": {"0": {"traits": {"might": 3}}, "2": {"room": "entrance_hall"}}})
    dice(g, 2, 2, 2, 0, 0)  # Ada's Might 3 dice: 6; Celeste's Might 2 dice: 0
    g.act(0, {"type": "attack", "target": 2, "weapon": None})
    ch = g.state["choice"]
    assert ch["kind"] == "steal" or ch["kind"] == "damage"
    g2 = _ghouls({"explorers": {"0": {"traits": {"might": 3}}, "2": {"room": "entrance_hall"}}})
    dice(g2, 1, 1, 0, 1, 1)  # 2 against 2
    before = dict(g2.state["explorers"][2]["traits"])
    g2.act(0, {"type": "attack", "target": 2, "weapon": None})
    assert g2.state["choice"] is None and g2.state["explorers"][2]["traits"] == before
    assert "attack" not in types(g2, 0)  # once per turn


def test_steal_instead_of_two_or_more_physical_damage():
    """RULING B10: 2+ physical damage on the same tile may steal a tradable item instead."""
    g = _ghouls({"explorers": {"0": {"traits": {"might": 3}},
                               "2": {"room": "entrance_hall", "cards": ["axe", "dog"]}}})
    dice(g, 2, 2, 2, 0, 0)
    g.act(0, {"type": "attack", "target": 2, "weapon": None})
    opts = g.state["choice"]["opts"]
    assert {"type": "steal", "card": "axe"} in opts
    assert {"type": "steal", "card": "dog"} not in opts  # companions can't be stolen
    g.act(0, {"type": "steal", "card": "axe"})
    assert "axe" in g.state["explorers"][0]["cards"]


def test_defeated_monster_is_stunned_recovers_and_does_not_slow():
    """Digest: monsters are stunned, not killed; a stunned monster doesn't slow anyone and
    recovers at the end of its turn; a hero losing to a stunned monster takes nothing."""
    g = _ghouls({"explorers": {"0": {"traits": {"might": 3}}}})
    dice(g, 2, 2, 2, 0, 0, 0, 0)  # 6 against Ghoul Might 4: 0
    g.act(0, {"type": "attack", "target": "m3", "weapon": None})
    mid = next(iter(sorted(g.state["monsters"])))
    assert any(m["stunned"] for m in g.state["monsters"].values())
    from hauntkit.rulesets.betrayal.legal_actions import leave_cost

    stunned_here = [m for m in g.state["monsters"].values() if m["room"] == "entrance_hall"]
    assert leave_cost(g.ruleset.ix, g.state, 0, "entrance_hall") == 1 + sum(
        1 for m in stunned_here if not m["stunned"])
    for seat in (0, 1, 2):
        if g.to_act() == [seat] and g.state["turn"]["who"] == seat:
            g.act(seat, {"type": "end_turn"})
    while g.state["turn"]["who"] != "m":
        g.act(g.to_act()[0], {"type": "end_turn"})
    g.act(2, {"type": "end_turn"})
    assert not any(m["stunned"] for m in g.state["monsters"].values()), mid


def test_hero_losing_against_stunned_monster_takes_nothing():
    g = _ghouls({"explorers": {"0": {"traits": {"might": 3}}}})
    mid = sorted(g.state["monsters"])[-1]
    g.state["monsters"][mid]["stunned"] = True
    dice(g, 0, 0, 0, 2, 2, 2, 2)
    before = dict(g.state["explorers"][0]["traits"])
    g.act(0, {"type": "attack", "target": mid, "weapon": None})
    assert g.state["choice"] is None and g.state["explorers"][0]["traits"] == before


def test_distance_attack_along_line_of_sight_and_no_harm_when_losing():
    """RULING B11 and the Revolver: a distance attack in a straight line of doorways; the
    distance attacker who loses takes nothing; stealing needs the same tile."""
    g = _ghouls({"explorers": {"0": {"room": "entrance_hall", "cards": ["revolver"]},
                               "2": {"room": "grand_staircase"}}, "monsters": []})
    assert {"type": "attack", "target": 2, "weapon": "revolver"} in g.legal_actions(0)
    assert {"type": "attack", "target": 2, "weapon": None} not in g.legal_actions(0)
    dice(g, 0, 0, 0, 0, 0, 2, 2, 2, 2)  # Ada Speed 4 + 1 die: 0; Bram Speed 4: 8
    before = dict(g.state["explorers"][0]["traits"])
    g.act(0, {"type": "attack", "target": 2, "weapon": "revolver"})
    assert g.state["explorers"][0]["traits"] == before and g.state["choice"] is None


def test_weapons_only_attacking_one_per_attack():
    """Items doc: weapons only when attacking, one per attack; the Axe adds a die."""
    g = _ghouls({"explorers": {"0": {"cards": ["axe", "spear"]}}})
    attacks = [a for a in g.legal_actions(0) if a["type"] == "attack"]
    assert {a["weapon"] for a in attacks} == {None, "axe", "spear"}
    assert not any(a["type"] == "use" and a["card"] in ("axe", "spear")
                   for a in g.legal_actions(0))


def test_death_after_haunt_drops_items_and_companions():
    """RULING B2 (the skull after the haunt) and the digest (a pile with companions; the next
    explorer to arrive takes custody of the companion)."""
    g = _ghouls({"explorers": {"0": {"trait_index": {"might": 0, "speed": 0}},
                               "2": {"room": "entrance_hall", "traits": {"might": 6}}},
                 "piles": {}}, seat=2)
    g.ruleset.apply_setup(g.state, {"explorers": {"0": {"cards": ["axe", "girl"]}}})
    dice(g, 2, 2, 2, 2, 2, 2, 0, 0)  # Celeste 12 against Ada 0
    g.act(2, {"type": "attack", "target": 0, "weapon": None})
    if g.state["choice"]["kind"] == "steal":
        g.act(2, {"type": "steal", "card": None})
    g.act(0, {"type": "damage", "trait": "might"})
    assert not g.state["explorers"][0]["alive"]
    assert g.state["choice"] is None  # the remaining points are lost with the dead
    assert sorted(g.state["piles"]["entrance_hall"]) == ["axe", "girl"]
    g.act(2, {"type": "move", "to": "foyer"})
    while g.to_act() != [1] or g.state["turn"]["who"] != 1:
        g.act(g.to_act()[0], {"type": "end_turn"})
    g.act(1, {"type": "move", "to": "foyer"})
    g.act(1, {"type": "move", "to": "entrance_hall"})
    assert "girl" in g.state["explorers"][1]["cards"]  # the companion follows its new custodian


def test_traitor_ignores_room_harm():
    """Digest: traitors and monsters ignore a room's harm (the Furnace Room's damage)."""
    g = _ghouls({"tiles": [{"room": "furnace_room", "floor": "basement", "x": 0, "y": 1,
                            "rotation": 0}],
                 "explorers": {"2": {"room": "furnace_room"}, "0": {"room": "furnace_room"}}},
                seat=2)
    before = dict(g.state["explorers"][2]["traits"])
    g.act(2, {"type": "end_turn"})
    assert g.state["explorers"][2]["traits"] == before
    # a hero ending a turn there takes 1 physical damage
    while g.to_act() != [0] or g.state["turn"]["who"] != 0:
        g.act(g.to_act()[0], {"type": "end_turn"})
    g.act(0, {"type": "end_turn"})
    assert g.state["choice"]["kind"] == "damage"


def test_traitor_may_ignore_event():
    """Digest: the traitor can choose not to be affected by an event card."""
    g = _ghouls({"decks": {"event": ["cold_draft"]}, "room_stack": ["ballroom"],
                 "explorers": {"2": {"room": "entrance_hall"}}}, seat=2)
    g.act(2, {"type": "explore", "dir": "e"})
    while g.state["choice"]["kind"] == "rotate":
        g.act(2, g.state["choice"]["opts"][0])
    assert g.state["choice"]["kind"] == "ignore"
    g.act(2, {"type": "ignore_card", "ignore": True})
    assert "cold_draft" in g.state["discard"]["event"]


def test_traitor_wins_when_every_hero_is_dead():
    """Digest: the first side to meet its goals wins; the heroes need a living hero."""

    g = _ghouls({"explorers": {"1": {"alive": False}}})
    turns.check_win(g.ruleset.ix, g.state)
    assert g.state["result"] is None
    traits.change(g.ruleset.ix, g.state, 0, "might", -8)
    turns.check_win(g.ruleset.ix, g.state)
    assert g.state["result"]["winner"] == "traitor"
    turns.declare_winner(g.ruleset.ix, g.state, "heroes", "late")
    assert g.state["result"]["winner"] == "traitor"


def test_monster_stunned_drops_carried_items():
    """Digest: a monster allowed to carry items drops them when stunned."""

    g = _ghouls()
    mid = sorted(g.state["monsters"])[-1]
    g.state["monsters"][mid]["cards"].append("axe")
    g.state["decks"]["item"].remove("axe")
    combat.stun(g.ruleset.ix, g.state, mid)
    assert g.state["monsters"][mid]["cards"] == [] and "axe" in g.state["piles"]["entrance_hall"]


def test_monster_explores_only_when_allowed(tmp_path):
    """Digest: monsters can't explore new rooms unless the haunt says otherwise."""
    from betrayal_helpers import CHARS

    from hauntkit.core.game import Game
    from hauntkit.rulesets.betrayal import BetrayalRuleset

    (tmp_path / "scout.yaml").write_text(
        "ruleset: betrayal\n"
        "monsters:\n"
        "  - {id: scout, name: Scout, traits: {speed: 3}, speed: 3, attack: null,"
        " explores: true}\n")
    rs = BetrayalRuleset.from_content([tmp_path])
    g = Game.new(rs, {"players": 3, "characters": CHARS[:3]}, 1)
    rs.apply_setup(g.state, {"haunt": {"id": "ghoul_pack", "revealer": 2, "traitor": 2},
                             "monsters": [{"monster": "scout", "room": "foyer"},
                                          {"monster": "ghoul", "room": "foyer"}],
                             "turn": {"seat": 2}})
    g.act(2, {"type": "end_turn"})
    legal = g.legal_actions(2)
    scout, ghoul = sorted(g.state["monsters"], key=lambda m: g.state["monsters"][m]["kind"] != "scout")
    assert any(a["type"] == "mexplore" and a["monster"] == scout for a in legal)
    assert not any(a["type"] == "mexplore" and a["monster"] == ghoul for a in legal)
    tiles = len(g.state["tiles"])
    g.act(2, next(a for a in legal if a["type"] == "mexplore"))
    while g.state["choice"]:
        g.act(2, g.state["choice"]["opts"][0])
    assert len(g.state["tiles"]) == tiles + 1
    assert g.state["monsters"][scout]["room"] not in ("foyer",)


def test_traitor_rules_of_the_haunt():
    """RULING B13: revealer, left of the revealer, highest/lowest trait excluding the revealer
    (ties at random), holder of an omen, none."""
    from hauntkit.rulesets.betrayal.schema import TraitorRule

    g = scenario({"explorers": {"0": {"traits": {"sanity": 7}}, "1": {"traits": {"sanity": 3}},
                                "2": {"traits": {"sanity": 8}, "cards": ["ring"]}}})
    ix, s = g.ruleset.ix, g.state
    assert turns.pick_traitor(ix, s, TraitorRule(rule="revealer"), 1) == 1
    assert turns.pick_traitor(ix, s, TraitorRule(rule="left_of_revealer"), 2) == 0
    assert turns.pick_traitor(ix, s, TraitorRule(rule="highest", trait="sanity"), 2) == 0
    assert turns.pick_traitor(ix, s, TraitorRule(rule="lowest", trait="sanity"), 1) in (0, 2)
    assert turns.pick_traitor(ix, s, TraitorRule(rule="holder", card="ring"), 0) == 2
    assert turns.pick_traitor(ix, s, TraitorRule(rule="none"), 0) is None
    g.ruleset.apply_setup(s, {"explorers": {str(i): {"traits": {"might": 4}} for i in range(3)}})
    tied = {turns.pick_traitor(ix, dict(s, rng={"s": k, "script": []}),
                           TraitorRule(rule="highest", trait="might", include_revealer=True), 0)
            for k in range(30)}
    assert tied == {0, 1, 2}  # a three-way tie is broken at random


def test_monsters_slow_heroes_but_not_the_traitor():
    """RULING B8 (obstacles add to the cost of leaving) and docs/rulings.md HB-7: each
    unstunned monster on the tile costs a hero 1 more move; stunned ones cost nothing."""
    from hauntkit.rulesets.betrayal.legal_actions import leave_cost

    g = _ghouls({"explorers": {"2": {"room": "entrance_hall"}}})
    ix, s = g.ruleset.ix, g.state
    assert leave_cost(ix, s, 0, "entrance_hall") == 2
    assert leave_cost(ix, s, 2, "entrance_hall") == 1
    next(iter(s["monsters"].values()))["stunned"] = True
    assert leave_cost(ix, s, 0, "entrance_hall") == 1


def test_haunt_starts_when_no_omen_tile_is_left():
    """docs/rulings.md HB-3: with no omen tile left in the room stack the haunt starts at the
    end of the turn, so that every game can end."""
    g = scenario()
    ix = g.ruleset.ix
    g.state["stack"] = [r for r in g.state["stack"] if ix.rooms[r].symbol != "omen"]
    g.act(0, {"type": "end_turn"})
    assert g.state["haunt"] is not None and g.state["haunt"]["revealer"] == 0


def test_book_text_shows_the_number_for_this_table():
    """Issue 3 (player-count scaling {3/4/5/6}): a view shows the number for the table's
    player count, not the author's notation (Ghoul Pack set-up: {2/2/3/3} ghouls)."""
    for players, ghouls in ((3, "2"), (6, "3")):
        g = scenario({"haunt": {"id": "ghoul_pack", "revealer": 0, "traitor": 0}},
                     players=players)
        text = g.view(1)["haunt"]["setup_text"]
        assert "{" not in text
        assert f"Put {ghouls} Ghouls" in text
