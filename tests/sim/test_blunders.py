"""The blunder audit (docs/balance.md, "The blunder audit"): each detector fires on a real
blunder in a position set up as data, and not on the sensible alternative; the balance and
tournament reports show the counts."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from hauntkit.core.game import Game
from hauntkit.core.ruleset import get_ruleset
from hauntkit.rulesets.beast import BeastRuleset
from hauntkit.rulesets.betrayal import BetrayalRuleset
from hauntkit.sim import blunders, odds
from hauntkit.sim.balance import make_spec, run_balance
from hauntkit.sim.balance_html import audit_html
from hauntkit.sim.blunders_beast import no_damage_chance
from hauntkit.sim.blunders_betrayal import winning_actions
from hauntkit.sim.idle import idle_choice
from hauntkit.sim.tournament import run_tournament

CHARS = ["ada_vance", "bram_okafor", "celeste_moreau", "dmitri_sokol"]


@pytest.fixture(scope="module")
def betrayal() -> BetrayalRuleset:
    return BetrayalRuleset.from_content([])


@pytest.fixture(scope="module")
def beast() -> BeastRuleset:
    return BeastRuleset.from_content([])


def position(rs: BetrayalRuleset, setup: dict[str, Any], players: int = 3) -> Game:
    game = Game.new(rs, {"players": players, "characters": CHARS[:players]}, 1)
    setup.setdefault("turn", {"seat": 0})
    rs.apply_setup(game.state, setup)
    return game


def ghouls(rs: BetrayalRuleset, explorers: dict[str, Any]) -> Game:
    """Ghoul Pack with Celeste (seat 2) the traitor, standing with Ada in the Entrance Hall."""
    return position(rs, {"haunt": {"id": "ghoul_pack", "revealer": 2, "traitor": 2},
                         "explorers": {"2": {"room": "entrance_hall"}, **explorers}})


def decide(auditor: blunders.Auditor, game: Game, seat: int, action: dict[str, Any]) -> None:
    """The auditor sees the decision, then the action is played."""
    auditor.hook(game, seat, game.legal_actions(seat), action)
    game.act(seat, action)


def kinds(auditor: blunders.Auditor) -> list[str]:
    return [b.kind for b in auditor.blunders]


# ------------------------------------------------------------------------------ the odds
def test_betrayal_dice_odds_by_convolution():
    """RULING B1: a die shows 0, 0, 1, 1, 2, 2; one die against one loses (strictly lower)
    3 times in 9; two dice sum to 0 once in 9."""
    one = odds.sum_of_dice((0, 0, 1, 1, 2, 2), 1)
    assert odds.chance_below(one, one) == Fraction(1, 3)
    assert odds.sum_of_dice((0, 0, 1, 1, 2, 2), 2)[0] == Fraction(1, 9)


def test_beast_no_damage_chance():
    """Beast rules, "Combat Basics" and RULING R1: one attack die misses 2 times in 6; with
    no defence that is the chance of no damage; three blocks are a perfect defence."""
    assert no_damage_chance(1, 0, 0, 0, True, 0) == Fraction(1, 3)
    assert no_damage_chance(3, 3, 9, 0, True, 0) == Fraction(1, 8) + Fraction(7, 8) / 27
    assert no_damage_chance(0, 0, 0, 0, True, 0) == 1


# ------------------------------------------------------------------------------ betrayal
def test_hopeless_attack_fires_and_the_even_attack_does_not(betrayal):
    """Betrayal rules, "Attacks" (RULING B10): Might 2 against Might 6 loses most rolls."""
    game = ghouls(betrayal, {"0": {"traits": {"might": 2}}, "2": {"room": "entrance_hall"}})
    game.ruleset.apply_setup(game.state, {"explorers": {"2": {"traits": {"might": 6}}}})
    auditor = blunders.auditor_for(betrayal)
    decide(auditor, game, 0, {"type": "attack", "target": 2, "weapon": None})
    assert kinds(auditor) == [blunders.HOPELESS]
    assert "Might, 2 dice against 6" in auditor.blunders[0].text
    assert auditor.blunders[0].weight >= 0.7
    even = ghouls(betrayal, {"0": {"traits": {"might": 4}}})
    even.ruleset.apply_setup(even.state, {"explorers": {"2": {"traits": {"might": 4}}}})
    calm = blunders.auditor_for(betrayal)
    decide(calm, even, 0, {"type": "attack", "target": 2, "weapon": None})
    assert kinds(calm) == []


def test_attacking_your_own_side_fires_and_the_enemy_does_not(betrayal):
    """Bram and Ada are both heroes in Ghoul Pack; Celeste is the traitor."""
    game = ghouls(betrayal, {"1": {"room": "entrance_hall"}})
    auditor = blunders.auditor_for(betrayal)
    auditor.hook(game, 0, game.legal_actions(0), {"type": "attack", "target": 1, "weapon": None})
    assert kinds(auditor) == [blunders.OWN_SIDE]
    other = blunders.auditor_for(betrayal)
    other.hook(game, 0, game.legal_actions(0), {"type": "attack", "target": 2, "weapon": None})
    assert blunders.OWN_SIDE not in kinds(other)


def test_giving_a_card_to_the_other_side_fires_and_to_a_friend_does_not(betrayal):
    game = ghouls(betrayal, {"0": {"cards": ["axe"]}, "1": {"room": "entrance_hall"}})
    auditor = blunders.auditor_for(betrayal)
    auditor.hook(game, 0, game.legal_actions(0), {"type": "give", "card": "axe", "to": 2})
    assert kinds(auditor) == [blunders.OWN_SIDE]
    assert "of the other side, have Axe" in auditor.blunders[0].text
    friendly = blunders.auditor_for(betrayal)
    friendly.hook(game, 0, game.legal_actions(0), {"type": "give", "card": "axe", "to": 1})
    assert kinds(friendly) == []


def test_walking_back_and_forth_fires_unless_something_was_gained(betrayal):
    game = position(betrayal, {})
    start = game.state["explorers"][0]["room"]
    step = next(a for a in game.legal_actions(0) if a["type"] == "move")
    auditor = blunders.auditor_for(betrayal)
    decide(auditor, game, 0, step)
    decide(auditor, game, 0, {"type": "move", "to": start})
    assert kinds(auditor) == [blunders.OSCILLATION]
    assert "and back with nothing gained" in auditor.blunders[0].text

    sensible = position(betrayal, {})
    auditor = blunders.auditor_for(betrayal)
    decide(auditor, sensible, 0, step)
    sensible.state["explorers"][0]["cards"].append("axe")  # a card gained on the way
    decide(auditor, sensible, 0, {"type": "move", "to": start})
    assert kinds(auditor) == []


def test_dropping_and_picking_up_the_same_card_fires(betrayal):
    game = position(betrayal, {"explorers": {"0": {"cards": ["axe"]}}})
    auditor = blunders.auditor_for(betrayal)
    decide(auditor, game, 0, {"type": "drop", "card": "axe"})
    game.state["turn"]["picked"] = False
    auditor.hook(game, 0, game.legal_actions(0), {"type": "pick_up", "card": "axe"})
    assert kinds(auditor) == [blunders.OSCILLATION]
    assert "dropped and picked up Axe" in auditor.blunders[0].text


def test_book_actions_that_advance_the_win_are_read_from_the_book(betrayal):
    """The Bride: banishing can win the heroes the game; studying only helps a later roll."""
    assert set(winning_actions(betrayal.ix, "the_bride", "heroes")) == {"banish"}


def bride_on_an_omen_tile(rs: BetrayalRuleset) -> tuple[Game, dict[str, Any]]:
    """The Bride, Ada (a hero) in the Junk Room (an omen tile): she may banish."""
    game = position(rs, {"tiles": [{"room": "junk_room", "floor": "ground", "x": 1, "y": 0}],
                         "haunt": {"id": "the_bride", "revealer": 1, "traitor": 2},
                         "explorers": {"0": {"room": "junk_room"}}})
    banish = [a for a in game.legal_actions(0)
              if a["type"] == "haunt_action" and a["id"] == "banish"]
    assert banish
    return game, banish[0]


def test_a_winning_book_action_never_used_by_the_losing_side_fires(betrayal):
    game, banish = bride_on_an_omen_tile(betrayal)
    auditor = blunders.auditor_for(betrayal)
    auditor.hook(game, 0, game.legal_actions(0), {"type": "end_turn"})
    game.state["result"] = {"winner": "traitor", "reason": "test"}
    assert kinds(auditor) == [] and [b.kind for b in auditor.close(game)] == [
        blunders.UNUSED_BOOK]
    assert "never used" in auditor.blunders[0].text

    used, banish = bride_on_an_omen_tile(betrayal)
    auditor = blunders.auditor_for(betrayal)
    auditor.hook(used, 0, used.legal_actions(0), banish)
    used.state["result"] = {"winner": "traitor", "reason": "test"}
    assert auditor.close(used) == []


# ------------------------------------------------------------------------------ beast
def battle(rs: BeastRuleset, units: dict[str, Any], lights: list[list[int]] | None = None,
           hunter: str = "michael") -> Game:
    game = Game.new(rs, {"map": "alley", "hunters": [hunter], "enemies": ["werewolf"],
                         "dice": [6, 1]}, seed=7)
    rs.apply_setup(game.state, {"units": units, "lights": lights or []})
    return game


def hopeless_texts(rs: BeastRuleset, game: Game, action: dict[str, Any]) -> list[str]:
    """The hopeless attacks the auditor finds in ``action`` of seat 0."""
    auditor = blunders.auditor_for(rs)
    auditor.hook(game, 0, game.legal_actions(0), action)
    return [b.text for b in auditor.blunders if b.kind == blunders.HOPELESS]


RANGED = {"type": "attack", "unit": "michael", "target": "werewolf-1", "mode": "ranged"}
ASLEEP = {"sneak-attack": 2}  # Sneak Attack on its cool down


def test_beast_a_long_shot_that_is_the_hunters_best_attack_is_not_hopeless(beast):
    """Beast rules, "Combat Basics": a failed attack spends only the hunter's action, and a
    step or cover spends none (RULING HR-6), so when every other choice does no damage for
    sure (ending the turn) the hunter's best attack is no blunder, even at 72% to do none
    (2 dice against the werewolf's 3 and its Monster hide, "Perfect Defense", RULING R1)."""
    game = battle(beast, {"michael": {"x": 5, "y": 2, "cd": ASLEEP},
                          "werewolf-1": {"x": 8, "y": 2}})
    assert {a["type"] for a in game.legal_actions(0)} >= {"end_turn", "step"}
    assert hopeless_texts(beast, game, RANGED) == []
    sure = battle(beast, {"michael": {"x": 5, "y": 2},
                          "werewolf-1": {"x": 6, "y": 2, "st": {"NO_DEFEND": [2, 1]}}})
    melee = {**RANGED, "mode": "melee"}
    assert hopeless_texts(beast, sure, melee) == []


def test_beast_a_long_shot_beside_a_clearly_better_attack_is_hopeless(beast):
    """The same ranged shot when Sneak Attack was ready (the target rolls at most one defence
    die, "Abilities of Note"): 48% to do no damage against 72%."""
    game = battle(beast, {"michael": {"x": 5, "y": 2}, "werewolf-1": {"x": 8, "y": 2}})
    assert hopeless_texts(beast, game, RANGED) == [
        "Michael made a ranged attack on Werewolf 1, 2 attack dice against 3 defence dice "
        "(72% to do no damage), when Sneak Attack on Werewolf 1 was there at 48%."]
    sneak = next(a for a in game.legal_actions(0) if a.get("ability") == "sneak-attack")
    assert hopeless_texts(beast, game, sneak) == []


def test_beast_an_ability_strike_is_judged_against_the_plain_blow(beast):
    """Blake's Shield Shove rolls 2 dice where his melee attack rolls 4 (59% to do no damage):
    the shove is the long shot."""
    game = battle(beast, {"blake": {"x": 5, "y": 2}, "werewolf-1": {"x": 6, "y": 2}},
                  hunter="blake")
    shove = next(a for a in game.legal_actions(0) if a.get("ability") == "shield-shove")
    assert hopeless_texts(beast, game, shove) == [
        "Blake used Shield Shove on Werewolf 1, 2 attack dice against 3 defence dice "
        "(72% to do no damage), when a melee attack on Werewolf 1 was there at 59%."]
    melee = {"type": "attack", "unit": "blake", "target": "werewolf-1", "mode": "melee"}
    assert hopeless_texts(beast, game, melee) == []


def test_beast_a_long_shot_that_draws_an_attack_of_opportunity_is_hopeless(beast):
    """Beast rules, "Attack of Opportunity": a ranged attack next to an enemy gives it a free
    die at the shooter, so a miss costs the hunter, as a lost attack does in betrayal; the
    melee blow from the same space draws none."""
    game = battle(beast, {"michael": {"x": 5, "y": 2, "cd": ASLEEP},
                          "werewolf-1": {"x": 6, "y": 2}})
    assert hopeless_texts(beast, game, RANGED) == [
        "Michael made a ranged attack on Werewolf 1, 2 attack dice against 3 defence dice "
        "(72% to do no damage), and drew an attack of opportunity, when a choice without "
        "one was there."]
    assert hopeless_texts(beast, game, {**RANGED, "mode": "melee"}) == []


def test_beast_attacking_a_light_harms_your_own_side(beast):
    """Beast rules, "Light and Darkness": lights help the hunters."""
    game = battle(beast, {"michael": {"x": 5, "y": 2}, "werewolf-1": {"x": 9, "y": 2}},
                  lights=[[5, 3]])
    light = next(a for a in game.legal_actions(0)
                 if a["type"] == "attack" and a["target"] not in game.state["units"])
    auditor = blunders.auditor_for(beast)
    auditor.hook(game, 0, game.legal_actions(0), light)
    assert kinds(auditor) == [blunders.OWN_SIDE]
    assert "the light at" in auditor.blunders[0].text


def test_beast_stepping_back_and_forth_fires(beast):
    game = battle(beast, {"michael": {"x": 5, "y": 2}, "werewolf-1": {"x": 9, "y": 2}})
    auditor = blunders.auditor_for(beast)
    decide(auditor, game, 0, {"type": "step", "unit": "michael", "to": [5, 3]})
    decide(auditor, game, 0, {"type": "step", "unit": "michael", "to": [5, 2]})
    assert kinds(auditor) == [blunders.OSCILLATION]
    ahead = battle(beast, {"michael": {"x": 5, "y": 2}, "werewolf-1": {"x": 9, "y": 2}})
    auditor = blunders.auditor_for(beast)
    decide(auditor, ahead, 0, {"type": "step", "unit": "michael", "to": [5, 3]})
    decide(auditor, ahead, 0, {"type": "step", "unit": "michael", "to": [6, 3]})
    assert kinds(auditor) == []


# ------------------------------------------------------------------------------ the probe
def test_the_idle_side_ends_its_turn_or_refuses():
    end = frozenset({"end_turn"})
    assert idle_choice([{"type": "move", "to": "foyer"}, {"type": "end_turn"}], end) == {
        "type": "end_turn"}
    assert idle_choice([{"type": "steal", "card": "axe"}, {"type": "steal", "card": None}],
                       end) == {"type": "steal", "card": None}


# ------------------------------------------------------------------------------ reports
def test_the_balance_report_shows_blunders_per_hundred_games():
    from hauntkit.cli.balance import table_rows

    rs = get_ruleset("betrayal")
    spec = make_spec(rs, "the_bride", 2, [3], bot="random", seed=3)
    report, _games = run_balance(spec, workers=1, ruleset=rs)
    audit = report["overall"]["blunders"]
    assert set(audit["per_100_games"]) == set(blunders.KINDS)
    assert audit["per_100_games"][blunders.OSCILLATION] > 0  # a random walker goes back
    columns, rows = table_rows(report)
    assert "back&forth /100" in columns
    assert rows[-1][columns.index("back&forth /100")] == \
        f"{audit['per_100_games'][blunders.OSCILLATION]:g}"
    example = report["blunder_examples"][blunders.OSCILLATION][0]
    assert example["seed"] and example["turn"] and "nothing gained" in example["text"]
    assert "Blunder audit" in audit_html(report) and example["text"] in audit_html(report)


def test_the_idle_side_probe_reports_the_active_sides_win_rate():
    rs = get_ruleset("betrayal")
    spec = make_spec(rs, "the_bride", 2, [3], bot="heuristic", idle_side="heroes")
    report, _games = run_balance(spec, workers=1, ruleset=rs)
    probe = report["scenarios"]["the_bride"]["idle_probe"]
    assert probe["idle"] == "heroes" and probe["active"] == "traitor"
    assert report["unreachable"] == (["the_bride"] if probe["unreachable"] else [])


def test_the_tournament_report_credits_each_bot():
    rs = get_ruleset("betrayal")
    report = run_tournament(rs, ["heuristic", "random"], 2, seed=0, max_actions=5000)
    assert set(report["blunders"]) == {"heuristic", "random"}
    assert report["blunders"]["random"]["games"] == 2
    assert all(set(e["blunders"]) <= {"heuristic", "random"} for e in report["per_game"])


def test_the_idle_side_probe_is_refused_for_beast(beast):
    """Beast's enemies follow the rules' own cards: there is no second side to idle."""
    from hauntkit.core.errors import HauntkitError
    from hauntkit.sim.idle import check_idle_side

    with pytest.raises(HauntkitError, match="two sides"):
        check_idle_side(beast, "heroes")


def test_a_lost_distance_attack_costs_nothing_and_is_not_hopeless(betrayal):
    """Betrayal rules, "Attacks" (RULING B11): a distance attacker who loses takes no harm."""
    game = ghouls(betrayal, {"0": {"traits": {"might": 2}}, "2": {"room": "foyer"}})
    from hauntkit.sim.blunders_betrayal import attack_odds

    remote = attack_odds(betrayal.ix, game.state, 0,
                         {"type": "attack", "target": 2, "weapon": None})
    assert remote is not None and remote.loss is None
