"""Bots play the starter pack: over many seeds every haunt starts at least once, and every haunt,
started at once, plays to its end for every player count, without an error or a broken
invariant."""

from __future__ import annotations

from collections import Counter

import pytest
from haunt_driver import play_haunt

from hauntkit.core.ruleset import get_ruleset
from hauntkit.sim.runner import play_game

SEEDS = range(120)


@pytest.fixture(scope="module")
def ruleset():
    return get_ruleset("betrayal")


def test_random_games_start_every_haunt(ruleset, starter) -> None:
    started: Counter[str] = Counter()
    for seed in SEEDS:
        players = 3 + seed % 4
        _game, record = play_game(ruleset, {"players": players}, seed, check_invariants=False)
        if record.stats.get("haunt"):
            started[record.stats["haunt"]] += 1
    never = sorted(set(starter.items["haunts"]) - set(started))
    assert never == [], f"never started in {len(SEEDS)} games: {never}; started: {dict(started)}"


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_haunt_plays_to_its_end(ruleset, starter, players: int) -> None:
    unfinished = []
    for haunt in sorted(starter.items["haunts"]):
        for seed in range(2):
            game, _actions = play_haunt(ruleset, haunt, players, seed, check_invariants=True)
            if game.result() is None:
                unfinished.append((haunt, seed))
    assert unfinished == []
