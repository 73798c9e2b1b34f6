"""Haunt-book reactions: ``on_death`` effects of the side whose explorer died (docs/content.md
"reactions"; RULING HB-14 for ``prevents_death``; HB-20 for the reactions of the dead)."""

from __future__ import annotations

from pathlib import Path

from betrayal_helpers import CHARS, dice

from hauntkit.core.game import Game
from hauntkit.rulesets.betrayal import BetrayalRuleset

# The reported haunt (The Smuggler's Cargo) with no win condition but the reaction.
_HAUNT = """\
ruleset: betrayal
haunts:
  - id: smugglers_cargo
    replace: true
    number: 14
    name: The Smuggler's Cargo, cut down
    intro: A test haunt whose only way to end is the traitor's death.
    traitor: {rule: revealer}
    heroes:
      book: Kill the traitor.
    traitor_book:
      book: Survive.
      reactions:
        - when: on_death
          text: If you die, the heroes win.
          effects:
            - {do: counter, name: traitor_fell}
            - {do: win, side: heroes}
"""


def _game(tmp_path: Path, write: bool = True) -> Game:
    if write:
        (tmp_path / "cargo.yaml").write_text(_HAUNT)
    rs = BetrayalRuleset.from_content([tmp_path])
    g = Game.new(rs, {"players": 3, "characters": CHARS[:3]}, 1)
    rs.apply_setup(g.state, {
        "haunt": {"id": "smugglers_cargo", "revealer": 2, "traitor": 2},
        "explorers": {"0": {"trait_index": {"might": 7}},
                      "2": {"room": "entrance_hall", "trait_index": {"might": 0, "speed": 0}}},
        "turn": {"seat": 0}})
    return g


def _kill_traitor(g: Game) -> None:
    """Seat 0 attacks the traitor (seat 2) and deals far more physical damage than it has."""
    dice(g, *[2] * 6, *[0] * 8)
    g.act(0, {"type": "attack", "target": 2, "weapon": None})
    while g.state["choice"] is not None and g.state["result"] is None:
        ch = g.state["choice"]
        g.act(ch["seat"], next(o for o in ch["opts"] if o["type"] != "steal"))
    assert not g.state["explorers"][2]["alive"]


def test_traitor_on_death_win_reaction_ends_the_game(tmp_path):
    """docs/content.md (reactions): a ``{do: win, side: heroes}`` in the traitor's ``on_death``
    makes killing the traitor a goal; RULING HB-20: the reaction runs although its explorer
    is dead."""
    g = _game(tmp_path)
    _kill_traitor(g)
    assert g.state["counters"].get("traitor_fell") == 1
    assert g.state["result"] is not None
    assert g.state["result"]["winner"] == "heroes"
    assert g.legal_actions(0) == []


_NESTED = """\
ruleset: betrayal
haunts:
  - id: smugglers_cargo
    replace: true
    number: 14
    name: The Smuggler's Cargo, second death
    intro: A test haunt where the heroes win on the traitor's second death only.
    traitor: {rule: revealer}
    heroes:
      book: Kill the traitor twice.
    traitor_book:
      book: Survive.
      reactions:
        - when: on_death
          effects:
            - {do: counter, name: traitor_fell}
            - do: if
              cond: {counter_at_least: {traitor_fell: 2}}
              then: [{do: win, side: heroes}]
              else: [{do: counter, name: spared}]
"""


def test_on_death_reaction_nested_effects_run_for_the_dead(tmp_path):
    """RULING HB-20: effects an ``on_death`` reaction pushes (an ``if`` branch) also run after
    the explorer is gone; a branch without ``win`` leaves the game going."""
    (tmp_path / "cargo.yaml").write_text(_NESTED)
    first = _game(tmp_path, write=False)
    _kill_traitor(first)
    assert first.state["counters"] == {"traitor_fell": 1, "spared": 1}
    assert first.state["result"] is None
    second = _game(tmp_path, write=False)
    second.state["counters"]["traitor_fell"] = 1  # the haunt's memory: a death before
    _kill_traitor(second)
    assert "spared" not in second.state["counters"]
    assert second.state["result"]["winner"] == "heroes"
