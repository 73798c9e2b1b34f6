"""The conformance suite and random play with every item issue 10's last notes were about
(RULINGS HR-100..HR-103), against the foes they name (Nosferatu, Shade, Vampire Spawn): every
action drawn from legal_actions is accepted, keeps the invariants, replays exactly and
round-trips (hauntkit.testing.check_ruleset)."""

from __future__ import annotations

from beastkit import random_play

from hauntkit.core import Game
from hauntkit.core.ruleset import get_ruleset
from hauntkit.testing import check_ruleset
from hauntkit.testing.conformance import examples

KITS = {
    "michael": ["silver_stake", "night_vision_goggles", "thiefs_glove", "wicked_pencil"],
    "tamara": ["rain_stick", "philosophers_dust", "crones_finger", "broken_phylactery",
               "flood_light"],
    "blake": ["holy_ash_stake", "exorcists_cross", "caltrops", "dummies_guide_plus"],
    # relics go to hunters with the Occult skill ("Relics"): Tamara and Cassandra
    "cassandra": ["constantines_lighter", "pyromaniacs_lantern", "bugs_in_a_box",
                  "gothic_bell", "rule_book"],
}
CONFIG = {"hunters": list(KITS), "enemies": ["nosferatu", "shade", "vampire-spawn"],
          "loadout": KITS}


def test_beast_with_the_newly_modelled_gear_conforms():
    check_ruleset(get_ruleset("beast"), [CONFIG, {**CONFIG, "map": "crypt"}],
                  max_examples=examples(6), max_actions=150)


def test_random_battles_with_the_newly_modelled_gear_use_it(rs):
    used: set[str] = set()
    for seed in range(17):  # enough random battles on these maps for every item to be used
        game = Game.new(rs, {**CONFIG, "map": ["alley", "crypt", "mill"][seed % 3]}, seed)
        used |= random_play(rs, game, seed, 1200)
    assert {"gear-gothic_bell", "gear-wicked_pencil", "steal", "silver_stake",
            "gear-crones_finger"} <= used
