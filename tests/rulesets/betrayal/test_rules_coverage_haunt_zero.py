"""Haunt 0, the Bride: the example haunt of betrayal-legacy-rulebook.md, kept as the core haunt
``the_bride`` (docs/rulings.md HB-10 lists its adaptations). Each box of the example is played
here from a set-up position with scripted dice."""

from __future__ import annotations

from betrayal_helpers import dice, scenario, trait

from hauntkit.core.game import Game
from hauntkit.rulesets.betrayal import interpreter, traits

KITCHEN = {"room": "kitchen", "floor": "ground", "x": 1, "y": 0, "rotation": 3}
CHAPEL = {"room": "chapel", "floor": "upper", "x": 0, "y": 1, "rotation": 2}
BANISH = {"type": "haunt_action", "id": "banish"}
STUDY = {"type": "haunt_action", "id": "study"}


def bride(extra: dict | None = None, seat: int | str = 0) -> Game:
    """Ada (seat 0) and Bram are heroes; Celeste (seat 2, left of the revealer) is the traitor."""
    setup = {"haunt": {"id": "the_bride", "revealer": 1, "setup": False},
             "tiles": [KITCHEN, CHAPEL]}
    setup.update(extra or {})
    return scenario(setup, seat=seat)


def the_bride(g: Game) -> tuple[str, dict]:
    (mid, monster), = ((k, m) for k, m in g.state["monsters"].items() if m["kind"] == "bride")
    return mid, monster


def settle(g: Game) -> None:
    """Take the first option of every pending choice (damage to allocate and the like)."""
    while g.state["choice"] and g.state["result"] is None:
        g.act(g.state["choice"]["seat"], g.state["choice"]["opts"][0])


def test_learning_the_haunt_shows_how_to_win_then_goals_then_facts():
    """betrayal-legacy-rulebook.md "Learning the Haunt": each side reads how to win, then the
    goals in the order to complete them, then the facts. The heroes' book of Haunt 0 lists
    finding the diary, reading it and banishing the Bride, in that order, then its facts."""
    book = bride().view(0)["haunt"]["book"]
    assert list(book) == ["book", "goals", "facts"]
    goals = book["goals"]
    assert len(goals) == 3 and "Diary" in goals[0] and "study" in goals[1]
    assert goals[2].startswith("Banish the Bride")


def test_splitting_up_each_side_reads_only_its_own_book():
    """betrayal-legacy-rulebook.md "Splitting Up": the sides split up to learn the haunt, so a
    hero's view holds the heroes' book and the traitor's the traitor's; neither sees the
    other's goals."""
    g = bride()
    hero, traitor = g.view(0)["haunt"], g.view(2)["haunt"]
    assert hero["my_side"] == "heroes" and traitor["my_side"] == "traitor"
    assert hero["book"]["goals"] != traitor["book"]["goals"]
    assert not any("wedding" in goal for goal in hero["book"]["goals"])
    assert any("wedding" in goal for goal in traitor["book"]["goals"])


def test_facts_the_brides_diary_is_an_object_that_cannot_be_stolen():
    """betrayal-legacy-rulebook.md "Facts" and "The Bride's Diary": the diary is an Object and
    may not be STOLEN. The traitor beats Ada, who carries it and the Axe, by 3: the steal offer
    names the Axe and not the diary."""
    g = bride({"explorers": {"0": {"room": "kitchen", "cards": ["brides_diary", "axe"]},
                             "2": {"room": "kitchen", "traits": {"might": 6}}},
               "monsters": []}, seat=2)
    assert any("stolen" in fact for fact in g.view(0)["haunt"]["book"]["facts"])
    dice(g, 2, 1, 0, 0, 0, 0, *[0] * trait(g, 0, "might"))
    g.act(2, {"type": "attack", "target": 0, "weapon": None})
    ch = g.state["choice"]
    assert ch["kind"] == "steal"
    assert [o["card"] for o in ch["opts"]] == ["axe", None]


