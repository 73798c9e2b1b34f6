"""Ghosts come only to circles (rulebook "Ghosts"; RULING HL-27): content that would put a
ghost token anywhere is refused when the pack loads."""

from __future__ import annotations

import pytest

from hauntkit.core.errors import ContentError
from hauntkit.rulesets.legacy.ruleset import LegacyRuleset


def _problems_of_event(tmp_path, on_draw: str) -> list:
    """The load problems of a pack with one event card whose ``on_draw`` is given."""
    (tmp_path / "bad.yaml").write_text(f"""ruleset: legacy
cards:
  - id: haunting_wail
    name: Haunting Wail
    kind: event
    on_draw: {on_draw}
""")
    with pytest.raises(ContentError) as err:
        LegacyRuleset.from_content([str(tmp_path)])
    return list(err.value.problems)


def test_a_placed_ghost_token_is_refused(tmp_path):
    problems = _problems_of_event(tmp_path, "[{do: place, token: ghost, where: here}]")
    assert any("ghost_arrives" in str(p) for p in problems), problems


def test_ghost_arrives_in_a_room_names_a_known_room(tmp_path):
    problems = _problems_of_event(
        tmp_path, "[{do: ghost_arrives, where: room, room: no_such_room}]")
    assert any("no_such_room" in str(p) for p in problems), problems
