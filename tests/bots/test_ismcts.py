"""The ISMCTS root decision: the heuristic's choice unless the search finds one clearly
better (docs/bots.md, "ismcts")."""

from __future__ import annotations

from hauntkit.bots.ismcts import IsmctsBot, Node, action_key

HINT = {"type": "move", "to": "foyer"}
OTHER = {"type": "attack", "target": 2, "weapon": None}


def _root(hint_mean: float, other_mean: float, visits: int = 40) -> Node:
    root = Node(None, 0)
    for action, mean in ((HINT, hint_mean), (OTHER, other_mean)):
        child = root.children[action_key(action)] = Node(action, 0)
        child.visits = visits
        child.total = mean * visits
    return root


def test_keeps_the_heuristic_choice_within_the_margin():
    bot = IsmctsBot(margin=0.05)
    assert bot.pick(_root(0.50, 0.54), action_key(HINT), 100) == action_key(HINT)


def test_overrules_it_when_another_action_is_clearly_better():
    bot = IsmctsBot(margin=0.05)
    assert bot.pick(_root(0.50, 0.60), action_key(HINT), 100) == action_key(OTHER)


def test_needs_enough_visits_to_overrule():
    bot = IsmctsBot(margin=0.05)
    assert bot.pick(_root(0.50, 0.90, visits=3), action_key(HINT), 1000) == action_key(HINT)
