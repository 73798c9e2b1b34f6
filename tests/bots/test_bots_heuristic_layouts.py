"""The heuristic betrayal policy keeps ``house_of(view)`` and its distances per layout (issue 13,
balance speed): the games must be the ones it played when it rebuilt them every decision."""

from __future__ import annotations

from hauntkit.bots import get_bot
from hauntkit.bots.betrayal_policy import BetrayalPolicy
from hauntkit.core.game import Game
from hauntkit.core.ruleset import get_ruleset
from hauntkit.sim.runner import play_game


def test_layout_cache_changes_no_decision(monkeypatch):
    rs = get_ruleset("betrayal")
    scenarios = rs.scenario_ids()[:3]
    cached = [play_game(rs, rs.scenario_config(sc), 7, get_bot("heuristic", rs),
                        max_actions=600)[0].state["history"] for sc in scenarios]
    remembered = BetrayalPolicy.layout

    def fresh(self, view):  # forget every layout before each decision: the old behaviour
        self._layouts.clear()
        return remembered(self, view)

    monkeypatch.setattr(BetrayalPolicy, "layout", fresh)
    rebuilt = [play_game(rs, rs.scenario_config(sc), 7, get_bot("heuristic", rs),
                         max_actions=600)[0].state["history"] for sc in scenarios]
    assert cached == rebuilt
    assert all(len(h) > 20 for h in cached)


def test_one_house_object_per_layout():
    rs = get_ruleset("betrayal")
    policy = get_bot("heuristic", rs).policy("betrayal")
    assert isinstance(policy, BetrayalPolicy)
    game = Game.new(rs, {}, 3)
    first = policy.layout(game.view(0))
    again = policy.layout(game.view(1))  # another seat, the same house
    assert first[0] is again[0] and first[1] is again[1]
