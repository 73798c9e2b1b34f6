"""Battle rules of riddle-of-the-beast-rules.md that no test named by section: initiative, the
player turn, combat basics, critical hits, physical attacks and the rulebook's Example 2 of
attack value against damage value."""

from __future__ import annotations

from pathlib import Path

from beastkit import battle, events

from hauntkit.core import Game
from hauntkit.rulesets.beast import BeastRuleset

SENTRY = """ruleset: beast
enemies:
  - id: sentry
    name: Sentry
    cp: 300
    template: BASE
    logic: CLOSEST
    move: 2
    melee: 3
    defense: 4
    hp: 12
    special1: {id: s1, name: Jab, text: A jab., style: melee, attack: 3}
    special2: {id: s2, name: Another jab, text: Another jab., style: melee, attack: 3}
    signature: {id: sig, name: Rush, text: A rush., style: melee, attack: 4, signature: true}
"""


def test_the_side_that_wins_initiative_opens_every_round(rs):
    """riddle-of-the-beast-rules.md "Initiative": each side rolls 1d6, the higher goes first,
    and this does not change for the rest of the battle. The enemies roll 6 against 1 and open
    round 1 and round 2."""
    g = Game.new(rs, {"map": "alley", "hunters": ["fei"], "enemies": ["thug"],
                      "dice": [1, 6]}, seed=1)
    assert g.state["first"] == "enemies"
    g.act(0, {"type": "end_turn"})
    while g.state["window"] is not None:
        g.act(g.to_act()[0], {"type": "pass"})
    turns = [(e["round"], e["side"]) for e in events(g, "turn")]
    assert turns[:3] == [(1, "enemies"), (1, "hunters"), (2, "enemies")]


def test_hunters_act_in_any_order_each_once(rs):
    """riddle-of-the-beast-rules.md "Player Turn": every hunter may move and act, in any order;
    "Combat Basics (Player Turn)": each commits one ACTION and one MOVEMENT, and two characters
    never share a space. Fei (seat 1) acts before Blake (seat 0), then neither acts again."""
    g = battle(rs, ["blake", "fei"], ["thug"],
               {"blake": {"x": 5, "y": 2}, "fei": {"x": 4, "y": 2}, "thug-1": {"x": 6, "y": 2}},
               dice=[0] * 12)
    assert g.to_act() == [0, 1]
    steps = [a["to"] for a in g.legal_actions(1) if a["type"] == "step"]
    assert steps and [5, 2] not in steps and [6, 2] not in steps
    g.act(1, {"type": "attack", "unit": "fei", "target": "thug-1", "mode": "ranged"})
    g.act(0, {"type": "attack", "unit": "blake", "target": "thug-1", "mode": "melee"})
    assert not [a for s in (0, 1) for a in g.legal_actions(s) if a["type"] == "attack"]


def test_one_missed_die_means_no_critical_hit(rs):
    """riddle-of-the-beast-rules.md "Critical Hits": every attack die must be a HIT (single or
    double swords alike); one MISS and there is no critical. "Elemental Attacks / Physical": a
    melee attack is physical, so an all-hit roll is rolled again at once, with no choice."""
    g = battle(rs, ["blake"], ["thug"], {"blake": {"x": 5, "y": 2}, "thug-1": {"x": 6, "y": 2}},
               dice=[2, 1, 2, 0, 0, 0])
    g.act(0, {"type": "attack", "unit": "blake", "target": "thug-1", "mode": "melee"})
    assert events(g, "attack_roll")[-1]["crit"] is False and events(g, "crit_roll") == []
    g2 = battle(rs, ["blake"], ["thug"], {"blake": {"x": 5, "y": 2}, "thug-1": {"x": 6, "y": 2}},
                dice=[2, 1, 2, 1, 0, 0, 0, 0, 0, 0])
    g2.act(0, {"type": "attack", "unit": "blake", "target": "thug-1", "mode": "melee"})
    assert events(g2, "attack_roll")[-1]["crit"] is True and len(events(g2, "crit_roll")) == 1
    assert not [a for a in g2.legal_actions(0) if a["type"] == "crit"]


def _cassandra_shoots(tmp_path: Path, defence: list[int]) -> Game:
    (tmp_path / "sentry.yaml").write_text(SENTRY)
    content = BeastRuleset.from_content([str(tmp_path)])
    g = battle(content, ["cassandra"], ["sentry"],
               {"cassandra": {"x": 2, "y": 2}, "sentry-1": {"x": 5, "y": 2}},
               dice=[1, 1, 1, 1, 2, 0, *defence])
    g.act(0, {"type": "attack", "unit": "cassandra", "target": "sentry-1", "mode": "ranged"})
    return g


def test_the_rulebooks_advanced_combat_example(tmp_path: Path):
    """riddle-of-the-beast-rules.md "Attack Value vs. Damage Value" (Example 2): Cassandra's
    Ranged 3 scores 3 HITS, a critical: 3 more dice add 2 HITS, an attack of 5. The enemy's
    Defense 4 blocks 2 (2 shields, 2 blanks): 3 damage. "Perfect Defense": one more shield
    (a block of 3) and it takes none."""
    g = _cassandra_shoots(tmp_path, [1, 1, 0, 0])
    assert g.state["units"]["sentry-1"]["hp"] == 12 - 3
    perfect = _cassandra_shoots(tmp_path, [1, 1, 1, 0])
    assert events(perfect, "defence_roll")[-1]["perfect"] is True
    assert perfect.state["units"]["sentry-1"]["hp"] == 12
