"""Every chapter haunt of the campaign keeps its goals in boxes, as the free-play haunts do
(betrayal-legacy-rulebook.md "Learning the Haunt", "Goals (Main and Side)"): a side with goals
has a blue main-goal box for each way it wins, and every action of its book is printed in a
box; an action that wins, or counts toward a win, sits in a main-goal box, and one that only
helps (a side goal, "you may want to do") in a pink side-goal box."""

from __future__ import annotations

from typing import Any

import pytest

from hauntkit.core.ruleset import get_ruleset
from hauntkit.rulesets.legacy.chapters import load_chapters

RS = get_ruleset("legacy")
CHAPTER_HAUNTS = [ch.haunt.haunt for ch in load_chapters() if ch.haunt is not None]


def _effects(node: Any) -> list[dict[str, Any]]:
    """Every effect in a dumped action, nested ones (roll outcomes, choices) included."""
    found: list[dict[str, Any]] = []
    if isinstance(node, dict):
        if "do" in node:
            found.append(node)
        for value in node.values():
            found += _effects(value)
    elif isinstance(node, list):
        for value in node:
            found += _effects(value)
    return found


def _books(haunt: Any) -> list[tuple[str, Any, bool]]:
    """Each side's book, and whether every hero dying wins it for that side."""
    return [("heroes", haunt.heroes, False),
            ("traitor", haunt.traitor_book, bool(haunt.house_wins_if_all_dead))]


def _wins_or_counts(action: Any, win_counters: set[str]) -> bool:
    effects = _effects(action.model_dump(exclude_defaults=True))
    return any(e["do"] == "win" or (e["do"] == "counter" and e.get("name") in win_counters)
               for e in effects)


def test_the_campaign_names_a_haunt_for_every_chapter():
    """The prologue and chapters 1-13 each start a haunt of their own."""
    assert len(CHAPTER_HAUNTS) == 14 and len(set(CHAPTER_HAUNTS)) == 14
    assert all(h in RS.ix.haunts for h in CHAPTER_HAUNTS)


@pytest.mark.parametrize("haunt_id", CHAPTER_HAUNTS)
def test_each_side_of_a_chapter_haunt_has_its_goals_in_boxes(haunt_id: str):
    """betrayal-legacy-rulebook.md "Goals (Main and Side)": each goal has its own box; blue
    boxes are main goals. Every book of a chapter haunt that has goals has boxes, with a main
    goal box for each way that side wins (each win condition, and every hero dying for the
    traitor's side); side-goal boxes where the book has an action that only helps."""
    haunt = RS.ix.haunts[haunt_id]
    for side, book, all_dead_wins in _books(haunt):
        if not (book.goals or book.win or all_dead_wins):
            continue
        kinds = [b.kind for b in book.boxes]
        assert "main_goal" in kinds, f"{haunt_id}: the {side}' book has no main goal box"
        ways_to_win = len(book.win) + int(all_dead_wins)
        assert kinds.count("main_goal") >= ways_to_win, (haunt_id, side, kinds)
        counters = {name for w in book.win for name in (w.counter_at_least or {})}
        helpers = [a.id for a in book.actions if not _wins_or_counts(a, counters)]
        side_boxes = {a for b in book.boxes if b.kind == "side_goal" for a in b.actions}
        assert set(helpers) <= side_boxes, (haunt_id, side, helpers)


@pytest.mark.parametrize("haunt_id", sorted(RS.ix.haunts))
def test_every_action_of_a_boxed_book_is_printed_in_the_right_box(haunt_id: str):
    """betrayal-legacy-rulebook.md "Learning the Haunt" (read your side's boxes) and "Goals
    (Main and Side)" (main goals you must do, side goals you may want to do): in every Legacy
    haunt whose book has boxes, each action of the book is in one box, a main goal box when it
    wins or counts toward a win, a side goal box otherwise."""
    haunt = RS.ix.haunts[haunt_id]
    for side, book, _ in _books(haunt):
        if not book.boxes:
            continue
        where = {a: b.kind for b in book.boxes for a in b.actions}
        counters = {name for w in book.win for name in (w.counter_at_least or {})}
        for action in book.actions:
            assert action.id in where, f"{haunt_id}: {side}' action {action.id} is in no box"
            wins = _wins_or_counts(action, counters)
            assert where[action.id] == ("main_goal" if wins else "side_goal"), \
                (haunt_id, side, action.id, where[action.id])
