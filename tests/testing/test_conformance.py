"""hauntkit.testing.check_ruleset: it passes our rulesets and the test race, and it catches
each kind of broken ruleset it promises to catch, naming the broken rule (issue 8)."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from minirace import Race

from hauntkit.core.errors import IllegalActionError
from hauntkit.core.ruleset import get_ruleset
from hauntkit.testing import ConformanceError, check_ruleset
from hauntkit.testing.conformance import examples


def test_betrayal_conforms():
    check_ruleset(get_ruleset("betrayal"), [{"players": 3}, {"players": 4}, {"players": 6}],
                  max_examples=examples(12), max_actions=150)


def test_beast_conforms():
    check_ruleset(get_ruleset("beast"), [{}, {"players": 1}, {"players": 2}],
                  max_examples=examples(12), max_actions=120)


def test_beast_conforms_with_every_character_skill_in_play():
    """Curtis Kaine, Nysa (hidden clash hands), Mathias and Serenity."""
    new = ["curtis", "nysa", "mathias", "serenity"]
    check_ruleset(get_ruleset("beast"), [{"hunters": new, "players": 2, "renown": 6,
                                          "infamy": 6},
                                         {"hunters": new[1:] + ["joe"], "players": 4},
                                         {"hunters": ["nysa", "curtis"], "players": 2}],
                  max_examples=examples(12), max_actions=120)


def test_race_conforms():
    check_ruleset(Race(), [{}, {"players": 4}], max_examples=examples(25))


# ------------------------------------------------------------------ broken rulesets
class LeakyView(Race):
    def view(self, state, seat):
        return {**super().view(state, seat), "next": state["deck"][:1]}


class Forgetful(Race):
    """Remembers something outside the state: replays differ."""

    counter = itertools.count()

    def apply(self, state, seat, action):
        super().apply(state, seat, action)
        state["calls"] = next(self.counter)


class Crashes(Race):
    def apply(self, state, seat, action):
        if action["type"] == "pass":
            raise KeyError("boom")
        super().apply(state, seat, action)


class Tuples(Race):
    def apply(self, state, seat, action):
        super().apply(state, seat, action)
        state["last"] = (seat, action["type"])


class MutatingRefusal(Race):
    def explain_illegal(self, state, seat, action):
        state["turns"] += 0.5
        return IllegalActionError("no")


class NoAction(Race):
    def legal_actions(self, state, seat):
        return [] if state["turns"] >= 1 else super().legal_actions(state, seat)


@pytest.mark.parametrize(("ruleset", "message"), [
    (LeakyView(), "changed when only hidden information was permuted"),
    (Forgetful(), "ends in another state"),
    (Crashes(), "a legal action, raised KeyError: 'boom'"),
    (Tuples(), "does not survive a JSON round trip"),
    (MutatingRefusal(), "changed the state"),
    (NoAction(), "has no legal action"),
])
def test_a_broken_ruleset_fails_with_the_broken_rule(ruleset: Any, message: str):
    with pytest.raises(ConformanceError, match=message.replace("(", r"\(")):
        check_ruleset(ruleset, max_examples=60, max_actions=30, derandomize=True)


def test_a_failing_game_shrinks_to_a_short_action_list():
    with pytest.raises(ConformanceError) as info:
        check_ruleset(Crashes(), max_examples=60, max_actions=30, derandomize=True)
    notes = "\n".join(getattr(info.value, "__notes__", []))
    assert "action 1: seat 0 {'type': 'pass'}" in notes   # the whole game: one action
    assert "action 2:" not in notes
