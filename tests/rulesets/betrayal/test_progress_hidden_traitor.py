"""Progress under a hidden traitor shows counters only (RULING B14: each side reads only its
own book, and a hidden traitor stays hidden; docs/rulings.md HB-27): a count of living heroes, or of heroes in a room,
would tell whether the explorer who just died was the traitor."""

from __future__ import annotations

from hauntkit.core.game import Game
from hauntkit.core.ruleset import starter_ruleset
from hauntkit.rulesets.betrayal import progress


def _front_door_state() -> tuple[object, dict]:
    ruleset = starter_ruleset("betrayal")
    game = Game.new(ruleset, {"players": 4}, seed=3)
    ruleset.apply_setup(game.state, {"haunt": {"id": "front_door", "revealer": 0, "traitor": 1},
                                     "explorers": {2: {"room": "foyer"}, 3: {"room": "foyer"}}})
    return ruleset, game.state


def test_an_open_traitor_s_enemies_see_every_goal() -> None:
    ruleset, state = _front_door_state()
    book = ruleset.ix.haunts["front_door"].heroes
    texts = [line["text"] for line in progress.progress(ruleset.ix, state, book, False)]
    assert texts == ["Force the front door: not yet", "Living heroes in the Entrance Hall: 1 of 2"]


def test_under_a_hidden_traitor_only_counters_are_shown() -> None:
    ruleset, state = _front_door_state()
    ix = ruleset.ix
    heroes, traitor = ix.haunts["front_door"].heroes, ix.haunts["front_door"].traitor_book
    assert progress.progress(ix, state, heroes, True) == []
    assert progress.progress(ix, state, traitor, True) == []
    poisoner = ix.haunts["the_poisoner"].traitor_book
    assert [line["label"] for line in progress.progress(ix, state, poisoner, True)] == ["Poison"]
