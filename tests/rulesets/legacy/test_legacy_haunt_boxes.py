"""Haunt boxes are content validated by schema (rulebook "Learning the Haunt", "Goals (Main and
Side)"): each box names actions of its own book, an action sits in one box, and a book with
boxes has a main goal."""

from __future__ import annotations

from pathlib import Path

import pytest

from hauntkit.core.errors import ContentError
from hauntkit.rulesets.legacy.ruleset import LegacyRuleset

HAUNT = """ruleset: legacy
haunts:
  - id: test_boxes
    number: 901
    name: Test Boxes
    intro: A test.
    traitor: {rule: revealer}
    heroes:
      actions:
        - id: pray
          label: "PRAY: gain 1 Sanity"
          effects: [{do: gain, trait: sanity}]
      boxes:
%s
"""


def _problems(tmp_path: Path, boxes: str) -> list[str]:
    (tmp_path / "bad.yaml").write_text(HAUNT % boxes)
    with pytest.raises(ContentError) as err:
        LegacyRuleset.from_content([str(tmp_path)])
    return [str(p) for p in err.value.problems]


def test_a_box_names_only_its_own_books_actions(tmp_path):
    problems = _problems(tmp_path, """        - {id: a, kind: main_goal, title: A, text: Do it., actions: [pray, curse]}""")
    assert any("unknown action 'curse'" in p for p in problems), problems


def test_an_action_sits_in_one_box(tmp_path):
    problems = _problems(tmp_path, """        - {id: a, kind: main_goal, title: A, text: Do it., actions: [pray]}
        - {id: b, kind: side_goal, title: B, text: Or this., actions: [pray]}""")
    assert any("already in box 'a'" in p for p in problems), problems


def test_a_book_with_boxes_has_a_main_goal(tmp_path):
    problems = _problems(tmp_path, """        - {id: a, kind: side_goal, title: A, text: Maybe., actions: [pray]}""")
    assert any("needs a main goal" in p for p in problems), problems


def test_a_box_kind_is_one_of_the_rulebooks(tmp_path):
    problems = _problems(tmp_path, """        - {id: a, kind: purple_goal, title: A, text: Do it.}""")
    assert any("kind" in p for p in problems), problems