def test_main_goal_banish_the_bride_13_or_more_wins():
    """betrayal-legacy-rulebook.md "Goals (Main and Side)" and "Goals (Main and Side) / Main
    Goal": a main goal must be done to win. "Banish the Bride": INVOKE on an Omen tile, a
    Knowledge roll, 4 more dice with the soulmate's name, +4 with the diary; 13+ wins. Ada
    (Knowledge 5 dice + 4) rolls 8 dice of 2 (the 8-dice cap, RULING B1) = 16, + 4: heroes win."""
    g = bride({"explorers": {"0": {"room": "kitchen", "cards": ["brides_diary"]}},
               "flags": {"groom_named": True}})
    assert BANISH in g.legal_actions(0)
    dice(g, *[2] * 8)
    g.act(0, BANISH)
    assert g.state["result"]["winner"] == "heroes"


def test_the_first_side_to_complete_its_goals_wins_and_play_stops():
    """betrayal-legacy-rulebook.md "Object of the Game": after the haunt starts, the goal is to
    complete your side's victory condition first. Once the heroes banish the Bride the game is
    over: nobody has an action left, the traitor's wedding included."""
    g = bride({"explorers": {"0": {"room": "kitchen", "cards": ["brides_diary"]}},
               "flags": {"groom_named": True, "corpse_ready": True}})
    dice(g, *[2] * 8)
    g.act(0, BANISH)
    assert g.over and g.state["result"]["winner"] == "heroes"
    assert all(g.legal_actions(seat) == [] for seat in range(3))


def test_a_hidden_traitors_identity_is_secret():
    """betrayal-legacy-rulebook.md "Hidden Traitor": the haunt tells how the traitor is chosen
    and the identity is secret from the other players. In the Poisoner (a hidden traitor chosen
    at random) the traitor's own view names them; the others' views name nobody and show the
    heroes' book."""
    g = scenario({"haunt": {"id": "the_poisoner", "revealer": 1}})
    traitor = g.state["haunt"]["traitor"]
    assert g.state["haunt"]["hidden"] and not g.state["haunt"]["revealed"]
    assert g.view(traitor)["haunt"]["traitor"] == traitor
    for seat in {0, 1, 2} - {traitor}:
        assert g.view(seat)["haunt"]["traitor"] is None
        assert g.view(seat)["haunt"]["my_side"] == "heroes"


def test_banish_the_bride_middle_result_brings_her_and_one_mental_damage():
    """betrayal-legacy-rulebook.md "Banish the Bride": 6-12, the Bride comes to your tile and
    you take 1 mental damage. Ada rolls 4 dice for 7 + 0 (no diary, no name)."""
    g = bride({"explorers": {"0": {"room": "kitchen"}}})
    before = trait(g, 0, "sanity") + trait(g, 0, "knowledge")
    dice(g, 2, 2, 2, 1, 0)
    g.act(0, BANISH)
    assert the_bride(g)[1]["room"] == "kitchen"
    settle(g)
    assert trait(g, 0, "sanity") + trait(g, 0, "knowledge") == before - 1
    assert g.state["result"] is None


def test_side_goal_read_the_diary_names_the_soulmate():
    """betrayal-legacy-rulebook.md "Side Goal" and "Read the Diary": a side goal may be done to
    help; STUDY while the soulmate is unknown, a Knowledge roll, 6+ reveals the name (then
    banishing rolls 4 more dice); 0-5 does nothing. A miss leaves the name unknown; a 6 names
    him, and STUDY is no longer offered."""
    g = bride({"explorers": {"0": {"room": "kitchen"}}})
    dice(g, 1, 1, 0, 0, 0)
    g.act(0, STUDY)
    assert not g.state["flags"].get("groom_named")
    g = bride({"explorers": {"0": {"room": "kitchen"}}})
    dice(g, 2, 2, 2, 0, 0)
    g.act(0, STUDY)
    assert g.state["flags"]["groom_named"]
    assert STUDY not in g.legal_actions(0)


