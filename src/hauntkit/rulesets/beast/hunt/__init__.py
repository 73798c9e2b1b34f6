"""A hunt of Riddle of the Beast (docs/hunt.md; rules: "Loot Table", "Mystery Table", "Renown
vs. Infamy", "Bounties (Joe)"): its content, the party, each leg's phases (shop, investigate,
battle, loot, mystery, rest), Renown and Infamy, and the campaign it makes."""
