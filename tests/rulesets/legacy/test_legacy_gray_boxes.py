"""The traitor's gray boxes of a hidden-traitor haunt (betrayal-legacy-rulebook.md
"Hidden Traitor / The Traitor": "Gray boxes show up in haunts with a hidden or unknown traitor.
This information is public, but only relevant to the traitor"): every seat, and a spectator,
reads the same gray boxes, and a hero's view is the same whichever other player the hidden
traitor is."""

from __future__ import annotations

from typing import Any

import pytest

from hauntkit.core.game import Game
from hauntkit.core.ruleset import get_ruleset

RS = get_ruleset("legacy")
FAMILIES = ["ashdown", "crowley", "hartwell", "mercer"]
HIDDEN = [h.id for h in RS.ix.haunts.values() if h.traitor.rule == "hidden"]

# Ashdown's Sanity is 4 dice: 2+2+1+0 = 5, a candle catches; then two turns end
STEPS: list[tuple[int, dict[str, Any], list[int]]] = [
    (0, {"type": "haunt_action", "id": "light"}, [2, 2, 1, 0]),
    (0, {"type": "end_turn"}, []),
    (1, {"type": "end_turn"}, []),
]


def _game(haunt: str, traitor: int) -> Game:
    g = Game.new(RS, {"players": 4, "families": FAMILIES}, 5)
    RS.apply_setup(g.state, {"haunt": {"id": haunt, "revealer": 0, "traitor": traitor},
                             "explorers": {"0": {"room": "entrance_hall"}}})
    return g


def test_there_is_a_hidden_traitor_haunt_with_gray_boxes():
    """The legacy pack has a hidden-traitor haunt whose traitor's book has boxes to show."""
    assert HIDDEN
    assert all(RS.ix.haunts[h].traitor_book.boxes for h in HIDDEN)


@pytest.mark.parametrize("haunt", HIDDEN)
def test_every_seat_reads_the_same_gray_boxes(haunt: str):
    """betrayal-legacy-rulebook.md "Hidden Traitor / The Traitor": the gray boxes are public.
    Each hero, the hidden traitor and a spectator read the same boxes, all gray, one for each
    box of the traitor's book."""
    g = _game(haunt, 2)
    shown = [g.view(seat)["haunt"]["traitor_boxes"] for seat in (0, 1, 2, 3, None)]
    assert all(boxes == shown[0] for boxes in shown)
    assert [b["title"] for b in shown[0]] == [b.title for b in RS.ix.haunts[haunt].traitor_book.boxes]
    assert {b["colour"] for b in shown[0]} == {"gray"}
    assert g.view(2)["haunt"]["book"]["boxes"] == shown[0]


def test_the_heroes_views_do_not_say_who_the_traitor_is():
    """betrayal-legacy-rulebook.md "Hidden Traitor / The Traitor" (public, but only relevant to
    the traitor) and "Hidden Traitor" (the identity is secret): with the same play, the first
    player's view is the same whether the second, third or fourth player is the hidden traitor,
    at the haunt's start and after each step."""
    seen: dict[int, list[dict[str, Any]]] = {}
    for traitor in (1, 2, 3):
        g = _game("the_changeling", traitor)
        views = [g.view(0)]
        for seat, action, dice in STEPS:
            g.state["rng"]["script"].extend(dice)
            g.act(seat, action)
            views.append(g.view(0))
        assert views[1]["haunt"]["counters"] == {"candles": 1}
        assert views[0]["haunt"]["traitor_boxes"][0]["colour"] == "gray"
        seen[traitor] = views
    assert seen[1] == seen[2] == seen[3]
