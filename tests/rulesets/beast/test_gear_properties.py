"""The conformance suite and random play with full gear (issue 10): every gear action drawn
from legal_actions is accepted, never breaks an invariant, replays exactly, round-trips
through JSON and keeps views free of hidden information (hauntkit.testing.check_ruleset)."""

from __future__ import annotations

from beastkit import random_play

from hauntkit.core import Game
from hauntkit.core.ruleset import get_ruleset
from hauntkit.testing import check_ruleset
from hauntkit.testing.conformance import examples

FULL = {"loadout": "full"}


def test_beast_with_full_gear_conforms():
    check_ruleset(get_ruleset("beast"), [FULL, {**FULL, "players": 2},
                                         {"loadout": {"blake": "bruiser", "fei": "occultist"},
                                          "hunters": ["blake", "fei"]}],
                  max_examples=examples(10), max_actions=120)


def test_random_full_gear_battles_keep_invariants_and_use_the_gear(rs):
    used: set[str] = set()
    for seed in range(6):
        game = Game.new(rs, {**FULL, "players": 2, "map": ["alley", "crypt", "mill",
                                                           "manor"][seed % 4]}, seed)
        used |= random_play(rs, game, seed, 1500)
    # weapons, bombs, traps, healing, ammo, lights and a Dybbuk box all came up
    assert {"colt_python", "halberd", "gear-pipe_bomb", "gear-net_trap",
            "gear-stim_pack", "gear-incendiary_ammo", "gear-flash_light"} <= used
