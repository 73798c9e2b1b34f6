"""The story a page shows is consistent (issue 12, "Log text is consistent: third person,
correct plurals ('1 die'), no Python None anywhere in output"), checked over whole bot games
of every ruleset, as each seat and a spectator read it."""

from __future__ import annotations

import re

import pytest

from hauntkit.bots import get_bot
from hauntkit.core.ruleset import get_ruleset
from hauntkit.sim.runner import play_game

PLAYERS = {"betrayal": 4, "legacy": 4, "beast": 2}
PLACEHOLDER = re.compile(r"\b(None|null|undefined|NaN|True|False)\b|\{|\}|\[\]")
PLURAL = re.compile(r"\b1 (dice|moves this turn|points|spaces|turns|rounds|cards)\b"
                    r"|\b(?:[02-9]|\d\d+) (die|move this turn|point|space|turn|round|card)\b")
SECOND_PERSON = re.compile(r"\b([Yy]ou|[Yy]our|[Yy]ours|[Yy]ourself)\b")
# a card's or a haunt's own words (its intro, the traitor card, the winners' ending), quoted in the
# story, may speak to the players
QUOTED = {"haunt", "traitor_card", "ending"}


@pytest.mark.parametrize("ruleset", sorted(PLAYERS))
def test_the_story_is_in_the_third_person_with_right_plurals(ruleset: str) -> None:
    rs = get_ruleset(ruleset)
    names = sorted({part["name"] for group in rs.catalogue().values() if isinstance(group, dict)
                    for part in group.values() if isinstance(part, dict) and "name" in part},
                   key=len, reverse=True)  # "draws Your Funeral" names a card
    lines = 0
    for seed in range(1, 9):
        game, _ = play_game(rs, {"players": PLAYERS[ruleset]}, seed, get_bot("default", rs))
        for seat in (None, *range(PLAYERS[ruleset])):
            for event in game.view(seat)["log"]:
                text = event.get("text") or ""
                lines += 1
                assert not PLACEHOLDER.search(text), (seed, text)
                assert not PLURAL.search(text), (seed, text)
                if event.get("type") not in QUOTED:
                    told = text
                    for name in names:
                        told = told.replace(name, "")
                    assert not SECOND_PERSON.search(told), (seed, event.get("type"), text)
    assert lines > 500
