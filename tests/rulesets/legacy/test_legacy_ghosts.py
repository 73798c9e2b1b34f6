"""Ghosts come only to circles (rulebook "Ghosts"; RULING HL-27): content that would put a
ghost token anywhere is refused when the pack loads."""

from __future__ import annotations

import pytest

from hauntkit.core.errors import ContentError
from hauntkit.rulesets.legacy.ruleset import LegacyRuleset


def test_a_placed_ghost_token_is_refused(tmp_path):
    (tmp_path / "bad.yaml").write_text("""ruleset: legacy
cards:
  - id: haunting_wail
    name: Haunting Wail
    kind: event
    on_draw: [{do: place, token: ghost, where: here}]
""")
    with pytest.raises(ContentError) as err:
        LegacyRuleset.from_content([str(tmp_path)])
    assert any("ghost_arrives" in str(p) for p in err.value.problems), err.value.problems


def test_ghost_arrives_in_a_room_names_a_known_room(tmp_path):
    (tmp_path / "bad.yaml").write_text("""ruleset: legacy
cards:
  - id: haunting_wail
    name: Haunting Wail
    kind: event
    on_draw: [{do: ghost_arrives, where: room, room: no_such_room}]
""")
    with pytest.raises(ContentError) as err:
        LegacyRuleset.from_content([str(tmp_path)])
    assert any("no_such_room" in str(p) for p in err.value.problems), err.value.problems
