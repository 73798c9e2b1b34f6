"""Gear of Riddle of the Beast (rules: "Arsenals", "Gear and Equipment", "Gear Shop",
"Relics"): its content, loadouts and their numbers, the shop, and what gear does in battle."""