def test_the_traitors_main_goals_dress_the_corpse_then_conduct_the_wedding():
    """betrayal-legacy-rulebook.md "Traitors and Monsters", "Traitors and Monsters / The
    Traitor" and "The Traitor / Main Goal": the traitor's box holds two main goals. "Dress the
    Corpse for Marriage": PREPARE on the corpse's tile reveals the soulmate. "Conduct the
    Wedding": INVOKE with the Bride and the dressed corpse, a Sanity roll, 5+ wins; 0-4 start
    over. The wedding is refused before the corpse is dressed; a 4 fails, a 5 wins."""
    g = bride({"explorers": {"2": {"room": "upper_landing"}},
               "monsters": [{"monster": "bride", "room": "chapel"}],
               "tokens": {"upper_landing": {"corpse": 1}}}, seat=2)
    wed = {"type": "haunt_action", "id": "wed"}
    g.act(2, {"type": "move", "to": "chapel"})
    assert wed not in g.legal_actions(2)
    g.act(2, {"type": "move", "to": "upper_landing"})
    g.act(2, {"type": "haunt_action", "id": "prepare"})
    assert g.state["flags"]["corpse_ready"] and g.state["flags"]["groom_named"]
    g.act(2, {"type": "move", "to": "chapel"})
    dice(g, 1, 1, 1, 1, 0)
    g.act(2, wed)
    assert g.state["result"] is None
    g.state["turn"]["actions_used"].clear()
    g.state["turn"]["categories_rolled"].clear()
    g.state["turn"]["used"].clear()
    dice(g, 1, 1, 1, 1, 1)
    g.act(2, wed)
    assert g.state["result"]["winner"] == "traitor"


def test_reaction_if_you_die_the_traitor_heals_and_stays():
    """betrayal-legacy-rulebook.md "Reaction" and "If You Die": a reaction is triggered, not
    chosen; when the traitor would die, they heal all traits, gain {1/2/3} Speed (1 with three
    players) and lose 2 Might, and stay alive. betrayal-legacy-rulebook.md "What if We Can't
    Figure Out a Rule?": rules in haunts trump other rules, here the rule that a trait on the
    skull kills. Celeste starts at Might and Speed step 2: after
    the reaction Speed is at step 3 and Might at step 0, one above the skull."""
    g = bride()
    steps = g.state["explorers"][2]["traits"]
    assert (steps["might"], steps["speed"]) == (2, 2)
    traits.change(g.ruleset.ix, g.state, 2, "might", -8)
    interpreter.run(g.ruleset.ix, g.state)
    assert g.state["explorers"][2]["alive"]
    assert (steps["might"], steps["speed"]) == (0, 3)
    assert any(e["type"] == "death_prevented" for e in g.state["log"])


def test_monster_the_bride_speed_6_sanity_5_attacks_with_sanity():
    """betrayal-legacy-rulebook.md "Monster: the Bride": Speed 6, Sanity 5; ATTACK (Sanity) a
    hero on her tile, and she is stunned as normal if she loses. Her 5 Sanity dice roll 0
    against Ada's Sanity: she loses and is stunned."""
    g = bride({"explorers": {"0": {"room": "kitchen"}},
               "monsters": [{"monster": "bride", "room": "kitchen"}]}, seat="m")
    mid, _ = the_bride(g)
    kind = g.ruleset.ix.monsters["bride"]
    assert (kind.traits, kind.attack) == ({"speed": 6, "sanity": 5}, "sanity")
    assert g.state["turn"]["monster_turns"][mid]["moves_left"] == 6
    attack = {"type": "mattack", "monster": mid, "target": 0}
    assert attack in g.legal_actions(2)
    dice(g, *[0] * 5, *[2] * trait(g, 0, "sanity"))
    g.act(2, attack)
    settle(g)
    assert the_bride(g)[1]["stunned"]
